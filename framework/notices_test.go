package framework_test

import (
	"context"
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// TestNoticesEachOnce plays a game where everything that used to go
// unsaid goes wrong every step: a watcher writes an undeclared key, reads
// one nobody writes, asks for a camera the robot lacks (and a lidar, which is optional) and
// requests an unknown event; the robot lacks its GPS and the driver never
// moves it. Each appears once in the summary's notices, with its count and
// what to do, at the default log level (the logger is a no-op here).
func TestNoticesEachOnce(t *testing.T) {
	steps := int(framework.NotMovingAfter/0.032) + 40
	robot := fake.New()
	robot.EndAfter(steps + 1)
	messy := sdk.New(sdk.Description{Name: "messy", Watcher: true, Cameras: []string{"camera_top"}, Lidar: true, BlackboardReads: []string{"map"}},
		func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
			return &pluginpb.Action{Blackboard: map[string][]byte{"notes": []byte("x")}, Events: []string{"bogus"}}, nil
		})
	devs := framework.DefaultDevices()
	devs.GPS = "no_such_gps"
	cfg := framework.DefaultConfig()
	cfg.Plugins = map[string]framework.PluginConfig{
		"explore": {Cmd: "x", Drives: []string{"explore", "report", "exit"}},
		"messy":   {Cmd: "x"},
	}
	// Lockstep: the counts are one per step, which a missed step would change.
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Devices: devs, Logger: zap.NewNop(), Lockstep: true,
		Launch: behaviors(map[string]sdk.Behavior{"explore": idle("explore", "explore", "report", "exit"), "messy": messy}, nil),
	})
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ kind, plugin, in string }
	want := map[key]int{ // count, 0: any
		{framework.NoticeUndeclaredWrite, "messy", `"notes"`}:          steps,
		{framework.NoticeRefusal, "messy", `bogus`}:                    steps,
		{framework.NoticeUnwrittenRead, "messy", `"map"`}:              1,
		{framework.NoticeMissingDevice, "messy", `"camera_top"`}:       1,
		{framework.NoticeMissingDevice, "", `no_such_gps`}:             1,
		{framework.NoticeNotMoving, "explore", `stood still for 20 s`}: 1,
	}
	seen := map[key]bool{}
	for _, n := range sum.Notices {
		if n.Do == "" || n.What == "" {
			t.Errorf("notice %+v: want what happened and what to do", n)
		}
		matched := false
		for k, count := range want {
			if n.Kind == k.kind && n.Plugin == k.plugin && strings.Contains(n.What, k.in) {
				if seen[k] {
					t.Errorf("notice %s twice: %+v", k.in, n)
				}
				seen[k], matched = true, true
				if count != 0 && n.Count != count {
					t.Errorf("notice %s counted %d times, want %d", k.in, n.Count, count)
				}
			}
		}
		if !matched {
			t.Errorf("unexpected notice %+v", n)
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("no %s notice of %q about %s; notices: %+v", k.kind, k.plugin, k.in, sum.Notices)
		}
	}
}

// TestNoNoticesInAGoodGame checks that the notices stay empty when nothing
// is wrong: the driver moves the robot, nothing is refused.
func TestNoNoticesInAGoodGame(t *testing.T) {
	robot := fake.New()
	robot.EndAfter(100)
	drive := sdk.New(sdk.Description{Name: "drive", States: []string{"explore", "report", "exit"}},
		func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 3, Right: 3}}, nil
		})
	cfg := framework.DefaultConfig()
	cfg.Plugins = map[string]framework.PluginConfig{"explore": {Cmd: "x", Drives: []string{"explore", "report", "exit"}}}
	sum, err := framework.Run(context.Background(), framework.Options{Config: cfg, Robot: robot, Logger: zap.NewNop(), Lockstep: true,
		Launch: behaviors(map[string]sdk.Behavior{"explore": drive}, nil)})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Notices) != 0 {
		t.Errorf("notices %+v, want none", sum.Notices)
	}
}
