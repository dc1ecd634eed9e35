package victimdetect

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// FuzzFrame: the detector never panics on any frame bytes and size, and
// what it returns is finite and labelled with a sign letter or nothing.
func FuzzFrame(f *testing.F) {
	white := make([]byte, 64*40*4)
	for i := range white {
		white[i] = 255
	}
	f.Add(white, 64, 40, 0.1, -0.2, 1.0)
	f.Add([]byte{1, 2, 3}, 1, 1, 0.0, 0.0, 0.0)
	f.Add(make([]byte, 16*16*4), 16, 16, 5.0, 5.0, -3.0)
	f.Fuzz(func(t *testing.T, bgra []byte, w, h int, x, z, yaw float64) {
		if w > 256 || h > 256 {
			return
		}
		det := NewDetector(DefaultDetectorConfig())
		for _, d := range det.Frame(nil, bgra, w, h, DefaultMounts[1], nav.Pose{Vec2: geom.Vec2{X: x, Z: z}, Yaw: yaw}) {
			if d.Letter != 0 && !isLetter(d.Letter) {
				t.Fatalf("letter %q", d.Letter)
			}
			if !math.IsNaN(x+z+yaw) && !math.IsInf(x+z+yaw, 0) && (math.IsNaN(d.Dist) || d.Dist <= 0) {
				t.Fatalf("distance %g", d.Dist)
			}
		}
	})
}

func isLetter(l byte) bool {
	for i := range 7 {
		if "HSUFPCO"[i] == l {
			return true
		}
	}
	return false
}
