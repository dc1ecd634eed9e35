package framework_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/plugins/host"
)

// realtimeProcesses plays steps steps in real time with the test plugin
// processes, max_misses 3 and a 100 ms deadline; hook, when set, is the
// robot's step hook and gets explore's current process.
func realtimeProcesses(t *testing.T, steps int, modes map[string][]string, hook func(step int, explore *host.Plugin)) (framework.Summary, *observer.ObservedLogs, error) {
	t.Helper()
	core, logs := observer.New(zap.InfoLevel)
	log := zap.New(core)
	cfg := framework.DefaultConfig()
	cfg.Realtime, cfg.DeadlineMs, cfg.MaxMisses = true, 100, 3
	launch := processLauncher(t, log, modes)
	var mu sync.Mutex
	var explore *host.Plugin
	robot := fake.New()
	robot.EndAfter(steps)
	if hook != nil {
		robot.OnStep(func(step int, _ *fake.Robot) {
			mu.Lock()
			p := explore
			mu.Unlock()
			hook(step, p)
		})
	}
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Logger: log,
		Launch: func(ctx context.Context, name string, pc framework.PluginConfig) (framework.PluginConn, error) {
			conn, err := launch(ctx, name, pc)
			if p, ok := conn.(*host.Plugin); ok && name == "explore" {
				mu.Lock()
				explore = p
				mu.Unlock()
			}
			return conn, err
		},
	})
	return sum, logs, err
}

// restartWhys returns the reasons logged for explore's restarts.
func restartWhys(logs *observer.ObservedLogs) []string {
	var whys []string
	for _, e := range logs.FilterMessage("plugin will be restarted").All() {
		if e.ContextMap()["plugin"] == "explore" {
			whys = append(whys, e.ContextMap()["why"].(string))
		}
	}
	return whys
}

// TestProcessAlwaysLateIsNotRestarted: in real time explore answers every
// step from step 3 on, but only once the runner has moved on to the next
// step (the robot's step hook releases step N-1 at step N and waits for
// its late answer to reach the runner), so it misses every step, many more
// than max_misses in a row. Its answers still arrive: it is slow, not hung,
// and it is not restarted.
func TestProcessAlwaysLateIsNotRestarted(t *testing.T) {
	const lateFrom = 3
	release := filepath.Join(t.TempDir(), "release")
	var unanswered []int // steps whose hook saw no late answer
	sum, logs, err := realtimeProcesses(t, 25, map[string][]string{"explore": {"late", strconv.Itoa(lateFrom), release}},
		func(step int, p *host.Plugin) {
			if step <= lateFrom || p == nil {
				return
			}
			before := p.LateReplies()
			if err := os.WriteFile(release, []byte(strconv.Itoa(step-1)), 0o644); err != nil {
				t.Error(err)
				return
			}
			// Only a restarted explore, or one that never answers, makes the
			// wait end otherwise.
			for end := time.Now().Add(20 * time.Second); p.LateReplies() == before; time.Sleep(time.Millisecond) {
				if p.Exited() || time.Now().After(end) {
					unanswered = append(unanswered, step)
					return
				}
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	p := sum.Plugins["explore"]
	if whys := restartWhys(logs); p.Restarts+p.Crashes+p.Hangs != 0 || len(whys) != 0 {
		t.Fatalf("explore %+v, restarted for %q: a plugin whose late answers arrive must not be restarted", p, whys)
	}
	if sum.Steps != 24 || p.Misses < int(sum.Steps)-lateFrom+1 {
		t.Fatalf("%d steps, explore %+v: want 24 steps, every one from step %d missed", sum.Steps, p, lateFrom)
	}
	if len(unanswered) != 0 {
		t.Fatalf("steps %v: explore's late answer did not arrive", unanswered)
	}
}

// TestProcessSilentIsRestartedAfterMaxMisses: in real time explore spins
// in Step at step 10 and never answers again; after max_misses (3) steps
// with no answer at all it is restarted, without waiting for a hang
// timeout.
func TestProcessSilentIsRestartedAfterMaxMisses(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "spun")
	sum, logs, err := realtimeProcesses(t, 60, map[string][]string{"explore": {"spin", "10", marker}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := sum.Plugins["explore"]
	whys := restartWhys(logs)
	if len(whys) == 0 || !strings.HasPrefix(whys[0], "missed 3 steps in a row without any answer") || p.Hangs+p.Crashes != 0 {
		t.Fatalf("explore %+v, restarted for %q: want a restart for 3 silent steps in a row", p, whys)
	}
	if sum.Steps != 59 || p.Restarts < 1 {
		t.Fatalf("%d steps, explore %+v: want the whole game and the restart done", sum.Steps, p)
	}
}
