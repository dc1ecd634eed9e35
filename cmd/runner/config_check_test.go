package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigCheckRunsRunsChecks checks that `runner config --check` finds
// what `run` would refuse: a parameter typo (with the near name), a bad
// value, a stale pin, and accepts files that set one field over the
// defaults.
func TestConfigCheckRunsRunsChecks(t *testing.T) {
	_, bin := teamConfig(t)
	zeros := strings.Repeat("0", 64)
	tests := []struct {
		name, yaml string
		want       string // "" = valid
	}{
		{"only plugins.explore", "plugins:\n  explore: {cmd: " + bin + ", args: [plugin, explore]}\n", ""},
		{"only fsm.initial", "fsm: {initial: report}\n", ""},
		{"parameter typo", "plugins:\n  explore:\n    params: {max_whel: \"3\"}\n", `"max_whel", which the plugin (explore 1.0.0) does not declare: did you mean "max_wheel"?`},
		{"bad value", "plugins:\n  explore:\n    params: {max_wheel: fast}\n", `max_wheel="fast"`},
		{"stale pin", "plugins:\n  explore: {cmd: " + bin + ", args: [plugin, explore], sha256: " + zeros + "}\n", "does not match its SHA-256 pin"},
		{"field typo", "fsm: {intial: report}\n", `did you mean "initial"?`},
		{"state no plugin lists", "plugins:\n  victimdetect: {drives: [explore]}\n  explore: {disabled: true}\n", `plugins.victimdetect.drives has state "explore"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "c.yaml")
			if err := os.WriteFile(p, []byte(tt.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := runRoot(t, "config", "--check", p)
			if tt.want == "" {
				if err != nil || !strings.Contains(out, "valid") {
					t.Fatalf("err %v, out %q: want valid", err, out)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err %v, want one saying %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "plugin explore: plugin explore:") {
				t.Errorf("doubled prefix: %v", err)
			}
		})
	}
}
