package exit

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// TestRulesFromGPSNoise: with rules auto, exit tells Erebus v26.1 from the
// GPS noise it gives every robot (σ erebus.V26Rules.GPSAccuracy,
// docs/erebus-v26.md §9) while the robot drives, stops and turns; v25.0.1's
// GPS has none, and rescuekit's own seeded noise (σ 1 mm) is not v26.1's.
func TestRulesFromGPSNoise(t *testing.T) {
	v26 := erebus.V26Rules.GPSAccuracy
	cases := []struct {
		name    string
		param   string
		sigma   float64
		want    erebus.Version
		wantObs bool // obstacles in the map matrix
	}{
		{"v25 no noise", "auto", 0, erebus.V25, false},
		{"v25 with 1 mm of seeded noise", "auto", 0.001, erebus.V25, false},
		{"v26", "auto", v26, erebus.V26, true},
		{"v26 with 1 mm of seeded noise", "auto", math.Hypot(v26, 0.001), erebus.V26, true},
		{"given v25 whatever the noise", "v25", v26, erebus.V25, false},
		{"given v26", "v26", 0, erebus.V26, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := New().(*Exit)
			if err := x.Configure(context.Background(), sdk.Config{Params: map[string]string{"rules": c.param}}); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			var p geom.Vec2
			for i := 1; i <= 400; i++ {
				// Drive 0.1 m/s along −Z, stop, then turn on the spot.
				switch {
				case i < 150:
					p.Z -= 0.0032
				case i < 250:
				default:
					p.X += 0.0001 * math.Cos(float64(i)*0.15)
				}
				obs := &pluginpb.Observation{Step: uint64(i), SimTime: 0.032 * float64(i), State: "explore",
					Gps: &pluginpb.Vec3{X: p.X + c.sigma*rng.NormFloat64(), Z: p.Z + c.sigma*rng.NormFloat64()}}
				if _, err := x.Step(context.Background(), obs); err != nil {
					t.Fatal(err)
				}
			}
			if got := x.Rules().Version; got != c.want {
				t.Errorf("rules %v, want %v", got, c.want)
			}
			if got := x.obstaclesInAnswer(); got != c.wantObs {
				t.Errorf("obstacles in the map %v, want %v", got, c.wantObs)
			}
		})
	}
	if err := New().(*Exit).Configure(context.Background(), sdk.Config{Params: map[string]string{"rules": "v24"}}); err == nil {
		t.Error("rules v24: no error")
	}
}

// TestRulesUndecided: until the GPS has told the version, the time plan
// assumes v26.1's costlier swamps and the map holds no 'x'.
func TestRulesUndecided(t *testing.T) {
	x := New().(*Exit)
	if x.Rules().Version != erebus.V26 || x.obstaclesInAnswer() {
		t.Errorf("before any GPS: rules %v, obstacles %v; want v26.1 for the time plan and no obstacles", x.Rules().Version, x.obstaclesInAnswer())
	}
}
