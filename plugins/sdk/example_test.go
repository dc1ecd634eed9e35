package sdk_test

import (
	"context"
	"fmt"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// A whole plugin: a behavior that drives forward until something is close
// in front, then asks the FSM to turn. Build it with `go build` and give the
// runner its path: --plugin explore=./bin/forward.
//
// The example is compiled but not run, on purpose: sdk.Serve only returns
// when the runner ends the plugin, so it has no output to check.
func Example() {
	desc := sdk.Description{
		Name:    "forward",
		Version: "0.1.0",
		States:  []string{"explore"},
	}
	step := func(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
		if d := obs.GetDistance(); len(d) > 0 && d[0] < 0.05 {
			return &pluginpb.Action{Events: []string{"wall"}}, nil
		}
		return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 6, Right: 6}}, nil
	}
	// func main() { sdk.Serve(sdk.New(desc, step)) }
	main := func() { sdk.Serve(sdk.New(desc, step)) }
	_ = main
}

func ExampleNew() {
	b := sdk.New(sdk.Description{Name: "spin", States: []string{"explore"}},
		func(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 1, Right: -1}}, nil
		})
	act, err := b.Step(context.Background(), &pluginpb.Observation{Step: 1})
	fmt.Println(b.Describe().Name, act.GetWheels().GetLeft(), act.GetWheels().GetRight(), err)
	// Output: spin 1 -1 <nil>
}
