package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/exit"
	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// BenchmarkGameRecord plays the default game (the default world, seed 1,
// the built-in behaviors in-process) without and with --record; the
// difference is the recording's cost (docs/recording.md). It reports the
// recording's size.
func BenchmarkGameRecord(b *testing.B) {
	w, err := loadWorld("", "")
	if err != nil {
		b.Fatal(err)
	}
	opts := func() game.Options {
		return game.Options{
			World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1,
			Launch: game.InProcess(map[string]func() sdk.Behavior{
				"explore": explore.New, "victimdetect": victimdetect.New, "report": report.New, "exit": exit.New,
			}),
		}
	}
	for _, tc := range []struct {
		name   string
		record bool
	}{{"plain", false}, {"record", true}} {
		b.Run(tc.name, func(b *testing.B) {
			dir := ""
			if tc.record {
				dir = b.TempDir()
			}
			for b.Loop() {
				if _, err := playRecorded(context.Background(), opts(), dir); err != nil {
					b.Fatal(err)
				}
			}
			if tc.record {
				fi, err := os.Stat(filepath.Join(dir, recordName(w.Name, 1)))
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(fi.Size())/1e6, "MB/game")
			}
		})
	}
}
