package report_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// BenchmarkStep replays the report behavior's Observations of a game on
// world1 (noise on, until exploring is done) and reports the per-step
// percentiles.
func BenchmarkStep(b *testing.B) {
	w, err := world.Load(filepath.Join(sharedtest.Dir(b), "erebus", "worlds", "world1.wbt"))
	if err != nil {
		b.Fatal(err)
	}
	newReport := func() sdk.Behavior { return report.NewLogged(nil) }
	rec := &sdktest.Recorder{Behavior: newReport()}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err = game.Play(ctx, game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1, Noise: game.DefaultNoise,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore":      explore.New,
			"victimdetect": victimdetect.New,
			"report":       func() sdk.Behavior { return rec },
			"exit":         holdExit,
		}),
		OnStep: func(si framework.StepInfo, _ *referee.Referee) {
			if si.State == "exit" {
				cancel()
			}
		},
	})
	if err != nil {
		b.Fatal(err)
	}
	sdktest.BenchmarkReplay(b, newReport, rec.Observations)
}
