package record_test

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/record"
	"github.com/rescuekit/rescuekit/sim/world"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestMeasureGame plays whole games (in-process behaviors) without and with
// a recording and logs the process CPU time and the file size: the figures
// of docs/recording.md. It runs only with RECORD_MEASURE set, to the worlds
// of ../shared/erebus/worlds to play:
//
//	RECORD_MEASURE="world1 world2" go test ./record -run TestMeasureGame -v -timeout 30m
func TestMeasureGame(t *testing.T) {
	if os.Getenv("RECORD_MEASURE") == "" {
		t.Skip("a measurement: set RECORD_MEASURE to world names to run it")
	}
	for _, name := range strings.Fields(os.Getenv("RECORD_MEASURE")) {
		measure(t, loadWorld(t, name))
	}
}

func measure(t *testing.T, w *world.World) {
	var out countWriter
	modes := []struct {
		name string
		opt  *record.Options
	}{
		{"no recording", nil},
		// The runner's recorder leaves the pose key out of the blackboard
		// changes (it is on /robot/estimate).
		{"recording, defaults", &record.Options{OwnChannelKeys: []string{nav.KeyPose}}},
		{"recording, zstd, flush every 8 steps", &record.Options{FlushEvery: 8, Compression: "zstd", OwnChannelKeys: []string{nav.KeyPose}}},
	}
	for round := range 2 {
		for _, m := range modes {
			out = countWriter{}
			var wr *record.Writer
			if m.opt != nil {
				var err error
				wr, err = record.NewWriter(&out, record.Meta{World: w, Answer: world.Answer(w), Seed: 1, MaxScore: game.MaxScore(w), Options: *m.opt})
				if err != nil {
					t.Fatal(err)
				}
			}
			steps := 0
			var simT float64
			c0, t0 := cpuTime(), time.Now()
			cams := func() bool { return false }
			if wr != nil {
				cams = wr.CamerasDue
			}
			playRecorded(t, w, 0, cams, func(f record.StepFrame) {
				steps++
				simT = f.SimTime
				if wr != nil {
					if err := wr.Step(f); err != nil {
						t.Fatal(err)
					}
				}
			})
			if wr != nil {
				if err := wr.Close(); err != nil {
					t.Fatal(err)
				}
			}
			cpu, wall := cpuTime()-c0, time.Since(t0)
			t.Logf("%s round %d, %-38s %5d steps, %5.1f s simulated: CPU %6.2f s (%5.1f µs/step), wall %6.2f s, file %6.2f MB",
				w.Name, round, m.name, steps, simT, cpu.Seconds(), float64(cpu.Microseconds())/float64(steps), wall.Seconds(), float64(out.n)/1e6)
		}
	}
}
