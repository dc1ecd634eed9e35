package victimdetect

import (
	"testing"
)

// TestTargetOnConcaveCurveRead: v26.1 world4's F hangs on the concave face
// of a small curved wall (Hazard1, 1.2 mm in front of the face at its
// centre); its flat plane's ends lie inside the curve, so the camera sees
// the disc cut by two vertical lines, its middle 58 % wide. The rings are
// read down its middle: views 0.07-0.14 m in front, within 20° of its
// normal, must read it in some views and never misread it.
func TestTargetOnConcaveCurveRead(t *testing.T) {
	w := v26World(t, "world4")
	r := newRig(t, w)
	det := NewDetector(DefaultDetectorConfig())
	var dets []Detection
	si := -1
	for i, s := range w.Signs {
		if s.Name == "Hazard1" {
			si = i
		}
	}
	if si < 0 {
		t.Fatal("world4 has no Hazard1")
	}
	sg := w.Signs[si]
	m := mountNamed(t, "camera_centre")
	read, views := 0, 0
	for _, d := range []float64{0.07, 0.09, 0.11, 0.14} {
		for _, adeg := range []float64{-20, 0, 20} {
			c, look := viewpoint(sg.Pos, sg.Normal, d, adeg)
			pose := cameraPose(m, c, look)
			views++
			dets = det.Frame(dets[:0], r.shoot(t, pose, m.Name), 64, 40, m, toNav(pose))
			for _, dt := range dets {
				if !dt.Target || dt.Letter == 0 {
					continue
				}
				if dt.Letter != sg.Letter || dt.Pos.Sub(sg.Pos).Len() > 0.09 {
					t.Errorf("%.2f m, %.0f°: read %c (%q) at %v, want %c at %v", d, adeg, dt.Letter, dt.Code, dt.Pos, sg.Letter, sg.Pos)
					continue
				}
				read++
			}
		}
	}
	t.Logf("read in %d of %d views", read, views)
	if read < views/3 {
		t.Errorf("the F on the curve read in %d of %d views, want at least %d", read, views, views/3)
	}
}
