package nav_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// drivePath returns the Observations of a robot driving legs of straight
// runs (forward, 0.154 m at 0.12 m/s) and turns on the spot (1.6 rad at
// 2 rad/s), one after the other, its GPS read with noise of sigma per axis
// (seeded) and its wheels and gyro exact, and the body's yaw at each.
func drivePath(sigma float64, legs int) (obs []*pluginpb.Observation, yaw []float64) {
	r := nav.DefaultRobot()
	rng := rand.New(rand.NewPCG(7, 11))
	const dt = 0.032
	const v, w = 0.12, 2.0
	p := geom.Vec2{X: 0.1, Z: 0.2}
	var y, wl, wr float64
	add := func(gyro float64) {
		var gy [3]float64
		gy[erebus.GyroYawIndex] = gyro
		g := &pluginpb.Vec3{X: p.X + sigma*rng.NormFloat64(), Y: erebus.FloorY, Z: p.Z + sigma*rng.NormFloat64()}
		obs = append(obs, &pluginpb.Observation{Step: uint64(len(obs)), SimTime: float64(len(obs)) * dt, Gps: g,
			WheelPositions: &pluginpb.WheelPositions{Left: wl, Right: wr},
			Gyro:           &pluginpb.Vec3{X: gy[0], Y: gy[1], Z: gy[2]}})
		yaw = append(yaw, y)
	}
	add(0)
	for leg := range legs {
		if leg%2 == 0 {
			for range 40 {
				d := v * dt
				wl += d / r.WheelRadius
				wr += d / r.WheelRadius
				p = geom.Vec2{X: p.X - math.Sin(y)*d, Z: p.Z - math.Cos(y)*d}
				add(0)
			}
			continue
		}
		for range 25 {
			dw := w * dt * r.Axle / (2 * r.WheelRadius)
			wl -= dw
			wr += dw
			y += w * dt
			add(w)
		}
	}
	return obs, yaw
}

// drivePlan plays drivePath through a tracker and returns the error of its
// yaw (rad) at every step from the 40th on.
func drivePlan(sigma float64, legs int) (yawErr []float64) {
	tr := nav.NewTracker(nav.DefaultRobot())
	obs, yaw := drivePath(sigma, legs)
	for k, o := range obs {
		pose := tr.Update(o)
		if k >= 40 {
			yawErr = append(yawErr, nav.WrapAngle(pose.Yaw-yaw[k]))
		}
	}
	return yawErr
}

func rms(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x * x
	}
	return math.Sqrt(s / float64(len(xs)))
}

// TestTrackerYawUnderGPSNoise: the GPS heading of a straight run corrects
// the yaw; with Erebus v26.1's noise a run of 3 cm gave a heading 0.12 rad
// off in a typical run, so a noisier heading is blended in less. Over
// 100 straight legs of 0.15 m the yaw stays within 0.015 rad (RMS) of the
// body's, as it does with 1 mm of noise.
func TestTrackerYawUnderGPSNoise(t *testing.T) {
	for _, sigma := range []float64{0.001, erebus.V26Rules.GPSAccuracy} {
		ys := drivePlan(sigma, 200)
		if got := rms(ys); got > 0.015 {
			t.Errorf("σ %.4f m: yaw RMS error %.4f rad, want at most 0.015", sigma, got)
		} else {
			t.Logf("σ %.4f m: yaw RMS error %.4f rad", sigma, got)
		}
	}
}

// TestGPSNoise measures the noise of readings along a path driven straight
// and turned on the spot: within 10% of the σ they were read with, 0 for
// a GPS without noise; skipped steps and jumps (a relocation) are no noise.
func TestGPSNoise(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sigma float64
		skip  bool // every seventh step is not read
		jump  bool // a relocation every 50 steps
	}{
		{"no noise", 0, false, false},
		{"1 mm", 0.001, false, false},
		{"v26.1, 2.5 mm", erebus.V26Rules.GPSAccuracy, false, false},
		{"v26.1, steps skipped", erebus.V26Rules.GPSAccuracy, true, false},
		{"no noise, relocations", 0, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 5))
			var n nav.GPSNoise
			p := geom.Vec2{X: -0.3, Z: 0.1}
			for k := range 600 {
				if k%100 < 60 {
					p.X += 0.0038 // driving
				}
				if tc.jump && k%50 == 49 {
					p.Z += 0.12
				}
				if tc.skip && k%7 == 6 {
					continue
				}
				n.Add(uint64(k), geom.Vec2{X: p.X + tc.sigma*rng.NormFloat64(), Z: p.Z + tc.sigma*rng.NormFloat64()})
			}
			got := n.SD()
			if math.Abs(got-tc.sigma) > 0.1*tc.sigma+1e-12 {
				t.Errorf("σ %.5f m measured, read with %.5f (%d differences)", got, tc.sigma, n.Samples())
			}
		})
	}
	var n nav.GPSNoise
	for k := range 20 {
		n.Add(uint64(k), geom.Vec2{X: 0.001 * float64(k%2)})
	}
	if got := n.SD(); got != 0 {
		t.Errorf("σ %.5f m after %d differences, want 0 before enough of them", got, n.Samples())
	}
}

// BenchmarkTrackerUpdate is one Observation of a robot driving straight
// and turning on the spot (drivePath), its GPS read with Erebus v26.1's
// noise.
func BenchmarkTrackerUpdate(b *testing.B) {
	r := nav.DefaultRobot()
	obs, _ := drivePath(erebus.V26Rules.GPSAccuracy, 16)
	tr := nav.NewTracker(r)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if i%len(obs) == 0 {
			tr = nav.NewTracker(r)
		}
		tr.Update(obs[i%len(obs)])
	}
}
