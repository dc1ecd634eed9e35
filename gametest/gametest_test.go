package gametest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/gametest"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// TestPlayBuiltins plays the default game with the built-in behaviors: it
// ends by exit with a positive score and no plugin error.
func TestPlayBuiltins(t *testing.T) {
	res, err := gametest.Play(context.Background(), gametest.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Referee.Score <= 0 || res.Referee.EndReason != "exit" {
		t.Errorf("score %.2f, ended %q: want a positive score and an exit", res.Referee.Score, res.Referee.EndReason)
	}
	for name, p := range res.Runner.Plugins {
		if p.Errors != 0 || p.Crashes != 0 {
			t.Errorf("plugin %s: %d errors, %d crashes", name, p.Errors, p.Crashes)
		}
	}
}

// TestPlaySwapsABehavior swaps a behavior that stands still and exits at
// once in for the built-in explorer and exit: the robot scores nothing and
// the referee ends the game at the exit.
func TestPlaySwapsABehavior(t *testing.T) {
	var steps int
	still := func() sdk.Behavior {
		return sdk.New(sdk.Description{Name: "still", Version: "1", States: []string{"explore"}},
			func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
				steps++
				if o.GetSimTime() > 1 {
					return &pluginpb.Action{Events: []string{"explored"}}, nil
				}
				return &pluginpb.Action{}, nil
			})
	}
	res, err := gametest.Play(context.Background(), gametest.Options{Behaviors: map[string]func() sdk.Behavior{"explore": still}})
	if err != nil {
		t.Fatal(err)
	}
	if steps == 0 {
		t.Fatal("the swapped-in behavior never stepped")
	}
	if res.Referee.SignsCorrectType != 0 || res.Referee.ExitBonusGiven {
		t.Errorf("a robot that never moved found %d signs, exit bonus %v", res.Referee.SignsCorrectType, res.Referee.ExitBonusGiven)
	}
}

func TestPlayRefusesUnknownNames(t *testing.T) {
	for _, o := range []gametest.Options{
		{Behaviors: map[string]func() sdk.Behavior{"explor": nil}},
		{Params: map[string]map[string]string{"explor": {"x": "1"}}},
		{World: "no/such/world.wbt"},
	} {
		_, err := gametest.Play(context.Background(), o)
		if err == nil || !strings.HasPrefix(err.Error(), "gametest: ") {
			t.Errorf("%+v: err %v, want a gametest error", o, err)
		}
	}
}
