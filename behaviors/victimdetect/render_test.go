package victimdetect

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

// rig renders the default robot's cameras at chosen poses.
type rig struct {
	w    *world.World
	s    *sim.Sim
	cams map[string]hal.Camera
}

func newRig(t testing.TB, w *world.World) *rig {
	t.Helper()
	return newRigWith(t, w, sim.Config{})
}

// newRigWith is newRig with the simulator's configuration cfg (Erebus's
// textures).
func newRigWith(t testing.TB, w *world.World, cfg sim.Config) *rig {
	t.Helper()
	s, err := sim.New(w, cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{w: w, s: s, cams: map[string]hal.Camera{}}
	for _, m := range DefaultMounts {
		c, err := hal.Lookup[hal.Camera](s, m.Name)
		if err != nil {
			t.Fatal(err)
		}
		c.Enable(16)
		r.cams[m.Name] = c
	}
	return r
}

// shoot puts the robot at p and returns the frame of camera name.
func (r *rig) shoot(t testing.TB, p world.Pose, name string) []byte {
	t.Helper()
	r.s.SetPose(p)
	if err := r.s.Step(16); err != nil {
		t.Fatal(err)
	}
	return r.cams[name].Image(nil)
}

// clearance is the distance from p to the nearest wall's centre line.
func clearance(w *world.World, p geom.Vec2) float64 {
	best := math.Inf(1)
	for _, s := range w.Walls {
		dx, dz := s.B.X-s.A.X, s.B.Z-s.A.Z
		l2 := dx*dx + dz*dz
		u := 0.0
		if l2 > 0 {
			u = math.Max(0, math.Min(1, ((p.X-s.A.X)*dx+(p.Z-s.A.Z)*dz)/l2))
		}
		best = math.Min(best, math.Hypot(p.X-s.A.X-u*dx, p.Z-s.A.Z-u*dz))
	}
	for _, a := range w.Arcs {
		best = math.Min(best, math.Abs(math.Hypot(p.X-a.Center.X, p.Z-a.Center.Z)-a.Radius))
	}
	return best
}

// cameraPose returns the robot pose that puts camera m at c with its
// optical axis at heading yaw (nav convention).
func cameraPose(m Mount, c geom.Vec2, yaw float64) world.Pose {
	ry := yaw - m.Yaw
	cs, sn := math.Cos(ry), math.Sin(ry)
	return world.Pose{Pos: geom.Vec2{X: c.X - (m.X*cs + m.Z*sn), Z: c.Z - (-m.X*sn + m.Z*cs)}, Yaw: ry}
}

// mountNamed returns the default mount of the camera called name.
func mountNamed(t testing.TB, name string) Mount {
	t.Helper()
	for _, m := range DefaultMounts {
		if m.Name == name {
			return m
		}
	}
	t.Fatalf("no camera %q in DefaultMounts", name)
	return Mount{}
}

// sharedWorld loads a world of ../shared/erebus/worlds, or skips.
func sharedWorld(t testing.TB, name string) *world.World {
	t.Helper()
	w, err := world.Load(sharedtest.Path(t, "erebus", "worlds", name+".wbt"))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// genWorld generates an arena with many signs of every type.
func genWorld(t testing.TB, seed int64) *world.World {
	t.Helper()
	w, err := worldgen.Generate(worldgen.Options{Seed: seed, Cols: 6, Rows: 6, Victims: 8, Hazards: 8, Rules: erebus.V25})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// viewpoint returns where a camera d m from a sign at p facing n stands
// when it looks from adeg degrees off the normal (the normal turned by
// adeg), and the yaw that looks straight at the sign from there.
func viewpoint(p, n geom.Vec2, d, adeg float64) (geom.Vec2, float64) {
	a := adeg * math.Pi / 180
	dir := geom.Vec2{X: n.X*math.Cos(a) - n.Z*math.Sin(a), Z: n.X*math.Sin(a) + n.Z*math.Cos(a)}
	c := p.Add(dir.Scale(d))
	return c, math.Atan2(c.X-p.X, c.Z-p.Z)
}

func toNav(p world.Pose) nav.Pose {
	return nav.Pose{Vec2: p.Pos, Yaw: p.Yaw}
}

// visible reports whether the straight line from c to the sign at p
// crosses no wall centre line (the sign's own wall is 0.0056 behind it).
func visible(w *world.World, c, p geom.Vec2) bool {
	cross := func(a, b, q, r geom.Vec2) bool {
		d := (b.X-a.X)*(r.Z-q.Z) - (b.Z-a.Z)*(r.X-q.X)
		if d == 0 {
			return false
		}
		u := ((q.X-a.X)*(r.Z-q.Z) - (q.Z-a.Z)*(r.X-q.X)) / d
		v := ((q.X-a.X)*(b.Z-a.Z) - (q.Z-a.Z)*(b.X-a.X)) / d
		return u > 0 && u < 1 && v >= -0.001 && v <= 1.001
	}
	for _, s := range w.Walls {
		if cross(c, p, s.A, s.B) {
			return false
		}
	}
	return true
}
