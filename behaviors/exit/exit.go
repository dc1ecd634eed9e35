// Package exit is the built-in exit behavior. Watching while the others
// drive, it asks the supervisor for the time left ('G') every few seconds,
// estimates the way home on the map explore publishes (nav.KeyMap: path
// length over a cautious speed, swamps at the game clock's multiplier;
// from the GPS alone, so also before the start yaw is known) and fires
// "time_low" early enough to make it home, again when its Action was
// dropped or the FSM did not take it; while report stands by its sign it
// lets the report finish first, a few seconds at most. Between two 'G'
// replies it runs the game clock at the swamp multiplier of where the
// robot is; in Erebus v26.1 it counts the entries into each swamp tile,
// whose multiplier grows with each (nav.SwampClock; the version from the
// "rules" parameter or the GPS noise, nav.RulesWatch). Driving the "exit"
// state, it builds the Erebus map matrix (walls, floors, the start,
// connections, area 4, the signs signs.reported holds as reported or
// confirmed, and in v26.1 the obstacles it saw as 'x'), sends it with its
// evaluation in one Action, drives back to the start tile (along the
// robot's own trail when the map knows no way, trail.go) and sends 'E'
// there.
//
// While it drives, the eight red LEDs (led0…led7) are on and the others off.
package exit

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/signs"
)

// Name is the plugin's name.
const Name = "exit"

// EventTimeLow is the event exit fires when it is time to head home.
const EventTimeLow = "time_low"

var params = map[string]sdk.Param{
	"info_every_s": {Default: "3", Description: "seconds between two game-info requests ('G')"},
	"plan_every_s": {Default: "1", Description: "seconds between two estimates of the way home"},
	"speed_mps":    {Default: "0.09", Description: "cautious average speed home, m/s, for the estimate"},
	"turn_s":       {Default: "0.4", Description: "seconds added per turn of the way home"},
	"factor":       {Default: "1.25", Description: "the estimate of the way home is multiplied by this"},
	"margin_s":     {Default: "12", Description: "seconds kept in hand beyond the estimate"},
	"game_time_s":  {Default: "480", Description: "game time assumed before the first 'G' reply"},
	"max_wheel":    {Default: "6", Description: "wheel speed on the way home, rad/s"},
	"stuck_s":      {Default: "3", Description: "seconds without progress before it backs off and replans"},
	"lop_s":        {Default: "12", Description: "seconds without progress before it asks for a lack of progress"},
	"home_margin":  {Default: "0.02", Description: "how far inside the start tile's edges the robot must be to send 'E', m"},
	"rules":        {Default: "auto", Description: nav.RulesParamHelp},
}

// Exit is the behavior. Use New.
type Exit struct {
	infoEvery, planEvery, speed, turnS, factor, margin, gameTime float64
	maxWheel, stuckS, lopS, homeMargin                           float64
	robot                                                        nav.Robot

	tr    *nav.Tracker
	m     *nav.Map
	maps  nav.MapReader
	fol   nav.Follower
	calib nav.Calibrator

	mapStep, exitStep uint64 // steps whose Actions carried the map+M and the exit
	lastInfo          float64
	infoAt            float64 // sim time of the last 'G'
	gameLeft          float64 // at infoAt
	realLeft          float64
	haveInfo          bool
	homeTime          float64 // estimated seconds of game clock to get home
	lastPlanT         float64
	fired             bool
	wasDriver         bool
	phase             int // 0 send map, 1 evaluate, 2 drive home, 3 exited
	needPlan          bool
	backing           int
	backArc           int // the back-off's shape (nav.BackOff), 0 straight
	heldBacks         int // back-offs from held turns so far
	progress          geom.Vec2
	progressT         float64
	bestLeft          float64 // the shortest way left along the followed path since it was set (wayLeft)
	lopT              float64
	lastLoP           float64
	lopStep           uint64 // the step whose Action asked for the last lack of progress
	lastDecode        float64
	start             geom.Vec2
	haveStart         bool
	// lastCP is where a lack of progress puts the robot: the centre of
	// the last checkpoint tile its centre stood on, the start until then
	// (seenCheckpoint).
	lastCP geom.Vec2
	haveCP bool
	sent   [][]string // the map matrix sent

	// trail is where the robot's centre went; onTrail: the path followed
	// is a way along it, the map knowing none (trail.go).
	trail   trail
	onTrail bool

	escape       int // steps left driving out of a wedge
	escapeTurned bool
	escapeHeld   nav.HeldTurn // the escape's turn, held or not
	escapeHolds  int          // times it was held in this escape
	escapeYaw    float64

	// When time_low was fired (sim time), with the time left and the
	// estimate home then; zero when it was not.
	timeLowAt, timeLowLeft, timeLowHome float64
	timeLowStep                         uint64 // the step whose Action carried it last
	estimated                           bool   // homeTime holds an estimate
	// waitFrom is when time_low began to wait for report's sign waitID
	// (letReportFinish); zero when it is not waiting.
	waitFrom float64
	waitID   uint32

	rules   nav.RulesWatch
	swamp   nav.SwampClock
	lastT   float64 // sim time of the previous step
	haveT   bool
	gameEl  float64 // game-clock seconds since infoAt (swamps run it faster)
	gameAll float64 // game-clock seconds since the first step
}

// refireS is how long (s) a time_low may go without the FSM leaving
// explore or report before it is fired again.
const refireS = 5

// Letting a report about to be sent finish before time_low
// (letReportFinish).
const (
	// finishNear is how near (m) the robot must be to report's sign: within
	// Erebus's reach of a sign (erebus.ReportRadius, rules §1.3) plus the
	// last few centimetres of an approach.
	finishNear = erebus.ReportRadius + 0.03
	// finishS is the longest (s) time_low waits for it: the stand the
	// gate needs before a report (comms still_margin_s), its reply, and
	// the last of the approach. It is
	// taken from margin_s, the time kept in hand beyond the estimate home.
	finishS = 4
)

// New returns the exit behavior with its default parameters.
func New() sdk.Behavior {
	x := &Exit{}
	if err := x.Configure(context.Background(), sdk.Config{}); err != nil {
		panic(err) // the defaults are valid; a test checks it
	}
	return x
}

// Describe returns the plugin's description.
func (x *Exit) Describe() sdk.Description {
	return sdk.Description{
		Name: Name, Version: "1.0.0", States: []string{"exit"},
		BlackboardReads: []string{nav.KeyMap, signs.KeyReported, signs.KeyCandidate},
		Params:          params,
	}
}

// Configure reads the parameters (a missing one takes its default); an
// unknown name or a bad value is an error naming it, and leaves x as it
// was.
func (x *Exit) Configure(_ context.Context, cfg sdk.Config) error {
	r := cfg.Reader(Name, params)
	n := Exit{
		infoEvery:  r.Float("info_every_s", 0.1, 60),
		planEvery:  r.Float("plan_every_s", 0.1, 60),
		speed:      r.Float("speed_mps", 0.01, 1),
		turnS:      r.Float("turn_s", 0, 10),
		factor:     r.Float("factor", 1, 10),
		margin:     r.Float("margin_s", 0, 300),
		gameTime:   r.Float("game_time_s", 1, 100000),
		maxWheel:   r.Float("max_wheel", 0.5, 100),
		stuckS:     r.Float("stuck_s", 0.5, 60),
		lopS:       r.Float("lop_s", 1, 19),
		homeMargin: r.Float("home_margin", 0, 0.05),
	}
	if err := r.Err(); err != nil {
		return err
	}
	var err error
	if n.rules, err = nav.NewRulesWatch(r.String("rules")); err != nil {
		return fmt.Errorf("exit: %w", err)
	}
	n.robot = nav.DefaultRobot()
	n.tr = nav.NewTracker(n.robot)
	n.maps.Robot = n.robot
	d := nav.DefaultDriver()
	d.MaxWheel = n.maxWheel
	n.fol = nav.Follower{D: d}
	n.calib = nav.Calibrator{Robot: n.robot}
	n.lastInfo = math.Inf(-1)
	n.lastPlanT = math.Inf(-1)
	n.lastDecode = math.Inf(-1)
	n.needPlan = true
	*x = n
	x.fol.Tight = x.maps.Tight
	return nil
}

// TimeLeft returns the estimated game seconds left now (the smaller of the
// game and real clocks). The game clock runs faster in swamps (the
// multiplier exit follows from its map, nav.SwampClock), the real one does
// not.
func (x *Exit) TimeLeft(now float64) float64 {
	since := 0.0
	if x.haveT && now > x.lastT {
		since = (now - x.lastT) * x.swamp.Mult()
	}
	if !x.haveInfo {
		return x.gameTime - x.gameAll - since
	}
	return math.Min(x.gameLeft-x.gameEl-since, x.realLeft-(now-x.infoAt))
}

// Rules returns the rule set exit plays by now: the one the "rules"
// parameter gives, or with auto the one the GPS noise showed (v26.1, the
// more costly swamps, until it is known).
func (x *Exit) Rules() erebus.Rules { return x.rules.Rules() }

// obstaclesInAnswer reports whether the map matrix marks obstacles: when
// the version is known to write them (v26.1).
func (x *Exit) obstaclesInAnswer() bool { return x.rules.ObstaclesInAnswer() }

// clock advances the game clock to now at the multiplier of the previous
// step, then takes the multiplier of where the robot is.
func (x *Exit) clock(obs *pluginpb.Observation, now float64) {
	if x.haveT && now > x.lastT {
		d := (now - x.lastT) * x.swamp.Mult()
		x.gameEl += d
		x.gameAll += d
	}
	x.lastT, x.haveT = now, true
	x.rules.Add(obs.GetStep(), obs.GetGps())
	if g := obs.GetGps(); g != nil {
		x.swamp.Update(x.m, geom.Vec2{X: g.GetX(), Z: g.GetZ()}, x.Rules())
	}
}

// letReportFinish tells whether time_low, due now, waits: while report
// drives with its sign (signs.candidate) within finishNear of the robot,
// for finishS at most, and only while that leaves half of margin_s in
// hand. A time_low fired then would end a report a second from being sent
// (R8 and R2D2__7_ of shared/more-worlds: a sign 0.057 m and 0.069 m away,
// lost).
func (x *Exit) letReportFinish(obs *pluginpb.Observation, pose nav.Pose, now float64) bool {
	if obs.GetState() != "report" {
		x.waitFrom = 0
		return false
	}
	c, ok, err := signs.Candidate(obs.GetBlackboard())
	if err != nil || !ok || pose.Dist(c.Pos) > finishNear {
		return false
	}
	if x.waitFrom == 0 || x.waitID != c.ID {
		x.waitFrom, x.waitID = now, c.ID
	}
	return now-x.waitFrom < finishS && x.TimeLeft(now) > x.homeTime*x.factor+x.margin/2
}

// HomeTime returns the latest estimate of the game seconds needed to get
// home.
func (x *Exit) HomeTime() float64 { return x.homeTime }

// Step runs one control step.
func (x *Exit) Step(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	now := obs.GetSimTime()
	pose := x.tr.Update(obs)
	if !x.haveStart && obs.GetGps() != nil {
		x.start, x.haveStart = pose.Vec2, true
	}
	act := &pluginpb.Action{}
	x.clock(obs, now)
	if obs.GetGps() != nil {
		x.trail.add(pose.Vec2, x.tr.Relocated())
	}
	for _, in := range obs.GetInbox() {
		if g := in.GetGameInfo(); g != nil {
			x.haveInfo = true
			x.infoAt, x.gameEl = now, 0
			x.gameLeft = float64(g.GetGameSecondsLeft())
			x.realLeft = float64(g.GetRealSecondsLeft())
		}
	}
	if x.phase < 3 && now-x.lastInfo >= x.infoEvery {
		x.lastInfo = now
		act.Outbound = append(act.Outbound, &pluginpb.Outbound{Kind: &pluginpb.Outbound_GameInfoRequest{GameInfoRequest: &pluginpb.GameInfoRequest{}}})
	}
	x.seenCheckpoint(pose.Vec2, obs.GetGps() != nil)
	if now-x.lastPlanT >= x.planEvery && obs.GetGps() != nil {
		// The way home needs positions only: it is estimated before the
		// start yaw is known too (a robot that cannot learn it must still
		// head home, send the map and exit in time).
		x.lastPlanT = now
		x.decode(obs, now)
		x.estimate(pose)
		x.estimated = true
	}
	if !obs.GetDriver() {
		x.wasDriver = false
		waiting := obs.GetState() == "explore" || obs.GetState() == "report"
		if x.fired && waiting && (x.droppedStep(obs, x.timeLowStep) || now-x.timeLowAt >= refireS) {
			// time_low did not take effect (its Action was dropped, or the
			// FSM is still where it was): ask again.
			x.timeLowAt, x.timeLowStep = now, obs.GetStep()
			act.Events = append(act.Events, EventTimeLow)
		}
		if !x.fired && waiting && x.estimated && x.TimeLeft(now) <= x.homeTime*x.factor+x.margin &&
			!x.letReportFinish(obs, pose, now) {
			x.fired = true
			x.timeLowAt, x.timeLowLeft, x.timeLowHome, x.timeLowStep = now, x.TimeLeft(now), x.homeTime, obs.GetStep()
			act.Events = append(act.Events, EventTimeLow)
		}
		return act, nil
	}
	if !x.wasDriver {
		x.wasDriver = true
		x.fired = true
		act.Leds = sdk.LEDs(sdk.LEDRed...)
		x.needPlan = true
		x.fol.Set(nil)
		x.progress, x.progressT, x.lopT = pose.Vec2, now, now
		x.decode(obs, math.Inf(1))
	}
	if x.tr.Relocated() {
		x.needPlan = true
		x.fol.Set(nil)
		x.progress, x.progressT, x.lopT = pose.Vec2, now, now
	}
	x.resendDropped(obs)
	switch x.phase {
	case 0:
		x.decode(obs, now)
		if x.m != nil {
			// The map and its evaluation go in one Action: the runner's gate
			// keeps their order, and if the Action is dropped both are.
			x.sent = x.m.MatrixWith(reportedSigns(obs.GetBlackboard()), nav.MatrixOptions{Obstacles: x.obstaclesInAnswer()})
			act.Outbound = append(act.Outbound,
				&pluginpb.Outbound{Kind: &pluginpb.Outbound_Map{Map: toProto(x.sent)}},
				&pluginpb.Outbound{Kind: &pluginpb.Outbound_Evaluate{Evaluate: &pluginpb.Evaluate{}}})
			x.mapStep = obs.GetStep()
		}
		x.phase = 2
	case 3:
		act.Wheels = &pluginpb.Wheels{}
		return act, nil
	}
	l, r, home := x.driveHome(obs, pose, act)
	if home && x.phase == 2 {
		act.Outbound = append(act.Outbound, &pluginpb.Outbound{Kind: &pluginpb.Outbound_Exit{Exit: &pluginpb.Exit{}}})
		x.exitStep = obs.GetStep()
		x.phase = 3
		l, r = 0, 0
	}
	act.Wheels = &pluginpb.Wheels{Left: l, Right: r}
	return act, nil
}

// reportedSigns returns the signs of signs.reported that report reported
// (status Reported or Confirmed), in its order, as the map matrix takes
// them; an unreadable key is no signs.
func reportedSigns(bb map[string][]byte) []signs.Sign {
	rep, err := signs.Get(bb, signs.KeyReported)
	if err != nil {
		return nil
	}
	var out []signs.Sign
	for _, s := range rep {
		if s.Status == signs.Reported || s.Status == signs.Confirmed {
			out = append(out, s)
		}
	}
	return out
}

// droppedStep reports whether obs says that the Action of step was dropped.
func (x *Exit) droppedStep(obs *pluginpb.Observation, step uint64) bool {
	return step != 0 && slices.Contains(droppedSteps(obs), step)
}

// droppedSteps returns the steps whose Actions the runner reports dropped
// in obs.
func droppedSteps(obs *pluginpb.Observation) []uint64 {
	var out []uint64
	for _, d := range obs.GetDropped() {
		out = append(out, d.GetStep())
	}
	return out
}

// resendDropped goes back a phase when the runner reports that the Action
// carrying the map (and its evaluation) or the exit was dropped: nothing of
// it reached the supervisor, so it must be sent again.
func (x *Exit) resendDropped(obs *pluginpb.Observation) {
	for _, d := range obs.GetDropped() {
		step := d.GetStep()
		switch {
		case x.phase >= 2 && x.mapStep != 0 && step == x.mapStep:
			x.phase, x.mapStep = 0, 0
		case x.phase == 3 && step == x.exitStep:
			x.phase = 2
		}
	}
}

// decode refreshes the map from the blackboard at most every planEvery; a
// bad encoding leaves the map as it was.
func (x *Exit) decode(obs *pluginpb.Observation, now float64) {
	if now-x.lastDecode < x.planEvery && x.m != nil {
		return
	}
	b := obs.GetBlackboard()[nav.KeyMap]
	if len(b) == 0 {
		return
	}
	m, err := x.maps.Read(b)
	if err != nil {
		return
	}
	x.m, x.lastDecode = m, math.Min(now, obs.GetSimTime())
}

// estimate updates the game seconds needed to get home from pose.
func (x *Exit) estimate(pose nav.Pose) {
	if x.m == nil {
		x.homeTime = pose.Dist(x.start)/x.speed + 5
		return
	}
	path, cost, ok := x.planHome(pose.Vec2, nav.Costs{Swamp: 5, Unknown: 0.5})
	if !ok {
		path, cost, ok = x.trail.way(pose.Vec2, x.target(), x.onStart, x.overOpening)
	}
	if !ok {
		// No known way: assume the straight line through unknown ground.
		x.homeTime = 3 * pose.Dist(x.m.Start()) / x.speed
		return
	}
	x.homeTime = cost/x.speed + float64(len(path))*x.turnS + x.swamp.Extra(x.m, path, x.Rules(), x.speed)
}

// maxEscapeHolds is how many times an escape's turn may be held (backing
// off after each) before the escape drives out without it.
const maxEscapeHolds = 2

// onStart reports whether p is inside the start tile with the margin.
func (x *Exit) onStart(p geom.Vec2) bool {
	s := x.start
	if x.m != nil {
		s = x.m.Start()
	}
	h := nav.TileSize/2 - x.homeMargin
	return math.Abs(p.X-s.X) <= h && math.Abs(p.Z-s.Z) <= h
}

// driveHome returns the wheel speeds towards the start tile, and home once
// the robot stands in it.
func (x *Exit) driveHome(obs *pluginpb.Observation, pose nav.Pose, act *pluginpb.Action) (float64, float64, bool) {
	now := obs.GetSimTime()
	if x.onStart(pose.Vec2) && pose.Dist(x.target()) < 0.04 {
		return 0, 0, true
	}
	if !x.tr.YawKnown() {
		l, r := x.calib.Step(obs, pose)
		return l, r, false
	}
	// Progress is the way left along the followed path shrinking by 3 cm
	// (the position moving 3 cm while there is none): a robot sliding
	// along a wall away from home moves, but makes none (world4 of Erebus
	// v26.1: 7 s pushing along a wall end at 1 cm/s before exit took it
	// for stuck).
	if left := x.wayLeft(pose.Vec2); left < x.bestLeft-0.03 || math.IsInf(left, 1) && pose.Dist(x.progress) > 0.03 {
		x.bestLeft = left
		x.progress, x.progressT, x.lopT = pose.Vec2, now, now
	}
	if x.droppedStep(obs, x.lopStep) {
		// The lack of progress asked for never left: ask again.
		x.lastLoP, x.lopT, x.lopStep = math.Inf(-1), math.Inf(-1), 0
	}
	if now-x.lopT > x.lopS && now-x.lastLoP > 20 {
		if x.lopHelps(pose.Vec2) {
			x.lastLoP, x.lopT, x.lopStep = now, now, obs.GetStep()
			act.Outbound = append(act.Outbound, &pluginpb.Outbound{Kind: &pluginpb.Outbound_LackOfProgress{LackOfProgress: &pluginpb.LackOfProgress{}}})
			return 0, 0, false
		}
		// A lack of progress would put the robot where the way home is
		// no shorter: keep trying from here (Erebus relocates it by
		// itself only after 20 s standing still, which the escapes do
		// not).
		x.lopT = now
	}
	if x.backing > 0 {
		x.backing--
		l, r := nav.BackOff(x.backArc, x.maxWheel/2)
		if x.backing == 0 {
			x.backArc = 0
		}
		return l, r, false
	}
	if nav.HoleAhead(obs) && !x.onTrail {
		// Checked before the escape below: the distance sensors that chose
		// its direction cannot see holes. On a way along the trail the
		// colour sensor, 3 cm ahead of the centre, sees a hole that
		// the centre passes on its rim, as it did before (overOpening).
		x.backing, x.escape = 3, 0
		x.needPlan = true
		return -x.maxWheel / 2, -x.maxWheel / 2, false
	}
	if x.escape > 0 {
		// Stuck: turn to the freest direction, then drive out.
		if !x.escapeTurned {
			l, r, done := x.fol.D.Turn(pose, x.escapeYaw)
			if !done {
				if x.escapeHeld.Held(pose) {
					// Wedged: the turn does not turn. Back out and turn
					// again, twice; then drive out the way the robot
					// faces. The stuck clock runs only after the escape,
					// so a held turn lasted for ever (TestingMap_6x5_A2
					// of shared/more-worlds at seed 3: 280 s turning in
					// place on the way home, the game time up).
					if x.escapeHolds++; x.escapeHolds > maxEscapeHolds {
						x.escapeTurned = true
					} else {
						x.backing, x.backArc = nav.HeldBackSteps, x.heldBacks
						x.heldBacks++
					}
				}
				return l, r, false
			}
			x.escapeTurned = true
		}
		x.escape--
		return 3, 3, false
	}
	if now-x.progressT > x.stuckS {
		x.progressT = now
		x.needPlan = true
		if x.m != nil {
			// Stuck: plans weigh the place from the second time on, and
			// close a gap between wall ends there (nav.Map.Stuck,
			// CloseCorners), as explore's do. The map read from the
			// blackboard keeps them (nav.MapReader loads into one Map).
			x.m.CloseCorners(pose.Vec2)
			x.m.Stuck(pose.Vec2)
		}
		x.escape, x.escapeTurned, x.escapeHolds = 10, false, 0
		x.escapeHeld.Reset()
		x.escapeYaw = x.robot.EscapeYaw(pose, obs.GetDistance())
		if x.m != nil {
			x.escapeYaw = x.m.EscapeYaw(x.robot, pose, obs.GetDistance())
		}
		return 0, 0, false
	}
	if x.needPlan || x.fol.Done() || x.blocked() {
		x.needPlan = false
		x.decode(obs, now)
		var path nav.Path
		if x.m != nil {
			path, _, _ = x.planHome(pose.Vec2, nav.Costs{Swamp: 5, Unknown: 1, Edge: 0.3, UnseenCorner: 10})
		}
		x.onTrail = false
		if path == nil {
			// No way on the map: back along the trail (trail.go).
			path, _, x.onTrail = x.trail.way(pose.Vec2, x.target(), x.onStart, x.overOpening)
		}
		if path == nil {
			path = nav.Path{pose.Vec2, x.target()}
		}
		x.fol.Set(path)
		x.bestLeft = x.wayLeft(pose.Vec2)
	}
	l, r, done := x.fol.Step(pose)
	if done {
		if x.onStart(pose.Vec2) {
			return 0, 0, true
		}
		x.needPlan = true
	}
	return l, r, false
}

// planHome plans the way from p to the start on the map (which must be
// set) under costs k, with squeezes past obstacles and diagonals past wall
// ends weighed as explore's plans weigh them (nav.DefaultCosts): with
// neither the robot found no way back from the parts of the arena that
// explore reached only through such a gap, and drove straight at the
// start (Area123Joaco2__rotada_ of shared/more-worlds). With no way, it
// looks again through the nodes blocked only by readings off the wall
// lines.
func (x *Exit) planHome(p geom.Vec2, k nav.Costs) (nav.Path, float64, bool) {
	d := nav.DefaultCosts()
	k.Squeeze, k.Corner, k.Stuck = d.Squeeze, d.Corner, d.Stuck
	path, cost, ok := x.m.PlanTo(p, x.target(), k)
	if !ok {
		k.IgnoreObstacles = true
		path, cost, ok = x.m.PlanTo(p, x.target(), k)
	}
	return path, cost, ok
}

// wayLeft returns the length of the way the follower has still to drive
// from p: to its next point, then along the rest of its path; +Inf with no
// path.
func (x *Exit) wayLeft(p geom.Vec2) float64 {
	rem := x.fol.Remaining()
	if len(rem) == 0 {
		return math.Inf(1)
	}
	l := p.Dist(rem[0])
	for i := 1; i < len(rem); i++ {
		l += rem[i-1].Dist(rem[i])
	}
	return l
}

func (x *Exit) target() geom.Vec2 {
	if x.m != nil {
		return x.m.Start()
	}
	return x.start
}

// overOpening reports whether p lies over, or within openingMargin of,
// the opening of a tile the map knows as a hole: a robot whose centre is
// over it falls in (erebus.HoleOpening; its 16 mm rims are floor). The
// trail passed such places only before the hole was seen, and a way along
// it leaves them out (trail.go).
func (x *Exit) overOpening(p geom.Vec2) bool {
	if x.m == nil {
		return false
	}
	r, c, ok := x.m.TileOf(p)
	if !ok || x.m.Floor(r, c) != nav.FloorHole {
		return false
	}
	ctr := x.m.TileCenter(r, c)
	const h = erebus.HoleOpening/2 + openingMargin
	return math.Abs(p.X-ctr.X) < h && math.Abs(p.Z-ctr.Z) < h
}

// openingMargin is how far (m) from a hole's opening a place on the way
// home along the trail must be: the GPS noise of a position the robot
// kept on its trail (a few millimetres).
const openingMargin = 0.004

// blocked reports whether the map blocks one of the next points of the
// path followed; never for a way along the trail, which the map blocks
// (the robot fitted there).
func (x *Exit) blocked() bool {
	if x.m == nil || x.onTrail {
		return false
	}
	for i, p := range x.fol.Remaining() {
		if i > 3 {
			break
		}
		if x.m.Blocked(p) && p != x.target() {
			return true
		}
	}
	return false
}

func toProto(cells [][]string) *pluginpb.Map {
	m := &pluginpb.Map{Rows: make([]*pluginpb.MapRow, len(cells))}
	for i, r := range cells {
		m.Rows[i] = &pluginpb.MapRow{Cells: r}
	}
	return m
}

// seenCheckpoint follows where a lack of progress would put the robot: the
// centre of the checkpoint tile its centre last stood on, as Erebus keeps
// it (the first checkpoint box holding the robot becomes the last visited
// position, the start tile's centre until then: MainSupervisor.py
// relocate_robot, Robot.update_checkpoints; shared/erebus/RULES.md §1.5,
// §2.3), on the tiles the map knows as checkpoints.
func (x *Exit) seenCheckpoint(p geom.Vec2, gps bool) {
	if !gps || !x.haveStart {
		return
	}
	if !x.haveCP {
		x.lastCP, x.haveCP = x.start, true
	}
	if x.m == nil {
		return
	}
	if tr, tc, ok := x.m.TileOf(p); ok && x.m.Floor(tr, tc) == nav.FloorCheckpoint {
		x.lastCP = x.m.TileCenter(tr, tc)
	}
}

// lopHelps reports whether asking for a lack of progress on the way home
// from p puts the robot where the way home is shorter: from the last
// checkpoint (lastCP) the map knows a way, and from p none or a longer
// one. Day_2-2-FIXED3 of shared/more-worlds: wedged two tiles from home,
// the robot asked for one and was put on a checkpoint beyond a passage the
// map had closed since, from which no way home passed; it never got home.
func (x *Exit) lopHelps(p geom.Vec2) bool {
	if x.m == nil || !x.haveCP {
		return true
	}
	k := nav.Costs{Swamp: 5, Unknown: 0.5}
	_, from, okFrom := x.planHome(p, k)
	_, cp, okCP := x.planHome(x.lastCP, k)
	return okCP && (!okFrom || cp < from)
}
