package game_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/examples/worlds"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestMaxScoreWorld1 checks the maximum of docs/erebus-rules.md §2.4 on Erebus's world1:
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
// found, docs/erebus-rules.md §1.7) and the runner sees the simulation end.
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

// TestLockstepRealTimeIsSimTime: in lockstep the referee's real clock is the
// simulated time (docs/lockstep.md), so a game whose plugins are slow on the
// wall clock still ends by game time, never by Erebus's real-time limit.
func TestLockstepRealTimeIsSimTime(t *testing.T) {
	name, data := worlds.Default()
	w, err := world.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	w.GameTime = 4 // seconds: a short game (real-time limit 64 s)
	slow := func(n string, states ...string) func() sdk.Behavior {
		return func() sdk.Behavior {
			return sdk.New(sdk.Description{Name: n, States: states, Watcher: len(states) == 0},
				func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
					if n == "explore" && o.GetStep()%25 == 0 {
						time.Sleep(10 * time.Millisecond) // over the 8 ms budget
					}
					return nil, nil
				})
		}
	}
	res, err := game.Play(context.Background(), game.Options{
		World: w, Config: framework.DefaultConfig(), Seed: 1,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore": slow("explore", "explore"), "report": slow("report", "report"),
			"exit": slow("exit", "exit"), "victimdetect": slow("victimdetect"),
		}),
	})
	if err != nil {
		t.Fatal(err)
	}
	r, s := res.Referee, res.Runner
	if s.Mode != framework.ModeLockstep || r.EndReason != referee.EndGameTime {
		t.Fatalf("mode %q, game ended %q: want lockstep, ended by game time", s.Mode, r.EndReason)
	}
	if math.Abs(r.RealTime-s.SimTime) > 0.05 || r.MaxRealTime != erebus.RealTimeLimit(4) {
		t.Errorf("real clock %.3f s (limit %d), simulated %.3f s: want the real clock to be the simulated time", r.RealTime, r.MaxRealTime, s.SimTime)
	}
	if p := s.Plugins["explore"]; p.OverBudget < 1 || p.Misses != 0 || s.BudgetNote == "" {
		t.Errorf("explore %+v, note %q: want its slow steps counted over budget, none missed", p, s.BudgetNote)
	}
}
