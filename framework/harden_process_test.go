package framework_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
)

// runLockstep plays steps steps with the test plugin processes in lockstep, as
// on the embedded simulator: no answer is lost to the machine's load.
func runLockstep(t *testing.T, steps int, cfg framework.Config, modes map[string][]string) (framework.Summary, *observer.ObservedLogs, error) {
	t.Helper()
	core, logs := observer.New(zap.InfoLevel)
	log := zap.New(core)
	robot := fake.New()
	robot.EndAfter(steps)
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Logger: log, Launch: processLauncher(t, log, modes), Lockstep: true,
	})
	return sum, logs, err
}

// TestProcessBlackboardOverLimit: a watcher writes 450 KiB to each of 10
// keys (4.5 MB, over gRPC's 4 MiB message limit if every Observation carried
// it). The writes are refused with warnings naming the plugin, the key and
// the size; no plugin crashes and the game goes on.
func TestProcessBlackboardOverLimit(t *testing.T) {
	sum, logs, err := runLockstep(t, 30, framework.DefaultConfig(), map[string][]string{"victimdetect": {"bigbb", "5"}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Steps != 29 {
		t.Errorf("the game must go on: %d steps", sum.Steps)
	}
	for name, p := range sum.Plugins {
		if p.Crashes+p.Restarts+p.Errors+p.Hangs != 0 || p.Steps != 29 {
			t.Errorf("plugin %s: %+v", name, p)
		}
	}
	if got := sum.Plugins["victimdetect"].BlackboardRefused; got != 10 {
		t.Errorf("%d writes refused, want the 10", got)
	}
	warns := logs.FilterMessage("blackboard write refused").All()
	if len(warns) != 10 {
		t.Fatalf("%d warnings, want 10", len(warns))
	}
	msg := warns[0].ContextMap()["error"].(string)
	for _, w := range []string{"plugin victimdetect", `key "k0"`, "460800 bytes", "over the limit"} {
		if !strings.Contains(msg, w) {
			t.Errorf("warning %q lacks %q", msg, w)
		}
	}
}

// TestProcessBlackboardSecondDeclarer: explore and the watcher victimdetect
// both declare "map"; explore (first by name) owns it. The watcher is
// refused the key at start with a warning naming both, its writes are
// refused, and the map on the blackboard stays explore's.
func TestProcessBlackboardSecondDeclarer(t *testing.T) {
	sum, logs, err := runLockstep(t, 20, framework.DefaultConfig(), map[string][]string{"explore": {"declare"}, "victimdetect": {"declare"}})
	if err != nil {
		t.Fatal(err)
	}
	refused := logs.FilterMessage("blackboard key refused").All()
	if len(refused) != 1 {
		t.Fatalf("%d start warnings, want 1", len(refused))
	}
	msg := refused[0].ContextMap()["error"].(string)
	if !strings.Contains(msg, `plugin victimdetect declares key "map", which plugin explore owns`) {
		t.Errorf("warning %q", msg)
	}
	if p := sum.Plugins["victimdetect"]; p.BlackboardRefused != 19 || p.Crashes != 0 {
		t.Errorf("victimdetect %+v: want its 19 writes refused", p)
	}
	if p := sum.Plugins["explore"]; p.BlackboardRefused != 0 || p.Steps != 19 {
		t.Errorf("explore %+v", p)
	}
}

// TestProcessSpinInStepRestarts: explore spins on its one thread in Step
// (GOMAXPROCS=1, the plugins' default); in lockstep the hang timeout takes
// it as hung, the runner kills it (whatever it does) and restarts it, and
// the game plays every step.
func TestProcessSpinInStepRestarts(t *testing.T) {
	cfg := framework.DefaultConfig()
	cfg.HangTimeoutMs = 3000 // far above a step a loaded machine stalls
	marker := filepath.Join(t.TempDir(), "spun")
	sum, logs, err := runLockstep(t, 60, cfg, map[string][]string{"explore": {"spin", "10", marker}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Steps != 59 || sum.EndReason != "simulation ended" {
		t.Fatalf("the game must go on: %d steps, ended %q", sum.Steps, sum.EndReason)
	}
	p := sum.Plugins["explore"]
	if p.Hangs != 1 || p.Restarts != 1 || p.Crashes != 0 {
		t.Fatalf("explore %+v: want one hang and one restart", p)
	}
	if p.Steps < 59-10-10 {
		t.Errorf("explore answered only %d steps after its restart", p.Steps)
	}
	if logs.FilterMessage("plugin restarted").Len() != 1 {
		t.Error("the restart must be logged")
	}
}

// TestProcessCrashThenHangInConfigure: explore panics at step 10, and the
// restarted process hangs in Configure. Every restart gives up after the
// hang timeout; the game goes on to its end with the driver's safe action,
// and the error names the plugin once.
func TestProcessCrashThenHangInConfigure(t *testing.T) {
	cfg := framework.DefaultConfig()
	cfg.HangTimeoutMs = 3000 // far above a step a loaded machine stalls
	marker := filepath.Join(t.TempDir(), "crashed")
	// 20 steps: one or two restarts after the crash, each costing the hang
	// timeout in wall time.
	sum, logs, err := runLockstep(t, 20, cfg, map[string][]string{"explore": {"crashhang", "10", marker}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Steps != 19 || sum.EndReason != "simulation ended" {
		t.Fatalf("the game must go on: %d steps, ended %q", sum.Steps, sum.EndReason)
	}
	p := sum.Plugins["explore"]
	if p.Crashes != 1 || p.Restarts < 1 || p.Hangs != 0 || p.Steps != 9 {
		t.Fatalf("explore %+v: want a crash at step 10, then only failed restarts", p)
	}
	failed := logs.FilterMessage("plugin restart failed").All()
	if len(failed) != p.Restarts {
		t.Fatalf("%d failed restarts logged, %d restarts", len(failed), p.Restarts)
	}
	msg := failed[0].ContextMap()["error"].(string)
	if strings.Count(msg, "plugin explore:") != 1 {
		t.Errorf("error %q: want the plugin named once", msg)
	}
}

// TestProcessRealtimeRestartDoesNotHoldTheLoop: in real-time mode (Webots)
// the robot does not wait for the runner, so a restart runs in the
// background. explore panics at step 5 and its restart hangs in Configure
// (plugins/host gives up after CallTimeout); the game's steps go on
// meanwhile, and the restart still in flight at the end is abandoned.
func TestProcessRealtimeRestartDoesNotHoldTheLoop(t *testing.T) {
	cfg := framework.DefaultConfig()
	cfg.Realtime, cfg.DeadlineMs = true, 250
	cfg.MaxMisses = framework.MaxMaxMisses // misses a loaded machine adds must not restart explore
	marker := filepath.Join(t.TempDir(), "crashed")
	core, logs := observer.New(zap.InfoLevel)
	log := zap.New(core)
	robot := fake.New()
	robot.EndAfter(30)
	var restartFailedSteps []uint64
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Logger: log,
		Launch: processLauncher(t, log, map[string][]string{"explore": {"crashhang", "5", marker}}),
		OnStep: func(si framework.StepInfo) {
			if logs.FilterMessage("plugin restart failed").Len() > 0 {
				restartFailedSteps = append(restartFailedSteps, si.Step)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := sum.Plugins["explore"]
	if sum.Steps != 29 || p.Crashes != 1 || p.Restarts != 1 {
		t.Fatalf("%d steps, explore %+v: want the whole game, one crash, one restart (in flight)", sum.Steps, p)
	}
	if len(restartFailedSteps) != 0 || logs.FilterMessage("plugin restarted").Len() != 0 {
		t.Errorf("the restart ended during the game (steps %v): it should still hang in Configure", restartFailedSteps)
	}
}
