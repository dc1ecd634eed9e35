package sim

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestContactPushOut: a robot put 10 mm into a wall, wheels still, is
// pushed out along the wall's normal by ERP (0.2) of its overlap each step,
// as Webots' contact joints do (worldinfo.md ERP; ODE manual): after n steps
// (1−0.2)ⁿ of the overlap is left.
func TestContactPushOut(t *testing.T) {
	w := mustWorld(t, arena(1, 3, nil))
	top := w.TileCenter(0, 0).Z - world.TileSize/2 + world.WallThickness/2 // the wall's face
	c := w.TileCenter(0, 0)
	const pen0 = 0.010
	// Facing +Z (yaw π): the body, not a camera sphere, touches the wall.
	s := mustSim(t, w, Config{})
	s.SetPose(world.Pose{Pos: geom.Vec2{X: c.X, Z: top + erebus.BodyRadius - pen0}, Yaw: math.Pi})
	if p := maxPen(s); !near(p, pen0, 1e-12) {
		t.Fatalf("overlap %g at the start, want %g", p, pen0)
	}
	x0 := s.Pose().Pos.X
	for n := 1; n <= 20; n++ {
		steps(t, s, 1)
		want := pen0 * math.Pow(1-contactERP, float64(n))
		if p := maxPen(s); !near(p, want, 1e-9) {
			t.Fatalf("step %d: overlap %.6f, want %.6f", n, p, want)
		}
	}
	if dx := s.Pose().Pos.X - x0; math.Abs(dx) > 1e-12 {
		t.Errorf("pushed %g m along the wall, want straight off it", dx)
	}
}

// TestCurveStarHoldsRobot: in test_curve_victims_2 (more-worlds) every
// half tile is ringed by four curved walls, curve [2,3,1,4]: each a quarter
// ring of radii 0.055-0.065 m around a corner of the 0.12 m tile
// (curvedWall.proto, unscaled). The start tile's centre is 0.06·√2 from each
// corner, so the inner faces are 0.06·√2 − 0.065 = 19.9 mm away, and the
// world's own signs stand there (19.1-19.8 mm): the geometry is right, and the
// robot (radius 0.037) spawns 17.1 mm deep in all four. The four contacts
// push it towards the centre from opposite sides, so they cancel: ODE's
// opposed contact joints hold a robot there, and so does the simulator, in
// whichever way the wheels turn.
func TestCurveStarHoldsRobot(t *testing.T) {
	path := filepath.Join(sharedtest.Dir(t), "erebus", "more-worlds", "worlds", "test_curve_victims_2.wbt")
	w, err := world.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	start := w.Start.Pos
	c := w.TileCenter(1, 1)
	if !near(start.X, c.X, 1e-9) || !near(start.Z, c.Z, 1e-9) {
		t.Fatalf("start %v, want the start tile's centre %v", start, c)
	}
	ring := 0
	for _, a := range w.Arcs {
		d := math.Hypot(a.Center.X-c.X, a.Center.Z-c.Z)
		ang := math.Atan2(c.Z-a.Center.Z, c.X-a.Center.X)
		for ang < a.From {
			ang += 2 * math.Pi
		}
		if near(d, 0.06*math.Sqrt2, 1e-9) && ang <= a.To && near(a.Radius, 0.06, 1e-12) {
			ring++ // an arc around a corner of the start tile, bulging towards its centre
		}
	}
	if ring != 4 {
		t.Fatalf("%d arcs centred on the start tile's corners, want 4", ring)
	}
	inner := 0.06*math.Sqrt2 - 0.065
	nearSigns := 0
	for _, sg := range w.Signs {
		if d := math.Hypot(sg.Pos.X-c.X, sg.Pos.Z-c.Z); d < 0.03 {
			nearSigns++
			if !near(d, inner, 0.001) { // the file gives millimetres
				t.Errorf("sign at %.4f m from the centre, want on an arc's face (%.4f)", d, inner)
			}
		}
	}
	if nearSigns != 4 {
		t.Errorf("%d signs on the start tile's arcs, want 4", nearSigns)
	}
	for _, wheels := range [][2]float64{{6.28, 6.28}, {-6.28, -6.28}, {3, 6.28}} {
		s := mustSim(t, w, Config{})
		if p, _ := s.geo.maxPenetration(start, erebus.BodyRadius); !near(p, erebus.BodyRadius-inner, 1e-9) {
			t.Fatalf("body overlap %.5f at the spawn, want %.5f", p, erebus.BodyRadius-inner)
		}
		if push := s.contactPush(start, s.Pose().Yaw); math.Hypot(push.X, push.Z) > 1e-12 {
			t.Errorf("net contact push %v at the spawn, want the four to cancel", push)
		}
		setWheels(t, s, wheels[0], wheels[1])
		steps(t, s, 125)
		if p := s.Pose().Pos; math.Hypot(p.X-start.X, p.Z-start.Z) > 1e-9 {
			t.Errorf("wheels %v: robot moved to %v from %v in 2 s, want held", wheels, p, start)
		}
	}
}
