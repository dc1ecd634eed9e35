package framework_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/plugins/host"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// Plugin binaries built once, on first use, for the process tests (not in
// TestMain: unit tests and fuzz workers of this package need none).
var (
	buildOnce          sync.Once
	buildDir           string
	buildErr           error
	testBin, testV2Bin string // the one test plugin, and the same speaking protocol 2
)

// buildTestPlugin builds the project's one test plugin
// (plugins/internal/testplugins/behave) once, and fails tb if it cannot.
func buildTestPlugin(tb testing.TB) {
	tb.Helper()
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "rescuekit-framework-test"); buildErr != nil {
			return
		}
		const pkg = "github.com/rescuekit/rescuekit/plugins/internal/testplugins/behave"
		testBin = filepath.Join(buildDir, "behave")
		testV2Bin = filepath.Join(buildDir, "behave-v2")
		for _, args := range [][]string{
			{"build", "-o", testBin, pkg},
			{"build", "-o", testV2Bin, "-ldflags", "-X github.com/rescuekit/rescuekit/plugins/sdk.protocolVersionOverride=2", pkg},
		} {
			if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
				buildErr = fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
				return
			}
		}
	})
	if buildErr != nil {
		tb.Fatal(buildErr)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// processLauncher starts the test plugin for every name, in the role that
// name has, with the mode modes gives for that name ("normal" otherwise).
func processLauncher(t *testing.T, log *zap.Logger, modes map[string][]string) framework.Launcher {
	buildTestPlugin(t)
	return func(ctx context.Context, name string, _ framework.PluginConfig) (framework.PluginConn, error) {
		bin, args := testBin, []string{name, "normal"}
		if m, ok := modes[name]; ok {
			if m[0] == "v2" {
				bin = testV2Bin
			} else {
				args = append([]string{name}, m...)
			}
		}
		return host.Start(ctx, host.Config{Name: name, Cmd: append([]string{bin}, args...), Logger: log})
	}
}

// runProcesses plays steps steps with the test plugin processes in
// lockstep: these tests count steps and answers, which a loaded machine must
// not change (TestProcessSleepMissesDeadline plays in real time).
func runProcesses(t *testing.T, steps int, modes map[string][]string) (framework.Summary, *observer.ObservedLogs, *fake.Robot, error) {
	t.Helper()
	core, logs := observer.New(zap.InfoLevel)
	log := zap.New(core)
	robot := fake.New()
	robot.EndAfter(steps)
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: framework.DefaultConfig(), Robot: robot, Logger: log, Launch: processLauncher(t, log, modes), Lockstep: true,
	})
	return sum, logs, robot, err
}

func TestProcessNormalGame(t *testing.T) {
	sum, _, robot, err := runProcesses(t, 40, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Steps != 39 || sum.EndReason != "simulation ended" {
		t.Fatalf("%d steps, end %q", sum.Steps, sum.EndReason)
	}
	for name, p := range sum.Plugins {
		if p.Steps != 39 || p.Misses+p.Crashes+p.Restarts+p.Errors != 0 {
			t.Errorf("plugin %s: %+v", name, p)
		}
	}
	if v, _ := robot.Velocity("wheel2 motor"); v != 2 {
		t.Errorf("explore's wheel command not applied: %g", v)
	}
}

func TestProcessPanicRestarts(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "panicked")
	// Lockstep: the restart is part of the step loop (in real-time mode it
	// runs in the background, TestProcessRealtimeRestartDoesNotHoldTheLoop).
	sum, logs, err := runLockstep(t, 60, framework.DefaultConfig(), map[string][]string{"explore": {"panic", "10", marker}})
	if err != nil {
		t.Fatal(err)
	}
	p := sum.Plugins["explore"]
	if p.Crashes != 1 || p.Restarts != 1 {
		t.Fatalf("explore %+v: want one crash and one restart", p)
	}
	if sum.Steps != 59 {
		t.Errorf("the game must go on: %d steps", sum.Steps)
	}
	if p.Steps < 59-10 {
		t.Errorf("explore answered only %d steps", p.Steps)
	}
	if logs.FilterMessage("plugin crashed").Len() != 1 || logs.FilterMessage("plugin restarted").Len() != 1 {
		t.Error("crash and restart must be logged")
	}
}

// TestProcessSleepMissesDeadline: in real-time mode a plugin process that
// sleeps far past the deadline at step 5 (and otherwise answers at once)
// misses that step: the driver's safe action holds the wheels, the plugin is
// not restarted, and it drives again once it answers in time. A loaded
// machine can add misses at other steps but cannot take this one away, so
// the test asserts what holds at every step: a step's wheels are stopped
// exactly when the runner logged that step as missed.
func TestProcessSleepMissesDeadline(t *testing.T) {
	const sleepAt = 5
	core, logs := observer.New(zap.InfoLevel)
	log := zap.New(core)
	cfg := framework.DefaultConfig()
	cfg.DeadlineMs = 250
	cfg.MaxMisses = framework.MaxMaxMisses // misses a loaded machine adds must not restart it
	pc := cfg.Plugins["explore"]
	pc.Params = map[string]string{"sleep": "3s"} // twelve deadlines
	cfg.Plugins["explore"] = pc
	robot := fake.New()
	// The game ends 20 steps after the first step past the sleep that explore
	// answered in time; 2000 steps bound it if it never does.
	robot.EndAfter(2000)
	wheel := map[uint64]float64{}
	var driving uint64
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Logger: log,
		Launch: processLauncher(t, log, map[string][]string{"explore": {"sleep", fmt.Sprint(sleepAt)}}),
		OnStep: func(si framework.StepInfo) {
			v, _ := robot.Velocity("wheel1 motor")
			wheel[si.Step] = v
			if driving == 0 && si.Step > sleepAt && v == 2 {
				driving = si.Step
				robot.EndAfter(int(si.Step) + 21)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Mode != framework.ModeRealtime {
		t.Fatalf("mode %q, want real time", sum.Mode)
	}
	missed := map[uint64]bool{}
	for _, e := range logs.FilterMessage("plugin missed its deadline: safe action").All() {
		if step, ok := e.ContextMap()["step"].(uint64); ok && e.ContextMap()["plugin"] == "explore" {
			missed[step] = true
		}
	}
	p := sum.Plugins["explore"]
	if !missed[sleepAt] || p.Misses != len(missed) || p.Crashes+p.Restarts+p.Hangs != 0 {
		t.Fatalf("explore %+v, missed steps %v: want step %d missed, each miss logged, no crash, restart or hang", p, missed, sleepAt)
	}
	if driving == 0 || sum.Steps != driving+20 || sum.EndReason != "simulation ended" {
		t.Fatalf("%d steps, ended %q, explore drove again at step %d: want the game to go on after the miss", sum.Steps, sum.EndReason, driving)
	}
	for step := uint64(1); step <= sum.Steps; step++ {
		if want := map[bool]float64{true: 0, false: 2}[missed[step]]; wheel[step] != want {
			t.Errorf("step %d (missed %v): wheel1 %g, want %g", step, missed[step], wheel[step], want)
		}
	}
}

func TestProcessPrintsToStdout(t *testing.T) {
	sum, logs, _, err := runProcesses(t, 12, map[string][]string{"victimdetect": {"print", "3"}})
	if err != nil {
		t.Fatal(err)
	}
	if p := sum.Plugins["victimdetect"]; p.Steps != 11 || p.Errors+p.Crashes != 0 {
		t.Fatalf("victimdetect %+v", p)
	}
	var lines int
	for _, e := range logs.All() {
		if strings.Contains(e.Message, "hello from victimdetect") || strings.Contains(fmt.Sprint(e.ContextMap()), "hello from victimdetect") {
			lines++
		}
	}
	if lines != 3 {
		t.Errorf("want the plugin's 3 stdout lines in the runner's log, got %d", lines)
	}
}

func TestProcessWrongProtocol(t *testing.T) {
	_, _, _, err := runProcesses(t, 10, map[string][]string{"explore": {"v2"}})
	if err == nil || !strings.Contains(err.Error(), "rebuild") || !strings.Contains(err.Error(), "explore") {
		t.Fatalf("error %v: want one line naming the plugin and the side to rebuild", err)
	}
}

// TestProcessWatchRestartsChangedBinary: with Watch on, a plugin whose binary
// changes on disk is restarted at a step boundary, and the blackboard
// survives.
func TestProcessWatchRestartsChangedBinary(t *testing.T) {
	buildTestPlugin(t)
	bin := filepath.Join(t.TempDir(), "explore-plugin")
	copyFile := func() {
		data, err := os.ReadFile(testBin)
		if err != nil {
			t.Fatal(err)
		}
		tmp := bin + ".new"
		if err := os.WriteFile(tmp, append(data, 0), 0o755); err != nil { // one byte more: another binary
			t.Fatal(err)
		}
		if err := os.Rename(tmp, bin); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(testBin)
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := framework.DefaultConfig()
	pc := cfg.Plugins["explore"]
	pc.Cmd, pc.Args = bin, []string{"explore", "normal"}
	cfg.Plugins["explore"] = pc

	var sawKey []bool
	watcher := sdk.New(sdk.Description{Name: "victimdetect", Watcher: true, BlackboardWrites: []string{"k"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			sawKey = append(sawKey, string(o.GetBlackboard()["k"]) == "v")
			if o.GetStep() == 1 {
				return &pluginpb.Action{Blackboard: map[string][]byte{"k": []byte("v")}}, nil
			}
			return nil, nil
		})
	robot := fake.New()
	robot.EndAfter(60)
	robot.OnStep(func(step int, _ *fake.Robot) {
		if step == 20 {
			copyFile()
		}
	})
	core, logs := observer.New(zap.InfoLevel)
	log := zap.New(core)
	// Lockstep: a restart for misses on a loaded machine would add to the count.
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Logger: log, Watch: true, Lockstep: true,
		Launch: func(ctx context.Context, name string, pc framework.PluginConfig) (framework.PluginConn, error) {
			switch name {
			case "explore":
				return host.Start(ctx, host.Config{Name: name, Cmd: append([]string{pc.Cmd}, pc.Args...), Logger: log})
			case "victimdetect":
				return sdk.NewInProcess(watcher), nil
			}
			return sdk.NewInProcess(idle(name, name)), nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if p := sum.Plugins["explore"]; p.Restarts != 1 || p.Crashes != 0 {
		t.Fatalf("explore %+v: want exactly one restart after its binary changed", p)
	}
	if logs.FilterMessage("plugin binary changed: restarting it").Len() != 1 {
		t.Error("the restart must be logged")
	}
	if len(sawKey) < 50 || !sawKey[len(sawKey)-1] {
		t.Errorf("the blackboard key written at step 1 is gone after the restart (%d observations)", len(sawKey))
	}
}
