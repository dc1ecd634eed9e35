package nav_test

import (
	"bytes"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// obsAt returns an Observation at pose p with the given wheel readings.
func obsAt(step uint64, p geom.Vec2, wl, wr float64) *pluginpb.Observation {
	return &pluginpb.Observation{
		Step: step, SimTime: float64(step) * 0.032,
		Gps:            &pluginpb.Vec3{X: p.X, Y: -0.03, Z: p.Z},
		WheelPositions: &pluginpb.WheelPositions{Left: wl, Right: wr},
	}
}

func TestTrackerStartYaw(t *testing.T) {
	for _, yaw := range nav.StartYaws {
		t.Run("", func(t *testing.T) {
			tr := nav.NewTracker(nav.DefaultRobot())
			start := geom.Vec2{X: 0.3, Z: -0.2}
			// Drive straight ahead 5 cm in 25 steps; a slight GPS offset
			// stands for noise.
			var w float64
			for i := 0; i <= 25; i++ {
				d := 0.002 * float64(i)
				p := nav.Pose{Vec2: start, Yaw: yaw}.Forward(d)
				p.X += 0.0005 * float64(i%2)
				w = d / 0.02
				tr.Update(obsAt(uint64(i+1), p, w, w))
			}
			if !tr.YawKnown() {
				t.Fatal("yaw not known after a 5 cm straight run")
			}
			if got := tr.Pose().Yaw; math.Abs(nav.WrapAngle(got-yaw)) > 1e-9 {
				t.Errorf("yaw %.4f, want the start yaw %.4f", got, yaw)
			}
		})
	}
}

func TestTrackerTurnAndRelocation(t *testing.T) {
	tr := nav.NewTracker(nav.DefaultRobot())
	p := geom.Vec2{}
	tr.Update(obsAt(1, p, 0, 0))
	for i := 2; i <= 30; i++ { // straight run facing yaw 0 (−Z)
		p.Z -= 0.002
		w := float64(i-1) * 0.1
		tr.Update(obsAt(uint64(i), p, w, w))
	}
	// Turn on the spot by +90°: the right wheel forward, the left back.
	r := nav.DefaultRobot()
	dw := (math.Pi / 2) * r.Axle / (2 * r.WheelRadius)
	base := 2.9
	tr.Update(obsAt(31, p, base-dw, base+dw))
	if got := tr.Pose().Yaw; math.Abs(got-math.Pi/2) > 0.01 {
		t.Errorf("yaw after a quarter turn %.3f, want π/2", got)
	}
	// A relocation: the GPS jumps, the yaw is 0 again.
	o := obsAt(32, geom.Vec2{X: 0.5, Z: 0.5}, base-dw, base+dw)
	o.Inbox = []*pluginpb.Inbound{{Kind: &pluginpb.Inbound_LackOfProgress{LackOfProgress: &pluginpb.LackOfProgress{}}}}
	tr.Update(o)
	if !tr.Relocated() || tr.Pose().Yaw != 0 || tr.Pose().X != 0.5 {
		t.Errorf("after 'L': relocated %v pose %+v, want relocated at (0.5, 0.5) yaw 0", tr.Relocated(), tr.Pose())
	}
}

// readings ray-casts the default robot's distance sensors at pose p
// against axis-aligned wall lines: x = xs[i] and z = zs[i], each infinite,
// and reads them as Erebus's infra-red sensors read a teal wall: d/0.36,
// at most 0.8 (Webots distancesensor.md "Infra-Red Sensors").
func readings(p nav.Pose, xs, zs []float64) []float64 {
	r := nav.DefaultRobot()
	out := make([]float64, len(r.Distance))
	sn, cs := math.Sin(p.Yaw), math.Cos(p.Yaw)
	for i, s := range r.Distance {
		o := geom.Vec2{X: p.X + s.X*cs + s.Z*sn, Z: p.Z - s.X*sn + s.Z*cs}
		a := p.Yaw + s.Angle
		dx, dz := -math.Sin(a), -math.Cos(a)
		best := math.Inf(1)
		for _, x := range xs {
			if math.Abs(dx) > 1e-9 {
				if d := (x - 0.005*math.Copysign(1, dx) - o.X) / dx; d > 0 && d < best {
					best = d
				}
			}
		}
		for _, z := range zs {
			if math.Abs(dz) > 1e-9 {
				if d := (z - 0.005*math.Copysign(1, dz) - o.Z) / dz; d > 0 && d < best {
					best = d
				}
			}
		}
		out[i] = math.Min(best/0.36, r.DistanceMax)
	}
	return out
}

func TestMapWallsFromReadings(t *testing.T) {
	start := geom.Vec2{X: 0.06, Z: 0.06} // the start tile spans 0..0.12
	cases := []struct {
		name     string
		xs, zs   []float64
		yaws     []float64
		walls    [][2]int // cells (row, col) relative to the start tile's top-left corner
		notWalls [][2]int
	}{
		{
			name: "wall ahead on the tile edge", zs: []float64{0}, yaws: []float64{0, 0.4, -0.4},
			walls:    [][2]int{{0, 1}, {0, 2}, {0, 3}},
			notWalls: [][2]int{{2, 2}, {4, 2}},
		},
		{
			name: "walls left and right", xs: []float64{0, 0.12}, yaws: []float64{0, 0.3, -0.3, 1.57},
			walls:    [][2]int{{1, 0}, {2, 0}, {3, 0}, {1, 4}, {2, 4}, {3, 4}},
			notWalls: [][2]int{{0, 2}, {2, 2}},
		},
		{
			name: "half wall ahead on the next tile's middle line", zs: []float64{-0.06}, yaws: []float64{0, 0.3, -0.3},
			walls:    [][2]int{{-2, 1}, {-2, 2}, {-2, 3}},
			notWalls: [][2]int{{0, 2}, {-4, 2}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := nav.NewMap(start, nav.DefaultRobot(), nav.DefaultMapConfig())
			r0, c0 := m.Cell(geom.Vec2{X: 0, Z: 0})
			for step, yaw := range c.yaws {
				for k := 0; k < 3; k++ {
					p := nav.Pose{Vec2: start, Yaw: yaw}
					m.Integrate(&pluginpb.Observation{Step: uint64(step*3 + k), Distance: readings(p, c.xs, c.zs)}, p)
				}
			}
			for _, w := range c.walls {
				if !m.Wall(r0+w[0], c0+w[1]) {
					t.Errorf("cell %v is not a wall, want one", w)
				}
			}
			for _, w := range c.notWalls {
				if m.Wall(r0+w[0], c0+w[1]) {
					t.Errorf("cell %v is a wall, want none", w)
				}
			}
		})
	}
}

func TestMapColour(t *testing.T) {
	cases := []struct {
		rgb  [3]uint32
		want nav.Floor
	}{
		{[3]uint32{162, 162, 162}, nav.FloorPlain},
		{[3]uint32{0, 0, 0}, nav.FloorHole},
		{[3]uint32{140, 100, 45}, nav.FloorSwamp},
		{[3]uint32{225, 230, 240}, nav.FloorCheckpoint},
		{[3]uint32{26, 26, 230}, nav.FloorBlue},
		{[3]uint32{230, 230, 26}, nav.FloorYellow},
		{[3]uint32{70, 70, 70}, nav.FloorUnknown},
	}
	for _, c := range cases {
		if got := nav.ClassifyColour(c.rgb[0], c.rgb[1], c.rgb[2]); got != c.want {
			t.Errorf("ClassifyColour(%v) = %v, want %v", c.rgb, got, c.want)
		}
	}
	// A hole seen just ahead goes to the tile ahead, not the robot's.
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	p := nav.Pose{Vec2: geom.Vec2{X: 0, Z: -0.028}, Yaw: 0} // sensor 2 mm past the tile edge
	m.Integrate(&pluginpb.Observation{Colour: &pluginpb.Colour{}}, p)
	sr, sc := m.StartTile()
	if m.Floor(sr, sc) == nav.FloorHole || m.Floor(sr-1, sc) != nav.FloorHole {
		t.Errorf("hole attributed to start %v / tile ahead %v, want the tile ahead", m.Floor(sr, sc), m.Floor(sr-1, sc))
	}
}

// corridor returns a map of a 5×1 corridor of tiles east of the start,
// walled all round, with the given floors.
func corridor(floors ...nav.Floor) *nav.Map {
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc := m.StartTile()
	r0, c0 := 4*sr, 4*sc
	n := len(floors)
	for c := 0; c <= 4*n; c++ {
		m.SetWall(r0, c0+c)
		m.SetWall(r0+4, c0+c)
	}
	for r := 0; r <= 4; r++ {
		m.SetWall(r0+r, c0)
		m.SetWall(r0+r, c0+4*n)
	}
	for i, f := range floors {
		m.SetFloor(sr, sc+i, f)
	}
	return m
}

func TestPlan(t *testing.T) {
	P, H, S := nav.FloorPlain, nav.FloorHole, nav.FloorSwamp
	cases := []struct {
		name   string
		m      func() *nav.Map
		to     [2]int // tile (row, col) relative to the start
		ok     bool
		minLen float64
		maxLen float64
		avoid  [][2]int // tiles the path must not touch
	}{
		{"straight corridor", func() *nav.Map { return corridor(P, P, P, P) }, [2]int{0, 3}, true, 0.36, 0.37, nil},
		{"hole across the corridor", func() *nav.Map { return corridor(P, H, P, P) }, [2]int{0, 3}, false, 0, 0, nil},
		{"hole in a wide room is avoided", func() *nav.Map { return room(3, 3, [2]int{1, 1}, H) }, [2]int{2, 2}, true, 0.24, 0.5, [][2]int{{1, 1}}},
		{"swamp is gone round when it is cheaper", func() *nav.Map { return room(3, 3, [2]int{1, 1}, S) }, [2]int{2, 1}, true, 0.24, 0.5, [][2]int{{1, 1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := c.m()
			sr, sc := m.StartTile()
			from := m.Start()
			to := m.TileCenter(sr+c.to[0], sc+c.to[1])
			path, _, ok := m.PlanTo(from, to, nav.DefaultCosts())
			if ok != c.ok {
				t.Fatalf("reachable %v, want %v (path %v)", ok, c.ok, path)
			}
			if !ok {
				return
			}
			if l := path.Length(); l < c.minLen-1e-9 || l > c.maxLen+1e-9 {
				t.Errorf("path length %.3f, want %.2f..%.2f: %v", l, c.minLen, c.maxLen, path)
			}
			if last := path[len(path)-1]; last.Dist(to) > 1e-9 {
				t.Errorf("path ends at %v, want %v", last, to)
			}
			// Sample the path every centimetre.
			for i := 1; i < len(path); i++ {
				a, b := path[i-1], path[i]
				n := int(a.Dist(b)/0.01) + 1
				for k := 0; k <= n; k++ {
					q := geom.Vec2{X: a.X + (b.X-a.X)*float64(k)/float64(n), Z: a.Z + (b.Z-a.Z)*float64(k)/float64(n)}
					tr, tc, _ := m.TileOf(q)
					for _, av := range c.avoid {
						if tr == sr+av[0] && tc == sc+av[1] {
							t.Fatalf("path enters tile %v at %v: %v", av, q, path)
						}
					}
				}
			}
		})
	}
}

// room returns a map of an open rows×cols room with the start tile in its
// top-left corner and floor f on one tile.
func room(rows, cols int, at [2]int, f nav.Floor) *nav.Map {
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc := m.StartTile()
	r0, c0 := 4*sr, 4*sc
	for c := 0; c <= 4*cols; c++ {
		m.SetWall(r0, c0+c)
		m.SetWall(r0+4*rows, c0+c)
	}
	for r := 0; r <= 4*rows; r++ {
		m.SetWall(r0+r, c0)
		m.SetWall(r0+r, c0+4*cols)
	}
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			m.SetFloor(sr+r, sc+c, nav.FloorPlain)
		}
	}
	m.SetFloor(sr+at[0], sc+at[1], f)
	return m
}

func TestMapRoundTrip(t *testing.T) {
	m := room(3, 4, [2]int{1, 2}, nav.FloorSwamp)
	m.SetFloor(32, 33, nav.FloorCheckpoint)
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	d, err := nav.DecodeMap(b, nav.DefaultRobot())
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := d.MarshalBinary()
	if !bytes.Equal(b, b2) {
		t.Error("a decoded map encodes differently")
	}
	if d.Start() != m.Start() {
		t.Errorf("start %v, want %v", d.Start(), m.Start())
	}
	got, want := d.Matrix(nil), m.Matrix(nil)
	if len(got) != len(want) {
		t.Fatalf("matrix %d rows, want %d", len(got), len(want))
	}
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Fatalf("cell (%d,%d) = %q, want %q", i, j, got[i][j], want[i][j])
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	good, _ := room(2, 2, [2]int{0, 1}, nav.FloorPlain).MarshalBinary()
	cases := map[string][]byte{
		"empty":     nil,
		"bad magic": append([]byte("XXXX"), good[4:]...),
		"truncated": good[:len(good)-1],
		"too long":  append(append([]byte(nil), good...), 0),
	}
	for name, b := range cases {
		if _, err := nav.DecodeMap(b, nav.DefaultRobot()); err == nil {
			t.Errorf("%s: DecodeMap accepted it", name)
		}
	}
}

func FuzzDecodeMap(f *testing.F) {
	good, _ := room(2, 3, [2]int{1, 1}, nav.FloorHole).MarshalBinary()
	f.Add(good)
	f.Add([]byte("RKM2"))
	// A room with an obstacle's readings: obstacle nodes and their
	// evidence after the node bytes.
	ob := room(2, 3, [2]int{1, 1}, nav.FloorPlain)
	for range 20 {
		for x := 0.0; x <= 0.03; x += 0.005 {
			ob.AddReading(geom.Vec2{X: ob.Start().X + 0.015 + x, Z: ob.Start().Z + 0.135})
		}
	}
	withObstacle, _ := ob.MarshalBinary()
	f.Add(withObstacle)
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := nav.DecodeMap(b, nav.DefaultRobot())
		if err != nil {
			return
		}
		again, err := m.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := nav.DecodeMap(again, nav.DefaultRobot()); err != nil {
			t.Fatalf("re-encoded map does not decode: %v", err)
		}
		_ = m.Matrix(nil)
	})
}

// lidarScan is a 512×4 Erebus lidar scan (fov 2π, vertical fov 0.2, range
// 1 m) at p, of walls along the lines x = xs and z = zs (every layer sees the
// walls; the lower layers see nothing else here).
func lidarScan(p nav.Pose, xs, zs []float64) *pluginpb.Lidar {
	const res, layers, fov, vfov, maxR = 512, 4, 2 * math.Pi, 0.2, 1.0
	ranges := make([]float32, res*layers)
	for i := range res {
		a := p.Yaw + fov/2 - float64(i)*fov/res
		dx, dz := -math.Sin(a), -math.Cos(a)
		d := math.Inf(1)
		for _, x := range xs {
			if t := (x - p.X) / dx; dx != 0 && t > 0 && t < d {
				d = t
			}
		}
		for _, z := range zs {
			if t := (z - p.Z) / dz; dz != 0 && t > 0 && t < d {
				d = t
			}
		}
		for k := range layers {
			phi := vfov/2 - float64(k)*vfov/(layers-1)
			r := d / math.Cos(phi)
			if r > maxR {
				r = math.Inf(1)
			}
			ranges[k*res+i] = float32(r)
		}
	}
	return &pluginpb.Lidar{Ranges: ranges, HorizontalResolution: res, Layers: layers, Fov: fov, VerticalFov: vfov, MinRange: 0.01, MaxRange: maxR}
}

// TestMapWallsFromLidar: a robot with a lidar and no distance sensors maps
// the walls around it, behind it too.
func TestMapWallsFromLidar(t *testing.T) {
	start := geom.Vec2{X: 0.06, Z: 0.06}
	robot := nav.DefaultRobot()
	robot.Distance = nil
	m := nav.NewMap(start, robot, nav.DefaultMapConfig())
	r0, c0 := m.Cell(geom.Vec2{X: 0, Z: 0})
	p := nav.Pose{Vec2: start, Yaw: 0.2}
	for k := range 3 {
		m.Integrate(&pluginpb.Observation{Step: uint64(k), Lidar: lidarScan(p, []float64{0, 0.24}, []float64{0.12})}, p)
	}
	for _, w := range [][2]int{{1, 0}, {2, 0}, {3, 0}, {4, 1}, {4, 2}, {4, 3}, {4, 5}, {4, 7}, {1, 8}, {3, 8}} {
		if !m.Wall(r0+w[0], c0+w[1]) {
			t.Errorf("cell %v is not a wall, want one", w)
		}
	}
	for _, w := range [][2]int{{2, 4}, {0, 2}, {2, 2}} {
		if m.Wall(r0+w[0], c0+w[1]) {
			t.Errorf("cell %v is a wall, want none", w)
		}
	}
}
