package explore

import (
	"context"
	"testing"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
	"github.com/rescuekit/rescuekit/sim/mapscore"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// exploreRun is the record of one exploration game.
type exploreRun struct {
	ref      referee.Summary
	mapScore float64 // explore's map against the answer without signs
	coverage float64 // fraction of the world's tiles whose floor was seen
	explored bool
	simTime  float64
	// unseen are the world's tiles (x, z) whose floor was not seen.
	unseen [][2]int
}

func playExploreMatrix(t testing.TB, w *world.World, seed int64, noise bool) (exploreRun, [][]string) {
	t.Helper()
	e := New().(*Explore)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var run exploreRun
	o := game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: seed,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore":      func() sdk.Behavior { return e },
			"victimdetect": sdktest.StandIn("victimdetect", nil, ""),
			"report":       sdktest.StandIn("report", []string{"report"}, "reported"),
			"exit":         sdktest.StandIn("exit", []string{"exit"}, ""),
		}),
		OnStep: func(si framework.StepInfo, _ *referee.Referee) {
			run.simTime = si.SimTime
			if si.State == "exit" {
				run.explored = true
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
	run.ref = res.Referee
	m := e.Map()
	if m == nil {
		t.Fatal("explore built no map")
	}
	nw := *w
	nw.Signs = nil
	ans := world.Answer(&nw)
	sub := m.Matrix(nil)
	run.mapScore, err = mapscore.Score(ans, sub)
	if err != nil {
		t.Fatal(err)
	}
	seen, total := 0, 0
	for _, tl := range w.Tiles {
		c := w.TileCenter(tl.X, tl.Z)
		total++
		if r, cc, ok := m.TileOf(c); ok && m.Floor(r, cc) != 0 {
			seen++
		} else {
			run.unseen = append(run.unseen, [2]int{tl.X, tl.Z})
		}
	}
	run.coverage = float64(seen) / float64(max(total, 1))
	return run, sub
}
