//go:build fullgame

package exit

// Whole games with every built-in behavior (explore, victimdetect, report,
// exit). Built only with -tags fullgame, so that this package's tests do
// not depend on the other behaviors compiling:
//
//	go test -tags fullgame ./behaviors/exit -run TestFullGames -v

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

func playFull(t *testing.T, w *world.World, seed int64) (game.Result, *Exit) {
	x := New().(*Exit)
	last := ""
	res, err := game.Play(context.Background(), game.Options{
		OnStep: func(si framework.StepInfo, _ *referee.Referee) {
			if si.State != last && os.Getenv("FULL_TRACE") != "" {
				t.Logf("  %.2fs state %s", si.SimTime, si.State)
			}
			last = si.State
		},
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: seed, Noise: game.DefaultNoise,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore": explore.New, "victimdetect": victimdetect.New, "report": report.New,
			"exit": func() sdk.Behavior { return x },
		}),
	})
	if err != nil {
		t.Fatal(err)
	}
	return res, x
}

func TestFullGames(t *testing.T) {
	var worlds []*world.World
	for _, n := range []string{"world1", "world2", "room4_small", "NewPassages"} {
		w, err := world.Load(filepath.Join(sharedtest.Dir(t), "erebus", "worlds", n+".wbt"))
		if err != nil {
			t.Fatal(err)
		}
		worlds = append(worlds, w)
	}
	n := 6
	if s := os.Getenv("FULL_GEN_N"); s != "" {
		fmt.Sscan(s, &n)
	}
	for i := range n {
		w, err := worldgen.Generate(worldgen.Options{Seed: int64(200 + i), Rules: erebus.V25})
		if err != nil {
			t.Fatal(err)
		}
		worlds = append(worlds, w)
	}
	seeds := 1
	if s := os.Getenv("FULL_SEEDS"); s != "" {
		fmt.Sscan(s, &seeds)
	}
	var exits, lop, games int
	var frac float64
	for k := 0; k < len(worlds)*seeds; k++ {
		w, seed := worlds[k/seeds], int64(1+k%seeds)
		res, _ := playFull(t, w, seed)
		r := res.Referee
		games++
		if r.ExitBonusGiven {
			exits++
		}
		lop += r.LoPAutomatic
		if res.MaxScore > 0 {
			frac += r.Score / res.MaxScore
		}
		for _, ev := range res.Events {
			if r.LoPAutomatic > 0 && (contains(ev.What, "Progress") || contains(ev.What, "fell")) {
				t.Logf("  %s: %.1fs %s", w.Name, ev.Time, ev.What)
			}
		}
		t.Logf("seed %d %-22s score %6.1f / %6.1f (%.0f%%) map %.3f exit %v signs %d/%d miss %d lopAuto %d lopReq %d end %v",
			seed, w.Name, r.Score, res.MaxScore, 100*r.Score/res.MaxScore, r.MapScore, r.ExitBonusGiven,
			r.VictimsFound+r.HazardsFound, res.Signs, r.Misidentifications, r.LoPAutomatic, r.LoPRequested, r.EndReason)
	}
	t.Logf("%d games: exit bonus %d, automatic LoP %d, mean score %.0f%% of the maximum", games, exits, lop, 100*frac/float64(games))
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestFullGamesNoLackOfProgress replays the generated games where the
// robot once fell into a hole (explore escaping a wedge into one; report
// stopping on the corner of a hole tile it had not seen) or asked for a
// lack of progress (a hole at a tile corner approached again and again; a
// first leg grazing a wall end). Plugin deadlines are long, so that the
// games do not depend on the machine's load.
func TestFullGamesNoLackOfProgress(t *testing.T) {
	cases := []struct {
		seed, cols, rows int
		game             int64
	}{
		{29, 7, 4, 3}, {29, 7, 4, 7}, {40, 8, 6, 1}, {45, 8, 7, 9}, {48, 6, 8, 10},
		{49, 7, 8, 6}, {49, 7, 8, 8}, {8, 6, 5, 1}, {37, 5, 6, 5}, {15, 8, 6, 3},
		{12, 5, 6, 10}, {29, 7, 4, 10},
	}
	cfg := game.Reproducible(framework.DefaultConfig())
	cfg.DeadlineMs, cfg.MaxMisses = 2000, 1000
	for _, c := range cases {
		w, err := worldgen.Generate(worldgen.Options{Seed: int64(c.seed), Cols: c.cols, Rows: c.rows, Rules: erebus.V25})
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprintf("%s/seed%d", w.Name, c.game), func(t *testing.T) {
			res, err := game.Play(context.Background(), game.Options{
				World: w, Config: cfg, Seed: c.game, Noise: game.DefaultNoise,
				Launch: game.InProcess(map[string]func() sdk.Behavior{
					"explore": explore.New, "victimdetect": victimdetect.New, "report": report.New, "exit": New,
				}),
			})
			if err != nil {
				t.Fatal(err)
			}
			if r := res.Referee; r.LoPAutomatic != 0 || r.LoPRequested != 0 {
				t.Errorf("lack of progress: %d automatic, %d asked; want none", r.LoPAutomatic, r.LoPRequested)
			}
		})
	}
}
