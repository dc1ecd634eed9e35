package report_test

import (
	"context"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// reportTime plays the ASCII arena src with explore, victimdetect and
// report until explore is done or maxT, and returns the game and the
// simulated seconds the FSM spent in "report".
func reportTime(t *testing.T, src string, maxT float64) (gameResult, float64) {
	t.Helper()
	w, err := world.ParseASCII(t.Name(), strings.TrimPrefix(src, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var simT, inReport, last float64
	res, err := game.Play(ctx, game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1, Noise: game.DefaultNoise,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore":      explore.New,
			"victimdetect": victimdetect.New,
			"report":       func() sdk.Behavior { return report.NewLogged(nil) },
			"exit":         holdExit,
		}),
		OnStep: func(si framework.StepInfo, _ *referee.Referee) {
			if si.State == "report" {
				inReport += si.SimTime - last
			}
			last, simT = si.SimTime, si.SimTime
			if si.State == "exit" || si.SimTime > maxT {
				cancel()
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return gameResult{ref: res.Referee, events: res.Events, signs: res.Signs, simT: simT}, inReport
}

// pocket is a 3×2 arena whose top-right tile has a wall down its middle
// line from its top side to its centre: between it and the outer wall is
// a pocket one quarter (0.06 m) wide, too narrow for the body (0.074 m),
// with a sign on the outer wall inside it, facing into the pocket. Two
// more signs stand on open walls. In R2D2__7_ of shared/more-worlds five
// signs in such pockets cost about 37 s each: with no map node to report
// from, report drove straight at a stand-off point inside the walls and
// pushed against them through nine stuck periods before giving up.
const pocket = `
+-+-+-+-+-+-+
|S S      | |
+ + + + + + +
|S S        |
+ + + + + + +
|           |
+ + + + + + +
|           |
+-+-+-+-+-+-+
sign F tile 2 0 right -0.03
sign H tile 0 1 bottom
sign P tile 2 1 bottom
`

// TestPocketSignGivenUpAtOnce checks that a sign with no place on the map
// to report from, where the body does not fit at the stand-off point, is
// given up without pushing against the walls, and the reachable signs are
// reported.
func TestPocketSignGivenUpAtOnce(t *testing.T) {
	g, rt := reportTime(t, pocket, 240)
	t.Logf("%v\n  %.1f s in report", g, rt)
	if g.ref.SignsCorrectType < 2 {
		t.Errorf("%d signs found with their type, want the two on open walls", g.ref.SignsCorrectType)
	}
	if g.ref.Misidentifications > 0 {
		t.Errorf("%d misidentifications", g.ref.Misidentifications)
	}
	// Two reports take about 4 s each (approach, 1.3 s still, the score's
	// reply); pushing at the pocket took over 30 s.
	if rt > 20 {
		t.Errorf("%.1f s in report, want the pocket's sign given up without a long push", rt)
	}
}
