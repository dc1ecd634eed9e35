package comms

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
)

// validMap is a 2x2 map the gate accepts.
var validMap = Map{Cells: [][]string{{"1", "1"}, {"5", "0"}}}

// checkRefusal fails unless err is a *RefusalError of the given rule wrapping
// want, with a detail and a what-to-do hint.
func checkRefusal(t *testing.T, err error, want error, rule string) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("error %v, want one wrapping %v", err, want)
	}
	var ref *RefusalError
	if !errors.As(err, &ref) {
		t.Fatalf("error %T is not a *RefusalError", err)
	}
	if ref.Rule != rule || ref.Detail == "" || ref.Hint == "" {
		t.Fatalf("refusal rule %q detail %q hint %q; want rule %q with a detail and a hint", ref.Rule, ref.Detail, ref.Hint, rule)
	}
	if !strings.Contains(err.Error(), rule) || !strings.Contains(err.Error(), ref.Hint) {
		t.Fatalf("message %q does not name the rule %q and the hint", err.Error(), rule)
	}
}

func TestGateConfigDefaults(t *testing.T) {
	tests := []struct {
		name string
		in   GateConfig
		want GateConfig
	}{
		{"zero", GateConfig{}, GateConfig{StillMargin: 1.2, DuplicateRadius: 0.03, SupervisorStep: 0.016, Rules: erebus.V25Rules}},
		{"negative", GateConfig{StillMargin: -1, DuplicateRadius: -1, SupervisorStep: -1}, GateConfig{StillMargin: 1.2, DuplicateRadius: 0.03, SupervisorStep: 0.016, Rules: erebus.V25Rules}},
		{"NaN", GateConfig{StillMargin: math.NaN(), DuplicateRadius: math.NaN(), SupervisorStep: math.NaN()}, GateConfig{StillMargin: 1.2, DuplicateRadius: 0.03, SupervisorStep: 0.016, Rules: erebus.V25Rules}},
		{"margin below Erebus's 1.0 s is raised", GateConfig{StillMargin: 0.5}, GateConfig{StillMargin: 1.0, DuplicateRadius: 0.03, SupervisorStep: 0.016, Rules: erebus.V25Rules}},
		{"step below 16 ms is raised", GateConfig{SupervisorStep: 0.008}, GateConfig{StillMargin: 1.2, DuplicateRadius: 0.03, SupervisorStep: 0.016, Rules: erebus.V25Rules}},
		{"v26", GateConfig{Rules: erebus.V26Rules}, GateConfig{StillMargin: 1.2, DuplicateRadius: 0.03, SupervisorStep: 0.016, Rules: erebus.V26Rules}},
		{"explicit", GateConfig{StillMargin: 1.5, DuplicateRadius: 0.05, SupervisorStep: 0.032}, GateConfig{StillMargin: 1.5, DuplicateRadius: 0.05, SupervisorStep: 0.032, Rules: erebus.V25Rules}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NewGate(tt.in).Config(); got != tt.want {
				t.Fatalf("Config() = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestGateStillness(t *testing.T) {
	tests := []struct {
		name     string
		margin   float64
		stillFor float64
		ok       bool
	}{
		{"0.98 s at margin 1.0", 1.0, 0.98, false},
		{"0.999 s at margin 1.0", 1.0, 0.999, false},
		{"1.0 s at margin 1.0", 1.0, 1.0, true},
		{"1.5 s at margin 1.0", 1.0, 1.5, true},
		{"1.0 s at default 1.2", 0, 1.0, false},
		{"1.19 s at default 1.2", 0, 1.19, false},
		{"1.2 s at default 1.2", 0, 1.2, true},
		{"0.98 s at margin 0.5 raised to 1.0", 0.5, 0.98, false},
		{"1.0 s at margin 0.5 raised to 1.0", 0.5, 1.0, true},
		{"0 s", 1.0, 0, false},
		{"negative", 1.0, -1, false},
		{"NaN", 1.0, math.NaN(), false},
		{"+Inf", 1.0, math.Inf(1), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGate(GateConfig{StillMargin: tt.margin})
			err := g.Offer(Report{X: 10, Z: 20, Type: 'H'}, tt.stillFor)
			if tt.ok {
				if err != nil {
					t.Fatalf("Offer: %v", err)
				}
				if g.Pending() != 1 {
					t.Fatalf("Pending() = %d, want 1", g.Pending())
				}
				return
			}
			checkRefusal(t, err, ErrNotStill, RuleNotStill)
			if g.Pending() != 0 || g.Refusals()[RuleNotStill] != 1 {
				t.Fatalf("Pending %d, refusals %v; want 0 and one %s", g.Pending(), g.Refusals(), RuleNotStill)
			}
		})
	}
}

func TestGateStillnessAtRelease(t *testing.T) {
	tests := []struct {
		name      string
		atRelease float64
		ok        bool
	}{
		{"still longer at release", 1.216, true},
		{"exactly the margin at release", 1.2, true},
		{"moved while queued", 0, false},
		{"0.98 s at release", 0.98, false},
		{"1.19 s at release", 1.19, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGate(GateConfig{})
			r := Report{X: 10, Z: 20, Type: 'F'}
			if err := g.Offer(r, 1.2); err != nil {
				t.Fatal(err)
			}
			b, err := g.Next(5.0, tt.atRelease)
			if tt.ok {
				want, _ := Encode(r)
				if err != nil || !bytes.Equal(b, want) {
					t.Fatalf("Next = %x, %v; want %x", b, err, want)
				}
				// Released: the same report again is a duplicate.
				checkRefusal(t, g.Offer(r, 2), ErrDuplicate, RuleDuplicate)
				return
			}
			if b != nil {
				t.Fatalf("Next released %x for a report whose stillness lapsed", b)
			}
			checkRefusal(t, err, ErrNotStill, RuleNotStill)
			if g.Pending() != 0 || g.Refusals()[RuleNotStill] != 1 {
				t.Fatalf("Pending %d, refusals %v", g.Pending(), g.Refusals())
			}
			// A report refused at release is not recorded: offering it again,
			// still, is accepted and released in the same step (no packet left).
			if err := g.Offer(r, 1.3); err != nil {
				t.Fatalf("re-offer after a refusal at release: %v", err)
			}
			if b, err := g.Next(5.0, 1.3); err != nil || b == nil {
				t.Fatalf("Next after a refusal in the same step = %x, %v; want the packet", b, err)
			}
		})
	}
}

func TestGateType(t *testing.T) {
	tests := []struct {
		typ byte
		ok  bool
	}{
		{'H', true}, {'S', true}, {'U', true}, {'F', true}, {'P', true}, {'C', true}, {'O', true},
		{'h', false}, {'s', false}, {'f', false}, {'X', false}, {'5', false}, {'*', false},
		{0, false}, {' ', false}, {0x80, false}, {0xff, false},
	}
	for _, tt := range tests {
		t.Run(string(rune(tt.typ)), func(t *testing.T) {
			g := NewGate(GateConfig{})
			err := g.Offer(Report{X: 1, Z: 2, Type: tt.typ}, 2)
			if tt.ok {
				if err != nil {
					t.Fatalf("Offer type %q: %v", tt.typ, err)
				}
				return
			}
			checkRefusal(t, err, ErrBadType, RuleBadType)
		})
	}
}

func TestGateDuplicate(t *testing.T) {
	tests := []struct {
		name   string
		radius float64 // metres; 0 = default 0.03
		first  Report
		second Report
		dup    bool
	}{
		{"same point same type", 0, Report{10, 10, 'H'}, Report{10, 10, 'H'}, true},
		{"3 cm in x at default 3 cm", 0, Report{10, 10, 'H'}, Report{13, 10, 'H'}, true},
		{"3 cm in z at default 3 cm", 0, Report{10, 10, 'H'}, Report{10, 7, 'H'}, true},
		{"2.83 cm diagonal", 0, Report{10, 10, 'H'}, Report{12, 12, 'H'}, true},
		{"3.16 cm is another sign", 0, Report{10, 10, 'H'}, Report{13, 11, 'H'}, false},
		{"4 cm is another sign", 0, Report{10, 10, 'H'}, Report{14, 10, 'H'}, false},
		{"victims of different types are one category", 0, Report{10, 10, 'H'}, Report{11, 10, 'S'}, true},
		{"U after H", 0, Report{10, 10, 'H'}, Report{10, 10, 'U'}, true},
		{"hazards of different types are one category", 0, Report{10, 10, 'F'}, Report{10, 10, 'O'}, true},
		{"hazard at a victim's point is another sign", 0, Report{10, 10, 'H'}, Report{10, 10, 'F'}, false},
		{"victim at a hazard's point is another sign", 0, Report{10, 10, 'C'}, Report{10, 11, 'S'}, false},
		{"two faces of one wall, 8 cm apart", 0, Report{10, 10, 'H'}, Report{10, 18, 'H'}, false},
		{"4 cm at radius 5 cm", 0.05, Report{10, 10, 'P'}, Report{14, 10, 'P'}, true},
		{"5 cm at radius 5 cm", 0.05, Report{10, 10, 'P'}, Report{13, 14, 'P'}, true},
		{"5.66 cm at radius 5 cm", 0.05, Report{10, 10, 'P'}, Report{14, 14, 'P'}, false},
		{"extreme coordinates do not overflow", 0, Report{math.MinInt32, math.MinInt32, 'H'}, Report{math.MaxInt32, math.MaxInt32, 'H'}, false},
	}
	for _, tt := range tests {
		for _, released := range []bool{true, false} {
			name := tt.name + "/queued"
			if released {
				name = tt.name + "/released"
			}
			t.Run(name, func(t *testing.T) {
				g := NewGate(GateConfig{DuplicateRadius: tt.radius})
				if err := g.Offer(tt.first, 2); err != nil {
					t.Fatal(err)
				}
				if released {
					if b, err := g.Next(0, 2); err != nil || b == nil {
						t.Fatalf("Next = %x, %v", b, err)
					}
				}
				err := g.Offer(tt.second, 2)
				if !tt.dup {
					if err != nil {
						t.Fatalf("Offer(%v) after %v: %v", tt.second, tt.first, err)
					}
					return
				}
				checkRefusal(t, err, ErrDuplicate, RuleDuplicate)
				if got := g.Refusals()[RuleDuplicate]; got != 1 {
					t.Fatalf("duplicate refusals %d, want 1", got)
				}
			})
		}
	}
}

func TestGateMap(t *testing.T) {
	tests := []struct {
		name  string
		cells [][]string
		ok    bool
	}{
		{"2x2 with a 5", [][]string{{"1", "1"}, {"5", "0"}}, true},
		{"2x1 with a 5", [][]string{{"5"}, {"0"}}, true},
		{"every legend symbol", [][]string{{"0", "1", "2", "3", "4", "5", "b", "p"}, {"r", "g", "o", "y", "*", "H", "S", "U"}, {"F", "P", "C", "O", "HS", "SH", "HSU", "FO"}}, true},
		{"1x1 map is 9 bytes", [][]string{{"5"}}, false},
		{"no rows", nil, false},
		{"empty row", [][]string{{}}, false},
		{"ragged", [][]string{{"1", "1"}, {"5"}}, false},
		{"no 5", [][]string{{"1", "1"}, {"0", "0"}}, false},
		{"55 is not a start", [][]string{{"1", "55"}, {"0", "0"}}, false},
		{"empty cell", [][]string{{"1", ""}, {"5", "0"}}, false},
		{"pre-v24 connection 6", [][]string{{"1", "6"}, {"5", "0"}}, false},
		{"pre-v24 area 4 '20'", [][]string{{"1", "20"}, {"5", "0"}}, false},
		{"lower case sign", [][]string{{"1", "h"}, {"5", "0"}}, false},
		{"upper case connection", [][]string{{"1", "B"}, {"5", "0"}}, false},
		{"mixed letters", [][]string{{"1", "Hs"}, {"5", "0"}}, false},
		{"sign and wall", [][]string{{"1", "1H"}, {"5", "0"}}, false},
		{"space", [][]string{{"1", " 1"}, {"5", "0"}}, false},
		{"comma", [][]string{{"1", "1,1"}, {"5", "0"}}, false},
		{"NUL", [][]string{{"1", "1\x00"}, {"5", "0"}}, false},
		{"invalid UTF-8", [][]string{{"1", "\xff"}, {"5", "0"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGate(GateConfig{})
			err := g.Offer(Map{Cells: tt.cells}, 0)
			if tt.ok {
				if err != nil {
					t.Fatalf("Offer: %v", err)
				}
				b, err := g.Next(0, 0)
				if err != nil {
					t.Fatal(err)
				}
				m, err := DecodeRobot(b)
				if err != nil || !reflect.DeepEqual(m, Map{Cells: tt.cells}) {
					t.Fatalf("released %x decodes to %#v, %v", b, m, err)
				}
				return
			}
			checkRefusal(t, err, ErrBadMap, RuleBadMap)
			if g.Pending() != 0 {
				t.Fatalf("refused map was queued")
			}
		})
	}
}

// step is one Offer in a sequence test.
type step struct {
	m    Message
	want error // nil: accepted
}

func runSequence(t *testing.T, g *Gate, steps []step) {
	t.Helper()
	for i, s := range steps {
		err := g.Offer(s.m, 2)
		if s.want == nil {
			if err != nil {
				t.Fatalf("step %d Offer(%v): %v", i, s.m, err)
			}
			continue
		}
		if !errors.Is(err, s.want) {
			t.Fatalf("step %d Offer(%v) = %v, want %v", i, s.m, err, s.want)
		}
	}
}

func TestGateEvaluate(t *testing.T) {
	badMap := Map{Cells: [][]string{{"1", "1"}, {"0", "0"}}}
	tests := []struct {
		name  string
		steps []step
	}{
		{"M without a map", []step{{Evaluate, ErrNoMap}}},
		{"map then M", []step{{validMap, nil}, {Evaluate, nil}}},
		{"second M", []step{{validMap, nil}, {Evaluate, nil}, {Evaluate, ErrAlreadyEvaluated}}},
		{"second map before M replaces the first", []step{{validMap, nil}, {validMap, nil}, {Evaluate, nil}, {Evaluate, ErrAlreadyEvaluated}}},
		{"map after evaluation, then M", []step{{validMap, nil}, {Evaluate, nil}, {validMap, nil}, {Evaluate, ErrAlreadyEvaluated}}},
		{"refused map does not count", []step{{badMap, ErrBadMap}, {Evaluate, ErrNoMap}}},
		{"refused M can be retried after a map", []step{{Evaluate, ErrNoMap}, {validMap, nil}, {Evaluate, nil}}},
		{"reports and commands between map and M", []step{{validMap, nil}, {GameInfoRequest, nil}, {Report{1, 2, 'H'}, nil}, {Evaluate, nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runSequence(t, NewGate(GateConfig{}), tt.steps)
		})
	}
	// The refusal carries the rule and a hint.
	g := NewGate(GateConfig{})
	checkRefusal(t, g.Offer(Evaluate, 0), ErrNoMap, RuleNoMap)
	runSequence(t, g, []step{{validMap, nil}, {Evaluate, nil}})
	checkRefusal(t, g.Offer(Evaluate, 0), ErrAlreadyEvaluated, RuleAlreadyEvaluated)
}

func TestGateCommands(t *testing.T) {
	tests := []struct {
		c  Command
		ok bool
	}{
		{LackOfProgress, true}, {GameInfoRequest, true}, {Exit, true},
		{'X', false}, {'H', false}, {'e', false}, {'m', false}, {'l', false}, {'g', false},
		{0, false}, {'5', false}, {0x80, false}, {0xff, false},
	}
	for _, tt := range tests {
		t.Run(tt.c.String(), func(t *testing.T) {
			g := NewGate(GateConfig{})
			err := g.Offer(tt.c, 2)
			if tt.ok {
				if err != nil {
					t.Fatalf("Offer(%v): %v", tt.c, err)
				}
				b, err := g.Next(0, 2)
				if err != nil || !bytes.Equal(b, []byte{byte(tt.c)}) {
					t.Fatalf("Next = %x, %v; want %x", b, err, byte(tt.c))
				}
				return
			}
			checkRefusal(t, err, ErrUnknownCommand, RuleUnknownCommand)
		})
	}
}

func TestGateAfterExit(t *testing.T) {
	tests := []struct {
		name string
		m    Message
	}{
		{"report", Report{1, 2, 'H'}},
		{"map", validMap},
		{"M", Evaluate},
		{"L", LackOfProgress},
		{"G", GameInfoRequest},
		{"E twice", Exit},
		{"unknown command", Command('X')},
		{"bad type", Report{1, 2, 'x'}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGate(GateConfig{})
			runSequence(t, g, []step{{validMap, nil}, {Exit, nil}})
			checkRefusal(t, g.Offer(tt.m, 2), ErrAfterExit, RuleAfterExit)
			// Everything before E is still released, E last.
			var got [][]byte
			for now := 0.0; g.Pending() > 0; now += 0.016 {
				b, err := g.Next(now, 2)
				if err != nil {
					t.Fatal(err)
				}
				if b != nil {
					got = append(got, b)
				}
			}
			if len(got) != 2 || !bytes.Equal(got[1], []byte("E")) {
				t.Fatalf("released %x, want the map then E", got)
			}
		})
	}
}

func TestGateNil(t *testing.T) {
	g := NewGate(GateConfig{})
	checkRefusal(t, g.Offer(nil, 2), ErrUnencodable, RuleUnencodable)
}

func TestGatePacing(t *testing.T) {
	tests := []struct {
		name  string
		step  float64 // SupervisorStep; 0 = default 16 ms
		times []float64
		want  []int // index of the packet released at each time, -1 for none
	}{
		{"one per 16 ms", 0,
			[]float64{0, 0, 0.008, 0.016, 0.016, 0.031, 0.032, 0.048},
			[]int{0, -1, -1, 1, -1, -1, 2, -1}},
		{"late calls release one each", 0,
			[]float64{1.0, 2.0, 2.001, 3.0},
			[]int{0, 1, -1, 2}},
		{"32 ms step", 0.032,
			[]float64{0, 0.016, 0.032, 0.048, 0.064},
			[]int{0, -1, 1, -1, 2}},
		{"time going backwards releases nothing", 0,
			[]float64{1.0, 0.5, 1.008, 1.016},
			[]int{0, -1, -1, 1}},
	}
	msgs := []Message{Report{1, 2, 'H'}, GameInfoRequest, Report{50, 2, 'F'}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGate(GateConfig{SupervisorStep: tt.step})
			var packets [][]byte
			for _, m := range msgs {
				if err := g.Offer(m, 2); err != nil {
					t.Fatal(err)
				}
				b, _ := Encode(m)
				packets = append(packets, b)
			}
			for i, now := range tt.times {
				b, err := g.Next(now, 2)
				if err != nil {
					t.Fatalf("call %d Next(%v): %v", i, now, err)
				}
				if tt.want[i] < 0 {
					if b != nil {
						t.Fatalf("call %d Next(%v) = %x, want nothing", i, now, b)
					}
					continue
				}
				if !bytes.Equal(b, packets[tt.want[i]]) {
					t.Fatalf("call %d Next(%v) = %x, want packet %d %x", i, now, b, tt.want[i], packets[tt.want[i]])
				}
			}
		})
	}
}

// TestGatePacingAccumulatedTime steps a simulated clock by adding 16 ms, as
// a step loop does, and checks one release per step despite float rounding.
func TestGatePacingAccumulatedTime(t *testing.T) {
	g := NewGate(GateConfig{})
	const n = 200
	for i := 0; i < n; i++ {
		if err := g.Offer(Report{X: int32(i * 10), Z: 0, Type: 'H'}, 2); err != nil {
			t.Fatal(err)
		}
	}
	now := 0.0
	for i := 0; i < n; i++ {
		b, err := g.Next(now, 2)
		if err != nil || b == nil {
			t.Fatalf("step %d (t=%v): Next = %x, %v; want a packet", i, now, b, err)
		}
		m, _ := DecodeRobot(b)
		if r := m.(Report); r.X != int32(i*10) {
			t.Fatalf("step %d released %v, out of order", i, r)
		}
		if b, _ := g.Next(now, 2); b != nil {
			t.Fatalf("step %d released two packets", i)
		}
		now += 0.016
	}
	if g.Pending() != 0 {
		t.Fatalf("Pending() = %d, want 0", g.Pending())
	}
}

func TestGateRefusalCounts(t *testing.T) {
	g := NewGate(GateConfig{})
	offers := []struct {
		m        Message
		stillFor float64
	}{
		{Report{1, 1, 'H'}, 0.5}, // not-still
		{Report{1, 1, 'H'}, 0.9}, // not-still
		{Report{1, 1, 'x'}, 2},   // bad-type
		{Report{1, 1, 'H'}, 2},   // accepted
		{Report{2, 1, 'S'}, 2},   // duplicate
		{Map{}, 0},               // bad-map
		{Evaluate, 0},            // no-map
		{validMap, 0},            // accepted
		{Evaluate, 0},            // accepted
		{Evaluate, 0},            // already-evaluated
		{Command('X'), 0},        // unknown-command
		{Exit, 0},                // accepted
		{LackOfProgress, 0},      // after-exit
		{nil, 0},                 // after-exit (checked first)
	}
	for _, o := range offers {
		_ = g.Offer(o.m, o.stillFor) // outcomes are checked through the counts
	}
	want := map[string]int{
		RuleNotStill: 2, RuleBadType: 1, RuleDuplicate: 1, RuleBadMap: 1, RuleNoMap: 1,
		RuleAlreadyEvaluated: 1, RuleUnknownCommand: 1, RuleAfterExit: 2,
	}
	got := g.Refusals()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Refusals() = %v, want %v", got, want)
	}
	got[RuleNotStill] = 99
	if g.Refusals()[RuleNotStill] != 2 {
		t.Fatal("Refusals() returned the gate's own map")
	}
	if g.Pending() != 4 {
		t.Fatalf("Pending() = %d, want 4", g.Pending())
	}
}

// TestGateRulesVersion checks what the gate's Erebus version changes: the
// letters and packets are the same (docs/erebus-v26.md §2), the map legend of v26.1
// has 'x' for obstacles (MapAnswer.py v26 l.555-564) and v25.0.1's has not,
// and the bad-type hint names the version's signs.
func TestGateRulesVersion(t *testing.T) {
	withX := Map{Cells: [][]string{{"1", "1", "1"}, {"1", "5", "x"}, {"1", "1", "1"}}}
	tests := []struct {
		rules    erebus.Rules
		mapOK    bool
		hintWord string
	}{
		{erebus.V25Rules, false, "hazards"},
		{erebus.V26Rules, true, "cognitive targets"},
	}
	for _, tt := range tests {
		t.Run(string(tt.rules.Version), func(t *testing.T) {
			g := NewGate(GateConfig{Rules: tt.rules})
			err := g.Offer(withX, 0)
			if (err == nil) != tt.mapOK {
				t.Errorf("map with 'x': err %v, want accepted %v", err, tt.mapOK)
			}
			if err != nil {
				checkRefusal(t, err, ErrBadMap, RuleBadMap)
			}
			for _, l := range []byte(erebus.Letters) {
				if err := NewGate(GateConfig{Rules: tt.rules}).Offer(Report{X: 1, Z: 2, Type: l}, 2); err != nil {
					t.Errorf("report %c refused: %v", l, err)
				}
			}
			err = NewGate(GateConfig{Rules: tt.rules}).Offer(Report{Type: 'Q'}, 2)
			checkRefusal(t, err, ErrBadType, RuleBadType)
			var ref *RefusalError
			if errors.As(err, &ref) && !strings.Contains(ref.Hint, tt.hintWord) {
				t.Errorf("hint %q does not mention %q", ref.Hint, tt.hintWord)
			}
		})
	}
}
