package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// envCheck is a watcher served by the test binary that fails every step
// unless its process has RESCUEKIT_TEST_ENV=yes.
const envCheck = "envcheck"

func init() {
	builtins[envCheck] = func() sdk.Behavior {
		return sdk.New(sdk.Description{Name: envCheck, Version: "1", Watcher: true, EveryNSteps: 50},
			func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
				if os.Getenv("RESCUEKIT_TEST_ENV") != "yes" {
					return nil, errors.New("RESCUEKIT_TEST_ENV is not yes")
				}
				return nil, nil
			})
	}
}

// TestRunPluginEnv plays a game with a watcher that needs an environment
// variable, once with the variable in its config's env and once without:
// only the first has no failed steps.
func TestRunPluginEnv(t *testing.T) {
	for _, c := range []struct {
		name     string
		env      string
		wantFail bool
	}{{"env set", `, env: {RESCUEKIT_TEST_ENV: "yes"}`, false}, {"env missing", "", true}} {
		t.Run(c.name, func(t *testing.T) {
			cfg := filepath.Join(t.TempDir(), "env.yaml")
			yaml := "deadline_ms: 1000\nplugins:\n" +
				"  explore: {cmd: builtin, drives: [explore]}\n  victimdetect: {cmd: builtin}\n" +
				"  report: {cmd: builtin, drives: [report]}\n  exit: {cmd: builtin, drives: [exit]}\n" +
				"  " + envCheck + ": {cmd: builtin" + c.env + "}\n"
			if err := os.WriteFile(cfg, []byte(yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := runRoot(t, "run", "--json", "--config", cfg, "--world", filepath.Join("..", "..", "examples", "worlds", "small4x4.wbt"), "--log-level", "error")
			if err != nil {
				t.Fatal(err)
			}
			var res game.Result
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("summary is not JSON: %v\n%s", err, out)
			}
			p := res.Runner.Plugins[envCheck]
			if p.Steps+p.Errors == 0 || (p.Errors > 0) != c.wantFail {
				t.Errorf("%s: %d steps, %d failed; want failures: %v", envCheck, p.Steps, p.Errors, c.wantFail)
			}
		})
	}
}
