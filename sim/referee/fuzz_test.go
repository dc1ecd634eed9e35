package referee

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// FuzzStep feeds arbitrary packets (and robot states) to the referee: it
// must never panic, and the score must stay finite and ≥ 0 (docs/erebus-rules.md §2.4).
//
// Each chunk of the input is: a control byte (bit 0 moving, bit 1 in a
// hole, bits 2–4 the robot's place, bits 5–7 the step length), a length
// byte (mod 48; 0 = no packet) and that many packet bytes.
func FuzzStep(f *testing.F) {
	w := testWorld()
	w.GameTime = 60
	rep, _ := comms.Encode(comms.Report{X: -24, Z: -6, Type: 'H'})
	mapPkt, _ := comms.Encode(comms.Map{Cells: world.Answer(w)})
	small, _ := comms.Encode(comms.Map{Cells: [][]string{{"5", "0"}}})
	seed := func(chunks ...[]byte) []byte {
		var b []byte
		for _, c := range chunks {
			b = append(b, c...)
		}
		return b
	}
	pkt := func(ctl byte, p []byte) []byte {
		if len(p) >= 48 {
			return append([]byte{ctl, 0}, p...) // too long for one chunk
		}
		return append([]byte{ctl, byte(len(p))}, p...)
	}
	f.Add(seed(pkt(0, nil), pkt(0xe0, nil), pkt(0xe0, rep)))
	f.Add(seed(pkt(0, small), pkt(0, []byte{'M'}), pkt(0x20, []byte{'E'})))
	f.Add(seed(pkt(0, []byte{'G'}), pkt(1, []byte{'L'}), pkt(2, nil), pkt(0xe0, []byte{'X'})))
	f.Add(seed(pkt(0x04, nil), pkt(0x24, []byte{'h'}), pkt(0xe4, []byte{0xff}), pkt(0, []byte{1, 0, 0, 0, 1, 0, 0, 0})))
	f.Add(mapPkt)

	places := []geom.Vec2{
		add(signAt(0, 1), inFrontOff), add(signAt(1, 1), inFrontOff), add(signAt(2, 0), inFrontOff),
		center(tileBox(0, 0)), center(tileBox(1, 0)), center(tileBox(2, 1)), {X: 5, Z: 5},
		{X: math.NaN(), Z: math.Inf(1)},
	}
	dts := []float64{0.016, 0.016, 0.5, 1, 5, 20, 0, -1}

	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := New(w, Config{})
		if err != nil {
			t.Fatal(err)
		}
		now := 0.0
		for len(data) >= 2 {
			ctl, n := data[0], int(data[1]%48)
			data = data[2:]
			if n > len(data) {
				n = len(data)
			}
			var p []byte
			if n > 0 {
				p = data[:n]
			}
			data = data[n:]
			dt := dts[ctl>>5]
			now += dt
			in := Input{Time: now, Dt: dt, Pos: places[(ctl>>2)&7], Y: world.FloorY, Packet: p, RealElapsed: now}
			if ctl&1 != 0 {
				in.Velocity[0] = 0.1
			}
			if ctl&2 != 0 {
				in.Y = -0.1
			}
			wasEnded := r.Ended()
			before := r.Score()
			nEvents := len(r.Events())
			out := r.Step(in)
			s := r.Score()
			if math.IsNaN(s) || math.IsInf(s, 0) || s < 0 {
				t.Fatalf("score %v", s)
			}
			if out.Ended != r.Ended() {
				t.Fatalf("Output.Ended %v, Ended() %v", out.Ended, r.Ended())
			}
			if wasEnded && (!out.Ended || s != before || len(r.Events()) != nEvents || out.Relocate != nil || len(out.Send) != 0) {
				t.Fatal("a step after the end changed something")
			}
			for _, b := range out.Send {
				if _, err := comms.DecodeSupervisor(b); err != nil {
					t.Fatalf("sent undecodable packet % x: %v", b, err)
				}
			}
			if sum := r.Summary(); sum.Score != s || sum.Ended != r.Ended() {
				t.Fatalf("summary %+v disagrees with Score %v", sum, s)
			}
		}
	})
}
