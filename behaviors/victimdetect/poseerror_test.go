package victimdetect

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestTargetsReadWithPoseError: the robot knows its pose only to a few mm
// and hundredths of a radian (nav's tracker: the yaw's noise floor is
// about 0.02 rad, docs/eval-real-worlds.md), and the detector is handed
// that pose. A cognitive target on a wall line is read by projecting its
// rings from the wall's plane, placed with the pose; off by that much, the
// projection lands pixels off and reads the rings' neighbours, so a target
// read in one view was not in the next (test_victims_3 of shared/more-worlds
// converted to v26.1, seed 1: its F read in 2 views with the robot's pose,
// where the same frames read with the true pose gave 14). Each frame here,
// from 0.08-0.13 m and up to 60° off the target's normal, is shot from the
// true pose and read with it and with poses off by the table's errors: with
// the pose off, at least 90% of the views read with the true one must be
// read (75-81% before fitBounds and the pose's error in locateTarget), and
// none as another letter.
func TestTargetsReadWithPoseError(t *testing.T) {
	errs := []struct {
		name   string
		dx, dz float64 // m
		dyaw   float64 // rad
	}{
		{"yaw +0.03", 0, 0, 0.03},
		{"yaw -0.03", 0, 0, -0.03},
		{"4 mm across, yaw +0.02", 0.004, -0.003, 0.02},
		{"4 mm along, yaw -0.02", -0.003, 0.004, -0.02},
	}
	names := v26Worlds
	if testing.Short() {
		names = names[2:3]
	}
	det := NewDetector(DefaultDetectorConfig())
	var dets []Detection
	// read returns the letter read for the target at p (0 for none) and
	// whether another letter was read for it.
	read := func(frame []byte, m Mount, p nav.Pose, at geom.Vec2, want byte) (bool, bool) {
		dets = det.Frame(dets[:0], frame, 64, 40, m, p)
		ok, wrong := false, false
		for _, d := range dets {
			if !d.Target || d.Letter == 0 || d.Pos.Dist(at) > 0.05 {
				continue
			}
			if d.Letter == want {
				ok = true
			} else {
				wrong = true
			}
		}
		return ok, wrong
	}
	base := 0
	off := make([]int, len(errs))
	for _, name := range names {
		w := v26World(t, name)
		r := newRig(t, w)
		for _, sg := range w.Signs {
			if !sg.Target || sg.Letter == 0 {
				continue
			}
			n := sg.Normal
			for _, d := range []float64{0.08, 0.1, 0.13} {
				for _, adeg := range []float64{-60, -40, -20, 0, 20, 40, 60} {
					c, look := viewpoint(sg.Pos, n, d, adeg)
					for _, m := range DefaultMounts {
						pose := cameraPose(m, c, look)
						if clearance(w, pose.Pos) < 0.042 || !visible(w, c, sg.Pos) {
							continue
						}
						frame := r.shoot(t, pose, m.Name)
						ok, wrong := read(frame, m, toNav(pose), sg.Pos, sg.Letter)
						if wrong {
							t.Errorf("%s: target %c at %v read as another letter with the true pose", name, sg.Letter, sg.Pos)
						}
						if !ok {
							continue
						}
						base++
						for i, e := range errs {
							p := toNav(pose)
							p.X, p.Z, p.Yaw = p.X+e.dx, p.Z+e.dz, p.Yaw+e.dyaw
							ok, wrong := read(frame, m, p, sg.Pos, sg.Letter)
							if wrong {
								t.Errorf("%s, pose %s: target %c at %v from %.2f m, %.0f°, %s read as another letter", name, e.name, sg.Letter, sg.Pos, d, adeg, m.Name)
							}
							if ok {
								off[i]++
							}
						}
					}
				}
			}
		}
	}
	if base < 50 {
		t.Fatalf("only %d views read with the true pose: the sweep found too few targets", base)
	}
	for i, e := range errs {
		t.Logf("pose %s: %d of the %d views read with the true pose", e.name, off[i], base)
		if float64(off[i]) < 0.9*float64(base) {
			t.Errorf("pose %s: %d of the %d views read with the true pose are read (want 90%% or more)", e.name, off[i], base)
		}
	}
}
