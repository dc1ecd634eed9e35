package framework

import (
	"bytes"
	"fmt"
	"math"

	"gopkg.in/yaml.v3"
)

// Upper bounds of the timing fields: beyond them a value is a typo (or an
// overflow of time.Duration, which counts nanoseconds in an int64), not a
// setting. Validate refuses values outside [min, max].
const (
	// MaxControlStepMs is the longest control step: 64 basic time steps.
	MaxControlStepMs = 1024
	// MaxDeadlineMs is the longest per-step deadline.
	MaxDeadlineMs = 60_000
	// MaxHangTimeoutMs is the longest lockstep hang timeout.
	MaxHangTimeoutMs = 600_000
	// MaxMaxMisses is the most misses in a row a config may allow.
	MaxMaxMisses = 1_000_000
	// MaxRestartBackoffMs bounds restart_backoff_ms and restart_backoff_max_ms.
	MaxRestartBackoffMs = 600_000
	// MaxStillMarginS bounds comms.still_margin_s.
	MaxStillMarginS = 60.0
	// MaxDuplicateRadiusM bounds comms.duplicate_radius_m.
	MaxDuplicateRadiusM = 1.0
)

// rangeErrors checks the fields' upper bounds and finiteness (the lower
// bounds are Validate's).
func (c Config) rangeErrors() []error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	for _, f := range []struct {
		name string
		v    int
		max  int
	}{
		{"control_step_ms", c.ControlStepMs, MaxControlStepMs},
		{"deadline_ms", c.DeadlineMs, MaxDeadlineMs},
		{"hang_timeout_ms", c.HangTimeoutMs, MaxHangTimeoutMs},
		{"max_misses", c.MaxMisses, MaxMaxMisses},
		{"restart_backoff_ms", c.RestartBackoffMs, MaxRestartBackoffMs},
		{"restart_backoff_max_ms", c.RestartBackoffMaxMs, MaxRestartBackoffMs},
	} {
		if f.v > f.max {
			bad("%s %d: at most %d", f.name, f.v, f.max)
		}
	}
	if c.DeadlineMs <= MaxDeadlineMs && c.HangTimeoutMs <= MaxHangTimeoutMs && c.HangTimeout() < c.Deadline() {
		bad("hang_timeout_ms %d is shorter than the per-step deadline %d ms: in lockstep a plugin merely over budget would be taken as hung", c.HangTimeout(), c.Deadline())
	}
	for _, f := range []struct {
		name string
		v    float64
		max  float64
	}{
		{"comms.still_margin_s", c.Comms.StillMarginS, MaxStillMarginS},
		{"comms.duplicate_radius_m", c.Comms.DuplicateRadiusM, MaxDuplicateRadiusM},
	} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) || f.v > f.max {
			bad("%s %g: must be a number of at most %g", f.name, f.v, f.max)
		}
	}
	return errs
}

// zeroKeys are the fields whose 0, written in a config, means what the
// field's documentation says (a default, or an error) rather than "keep the
// embedded default's value".
var zeroKeys = []string{"control_step_ms", "deadline_ms", "max_misses", "hang_timeout_ms", "restart_backoff_ms", "restart_backoff_max_ms"}

// applyExplicitZeros sets to 0 every field of zeroKeys that b gives as 0,
// which merge (which skips zero values) would ignore: `max_misses: 0` is
// then refused by Validate, `deadline_ms: 0` means a quarter of the control
// step, `hang_timeout_ms: 0` means DefaultHangTimeoutMs.
func (c *Config) applyExplicitZeros(b []byte) {
	var top map[string]yaml.Node
	if yaml.NewDecoder(bytes.NewReader(b)).Decode(&top) != nil {
		return
	}
	fields := map[string]*int{
		"control_step_ms": &c.ControlStepMs, "deadline_ms": &c.DeadlineMs, "max_misses": &c.MaxMisses,
		"hang_timeout_ms": &c.HangTimeoutMs, "restart_backoff_ms": &c.RestartBackoffMs, "restart_backoff_max_ms": &c.RestartBackoffMaxMs,
	}
	for _, k := range zeroKeys {
		n, ok := top[k]
		var v int
		if ok && n.Kind == yaml.ScalarNode && n.Decode(&v) == nil && v == 0 {
			*fields[k] = 0
		}
	}
}
