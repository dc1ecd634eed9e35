package report_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

// holdExit stands in for the exit behavior: it stops the robot.
func holdExit() sdk.Behavior {
	return sdk.New(sdk.Description{Name: "exit", Version: "0", States: []string{"exit"}},
		func(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{}}, nil
		})
}

// gameResult is what one game measured.
type gameResult struct {
	ref    referee.Summary
	events []referee.Event
	signs  int
	simT   float64
}

// playSigns plays w with explore, victimdetect and report until explore
// is done (the FSM reaches exit) or maxT simulated seconds.
func playSigns(t testing.TB, w *world.World, seed int64, noise bool, maxT float64) gameResult {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var simT float64
	o := game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: seed,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore":      explore.New,
			"victimdetect": victimdetect.New,
			"report":       func() sdk.Behavior { return report.NewLogged(nil) },
			"exit":         holdExit,
		}),
		OnStep: func(si framework.StepInfo, _ *referee.Referee) {
			simT = si.SimTime
			if si.State == "exit" || si.SimTime > maxT {
				cancel()
			}
		},
	}
	if noise {
		o.Noise = game.DefaultNoise
	}
	res, err := game.Play(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	return gameResult{ref: res.Referee, events: res.Events, signs: res.Signs, simT: simT}
}

func (g gameResult) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "signs %d: correct type %d, wrong type %d, misidentifications %d, score %.1f, %.0f s",
		g.signs, g.ref.SignsCorrectType, g.ref.SignsWrongType, g.ref.Misidentifications, g.ref.Score, g.simT)
	for _, e := range g.events {
		if e.Points != 0 && !strings.Contains(e.What, "heckpoint") {
			fmt.Fprintf(&b, "\n  %.1fs %s %+.1f", e.Time, e.What, e.Points)
		}
	}
	return b.String()
}

// TestWholeGame plays world1 (and, without -short, the other shared
// worlds) with the real explore behavior and checks that signs are found
// with their type and that nothing is misidentified.
func TestWholeGame(t *testing.T) {
	dir := sharedtest.Path(t, "erebus", "worlds")
	names := []string{"world1"}
	if !testing.Short() {
		names = append(names, "world2", "room4_small")
	}
	for _, n := range names {
		t.Run(n, func(t *testing.T) {
			w, err := world.Load(filepath.Join(dir, n+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			g := playSigns(t, w, 1, true, 480)
			t.Log(g)
			if g.ref.Misidentifications > 0 {
				t.Errorf("%d misidentifications", g.ref.Misidentifications)
			}
			if g.ref.SignsWrongType > 0 {
				t.Errorf("%d signs reported with the wrong type", g.ref.SignsWrongType)
			}
			if g.ref.SignsCorrectType == 0 {
				t.Errorf("no sign found with its type")
			}
		})
	}
}

// TestGeneratedWorlds plays generated arenas (a long test: skipped with
// -short) and checks that no sign is misidentified or reported with a
// wrong type, and that most signs are found.
func TestGeneratedWorlds(t *testing.T) {
	if testing.Short() {
		t.Skip("long: plays whole games on generated arenas")
	}
	var signsTotal, found, wrong, mis int
	for seed := int64(1); seed <= 8; seed++ {
		w, err := worldgen.Generate(worldgen.Options{Seed: seed, Cols: 6 + int(seed%3), Rows: 6, Rules: erebus.V25})
		if err != nil {
			t.Fatal(err)
		}
		g := playSigns(t, w, seed, true, 480)
		t.Logf("seed %d (%s): %v", seed, w.Name, g)
		signsTotal += g.signs
		found += g.ref.SignsCorrectType
		wrong += g.ref.SignsWrongType
		mis += g.ref.Misidentifications
	}
	t.Logf("generated: %d signs, %d found with their type (%.0f%%), %d wrong type, %d misidentifications",
		signsTotal, found, 100*float64(found)/float64(max(signsTotal, 1)), wrong, mis)
	if mis > 0 || wrong > 0 {
		t.Errorf("%d misidentifications, %d wrong types", mis, wrong)
	}
	if float64(found) < 0.8*float64(signsTotal) {
		t.Errorf("found %d of %d signs", found, signsTotal)
	}
}
