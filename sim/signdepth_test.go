package sim

import (
	"fmt"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestSignInsideWallHidden: the camera draws what is nearest, as Webots'
// depth buffer does, so a sign whose plane lies behind its wall's face is
// hidden and one in front of it (Erebus's 0.6 mm) is drawn, head-on and
// from 50° off its normal. (v26.1 world4's P lies 0.4-2.2 mm inside its
// wavy wall; the camera used to draw a sign up to 2 mm behind a face.)
func TestSignInsideWallHidden(t *testing.T) {
	for _, tc := range []struct {
		behind float64 // how far the sign is moved back from Erebus's place, m
		view   float64 // the view's angle off the sign's normal, rad
		seen   bool
	}{
		{0, 0, true},
		{0, 50 * math.Pi / 180, true},
		{0.0011, 0, false}, // 0.5 mm inside the face
		{0.0011, 50 * math.Pi / 180, false},
		{0.0021, 0, false},
		{0.0026, 0, false},
	} {
		t.Run(fmt.Sprintf("behind%.1fmm_view%.0f", tc.behind*1000, tc.view*180/math.Pi), func(t *testing.T) {
			w := mustWorld(t, arena(3, 2, nil, "sign H tile 1 0 top"))
			sg := &w.Signs[0]
			sg.Pos = sg.Pos.Sub(sg.Normal.Scale(tc.behind))
			s := mustSim(t, w, Config{})
			cam, _ := hal.Lookup[hal.Camera](s, "camera_centre")
			cam.Enable(16)
			// 7 cm from the sign, tc.view off its normal, facing it.
			c, sn := math.Cos(tc.view), math.Sin(tc.view)
			dir := geom.Vec2{X: c*sg.Normal.X - sn*sg.Normal.Z, Z: sn*sg.Normal.X + c*sg.Normal.Z}
			at := sg.Pos.Add(dir.Scale(0.07))
			// Yaw θ faces (−sin θ, −cos θ).
			s.SetPose(world.Pose{Pos: at, Yaw: math.Atan2(dir.X, dir.Z)})
			steps(t, s, 1)
			img := cam.Image(nil)
			paper := 0
			for i := 0; i+3 < len(img); i += 4 {
				if img[i] == 255 && img[i+1] == 255 && img[i+2] == 255 {
					paper++
				}
			}
			if (paper > 0) != tc.seen {
				t.Errorf("sign %.1f mm behind Erebus's place, seen from %.0f°: %d paper pixels, want seen %v", tc.behind*1000, tc.view*180/math.Pi, paper, tc.seen)
			}
		})
	}
}
