package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
)

// testAsRunner set to 1 in the environment makes the test binary the
// runner whatever its arguments (a bundle's start script runs it).
const testAsRunner = "RESCUEKIT_TEST_AS_RUNNER"

// TestMain lets the test binary stand in for the runner binary: the runner
// re-executes itself (os.Executable) as `runner plugin NAME` to serve the
// built-in behaviors, and here os.Executable is this test binary.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "plugin" || os.Getenv(asRunnerEnv) == "1" || os.Getenv(testAsRunner) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestRunWholeGame plays the default command, `runner run`, with the
// built-in behaviors as real plugin processes, on the smallest example
// world, and checks the summary: the game ended by exit, the behaviors
// scored, no plugin crashed, nothing was refused.
func TestRunWholeGame(t *testing.T) {
	// The default lockstep: no deadline for -race or a shared machine to miss.
	out, err := runRoot(t, "run", "--json", "--world", filepath.Join("..", "..", "examples", "worlds", "small4x4.wbt"), "--log-level", "error")
	if err != nil {
		t.Fatal(err)
	}
	var res game.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("summary is not JSON: %v\n%s", err, out)
	}
	r := res.Referee
	if r.EndReason != "exit" || !r.MapEvaluated {
		t.Errorf("game ended %q, map evaluated %v: want exit after a map", r.EndReason, r.MapEvaluated)
	}
	if r.Score <= 0 || r.Misidentifications != 0 || r.LoPAutomatic != 0 {
		t.Errorf("score %.2f, misidentifications %d, automatic LoP %d", r.Score, r.Misidentifications, r.LoPAutomatic)
	}
	for name, p := range res.Runner.Plugins {
		if p.Crashes != 0 || p.Restarts != 0 {
			t.Errorf("plugin %s crashed: %+v", name, p)
		}
	}
	if res.Runner.Mode != framework.ModeLockstep {
		t.Errorf("mode %q, want lockstep by default", res.Runner.Mode)
	}
	if len(res.Runner.CommsRefusals) != 0 {
		t.Errorf("comms refusals %v", res.Runner.CommsRefusals)
	}
}

func TestRunErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "--world", "nope.wbt"}, "nope.wbt"},
		{[]string{"run", "--plugin", "explore"}, "want NAME=PATH"},
		{[]string{"run", "--plugin", "wander=./x"}, `no plugin "wander"`},
		{[]string{"run", "--plugin", "explore=./does-not-exist"}, "does-not-exist"},
		{[]string{"run", "--backend", "webots"}, "built without Webots support"},
		{[]string{"run", "--backend", "gazebo"}, "want sim or webots"},
		{[]string{"run", "--log-level", "loud"}, "--log-level"},
		{[]string{"run", "--config", "nope.yaml"}, "nope.yaml"},
		{[]string{"config", "--check", "nope.yaml"}, "nope.yaml"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, err := runRoot(t, tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one mentioning %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
		})
	}
}

func TestRunUnknownStateConfig(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(cfg, []byte("fsm:\n  initial: explore\n  states: [explore, report, exit]\n  events:\n    - {name: victim_seen, from: [explore], to: reprot}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := runRoot(t, "run", "--config", cfg)
	if err == nil || !strings.Contains(err.Error(), `unknown state "reprot"`) {
		t.Fatalf("error %v: want the unknown state named", err)
	}
}

func TestWebotsArgs(t *testing.T) {
	env := func(url string) func(string) string {
		return func(string) string { return url }
	}
	// This test binary is built without the webots tag, so a bare start
	// never turns into a Webots run.
	if got := webotsArgs(nil, "/x/robot0Controller", env("tcp://h:1234/Erebus_Bot")); got != nil {
		t.Fatalf("without the webots tag: %v", got)
	}
	if got := webotsArgs([]string{"run"}, "/x/robot0Controller", env("")); got != nil {
		t.Fatalf("explicit arguments must be kept: %v", got)
	}
}

// TestPrintRunnerSummary: the summary of a game whose referee is Erebus's
// (Webots) gives the mode, each plugin's step times and the budget note;
// --json gives the runner's summary as it is, with the plugins that played,
// in the shape of docs/schema/run-webots.schema.json.
func TestPrintRunnerSummary(t *testing.T) {
	s := framework.Summary{Mode: framework.ModeRealtime, BudgetMs: 8, Steps: 100, EndReason: "simulation ended", FinalState: "exit",
		Plugins:    map[string]framework.PluginStats{"explore": {Steps: 90, Misses: 10, StepP50: time.Millisecond, StepP99: 7 * time.Millisecond, StepMax: 8 * time.Millisecond}},
		BudgetNote: "explore missed its 8 ms deadline in 10 of 100 steps: those steps got a safe action"}
	for _, asJSON := range []bool{false, true} {
		var b strings.Builder
		cmd := &cobra.Command{}
		cmd.SetOut(&b)
		played := []pluginInfo{{Name: "explore", Path: "builtin", Version: "1.0.0", SHA256: strings.Repeat("ab", 32)}}
		if err := printRunnerSummary(cmd, s, asJSON, played); err != nil {
			t.Fatal(err)
		}
		if asJSON {
			checkAgainst(t, "run-webots.schema.json", []byte(b.String()))
			var back webotsOutput
			if err := json.Unmarshal([]byte(b.String()), &back); err != nil || back.Runner.Mode != s.Mode || back.Runner.BudgetNote != s.BudgetNote ||
				len(back.PluginsPlayed) != 1 || back.PluginsPlayed[0] != played[0] {
				t.Errorf("JSON %q: %v", b.String(), err)
			}
			continue
		}
		for _, want := range []string{"realtime: 8 ms deadline per step", "plugin explore  90 steps, step p50 1.00 / p99 7.00 / max 8.00 ms, 0 over budget, 10 deadline misses",
			s.BudgetNote} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("summary lacks %q:\n%s", want, b.String())
			}
		}
	}
}
