package framework

import (
	"strings"
	"testing"
)

// FuzzParseConfig feeds arbitrary YAML to ParseConfig: it must never
// panic, and a config it accepts must be valid and self-consistent (every
// state driven by exactly the plugin Drivers names, a positive deadline,
// env entries that name their variables).
func FuzzParseConfig(f *testing.F) {
	f.Add(string(defaultYAML))
	f.Add("control_step_ms: 64\ndeadline_ms: 10\n")
	f.Add("plugins:\n  explore: {cmd: builtin, drives: [explore], env: {GOGC: \"100\"}}\n  report: {cmd: builtin, drives: [report]}\n  exit: {cmd: builtin, drives: [exit]}\n")
	f.Add("fsm:\n  initial: a\n  states: [a]\n  events: [{name: e, from: [a], to: a}]\nplugins:\n  p: {cmd: ./x, drives: [a], sha256: " + strings.Repeat("a", 64) + "}\n")
	f.Add("plugins:\n  explore: {cmd: builtin, env: {\"\": x}}\n")
	f.Fuzz(func(t *testing.T, y string) {
		c, err := ParseConfig([]byte(y))
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("ParseConfig accepted a config that Validate refuses: %v", err)
		}
		if c.Deadline() <= 0 {
			t.Errorf("deadline %d ms", c.Deadline())
		}
		drivers := c.Drivers()
		for _, s := range c.FSM.States {
			p, ok := drivers[s]
			if !ok {
				t.Errorf("state %q has no driver", s)
				continue
			}
			if c.Plugins[p].Disabled {
				t.Errorf("state %q driven by disabled plugin %s", s, p)
			}
		}
		for name, p := range c.Plugins {
			for _, kv := range p.EnvList() {
				if k, _, _ := strings.Cut(kv, "="); k == "" {
					t.Errorf("plugin %s: env entry %q names no variable", name, kv)
				}
			}
		}
	})
}
