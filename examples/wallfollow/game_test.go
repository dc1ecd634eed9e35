package main

import (
	"context"
	"testing"

	"github.com/rescuekit/rescuekit/gametest"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// TestPlaysTheDefaultWorld plays the game the README shows (`runner run
// --plugin explore=./bin/wallfollow`), in this process, through the public
// gametest package an outside module can import: the follower explores
// without getting stuck (no automatic lack of progress), the built-in
// behaviors find and report with it, and the robot gets home.
func TestPlaysTheDefaultWorld(t *testing.T) {
	res, err := gametest.Play(context.Background(), gametest.Options{
		Seed:      1,
		Behaviors: map[string]func() sdk.Behavior{"explore": func() sdk.Behavior { return newFollower() }},
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
