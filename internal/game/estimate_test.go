package game_test

import (
	"context"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/exit"
	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/examples/worlds"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim/world"
)

func TestPoseOf(t *testing.T) {
	pose := nav.Pose{Vec2: geom.Vec2{X: 0.1, Z: -0.2}, Yaw: 1}
	for _, c := range []struct {
		name string
		act  *pluginpb.Action
		want game.Estimate
		ok   bool
	}{
		{"no action", nil, game.Estimate{}, false},
		{"no key", &pluginpb.Action{Blackboard: map[string][]byte{nav.KeyMap: []byte("RKM1")}}, game.Estimate{}, false},
		{"garbage", &pluginpb.Action{Blackboard: map[string][]byte{nav.KeyPose: []byte("pose")}}, game.Estimate{}, false},
		{"a pose", &pluginpb.Action{Blackboard: map[string][]byte{nav.KeyPose: nav.EncodePose(pose, true)}}, game.Estimate{X: 0.1, Z: -0.2, Yaw: 1, YawKnown: true}, true},
	} {
		if got, ok := game.PoseOf(c.act); got != c.want || ok != c.ok {
			t.Errorf("%s: PoseOf = %+v, %v; want %+v, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

// TestReportsCarryTheEstimate plays the default world with the built-in
// behaviors (with noise): every report the referee judged carries the pose
// explore estimated when it arrived, close to where the robot truly was.
func TestReportsCarryTheEstimate(t *testing.T) {
	t.Setenv(pluginpb.EnvLogLevel, "error") // the in-process behaviors' logs
	name, data := worlds.Default()
	w, err := world.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	res, err := game.Play(context.Background(), game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1, Noise: game.DefaultNoise,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore": explore.New, "report": report.New, "exit": exit.New, "victimdetect": victimdetect.New,
		}),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) == 0 {
		t.Fatal("no reports")
	}
	for i, r := range res.Reports {
		e := r.RobotEstimate
		if e == nil || !e.YawKnown || math.Hypot(e.X-r.Robot.X, e.Z-r.Robot.Z) > 0.05 {
			t.Errorf("report %d at %.2f s: robot at %+v, estimate %+v", i, r.Time, r.Robot, e)
		}
	}
}
