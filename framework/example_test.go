package framework_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// Example runs the step loop on the scripted fake robot with four
// in-process behaviors: explore drives forward and, at step 3, asks for the
// report state; report holds still.
func Example() {
	robot := fake.New()
	robot.EndAfter(11) // ten control steps
	behaviors := map[string]sdk.Behavior{
		"explore": sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
			func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
				a := &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 4, Right: 4}}
				if o.GetStep() == 3 {
					a.Events = []string{"victim_seen"}
				}
				return a, nil
			}),
		"report":       idle("report", "report"),
		"exit":         idle("exit", "exit"),
		"victimdetect": idle("victimdetect"),
	}
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: framework.DefaultConfig(),
		Robot:  robot,
		// Lockstep, as on the embedded simulator: the runner waits for every
		// answer, so the output does not vary with the machine's load.
		Lockstep: true,
		Launch: func(_ context.Context, name string, _ framework.PluginConfig) (framework.PluginConn, error) {
			return sdk.NewInProcess(behaviors[name]), nil
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Steps, "steps, ended:", sum.EndReason)
	fmt.Println("final state:", sum.FinalState, "transitions:", sum.Transitions)
	// Output:
	// 10 steps, ended: simulation ended
	// final state: report transitions: map[explore->report:1]
}

// BenchmarkStepLoop measures the runner's own cost per control step: four
// in-process no-op plugins on the fake robot, no transport.
func BenchmarkStepLoop(b *testing.B) {
	robot := fake.New()
	robot.EndAfter(b.N + 1)
	behaviors := map[string]sdk.Behavior{
		"explore": idle("explore", "explore"), "report": idle("report", "report"),
		"exit": idle("exit", "exit"), "victimdetect": idle("victimdetect"),
	}
	b.ReportAllocs()
	b.ResetTimer()
	_, err := framework.Run(context.Background(), framework.Options{
		Config: framework.DefaultConfig(), Robot: robot, Lockstep: true,
		Launch: func(_ context.Context, name string, _ framework.PluginConfig) (framework.PluginConn, error) {
			return sdk.NewInProcess(behaviors[name]), nil
		},
	})
	if err != nil {
		b.Fatal(err)
	}
}
