package sim

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestEverySignVisible puts the robot 7 cm in front of every sign of the
// shared worlds, facing it, and checks that the centre camera sees the
// sign's paper: no sign may be buried in a wall's solid (custom area-4 walls
// are outlines of their footprint, docs/erebus-rules.md §4).
func TestEverySignVisible(t *testing.T) {
	d := sharedtest.Dir(t)
	for _, name := range []string{"world1", "world2", "room4_small"} {
		w, err := world.Load(filepath.Join(d, "erebus", "worlds", name+".wbt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, sg := range w.Signs {
			s, err := New(w, Config{})
			if err != nil {
				t.Fatal(err)
			}
			cam, _ := hal.Lookup[hal.Camera](s, "camera_centre")
			cam.Enable(16)
			at := geom.Vec2{X: sg.Pos.X + 0.07*sg.Normal.X, Z: sg.Pos.Z + 0.07*sg.Normal.Z}
			// Face the sign: yaw θ faces (−sin θ, −cos θ).
			s.SetPose(world.Pose{Pos: at, Yaw: math.Atan2(sg.Normal.X, sg.Normal.Z)})
			if err := s.Step(16); err != nil {
				t.Fatal(err)
			}
			img := cam.Image(nil)
			paper := 0
			for i := 0; i+3 < len(img); i += 4 {
				if img[i] == 255 && img[i+1] == 255 && img[i+2] == 255 {
					paper++
				}
			}
			if paper == 0 {
				t.Errorf("%s: sign %s (%c) at (%.3f, %.3f) is not visible from 7 cm in front", name, sg.Name, sg.Letter, sg.Pos.X, sg.Pos.Z)
			}
		}
	}
}
