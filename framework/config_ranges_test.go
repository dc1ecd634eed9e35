package framework

import (
	"errors"
	"strings"
	"testing"
)

// TestConfigRanges feeds ParseConfig (what `runner config --check` and run
// use) each out-of-range value the issue found, and values at the bounds.
func TestConfigRanges(t *testing.T) {
	for _, tc := range []struct {
		yaml string
		want string // "" = valid
	}{
		{"deadline_ms: 10000000000000", "deadline_ms 10000000000000: at most 60000"},
		{"deadline_ms: 60000\nhang_timeout_ms: 60000", ""},
		{"deadline_ms: 60001", "deadline_ms 60001: at most 60000"},
		{"control_step_ms: 16000000", "control_step_ms 16000000: at most 1024"},
		{"control_step_ms: 1024", ""},
		{"control_step_ms: 0", "control_step_ms 0: must be a positive multiple"},
		{"max_misses: 0", "max_misses 0: must be ≥ 1"},
		{"max_misses: 1000001", "max_misses 1000001: at most 1000000"},
		{"hang_timeout_ms: 600001", "hang_timeout_ms 600001: at most 600000"},
		{"hang_timeout_ms: 0", ""},
		{"deadline_ms: 20000\nhang_timeout_ms: 0", "hang_timeout_ms 10000 is shorter than the per-step deadline 20000 ms"},
		{"deadline_ms: 100\nhang_timeout_ms: 50", "hang_timeout_ms 50 is shorter"},
		{"restart_backoff_ms: 0", ""},
		{"restart_backoff_max_ms: 0", "restart_backoff_ms 100 / restart_backoff_max_ms 0"},
		{"restart_backoff_max_ms: 9223372036854775807", "restart_backoff_max_ms 9223372036854775807: at most 600000"},
		{"comms: {still_margin_s: .nan}", "comms.still_margin_s NaN"},
		{"comms: {still_margin_s: 61}", "comms.still_margin_s 61"},
		{"comms: {duplicate_radius_m: .inf}", "comms.duplicate_radius_m +Inf"},
	} {
		c, err := ParseConfig([]byte(tc.yaml))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.yaml, err)
		case tc.want != "" && (err == nil || !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: error %v, want one with %q", tc.yaml, err, tc.want)
		}
		_ = c
	}
}

// TestConfigExplicitZero: a 0 written in a config takes the meaning the
// field documents instead of being dropped for the default's value.
func TestConfigExplicitZero(t *testing.T) {
	c, err := ParseConfig([]byte("deadline_ms: 0\nrestart_backoff_ms: 0\nhang_timeout_ms: 0"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Deadline() != c.ControlStepMs/4 || c.RestartBackoffMs != 0 || c.HangTimeout() != DefaultHangTimeoutMs {
		t.Errorf("deadline %d, backoff %d, hang %d", c.Deadline(), c.RestartBackoffMs, c.HangTimeout())
	}
	c, err = ParseConfig([]byte("restart_backoff_ms: 0\nrestart_backoff_max_ms: 0"))
	if err != nil || c.RestartBackoffMs != 0 || c.RestartBackoffMaxMs != 0 {
		t.Errorf("no backoff: %+v, %v", c, err)
	}
}
