package referee

import (
	"fmt"
	"math"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Outcomes of a report, as Verdict.Outcome names them.
const (
	// OutcomeHit: a sign matched and the letter was its type.
	OutcomeHit = "hit"
	// OutcomeWrongType: a sign matched with a letter of the right category
	// that is not its type (identified, no type bonus).
	OutcomeWrongType = "wrong type"
	// OutcomeMiss: no sign matched (a misidentification).
	OutcomeMiss = "miss"
	// OutcomeIgnored: the robot had not stood still long enough; Erebus
	// drops the report silently (docs/erebus-rules.md §1.2: MainSupervisor.py l.549-630
	// runs _detect_victim only when stopped ≥ 1.0 s).
	OutcomeIgnored = "ignored"
)

// Verdict is what the referee made of one report that reached it: where
// the robot was, what the report said, which sign it matched and why.
type Verdict struct {
	// Time is the game clock (s) when the report arrived.
	Time   float64 `json:"time_s"`
	Letter string  `json:"letter"`
	// Robot is where the robot was (the referee's own position); Estimate
	// is the position the report carried.
	Robot    geom.Vec2 `json:"robot"`
	Estimate geom.Vec2 `json:"estimate"`
	// Outcome is one of OutcomeHit, OutcomeWrongType, OutcomeMiss,
	// OutcomeIgnored.
	Outcome string `json:"outcome"`
	// Sign is the index in World.Signs of the matched sign, or of the
	// nearest sign of the report's category for a miss; −1 for none.
	Sign       int    `json:"sign"`
	SignLetter string `json:"sign_letter,omitempty"`
	// Points is the score the report changed.
	Points float64 `json:"points"`
	// Why says in words what decided the outcome.
	Why string `json:"why"`
}

// Verdicts returns the verdicts of the reports so far, in arrival order.
// The slice is the referee's: read it, do not change it.
func (r *Referee) Verdicts() []Verdict { return r.verdicts[:len(r.verdicts):len(r.verdicts)] }

// SubmittedMap returns the last map matrix the robot sent, or nil.
func (r *Referee) SubmittedMap() [][]string { return r.sentCells }

// match finds the sign a report of kind at est made from robot scores, as
// the loop of MainSupervisor.py does (docs/erebus-rules.md §1.3: not found, of the kind,
// both the robot and the estimate within ReportRadius, the robot in front;
// the nearest to the estimate wins). It returns −1 when none matches, and
// in words why the nearest sign of the kind did not match, or why the
// matched one did.
func (r *Referee) match(kind world.SignKind, robot, est geom.Vec2) (best int, near int, why string) {
	best, near = -1, -1
	bestDist, nearDist := 0.0, math.Inf(1)
	for i := range r.signs {
		s := &r.signs[i]
		if s.kind != kind {
			continue
		}
		d := dist(s.pos, est)
		var no string
		switch {
		case s.found:
			no = "was already found"
		case r.rules.CognitiveTargets && s.letter == 0:
			// len(h.simple_victim_type) > 0 (MainSupervisor.py v26 l.562)
			no = "has no simple type (its rings sum outside 0..3)"
		case dist(s.pos, robot) > erebus.ReportRadius:
			no = fmt.Sprintf("is %.3f m from the robot (at most %.2f m)", dist(s.pos, robot), erebus.ReportRadius)
		case d > erebus.ReportRadius:
			no = fmt.Sprintf("is %.3f m from the reported position (at most %.2f m)", d, erebus.ReportRadius)
		case !inFront(s, robot):
			no = "faces away from the robot (the robot is behind its wall)"
		}
		if no == "" {
			if best < 0 || d < bestDist {
				best, bestDist = i, d
			}
			continue
		}
		if d < nearDist {
			near, nearDist, why = i, d, no
		}
	}
	if best >= 0 {
		s := &r.signs[best]
		return best, -1, fmt.Sprintf("sign %d (%c) is %.3f m from the robot and %.3f m from the reported position, facing the robot",
			s.index, s.letter, dist(s.pos, robot), bestDist)
	}
	if near < 0 {
		return -1, -1, "the world has no sign of that category"
	}
	s := &r.signs[near]
	return -1, near, fmt.Sprintf("the nearest sign of that category, sign %d (%c), %s", s.index, s.letter, why)
}

// verdict records the verdict on report m; sign is an index in r.signs or −1.
func (r *Referee) verdict(m comms.Report, robot geom.Vec2, outcome string, sign int, points float64, why string) {
	v := Verdict{
		Time: r.gameElapsed, Letter: string(rune(m.Type)), Robot: robot,
		Estimate: geom.Vec2{X: float64(m.X) / 100, Z: float64(m.Z) / 100},
		Outcome:  outcome, Sign: -1, Points: points, Why: why,
	}
	if sign >= 0 {
		v.Sign, v.SignLetter = r.signs[sign].index, string(rune(r.signs[sign].letter))
	}
	r.verdicts = append(r.verdicts, v)
}
