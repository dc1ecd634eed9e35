package sim

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

func TestKinematicsOpenFloor(t *testing.T) {
	w := mustWorld(t, arena(7, 7, nil))
	c := w.TileCenter(3, 3)
	r, axle := DefaultWheelRadius, DefaultAxle
	tests := []struct {
		name   string
		yaw    float64
		wl, wr float64
		n      int // basic steps
	}{
		{"straight full speed", 0, 6.28, 6.28, 50},
		{"straight facing +X", -math.Pi / 2, 3, 3, 40},
		{"backwards", 0.7, -2, -2, 30},
		{"turn in place left", 0, -2, 2, 40},
		{"turn in place right", 1, 4, -4, 25},
		{"arc", 0, 2, 4, 60},
		{"stopped", 0.3, 0, 0, 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustSim(t, w, Config{})
			s.SetPose(world.Pose{Pos: c, Yaw: tc.yaw})
			setWheels(t, s, tc.wl, tc.wr)
			steps(t, s, tc.n)
			dt := 0.016 * float64(tc.n)
			v := r * (tc.wl + tc.wr) / 2
			om := r * (tc.wr - tc.wl) / axle
			// Exact arc of a constant-velocity differential drive; the
			// midpoint integration is exact for constant (v, ω).
			var want geom.Vec2
			if om == 0 {
				f := forward(tc.yaw)
				want = geom.Vec2{X: c.X + f.X*v*dt, Z: c.Z + f.Z*v*dt}
			} else {
				rho := v / om
				want = geom.Vec2{
					X: c.X + rho*(math.Cos(tc.yaw+om*dt)-math.Cos(tc.yaw)),
					Z: c.Z - rho*(math.Sin(tc.yaw+om*dt)-math.Sin(tc.yaw)),
				}
			}
			got := s.Pose()
			if !near(got.Pos.X, want.X, 1e-9) || !near(got.Pos.Z, want.Z, 1e-9) {
				t.Errorf("position %+v, want %+v", got.Pos, want)
			}
			if d := normAngle(got.Yaw - (tc.yaw + om*dt)); !near(d, 0, 1e-9) {
				t.Errorf("yaw %g, want %g", got.Yaw, tc.yaw+om*dt)
			}
			if om == 0 && tc.wl == tc.wr {
				if dist := math.Hypot(got.Pos.X-c.X, got.Pos.Z-c.Z); !near(dist, math.Abs(tc.wl)*r*dt, 1e-9) {
					t.Errorf("distance %g, want ω·r·t = %g", dist, math.Abs(tc.wl)*r*dt)
				}
			}
			vel := s.Velocity()
			if tc.wl == 0 && tc.wr == 0 && vel != [6]float64{} {
				t.Errorf("stopped robot velocity %v, want exactly 0", vel)
			}
			if !near(vel[4], om, 1e-12) {
				t.Errorf("angular velocity y %g, want %g", vel[4], om)
			}
			if !near(math.Hypot(vel[0], vel[2]), math.Abs(v)*math.Abs(sinc(om*0.016/2)), 1e-9) {
				t.Errorf("linear speed %g, want %g", math.Hypot(vel[0], vel[2]), math.Abs(v))
			}
		})
	}
}

func sinc(x float64) float64 {
	if x == 0 {
		return 1
	}
	return math.Sin(x) / x
}

// shapePen returns the deepest overlap with the world of the robot's
// collision shape (the body and the device spheres that stick out) grown by
// grow metres, computed circle by circle from the spec, independently of
// Sim.penetration.
func shapePen(s *Sim, grow float64) float64 {
	best := math.Inf(-1)
	p, yaw := s.Pose().Pos, s.Pose().Yaw
	c, sn := math.Cos(yaw), math.Sin(yaw)
	check := func(x, z, r float64) {
		q := geom.Vec2{X: p.X + x*c + z*sn, Z: p.Z - x*sn + z*c}
		if pen, _ := s.geo.maxPenetration(q, r+grow); pen > best {
			best = pen
		}
	}
	check(0, 0, s.spec.BodyRadius)
	for _, d := range s.spec.Devices {
		if d.Sphere > 0 {
			check(d.Pos[0], d.Pos[2], d.Sphere)
		}
	}
	return best
}

// maxPen returns the robot's deepest overlap with the world.
func maxPen(s *Sim) float64 { return shapePen(s, 0) }

// inContact reports whether the robot is within 2.5 mm of a solid.
func inContact(s *Sim) bool { return shapePen(s, 0.0025) > 0 }

func TestWallStopsRobot(t *testing.T) {
	// A 1×3 corridor along Z: the wall at the top (−Z side) of tile (0,0).
	w := mustWorld(t, arena(1, 3, nil))
	top := w.TileCenter(0, 0).Z - world.TileSize/2 // wall centre line
	c := w.TileCenter(0, 2)
	// Head on, the front of the robot is the centre camera's 7 mm sphere,
	// 0.042 m ahead of the centre (rules §5).
	stop := top + 0.035 + erebus.CameraSphere + world.WallThickness/2
	tests := []struct {
		name string
		yaw  float64
		pos  geom.Vec2
	}{
		{"head on", 0, c},
		{"slightly oblique", 0.2, geom.Vec2{X: c.X + 0.005, Z: c.Z}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := mustSim(t, w, Config{})
			s.SetPose(world.Pose{Pos: tc.pos, Yaw: tc.yaw})
			setWheels(t, s, 6.28, 6.28)
			for i := 0; i < 400; i++ {
				steps(t, s, 1)
				if p := maxPen(s); p > 2e-9 {
					t.Fatalf("step %d: body overlaps a wall by %g m at %+v", i, p, s.Pose().Pos)
				}
			}
			z := s.Pose().Pos.Z
			if tc.yaw == 0 && (z < stop-1e-9 || z > stop+0.0021) {
				t.Errorf("stopped at z=%.5f, want within one step (2 mm) of %.5f", z, stop)
			}
			if pen := shapePen(s, 0.0021); pen <= 0 {
				t.Errorf("stopped %.5f m short of the wall, want within one step (2 mm)", -pen)
			}
			v := s.Velocity()
			if math.Abs(v[2]) > 0.002/0.016 {
				t.Errorf("blocked robot still moves along z at %g m/s", v[2])
			}
		})
	}
}

func TestCornerAndArcCollisions(t *testing.T) {
	tests := []struct {
		name string
		src  string
		tile [2]int
		yaw  float64
		off  geom.Vec2
	}{
		// Drive diagonally into the top-left corner of a closed tile.
		{"corner", arena(2, 2, nil), [2]int{0, 0}, math.Pi / 4, geom.Vec2{X: 0.03, Z: 0.03}},
		// A curve in the top-right quadrant of tile (1,0): drive up-right into it.
		{"arc", arena(2, 2, nil), [2]int{1, 0}, -math.Pi / 4, geom.Vec2{X: -0.03, Z: 0.03}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := mustWorld(t, tc.src)
			if tc.name == "arc" {
				c := w.TileCenter(1, 0)
				// A quarter circle around the tile's top-right corner.
				w.Arcs = append(w.Arcs, world.Arc{Center: geom.Vec2{X: c.X + 0.06, Z: c.Z - 0.06}, Radius: 0.06, From: math.Pi / 2, To: math.Pi})
			}
			s := mustSim(t, w, Config{})
			p := w.TileCenter(tc.tile[0], tc.tile[1])
			s.SetPose(world.Pose{Pos: geom.Vec2{X: p.X + tc.off.X, Z: p.Z + tc.off.Z}, Yaw: tc.yaw})
			setWheels(t, s, 6.28, 6.28)
			start := s.Pose().Pos
			for i := 0; i < 300; i++ {
				steps(t, s, 1)
				if pen := maxPen(s); pen > 2e-9 {
					t.Fatalf("step %d: body overlaps by %g m at %+v", i, pen, s.Pose().Pos)
				}
			}
			end := s.Pose().Pos
			if math.Hypot(end.X-start.X, end.Z-start.Z) < 0.005 {
				t.Errorf("robot did not move (from %+v to %+v)", start, end)
			}
			if !inContact(s) {
				t.Errorf("robot stopped short of contact at %+v, want within 2.5 mm of a solid", end)
			}
			if tc.name == "arc" {
				a := w.Arcs[len(w.Arcs)-1]
				d := math.Hypot(end.X-a.Center.X, end.Z-a.Center.Z)
				if d < a.Radius+halfWall+DefaultBodyRadius-1e-9 {
					t.Errorf("robot centre %g m from the arc centre: it went through the arc", d)
				}
			}
		})
	}
}

func TestObstacleStopsRobot(t *testing.T) {
	w := mustWorld(t, arena(1, 3, nil))
	c := w.TileCenter(0, 2)
	o := w.TileCenter(0, 1)
	w.Obstacles = append(w.Obstacles, world.Obstacle{Center: o, Half: geom.Vec2{X: 0.02, Z: 0.01}, Yaw: 0.3, Height: 0.05})
	s := mustSim(t, w, Config{})
	s.SetPose(world.Pose{Pos: c, Yaw: 0})
	setWheels(t, s, 5, 5)
	for i := 0; i < 200; i++ {
		steps(t, s, 1)
		if pen := maxPen(s); pen > 2e-9 {
			t.Fatalf("step %d: overlaps by %g", i, pen)
		}
	}
	if z := s.Pose().Pos.Z; z < o.Z {
		t.Errorf("robot at z=%g passed the obstacle at z=%g", z, o.Z)
	}
	if !inContact(s) {
		t.Errorf("robot stopped short of the obstacle at %+v", s.Pose().Pos)
	}
}

func TestHoleFall(t *testing.T) {
	// Hole in tile (0,0) of a 1×3 corridor; the robot drives into it.
	w := mustWorld(t, arena(1, 3, map[[2]int]byte{{0, 0}: 'X'}))
	s := mustSim(t, w, Config{})
	s.SetPose(world.Pose{Pos: w.TileCenter(0, 2), Yaw: 0})
	setWheels(t, s, 6.28, 6.28)
	// The robot falls once its centre is over the opening, inside the 16 mm
	// rims (worldTile.proto l.366-418), not when it reaches the tile.
	edge := w.TileCenter(0, 0).Z + erebus.HoleOpening/2
	fellAt := -1
	for i := 0; i < 300 && fellAt < 0; i++ {
		steps(t, s, 1)
		if s.Pose().Pos.Z < edge {
			if s.Y() >= -0.03 && !s.falling {
				t.Fatalf("centre over the hole (z=%g) but not falling", s.Pose().Pos.Z)
			}
		} else if s.Y() != world.FloorY {
			t.Fatalf("robot at y=%g at z=%g, before the hole's opening (its rim starts at %g)", s.Y(), s.Pose().Pos.Z, edge+erebus.HoleRim)
		}
		if s.Y() < -0.035 {
			fellAt = i
		}
	}
	if fellAt < 0 {
		t.Fatalf("robot never fell below −0.035 (y=%g, pos %+v)", s.Y(), s.Pose().Pos)
	}
	p := s.Pose().Pos
	steps(t, s, 50)
	if q := s.Pose().Pos; q != p {
		t.Errorf("robot kept moving in the hole: %+v → %+v", p, q)
	}
	if s.Y() != fallenY {
		t.Errorf("robot rests at y=%g, want %g", s.Y(), fallenY)
	}
	if v := s.Velocity(); v != [6]float64{} {
		t.Errorf("robot at the bottom of a hole has velocity %v, want 0", v)
	}
}

// TestFallOffTheArena: Erebus's tiles are the only floor (worldTile.proto's
// FLOOR box; the worlds have no ground), so a robot that drives out through
// a gap in the outer wall falls once its centre is past the last tile's
// edge, and below y −0.035 the referee relocates it. The simulator used to
// give the outside a floor of its own: in more-worlds Awesome_world__4_
// (no outer wall at all) the robot drove outside the arena for most of its
// game.
func TestFallOffTheArena(t *testing.T) {
	// A 1×2 corridor whose top side has no wall.
	src := arena(1, 2, nil)
	src = "+   +" + src[5:] // the first line, "+-+-+", without its wall
	w := mustWorld(t, src)
	s := mustSim(t, w, Config{})
	s.SetPose(world.Pose{Pos: w.TileCenter(0, 1), Yaw: 0})
	setWheels(t, s, 6.28, 6.28)
	edge := w.TileCenter(0, 0).Z - world.TileSize/2
	fell := false
	for i := 0; i < 400 && !fell; i++ {
		steps(t, s, 1)
		z := s.Pose().Pos.Z
		if z >= edge && s.Y() != world.FloorY {
			t.Fatalf("robot at y=%g at z=%g, still over the tile (its edge is at z=%g)", s.Y(), z, edge)
		}
		fell = s.Y() < -0.035
	}
	if !fell {
		t.Fatalf("robot never fell below −0.035 (y=%g, pos %+v): it drove on outside the arena", s.Y(), s.Pose().Pos)
	}
}
