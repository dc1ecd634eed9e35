package framework

import (
	"slices"
	"strings"
	"testing"
)

// TestMergeFieldByField checks the promise of the default config's header,
// "what you leave out keeps the value below", for files that set one field.
func TestMergeFieldByField(t *testing.T) {
	def := DefaultConfig()
	tests := []struct {
		name  string
		yaml  string
		check func(c Config) string
	}{
		{"only plugins.explore.cmd", "plugins:\n  explore:\n    cmd: ./bin/wallfollow\n", func(c Config) string {
			e := c.Plugins["explore"]
			if e.Cmd != "./bin/wallfollow" || !slices.Equal(e.Drives, []string{"explore"}) || len(c.Plugins) != len(def.Plugins) {
				return "explore should change its cmd alone and the other plugins stay"
			}
			return ""
		}},
		{"only fsm.initial", "fsm: {initial: report}\n", func(c Config) string {
			if c.FSM.Initial != "report" || !slices.Equal(c.FSM.States, def.FSM.States) || len(c.FSM.Events) != len(def.FSM.Events) {
				return "fsm.initial alone should keep states and events"
			}
			return ""
		}},
		{"a param", "plugins: {explore: {params: {speed: \"3\"}}}\n", func(c Config) string {
			if c.Plugins["explore"].Params["speed"] != "3" || c.Plugins["explore"].Cmd != Builtin {
				return "a param alone should keep the plugin's cmd"
			}
			return ""
		}},
		{"false over a default", "realtime: false\nmax_misses: 3\n", func(c Config) string {
			if c.Realtime || c.MaxMisses != 3 || c.ControlStepMs != def.ControlStepMs {
				return "scalars set, others kept"
			}
			return ""
		}},
		{"a list replaces", "fsm: {states: [explore, report, exit]}\n", func(c Config) string {
			if len(c.FSM.States) != 3 {
				return "a list replaces the default's"
			}
			return ""
		}},
		{"comments only", "# nothing\n", func(c Config) string {
			if c.ControlStepMs != def.ControlStepMs || len(c.Plugins) != len(def.Plugins) {
				return "an empty file is the default"
			}
			return ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseConfig([]byte(tt.yaml))
			if err != nil {
				t.Fatal(err)
			}
			if msg := tt.check(c); msg != "" {
				t.Errorf("%s: %+v", msg, c)
			}
		})
	}
	// The default is never modified by a merge.
	if d := DefaultConfig(); d.Plugins["explore"].Cmd != Builtin || d.FSM.Initial != "explore" {
		t.Errorf("a merge changed the default: %+v", d)
	}
}

func TestMergeUnknownFieldsSuggest(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"fsm: {intial: report}\n", `fsm has no field "intial": did you mean "initial"?`},
		{"plugins: {explore: {drive: [explore]}}\n", `plugins.explore has no field "drive": did you mean "drives"?`},
		{"comms: {still_margin: 1.5}\n", `did you mean "still_margin_s"?`},
	} {
		_, err := ParseConfig([]byte(c.yaml))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err %v, want %q", c.yaml, err, c.want)
		}
	}
}
