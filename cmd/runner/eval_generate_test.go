package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEvalGenerateRules checks that `runner eval --generate` plays the
// generator's default version, v26.1, unless --rules names another.
func TestEvalGenerateRules(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "v26.1"},
		{[]string{"--rules", "v25"}, "v25.0.1"},
		{[]string{"--rules", "v26"}, "v26.1"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(append([]string{"default"}, tt.args...), " "), func(t *testing.T) {
			args := append([]string{"eval", "--generate", "1", "--generate-size", "3x3", "--runs", "1", "--in-process",
				"--log-level", "error", "--timings=false", "--json"}, tt.args...)
			out := mustRun(t, args...)
			var res struct {
				Games []struct {
					Referee struct {
						Version string `json:"version"`
					} `json:"referee"`
				} `json:"games"`
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("eval --json: %v", err)
			}
			if len(res.Games) != 1 || res.Games[0].Referee.Version != tt.want {
				t.Errorf("games %+v, want one game of Erebus %s", res.Games, tt.want)
			}
		})
	}
	if _, err := runRoot(t, "eval", "--generate", "1", "--rules", "v24", "--in-process"); err == nil || !strings.Contains(err.Error(), "unknown rules version") {
		t.Errorf("--rules v24: got %v, want an unknown-version error", err)
	}
}
