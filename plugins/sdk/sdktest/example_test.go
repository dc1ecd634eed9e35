package sdktest_test

import (
	"context"
	"fmt"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
)

// In a plugin's tests, call sdktest.TestBehavior(t, newBehavior); Check is
// the same without a *testing.T.
func ExampleCheck() {
	spin := func(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
		if !obs.GetDriver() {
			return nil, nil
		}
		return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 1, Right: -1}}, nil
	}
	err := sdktest.Check(func() sdk.Behavior {
		return sdk.New(sdk.Description{Name: "spin", States: []string{"explore"}}, spin)
	})
	fmt.Println(err)
	// Output: <nil>
}
