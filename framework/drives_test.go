package framework_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// TestRunRefusesDrivesNotDescribed: a config that makes a plugin drive a
// state its Description does not list is refused before the first step, with
// one line naming the configured state and the states the plugin lists. A
// plugin with no states is a watcher (derived: Watcher is not set here).
func TestRunRefusesDrivesNotDescribed(t *testing.T) {
	describes := func(states ...string) sdk.Behavior {
		return sdk.New(sdk.Description{Name: "wallfollow", Version: "1.0.0", States: states},
			func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) { return nil, nil })
	}
	for _, tt := range []struct {
		name    string
		explore sdk.Behavior
		want    string // "" = accepted
	}{
		{"lists the state", describes("explore"), ""},
		{"lists more states", describes("explore", "exit"), ""},
		{"another name", describes("exploring"),
			`plugin explore: invalid config: plugins.explore.drives has state "explore", but the plugin's description (wallfollow 1.0.0) lists only "exploring"`},
		{"another two names", describes("exploring", "home"), `lists only "exploring", "home"`},
		{"a watcher", describes(),
			`plugins.explore.drives has state "explore", but the plugin's description (wallfollow 1.0.0) lists no states: it is a watcher`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			robot := fake.New()
			robot.EndAfter(3)
			bs := others()
			bs["explore"] = tt.explore
			sum, err := framework.Run(context.Background(), framework.Options{
				Config: framework.DefaultConfig(), Robot: robot, Launch: behaviors(bs, nil), Lockstep: true,
			})
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.want == "":
				return
			case err == nil:
				t.Fatalf("accepted (%d steps), want %q", sum.Steps, tt.want)
			case !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") || !errors.Is(err, framework.ErrConfig):
				t.Fatalf("error %q, want one line with %q wrapping ErrConfig", err, tt.want)
			}
			if sum.Steps != 0 {
				t.Errorf("played %d steps before refusing", sum.Steps)
			}
		})
	}
}
