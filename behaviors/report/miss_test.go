package report

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/signs"
)

// erebusTakes is Erebus's test of a report (docs/erebus-rules.md §1.3):
// the robot within 0.09 m of the sign at pos, on the front side of its
// true normal n.
func erebusTakes(pos, n geom.Vec2) func(nav.Pose) bool {
	return func(p nav.Pose) bool {
		rel := p.Sub(pos)
		return rel.Len() <= erebus.ReportRadius && n.Dot(rel) > 0
	}
}

// TestRetriesAMiss: a report whose score does not rise missed (Erebus found
// no sign of its category within 0.09 m in front of the robot), and the
// sign, dropped by victim-detect once reported, is lost. Report tries it
// once more from another standpoint. In `mw26` at seeds 1-8 (session 39)
// 12 signs were lost so, none found later: 7 reported from 0.090-0.094 m,
// 5 from beside their wall (Area123Joaco2's H at (0.845, 0.18), facing +x,
// reported with the robot 2 mm behind its plane).
func TestRetriesAMiss(t *testing.T) {
	at := nav.Pose{Vec2: geom.Vec2{X: 0.0, Z: 0.1}, Yaw: 0}
	for _, tc := range []struct {
		name string
		// short, when > 0, keeps the robot that far from the sign at
		// least: it reports from where it is kept, beyond reach
		// (TestReportsFromJustShortOfThePlace); −1 starts the robot
		// standing still 0.07 m from the sign, 50° off its estimated
		// facing.
		short float64
		// hit is Erebus's test; nil: every report misses.
		hit func(nav.Pose) bool
		// found is a sign of the category confirmed already beside this one.
		found      bool
		wantSent   int
		wantStatus signs.Status
	}{
		// The sign faces 100° off its estimate: from the estimate's front
		// the robot stands behind it; 45° round, in front of it.
		{"facing off", 0, erebusTakes(sign.Pos, turned(sign.Normal, 100*math.Pi/180)), false, 2, signs.Confirmed},
		// Standing 50° off the estimated facing on one side, the robot
		// reports at once and misses: the sign faces 60° off the other way.
		// On its way round it does not report from within 30° of where it
		// missed.
		{"facing off, away from the robot", -1, erebusTakes(sign.Pos, turned(sign.Normal, -60*math.Pi/180)), false, 2, signs.Confirmed},
		// Two misses: the sign is given up as reported, not tried a third time.
		{"missed twice", 0, nil, false, 2, signs.Reported},
		// A confirmed sign of the category beside it: the miss likely named
		// that one again, and a second report would miss too.
		{"found already", 0, nil, true, 1, signs.Reported},
		// Taken at once: one report.
		{"hit", 0, erebusTakes(sign.Pos, sign.Normal), false, 1, signs.Confirmed},
		// Kept 0.0855 m off, beyond reach: after the miss, no report again
		// from where it missed (R2D2__7_ as v26.1 at seed 3, its F at
		// (0.654, −0.390): the second report went out 0.1 s after the
		// first, from the same place, as a last resort, and missed too).
		{"kept short", 0.0855, nil, false, 1, signs.Reported},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, sign, at)
			switch {
			case tc.short > 0:
				w = newWorld(t, sign, nav.Pose{Vec2: geom.Vec2{X: 0.0, Z: 0.06}, Yaw: -math.Pi / 2})
				w.blocked = func(p geom.Vec2) bool { return p.Dist(sign.Pos) < tc.short }
			case tc.short < 0:
				n := turned(sign.Normal, 50*math.Pi/180)
				w = newWorld(t, sign, nav.Pose{Vec2: sign.Pos.Add(n.Scale(0.07)), Yaw: math.Atan2(-n.Z, -n.X)})
				w.still = 2
			}
			w.hit = tc.hit
			if tc.hit == nil {
				w.hit = func(nav.Pose) bool { return false }
			}
			if tc.found {
				o := sign
				o.ID, o.Letter, o.Status = 9, 'F', signs.Confirmed
				o.Pos = sign.Pos.Add(geom.Vec2{Z: 0.045})
				w.bb[signs.KeyReported] = signs.List{o}.Encode()
			}
			w.run(4000)
			rep, _ := signs.Get(w.bb, signs.KeyReported)
			i := rep.ByID(sign.ID)
			if len(w.events) != 1 || i < 0 {
				t.Fatalf("events %v, signs.reported %v: want the job ended", w.events, rep)
			}
			if len(w.sent) != tc.wantSent || rep[i].Status != tc.wantStatus {
				t.Errorf("sent %d reports, the sign %v; want %d reports and %v", len(w.sent), rep[i].Status, tc.wantSent, tc.wantStatus)
			}
			if len(w.sent) == 2 {
				u, v := w.sentFrom[0].Sub(sign.Pos), w.sentFrom[1].Sub(sign.Pos)
				turn := math.Abs(nav.WrapAngle(math.Atan2(v.Z, v.X) - math.Atan2(u.Z, u.X)))
				if v.Len() > u.Len()-missCloser && turn < missTurn {
					t.Errorf("reported again from %.4f m, %.0f° round from where the first report missed (%.4f m)", v.Len(), turn*180/math.Pi, u.Len())
				}
				a, b := w.sent[0], w.sent[1]
				if d := math.Hypot(float64(a.GetXCm()-b.GetXCm()), float64(a.GetZCm()-b.GetZCm())); d <= 3 {
					t.Errorf("the reports at (%d, %d) and (%d, %d): want them more than the gate's 3 cm apart", a.GetXCm(), a.GetZCm(), b.GetXCm(), b.GetZCm())
				}
			}
		})
	}
}
