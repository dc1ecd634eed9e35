//go:build webots && webotsfake

package main

import (
	"encoding/json"
	"testing"

	"github.com/rescuekit/rescuekit/hal/webots"
)

// TestRunWebotsJSON plays run --backend webots --json against the
// in-memory libController (build tags webots and webotsfake, as .ci/run
// runs it) with the built-in behaviors as plugin processes: the JSON has
// the shape of docs/schema/run-webots.schema.json and names the four
// plugins that played, each with its version and the SHA-256 of its binary.
func TestRunWebotsJSON(t *testing.T) {
	const steps = 60
	if err := webots.FakeErebus(steps); err != nil {
		t.Fatal(err)
	}
	out, err := runRoot(t, "run", "--backend", "webots", "--json", "--log-level", "error")
	if err != nil {
		t.Fatalf("run --backend webots: %v\n%s", err, out)
	}
	checkAgainst(t, "run-webots.schema.json", []byte(out))
	var o webotsOutput
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatal(err)
	}
	if o.Runner.Steps == 0 || o.Runner.Steps > steps {
		t.Errorf("%d steps, want 1-%d", o.Runner.Steps, steps)
	}
	names := map[string]bool{}
	for _, p := range o.PluginsPlayed {
		names[p.Name] = true
		if len(p.SHA256) != 64 || p.Version == "" || p.Path != "builtin" {
			t.Errorf("played %+v: want a built-in with a version and a SHA-256", p)
		}
	}
	for _, n := range []string{"explore", "exit", "report", "victimdetect"} {
		if !names[n] {
			t.Errorf("plugins_played %+v lacks %s", o.PluginsPlayed, n)
		}
	}
}
