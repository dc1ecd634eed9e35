package game_test

import (
	"context"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/examples/worlds"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestMaxScoreWorld1 checks the maximum of RULES.md §2.4 on Erebus's world1:
// 3 victims and 2 hazards and the checkpoints give S = 136.25 (the referee's
// perfect-game test plays it), so the maximum is S·1.1·2 = 299.75.
func TestMaxScoreWorld1(t *testing.T) {
	w, err := world.Load(sharedtest.Path(t, "erebus", "worlds", "world1.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	if got := game.MaxScore(w); math.Abs(got-299.75) > 1e-9 {
		t.Fatalf("MaxScore(world1) = %.4f, want 299.75", got)
	}
}

// TestPlayExitAtOnce plays a game whose exit plugin sends 'E' at the first
// step it drives: the referee ends the game with no exit bonus (no sign was
// found, RULES.md §1.7) and the runner sees the simulation end.
func TestPlayExitAtOnce(t *testing.T) {
	name, data := worlds.Default()
	w, err := world.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	idle := func(n string, states ...string) func() sdk.Behavior {
		return func() sdk.Behavior {
			return sdk.New(sdk.Description{Name: n, States: states, Watcher: len(states) == 0},
				func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
					if n == "explore" && o.GetStep() == 2 {
						return &pluginpb.Action{Events: []string{"explored"}}, nil
					}
					if n == "exit" && o.GetDriver() {
						return &pluginpb.Action{Outbound: []*pluginpb.Outbound{{Kind: &pluginpb.Outbound_Exit{Exit: &pluginpb.Exit{}}}}}, nil
					}
					return nil, nil
				})
		}
	}
	var steps int
	res, err := game.Play(context.Background(), game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 3,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore": idle("explore", "explore"), "report": idle("report", "report"),
			"exit": idle("exit", "exit"), "victimdetect": idle("victimdetect"),
		}),
		OnStep: func(framework.StepInfo, *referee.Referee) { steps++ },
	})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Referee
	if r.EndReason != referee.EndExit || r.ExitBonusGiven || r.Score != 0 {
		t.Fatalf("referee %+v: want an exit without bonus and score 0", r)
	}
	if res.Runner.EndReason != "simulation ended" || steps > 10 {
		t.Errorf("runner ended %q after %d steps", res.Runner.EndReason, steps)
	}
	if res.MaxScore <= 0 || res.Signs != len(w.Signs) || res.World != w.Name {
		t.Errorf("result %+v", res)
	}
}
