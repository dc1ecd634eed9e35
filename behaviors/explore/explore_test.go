package explore

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

func TestDescribeAndConfigure(t *testing.T) {
	e := New().(*Explore)
	d := e.Describe()
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(d.BlackboardWrites, "map") || !slices.Equal(d.States, []string{"explore"}) {
		t.Errorf("description %+v: want state explore and blackboard key map", d)
	}
	cases := []struct {
		name    string
		params  map[string]string
		wantErr bool
	}{
		{"defaults", nil, false},
		{"faster", map[string]string{"max_wheel": "6.28"}, false},
		{"unknown", map[string]string{"speed": "1"}, true},
		{"not a number", map[string]string{"stuck_s": "soon"}, true},
		{"out of range", map[string]string{"lop_s": "25"}, true},
		{"fractional count", map[string]string{"map_every": "2.5"}, true},
		{"whole count", map[string]string{"map_every": "4", "min_hits": "3"}, false},
		{"rules v25", map[string]string{"rules": "v25"}, false},
		{"rules unknown", map[string]string{"rules": "v24"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := e.Configure(context.Background(), sdk.Config{Params: c.params})
			if (err != nil) != c.wantErr {
				t.Errorf("Configure(%v) = %v, want error %v", c.params, err, c.wantErr)
			}
		})
	}
}

func TestConfigureErrorKeepsSettings(t *testing.T) {
	e := New().(*Explore)
	if err := e.Configure(context.Background(), sdk.Config{Params: map[string]string{"max_wheel": "4", "map_every": "3"}}); err != nil {
		t.Fatal(err)
	}
	err := e.Configure(context.Background(), sdk.Config{Params: map[string]string{"max_wheel": "5", "lop_s": "25"}})
	if err == nil || !strings.Contains(err.Error(), `explore: parameter lop_s="25"`) {
		t.Fatalf("Configure = %v, want an error naming lop_s", err)
	}
	if e.maxWheel != 4 || e.mapEvery != 3 {
		t.Errorf("after a failed Configure max_wheel=%g map_every=%d, want the previous 4 and 3", e.maxWheel, e.mapEvery)
	}
}

func TestFirstSteps(t *testing.T) {
	e := New()
	obs := &pluginpb.Observation{Step: 1, SimTime: 0.032, Driver: true, State: "explore",
		Gps: &pluginpb.Vec3{X: 0.1, Z: 0.2}, WheelPositions: &pluginpb.WheelPositions{}}
	act, err := e.Step(context.Background(), obs)
	if err != nil {
		t.Fatal(err)
	}
	if len(act.GetLeds()) != 10 || act.GetLeds()[8].GetValue() != 1 || act.GetLeds()[0].GetValue() != 0 {
		t.Errorf("LEDs %v: want the green led8 on, the others off", act.GetLeds())
	}
	if w := act.GetWheels(); w == nil || w.Left <= 0 || w.Left != w.Right {
		t.Errorf("wheels %v: want a straight run forward to find the start yaw", w)
	}
	// A watcher step (not the driver) commands nothing.
	obs.Step, obs.Driver = 2, false
	act, _ = e.Step(context.Background(), obs)
	if act.GetWheels() != nil || len(act.GetOutbound()) > 0 {
		t.Errorf("non-driver action %v: want no wheels and no messages", act)
	}
}

// record plays world1 for a while and returns the explore Observations
// (deep copies, see sdktest.Recorder).
func record(tb testing.TB, seconds float64) []*pluginpb.Observation {
	tb.Helper()
	w, err := world.Load(filepath.Join(sharedtest.Dir(tb), "erebus", "worlds", "world1.wbt"))
	if err != nil {
		tb.Fatal(err)
	}
	rec := &sdktest.Recorder{Behavior: New()}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err = game.Play(ctx, game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1, Noise: game.DefaultNoise,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore":      func() sdk.Behavior { return rec },
			"victimdetect": sdktest.StandIn("victimdetect", nil, ""),
			"report":       sdktest.StandIn("report", []string{"report"}, "reported"),
			"exit":         sdktest.StandIn("exit", []string{"exit"}, ""),
		}),
		OnStep: func(si framework.StepInfo, _ *referee.Referee) {
			if si.SimTime >= seconds {
				cancel()
			}
		},
	})
	if err != nil {
		tb.Fatal(err)
	}
	return rec.Observations
}

// BenchmarkStep replays 90 s of real Observations (world1, noise on) into
// a fresh explore behavior and reports the per-step percentiles.
func BenchmarkStep(b *testing.B) {
	obs := record(b, 90)
	sdktest.BenchmarkReplay(b, New, obs)
}

// Example: the explore behavior's description, as the runner sees it.
func Example() {
	d := New().Describe()
	fmt.Println(d.Name, d.States, d.BlackboardWrites)
	// Output: explore [explore] [map pose signs.revisiting]
}
