package sim

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/sim/world"
)

// generic returns the default robot with its distance sensors of Webots type
// "generic" (geometric distances).
func generic() RobotSpec {
	s := DefaultRobot()
	for i := range s.Devices {
		s.Devices[i].InfraRed = false
	}
	return s
}

// readAll returns the distance readings ps0…ps7 of a robot at pose p in w.
func readAll(t *testing.T, w *world.World, spec RobotSpec, p world.Pose) [8]float64 {
	t.Helper()
	s := mustSim(t, w, Config{Robot: spec})
	s.SetPose(p)
	enableAll(t, s, 16)
	steps(t, s, 1)
	var out [8]float64
	for i, n := range erebus.DistanceSensorNames {
		d, err := hal.Lookup[hal.DistanceSensor](s, n)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = d.Value()
	}
	return out
}

// TestInfraRedResponse checks the Webots infra-red response
// (distancesensor.md "Infra-Red Sensors": the distance divided by
// f = 0.2 + 0.8·red, then the lookup table [0 0 0, 0.8 0.8 0]): a teal
// wall (red 0.2, f 0.36) and a grey obstacle (red 0.45, f 0.56) against the
// same sensors of type "generic".
func TestInfraRedResponse(t *testing.T) {
	if !near(erebus.WallInfraRed, 0.36, 1e-12) || !near(erebus.ObstacleInfraRed, 0.56, 1e-12) {
		t.Fatalf("factors %g, %g: want 0.36, 0.56", erebus.WallInfraRed, erebus.ObstacleInfraRed)
	}
	walls := mustWorld(t, arena(2, 2, nil))
	obst := mustWorld(t, arena(3, 3, nil))
	oc := obst.TileCenter(1, 0)
	obst.Obstacles = append(obst.Obstacles, world.Obstacle{Center: geom.Vec2{X: oc.X, Z: oc.Z + 0.02}, Half: geom.Vec2{X: 0.03, Z: 0.01}, Height: 0.05})
	tests := []struct {
		name   string
		w      *world.World
		pose   world.Pose
		sensor int
		f      float64
	}{
		{"wall ahead", walls, world.Pose{Pos: walls.TileCenter(0, 0)}, 0, 0.36},
		{"wall ahead, turned", walls, world.Pose{Pos: walls.TileCenter(1, 1), Yaw: 0.5}, 7, 0.36},
		{"wall right", walls, world.Pose{Pos: walls.TileCenter(0, 1)}, 2, 0.36},
		{"obstacle ahead", obst, world.Pose{Pos: obst.TileCenter(1, 1)}, 0, 0.56},
		{"obstacle ahead, ps7", obst, world.Pose{Pos: obst.TileCenter(1, 1)}, 7, 0.56},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ir := readAll(t, tc.w, DefaultRobot(), tc.pose)
			geo := readAll(t, tc.w, generic(), tc.pose)
			d := geo[tc.sensor]
			if d >= DistanceRange {
				t.Fatalf("ps%d sees nothing geometrically", tc.sensor)
			}
			want := math.Min(d/tc.f, DistanceRange)
			if got := ir[tc.sensor]; !near(got, want, 1e-12) {
				t.Errorf("ps%d reads %.6f at %.6f m, want %.6f (d/%.2f)", tc.sensor, got, d, want, tc.f)
			}
		})
	}
	// Beyond 0.288 m a wall reads the range.
	far := mustWorld(t, arena(5, 6, nil))
	p := world.Pose{Pos: far.TileCenter(2, 5)}
	if geo, ir := readAll(t, far, generic(), p), readAll(t, far, DefaultRobot(), p); !(geo[0] > 0.3 && ir[0] == DistanceRange) {
		t.Errorf("a wall %.3f m ahead reads %.4f, want the range %g", geo[0], ir[0], DistanceRange)
	}
}

// TestGPSAccuracy checks the GPS noise of each rule set: none in v25.0.1,
// σ 2.5 mm per coordinate in v26.1 (erebus.Rules.GPSAccuracy; Webots gps.md
// accuracy). The seed fixes the samples, so the bounds are checked once.
func TestGPSAccuracy(t *testing.T) {
	for _, rules := range []erebus.Rules{erebus.V25Rules, erebus.V26Rules} {
		t.Run(rules.String(), func(t *testing.T) {
			// The world's own rules decide (Config.Rules left nil).
			w := mustWorld(t, arena(2, 2, nil))
			w.Rules = rules
			s := mustSim(t, w, Config{Seed: 7})
			g, _ := hal.Lookup[hal.GPS](s, "gps")
			g.Enable(16)
			const n = 4000
			var sum, sq float64
			for i := 0; i < n; i++ {
				steps(t, s, 1)
				v := g.Values()
				for k, truth := range [3]float64{s.Pose().Pos.X, s.Y(), s.Pose().Pos.Z} {
					e := v[k] - truth
					sum += e
					sq += e * e
				}
			}
			mean, sd := sum/(3*n), math.Sqrt(sq/(3*n))
			want := rules.GPSAccuracy
			if want == 0 {
				if sq != 0 {
					t.Errorf("GPS error σ %g, want exact", sd)
				}
				return
			}
			if math.Abs(sd-want) > 0.05*want || math.Abs(mean) > 0.05*want {
				t.Errorf("GPS error mean %.5f σ %.5f m, want 0 and %.4f", mean, sd, want)
			}
		})
	}
}

// TestAccelerometerNoiseIsRelative checks the proto's lookupTable noise
// (0.003 of the reading): at rest y scatters by 0.3 % of 9.81, x and z
// read exactly 0.
func TestAccelerometerNoiseIsRelative(t *testing.T) {
	w := mustWorld(t, arena(2, 2, nil))
	s := mustSim(t, w, Config{Seed: 3})
	a, _ := hal.Lookup[hal.Accelerometer](s, "accelerometer")
	a.Enable(16)
	const n = 4000
	var sum, sq float64
	for i := 0; i < n; i++ {
		steps(t, s, 1)
		v := a.Values()
		if v[0] != 0 || v[2] != 0 {
			t.Fatalf("at rest x, z = %g, %g: want 0 (no noise on a zero reading)", v[0], v[2])
		}
		sum += v[1]
		sq += (v[1] - 9.81) * (v[1] - 9.81)
	}
	want := 0.003 * 9.81
	if m, sd := sum/n, math.Sqrt(sq/n); !near(m, 9.81, 0.05*want) || math.Abs(sd-want) > 0.05*want {
		t.Errorf("y mean %.4f σ %.5f, want 9.81 and %.5f", m, sd, want)
	}
}

// TestCollisionShape checks the shape: the body and the 11 device spheres
// that stick out of it (ps0…ps7 3 mm, the cameras 7 mm); the centre camera's
// reaches 0.042 m ahead (rules §5).
func TestCollisionShape(t *testing.T) {
	shape, reach := collisionShape(DefaultRobot())
	if len(shape) != 12 || shape[0].r != erebus.BodyRadius {
		t.Fatalf("shape %v: want the body and 11 spheres", shape)
	}
	if !near(reach, 0.042, 1e-12) {
		t.Errorf("reach %g, want 0.042", reach)
	}
}

// TestTurnAgainstWall spins the robot beside a wall it nearly touches: the
// device spheres never enter the wall (the old body-only model let them);
// turning towards the wall, the centre camera's sphere pushes the robot off
// it (a rigid contact pushes the bodies apart) by what it would have
// overlapped, about 0.3 mm; turning away, nothing touches and the robot
// stays where it is.
func TestTurnAgainstWall(t *testing.T) {
	w := mustWorld(t, arena(1, 1, nil))
	c := w.TileCenter(0, 0)
	right := c.X + world.TileSize/2 - halfWall // the right wall's face
	// 0.0417 m from the wall: every part but the centre camera's sphere
	// (0.042 m from the centre; ps3's reaches 0.0414 m) clears it.
	start := geom.Vec2{X: right - 0.0417, Z: c.Z}
	for _, tc := range []struct {
		name     string
		l, r     float64
		pushedAt float64 // how far the robot ends up pushed off the wall
	}{
		{"towards the wall", 6.28, -6.28, 0.0003},
		{"away from the wall", -6.28, 6.28, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustSim(t, w, Config{})
			s.SetPose(world.Pose{Pos: start})
			setWheels(t, s, tc.l, tc.r)
			turned := 0.0
			for i := 0; i < 30; i++ {
				y0 := s.Pose().Yaw
				steps(t, s, 1)
				if pen := maxPen(s); pen > 2e-9 {
					t.Fatalf("step %d: a part overlaps the wall by %g m (yaw %.3f)", i, pen, s.Pose().Yaw)
				}
				turned += math.Abs(normAngle(s.Pose().Yaw - y0))
			}
			full := 30 * 0.016 * DefaultWheelRadius * 12.56 / DefaultAxle // 30 steps at full speed
			if !near(turned, full, 1e-9) {
				t.Errorf("turned %.3f rad, want the whole %.3f", turned, full)
			}
			if pushed := start.X - s.Pose().Pos.X; math.Abs(pushed-tc.pushedAt) > 0.0002 {
				t.Errorf("pushed %.5f m off the wall, want %.4f", pushed, tc.pushedAt)
			}
		})
	}
}

// TestEncoderResolution checks the wheel sensors' resolution 0.00628 rad
// (proto l.52): readings are multiples of it, within half of it of the
// wheel's angle.
func TestEncoderResolution(t *testing.T) {
	w := mustWorld(t, arena(3, 3, nil))
	s := mustSim(t, w, Config{})
	s.SetPose(world.Pose{Pos: w.TileCenter(1, 1)})
	enableAll(t, s, 16)
	setWheels(t, s, 1.234, -0.77)
	steps(t, s, 7)
	for _, tc := range []struct {
		name string
		want float64
	}{{erebus.LeftEncoder, 1.234 * 7 * 0.016}, {erebus.RightEncoder, -0.77 * 7 * 0.016}} {
		p, _ := hal.Lookup[hal.PositionSensor](s, tc.name)
		v := p.Value()
		if k := v / erebus.EncoderResolution; math.Abs(k-math.Round(k)) > 1e-9 || math.Abs(v-tc.want) > erebus.EncoderResolution/2 {
			t.Errorf("%s = %g, want the multiple of %g nearest %g", tc.name, v, erebus.EncoderResolution, tc.want)
		}
	}
}
