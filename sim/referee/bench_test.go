package referee

import (
	"testing"

	"github.com/rescuekit/rescuekit/sim/world"
)

// BenchmarkStep measures one supervisor step: a moving robot without a
// packet, and a stopped robot sending a (misidentified) report every step.
func BenchmarkStep(b *testing.B) {
	w := testWorld()
	w.GameTime = 1 << 30
	rep := []byte{0, 0, 0, 0, 0, 0, 0, 0, 'H'} // a report at (0, 0)
	for _, bc := range []struct {
		name   string
		packet []byte
		vel    [6]float64
	}{
		{"moving", nil, [6]float64{0.1}},
		{"report", rep, [6]float64{}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			r, err := New(w, Config{})
			if err != nil {
				b.Fatal(err)
			}
			in := Input{Dt: 0.016, Pos: tileCenter(1, 1), Y: world.FloorY, Velocity: bc.vel, Packet: bc.packet}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				in.Time += 0.016
				r.Step(in)
				if i%1000 == 999 { // keep the stop timer below the 20 s LoP
					in.Velocity[0] = 1
					r.Step(in)
					in.Velocity = bc.vel
				}
			}
		})
	}
}
