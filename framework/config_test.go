package framework

import (
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/erebus"
)

func TestDefaultConfigValid(t *testing.T) {
	c := DefaultConfig()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if got := c.Deadline(); got != 8 {
		t.Errorf("default deadline = %d ms, want a quarter of 32 = 8", got)
	}
	want := map[string]string{"explore": "explore", "report": "report", "exit": "exit"}
	for s, p := range want {
		if got := c.Drivers()[s]; got != p {
			t.Errorf("driver of %s = %q, want %q", s, got, p)
		}
	}
	if got := strings.Join(c.PluginNames(), ","); got != "exit,explore,report,victimdetect" {
		t.Errorf("plugins = %s", got)
	}
}

func TestParseConfigErrors(t *testing.T) {
	tests := []struct {
		name string
		yaml string
		want []string // substrings the error must contain
	}{
		{"unknown state in event", `
fsm:
  initial: explore
  states: [explore, report, exit]
  events:
    - {name: victim_seen, from: [explore], to: reprot}
`, []string{`unknown state "reprot"`}},
		{"unknown initial", `
fsm:
  initial: wander
  states: [explore, report, exit]
  events: []
`, []string{`fsm.initial: unknown state "wander"`}},
		{"unknown callback name", `
fsm:
  initial: explore
  states: [explore, report, exit]
  events: [{name: victim_seen, from: [explore], to: report}]
  callbacks:
    enter_state: [blink]
`, []string{`unknown callback "blink"`}},
		{"callback key names no event", `
fsm:
  initial: explore
  states: [explore, report, exit]
  events: [{name: victim_seen, from: [explore], to: report}]
  callbacks:
    after_victim_sen: [log]
`, []string{`"after_victim_sen" names no known state or event`}},
		{"plugin drives unknown state", `
plugins:
  explore: {cmd: builtin, drives: [explore, wander]}
  report: {cmd: builtin, drives: [report]}
  exit: {cmd: builtin, drives: [exit]}
`, []string{`plugins.explore: drives unknown state "wander"`}},
		{"state without driver", `
plugins:
  report: {disabled: true}
`, []string{`fsm state "report": no plugin drives it`}},
		{"two drivers", `
plugins:
  explore: {cmd: builtin, drives: [explore, report]}
  report: {cmd: builtin, drives: [report]}
  exit: {cmd: builtin, drives: [exit]}
`, []string{`state "report" is already driven by plugin explore`}},
		{"unknown field", "control_stepms: 32\n", []string{`no field "control_stepms": did you mean "control_step_ms"?`}},
		{"bad control step", "control_step_ms: 20\n", []string{"control_step_ms 20"}},
		{"still margin below Erebus", "comms: {still_margin_s: 0.5}\n", []string{"still_margin_s 0.5"}},
		{"bad sha", `
plugins:
  explore: {cmd: ./x, sha256: abc, drives: [explore]}
  report: {cmd: builtin, drives: [report]}
  exit: {cmd: builtin, drives: [exit]}
`, []string{"plugins.explore: sha256 must be 64 hex digits"}},
		{"bad env names", `
plugins:
  explore: {cmd: builtin, drives: [explore], env: {"A=B": "1", RESCUEKIT_PLUGIN_DEBUG: "1", PLUGIN_MIN_PORT: "1"}}
  report: {cmd: builtin, drives: [report]}
  exit: {cmd: builtin, drives: [exit]}
`, []string{`plugins.explore: env "A=B": a variable name must be non-empty`,
			`plugins.explore: env "RESCUEKIT_PLUGIN_DEBUG" is set by the runner`,
			`plugins.explore: env "PLUGIN_MIN_PORT" is set by the runner`}},
		{"negative hang timeout", "hang_timeout_ms: -1\n", []string{"hang_timeout_ms -1: must be ≥ 0"}},
		{"realtime not a bool", "realtime: sometimes\n", []string{"invalid YAML"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tt.yaml))
			if err == nil {
				t.Fatal("ParseConfig accepted an invalid config")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestParseConfigOverridesDefault(t *testing.T) {
	c, err := ParseConfig([]byte("control_step_ms: 64\nplugins:\n  explore: {cmd: ./wf, drives: [explore]}\n  report: {cmd: builtin, drives: [report]}\n  exit: {cmd: builtin, drives: [exit]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.ControlStepMs != 64 || c.Deadline() != 16 {
		t.Errorf("control step %d deadline %d, want 64 and 16", c.ControlStepMs, c.Deadline())
	}
	if c.Comms.StillMarginS != 1.2 {
		t.Errorf("still margin %g: the default should remain", c.Comms.StillMarginS)
	}
	if c.Plugins["explore"].Cmd != "./wf" || c.Plugins["victimdetect"].Cmd != Builtin {
		t.Errorf("plugins %+v: want explore replaced field by field and victimdetect kept", c.Plugins)
	}
}

func TestParseConfigModes(t *testing.T) {
	for _, tt := range []struct {
		yaml     string
		realtime bool
		hangMs   int
	}{
		{"", false, 10000}, // the default: lockstep
		{"realtime: true\n", true, 10000},
		{"hang_timeout_ms: 20000\n", false, 20000},
	} {
		c, err := ParseConfig([]byte(tt.yaml))
		if err != nil {
			t.Fatalf("%q: %v", tt.yaml, err)
		}
		if c.Realtime != tt.realtime || c.HangTimeout() != tt.hangMs {
			t.Errorf("%q: realtime %v hang timeout %d, want %v and %d", tt.yaml, c.Realtime, c.HangTimeout(), tt.realtime, tt.hangMs)
		}
	}
	if got := (Config{}).HangTimeout(); got != DefaultHangTimeoutMs {
		t.Errorf("zero config: hang timeout %d, want %d", got, DefaultHangTimeoutMs)
	}
}

func TestMachineTransitions(t *testing.T) {
	m := newMachine(DefaultConfig().FSM, zap.NewNop())
	steps := []struct {
		event   string
		want    string
		wantErr string
	}{
		{"victim_seen", "report", ""},
		{"victim_seen", "report", `event "victim_seen" is not possible in state "report"`},
		{"reported", "explore", ""},
		{"lack_of_progress", "explore", ""},
		{"time_low", "exit", ""},
		{"lack_of_progress", "exit", ""},
		{"teleport", "exit", `unknown event "teleport"`},
	}
	for i, s := range steps {
		err := m.Apply(stepInfo{step: uint64(i)}, s.event)
		if s.wantErr == "" && err != nil {
			t.Fatalf("%s: %v", s.event, err)
		}
		if s.wantErr != "" && (err == nil || !strings.Contains(err.Error(), s.wantErr)) {
			t.Fatalf("%s: error %v, want %q", s.event, err, s.wantErr)
		}
		if m.Current() != s.want {
			t.Fatalf("after %s: state %s, want %s", s.event, m.Current(), s.want)
		}
	}
	if m.transitions["explore->report"] != 1 || m.transitions["exit->exit"] != 1 {
		t.Errorf("transition counts %v", m.transitions)
	}
}

func TestBlackboardDeclaredKeys(t *testing.T) {
	b := NewBlackboard()
	b.Declare("explore", []string{"map"})
	err := b.Write("explore", map[string][]byte{"map": []byte("m1"), "signs": []byte("x")})
	if err == nil || !strings.Contains(err.Error(), `may not write ["signs"]`) {
		t.Fatalf("undeclared key: %v", err)
	}
	if string(b.Get("map")) != "m1" || b.Get("signs") != nil {
		t.Fatalf("declared key written, undeclared refused: map=%q signs=%q", b.Get("map"), b.Get("signs"))
	}
	src := []byte("m2")
	if err := b.Write("explore", map[string][]byte{"map": src}); err != nil {
		t.Fatal(err)
	}
	src[0] = 'X'
	if string(b.Get("map")) != "m2" {
		t.Error("blackboard aliases the plugin's slice")
	}
	if err := b.Write("explore", map[string][]byte{"map": nil}); err != nil || b.Get("map") != nil {
		t.Error("empty write should delete")
	}
}

func TestStillnessWheelRadius(t *testing.T) {
	// A turn of 0.001 rad in 32 ms is 0.000625 m/s on a 0.02 m wheel (still)
	// and 0.00125 m/s on a 0.04 m wheel (moving: Erebus's bound is 0.001).
	const dt = 0.032
	for _, tt := range []struct {
		radius float64
		want   float64
	}{{0, dt}, {erebus.WheelRadius, dt}, {0.04, 0}} {
		s := newStillness(tt.radius)
		s.update(dt, [2]float64{0, 0})
		if got := s.update(dt, [2]float64{0.001, 0}); got != tt.want {
			t.Errorf("wheel radius %g: still for %g, want %g", tt.radius, got, tt.want)
		}
	}
}

func TestStillness(t *testing.T) {
	s := newStillness(0)
	const dt = 0.032
	// 0.001 m/s for 32 ms turns a 0.02 m wheel by 0.0016 rad.
	tests := []struct {
		wheels [2]float64
		want   float64
	}{
		{[2]float64{0, 0}, 0},          // first reading: no history yet
		{[2]float64{0, 0}, dt},         // still
		{[2]float64{0.001, 0}, 2 * dt}, // below the threshold
		{[2]float64{0.003, 0}, 0},      // 0.002 rad > 0.0016: moving
		{[2]float64{0.003, 0}, dt},     // still again
		{[2]float64{0.003, -0.1}, 0},   // the other wheel moved
		{[2]float64{0.003, -0.1}, dt},  // still
		{[2]float64{0.003, -0.1}, 2 * dt},
	}
	for i, tt := range tests {
		got := s.update(dt, tt.wheels)
		if diff := got - tt.want; diff > 1e-12 || diff < -1e-12 {
			t.Fatalf("step %d: still for %g, want %g", i, got, tt.want)
		}
	}
	s.reset()
	if got := s.update(dt, [2]float64{0.003, -0.1}); got-dt > 1e-12 || dt-got > 1e-12 {
		t.Fatalf("after reset: %g, want %g", got, dt)
	}
}

func TestPercentile(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		d := make([]time.Duration, len(v))
		for i, x := range v {
			d[i] = time.Duration(x) * time.Millisecond
		}
		return d
	}
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = 100 - i
	}
	for _, tt := range []struct {
		d    []time.Duration
		q    float64
		want time.Duration
	}{
		{nil, 0.99, 0},
		{ms(7), 0.5, 7 * time.Millisecond},
		{ms(3, 1, 2), 0.5, 2 * time.Millisecond},
		{ms(hundred...), 0.99, 99 * time.Millisecond},
		{ms(hundred...), 0.5, 50 * time.Millisecond},
	} {
		if got := percentile(tt.d, tt.q); got != tt.want {
			t.Errorf("percentile(%v, %g) = %v, want %v", len(tt.d), tt.q, got, tt.want)
		}
	}
}

func TestPluginEnvList(t *testing.T) {
	c, err := ParseConfig([]byte(`
plugins:
  explore: {cmd: builtin, drives: [explore], env: {GOMAXPROCS: "2", GOGC: "100"}}
  report: {cmd: builtin, drives: [report]}
  exit: {cmd: builtin, drives: [exit]}
`))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Plugins["explore"].EnvList(); !slices.Equal(got, []string{"GOGC=100", "GOMAXPROCS=2"}) {
		t.Errorf("EnvList = %q, want the entries sorted by name", got)
	}
	if got := c.Plugins["report"].EnvList(); len(got) != 0 {
		t.Errorf("a plugin without env: EnvList = %q", got)
	}
}
