package framework_test

import (
	"context"
	"testing"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// TestOnPluginIO checks the recording hook: each plugin's Observation and
// Action of every step it got one, before OnStep of that step.
func TestOnPluginIO(t *testing.T) {
	robot := fake.New()
	robot.EndAfter(6)
	explore := sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: float64(o.GetStep()), Right: 1}}, nil
		})
	type seen struct {
		plugin string
		step   uint64
		left   float64
		act    bool
	}
	var got []seen
	steps := 0
	// Lockstep: every plugin's answer to every step, whatever the load.
	_, err := framework.Run(context.Background(), framework.Options{
		Config: framework.DefaultConfig(), Robot: robot, Lockstep: true,
		Launch: behaviors(map[string]sdk.Behavior{
			"explore": explore, "report": idle("report", "report"), "victimdetect": idle("victimdetect"), "exit": idle("exit", "exit"),
		}, nil),
		OnPluginIO: func(name string, obs *pluginpb.Observation, act *pluginpb.Action) {
			if obs.GetStep() != uint64(steps+1) {
				t.Errorf("%s: observation of step %d during step %d", name, obs.GetStep(), steps+1)
			}
			got = append(got, seen{name, obs.GetStep(), act.GetWheels().GetLeft(), act != nil})
		},
		OnStep: func(framework.StepInfo) { steps++ },
	})
	if err != nil {
		t.Fatal(err)
	}
	per := map[string]int{}
	for _, s := range got {
		per[s.plugin]++
		if s.plugin == "explore" && (!s.act || s.left != float64(s.step)) {
			t.Errorf("explore step %d: action %v with left wheel %v", s.step, s.act, s.left)
		}
	}
	for _, name := range []string{"explore", "report", "victimdetect", "exit"} {
		if per[name] != steps {
			t.Errorf("%s: %d observations in %d steps", name, per[name], steps)
		}
	}
	if steps == 0 {
		t.Fatal("no step ran")
	}
}
