package main

import (
	"context"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/exit"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/examples/worlds"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestPlaysTheDefaultWorld plays the game the README shows (`runner run
// --plugin explore=./bin/wallfollow`), in this process: the follower
// explores without getting stuck (no automatic lack of progress), the
// built-in behaviors find and report with it, and the robot gets home.
func TestPlaysTheDefaultWorld(t *testing.T) {
	name, data := worlds.Default()
	w, err := world.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	res, err := game.Play(context.Background(), game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore":      func() sdk.Behavior { return newFollower() },
			"victimdetect": func() sdk.Behavior { return victimdetect.New() },
			"report":       func() sdk.Behavior { return report.New() },
			"exit":         func() sdk.Behavior { return exit.New() },
		}),
	})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Referee
	t.Logf("score %.1f, signs %d right / %d wrong type, %d misidentified, lack of progress %d automatic / %d asked, exit bonus %v",
		r.Score, r.SignsCorrectType, r.SignsWrongType, r.Misidentifications, r.LoPAutomatic, r.LoPRequested, r.ExitBonusGiven)
	if r.LoPAutomatic != 0 {
		t.Errorf("%d automatic lack of progress: the follower got stuck", r.LoPAutomatic)
	}
	if r.SignsCorrectType+r.SignsWrongType == 0 || r.Score <= 0 {
		t.Errorf("found %d signs, scored %.1f: want a sign found and a positive score", r.SignsCorrectType+r.SignsWrongType, r.Score)
	}
	if !r.ExitBonusGiven {
		t.Error("no exit bonus: the robot did not get home")
	}
}
