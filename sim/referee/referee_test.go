package referee

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// rep is one report: the robot stands at the sign + robotOff, still for
// `stopped` seconds, and reports letter at the sign + estOff.
type rep struct {
	sign     int
	robotOff geom.Vec2
	estOff   geom.Vec2
	letter   byte
	stopped  float64
}

var (
	inFrontOff = geom.Vec2{Z: 0.05} // in front (+Z side), 5 cm away
	noOff      = geom.Vec2{}
)

func TestReports(t *testing.T) {
	cases := []struct {
		name string
		rule string
		reps []rep
		want []float64 // score after each report
		// found lists the signs found at the end.
		found []int
		misid int
	}{
		{"still 0.98 s: ignored, no penalty", "§1.2, §1.3",
			[]rep{{sV1, inFrontOff, noOff, 'H', 0.98}}, []float64{0}, nil, 0},
		{"still 1.0 s: scores", "§1.2, §1.3",
			[]rep{{sV1, inFrontOff, noOff, 'H', 1.0}}, []float64{10 + 15}, []int{sV1}, 0},
		{"not stopped: wrong report ignored, no penalty", "§1.2",
			[]rep{{sV1, geom.Vec2{Z: 0.5}, geom.Vec2{Z: 0.5}, 'H', 0}}, []float64{0}, nil, 0},
		{"robot 0.089 m away scores", "§1.3 a",
			[]rep{{sV1, geom.Vec2{Z: 0.089}, noOff, 'H', 1}}, []float64{25}, []int{sV1}, 0},
		{"robot 0.091 m away: misidentification", "§1.3 a",
			[]rep{{sV1, geom.Vec2{Z: 0.091}, noOff, 'H', 1}}, []float64{0}, nil, 1},
		{"robot exactly 0.09 m away scores (<=)", "§1.3 a",
			[]rep{{sH2, geom.Vec2{Z: 0.09}, noOff, 'O', 1}}, []float64{(20 + 10) * 1.5}, []int{sH2}, 0},
		{"estimate exactly 0.09 m off scores (<=)", "§1.3 b",
			[]rep{{sH2, inFrontOff, geom.Vec2{X: 0.09}, 'O', 1}}, []float64{45}, []int{sH2}, 0},
		{"estimate 8 cm off scores", "§1.3 b",
			[]rep{{sV1, inFrontOff, geom.Vec2{X: 0.08}, 'H', 1}}, []float64{25}, []int{sV1}, 0},
		{"estimate 10 cm off: misidentification", "§1.3 b",
			[]rep{{sV1, inFrontOff, geom.Vec2{X: 0.10}, 'H', 1}}, []float64{0}, nil, 1},
		{"from behind the wall: misidentification", "§1.3 c",
			[]rep{{sV1, geom.Vec2{Z: -0.03}, noOff, 'H', 1}}, []float64{0}, nil, 1},
		{"robot level with the wall (90°): misidentification", "§1.3 c",
			[]rep{{sV1, geom.Vec2{X: 0.05}, noOff, 'H', 1}}, []float64{0}, nil, 1},
		{"same sign twice: second is −5", "§1.3 d",
			[]rep{{sV1, inFrontOff, noOff, 'H', 1}, {sV1, inFrontOff, noOff, 'H', 1}},
			[]float64{25, 20}, []int{sV1}, 1},
		{"wrong letter, same category: worth·m only", "§1.3",
			[]rep{{sV1, inFrontOff, noOff, 'S', 1}}, []float64{15}, []int{sV1}, 0},
		{"lower-case letter is correct", "§1.3",
			[]rep{{sV1, inFrontOff, noOff, 'h', 1}}, []float64{25}, []int{sV1}, 0},
		{"unknown letter searches victims, worth·m only", "§1.3",
			[]rep{{sV1, inFrontOff, noOff, 'Q', 1}}, []float64{15}, []int{sV1}, 0},
		{"victim reported as hazard: misidentification", "§1.3",
			[]rep{{sV1, inFrontOff, noOff, 'F', 1}}, []float64{0}, nil, 1},
		{"hazard: bonus 20, area 3 ×1.5", "§1.3",
			[]rep{{sH1, inFrontOff, noOff, 'F', 1}}, []float64{(20 + 30) * 1.5}, []int{sH1}, 0},
		{"hazard lower-case letter", "§1.3",
			[]rep{{sH1, inFrontOff, noOff, 'f', 1}}, []float64{75}, []int{sH1}, 0},
		{"hazard wrong letter: worth·m only", "§1.3",
			[]rep{{sH1, inFrontOff, noOff, 'C', 1}}, []float64{45}, []int{sH1}, 0},
		{"hazard reported as victim: misidentification", "§1.3",
			[]rep{{sH1, inFrontOff, noOff, 'H', 1}}, []float64{0}, nil, 1},
		{"area 2 ×1.25", "§1.3 ROOM_MULT",
			[]rep{{sV2, inFrontOff, noOff, 'S', 1}}, []float64{(10 + 15) * 1.25}, []int{sV2}, 0},
		{"area 4 ×2", "§1.3 ROOM_MULT",
			[]rep{{sV3, inFrontOff, noOff, 'U', 1}}, []float64{(10 + 5) * 2}, []int{sV3}, 0},
		{"tie at the same spot: first in group order", "§1.3 argmin",
			[]rep{{sV2, inFrontOff, noOff, 'H', 1}}, []float64{15 * 1.25}, []int{sV2}, 0},
		{"tied sign found: next report takes the other", "§1.3 d, argmin",
			[]rep{{sV2, inFrontOff, noOff, 'S', 1}, {sV2, inFrontOff, noOff, 'H', 1}},
			[]float64{31.25, 31.25 + (10+5)*1.25}, []int{sV2, sV4}, 0},
		{"clamped at 0, then counts from 0", "§2.4",
			[]rep{{sV1, geom.Vec2{Z: 0.2}, noOff, 'H', 1}, {sV1, inFrontOff, noOff, 'H', 1}},
			[]float64{0, 25}, []int{sV1}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name+" ("+tc.rule+")", func(t *testing.T) {
			w := testWorld()
			d := newDriver(t, w, Config{})
			for i, rp := range tc.reps {
				s := w.Signs[rp.sign].Pos
				t0 := d.moveTo(add(s, rp.robotOff))
				if rp.stopped == 0 {
					d.moving = true
				}
				d.send(t0, rp.stopped, reportAt(t, add(s, rp.estOff), rp.letter))
				if got := d.r.Score(); !near(got, tc.want[i]) {
					t.Fatalf("score after report %d = %v, want %v; events %+v", i, got, tc.want[i], d.r.Events())
				}
			}
			if got := d.r.Summary().Misidentifications; got != tc.misid {
				t.Errorf("misidentifications = %d, want %d", got, tc.misid)
			}
			for i := range w.Signs {
				want := false
				for _, f := range tc.found {
					want = want || f == i
				}
				if got := d.r.signs[i].found; got != want {
					t.Errorf("sign %s found = %v, want %v", w.Signs[i].Name, got, want)
				}
			}
			if w.Signs[sV1].Found {
				t.Error("the referee modified the world's signs")
			}
		})
	}
}

func TestReportSummaryAndEvents(t *testing.T) {
	w := testWorld()
	d := newDriver(t, w, Config{})
	s := w.Signs[sH1].Pos
	t0 := d.moveTo(add(s, inFrontOff))
	d.send(t0, 1, reportAt(t, s, 'F'))
	t0 = d.moveTo(add(w.Signs[sV1].Pos, inFrontOff))
	d.send(t0, 1, reportAt(t, w.Signs[sV1].Pos, 'U')) // wrong type
	d.send(t0, 2, reportAt(t, w.Signs[sV1].Pos, 'H')) // again: −5
	sum := d.r.Summary()
	if sum.SignsCorrectType != 1 || sum.SignsWrongType != 1 || sum.HazardsFound != 1 || sum.VictimsFound != 1 {
		t.Errorf("summary signs = %+v", sum)
	}
	if sum.Misidentifications != 1 || !near(sum.PenaltyPoints, -5) || !near(sum.SignPoints, 75+15) {
		t.Errorf("summary points = %+v", sum)
	}
	if !near(sum.Score, 85) || !near(d.r.Score(), 85) {
		t.Errorf("score = %v / %v, want 85", sum.Score, d.r.Score())
	}
	for _, what := range []string{
		"Successful Hazard Type Correct Bonus", "Successful Hazard Identification",
		"Successful Victim Identification", "Misidentification of Victim",
	} {
		if !hasEvent(d.r.Events(), what) {
			t.Errorf("no event %q in %+v", what, d.r.Events())
		}
	}
	var total float64
	for _, e := range d.r.Events() {
		total += e.Points
	}
	if !near(total, 85) {
		t.Errorf("event points sum to %v, want 85", total)
	}
}

func TestUnknownCommand(t *testing.T) {
	cases := []struct {
		name    string
		rule    string
		stopped float64
		moving  bool
		crash   bool
	}{
		{"while moving: ignored", "§1.2", 0, true, false},
		{"stopped 0.5 s: ignored", "§1.2", 0.5, false, false},
		{"stopped 1 s: supervisor crashes, game over", "§1.2 quirk", 1, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name+" ("+tc.rule+")", func(t *testing.T) {
			w := testWorld()
			d := newDriver(t, w, Config{})
			t0 := d.moveTo(tileCenter(1, 0)) // checkpoint: +12.5
			d.moving = tc.moving
			out := d.send(t0, tc.stopped, []byte{'X'})
			if out.Ended != tc.crash || d.r.Ended() != tc.crash {
				t.Fatalf("ended = %v, want %v", out.Ended, tc.crash)
			}
			sum := d.r.Summary()
			if tc.crash {
				if sum.EndReason != EndCrash || !hasEvent(d.r.Events(), string(EndCrash)) {
					t.Errorf("summary %+v, events %+v", sum, d.r.Events())
				}
			}
			if !near(sum.Score, 12.5) {
				t.Errorf("score = %v, want 12.5", sum.Score)
			}
		})
	}
}

func TestCheckpointsAndSwamps(t *testing.T) {
	type visit struct {
		p  geom.Vec2
		dt float64
	}
	cases := []struct {
		name     string
		rule     string
		visits   []visit
		want     float64
		cps      int
		gameTime float64
	}{
		{"start tile is pre-registered: no points", "§2.3 1",
			[]visit{{tileCenter(0, 0), 1}}, 0, 0, 1},
		{"checkpoint area 2: +10·1.25", "§2.3 1",
			[]visit{{tileCenter(1, 0), 1}}, 12.5, 1, 1},
		{"checkpoint area 4: +10·2", "§2.3 1",
			[]visit{{tileCenter(3, 1), 1}}, 20, 1, 1},
		{"first visit only", "§2.3 1",
			[]visit{{tileCenter(1, 0), 1}, {tileCenter(0, 0), 1}, {tileCenter(1, 0), 1}}, 12.5, 1, 3},
		{"box is inclusive: the corner counts", "§2.3 1",
			[]visit{{tileBox(1, 0).Min, 1}}, 12.5, 1, 1},
		{"just outside the box: nothing", "§2.3 1",
			[]visit{{geom.Vec2{X: tileCenter(3, 1).X, Z: tileBox(3, 1).Min.Z - 1e-9}, 1}}, 0, 0, 1},
		{"swamp: clock ×5", "§2.1, §2.3 2",
			[]visit{{tileCenter(2, 1), 1}}, 0, 0, 5},
		{"swamp then floor", "§2.1",
			[]visit{{tileCenter(2, 1), 0.5}, {tileCenter(0, 0), 0.5}}, 0, 0, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name+" ("+tc.rule+")", func(t *testing.T) {
			d := newDriver(t, testWorld(), Config{})
			d.moving = true
			for _, v := range tc.visits {
				d.pos = v.p
				d.stepTo(d.time+v.dt, nil)
			}
			sum := d.r.Summary()
			if !near(sum.Score, tc.want) || sum.Checkpoints != tc.cps || !near(sum.CheckpointPoints, tc.want) {
				t.Errorf("score %v, checkpoints %d (%v points); want %v, %d", sum.Score, sum.Checkpoints, sum.CheckpointPoints, tc.want, tc.cps)
			}
			if !near(sum.GameTime, tc.gameTime) {
				t.Errorf("game time = %v, want %v", sum.GameTime, tc.gameTime)
			}
		})
	}
}

func TestLackOfProgress(t *testing.T) {
	start := center(tileBox(0, 0))
	cp := center(tileBox(1, 0))
	away := tileCenter(2, 0)
	cases := []struct {
		name    string
		rule    string
		cfg     Config
		visitCP bool
		stopped float64 // seconds still at `away`, one step
		y       float64
		packet  []byte
		// want
		relocTo   *geom.Vec2
		score     float64 // after the checkpoint's 12.5 if visited
		automatic int
		requested int
	}{
		{"still 19.99 s: nothing", "§2.3 4", Config{}, false, 19.99, world.FloorY, nil, nil, 0, 0, 0},
		{"still 20 s: relocated to the start tile, 'L', −5", "§2.3 4, §1.5", Config{}, false, 20, world.FloorY, nil, &start, 0, 1, 0},
		{"still 20 s after a checkpoint: relocated there", "§2.3 4, §1.5", Config{}, true, 20, world.FloorY, nil, &cp, 7.5, 1, 0},
		{"still 20 s, LoP disabled: nothing", "§2.3 4", Config{DisableLoP: true}, true, 20, world.FloorY, nil, nil, 12.5, 0, 0},
		{"fell into a hole: relocated, −5", "§2.3 4", Config{}, true, 0.5, -0.05, nil, &cp, 7.5, 1, 0},
		{"y −0.035 exactly is not a hole", "§2.3 4", Config{}, true, 0.5, -0.035, nil, nil, 12.5, 0, 0},
		{"hole, LoP disabled: nothing", "§2.3 4", Config{DisableLoP: true}, true, 0.5, -0.05, nil, nil, 12.5, 0, 0},
		{"'L' from the robot: relocated, −5", "§1.5", Config{}, true, 0, world.FloorY, cmd(comms.LackOfProgress), &cp, 7.5, 0, 1},
		{"'L' from the robot with LoP disabled still works", "§1.5", Config{DisableLoP: true}, false, 0, world.FloorY, cmd(comms.LackOfProgress), &start, 0, 0, 1},
		{"'L' while in a hole: relocated once", "§1.5, §2.3 4", Config{}, true, 0.5, -0.05, cmd(comms.LackOfProgress), &cp, 7.5, 0, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name+" ("+tc.rule+")", func(t *testing.T) {
			d := newDriver(t, testWorld(), Config{})
			d.r.cfg = tc.cfg
			if tc.visitCP {
				d.moveTo(cp)
			}
			t0 := d.moveTo(away)
			d.y = tc.y
			out := d.send(t0, tc.stopped, tc.packet)
			switch {
			case tc.relocTo == nil && out.Relocate != nil:
				t.Errorf("relocated to %+v, want no relocation", *out.Relocate)
			case tc.relocTo != nil && out.Relocate == nil:
				t.Errorf("not relocated, want %+v", *tc.relocTo)
			case tc.relocTo != nil:
				if out.Relocate.Pos != *tc.relocTo || out.Relocate.Yaw != 0 {
					t.Errorf("relocated to %+v, want %+v yaw 0", *out.Relocate, *tc.relocTo)
				}
				if len(out.Send) != 1 || string(out.Send[0]) != "L" {
					t.Errorf("sent %q, want exactly one \"L\"", out.Send)
				}
			}
			if tc.relocTo == nil && len(out.Send) != 0 {
				t.Errorf("sent %q, want nothing", out.Send)
			}
			sum := d.r.Summary()
			if !near(sum.Score, tc.score) || sum.LoPAutomatic != tc.automatic || sum.LoPRequested != tc.requested {
				t.Errorf("score %v auto %d requested %d; want %v %d %d", sum.Score, sum.LoPAutomatic, sum.LoPRequested, tc.score, tc.automatic, tc.requested)
			}
		})
	}
}

// TestStopTimerResets checks that the stop timer restarts after a
// relocation and when the robot moves (docs/erebus-rules.md §1.2, §1.5, §2.3).
func TestStopTimerResets(t *testing.T) {
	w := testWorld()
	t.Run("reset after a disabled 20 s LoP: report at 20.5 s ignored (§2.3 4)", func(t *testing.T) {
		d := newDriver(t, w, Config{DisableLoP: true})
		t0 := d.moveTo(add(w.Signs[sV1].Pos, geom.Vec2{Z: 0.5})) // far: a report would be −5
		d.stepTo(t0+20, nil)
		d.send(t0, 20.5, reportAt(t, w.Signs[sV1].Pos, 'H'))
		if d.r.Summary().Misidentifications != 0 {
			t.Errorf("report processed; events %+v", d.r.Events())
		}
		d.send(t0, 21.5, reportAt(t, w.Signs[sV1].Pos, 'H'))
		if d.r.Summary().Misidentifications != 1 {
			t.Errorf("report after 1 s more not processed; events %+v", d.r.Events())
		}
	})
	t.Run("moving one step restarts the count (§1.2)", func(t *testing.T) {
		d := newDriver(t, w, Config{})
		t0 := d.moveTo(add(w.Signs[sV1].Pos, inFrontOff))
		d.stepTo(t0+5, nil)
		d.moving = true
		d.stepTo(t0+5.5, nil)
		d.moving = false
		d.stepTo(t0+6, nil) // timer restarts here
		d.stepTo(t0+6.9, reportAt(t, w.Signs[sV1].Pos, 'H'))
		if d.r.Score() != 0 {
			t.Fatalf("report after 0.9 s counted")
		}
		d.stepTo(t0+7, reportAt(t, w.Signs[sV1].Pos, 'H'))
		if !near(d.r.Score(), 25) {
			t.Fatalf("report after 1 s: score %v, want 25", d.r.Score())
		}
	})
	t.Run("any velocity component ≥ 0.001 is moving (§1.3)", func(t *testing.T) {
		for i := 0; i < 6; i++ {
			r, _ := New(w, Config{})
			p := add(w.Signs[sV1].Pos, inFrontOff)
			var v [6]float64
			v[i] = -0.001
			r.Step(Input{Time: 1, Dt: 1, Pos: p, Y: world.FloorY, Velocity: v})
			r.Step(Input{Time: 3, Dt: 2, Pos: p, Y: world.FloorY, Velocity: v, Packet: reportAt(t, w.Signs[sV1].Pos, 'H')})
			if r.Score() != 0 {
				t.Errorf("component %d = −0.001 counted as stopped", i)
			}
			v[i] = 0.00099
			r.Step(Input{Time: 4, Dt: 1, Pos: p, Y: world.FloorY, Velocity: v})
			r.Step(Input{Time: 5, Dt: 1, Pos: p, Y: world.FloorY, Velocity: v, Packet: reportAt(t, w.Signs[sV1].Pos, 'H')})
			if !near(r.Score(), 25) {
				t.Errorf("component %d = 0.00099 not counted as stopped", i)
			}
		}
	})
	t.Run("'L' resets the timer (§1.5)", func(t *testing.T) {
		d := newDriver(t, w, Config{})
		t0 := d.moveTo(tileCenter(2, 0))
		d.stepTo(t0+19, cmd(comms.LackOfProgress)) // relocated to the start
		d.stepTo(t0+20, nil)
		if d.r.Summary().LoPAutomatic != 0 {
			t.Errorf("automatic LoP 1 s after 'L'")
		}
		d.stepTo(t0+19+20, nil) // 20 s since the step of the 'L'
		if d.r.Summary().LoPAutomatic != 1 {
			t.Errorf("no automatic LoP 20 s after 'L'; events %+v", d.r.Events())
		}
	})
}

func TestGameInfo(t *testing.T) {
	cases := []struct {
		name      string
		rule      string
		cfg       Config
		cp        bool // visit the area-2 checkpoint first (+12.5)
		swamp     bool
		game      float64 // game seconds advanced by the moves below
		realExtra float64
		wantScore float32
		wantGame  int32
		wantReal  int32
		wantLen   int
	}{
		{"fresh", "§1.6", Config{}, false, false, 0, 0, 0, 480, 600, 16},
		{"after a checkpoint, 2 s in", "§1.6", Config{}, true, false, 0, 0.7, 12.5, 478, 597, 16},
		{"swamp counts 5×", "§1.6, §2.1", Config{}, false, true, 0, 0, 0, 470, 598, 16},
		{"legacy 12 bytes", "§1.6", Config{LegacyGameInfo: true}, true, false, 0, 0, 12.5, 478, 0, 12},
	}
	for _, tc := range cases {
		t.Run(tc.name+" ("+tc.rule+")", func(t *testing.T) {
			d := newDriver(t, testWorld(), tc.cfg)
			if tc.cp {
				d.moveTo(tileCenter(1, 0))
			}
			if tc.swamp {
				d.moveTo(tileCenter(2, 1))
			}
			d.real += tc.realExtra
			out := d.stepTo(d.time+0.5, cmd(comms.GameInfoRequest))
			if len(out.Send) != 1 {
				t.Fatalf("sent %d packets, want 1", len(out.Send))
			}
			b := out.Send[0]
			if len(b) != tc.wantLen || b[0] != 'G' || b[1] != 0 || b[2] != 0 || b[3] != 0 {
				t.Fatalf("reply % x", b)
			}
			if got := math.Float32frombits(binary.LittleEndian.Uint32(b[4:8])); got != tc.wantScore {
				t.Errorf("score %v, want %v", got, tc.wantScore)
			}
			if got := int32(binary.LittleEndian.Uint32(b[8:12])); got != tc.wantGame {
				t.Errorf("game seconds left %d, want %d", got, tc.wantGame)
			}
			if tc.wantLen == 16 {
				if got := int32(binary.LittleEndian.Uint32(b[12:16])); got != tc.wantReal {
					t.Errorf("real seconds left %d, want %d", got, tc.wantReal)
				}
			}
		})
	}
}

func TestMap(t *testing.T) {
	w := testWorld()
	answer := world.Answer(w)
	good := enc(t, comms.Map{Cells: answer})
	// Only walls and the start: a partial map.
	partial := make([][]string, len(answer))
	for i, row := range answer {
		partial[i] = make([]string, len(row))
		for j, c := range row {
			if c == "1" || c == "5" {
				partial[i][j] = c
			} else {
				partial[i][j] = "0"
			}
		}
	}
	partialPkt := enc(t, comms.Map{Cells: partial})
	noStart := enc(t, comms.Map{Cells: [][]string{{"1", "0"}, {"0", "1"}}})
	M := cmd(comms.Evaluate)

	cases := []struct {
		name    string
		rule    string
		packets [][]byte
		want    bool    // MapEvaluated
		score   float64 // MapScore
		event   string
	}{
		{"'M' without a map: logged, nothing", "§1.4", [][]byte{M}, false, 0, "Map not evaluated: no map data sent beforehand"},
		{"map then 'M': evaluated", "§1.4", [][]byte{good, M}, true, 1, "Map Correctness 100%"},
		{"the last map sent wins", "§1.2, §1.4", [][]byte{partialPkt, good, M}, true, 1, "Map Correctness 100%"},
		{"map without 'M': not evaluated", "§1.4", [][]byte{good}, false, 0, ""},
		{"scoring error: nothing marked", "§1.4", [][]byte{noStart, M}, false, 0, "Map scoring error"},
		{"scoring error, then a retry succeeds", "§1.4", [][]byte{noStart, M, good, M}, true, 1, "Map scoring error"},
		{"evaluated once: a second map and 'M' are ignored", "§1.4", [][]byte{good, M, partialPkt, M}, true, 1, "Map not evaluated: the map has already been evaluated"},
		{"evaluated once: the map is consumed", "§1.4", [][]byte{partialPkt, M, M}, true, -1, "Map not evaluated: no map data sent beforehand"},
		{"malformed packet: logged, dropped", "§1.2", [][]byte{{1, 2, 3}}, false, 0, "Incorrect data format sent"},
	}
	for _, tc := range cases {
		t.Run(tc.name+" ("+tc.rule+")", func(t *testing.T) {
			d := newDriver(t, w, Config{})
			d.moving = true
			for _, p := range tc.packets {
				d.step(p)
			}
			sum := d.r.Summary()
			if sum.MapEvaluated != tc.want {
				t.Fatalf("evaluated = %v, want %v; events %+v", sum.MapEvaluated, tc.want, d.r.Events())
			}
			if tc.score >= 0 && !near(sum.MapScore, tc.score) {
				t.Errorf("map score %v, want %v", sum.MapScore, tc.score)
			}
			if tc.score < 0 && !(sum.MapScore > 0 && sum.MapScore < 1) {
				t.Errorf("partial map score %v, want in (0, 1)", sum.MapScore)
			}
			if tc.event != "" {
				found := false
				for _, e := range d.r.Events() {
					found = found || strings.HasPrefix(e.What, tc.event)
				}
				if !found {
					t.Errorf("no event %q in %+v", tc.event, d.r.Events())
				}
			}
			if sum.Score != 0 || sum.MapBonus != 0 {
				t.Errorf("the map changed the score before the end: %+v", sum)
			}
		})
	}
}

func TestExit(t *testing.T) {
	w := testWorld()
	good := enc(t, comms.Map{Cells: world.Answer(w)})
	cases := []struct {
		name      string
		rule      string
		findSign  bool
		mapFirst  bool
		exitAt    geom.Vec2
		wantExit  bool
		wantScore float64
	}{
		{"on start with a sign: +10% then map ×2", "§1.7, §2.4", true, true, tileCenter(0, 0), true, round2(round2(25+12.5)*1.1) * 2},
		{"on start with a sign, no map: +10%", "§1.7", true, false, tileCenter(0, 0), true, round2((25 + 12.5) * 1.1)},
		{"on the start box edge (inclusive)", "§1.7", true, false, tileBox(0, 0).Min, true, round2((25 + 12.5) * 1.1)},
		{"off the start: no exit bonus, map bonus still", "§1.7", true, true, tileCenter(0, 1), false, (25 + 12.5) * 2},
		{"on start with nothing found: no exit bonus", "§1.7", false, true, tileCenter(0, 0), false, 12.5 * 2},
	}
	for _, tc := range cases {
		t.Run(tc.name+" ("+tc.rule+")", func(t *testing.T) {
			d := newDriver(t, w, Config{})
			d.moveTo(tileCenter(1, 0)) // +12.5
			if tc.findSign {
				t0 := d.moveTo(add(w.Signs[sV1].Pos, inFrontOff))
				d.send(t0, 1, reportAt(t, w.Signs[sV1].Pos, 'H')) // +25
			}
			if tc.mapFirst {
				d.step(good)
				d.step(cmd(comms.Evaluate))
			}
			d.moveTo(tc.exitAt)
			out := d.step(cmd(comms.Exit))
			if !out.Ended || !d.r.Ended() {
				t.Fatal("game not ended by 'E'")
			}
			sum := d.r.Summary()
			if sum.ExitBonusGiven != tc.wantExit || sum.EndReason != EndExit {
				t.Errorf("exit bonus %v reason %q; want %v", sum.ExitBonusGiven, sum.EndReason, tc.wantExit)
			}
			if !near(sum.Score, tc.wantScore) {
				t.Errorf("score %v, want %v; events %+v", sum.Score, tc.wantScore, d.r.Events())
			}
			if !near(sum.Score, sum.SignPoints+sum.CheckpointPoints+sum.PenaltyPoints+sum.ExitBonus+sum.MapBonus) {
				t.Errorf("parts do not add up: %+v", sum)
			}
			// Packets after the end are not processed (§1.1).
			n := len(d.r.Events())
			out = d.step(cmd(comms.LackOfProgress))
			if !out.Ended || out.Relocate != nil || len(out.Send) != 0 || len(d.r.Events()) != n || !near(d.r.Score(), tc.wantScore) {
				t.Errorf("a packet after the end changed something: %+v", out)
			}
		})
	}
}

func TestTimeLimits(t *testing.T) {
	cases := []struct {
		name     string
		rule     string
		gameTime int
		maxReal  int
		steps    int     // steps of dt game seconds before the check step
		dt       float64 // per step
		realAt   float64 // real elapsed at the check step
		ended    bool
		reason   EndReason
	}{
		{"480 → real limit 600", "§2.1", 480, 600, 0, 1, 599.99, false, EndNone},
		{"real time 600 ends the game", "§2.1", 480, 600, 0, 1, 600, true, EndRealTime},
		{"game time 10 → real limit 70", "§2.1", 10, 70, 0, 1, 70, true, EndRealTime},
		{"game time 1000 → real limit 1250", "§2.1", 1000, 1250, 0, 1, 1249, false, EndNone},
		{"0 → 480 fallback", "§2.1", 0, 600, 0, 1, 0, false, EndNone},
		{"clock at the limit before the step: ends", "§2.1, §2.3 5", 10, 70, 10, 1, 11, true, EndGameTime},
		{"clock 1 s below the limit: runs, then reaches it", "§2.3 5", 10, 70, 9, 1, 10, false, EndNone},
	}
	for _, tc := range cases {
		t.Run(tc.name+" ("+tc.rule+")", func(t *testing.T) {
			w := testWorld()
			w.GameTime = tc.gameTime
			r, err := New(w, Config{})
			if err != nil {
				t.Fatal(err)
			}
			p := tileCenter(0, 0)
			var now float64
			for i := 0; i < tc.steps; i++ {
				now += tc.dt
				if out := r.Step(Input{Time: now, Dt: tc.dt, Pos: p, Y: world.FloorY, Velocity: [6]float64{1}, RealElapsed: now}); out.Ended {
					t.Fatalf("ended at step %d", i)
				}
			}
			now += tc.dt
			out := r.Step(Input{Time: now, Dt: tc.dt, Pos: p, Y: world.FloorY, Velocity: [6]float64{1}, RealElapsed: tc.realAt})
			sum := r.Summary()
			if out.Ended != tc.ended || sum.EndReason != tc.reason || sum.MaxRealTime != tc.maxReal {
				t.Errorf("ended %v reason %q max real %d; want %v %q %d", out.Ended, sum.EndReason, sum.MaxRealTime, tc.ended, tc.reason, tc.maxReal)
			}
		})
	}
}

func TestTimeUpAppliesMapBonusNotExit(t *testing.T) {
	// docs/erebus-rules.md §2.1: at time-up the map bonus is applied, no exit bonus.
	w := testWorld()
	w.GameTime = 30
	d := newDriver(t, w, Config{})
	t0 := d.moveTo(add(w.Signs[sV1].Pos, inFrontOff))
	d.send(t0, 1, reportAt(t, w.Signs[sV1].Pos, 'H')) // +25
	d.step(enc(t, comms.Map{Cells: world.Answer(w)}))
	d.step(cmd(comms.Evaluate))
	d.moveTo(tileCenter(0, 0))
	d.moving = true
	for i := 0; i < 100 && !d.last.Ended; i++ {
		d.stepTo(d.time+1, nil)
	}
	sum := d.r.Summary()
	if !sum.Ended || sum.EndReason != EndGameTime || sum.ExitBonusGiven || !near(sum.Score, 50) || !near(sum.MapBonus, 25) {
		t.Errorf("summary %+v", sum)
	}
	if sum.GameTime < 30 || sum.GameTime >= 31 {
		t.Errorf("game time used %v, want [30, 31)", sum.GameTime)
	}
}

func TestStepOrder(t *testing.T) {
	// docs/erebus-rules.md §2.3: checkpoints come before the packet, so an 'L' sent on
	// the step the robot enters a checkpoint relocates it there, and a 'G'
	// on that step already counts the checkpoint.
	w := testWorld()
	d := newDriver(t, w, Config{})
	d.moving = true
	d.pos = tileCenter(1, 0)
	out := d.step(cmd(comms.GameInfoRequest))
	if got := math.Float32frombits(binary.LittleEndian.Uint32(out.Send[0][4:8])); got != 12.5 {
		t.Errorf("'G' score %v, want 12.5", got)
	}
	d.pos = tileCenter(3, 1)
	out = d.step(cmd(comms.LackOfProgress))
	if out.Relocate == nil || out.Relocate.Pos != center(tileBox(3, 1)) {
		t.Errorf("relocated to %+v, want the checkpoint entered this step", out.Relocate)
	}
	if !near(d.r.Score(), 12.5+20-5) {
		t.Errorf("score %v", d.r.Score())
	}
}

func TestNew(t *testing.T) {
	if _, err := New(nil, Config{}); err == nil {
		t.Error("New(nil) succeeded")
	}
	if _, err := New(&world.World{Name: "empty"}, Config{}); err == nil {
		t.Error("New on an empty world succeeded")
	}
	// Without STARTBOUNDS the start tile's square is the start box.
	w := testWorld()
	w.Starts = nil
	d := newDriver(t, w, Config{})
	d.moveTo(tileCenter(2, 0))
	out := d.step(cmd(comms.LackOfProgress))
	if c := tileCenter(0, 0); out.Relocate == nil || math.Abs(out.Relocate.Pos.X-c.X) > 1e-12 || math.Abs(out.Relocate.Pos.Z-c.Z) > 1e-12 {
		t.Errorf("relocated to %+v, want the start tile centre %+v", out.Relocate, c)
	}
}

func TestRound2(t *testing.T) {
	// Python's round(x, 2), correctly rounded from the binary value.
	cases := []struct{ in, want float64 }{
		{18.75, 18.75}, {2.675, 2.67}, {0.125, 0.12}, {0.375, 0.38}, {-5, -5},
		{3.7125, 3.71}, {1.005, 1.0}, {12.345, 12.35},
	}
	for _, tc := range cases {
		if got := round2(tc.in); got != tc.want {
			t.Errorf("round2(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestNormalFromRotation(t *testing.T) {
	cases := []struct {
		rot  [4]float64
		want geom.Vec2
	}{
		{[4]float64{0, 1, 0, 0}, geom.Vec2{X: 0, Z: -1}},
		{[4]float64{0, 1, 0, math.Pi}, geom.Vec2{X: 0, Z: 1}},
		{[4]float64{0, 1, 0, math.Pi / 2}, geom.Vec2{X: -1, Z: 0}},
		{[4]float64{0, 1, 0, -math.Pi / 2}, geom.Vec2{X: 1, Z: 0}},
	}
	for _, tc := range cases {
		got := normalFromRotation(tc.rot)
		if math.Abs(got.X-tc.want.X) > 1e-12 || math.Abs(got.Z-tc.want.Z) > 1e-12 {
			t.Errorf("normal(%v) = %+v, want %+v", tc.rot, got, tc.want)
		}
	}
}

// TestRoomMultiplier checks ROOM_MULT[room−1] with Python's indexing
// (docs/erebus-rules.md §1.3, Tile.py l.131): room 0, the PROTO default, reads index −1.
func TestRoomMultiplier(t *testing.T) {
	for _, tt := range []struct {
		room int
		want float64
	}{{1, 1}, {2, 1.25}, {3, 1.5}, {4, 2}, {0, 2}, {5, 1}, {-1, 1}} {
		if got := RoomMultiplier(tt.room); got != tt.want {
			t.Errorf("RoomMultiplier(%d) = %g, want %g", tt.room, got, tt.want)
		}
	}
}
