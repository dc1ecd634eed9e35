// Package referee is the embedded simulator's copy of the Erebus supervisor:
// it scores a game from the bytes the robot really emitted, applying the
// rules exactly as docs/erebus-rules.md §1–2 states them (Erebus
// v25.0.1's MainSupervisor) or, for a v26.1 world (World.GameRules), as
// docs/erebus-v26.md §2-§8 and §13 state v26.1's: cognitive
// targets instead of hazmat placards (a report next to an invalid-sum target
// or a fake victim matches nothing, a misidentification), per-swamp
// progressive clock multipliers and the map bonus ×(1 + 1.2·correctness).
//
// The simulator calls Step once per 16 ms supervisor step with the robot's
// state after the physics of that step and at most one received packet. The
// referee then, in docs/erebus-rules.md §2.3 order:
//
//  1. registers the first checkpoint box containing the robot (+10·m on the
//     first visit of that checkpoint);
//  2. sets the game-clock multiplier (5 inside a swamp, else 1; in v26.1
//     the swamp's own multiplier, set on each entry, see swampStep);
//  3. processes the packet (decoded with comms.DecodeRobot);
//  4. applies the automatic lack-of-progress rules (stopped ≥ 20 s, fallen
//     into a hole);
//  5. ends the game when the game or real time is up, else advances the game
//     clock by Dt × multiplier.
//
// Points are added with Erebus's increase_score semantics: every delta is
// rounded to 2 decimals and the total is clamped at 0 after every change.
//
// Modelling choices where Erebus has no Go equivalent:
//
//   - An unknown one-byte command (not E, M, L, G) processed while the robot
//     has been stopped for ≥ 1 s makes Erebus's supervisor raise an uncaught
//     IndexError and die (docs/erebus-rules.md §1.2). The referee logs the event
//     "supervisor crashed (unknown command)" and ends the game (reason
//     EndCrash) without exit or map bonus: the score is frozen as it was.
//   - A relocation moves the robot immediately, so the hole check later in
//     the same step does not relocate it a second time (Webots returns the
//     new translation at once).
//   - The area multiplier of a sign or checkpoint comes from
//     World.RoomAt (coord2grid semantics); when that gives no area (0) a
//     sign's own Room field is used; an area outside 1–4 counts as 1.
//   - A non-finite or negative Dt does not advance the game clock.
package referee

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/mapscore"
	"github.com/rescuekit/rescuekit/sim/world"
)

// The rule constants (report radius, bonuses, penalties, stop and hole
// limits, room multipliers) are package erebus's (rules §1–2); what differs
// between versions is an erebus.Rules field.

// EndReason tells why the game ended; empty while it runs.
type EndReason string

// End reasons.
const (
	EndNone     EndReason = ""
	EndExit     EndReason = "exit"
	EndGameTime EndReason = "game time up"
	EndRealTime EndReason = "real time up"
	EndCrash    EndReason = "supervisor crashed (unknown command)"
)

// Config holds the supervisor options the referee honours.
type Config struct {
	// DisableLoP is Erebus's disable_lop flag: automatic lack-of-progress
	// relocations (stopped 20 s, hole) are not applied; the stop timer is
	// reset all the same. A robot's own 'L' is always honoured.
	DisableLoP bool
	// LegacyGameInfo makes 'G' replies the 12-byte pre-v24 form.
	LegacyGameInfo bool
}

// Event is one line of the game log, as Erebus's history records it.
type Event struct {
	// Time is the game clock (s) when the event happened.
	Time float64 `json:"time_s"`
	// What describes the event.
	What string `json:"what"`
	// Points is the (rounded) score delta the event applied, 0 for none.
	Points float64 `json:"points"`
}

// Summary is the score of a game and its parts.
type Summary struct {
	Score float64 `json:"score"`
	// Version is the Erebus version whose rules the referee applies.
	Version erebus.Version `json:"version"`

	// SignsCorrectType and SignsWrongType count the signs found with the
	// right letter and with a wrong letter of the right category.
	SignsCorrectType int `json:"signs_correct_type"`
	SignsWrongType   int `json:"signs_wrong_type"`
	// VictimsFound and HazardsFound split the found signs by category
	// (HazardsFound counts cognitive targets in v26.1).
	VictimsFound int `json:"victims_found"`
	HazardsFound int `json:"hazards_found"`
	// SignPoints is the sum of identification and type-bonus deltas.
	SignPoints float64 `json:"sign_points"`

	Misidentifications int `json:"misidentifications"`
	// SwampEntries counts the robot's entries into swamp tiles (v26.1
	// Robot.py l.467-488; in v25 as well, where they change nothing).
	SwampEntries int `json:"swamp_entries"`
	// Checkpoints counts first visits of checkpoints (the start tile is not
	// one); CheckpointPoints is their sum.
	Checkpoints      int     `json:"checkpoints"`
	CheckpointPoints float64 `json:"checkpoint_points"`

	// LoPAutomatic counts relocations by the supervisor (stopped 20 s or
	// fallen into a hole), LoPRequested those the robot asked for with 'L'.
	LoPAutomatic int `json:"lop_automatic"`
	LoPRequested int `json:"lop_requested"`
	// PenaltyPoints is the sum of misidentification and LoP deltas (≤ 0).
	PenaltyPoints float64 `json:"penalty_points"`

	// MapEvaluated tells that an 'M' was scored; MapScore is the fraction
	// (0–1) and MapBonus the points the map bonus added at the end.
	MapEvaluated bool    `json:"map_evaluated"`
	MapScore     float64 `json:"map_score"`
	MapBonus     float64 `json:"map_bonus"`

	// ExitBonusGiven tells that 'E' earned the exit bonus, worth ExitBonus.
	ExitBonusGiven bool    `json:"exit_bonus_given"`
	ExitBonus      float64 `json:"exit_bonus"`

	// GameTime is the game clock (s) and RealTime the last real elapsed
	// time the simulator reported.
	GameTime    float64 `json:"game_time_s"`
	RealTime    float64 `json:"real_time_s"`
	MaxGameTime int     `json:"max_game_time_s"`
	MaxRealTime int     `json:"max_real_time_s"`

	Ended     bool      `json:"ended"`
	EndReason EndReason `json:"end_reason"`
}

// sign is the referee's state of one world sign.
type sign struct {
	index  int // in World.Signs
	kind   world.SignKind
	letter byte // upper case
	pos    geom.Vec2
	normal geom.Vec2
	worth  float64
	mult   float64
	found  bool
}

// checkpoint is one checkpoint box and what visiting it scores.
type checkpoint struct {
	box    world.Box
	center geom.Vec2
	mult   float64
}

// swamp is one SWAMPBOUNDS box and its clock multiplier: in v26.1 each swamp
// tile is a Swamp object whose multiplier starts at SWAMP_TIME_MULT 5.0 and
// grows by 1 on each entry, up to MAX_MULTIPLIER 10.0 (Tile.py v26 l.77-92,
// 140, 192-195, 308-319); in v25.0.1 it stays 5 (Tile.py v25 l.132).
type swamp struct {
	box  world.Box
	mult float64
}

// Referee scores one game. It is not safe for concurrent use.
type Referee struct {
	cfg     Config
	rules   erebus.Rules
	answer  [][]string
	signs   []sign
	cps     []checkpoint
	swamps  []swamp
	inSwamp int // index of the swamp the robot is in, −1 for none
	start   world.Box
	maxTime int
	maxReal int

	score       float64
	gameElapsed float64
	realElapsed float64
	mult        float64

	// Stop timer (Robot.time_stopped).
	stoppedSince float64
	stoppedValid bool
	stoppedFor   float64

	lastCheckpoint geom.Vec2
	visited        []geom.Vec2

	pendingMap [][]string
	sentMap    bool
	mapPercent float64

	ended    bool
	events   []Event
	verdicts []Verdict
	// sentCells is the last map the robot sent (pendingMap is cleared once
	// evaluated).
	sentCells [][]string
	sum       Summary
	out       Output
}

// New returns a referee for a game on w. It computes the answer map once.
// The start box is w.StartBox() (start0min..start0max, else the start
// tile's square); a world with neither bounds nor tiles is an error. Its
// GameTime (0 → 480 s) sets the time limits. The referee keeps its own copy of the sign states; w is not
// modified.
func New(w *world.World, cfg Config) (*Referee, error) {
	if w == nil {
		return nil, errors.New("referee: nil world")
	}
	if len(w.Starts) == 0 && len(w.Tiles) == 0 {
		return nil, fmt.Errorf("referee: world %q has neither a start box (start0min/start0max) nor tiles", w.Name)
	}
	maxTime := w.GameTime
	if maxTime <= 0 {
		maxTime = erebus.DefaultGameTime
	}
	rules := w.GameRules()
	r := &Referee{
		cfg:     cfg,
		rules:   rules,
		answer:  world.Answer(w),
		inSwamp: -1,
		start:   w.StartBox(),
		maxTime: maxTime,
		maxReal: erebus.RealTimeLimit(maxTime),
		mult:    1,
	}
	for _, b := range w.Swamps {
		r.swamps = append(r.swamps, swamp{box: b, mult: rules.SwampMult})
	}
	for i := range w.Signs {
		s := &w.Signs[i]
		if s.Blank {
			// VictimManager skips blanked targets (Victim.py v26 l.333).
			continue
		}
		room := w.RoomAt(s.Pos)
		if room == 0 {
			room = s.Room
		}
		n := s.Normal
		if n.X == 0 && n.Z == 0 {
			n = normalFromRotation(s.Rotation)
		}
		r.signs = append(r.signs, sign{
			index:  i,
			kind:   s.Kind,
			letter: upper(signLetter(s)),
			pos:    s.Pos,
			normal: n,
			worth:  float64(s.Worth),
			mult:   roomMult(room),
			found:  s.Found,
		})
	}
	for _, b := range w.Checkpoints {
		c := center(b)
		r.cps = append(r.cps, checkpoint{box: b, center: c, mult: roomMult(w.RoomAt(c))})
	}
	// The start tile is pre-registered as visited (no points) and is the
	// relocation target until a checkpoint is visited.
	r.lastCheckpoint = center(r.start)
	r.visited = []geom.Vec2{r.lastCheckpoint}
	r.sum.MaxGameTime, r.sum.MaxRealTime = r.maxTime, r.maxReal
	r.sum.Version = rules.Version
	return r, nil
}

// Step applies one supervisor step (docs/erebus-rules.md §2.3) and says what the supervisor
// does in return. After the game has ended it does nothing and reports Ended.
func (r *Referee) Step(in Input) Output {
	if r.ended {
		return Output{Ended: true}
	}
	r.out = Output{}
	r.realElapsed = in.RealElapsed
	pos := in.Pos
	y := in.Y

	// 1. Checkpoints.
	for i := range r.cps {
		cp := &r.cps[i]
		if !cp.box.Contains(pos) {
			continue
		}
		r.lastCheckpoint = cp.center
		if !r.wasVisited(cp.center) {
			r.visited = append(r.visited, cp.center)
			d := r.add("Found checkpoint", erebus.CheckpointPoints*cp.mult)
			r.sum.Checkpoints++
			r.sum.CheckpointPoints += d
		}
		break
	}

	// 2. Swamps.
	r.swampStep(pos)

	// 3. At most one packet.
	relocated := false
	if in.Packet != nil {
		relocated = r.process(in, &pos, &y)
		if r.ended {
			r.out.Ended = true
			return r.out
		}
	}

	// 4. Automatic lack of progress.
	if r.updateStopTimer(in) >= erebus.StoppedLoPTime {
		if !r.cfg.DisableLoP {
			r.relocate("Lack of Progress (automatic)", false)
			pos, y, relocated = r.lastCheckpoint, world.FloorY, true
		}
		r.resetStopTimer()
	}
	if y < erebus.FallenY {
		if !r.cfg.DisableLoP && !relocated {
			r.relocate("Lack of Progress (automatic, fell into a hole)", false)
		}
		r.resetStopTimer()
	}

	// 5. Time up, else the clock advances.
	switch {
	case r.gameElapsed >= float64(r.maxTime):
		r.end(EndGameTime, "Time up (game time)")
	case in.RealElapsed >= float64(r.maxReal):
		r.end(EndRealTime, "Time up (real time)")
	default:
		if in.Dt > 0 && !math.IsInf(in.Dt, 0) {
			r.gameElapsed += in.Dt * r.mult
		}
	}
	r.out.Ended = r.ended
	return r.out
}

// swampStep sets the game-clock multiplier from the swamp the robot is in
// (the first SWAMPBOUNDS box containing it, borders included), 1 outside.
// On an entry, the robot's swamp changing from none or another swamp to this
// one, the clock takes the swamp's multiplier and then, when the rules are
// progressive (v26.1), the swamp's multiplier grows by 1 up to SwampMaxMult
// (Robot.py v26 l.467-488: the `!=` at l.475 makes a step from one swamp
// tile into the next an entry; Tile.py v26 l.308-319); the history logs
// "Entered swamp (multiplier: m)". Staying in the swamp keeps the
// multiplier of the entry. Nothing resets the swamps' multipliers (v26 §5).
func (r *Referee) swampStep(pos geom.Vec2) {
	cur := -1
	for i := range r.swamps {
		if r.swamps[i].box.Contains(pos) {
			cur = i
			break
		}
	}
	switch {
	case cur < 0:
		r.mult = 1
	case cur != r.inSwamp:
		sw := &r.swamps[cur]
		r.mult = sw.mult
		r.sum.SwampEntries++
		if r.rules.SwampProgressive {
			r.log("Entered swamp (multiplier: " + strconv.FormatFloat(sw.mult, 'f', 1, 64) + ")")
			sw.mult = math.Min(sw.mult+1, r.rules.SwampMaxMult)
		}
	}
	r.inSwamp = cur
}

// process handles one received packet; it reports whether the robot was
// relocated, and updates *pos and *y to the robot's new place if so.
func (r *Referee) process(in Input, pos *geom.Vec2, y *float64) bool {
	msg, err := comms.DecodeRobot(in.Packet)
	if err != nil {
		r.log("Incorrect data format sent: " + err.Error())
		return false
	}
	switch m := msg.(type) {
	case comms.Map:
		// Map data is only stored (overwriting), nothing else happens.
		r.pendingMap, r.sentCells = m.Cells, m.Cells
		return false
	}
	// _process_message first updates the stop timer.
	stopped := r.updateStopTimer(in)
	switch m := msg.(type) {
	case comms.Command:
		switch m {
		case comms.Exit:
			r.exit(*pos)
		case comms.Evaluate:
			r.evaluateMap()
		case comms.LackOfProgress:
			r.relocate("Lack of Progress (via robot)", true)
			r.resetStopTimer()
			*pos, *y = r.lastCheckpoint, world.FloorY
			return true
		case comms.GameInfoRequest:
			r.gameInfo()
		default:
			if stopped >= erebus.MinStoppedForReport {
				r.log(string(EndCrash))
				r.ended = true
				r.sum.Ended, r.sum.EndReason = true, EndCrash
			}
		}
	case comms.Report:
		if stopped >= erebus.MinStoppedForReport {
			r.report(m, *pos)
		} else {
			r.verdict(m, *pos, OutcomeIgnored, -1, 0, fmt.Sprintf("the robot had stood still %.2f s (at least %.1f s)", stopped, erebus.MinStoppedForReport))
		}
	default:
		r.log(fmt.Sprintf("Incorrect data format sent: unexpected message %T", msg))
	}
	return false
}

// report applies a victim or hazard report (docs/erebus-rules.md §1.3), or in v26.1 a
// victim or cognitive-target report (v26 §3: MainSupervisor.py v26
// l.534-639). A v26.1 target whose ring sum is not 0..3 has no simple type
// and never matches (l.562); fakes are not loaded at all. A report that
// matches nothing is a misidentification (l.636-639).
func (r *Referee) report(m comms.Report, robot geom.Vec2) {
	letter := upper(m.Type)
	kind, bonus, name := world.Victim, float64(erebus.VictimTypeBonus), "Victim"
	if erebus.IsHazardLetter(letter) {
		kind, bonus, name = world.Hazard, erebus.HazardTypeBonus, "Hazard"
		if r.rules.CognitiveTargets {
			name = "Target"
		}
	}
	est := geom.Vec2{X: float64(m.X) / 100, Z: float64(m.Z) / 100}
	best, near, why := r.match(kind, robot, est)
	if best < 0 {
		d := r.add("Misidentification of "+name, erebus.MisidentPenalty)
		r.sum.Misidentifications++
		r.sum.PenaltyPoints += d
		r.verdict(m, robot, OutcomeMiss, near, d, why)
		return
	}
	s := &r.signs[best]
	score := r.score
	if letter == s.letter {
		r.sum.SignPoints += r.add("Successful "+name+" Type Correct Bonus", bonus*s.mult)
		r.sum.SignsCorrectType++
	} else {
		r.sum.SignsWrongType++
	}
	r.sum.SignPoints += r.add("Successful "+name+" Identification", s.worth*s.mult)
	if letter == s.letter {
		r.verdict(m, robot, OutcomeHit, best, round2(r.score-score), why)
	} else {
		r.verdict(m, robot, OutcomeWrongType, best, round2(r.score-score), why+"; its type is "+string(rune(s.letter))+", not "+string(rune(letter)))
	}
	s.found = true
	r.out.Found = append(r.out.Found, s.index)
	if kind == world.Hazard {
		r.sum.HazardsFound++
	} else {
		r.sum.VictimsFound++
	}
}

// evaluateMap handles 'M' (docs/erebus-rules.md §1.4).
func (r *Referee) evaluateMap() {
	if r.pendingMap == nil {
		r.log("Map not evaluated: no map data sent beforehand")
		return
	}
	if r.sentMap {
		r.log("Map not evaluated: the map has already been evaluated")
		return
	}
	p, err := mapscore.Score(r.answer, r.pendingMap)
	if err == nil && (math.IsNaN(p) || math.IsInf(p, 0)) {
		err = fmt.Errorf("score %v", p)
	}
	if err != nil {
		r.log("Map scoring error: " + err.Error())
		return
	}
	r.mapPercent = p
	r.sentMap = true
	r.pendingMap = nil
	r.sum.MapEvaluated, r.sum.MapScore = true, p
	r.log("Map Correctness " + strconv.FormatFloat(round2(p*100), 'f', -1, 64) + "%")
}

// exit handles 'E' (docs/erebus-rules.md §1.7).
func (r *Referee) exit(robot geom.Vec2) {
	if r.start.Contains(robot) && r.sum.VictimsFound+r.sum.HazardsFound > 0 {
		d := r.add("Exit Bonus", r.score*erebus.ExitBonusFraction)
		r.sum.ExitBonusGiven, r.sum.ExitBonus = true, d
	} else {
		r.log("No Exit Bonus")
	}
	r.end(EndExit, "Successful Exit")
}

// end applies the map bonus, score·correctness·MapBonusFactor (v25
// MainSupervisor.py l.338-342: factor 1; v26 l.425-429: 1.2), and ends the
// game.
func (r *Referee) end(reason EndReason, what string) {
	r.sum.MapBonus = r.add("Map Bonus", r.score*r.mapPercent*r.rules.MapBonusFactor)
	r.log(what)
	r.ended = true
	r.sum.Ended, r.sum.EndReason = true, reason
}

// gameInfo answers 'G' (docs/erebus-rules.md §1.6).
func (r *Referee) gameInfo() {
	gi := comms.GameInfo{
		Score:           float32(round2(r.score)),
		GameSecondsLeft: int32(clampInt(int64(r.maxTime) - truncInt(r.gameElapsed))),
		RealSecondsLeft: int32(clampInt(int64(r.maxReal) - truncInt(r.realElapsed))),
	}
	if r.cfg.LegacyGameInfo {
		gi.RealSecondsLeft, gi.Legacy = 0, true
	}
	r.out.Send = append(r.out.Send, comms.EncodeInbound(gi))
}

// relocate moves the robot to the last visited checkpoint (docs/erebus-rules.md §1.5).
func (r *Referee) relocate(what string, requested bool) {
	r.out.Relocate = &world.Pose{Pos: r.lastCheckpoint, Yaw: 0}
	r.out.Send = append(r.out.Send, comms.EncodeInbound(comms.LackOfProgressNotice{}))
	d := r.add(what, erebus.LackOfProgressPenalty)
	r.sum.PenaltyPoints += d
	if requested {
		r.sum.LoPRequested++
	} else {
		r.sum.LoPAutomatic++
	}
}

// updateStopTimer is Robot.time_stopped: it returns how long (simulation
// time) the robot has been stopped.
func (r *Referee) updateStopTimer(in Input) float64 {
	stopped := true
	for _, v := range in.Velocity {
		if !(math.Abs(v) < erebus.StoppedVelocity) {
			stopped = false
			break
		}
	}
	switch {
	case !r.stoppedValid:
		if stopped {
			r.stoppedSince, r.stoppedValid = in.Time, true
		}
	case stopped:
		r.stoppedFor = in.Time - r.stoppedSince
	default:
		r.stoppedValid, r.stoppedFor = false, 0
	}
	return r.stoppedFor
}

// resetStopTimer is Robot.reset_time_stopped.
func (r *Referee) resetStopTimer() {
	r.stoppedValid, r.stoppedFor = false, 0
}

// add is Robot.increase_score: it adds round(points, 2), clamps the total at
// 0, logs the event and returns the rounded delta.
func (r *Referee) add(what string, points float64) float64 {
	d := round2(points)
	if math.IsNaN(d) || math.IsInf(d, 0) {
		d = 0
	}
	r.score += d
	if r.score < 0 {
		r.score = 0
	}
	if d != 0 { // Erebus's history records only non-zero changes
		r.events = append(r.events, Event{Time: r.gameElapsed, What: what, Points: d})
	}
	return d
}

// log records an event without points.
func (r *Referee) log(what string) {
	r.events = append(r.events, Event{Time: r.gameElapsed, What: what})
}

func (r *Referee) wasVisited(c geom.Vec2) bool {
	for _, v := range r.visited {
		if v == c {
			return true
		}
	}
	return false
}

// Score returns the current score.
func (r *Referee) Score() float64 { return r.score }

// Ended reports whether the game is over.
func (r *Referee) Ended() bool { return r.ended }

// Events returns a copy of the game log.
func (r *Referee) Events() []Event { return append([]Event(nil), r.events...) }

// Summary returns the score and its parts so far.
func (r *Referee) Summary() Summary {
	s := r.sum
	s.Score = r.score
	s.GameTime = r.gameElapsed
	s.RealTime = r.realElapsed
	return s
}

// round2 rounds x to 2 decimals as Python's round(x, 2) does (correctly
// rounded from the exact binary value, ties to even).
func round2(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	v, err := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	if err != nil {
		return x
	}
	return v
}

func roomMult(room int) float64 { return RoomMultiplier(room) }

// RoomMultiplier is Erebus's ROOM_MULT[room−1] (Tile.py). A tile that
// leaves its room field out has the PROTO default 0, and Python's index −1
// then takes the last multiplier, 2; rooms outside 0–4 (which would crash
// Erebus) count as 1.
func RoomMultiplier(room int) float64 {
	switch {
	case room >= 1 && room <= 4:
		return erebus.RoomMult[room-1]
	case room == 0:
		return erebus.RoomMult[3]
	}
	return 1
}

func center(b world.Box) geom.Vec2 {
	return geom.Vec2{X: (b.Min.X + b.Max.X) / 2, Z: (b.Min.Z + b.Max.Z) / 2}
}

func dist(a, b geom.Vec2) float64 { return math.Hypot(a.X-b.X, a.Z-b.Z) }

// inFront is Victim.on_same_side: dot(n, normalize(robot − sign)) > 0. A
// robot exactly on the sign (zero vector, NaN in numpy) is not in front.
func inFront(s *sign, robot geom.Vec2) bool {
	dx, dz := robot.X-s.pos.X, robot.Z-s.pos.Z
	l := math.Hypot(dx, dz)
	if !(l > 0) {
		return false
	}
	return s.normal.X*dx/l+s.normal.Z*dz/l > 0
}

// normalFromRotation returns (−R[0][2], −R[2][2]) normalised for an
// axis-angle rotation, or the zero vector when it is degenerate.
func normalFromRotation(rot [4]float64) geom.Vec2 {
	x, y, z, a := rot[0], rot[1], rot[2], rot[3]
	l := math.Sqrt(x*x + y*y + z*z)
	if !(l > 0) {
		x, y, z, l = 0, 1, 0, 1
	}
	x, y, z = x/l, y/l, z/l
	c, s := math.Cos(a), math.Sin(a)
	r02 := (1-c)*x*z + s*y
	r22 := c + (1-c)*z*z
	n := geom.Vec2{X: -r02, Z: -r22}
	if h := math.Hypot(n.X, n.Z); h > 0 {
		n.X, n.Z = n.X/h, n.Z/h
	}
	return n
}

// signLetter is the letter a correct report of s carries.
func signLetter(s *world.Sign) byte {
	if s.Letter != 0 {
		return s.Letter
	}
	if l, ok := erebus.VictimLetter(s.Type); ok {
		return l
	}
	if len(s.Type) == 1 {
		return s.Type[0]
	}
	return 0
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// truncInt is Python's int() of a float, saturated.
func truncInt(x float64) int64 {
	switch {
	case math.IsNaN(x):
		return 0
	case x >= math.MaxInt32:
		return math.MaxInt32
	case x <= math.MinInt32:
		return math.MinInt32
	}
	return int64(x)
}

func clampInt(v int64) int64 {
	if v > math.MaxInt32 {
		return math.MaxInt32
	}
	if v < math.MinInt32 {
		return math.MinInt32
	}
	return v
}
