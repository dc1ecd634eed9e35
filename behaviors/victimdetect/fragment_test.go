package victimdetect

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestSignFragmentNotRead: test_token_score_custom2 builds a curved wall
// of many short boxes; their steps hide most of a flat sign on it, and the
// camera sees it sliced into strips 2 pixels wide and the sign's full
// height. Such strips matched the P template (score 0.88, lead 0.12) in 33
// views, outvoted the S and were reported as P. A picture that shows a
// part of a sign is not read: every sign of a generated arena, seen face on
// from 0.05-0.07 m, is read whole, and no strip of it 1-3 pixels wide
// (every other column painted in the wall's colour) is read as any letter.
func TestSignFragmentNotRead(t *testing.T) {
	t.Run("rescuekit's designs", func(t *testing.T) { fragmentsNotRead(t, genWorld(t, 3), sim.Config{}) })
	t.Run("Erebus's PNGs", func(t *testing.T) {
		tex, err := sim.LoadErebusTextures(sharedtest.Path(t, "erebus"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"world1", "world2"} {
			fragmentsNotRead(t, sharedWorld(t, name), sim.Config{Textures: tex})
		}
	})
}

// fragmentsNotRead renders the signs of w as cfg draws them and checks
// that the detector reads strips of them as nothing.
func fragmentsNotRead(t *testing.T, w *world.World, cfg sim.Config) {
	r := newRigWith(t, w, cfg)
	det := NewDetector(DefaultDetectorConfig())
	m := mountNamed(t, "camera_centre")
	var dets []Detection
	whole, strips := 0, 0
	for _, sg := range w.Signs {
		for _, d := range []float64{0.05, 0.06, 0.07} {
			c := sg.Pos.Add(sg.Normal.Scale(d))
			if clearance(w, c) < 0.02 {
				continue
			}
			look := math.Atan2(-(sg.Pos.X - c.X), -(sg.Pos.Z - c.Z))
			pose := cameraPose(m, c, look)
			img := r.shoot(t, pose, m.Name)
			dets = det.Frame(dets[:0], img, 64, 40, m, toNav(pose))
			var x0, x1 int
			found := false
			for _, dt := range dets {
				if dt.Letter == sg.Letter && dt.X0 < 32 && dt.X1 >= 31 {
					x0, x1, found = dt.X0, dt.X1, true
				}
			}
			if !found {
				continue
			}
			whole++
			// The wall's colour beside the sign.
			wall := img[4*(20*64+max(x0-2, 0)):][:4]
			for _, keep := range []int{1, 2, 3} {
				for s := x0; s+keep-1 <= x1; s += keep + 1 {
					cut := append([]byte(nil), img...)
					for y := range 40 {
						for x := x0 - 1; x <= x1+1; x++ {
							if x >= 0 && x < 64 && (x < s || x >= s+keep) {
								copy(cut[4*(y*64+x):], wall)
							}
						}
					}
					dets = det.Frame(dets[:0], cut, 64, 40, m, toNav(pose))
					for _, dt := range dets {
						strips++
						if dt.Letter != 0 {
							t.Errorf("%c at %.2f m: a strip %d px wide (columns %d-%d of %d-%d) read as %c (score %.2f, lead %.2f, extent %.2f)",
								sg.Letter, d, keep, s, s+keep-1, x0, x1, dt.Letter, dt.Score, dt.Margin, dt.Extent)
						}
					}
				}
			}
		}
	}
	t.Logf("%d signs read whole, %d strips of them seen", whole, strips)
	if whole < 5 || strips < 50 {
		t.Fatalf("%d signs read whole, %d strips: the test shows nothing", whole, strips)
	}
}
