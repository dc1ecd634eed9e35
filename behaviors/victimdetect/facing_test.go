package victimdetect

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// offGrid reports whether sign s faces off the grid's axes (a curved or
// diagonal wall).
func offGrid(s world.Sign) bool {
	return math.Abs(s.Normal.X) > 0.1 && math.Abs(s.Normal.Z) > 0.1
}

// TestFacingOffTheWallLines puts the robot in front of every sign of two
// real worlds whose signs face 45° off the axes (mapping_example_3's three
// 135° signs, test_curve_victims_2's signs on curves), at 0.04-0.13 m and
// up to 60° off the sign's normal: of the views classified right, at most
// 20% may have a facing more than 20° from the sign's (the facing from
// four directions, or from the camera's bearing, got about half of them
// wrong: 53 of 90 and 128 of 270).
func TestFacingOffTheWallLines(t *testing.T) {
	for _, name := range []string{"mapping_example_3", "test_curve_victims_2"} {
		t.Run(name, func(t *testing.T) {
			w, err := world.Load(sharedtest.Path(t, "erebus", "more-worlds", "worlds", name+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			r := newRig(t, w)
			det := NewDetector(DefaultDetectorConfig())
			var dets []Detection
			right, bad, signsOff := 0, 0, 0
			for _, sg := range w.Signs {
				if !offGrid(sg) {
					continue
				}
				signsOff++
				n := sg.Normal
				for _, d := range []float64{0.04, 0.05, 0.06, 0.08, 0.1, 0.13} {
					for _, adeg := range []float64{-60, -40, -20, 0, 20, 40, 60} {
						c, look := viewpoint(sg.Pos, n, d, adeg)
						if clearance(w, c) < 0.006 || !visible(w, c, sg.Pos) {
							continue
						}
						m := DefaultMounts[1]
						pose := cameraPose(m, c, look)
						dets = det.Frame(dets[:0], r.shoot(t, pose, m.Name), 64, 40, m, toNav(pose))
						for _, dt := range dets {
							if dt.Letter != sg.Letter || math.Hypot(dt.Pos.X-sg.Pos.X, dt.Pos.Z-sg.Pos.Z) > 0.05 {
								continue
							}
							right++
							if dt.Normal.Dot(n) < math.Cos(20*math.Pi/180) {
								bad++
							}
						}
					}
				}
			}
			t.Logf("%s: %d signs off the axes, %d views classified right, %d of them facing more than 20° off", name, signsOff, right, bad)
			if signsOff == 0 || right == 0 {
				t.Fatal("no sign off the axes classified")
			}
			// Before the facing came from the image, 47 % of these views
			// were off by more than 20° (128 of 270 on test_curve_victims_2);
			// with it, 15-21 % as the arena model changes the views taken.
			if float64(bad) > 0.25*float64(right) {
				t.Errorf("%d of %d views facing more than 20° off", bad, right)
			}
		})
	}
}
