package exit

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

// gameRun is the record of one whole game with explore and exit.
type gameRun struct {
	ref         referee.Summary
	exitOnStart bool    // 'E' was sent inside the start tile
	timeLow     bool    // exit fired time_low (rather than explore's explored)
	leftAtExit  float64 // game seconds left when the game ended
	exitAt      float64 // sim time the exit state began
	timeLowInfo string
}

func playGame(t testing.TB, w *world.World, seed int64, noise bool) gameRun {
	t.Helper()
	x := New().(*Exit)
	ex := explore.New().(*explore.Explore)
	var run gameRun
	o := game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: seed,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore":      func() sdk.Behavior { return ex },
			"victimdetect": sdktest.StandIn("victimdetect", nil, ""),
			"report":       sdktest.StandIn("report", []string{"report"}, "reported"),
			"exit":         func() sdk.Behavior { return x },
		}),
	}
	if noise {
		o.Noise = game.DefaultNoise
	}
	o.OnStep = func(si framework.StepInfo, _ *referee.Referee) {
		if si.State == "exit" && run.exitAt == 0 {
			run.exitAt = si.SimTime
		}
	}
	res, err := game.Play(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	run.ref = res.Referee
	run.timeLow = x.timeLowAt > 0
	run.timeLowInfo = fmt.Sprintf("at %.0fs left %.0fs home %.0fs", x.timeLowAt, x.timeLowLeft, x.timeLowHome)
	box := w.StartBox()
	p := x.tr.Pose()
	run.exitOnStart = x.phase == 3 && box.Contains(p.Vec2)
	run.leftAtExit = float64(res.Referee.MaxGameTime) - res.Referee.GameTime
	for name, ps := range res.Runner.Plugins {
		if ps.Misses+ps.Crashes+ps.Restarts+ps.Errors > 0 {
			t.Logf("%s: plugin %s: misses %d crashes %d restarts %d errors %d", w.Name, name, ps.Misses, ps.Crashes, ps.Restarts, ps.Errors)
		}
	}
	return run
}

func (r gameRun) String() string {
	tl := ""
	if r.timeLow {
		tl = " (" + r.timeLowInfo + ")"
	}
	return fmt.Sprintf("map=%.3f exitOnStart=%v timeLow=%v%s exitAt=%.0fs end=%v left=%.0fs lopAuto=%d lopReq=%d",
		r.ref.MapScore, r.exitOnStart, r.timeLow, tl, r.exitAt, r.ref.EndReason, r.leftAtExit, r.ref.LoPAutomatic, r.ref.LoPRequested)
}

func TestGameShared(t *testing.T) {
	dir := sharedtest.Dir(t)
	names := []string{"world1"}
	if !testing.Short() {
		names = []string{"world1", "world2", "room4_small", "NewPassages"}
	}
	for _, n := range names {
		t.Run(n, func(t *testing.T) {
			w, err := world.Load(filepath.Join(dir, "erebus", "worlds", n+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			r := playGame(t, w, 1, true)
			t.Logf("%s: %v", n, r)
			if !r.exitOnStart {
				t.Errorf("%s: the robot did not send 'E' on the start tile", n)
			}
			if r.ref.LoPAutomatic != 0 {
				t.Errorf("%s: %d automatic lack-of-progress relocations, want 0", n, r.ref.LoPAutomatic)
			}
			if !r.ref.MapEvaluated || math.IsNaN(r.ref.MapScore) {
				t.Errorf("%s: map not evaluated", n)
			}
		})
	}
}

// TestGameGenerated plays generated arenas, big ones among them, where the
// game clock rather than the exploration ends the game.
func TestGameGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("long: whole games on generated arenas")
	}
	n := 6
	if s := os.Getenv("EXIT_GEN_N"); s != "" {
		fmt.Sscan(s, &n)
	}
	sizes := [][2]int{{6, 6}, {8, 8}, {10, 8}, {12, 12}, {16, 14}, {5, 7}}
	exits, lops := 0, 0
	var mapSum float64
	for i := range n {
		sz := sizes[i%len(sizes)]
		w, err := worldgen.Generate(worldgen.Options{Seed: int64(100 + i), Cols: sz[0], Rows: sz[1], Rules: erebus.V25})
		if err != nil {
			t.Fatal(err)
		}
		r := playGame(t, w, int64(i), true)
		t.Logf("%s: %v", w.Name, r)
		if r.exitOnStart {
			exits++
		}
		lops += r.ref.LoPAutomatic
		mapSum += r.ref.MapScore
	}
	t.Logf("generated: %d games, exit on start %d, automatic LoP %d, mean map %.3f", n, exits, lops, mapSum/float64(n))
	if lops != 0 {
		t.Errorf("%d automatic lack-of-progress relocations, want 0", lops)
	}
	if exits < n-n/10 {
		t.Errorf("exit on the start tile in %d of %d games, want at least %d", exits, n, n-n/10)
	}
}
