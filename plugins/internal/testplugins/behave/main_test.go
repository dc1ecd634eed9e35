package main

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
)

// TestDescribe: without a MODE the plugin drives the states that name its
// acts; with one it has the role its name has in the default config.
func TestDescribe(t *testing.T) {
	for _, c := range []struct {
		name, mode string
		states     []string
		writes     []string
	}{
		{"behave", "", []string{"explore", "panic", "sleep", "print", "fail", "spin", "fork"}, nil},
		{"explore", "normal", []string{"explore"}, nil},
		{"exit", "panic", []string{"exit"}, nil},
		{"victimdetect", "normal", nil, nil},
		{"victimdetect", "declare", nil, []string{"map"}},
		{"victimdetect", "bigbb", nil, []string{"k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "k8", "k9"}},
	} {
		t.Run(c.name+"/"+c.mode, func(t *testing.T) {
			d := (&behave{name: c.name, mode: c.mode}).Describe()
			if err := d.Validate(); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(d.States, c.states) || !slices.Equal(d.BlackboardWrites, c.writes) || d.IsWatcher() != (len(c.states) == 0) {
				t.Errorf("states %v writes %v watcher %v, want %v %v", d.States, d.BlackboardWrites, d.IsWatcher(), c.states, c.writes)
			}
			if len(d.Params) != 3 {
				t.Errorf("params %v, want sleep, speed, configure_sleep", d.Params)
			}
		})
	}
}

// TestAct: the state names the act without a MODE; with one, MODE is the
// act of step STEP (of every step up to it for print, of every step for
// declare).
func TestAct(t *testing.T) {
	for _, c := range []struct {
		mode  string
		step  uint64
		state string
		want  string
	}{
		{"", 3, "sleep", "sleep"},
		{"", 3, "explore", "explore"},
		{"panic", 9, "explore", ""},
		{"panic", 10, "explore", "panic"},
		{"panic", 11, "explore", ""},
		{"print", 2, "explore", "print"},
		{"print", 10, "explore", "print"},
		{"print", 11, "explore", ""},
		{"declare", 1, "explore", "declare"},
		{"normal", 10, "explore", "normal"},
	} {
		b := &behave{name: "explore", mode: c.mode, at: 10}
		if got := b.act(&pluginpb.Observation{Step: c.step, State: c.state}); got != c.want {
			t.Errorf("mode %q step %d state %q: act %q, want %q", c.mode, c.step, c.state, got, c.want)
		}
	}
}

// TestMarkerOnce: with a MARKER, an act that ends the process happens once.
func TestMarkerOnce(t *testing.T) {
	b := &behave{name: "explore", mode: "panic", marker: filepath.Join(t.TempDir(), "m")}
	if !b.once() || b.once() {
		t.Error("want the act the first time only")
	}
	if !(&behave{}).once() {
		t.Error("without a marker the act always happens")
	}
}

// TestRolesConform: in its roles, with no act, the plugin passes the SDK's
// conformance test (a watcher sends no commands, it writes only the keys it
// declares).
func TestRolesConform(t *testing.T) {
	for _, name := range []string{"explore", "victimdetect"} {
		for _, mode := range []string{"normal", "declare"} {
			sdktest.TestBehavior(t, func() sdk.Behavior {
				return &behave{name: name, mode: mode, speed: "1"}
			})
		}
	}
}
