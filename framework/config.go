package framework

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

//go:embed default.yaml
var defaultYAML []byte

// DefaultConfigYAML returns the embedded default configuration, with its
// comments: the documentation of every field.
func DefaultConfigYAML() []byte { return slices.Clone(defaultYAML) }

// Builtin is the Cmd value that names the behavior built into the runner.
const Builtin = "builtin"

// Config is the runner configuration: timing, supervision, the comms gate,
// the state machine and the plugins.
type Config struct {
	ControlStepMs int `yaml:"control_step_ms"`
	DeadlineMs    int `yaml:"deadline_ms"`
	// MaxMisses is, in real time, how many steps in a row a plugin may
	// miss its deadline without any answer, not even a late one to an
	// earlier step, before it is restarted (and how many failed steps in a
	// row restart it); a plugin whose late answers arrive is not restarted.
	MaxMisses           int `yaml:"max_misses"`
	RestartBackoffMs    int `yaml:"restart_backoff_ms"`
	RestartBackoffMaxMs int `yaml:"restart_backoff_max_ms"`
	// Realtime applies DeadlineMs with the wall clock on the embedded
	// simulator too, as on Webots; false (the default) plays in lockstep.
	Realtime bool `yaml:"realtime"`
	// HangTimeoutMs is, in lockstep, the wall time after which a plugin
	// that has not answered a step is taken as hung and restarted; 0 means
	// DefaultHangTimeoutMs.
	HangTimeoutMs int `yaml:"hang_timeout_ms"`

	Comms CommsConfig `yaml:"comms"`
	FSM   FSMConfig   `yaml:"fsm"`
	// Plugins maps a plugin name to its settings.
	Plugins map[string]PluginConfig `yaml:"plugins"`
}

// CommsConfig tunes the comms gate.
type CommsConfig struct {
	StillMarginS     float64 `yaml:"still_margin_s"`
	DuplicateRadiusM float64 `yaml:"duplicate_radius_m"`
}

// FSMConfig describes the shared state machine.
type FSMConfig struct {
	Initial string      `yaml:"initial"`
	States  []string    `yaml:"states"`
	Events  []EventDesc `yaml:"events"`
	// Callbacks maps a looplab/fsm callback key (enter_state, leave_<state>,
	// before_<event>, after_event, …) to names of runner callbacks.
	Callbacks map[string][]string `yaml:"callbacks"`
}

// EventDesc is one transition rule: event Name moves From any listed state
// To one state.
type EventDesc struct {
	Name string   `yaml:"name"`
	From []string `yaml:"from"`
	To   string   `yaml:"to"`
}

// PluginConfig says how to start a plugin and what it drives.
type PluginConfig struct {
	// Cmd is "builtin" or the path of a plugin binary.
	Cmd string `yaml:"cmd"`
	// Args are extra arguments for the plugin binary.
	Args []string `yaml:"args"`
	// SHA256 optionally pins the binary: a different file is refused.
	SHA256 string `yaml:"sha256"`
	// Drives lists the FSM states this plugin drives.
	Drives []string `yaml:"drives"`
	// Params are passed to the plugin's Configure.
	Params map[string]string `yaml:"params"`
	// Env sets environment variables of the plugin process, over the
	// runner's own (GOMAXPROCS and GOGC among them).
	Env map[string]string `yaml:"env"`
	// BlackboardKeys are the blackboard keys this plugin alone may write
	// (it must still declare them): another plugin that declares one is
	// refused it. A key not listed here belongs to the first plugin, by
	// name, that declares it.
	BlackboardKeys []string `yaml:"blackboard_keys"`
	// Disabled leaves the plugin out.
	Disabled bool `yaml:"disabled"`
}

// EnvList returns p.Env as sorted NAME=value entries.
func (p PluginConfig) EnvList() []string {
	out := make([]string, 0, len(p.Env))
	for _, k := range slices.Sorted(maps.Keys(p.Env)) {
		out = append(out, k+"="+p.Env[k])
	}
	return out
}

// reservedEnv are the variables of the plugin handshake, which the runner
// sets itself.
var reservedEnv = []string{pluginpb.MagicCookieKey, pluginpb.EnvDebug, pluginpb.EnvLogLevel}

// CallbackNames lists the runner callbacks a config may name.
var CallbackNames = []string{"log", "count", "stop"}

// DefaultConfig returns the embedded default configuration.
func DefaultConfig() Config {
	c, err := ParseConfig(defaultYAML)
	if err != nil {
		panic("framework: embedded default config is invalid: " + err.Error())
	}
	return c
}

// LoadConfig reads a YAML config file over the embedded default and
// validates it.
func LoadConfig(path string) (Config, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	c, err := ParseConfig(b)
	if err != nil {
		return Config{}, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
}

// ParseConfig decodes YAML over the embedded default and validates the
// result. Unknown fields are an error (they are usually typos). It merges
// field by field (mergeYAML): what a file leaves out keeps the default.
func ParseConfig(b []byte) (Config, error) {
	var c Config
	if !bytes.Equal(b, defaultYAML) {
		c = DefaultConfig()
	}
	if err := mergeYAML(b, &c); err != nil {
		return Config{}, err
	}
	if len(bytes.TrimSpace(b)) > 0 {
		c.applyExplicitZeros(b)
	}
	if err := c.Validate(); err != nil {
		return Config{}, err
	}
	return c, nil
}

// Deadline returns the per-step plugin deadline in milliseconds.
func (c Config) Deadline() int {
	if c.DeadlineMs > 0 {
		return c.DeadlineMs
	}
	return max(1, c.ControlStepMs/4)
}

// DefaultHangTimeoutMs is the hang timeout when the config gives none.
const DefaultHangTimeoutMs = 10000

// HangTimeout returns the lockstep hang timeout in milliseconds.
func (c Config) HangTimeout() int {
	if c.HangTimeoutMs > 0 {
		return c.HangTimeoutMs
	}
	return DefaultHangTimeoutMs
}

// Drivers maps each state to the plugin that drives it.
func (c Config) Drivers() map[string]string {
	m := map[string]string{}
	for _, name := range c.PluginNames() {
		for _, s := range c.Plugins[name].Drives {
			m[s] = name
		}
	}
	return m
}

// PluginNames lists the enabled plugins, sorted.
func (c Config) PluginNames() []string {
	var names []string
	for n, p := range c.Plugins {
		if !p.Disabled {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// ErrConfig is wrapped by every validation error.
var ErrConfig = errors.New("invalid config")

// Validate checks the config and names everything it does not know: unknown
// states, events, plugins and callback names are errors.
func (c Config) Validate() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }

	if c.ControlStepMs <= 0 || c.ControlStepMs%16 != 0 {
		bad("control_step_ms %d: must be a positive multiple of the basic time step, 16", c.ControlStepMs)
	}
	if c.DeadlineMs < 0 {
		bad("deadline_ms %d: must be ≥ 0 (0 = a quarter of the control step)", c.DeadlineMs)
	}
	if c.HangTimeoutMs < 0 {
		bad("hang_timeout_ms %d: must be ≥ 0 (0 = %d)", c.HangTimeoutMs, DefaultHangTimeoutMs)
	}
	if c.MaxMisses < 1 {
		bad("max_misses %d: must be ≥ 1", c.MaxMisses)
	}
	if c.RestartBackoffMs < 0 || c.RestartBackoffMaxMs < c.RestartBackoffMs {
		bad("restart_backoff_ms %d / restart_backoff_max_ms %d: need 0 ≤ backoff ≤ max", c.RestartBackoffMs, c.RestartBackoffMaxMs)
	}
	if c.Comms.StillMarginS < 1.0 {
		bad("comms.still_margin_s %g: Erebus needs at least 1.0 s standing still", c.Comms.StillMarginS)
	}
	if c.Comms.DuplicateRadiusM < 0 {
		bad("comms.duplicate_radius_m %g: must be ≥ 0", c.Comms.DuplicateRadiusM)
	}

	states := map[string]bool{}
	for _, s := range c.FSM.States {
		if s == "" {
			bad("fsm.states: empty state name")
		}
		if states[s] {
			bad("fsm.states: state %q listed twice", s)
		}
		states[s] = true
	}
	if len(states) == 0 {
		bad("fsm.states: no states")
	}
	if !states[c.FSM.Initial] {
		bad("fsm.initial: unknown state %q (states: %s)", c.FSM.Initial, strings.Join(c.FSM.States, ", "))
	}
	events := map[string]bool{}
	seen := map[[2]string]bool{}
	for i, e := range c.FSM.Events {
		if e.Name == "" {
			bad("fsm.events[%d]: no name", i)
		}
		events[e.Name] = true
		if !states[e.To] {
			bad("fsm.events[%d] %q: unknown state %q in to", i, e.Name, e.To)
		}
		if len(e.From) == 0 {
			bad("fsm.events[%d] %q: no from states", i, e.Name)
		}
		for _, f := range e.From {
			if !states[f] {
				bad("fsm.events[%d] %q: unknown state %q in from", i, e.Name, f)
			}
			k := [2]string{e.Name, f}
			if seen[k] {
				bad("fsm.events[%d] %q: a second transition from %q", i, e.Name, f)
			}
			seen[k] = true
		}
	}
	keys := make([]string, 0, len(c.FSM.Callbacks))
	for k := range c.FSM.Callbacks {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !callbackKeyKnown(k, states, events) {
			bad("fsm.callbacks: %q names no known state or event (use enter_state, leave_state, before_event, after_event, enter_<state>, leave_<state>, before_<event>, after_<event>)", k)
		}
		for _, n := range c.FSM.Callbacks[k] {
			if !slices.Contains(CallbackNames, n) {
				bad("fsm.callbacks.%s: unknown callback %q (known: %s)", k, n, strings.Join(CallbackNames, ", "))
			}
		}
	}

	drivers := map[string]string{}
	names := make([]string, 0, len(c.Plugins))
	for n := range c.Plugins {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := c.Plugins[n]
		if p.Disabled {
			continue
		}
		if p.Cmd == "" {
			bad("plugins.%s: no cmd (use %q or the path of a plugin binary)", n, Builtin)
		}
		if p.SHA256 != "" && (len(p.SHA256) != 64 || strings.Trim(strings.ToLower(p.SHA256), "0123456789abcdef") != "") {
			bad("plugins.%s: sha256 must be 64 hex digits", n)
		}
		for _, k := range slices.Sorted(maps.Keys(p.Env)) {
			switch {
			case k == "" || strings.ContainsAny(k, "=\x00") || strings.ContainsRune(p.Env[k], 0):
				bad("plugins.%s: env %q: a variable name must be non-empty and hold no '=' (and no value a NUL byte)", n, k)
			case slices.Contains(reservedEnv, k) || strings.HasPrefix(k, "PLUGIN_"):
				bad("plugins.%s: env %q is set by the runner for the plugin handshake", n, k)
			}
		}
		for _, s := range p.Drives {
			if !states[s] {
				bad("plugins.%s: drives unknown state %q", n, s)
				continue
			}
			if other, ok := drivers[s]; ok {
				bad("plugins.%s: state %q is already driven by plugin %s", n, s, other)
			}
			drivers[s] = n
		}
	}
	for _, s := range c.FSM.States {
		if _, ok := drivers[s]; !ok && states[s] {
			bad("fsm state %q: no plugin drives it (add it to a plugin's drives)", s)
		}
	}
	errs = append(errs, c.rangeErrors()...)
	errs = append(errs, c.keyErrors()...)
	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", ErrConfig, errors.Join(errs...))
	}
	return nil
}

func callbackKeyKnown(k string, states, events map[string]bool) bool {
	switch k {
	case "enter_state", "leave_state", "before_event", "after_event":
		return true
	}
	for _, p := range []string{"enter_", "leave_"} {
		if s, ok := strings.CutPrefix(k, p); ok && states[s] {
			return true
		}
	}
	for _, p := range []string{"before_", "after_"} {
		if e, ok := strings.CutPrefix(k, p); ok && events[e] {
			return true
		}
	}
	return false
}
