package comms

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/rescuekit/rescuekit/erebus"
)

// The gate's rules, one sentinel each. A refusal is a *RefusalError that
// wraps exactly one of these, so callers test it with errors.Is.
var (
	// ErrNotStill: a report before the robot has stood still for the margin.
	// Erebus silently ignores a report made after less than 1.0 s stopped.
	ErrNotStill = errors.New("comms: report while not standing still long enough")
	// ErrBadType: a report type outside H S U F P C O.
	ErrBadType = errors.New("comms: report type is not H, S, U, F, P, C or O")
	// ErrDuplicate: a report of a sign already reported (−5 in Erebus).
	ErrDuplicate = errors.New("comms: report repeats an earlier one")
	// ErrBadMap: a map the supervisor would drop, misread or fail to score.
	ErrBadMap = errors.New("comms: map data is invalid")
	// ErrNoMap: 'M' without a map sent first.
	ErrNoMap = errors.New("comms: evaluate without a map")
	// ErrAlreadyEvaluated: 'M' after a map was already evaluated.
	ErrAlreadyEvaluated = errors.New("comms: map already evaluated")
	// ErrUnknownCommand: a one-byte command other than M, L, G, E (it crashes
	// the supervisor when the robot has stood still for 1 s).
	ErrUnknownCommand = errors.New("comms: unknown command")
	// ErrAfterExit: anything after 'E'.
	ErrAfterExit = errors.New("comms: message after exit")
)

// Rule names, as used in RefusalError.Rule and as keys of Gate.Refusals.
const (
	RuleNotStill         = "not-still"
	RuleBadType          = "bad-type"
	RuleDuplicate        = "duplicate"
	RuleBadMap           = "bad-map"
	RuleNoMap            = "no-map"
	RuleAlreadyEvaluated = "already-evaluated"
	RuleUnknownCommand   = "unknown-command"
	RuleAfterExit        = "after-exit"
	RuleUnencodable      = "unencodable"
)

// Defaults of GateConfig, and Erebus's own floors.
const (
	// DefaultStillMargin is the default seconds of stillness required before
	// a report (Erebus needs 1.0 s at the moment it processes the packet).
	DefaultStillMargin = 1.2
	// MinStillMargin is Erebus's requirement; a smaller margin is raised to it.
	MinStillMargin = 1.0
	// DefaultDuplicateRadius is the default distance in metres within which a
	// report of the same category repeats an earlier one.
	DefaultDuplicateRadius = 0.03
	// DefaultSupervisorStep is Erebus's supervisor step in seconds; a smaller
	// configured step is raised to it.
	DefaultSupervisorStep = 0.016
)

// RefusalError is the error a Gate returns for a refused message. It wraps
// the rule's sentinel (ErrNotStill, ErrBadType, …).
type RefusalError struct {
	// Rule is the rule's name (RuleNotStill, …).
	Rule string
	// Message is the refused message.
	Message Message
	// Detail says what was wrong.
	Detail string
	// Hint says what to do instead.
	Hint string
	// Err is the rule's sentinel.
	Err error
}

// Error names the rule, what was wrong and what to do.
func (e *RefusalError) Error() string {
	return fmt.Sprintf("comms gate refused %v (rule %s): %s; %s", e.Message, e.Rule, e.Detail, e.Hint)
}

// Unwrap returns the rule's sentinel.
func (e *RefusalError) Unwrap() error { return e.Err }

// GateConfig configures a Gate. Zero or negative values mean the defaults.
type GateConfig struct {
	// StillMargin is the seconds the robot must have stood still before a
	// report is offered and again when it is released (default 1.2, never
	// below Erebus's 1.0).
	StillMargin float64
	// DuplicateRadius is the distance in metres within which a report of the
	// same category (victims H S U, hazards F P C O) repeats an earlier
	// released or queued one (default 0.03: two real signs can stand closer
	// than Erebus's 0.09 m, on the two faces of one wall).
	DuplicateRadius float64
	// SupervisorStep is the seconds between two released packets (default
	// and minimum 0.016, Erebus's supervisor step: it processes one packet
	// per step).
	SupervisorStep float64
	// Rules is the Erebus version the gate talks to (default v25.0.1,
	// erebus.V25Rules). The packets and the report letters H S U F P C O
	// are the same in v25.0.1 and v26.1 (docs/erebus-v26.md §2: Robot.py v26
	// l.331-387 is v25's; MainSupervisor.py v26 l.550-553 reads F P C O as
	// cognitive targets where v25 l.463-466 read hazmat placards). What
	// differs is the map legend: v26.1's answer marks obstacles 'x'
	// (MapAnswer.py v26 l.555-564), so 'x' is a legal cell there, and
	// outside the legend of v25.0.1, whose answer never holds one.
	Rules erebus.Rules
}

func (c GateConfig) withDefaults() GateConfig {
	if c.StillMargin <= 0 || math.IsNaN(c.StillMargin) {
		c.StillMargin = DefaultStillMargin
	}
	c.StillMargin = max(c.StillMargin, MinStillMargin)
	if c.DuplicateRadius <= 0 || math.IsNaN(c.DuplicateRadius) {
		c.DuplicateRadius = DefaultDuplicateRadius
	}
	if c.SupervisorStep <= 0 || math.IsNaN(c.SupervisorStep) {
		c.SupervisorStep = DefaultSupervisorStep
	}
	c.SupervisorStep = max(c.SupervisorStep, DefaultSupervisorStep)
	if c.Rules.Version == "" {
		c.Rules = erebus.V25Rules
	}
	return c
}

// stepEpsilon absorbs float rounding in accumulated simulation times.
const stepEpsilon = 1e-9

type queued struct {
	msg    Message
	packet []byte
}

// Gate is the robot-side rule gate (DESIGN.md "The comms gate"). Offer
// validates a message against the Erebus rules and queues it; Next releases
// the queued packets in order, at most one per supervisor step of simulation
// time. Every refusal is counted per rule. A Gate is safe for concurrent use.
type Gate struct {
	mu  sync.Mutex
	cfg GateConfig

	queue    []queued
	released []Report // reports released, for the duplicate rule

	mapPending bool // a map was accepted and no 'M' accepted after it
	evaluated  bool // an 'M' was accepted after a map
	exited     bool // an 'E' was accepted

	hasReleased bool
	lastRelease float64

	refusals map[string]int
}

// NewGate returns a Gate with cfg's zero values replaced by the defaults.
func NewGate(cfg GateConfig) *Gate {
	return &Gate{cfg: cfg.withDefaults(), refusals: map[string]int{}}
}

// Config returns the effective configuration, defaults and floors applied.
func (g *Gate) Config() GateConfig {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.cfg
}

// Offer validates m and queues its packet, or refuses it with a
// *RefusalError. stillFor is the seconds the robot has stood still now, from
// the caller's own sensors; only reports use it.
//
// Rules, in order: nothing after 'E' (ErrAfterExit); reports: type H S U F P
// C O (ErrBadType), stood still ≥ StillMargin (ErrNotStill), not within
// DuplicateRadius of a released or queued report of the same category
// (ErrDuplicate); maps: rectangular, cells in the legend, a '5', not 9 bytes
// (ErrBadMap); commands: only M L G E (ErrUnknownCommand); 'M' only after a
// map (ErrNoMap) and only once (ErrAlreadyEvaluated). The first 'M' after a
// map counts as the evaluation; a second map before 'M' replaces the pending
// one.
func (g *Gate) Offer(m Message, stillFor float64) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.check(m, stillFor); err != nil {
		g.refusals[err.Rule]++
		return err
	}
	packet, err := Encode(m)
	if err != nil {
		ref := &RefusalError{Rule: RuleUnencodable, Message: m, Detail: err.Error(), Hint: "send a Report, Map or Command built as the comms types document", Err: ErrUnencodable}
		g.refusals[ref.Rule]++
		return ref
	}
	switch v := m.(type) {
	case Map:
		g.mapPending = true
	case Command:
		switch v {
		case Evaluate:
			g.mapPending = false
			g.evaluated = true
		case Exit:
			g.exited = true
		}
	}
	g.queue = append(g.queue, queued{msg: m, packet: packet})
	return nil
}

func (g *Gate) check(m Message, stillFor float64) *RefusalError {
	refuse := func(rule string, sentinel error, detail, hint string) *RefusalError {
		return &RefusalError{Rule: rule, Message: m, Detail: detail, Hint: hint, Err: sentinel}
	}
	if g.exited {
		return refuse(RuleAfterExit, ErrAfterExit,
			"'E' was already sent: the supervisor ends the game on it and reads nothing after",
			"send everything else (reports, map, 'M') before 'E'")
	}
	switch v := m.(type) {
	case Report:
		if !isSignLetter(v.Type) {
			return refuse(RuleBadType, ErrBadType,
				fmt.Sprintf("type %q is not a sign letter", rune(v.Type)),
				reportHint(g.cfg.Rules))
		}
		if err := g.checkStill(v, stillFor); err != nil {
			return err
		}
		if prev, ok := g.duplicateOf(v); ok {
			return refuse(RuleDuplicate, ErrDuplicate,
				fmt.Sprintf("%v is within %.3g m of the earlier %v of the same category; Erebus charges -5 for a sign reported twice", v, g.cfg.DuplicateRadius, prev),
				"report each sign once; if this is a second sign, report it from its own estimated position")
		}
	case Map:
		if detail, hint := checkMap(v, g.cfg.Rules); detail != "" {
			return refuse(RuleBadMap, ErrBadMap, detail, hint)
		}
	case Command:
		switch v {
		case Evaluate:
			if g.evaluated {
				return refuse(RuleAlreadyEvaluated, ErrAlreadyEvaluated,
					"the map was already evaluated: Erebus evaluates once and ignores a second 'M'",
					"send map data and 'M' once, when the map is final")
			}
			if !g.mapPending {
				return refuse(RuleNoMap, ErrNoMap,
					"no map data was sent before 'M': the supervisor has nothing to evaluate",
					"send the Map first, then 'M'")
			}
		case LackOfProgress, GameInfoRequest, Exit:
		default:
			return refuse(RuleUnknownCommand, ErrUnknownCommand,
				fmt.Sprintf("%v is not one of M, L, G, E: Erebus ignores it, or crashes on it when the robot has stood still for 1 s", v),
				"send only Evaluate (M), LackOfProgress (L), GameInfoRequest (G) or Exit (E); commands are case-sensitive")
		}
	case nil:
		return refuse(RuleUnencodable, ErrUnencodable, "nil message", "send a Report, Map or Command")
	}
	return nil
}

func (g *Gate) checkStill(r Report, stillFor float64) *RefusalError {
	if stillFor >= g.cfg.StillMargin { // false for NaN
		return nil
	}
	return &RefusalError{Rule: RuleNotStill, Message: r, Err: ErrNotStill,
		Detail: fmt.Sprintf("the robot has stood still for %.3f s, less than the margin %.3f s (Erebus ignores a report made after less than 1.0 s stopped)", stillFor, g.cfg.StillMargin),
		Hint:   fmt.Sprintf("stop the wheels, wait until stood still for %.3f s, then report, and keep still until it is sent", g.cfg.StillMargin)}
}

// isSignLetter reports whether b is one of the report types H S U F P C O
// (erebus.Letters: the same seven in v25.0.1 and v26.1, v26 §2).
func isSignLetter(b byte) bool { return erebus.ValidLetter(b) }

// isHazard reports whether a report letter addresses the hazards (v25) or
// the cognitive targets (v26) rather than the victims.
func isHazard(b byte) bool { return erebus.IsHazardLetter(b) }

// duplicateOf returns the released or queued report r repeats.
func (g *Gate) duplicateOf(r Report) (Report, bool) {
	for _, p := range g.released {
		if g.sameSign(p, r) {
			return p, true
		}
	}
	for _, q := range g.queue {
		if p, ok := q.msg.(Report); ok && g.sameSign(p, r) {
			return p, true
		}
	}
	return Report{}, false
}

func (g *Gate) sameSign(a, b Report) bool {
	if isHazard(a.Type) != isHazard(b.Type) {
		return false
	}
	dx := float64(int64(a.X) - int64(b.X))
	dz := float64(int64(a.Z) - int64(b.Z))
	return math.Hypot(dx, dz) <= g.cfg.DuplicateRadius*100+stepEpsilon
}

// reportHint says which letters to report under rules.
func reportHint(rules erebus.Rules) string {
	if rules.CognitiveTargets {
		return "report victims as H (harmed, Φ), S (stable, Ψ), U (unharmed, Ω) and cognitive targets by their ring sum as F (0), P (1), C (2), O (3), upper case"
	}
	return "report victims as H (harmed), S (stable), U (unharmed) and hazards as F, P, C, O, upper case"
}

// checkMap returns what is wrong with m and what to do, or "" when m is a
// map the supervisor reads and scores as sent under rules.
func checkMap(m Map, rules erebus.Rules) (detail, hint string) {
	rows, cols, err := mapShape(m.Cells)
	if err != nil {
		return err.Error(), "send a non-empty rectangular map: every row with the same number of cells"
	}
	hasStart := false
	for r, row := range m.Cells {
		for c, cell := range row {
			if !validCell(cell, rules) {
				legend := "0 1 2 3 4 5 b p r g o y *"
				if rules.ObstaclesInAnswer {
					legend += " x (obstacle)"
				}
				return fmt.Sprintf("cell [%d][%d] %q is outside the Erebus %s legend", r, c, cell, rules.Version),
					"use only " + legend + " and the sign letters H S U F P C O (several letters in one cell for several signs, e.g. \"HS\")"
			}
			if cell == "5" {
				hasStart = true
			}
		}
	}
	if !hasStart {
		return "the map has no '5' (start tile): Erebus's scorer fails on it and the map scores nothing",
			"mark the start tile's quarter-tile centres with '5'"
	}
	if rows*cols == 1 { // every legal 1x1 map with a '5' is 8+1 bytes
		return fmt.Sprintf("a 1x1 map encodes to exactly %d bytes, which the supervisor reads as a victim report", ReportLen),
			"add a row of '0' cells (an extra row of '0' still scores 100%)"
	}
	return "", ""
}

// validCell reports whether cell is in the map legend of docs/erebus-rules.md §3:
// one of 0 1 2 3 4 5 b p r g o y *, 'x' when the rules mark obstacles (v26
// §6), or one or more sign letters.
func validCell(cell string, rules erebus.Rules) bool {
	if len(cell) == 1 {
		switch cell[0] {
		case '0', '1', '2', '3', '4', '5', 'b', 'p', 'r', 'g', 'o', 'y', '*':
			return true
		case 'x':
			return rules.ObstaclesInAnswer
		}
	}
	if cell == "" {
		return false
	}
	for i := 0; i < len(cell); i++ {
		if !isSignLetter(cell[i]) {
			return false
		}
	}
	return true
}

// Next releases the next queued packet if a supervisor step has passed since
// the last release: at most one packet per SupervisorStep of simulation time
// now (seconds), in the order offered. It returns nil, nil when nothing is
// due.
//
// A report is checked again against the stillness rule with stillFor, the
// seconds stood still now; if the robot moved while the report was queued,
// the report is dropped and Next returns nil and the *RefusalError
// (ErrNotStill). No packet left then, so the caller may call Next again in
// the same step for the following one. A released report is recorded for
// the duplicate rule.
func (g *Gate) Next(now, stillFor float64) ([]byte, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.queue) == 0 {
		return nil, nil
	}
	if g.hasReleased && !(now-g.lastRelease >= g.cfg.SupervisorStep-stepEpsilon) {
		return nil, nil
	}
	head := g.queue[0]
	g.queue[0] = queued{}
	g.queue = g.queue[1:]
	if r, ok := head.msg.(Report); ok {
		if err := g.checkStill(r, stillFor); err != nil {
			err.Detail = "while the report was queued, " + err.Detail
			g.refusals[err.Rule]++
			return nil, err
		}
		g.released = append(g.released, r)
	}
	g.hasReleased = true
	g.lastRelease = now
	return head.packet, nil
}

// Pending returns the number of queued packets not yet released.
func (g *Gate) Pending() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.queue)
}

// Refusals returns a copy of the refusal counts per rule name.
func (g *Gate) Refusals() map[string]int {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make(map[string]int, len(g.refusals))
	for k, v := range g.refusals {
		out[k] = v
	}
	return out
}
