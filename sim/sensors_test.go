package sim

import (
	"fmt"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/sim/world"
)

func enableAll(t testing.TB, s *Sim, period int) {
	t.Helper()
	for _, n := range s.DeviceNames() {
		d, _ := s.Device(n)
		if sn, ok := d.(hal.Sensor); ok {
			sn.Enable(period)
		}
	}
}

// rayToFaces is the distance from p along unit d to the inner faces of the
// axis-aligned box [x0,x1]×[z0,z1], independently of the simulator's caster.
func rayToFaces(p, d geom.Vec2, x0, x1, z0, z1 float64) float64 {
	best := math.Inf(1)
	for _, f := range []struct {
		x      bool
		v, dir float64
	}{{true, x0, d.X}, {true, x1, d.X}, {false, z0, d.Z}, {false, z1, d.Z}} {
		if f.dir == 0 {
			continue
		}
		o := p.Z
		if f.x {
			o = p.X
		}
		if tt := (f.v - o) / f.dir; tt > 0 && tt < best {
			best = tt
		}
	}
	return best
}

func TestDistanceSensors(t *testing.T) {
	// A closed 2×1 room: every ray hits one of its four walls.
	w := mustWorld(t, arena(2, 1, nil))
	c0, c1 := w.TileCenter(0, 0), w.TileCenter(1, 0)
	h := world.TileSize/2 - halfWall
	x0, x1, z0, z1 := c0.X-h, c1.X+h, c0.Z-h, c0.Z+h
	poses := []world.Pose{
		{Pos: geom.Vec2{X: (c0.X + c1.X) / 2, Z: c0.Z}, Yaw: 0},
		{Pos: geom.Vec2{X: c0.X + 0.01, Z: c0.Z - 0.005}, Yaw: 0.4},
		{Pos: geom.Vec2{X: c1.X, Z: c1.Z + 0.01}, Yaw: -2.2},
	}
	spec := DefaultRobot()
	for pi, pose := range poses {
		s := mustSim(t, w, Config{})
		s.SetPose(pose)
		enableAll(t, s, 16)
		steps(t, s, 1)
		for i := 0; i < 8; i++ {
			name := fmt.Sprintf("ps%d", i)
			t.Run(fmt.Sprintf("pose%d/%s", pi, name), func(t *testing.T) {
				ds, err := hal.Lookup[hal.DistanceSensor](s, name)
				if err != nil {
					t.Fatal(err)
				}
				var d *DeviceSpec
				for k := range spec.Devices {
					if spec.Devices[k].Name == name {
						d = &spec.Devices[k]
					}
				}
				// Independent world position and direction of the sensor.
				c, sn := math.Cos(pose.Yaw), math.Sin(pose.Yaw)
				p := geom.Vec2{X: pose.Pos.X + d.Pos[0]*c + d.Pos[2]*sn, Z: pose.Pos.Z - d.Pos[0]*sn + d.Pos[2]*c}
				dir := d.Frame.Apply(hal.Vec3{1, 0, 0})
				l := math.Hypot(dir[0], dir[2])
				wd := geom.Vec2{X: (dir[0]*c + dir[2]*sn) / l, Z: (-dir[0]*sn + dir[2]*c) / l}
				// An infra-red sensor reads a teal wall at d as d/0.36
				// (Webots distancesensor.md "Infra-Red Sensors").
				want := math.Min(DistanceRange, rayToFaces(p, wd, x0, x1, z0, z1)/0.36)
				if got := ds.Value(); !near(got, want, 1e-9) {
					t.Errorf("%s = %.6f, want %.6f", name, got, want)
				}
			})
		}
	}
}

func TestDistanceSensorDirections(t *testing.T) {
	// ps0 and ps7 look ahead, ps2 right, ps5 left, ps3 and ps4 back.
	spec := DefaultRobot()
	want := map[string]geom.Vec2{"ps0": {X: 0.25, Z: -1}, "ps7": {X: -0.25, Z: -1}, "ps2": {X: 1}, "ps5": {X: -1}, "ps3": {X: 0.5, Z: 1}, "ps4": {X: -0.5, Z: 1}}
	for _, d := range spec.Devices {
		w, ok := want[d.Name]
		if !ok {
			continue
		}
		v := d.Frame.Apply(hal.Vec3{1, 0, 0})
		l := math.Hypot(w.X, w.Z)
		if cos := (v[0]*w.X + v[2]*w.Z) / l; cos < 0.97 {
			t.Errorf("%s looks along %v, want about %+v", d.Name, v, w)
		}
	}
}

func TestColourSensorGPSGyro(t *testing.T) {
	marks := map[[2]int]byte{{0, 0}: '~', {1, 0}: 'C', {2, 0}: 'X', {3, 0}: 'b', {4, 0}: 'y', {5, 0}: ' '}
	w := mustWorld(t, arena(6, 1, marks))
	tests := []struct {
		tile int
		want rgb
	}{
		{0, rgb{140, 100, 45}},
		{1, rgb{225, 230, 240}},
		{2, rgb{0, 0, 0}},
		{3, rgb{26, 26, 230}},
		{4, rgb{230, 230, 26}},
		{5, rgb{162, 162, 162}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("tile%d", tc.tile), func(t *testing.T) {
			s := mustSim(t, w, Config{})
			c := w.TileCenter(tc.tile, 0)
			// The sensor is 0.03 m ahead of the centre: put it over the
			// tile centre, facing +X (yaw −π/2), or −X on the first tile,
			// so that the robot's back is clear of the end walls (a robot
			// put into a wall is pushed out of it: contactPush).
			pose := world.Pose{Pos: geom.Vec2{X: c.X - 0.03, Z: c.Z}, Yaw: -math.Pi / 2}
			if tc.tile == 0 {
				pose = world.Pose{Pos: geom.Vec2{X: c.X + 0.03, Z: c.Z}, Yaw: math.Pi / 2}
			}
			s.SetPose(pose)
			enableAll(t, s, 16)
			steps(t, s, 1)
			cam, err := hal.Lookup[hal.Camera](s, "colour_sensor")
			if err != nil {
				t.Fatal(err)
			}
			img := cam.Image(nil)
			if len(img) != 4 {
				t.Fatalf("colour sensor image has %d bytes, want 4", len(img))
			}
			if got := (rgb{img[2], img[1], img[0]}); got != tc.want || img[3] != 255 {
				t.Errorf("colour %+v (alpha %d), want %+v", got, img[3], tc.want)
			}
			g, _ := hal.Lookup[hal.GPS](s, "gps")
			p := s.Pose().Pos
			if v := g.Values(); v != (hal.Vec3{p.X, s.Y(), p.Z}) {
				t.Errorf("GPS %v, want the pose %+v at y %g", v, p, s.Y())
			}
			if g.Speed() != 0 {
				t.Errorf("GPS speed %g at rest", g.Speed())
			}
			a, _ := hal.Lookup[hal.Accelerometer](s, "accelerometer")
			// The identity rotation (proto l.709-710): gravity's reaction on
			// +y, with a noise of 0.3 % of the reading (σ 0.029 m/s²; 5σ
			// bound) and none on the zero x and z.
			if v := a.Values(); v[0] != 0 || v[2] != 0 || !near(v[1], 9.81, 5*0.003*9.81) {
				t.Errorf("accelerometer at rest %v, want (0, 9.81 ± 0.15, 0)", v)
			}
		})
	}
}

func TestGyroReadsYawRate(t *testing.T) {
	w := mustWorld(t, arena(3, 3, nil))
	s := mustSim(t, w, Config{})
	s.SetPose(world.Pose{Pos: w.TileCenter(1, 1)})
	enableAll(t, s, 16)
	setWheels(t, s, -3, 3)
	steps(t, s, 2)
	g, _ := hal.Lookup[hal.Gyro](s, "gyro")
	want := DefaultWheelRadius * 6 / DefaultAxle
	// The identity rotation (proto l.236-237): the yaw rate about the
	// robot's up axis is Values()[1] (erebus.GyroYawIndex).
	if v := g.Values(); v[0] != 0 || !near(v[erebus.GyroYawIndex], want, 1e-12) || v[2] != 0 {
		t.Errorf("gyro turning left %v, want (0, %g, 0)", v, want)
	}
}

// signWorld is a 1×2 corridor with a sign of letter l on the wall at the
// top, centred at camera height, and a robot facing it with its centre
// camera 0.05 m from it.
func signWorld(t *testing.T, l byte) *Sim {
	t.Helper()
	w := mustWorld(t, arena(1, 2, nil))
	c := w.TileCenter(0, 0)
	wallZ := c.Z - world.TileSize/2
	camY := world.FloorY + 0.028
	w.Signs = []world.Sign{{Letter: l, Pos: geom.Vec2{X: c.X, Z: wallZ + 0.0056}, Y: camY, Normal: geom.Vec2{Z: 1}}}
	s := mustSim(t, w, Config{})
	// camera_centre is 0.035 m ahead of the centre.
	s.SetPose(world.Pose{Pos: geom.Vec2{X: c.X, Z: wallZ + 0.0056 + 0.05 + 0.035}})
	enableAll(t, s, 16)
	steps(t, s, 1)
	return s
}

func centreImage(t *testing.T, s *Sim) ([]byte, int, int) {
	t.Helper()
	cam, err := hal.Lookup[hal.Camera](s, "camera_centre")
	if err != nil {
		t.Fatal(err)
	}
	return cam.Image(nil), cam.Width(), cam.Height()
}

func px(img []byte, w, x, y int) rgb {
	k := (y*w + x) * 4
	return rgb{img[k+2], img[k+1], img[k]}
}

func TestCameraRendersLetters(t *testing.T) {
	// At 0.05 m the 0.016 m sign spans ~18.7 of the 64 columns, centred.
	// A letter's middle column distinguishes H (black only in the middle
	// band), U (black only at the bottom) and S (black at top, middle and
	// bottom); its stroke column (a quarter in) is black for H and U over
	// most of the height.
	type profile struct{ top, mid, bot, strokeMostly bool }
	tests := []struct {
		letter byte
		want   profile
	}{
		{'H', profile{false, true, false, true}},
		{'U', profile{false, false, true, true}},
		{'S', profile{true, true, true, false}},
	}
	for _, tc := range tests {
		t.Run(string(tc.letter), func(t *testing.T) {
			s := signWorld(t, tc.letter)
			img, w, h := centreImage(t, s)
			// Find the sign: rows and columns with pure white or black.
			x0, x1, y0, y1 := w, -1, h, -1
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					if c := px(img, w, x, y); c == colWhite || c == colBlack {
						x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
					}
				}
			}
			if x1 < 0 {
				t.Fatal("no sign pixels in the image")
			}
			if sw := x1 - x0 + 1; sw < 16 || sw > 21 || x0 > 32 || x1 < 31 {
				t.Fatalf("sign spans columns %d–%d, want about 19 columns around the centre", x0, x1)
			}
			black := func(x, y int) bool { return px(img, w, x, y) == colBlack }
			mid := (x0 + x1) / 2
			hh := y1 - y0 + 1
			band := func(x int, a, b float64) bool {
				for y := y0 + int(a*float64(hh)); y <= y0+int(b*float64(hh)); y++ {
					if black(x, y) {
						return true
					}
				}
				return false
			}
			got := profile{
				top: band(mid, 0.1, 0.3),
				mid: band(mid, 0.42, 0.58),
				bot: band(mid, 0.75, 0.9),
			}
			stroke := x0 + (x1-x0+1)*3/16
			n := 0
			for y := y0 + hh/5; y <= y1-hh/5; y++ {
				if black(stroke, y) {
					n++
				}
			}
			got.strokeMostly = n*10 >= (hh-2*(hh/5))*9
			if got != tc.want {
				t.Errorf("profile %+v, want %+v", got, tc.want)
				for y := 0; y < h; y++ {
					line := ""
					for x := x0; x <= x1; x++ {
						switch px(img, w, x, y) {
						case colBlack:
							line += "#"
						case colWhite:
							line += "."
						default:
							line += " "
						}
					}
					t.Log(line)
				}
			}
		})
	}
}

func TestCameraRendersHazards(t *testing.T) {
	// Count the sign's colours in its upper and lower halves.
	tests := []struct {
		letter   byte
		top, bot rgb // dominant colour inside the diamond
	}{
		{'F', colRed, colRed},
		{'C', colWhite, colBlack},
		{'O', colRed, colYellow},
	}
	for _, tc := range tests {
		t.Run(string(tc.letter), func(t *testing.T) {
			s := signWorld(t, tc.letter)
			img, w, h := centreImage(t, s)
			x := w / 2
			var top, bot rgb
			for y := h/2 - 5; y <= h/2-3; y++ {
				top = px(img, w, x, y)
			}
			for y := h/2 + 2; y <= h/2+4; y++ {
				bot = px(img, w, x, y)
			}
			if top != tc.top || bot != tc.bot {
				t.Errorf("centre column: above %+v below %+v, want %+v and %+v", top, bot, tc.top, tc.bot)
			}
		})
	}
	t.Run("P", func(t *testing.T) {
		s := signWorld(t, 'P')
		img, w, h := centreImage(t, s)
		if c := px(img, w, w/2, h/2); c != colBlack {
			t.Errorf("poison centre %+v, want black", c)
		}
		if c := px(img, w, w/2, h/2-5); c != colWhite {
			t.Errorf("poison diamond %+v, want white", c)
		}
	})
}

func TestCameraSeesWallsFloorSky(t *testing.T) {
	w := mustWorld(t, arena(3, 3, map[[2]int]byte{{1, 0}: 'X'}))
	s := mustSim(t, w, Config{})
	s.SetPose(world.Pose{Pos: w.TileCenter(1, 2)})
	enableAll(t, s, 16)
	steps(t, s, 1)
	img, wd, h := centreImage(t, s)
	// Top row: sky above the far wall; bottom row: the floor just ahead;
	// the row just below the horizon: the far wall.
	if c := px(img, wd, wd/2, 0); c != colSky {
		t.Errorf("top row %+v, want sky", c)
	}
	if c := px(img, wd, wd/2, h-1); c != colFloor {
		t.Errorf("bottom row %+v, want floor", c)
	}
	c := px(img, wd, wd/2, h/2)
	if c == colSky || c == colFloor || c == colHole {
		t.Errorf("horizon %+v, want wall", c)
	}
	holeSeen := false
	for y := h / 2; y < h; y++ {
		if px(img, wd, wd/2, y) == colHole {
			holeSeen = true
		}
	}
	if !holeSeen {
		t.Error("the hole two tiles ahead is not visible")
	}
}

func TestLidarCustomRobot(t *testing.T) {
	spec, err := ParseRobotJSON([]byte(customJSON))
	if err != nil {
		t.Fatal(err)
	}
	w := mustWorld(t, arena(1, 1, nil))
	s := mustSim(t, w, Config{Robot: spec})
	s.SetPose(world.Pose{Pos: w.TileCenter(0, 0)})
	l, err := hal.Lookup[hal.Lidar](s, "lidar")
	if err != nil {
		t.Fatal(err)
	}
	l.Enable(16)
	steps(t, s, 1)
	img := l.RangeImage(nil)
	res, layers := l.HorizontalResolution(), l.NumberOfLayers()
	if len(img) != res*layers {
		t.Fatalf("range image has %d values, want %d", len(img), res*layers)
	}
	// In a closed tile the four axis directions see a wall face 0.055 m away.
	face := world.TileSize/2 - halfWall
	for k := 0; k < layers; k++ {
		phi := l.VerticalFOV()/2 - float64(k)*l.VerticalFOV()/float64(layers-1)
		for _, i := range []int{0, res / 4, res / 2, 3 * res / 4} {
			if got, want := float64(img[k*res+i]), face/math.Cos(phi); !near(got, want, 1e-6) {
				t.Errorf("layer %d point %d: %g, want %g", k, i, got, want)
			}
		}
	}
}
