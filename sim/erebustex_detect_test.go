package sim_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/world"
)

// detectStats counts the views of a sign and how the built-in detector
// read them.
type detectStats struct{ views, right, wrong int }

func (d detectStats) String() string {
	return fmt.Sprintf("%d views: %d read right (%.0f%%), %d wrong", d.views, d.right, 100*float64(d.right)/float64(max(d.views, 1)), d.wrong)
}

// clearOf is the distance from p to the nearest wall's centre line.
func clearOf(w *world.World, p geom.Vec2) float64 {
	best := math.Inf(1)
	for _, s := range w.Walls {
		dx, dz := s.B.X-s.A.X, s.B.Z-s.A.Z
		u := 0.0
		if l2 := dx*dx + dz*dz; l2 > 0 {
			u = math.Max(0, math.Min(1, ((p.X-s.A.X)*dx+(p.Z-s.A.Z)*dz)/l2))
		}
		best = math.Min(best, math.Hypot(p.X-s.A.X-u*dx, p.Z-s.A.Z-u*dz))
	}
	for _, a := range w.Arcs {
		best = math.Min(best, math.Abs(math.Hypot(p.X-a.Center.X, p.Z-a.Center.Z)-a.Radius))
	}
	return best
}

// readSigns points the centre camera at every sign of w from 5, 7 and
// 9 cm, face on and 20° to either side, and runs the built-in detector
// (victimdetect) on each frame.
func readSigns(t *testing.T, w *world.World, tex *sim.ErebusTextures) detectStats {
	t.Helper()
	s, err := sim.New(w, sim.Config{Textures: tex})
	if err != nil {
		t.Fatal(err)
	}
	m := victimdetect.DefaultMounts[1]
	cam, err := hal.Lookup[hal.Camera](s, m.Name)
	if err != nil {
		t.Fatal(err)
	}
	cam.Enable(16)
	det := victimdetect.NewDetector(victimdetect.DefaultDetectorConfig())
	var st detectStats
	var dets []victimdetect.Detection
	for _, sg := range w.Signs {
		if sg.Target || sg.Blank {
			continue
		}
		for _, d := range []float64{0.05, 0.07, 0.09} {
			for _, adeg := range []float64{-20, 0, 20} {
				a := adeg * math.Pi / 180
				n := sg.Normal
				dir := geom.Vec2{X: n.X*math.Cos(a) - n.Z*math.Sin(a), Z: n.X*math.Sin(a) + n.Z*math.Cos(a)}
				c := geom.Vec2{X: sg.Pos.X + d*dir.X, Z: sg.Pos.Z + d*dir.Z}
				yaw := math.Atan2(-(sg.Pos.X-c.X), -(sg.Pos.Z-c.Z)) - m.Yaw
				cs, sn := math.Cos(yaw), math.Sin(yaw)
				p := world.Pose{Pos: geom.Vec2{X: c.X - (m.X*cs + m.Z*sn), Z: c.Z - (-m.X*sn + m.Z*cs)}, Yaw: yaw}
				if clearOf(w, p.Pos) < 0.042 || clearOf(w, c) < 0.006 {
					continue
				}
				s.SetPose(p)
				if err := s.Step(16); err != nil {
					t.Fatal(err)
				}
				st.views++
				dets = det.Frame(dets[:0], cam.Image(nil), cam.Width(), cam.Height(), m, nav.Pose{Vec2: p.Pos, Yaw: p.Yaw})
				right := false
				for _, dt := range dets {
					if dt.Letter == 0 || math.Hypot(dt.Pos.X-sg.Pos.X, dt.Pos.Z-sg.Pos.Z) > 0.05 {
						continue
					}
					if dt.Letter == sg.Letter {
						right = true
					} else {
						st.wrong++
					}
				}
				if right {
					st.right++
				}
			}
		}
	}
	return st
}

// TestDetectorReadsErebusTextures runs the built-in victim detector on
// views of the signs of Erebus's own worlds drawn with rescuekit's designs
// and with Erebus's PNGs (../shared/erebus/textures for v25.0.1,
// v26/textures for v26.1's victims), and logs both (docs/fidelity.md
// quotes them). Each must be read right in at least the share of views
// the set gives (v25.0.1's letters and placards; v26.1's Φ Ψ Ω) and
// misread in none. Measured: rescuekit's designs 100 % on all four
// worlds (v26.1 60 % and 73 % before its Φ Ψ Ω were measured on the PNGs,
// signs/greek.go), Erebus's PNGs 93 % and 91 % on v25.0.1, 100 % on v26.1.
func TestDetectorReadsErebusTextures(t *testing.T) {
	sets := []struct {
		tex       []string
		worlds    []string
		own, real float64 // least share of views read right
	}{
		{[]string{"erebus"}, []string{"erebus/worlds/world1.wbt", "erebus/worlds/world2.wbt"}, 0.95, 0.85},
		{[]string{"erebus", "v26"}, []string{"erebus/v26/worlds/world1.wbt", "erebus/v26/worlds/world2.wbt"}, 0.95, 0.95},
	}
	for _, set := range sets {
		et, err := sim.LoadErebusTextures(sharedtest.Path(t, set.tex...))
		if err != nil {
			t.Fatal(err)
		}
		for _, wp := range set.worlds {
			t.Run(wp, func(t *testing.T) {
				w, err := world.Load(sharedtest.Path(t, wp))
				if err != nil {
					t.Fatal(err)
				}
				if w.GameRules().Version != et.Version {
					t.Fatalf("world %s, textures %s", w.GameRules().Version, et.Version)
				}
				own, real := readSigns(t, w, nil), readSigns(t, w, et)
				t.Logf("rescuekit's designs: %v; Erebus's textures: %v", own, real)
				if own.views == 0 {
					t.Fatal("no view of a sign")
				}
				if float64(own.right) < set.own*float64(own.views) || own.wrong > 0 {
					t.Errorf("with rescuekit's designs the detector reads %v; want %.0f%% right, none wrong", own, 100*set.own)
				}
				if float64(real.right) < set.real*float64(real.views) || real.wrong > 0 {
					t.Errorf("with Erebus's textures the detector reads %v; want %.0f%% right, none wrong", real, 100*set.real)
				}
			})
		}
	}
}
