package sdktest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
)

func forward(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	if !obs.GetDriver() {
		return nil, nil
	}
	if d := obs.GetDistance(); len(d) > 2 && d[2] < 0.1 {
		return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 1, Right: -1}, Events: []string{"wall"}}, nil
	}
	return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 6, Right: 6}}, nil
}

func TestForwardConforms(t *testing.T) {
	sdktest.TestBehavior(t, func() sdk.Behavior {
		return sdk.New(sdk.Description{Name: "forward", States: []string{"explore", "return"}, Lidar: true, Cameras: []string{"front"}}, forward)
	})
}

// TestScriptCovers checks the script exercises every state, both driver
// and not, and absent and present sensors.
func TestScriptCovers(t *testing.T) {
	desc := sdk.Description{Name: "x", States: []string{"a", "b"}, Cameras: []string{"left", "right"}}
	script := sdktest.Script(desc)
	seen := map[string]bool{}
	var last uint64
	for i, obs := range script {
		if i > 0 && obs.GetStep() <= last {
			t.Fatalf("steps do not increase at %d", i)
		}
		last = obs.GetStep()
		key := obs.GetState()
		if obs.GetDriver() {
			key += "/driver"
		}
		if obs.GetGps() == nil {
			key += "/bare"
		} else if len(obs.GetCameras()) != 2 {
			t.Errorf("step %d: %d camera frames, want 2", obs.GetStep(), len(obs.GetCameras()))
		}
		seen[key] = true
	}
	for _, want := range []string{"a/driver/bare", "a/bare", "a/driver", "a", "b/driver/bare", "b/bare", "b/driver", "b"} {
		if !seen[want] {
			t.Errorf("script misses %s", want)
		}
	}
	if len(script[len(script)-1].GetInbox()) != 2 {
		t.Error("the last observation carries no supervisor messages")
	}
}

func TestCheckFindsProblems(t *testing.T) {
	desc := sdk.Description{Name: "bad", States: []string{"explore"}, BlackboardWrites: []string{"map"}}
	counter := 0
	cases := []struct {
		name string
		step sdk.Func
		want string
	}{
		{"panics on absent sensors", func(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
			_ = obs.GetDistance()[0]
			return nil, nil
		}, "Step panicked"},
		{"drives when not the driver", func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{}}, nil
		}, "does not drive sent wheels"},
		{"undeclared blackboard key", func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
			return &pluginpb.Action{Blackboard: map[string][]byte{"victims": nil}}, nil
		}, `writes blackboard key "victims"`},
		{"empty event", func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
			return &pluginpb.Action{Events: []string{""}}, nil
		}, "empty event"},
		{"not deterministic", func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
			counter++
			return &pluginpb.Action{Events: []string{string(rune('a' + counter%26))}}, nil
		}, "different actions"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := sdktest.Check(func() sdk.Behavior { return sdk.New(desc, c.step) })
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Check = %v, want an error containing %q", err, c.want)
			}
		})
	}
}

func TestStandIn(t *testing.T) {
	report := sdktest.StandIn("report", []string{"report"}, "reported")()
	if err := report.Describe().Validate(); err != nil {
		t.Fatal(err)
	}
	act, _ := report.Step(context.Background(), &pluginpb.Observation{Driver: true})
	if len(act.GetEvents()) != 1 || act.GetEvents()[0] != "reported" || act.GetWheels() == nil {
		t.Errorf("driving stand-in: %v", act)
	}
	act, _ = report.Step(context.Background(), &pluginpb.Observation{})
	if len(act.GetEvents()) != 0 || act.GetWheels() != nil {
		t.Errorf("non-driving stand-in must do nothing: %v", act)
	}
	if d := sdktest.StandIn("victimdetect", nil, "")().Describe(); !d.Watcher {
		t.Error("a stand-in without states is a watcher")
	}
}

func BenchmarkReplayIdle(b *testing.B) {
	sdktest.BenchmarkReplay(b, sdktest.StandIn("explore", []string{"explore"}, ""),
		[]*pluginpb.Observation{{Step: 1, Driver: true}, {Step: 2, Driver: true}})
}

func TestRecorderKeepsDeepCopies(t *testing.T) {
	rec := &sdktest.Recorder{Behavior: sdktest.StandIn("explore", []string{"explore"}, "")()}
	bb := map[string][]byte{"map": []byte("first")}
	for step := range uint64(2) {
		if _, err := rec.Step(context.Background(), &pluginpb.Observation{Step: step + 1, Blackboard: bb}); err != nil {
			t.Fatal(err)
		}
		bb["map"] = []byte("second") // the runner reuses its map in process
	}
	if n := len(rec.Observations); n != 2 {
		t.Fatalf("recorded %d Observations, want 2", n)
	}
	if got := string(rec.Observations[0].GetBlackboard()["map"]); got != "first" {
		t.Errorf("first recorded blackboard %q, want %q: the record shares the runner's map", got, "first")
	}
	if d := rec.Describe(); d.Name != "explore" {
		t.Errorf("Describe not forwarded: %+v", d)
	}
}
