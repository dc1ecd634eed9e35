// Package explore is the built-in explore behavior: it maps the arena from
// the robot's own sensors (nav: GPS and gyro for the pose, the
// distance sensors and, on a robot that has one, the lidar for walls, the
// colour sensor for floors). At the start it drives straight for a few
// centimetres to learn its heading from the GPS track (nav.Calibrator:
// forwards or backwards, where the distance sensors see room), then turns once on
// the spot all the way round (about 2 rad/s, some 3 s), so that the
// cameras, which see only about ±60° around the heading, look at every
// wall of the start tile: signs there would otherwise be seen only on the
// way home, when the exit state can no longer raise them. This start scan
// happens once per game, not after a relocation or a restart. Then it
// drives to the nearest tile
// whose floor it has not seen by a shortest path (around walls and holes,
// swamps weighed ×5) to the middle of one of the tile's edges, so that the
// colour sensor, ahead of the robot's centre, looks into the tile first,
// backs off whenever that sensor sees a hole. A checkpoint tile whose floor
// it has seen but whose square its centre has not stood in is a goal too,
// its centre the place (a checkpoint's first visit scores; checkpoint.go).
// It notices when it is stuck and
// asks for a lack of progress itself, recovers after a relocation,
// publishes the map on the blackboard (nav.KeyMap) for exit and report.
// When no unseen tile is reachable it drives in front of every wall face no
// camera has looked at yet (signs hang on them; faces.go), and then fires
// "explored", again while it still drives (a dropped step must not lose
// it). Hemmed in by its own map while unseen tiles remain across an open
// side, it backs off, drives out, and at last asks for a lack of progress
// rather than calling the arena explored. A side to an unseen tile that is
// walled on one quarter only (the other too narrow for the body) is
// planned through once before the floors are called explored (a reading
// of an obstacle past it can land on the line; the map keeps the wall).
// While the start yaw is unknown (a robot that cannot drive the straight
// run) it maps with the yaw
// relative to the start, which is the true one up to a quarter turn. A
// relocation right after driving is a fall (off the tiles, into a hole):
// the tile it fell on is a hole on the map from then on.
//
// It drives the FSM state "explore". While it drives, the green LED (led8)
// is on and the others are off.
package explore

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/signs"
)

// Name is the plugin's name.
const Name = "explore"

// Event names this behavior requests.
const (
	EventExplored = "explored"
)

// params are the behavior's parameters with their documented defaults.
var params = map[string]sdk.Param{
	"max_wheel":     {Default: "6", Description: "wheel speed while driving, rad/s (the default robot's limit is 6.28)"},
	"calib_wheel":   {Default: "3", Description: "wheel speed of the first straight run that finds the start yaw, rad/s"},
	"scan_wheel":    {Default: "2.6", Description: "wheel speed of the full turn on the spot at the start that shows the cameras the start tile's walls, rad/s (2.6: about 2 rad/s of yaw); 0 skips it"},
	"stuck_s":       {Default: "3", Description: "seconds without progress before the robot backs off and gives up its goal"},
	"lop_s":         {Default: "12", Description: "seconds without progress before it asks for a lack of progress (Erebus relocates after 20 s still)"},
	"map_every":     {Default: "8", Description: "publish the map on the blackboard every this many steps"},
	"replan_steps":  {Default: "12", Description: "replan at most every this many steps when the map changed"},
	"goal_failures": {Default: "2", Description: "failed attempts after which a tile is given up"},
	"max_range":     {Default: "0.45", Description: "longest distance reading used for the map, m"},
	"min_hits":      {Default: "2", Description: "distance readings a wall cell needs"},
	"swamp_cost":    {Default: "5", Description: "path weight of swamp tiles on their first entry (they run the game clock ×5; in v26.1 one more on every entry into the same tile, up to ×10, and the weight follows)"},
	"rules":         {Default: "auto", Description: nav.RulesParamHelp},
	"edge_cost":     {Default: "0.3", Description: "extra path weight of nodes on tile borders (keeps to corridor middles)"},
}

// creepSteps is how many steps the robot may spend at a goal turning to
// the unknown tile and creeping towards it (1.5 rad/s: about 9 cm).
const creepSteps = 100

// Explore is the behavior. Use New.
type Explore struct {
	maxWheel, calibWheel, scanWheel  float64
	stuckS, lopS                     float64
	mapEvery, replanSteps, goalFails int
	costs                            nav.Costs
	pathCosts                        nav.Costs // the costs the path followed was planned with
	rules                            nav.RulesWatch
	swamps                           nav.SwampClock // the entries into each swamp tile (costs.Swamps)
	mcfg                             nav.MapConfig
	robot                            nav.Robot

	tr    *nav.Tracker
	m     *nav.Map
	fol   nav.Follower
	calib nav.Calibrator

	// provisional: the map was drawn while the start yaw was unknown.
	provisional bool

	wasDriver    bool
	scanning     bool    // the start scan has begun
	scanDone     bool    // the start scan is over (or skipped)
	scanTurned   float64 // yaw turned so far in the start scan, rad
	scanYaw      float64 // the yaw at the previous scan step
	goal         int     // tile index (tileID), -1 none
	goalPt       geom.Vec2
	facing       int // steps spent facing the goal tile after arrival
	failures     map[int]int
	retried      map[int]bool    // given-up tiles handed back once (retryGivenUp)
	reopened     map[[2]int]bool // frontier sides planned through once, by middle cell (reopenFrontier)
	visited      map[int]bool    // checkpoint tiles the robot's centre stood in (checkpoint.go)
	planVer      uint64
	planStep     uint64
	needPlan     bool
	explored     bool
	backing      int       // steps left backing off
	backArc      int       // the back-off's shape (nav.BackOff), 0 straight
	heldBacks    int       // back-offs from held turns so far
	boxedIn      int       // plans in a row that reached almost nothing
	maxReached   int       // the most nodes a plan that found a goal reached
	hemLoPs      int       // lacks of progress asked for because hemmed in
	wantLoP      bool      // ask for a lack of progress (hemmed in)
	lastDist     []float64 // the distance readings of the latest step
	escape       int       // steps left driving out of a wedge
	escapeTurned bool
	escapeYaw    float64
	escapeHeld   nav.HeldTurn // the escape's turn, held or not
	progressPos  geom.Vec2
	movedPos     geom.Vec2 // where the robot was when it last moved 3 cm, at movedT
	movedT       float64
	progressT    float64
	lopT         float64
	lastLoP      float64
	lopStep      uint64 // the step whose Action asked for the last lack of progress
	exploredStep uint64 // the step whose Action fired explored last
	step         uint64

	// Wall faces looked at, and the one being driven to (face.key < 0:
	// none), with the steps spent facing it.
	faces    faces
	face     faceGoal
	faceHold int

	// The signs victim-detect glimpsed and could not classify
	// (signs.KeyGlimpsed), from the encoding glimpsedRaw.
	glimpsed    []signs.Glimpse
	glimpsedRaw []byte

	// The signs report gave up and may take back (revisit.go), and when the
	// robot began to stand facing the one it drove to (holdT, sim s).
	revisits revisits
	holdT    float64

	// Scratch buffers of approaches, reused from one tile to the next.
	nodeBuf, apprBuf []geom.Vec2

	// The map's last encoding, for the map m at version pubVer with
	// pubTrail nodes on its trail, obstacle evidence at pubSeen and tile
	// box pubBox; never modified once published.
	pub      []byte
	pubMap   *nav.Map
	pubVer   uint64
	pubTrail int
	pubSeen  uint64
	pubBox   [4]int
}

// New returns the explore behavior with its default parameters.
func New() sdk.Behavior {
	e := &Explore{}
	if err := e.Configure(context.Background(), sdk.Config{}); err != nil {
		panic(err) // the defaults are valid; a test checks it
	}
	return e
}

// Describe returns the plugin's description.
func (e *Explore) Describe() sdk.Description {
	return sdk.Description{
		Name: Name, Version: "1.0.0", States: []string{"explore"}, Lidar: true,
		BlackboardReads: []string{nav.KeyMap, signs.KeyGlimpsed, signs.KeyRevisit, signs.KeyReported}, BlackboardWrites: []string{nav.KeyMap, nav.KeyPose, signs.KeyRevisiting},
		Params: params,
	}
}

// Configure reads the parameters (a missing one takes its default); an
// unknown name or a bad value is an error naming it, and leaves e as it
// was.
func (e *Explore) Configure(_ context.Context, cfg sdk.Config) error {
	r := cfg.Reader(Name, params)
	n := Explore{
		maxWheel:    r.Float("max_wheel", 0.5, 100),
		calibWheel:  r.Float("calib_wheel", 0.5, 100),
		scanWheel:   r.Float("scan_wheel", 0, 100),
		stuckS:      r.Float("stuck_s", 0.5, 60),
		lopS:        r.Float("lop_s", 1, 19),
		mapEvery:    r.Int("map_every", 1, 1000),
		replanSteps: r.Int("replan_steps", 1, 1000),
		goalFails:   r.Int("goal_failures", 1, 100),
		mcfg:        nav.DefaultMapConfig(),
		costs:       nav.DefaultCosts(),
		robot:       nav.DefaultRobot(),
	}
	n.mcfg.MaxRange = r.Float("max_range", 0.1, 0.8)
	n.mcfg.MinHits = r.Int("min_hits", 1, 100)
	n.costs.Swamp = r.Float("swamp_cost", 1, 100)
	n.costs.Edge = r.Float("edge_cost", 0, 10)
	if err := r.Err(); err != nil {
		return err
	}
	var err error
	if n.rules, err = nav.NewRulesWatch(r.String("rules")); err != nil {
		return fmt.Errorf("explore: %w", err)
	}
	*e = n
	e.reset()
	return nil
}

func (e *Explore) reset() {
	e.tr = nav.NewTracker(e.robot)
	e.m, e.provisional = nil, false
	e.swamps = nav.SwampClock{}
	e.costs.Swamps = &e.swamps
	e.goal = -1
	e.failures, e.retried, e.reopened, e.visited = map[int]int{}, map[int]bool{}, map[[2]int]bool{}, map[int]bool{}
	e.faces, e.face = newFaces(), faceGoal{key: -1}
	e.revisits = revisits{done: map[uint32]bool{}}
	e.needPlan = true
	e.explored = false
	e.scanDone, e.scanning, e.scanTurned = e.scanWheel == 0, false, 0
	e.fol = nav.Follower{D: e.driver(), Tight: e.tightLeg}
	e.calib = nav.Calibrator{Wheel: e.calibWheel, Robot: e.robot}
}

// tightLeg is Map.Tight on the robot's map (Follower.Tight).
func (e *Explore) tightLeg(a, b geom.Vec2) bool { return e.m != nil && e.m.Tight(a, b) }

func (e *Explore) driver() nav.Driver {
	d := nav.DefaultDriver()
	d.MaxWheel = e.maxWheel
	return d
}

// Map returns the robot's map so far (nil before the first GPS reading).
func (e *Explore) Map() *nav.Map { return e.m }

// Step runs one control step.
func (e *Explore) Step(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	e.step = obs.GetStep()
	e.rules.Add(e.step, obs.GetGps())
	prev := e.tr.Pose()
	pose := e.tr.Update(obs)
	act := &pluginpb.Action{}
	if e.m == nil {
		if obs.GetGps() == nil {
			return act, nil
		}
		if b := obs.GetBlackboard()[nav.KeyMap]; len(b) > 0 {
			// A restart: carry on with the published map.
			if m, err := nav.DecodeMap(b, e.robot); err == nil {
				e.m = m
				e.scanDone = true // not at the start: no start scan
			}
		}
		if e.m == nil {
			e.m = nav.NewMap(pose.Vec2, e.robot, e.mcfg)
			e.m.KeepSurfaces() // the faces of walls off the lines (faces.go)
		}
		e.progressPos, e.progressT, e.lopT = pose.Vec2, obs.GetSimTime(), obs.GetSimTime()
	}
	// The tracker's estimate, for the recorder (nav.KeyPose).
	act.Blackboard = map[string][]byte{nav.KeyPose: nav.EncodePose(pose, e.tr.YawKnown())}
	switch {
	case e.tr.YawKnown() && e.provisional:
		// The start yaw is known now: the map drawn with the relative
		// yaw may be a quarter turn off; start it again at the start
		// tile (the start scan that follows looks at its walls again).
		e.provisional = false
		e.m = nav.NewMap(e.m.Start(), e.robot, e.mcfg)
		e.m.KeepSurfaces()
		fallthrough
	case e.tr.YawKnown():
		e.m.Integrate(obs, pose)
		e.swamps.Update(e.m, pose.Vec2, e.rules.Rules())
		e.visitCheckpoint(pose)
		e.faces.see(e.m, pose)
		e.readGlimpses(obs.GetBlackboard()[signs.KeyGlimpsed])
		e.revisits.read(obs.GetBlackboard())
	case !e.tr.Relocated():
		// The start yaw is not known yet, and may never be (a robot that
		// cannot drive the straight run, as in a ring of curved walls
		// round the start tile). Erebus turns the robot at the start to a
		// side of the start tile (one of nav.StartYaws, docs/erebus-rules.md
		// §2.5), so the yaw relative to the start is the true yaw up to a
		// quarter turn, and the robot stays near the start until the run:
		// a map drawn with it is the true one turned about the start tile,
		// which Erebus's MapScorer scores as it is (it tries the answer
		// under four quarter turns, MapScorer.calculateScore). Better sent
		// than a map of nothing.
		e.provisional = true
		e.m.Integrate(obs, pose)
	}
	if e.tr.Relocated() {
		e.fell(prev, obs.GetSimTime())
		e.scanDone = true // the start scan is for the start tile only
		e.fol.Set(nil)
		e.goal, e.needPlan, e.backing, e.backArc, e.escape = -1, true, 0, 0, 0
		e.progressPos, e.progressT, e.lopT = pose.Vec2, obs.GetSimTime(), obs.GetSimTime()
	}
	if pose.Dist(e.movedPos) > 0.03 {
		e.movedPos, e.movedT = pose.Vec2, obs.GetSimTime()
	}
	if e.step%uint64(e.mapEvery) == 0 {
		e.publish(act)
	}
	e.publishRevisiting(obs.GetBlackboard(), act)
	if !obs.GetDriver() {
		e.wasDriver = false
		return act, nil
	}
	if !e.wasDriver {
		e.wasDriver = true
		act.Leds = sdk.LEDs(sdk.LEDGreen)
		e.fol.Set(nil)
		e.needPlan = true
		e.progressPos, e.progressT, e.lopT = pose.Vec2, obs.GetSimTime(), obs.GetSimTime()
	}
	l, r := e.drive(obs, pose, act)
	act.Wheels = &pluginpb.Wheels{Left: l, Right: r}
	return act, nil
}

// publish writes the map's encoding on the blackboard. The encoding
// depends only on what the map's Version covers (walls, obstacles, floors,
// holes seen), its trail (Trailed), the obstacle readings' evidence
// (SeenVersion) and its tile box: while none changed, the last one is
// published again (it is never modified) instead of encoding anew.
func (e *Explore) publish(act *pluginpb.Action) {
	var box [4]int
	box[0], box[1], box[2], box[3] = e.m.Bounds()
	b := e.pub
	if b == nil || e.pubMap != e.m || e.pubVer != e.m.Version() || e.pubTrail != e.m.Trailed() || e.pubSeen != e.m.SeenVersion() || e.pubBox != box {
		var err error
		if b, err = e.m.MarshalBinary(); err != nil {
			return
		}
		e.pub, e.pubMap, e.pubVer, e.pubTrail, e.pubSeen, e.pubBox = b, e.m, e.m.Version(), e.m.Trailed(), e.m.SeenVersion(), box
	}
	if act.Blackboard == nil {
		act.Blackboard = map[string][]byte{}
	}
	act.Blackboard[nav.KeyMap] = b
}

// drive decides the wheel speeds of one step.
func (e *Explore) drive(obs *pluginpb.Observation, pose nav.Pose, act *pluginpb.Action) (float64, float64) {
	now := obs.GetSimTime()
	if !e.tr.YawKnown() {
		// Drive straight to learn the start yaw from the GPS track, the
		// way the distance sensors see room (the start may face a wall).
		return e.calib.Step(obs, pose)
	}
	if e.explored {
		// explored did not take effect yet (explore still drives): its
		// Action was dropped, or the FSM has not taken it. Ask again.
		if dropped(obs, e.exploredStep) || obs.GetStep() >= e.exploredStep+refireSteps {
			e.exploredStep = obs.GetStep()
			act.Events = append(act.Events, EventExplored)
			e.publish(act)
		}
		return 0, 0
	}
	if !e.scanDone {
		return e.scan(pose, now)
	}
	// Progress and lack of progress.
	if pose.Dist(e.progressPos) > 0.03 {
		e.progressPos, e.progressT, e.lopT = pose.Vec2, now, now
	}
	if dropped(obs, e.lopStep) {
		// The lack of progress asked for never left: ask again.
		e.lastLoP, e.lopT, e.lopStep = math.Inf(-1), math.Inf(-1), 0
	}
	e.lastDist = obs.GetDistance()
	if (now-e.lopT > e.lopS || e.wantLoP) && now-e.lastLoP > 20 {
		if !e.wantLoP {
			// No progress for lop_s: a gap between wall ends taken
			// diagonally here is too narrow, whatever the follower did.
			e.m.ShutCorners(pose.Vec2)
		}
		e.wantLoP = false
		e.lastLoP, e.lopT, e.lopStep = now, now, obs.GetStep()
		act.Outbound = append(act.Outbound, &pluginpb.Outbound{Kind: &pluginpb.Outbound_LackOfProgress{LackOfProgress: &pluginpb.LackOfProgress{}}})
		return 0, 0
	}
	if e.backing > 0 {
		e.backing--
		l, r := nav.BackOff(e.backArc, e.maxWheel/2)
		if e.backing == 0 {
			e.backArc = 0
		}
		return l, r
	}
	if nav.HoleAhead(obs) {
		// A hole under the sensor (the map has it now, or the nodes next
		// to it): step back onto known floor and replan. This comes before
		// the escape below, which drives where the distance sensors see
		// room and they cannot see holes.
		e.backing, e.escape = 3, 0
		e.fol.Set(nil)
		e.needPlan = true
		return -e.maxWheel / 2, -e.maxWheel / 2
	}
	if e.escape > 0 {
		// Stuck: turn to the freest direction, then drive out.
		if !e.escapeTurned {
			l, r, done := e.driver().Turn(pose, e.escapeYaw)
			if !done {
				if e.escapeHeld.Held(pose) {
					// Wedged: the turn does not turn (a sensor sphere
					// caught on a wall or a curve). Back out, straight
					// or on an arc by turns (nav.BackOff), then turn
					// again. In a gap between wall ends taken
					// diagonally too: each time the robot gets stuck
					// there counts against the gap (CloseCorners
					// above), so coming back to it soon closes it as
					// surely as standing until a lack of progress did,
					// without the 12 s and the 5 points (R8 of
					// shared/more-worlds: four of them, two gaps each
					// stood in twice).
					e.backing, e.backArc = nav.HeldBackSteps, e.heldBacks
					e.heldBacks++
				}
				return l, r
			}
			e.escapeTurned = true
		}
		e.escape--
		return e.calibWheel, e.calibWheel
	}
	if now-e.progressT > e.stuckS {
		// Stuck: a gap between wall ends taken diagonally may be too
		// narrow; plans keep off it from now on.
		e.m.CloseCorners(pose.Vec2)
		// Plans weigh a place the robot got stuck at twice (nav.Map.Stuck).
		e.m.Stuck(pose.Vec2)
		e.giveUp()
		e.progressT = now
		e.escape, e.escapeTurned = 10, false
		e.escapeHeld.Reset()
		e.escapeYaw = e.m.EscapeYaw(e.robot, pose, obs.GetDistance())
		return 0, 0
	}
	if e.needPlan || (e.m.Version() != e.planVer && obs.GetStep()-e.planStep >= uint64(e.replanSteps)) || e.pathBlocked() {
		e.plan(pose, obs.GetStep())
		if e.explored {
			e.exploredStep = obs.GetStep()
			act.Events = append(act.Events, EventExplored)
			e.publish(act)
			return 0, 0
		}
	}
	if e.goal < 0 && e.face.key < 0 {
		return 0, 0
	}
	l, r, done := e.fol.Step(pose)
	if !done {
		return l, r
	}
	if e.face.key >= 0 {
		// At the place to look at a face from: face it, stand a few
		// frames, and count it looked at (whatever the cameras made of it).
		if l, r, ok := e.driver().Turn(pose, e.face.yaw); !ok {
			return l, r
		}
		revisit := e.face.key >= revisitKeyBase
		if e.faceHold++; e.faceHold == 1 && revisit {
			e.holdT = now
			e.progressPos, e.progressT = pose.Vec2, now // standing on purpose
		}
		if e.faceHold < faceHoldSteps || revisit && now-e.holdT < revisitHoldS {
			return 0, 0
		}
		if revisit {
			e.revisits.done[uint32(e.face.key-revisitKeyBase)] = true
		}
		e.faces.seen[e.face.key] = true
		e.face.key, e.needPlan = -1, true
		e.progressPos, e.progressT = pose.Vec2, now
		return 0, 0
	}
	// At the goal node: the tile is seen once the sensor looked at it (a
	// checkpoint's goal, its centre, is visited: visitCheckpoint).
	tr, tc := e.goal/1000, e.goal%1000
	if e.m.Floor(tr, tc) != nav.FloorUnknown {
		e.needPlan = true
		return 0, 0
	}
	c := e.m.TileCenter(tr, tc)
	if pose.Dist(c) > 0.01 && e.facing < creepSteps {
		e.facing++
		l, r, ok := e.driver().Turn(pose, nav.YawTowards(pose.Vec2, c))
		if !ok {
			return l, r
		}
		if e.facing < creepSteps {
			// Creep towards the tile centre so the sensor reaches it.
			return 1.5, 1.5
		}
	}
	e.giveUp()
	return 0, 0
}

// fallWindowS: a relocation less than this many seconds (game time) after
// the robot last moved 3 cm, and after explore last asked for a lack of
// progress, is a fall. Erebus relocates the robot by itself only when it
// stood still for 20 s or fell below y −0.035 (MainSupervisor.update,
// docs/erebus-rules.md §2.3), and the behaviors ask for one only after
// seconds without progress (lop_s).
const fallWindowS = 5

// fell marks where the robot fell, when the relocation just seen was a
// fall (fallWindowS): the tile under its centre at its last pose p when
// the map does not know that tile's floor; when it knows a floor there
// that is no hole, the tile fallAhead beyond p the way the robot was
// going (from movedPos, or along its heading when it has not moved 5 mm
// since), when the map does not know that one's. That tile is a hole from
// now on, so plans keep off it. Past a gap in the outer wall, or on a
// tile without floor, Erebus has no floor at all (worldTile.proto's FLOOR
// box is the only floor), and what the colour sensor sees there is no
// tile colour. A robot that fell into a hole the map knows marks nothing.
func (e *Explore) fell(p nav.Pose, now float64) {
	if e.m == nil || now-e.movedT >= fallWindowS || now-e.lastLoP < fallWindowS {
		return
	}
	ahead := p.Forward(fallAhead)
	if d := p.Sub(e.movedPos); d.Len() >= 0.005 {
		ahead = p.Add(d.Scale(fallAhead / d.Len()))
	}
	for _, q := range [2]geom.Vec2{p.Vec2, ahead} {
		tr, tc, ok := e.m.TileOf(q)
		if !ok {
			return
		}
		switch e.m.Floor(tr, tc) {
		case nav.FloorUnknown:
			e.m.SetFloor(tr, tc, nav.FloorHole)
			return
		case nav.FloorHole:
			return // into a hole the map knows
		}
	}
}

// fallAhead is how far beyond its last pose (m) the robot that fell from
// a tile the map knows went over the edge. The robot tips once its
// centre is past the edge (sim/floor.go hasFloor), so its last pose lies
// within a step's drive (3.8 mm at full speed) and the tracker's error of
// it; the map's tile lines lie where the start's GPS reading put them. In
// Awesome_world__4_ of shared/more-worlds (no outer wall) the last poses
// of its falls off the start tile's west side lay 0-1 mm inside that
// tile, which was marked nothing, and the robot fell there six times in
// 13 s (25 falls in the game at seed 1, 125 points of penalties).
const fallAhead = 0.015

// Hemmed in: a plan that reaches fewer than hemmedNodes nodes, and fewer
// than a quarter of what a plan reached before, means the robot stands in
// a pocket of its own map (a wall seen too close, a pose error), not that
// the arena is explored; maxHemLoPs bounds the lacks of progress it asks
// for to get out (each costs 5 points).
const (
	hemmedNodes = 40
	maxHemLoPs  = 1
)

// frontierSide is a side between a tile whose floor is known and one whose
// floor is unknown, inside the arena as far as the map knows: its two
// quarter cells and the cell between them (rows and columns of the full
// grid).
type frontierSide struct {
	tr, tc    int    // the known tile
	a, mid, b [2]int // the side's cells
}

// frontierSides calls yield for every frontierSide of the map until it
// returns false.
func (e *Explore) frontierSides(yield func(frontierSide) bool) {
	r0, c0, r1, c1 := e.m.Bounds()
	for tr := r0; tr <= r1; tr++ {
		for tc := c0; tc <= c1; tc++ {
			if f := e.m.Floor(tr, tc); f == nav.FloorUnknown || f == nav.FloorHole {
				continue
			}
			r, c := 4*tr, 4*tc
			sides := [4]struct {
				dr, dc int
				s      frontierSide
			}{
				{-1, 0, frontierSide{a: [2]int{r, c + 1}, mid: [2]int{r, c + 2}, b: [2]int{r, c + 3}}},
				{1, 0, frontierSide{a: [2]int{r + 4, c + 1}, mid: [2]int{r + 4, c + 2}, b: [2]int{r + 4, c + 3}}},
				{0, -1, frontierSide{a: [2]int{r + 1, c}, mid: [2]int{r + 2, c}, b: [2]int{r + 3, c}}},
				{0, 1, frontierSide{a: [2]int{r + 1, c + 4}, mid: [2]int{r + 2, c + 4}, b: [2]int{r + 3, c + 4}}},
			}
			for _, sd := range sides {
				if e.m.Floor(tr+sd.dr, tc+sd.dc) != nav.FloorUnknown || e.m.TileOutsideArena(tr+sd.dr, tc+sd.dc) {
					continue
				}
				sd.s.tr, sd.s.tc = tr, tc
				if !yield(sd.s) {
					return
				}
			}
		}
	}
}

// openFrontier reports whether a tile whose floor is unknown lies next to
// one whose floor is known with no wall between them (on either quarter of
// their shared side): somewhere is left to explore.
func (e *Explore) openFrontier() bool {
	open := false
	e.frontierSides(func(s frontierSide) bool {
		open = !e.m.Wall(s.a[0], s.a[1]) || !e.m.Wall(s.b[0], s.b[1])
		return !open
	})
	return open
}

// reopenFrontier lets plans pass the walls of one frontier side, not
// reopened before, that is walled on one quarter and open on the other,
// the one whose known tile the search f reached cheapest, and reports
// whether it let any pass. A quarter open leaves the body no way through
// (2·erebus.BodyRadius is wider than erebus.QuarterTile), so such a side
// closes the unknown tile off for every plan. Erebus builds a tile's walls
// on whole sides (worldTile.proto's top/right/bottom/leftWall); a quarter
// alone is a half tile's wall or a curve's end, or an obstacle past the
// side read closer than it is (erebus.ObstacleInfraRed) landing on the line
// (Day_2-2-FIXED3 of shared/more-worlds as v26.1 at seed 6: an obstacle
// 3 cm past a side, read from a tile away at 12 s, closed the only way
// south; explored at 219 s, 12 of 22 signs unfound). Let pass
// (nav.Map.PassWall), the side is planned through: the robot drives up to
// it, and a reading that hits the quarter again closes it for plans. The
// map sent keeps the wall all along. Each side is reopened once, nearest
// first, only when no unknown floor is left to plan to.
func (e *Explore) reopenFrontier(f *nav.Field) bool {
	type side struct {
		frontierSide
		cost float64
	}
	var sides []side
	e.frontierSides(func(s frontierSide) bool {
		wa, wb := e.m.Wall(s.a[0], s.a[1]), e.m.Wall(s.b[0], s.b[1])
		if wa != wb && !e.reopened[s.mid] {
			if c := e.tileCost(f, s.tr, s.tc); !math.IsInf(c, 1) {
				sides = append(sides, side{s, c})
			}
		}
		return true
	})
	slices.SortStableFunc(sides, func(a, b side) int { return cmp.Compare(a.cost, b.cost) })
	for _, s := range sides {
		e.reopened[s.mid] = true
		passed := false
		for _, c := range [3][2]int{s.a, s.mid, s.b} {
			if e.m.PassWall(c[0], c[1]) {
				passed = true
			}
		}
		if passed {
			return true
		}
	}
	return false
}

// tileCost returns the least cost of the search f to a node of tile
// (tr, tc), +Inf when it reached none.
func (e *Explore) tileCost(f *nav.Field, tr, tc int) float64 {
	e.nodeBuf = e.m.AppendTileNodes(e.nodeBuf[:0], tr, tc)
	best := math.Inf(1)
	for _, p := range e.nodeBuf {
		best = min(best, f.Cost(p))
	}
	return best
}

// refireSteps is how many steps explored may go without taking effect
// before it is fired again.
const refireSteps = 16

// dropped reports whether obs says that the Action of step (0: none) was
// dropped by the runner: nothing it asked for happened.
func dropped(obs *pluginpb.Observation, step uint64) bool {
	if step == 0 {
		return false
	}
	for _, d := range obs.GetDropped() {
		if d.GetStep() == step {
			return true
		}
	}
	return false
}

// fullTurn is the yaw the start scan turns through, rad.
const fullTurn = 2 * math.Pi

// scan turns the robot on the spot (left wheel back, right wheel forward)
// until it has turned through fullTurn, then restarts the progress clocks
// (turning on the spot is no progress) so that exploring begins afresh.
func (e *Explore) scan(pose nav.Pose, now float64) (float64, float64) {
	if !e.scanning {
		e.scanning, e.scanYaw = true, pose.Yaw
	}
	e.scanTurned += math.Abs(nav.WrapAngle(pose.Yaw - e.scanYaw))
	e.scanYaw = pose.Yaw
	if e.scanTurned >= fullTurn {
		e.scanDone = true
		e.progressPos, e.progressT, e.lopT = pose.Vec2, now, now
		return 0, 0
	}
	return -e.scanWheel, e.scanWheel
}

// giveUp counts a failure on the current goal and asks for a new plan.
func (e *Explore) giveUp() {
	if e.goal >= 0 {
		e.failures[e.goal]++
	}
	if e.face.key >= 0 {
		e.faces.fail[e.face.key]++
		e.face.key = -1
	}
	e.goal = -1
	e.fol.Set(nil)
	e.needPlan = true
}

// pathBlocked reports whether the next points of the path became blocked
// under the costs it was planned with: a path planned through the nodes
// blocked only by readings off the wall lines (the fallback plan) passes
// such nodes, and judged by the usual costs it was blocked at every step,
// replanned, and never driven (prueba_Day_2-6_Richo of shared/more-worlds:
// the robot turned on the spot below a star of curved walls, its goals
// given up one after another, four lacks of progress).
func (e *Explore) pathBlocked() bool {
	rem := e.fol.Remaining()
	for i, p := range rem {
		if i > 3 {
			break
		}
		if e.m.BlockedFor(p, e.pathCosts) {
			return true
		}
	}
	return false
}

// glimpseDetour is how much farther (path cost, m) than the next floor a
// place to look at a glimpsed sign from may be, and be looked from first:
// one tile. A sign is worth 5 to 30 points before its area's multiplier
// (docs/erebus-rules.md), a tile's drive about a second of the game's
// eight minutes.
const glimpseDetour = nav.TileSize

// readGlimpses decodes signs.KeyGlimpsed when it changed (an encoding
// that does not decode leaves none).
func (e *Explore) readGlimpses(b []byte) {
	if bytes.Equal(b, e.glimpsedRaw) {
		return
	}
	e.glimpsedRaw = append(e.glimpsedRaw[:0], b...)
	g, err := signs.DecodeGlimpses(b)
	if err != nil {
		g = nil
	}
	e.glimpsed = g
}

// plan picks the cheapest reachable tile whose floor is unknown and sets
// the path to it; none left means explored.
func (e *Explore) plan(pose nav.Pose, step uint64) {
	e.needPlan = false
	e.planVer, e.planStep = e.m.Version(), step
	prevFace := e.face.key
	e.face.key = -1
	if !e.planWith(pose, e.costs, prevFace) {
		// Nothing left: look again through the nodes blocked only by
		// readings off the wall lines before calling it explored.
		k := e.costs
		k.IgnoreObstacles = true
		e.planWith(pose, k, prevFace)
	}
	if e.explored {
		// Every reachable floor seen: look at the wall faces no camera
		// has looked at yet (signs hang on them) before calling it explored.
		e.pathCosts = e.costs
		f := e.m.Search(pose.Vec2, e.costs)
		if f.Reached() < hemmedNodes && f.Reached() < e.maxReached/4 {
			// Hemmed in where a face was looked at from (a pocket the
			// sweep drove into, its walls now seen close): the faces left
			// are out of this search's reach, not looked at. Look for them
			// through the nodes blocked only by readings off the wall
			// lines, as the floors' second plan does.
			e.pathCosts.IgnoreObstacles = true
			f = e.m.Search(pose.Vec2, e.pathCosts)
		}
		if g, ok := e.faces.next(e.m, f); ok {
			e.explored = false
			e.lookAt(f, g, prevFace)
		} else if g, ok := e.revisits.next(e.m, f, e.faces.fail); ok {
			// Every face looked at: drive near a sign report gave up,
			// for report to take it back (revisit.go).
			e.explored = false
			e.lookAt(f, g, prevFace)
		}
	}
}

// lookAt sets the path to g, a place to look at a face from (prev the face
// of the previous plan, whose steps facing it are kept).
func (e *Explore) lookAt(f *nav.Field, g faceGoal, prev faceKey) {
	if g.key != prev {
		e.faceHold = 0
	}
	e.face = g
	e.fol.Set(f.PathTo(g.at))
}

// planWith plans with costs k and reports whether it found a goal; when
// it found none, e.explored or a back-off is set.
func (e *Explore) planWith(pose nav.Pose, k nav.Costs, prevFace faceKey) bool {
	e.pathCosts = k
	f := e.m.Search(pose.Vec2, k)
	r0, c0, r1, c1 := e.m.Bounds()
	best, bestCost := -1, math.Inf(1)
	var bestPt geom.Vec2
	for tr := max(0, r0-1); tr <= r1+1; tr++ {
		for tc := max(0, c0-1); tc <= c1+1; tc++ {
			cp := e.checkpointGoal(tr, tc)
			if e.m.Floor(tr, tc) != nav.FloorUnknown && !cp {
				continue
			}
			id := tileID(tr, tc)
			if e.failures[id] >= e.goalFails || e.m.TileOutsideArena(tr, tc) {
				// Given up, or past a side of the arena (a gap in
				// its outer wall leads nowhere; nav/arena.go).
				continue
			}
			var at []geom.Vec2
			if cp {
				at = append(e.apprBuf[:0], e.m.TileCenter(tr, tc)) // its centre
			} else {
				at = e.approaches(f, tr, tc)
			}
			for _, p := range at {
				c := f.Cost(p)
				if id == e.goal {
					c -= 0.02 // hysteresis: keep the current goal
				}
				if c < bestCost {
					best, bestCost, bestPt = id, c, p
				}
			}
		}
	}
	if best < 0 {
		e.goal = -1
		e.fol.Set(nil)
		if !k.IgnoreObstacles {
			return false
		}
		if f.Reached() < hemmedNodes && f.Reached() < e.maxReached/4 && e.hemLoPs < maxHemLoPs && e.openFrontier() {
			// Hemmed in (a wall seen too close, a pose error) where the
			// robot reached much more before: not explored. Back off and
			// look again, then drive out towards the freest direction, and
			// at last ask for a lack of progress (Erebus puts the robot on
			// its last checkpoint).
			e.boxedIn++
			switch {
			case e.boxedIn <= 5:
				e.backing = 6
			case e.boxedIn <= 10:
				e.escape, e.escapeTurned = 10, false
				e.escapeHeld.Reset()
				e.escapeYaw = e.m.EscapeYaw(e.robot, pose, e.lastDist)
			default:
				e.wantLoP, e.boxedIn = true, 0
				e.hemLoPs++
			}
			e.needPlan = true
			return false
		}
		if f.Reached() < 40 && e.boxedIn < 5 {
			// Hemmed in (a wall seen too close, a pose error): back off
			// and look again before calling the arena explored.
			e.boxedIn++
			e.backing = 6
			e.needPlan = true
			return false
		}
		if e.reopenFrontier(f) || e.retryGivenUp() {
			e.needPlan = true
			return false
		}
		e.explored = true
		return false
	}
	e.maxReached = max(e.maxReached, f.Reached())
	e.boxedIn = 0
	if g, c := e.faces.nextGlimpse(e.m, f, e.glimpsed, bestCost+glimpseDetour); c < bestCost+glimpseDetour {
		// A face where victim-detect glimpsed a sign it could not read,
		// at most glimpseDetour farther than the next floor: look at it
		// closely first. Such
		// a sign was seen only from afar (5-6 pixels tall from 0.2 m and
		// more), and the sweep after the floors may run out of game time
		// before it comes to its face (Area123Joaco2 of shared/more-worlds:
		// an H in a bay 0.18 m wide, seen from 0.2-0.26 m only).
		e.goal = -1
		e.lookAt(f, g, prevFace)
		return true
	}
	if g, c := e.faces.nextSurface(e.m, f, faceGoal{}, bestCost); c < bestCost {
		// A face of a curved wall not looked at yet, nearer than the next
		// floor: look at it on the way. A curve's faces do not lie along
		// the ways between tiles (the concave one turns from them), so
		// exploring the floors seldom looks at them, and the sweep after
		// the floors may run out of game time before it comes back (v26.1
		// world4: a target on the concave face of a curve passed 0.1 m
		// away edge-on, the sweep ending in area 4 at the time limit).
		e.goal = -1
		e.lookAt(f, g, prevFace)
		return true
	}
	if best != e.goal {
		e.facing = 0
	}
	e.goal, e.goalPt = best, bestPt
	e.fol.Set(f.PathTo(bestPt))
	return true
}

// tileID is the index of tile (row, col) in goal, failures, retried and
// visited: row*1000+col (a map has 2·nav.MaxTiles+1 columns, fewer than 1000).
func tileID(row, col int) int { return row*1000 + col }

// retryGivenUp hands every tile given up so far back once, and reports
// whether it handed back any: with no other floor left to see, a tile
// given up earlier is tried again before the arena is called explored.
// A tile is given up after goal_failures failed attempts, and an attempt
// fails when the robot is stuck for stuck_s anywhere on the way, not only
// at the tile (v26 mapping_example_3: a checkpoint tile given up at 69 s
// and 72 s, both times stuck on a curved wall three tiles from it, and
// never seen: its '4's and the sign on its wall missing from the map).
// The plans differ by then (CloseCorners, a map that grew), and the
// failures count afresh; a tile is handed back at most once.
func (e *Explore) retryGivenUp() bool {
	var ids []int
	for id, n := range e.failures {
		if n >= e.goalFails && !e.retried[id] {
			ids = append(ids, id)
		}
	}
	for _, id := range ids {
		e.retried[id] = true
		e.failures[id] = 0
	}
	return len(ids) > 0
}

// approaches returns where the robot may stand to see the floor of the
// unknown tile (tr, tc): the tile's centre and edge middles that the
// search f reached. Tile corners are left out: the robot's centre there
// would stand beside up to three tiles its colour sensor never saw, while
// from an edge middle the sensor reaches into the tile first (paths may
// still pass a corner when nothing else leads on). When none is reached (a wall seen too near, an odd-shaped wall inside
// the tile), they are the reached centres of its known neighbours across
// an open edge: from there the robot turns to the tile and creeps towards
// it, and its cameras look in. The slice returned is valid until the next
// call.
func (e *Explore) approaches(f *nav.Field, tr, tc int) []geom.Vec2 {
	centre := e.m.TileCenter(tr, tc)
	e.nodeBuf = e.m.AppendTileNodes(e.nodeBuf[:0], tr, tc)
	out := e.apprBuf[:0]
	for _, p := range e.nodeBuf {
		corner := math.Abs(p.X-centre.X) > 0.01 && math.Abs(p.Z-centre.Z) > 0.01
		if !corner && !math.IsInf(f.Cost(p), 1) {
			out = append(out, p)
		}
	}
	if len(out) > 0 {
		e.apprBuf = out
		return out
	}
	r, c := 4*tr, 4*tc // the tile's top-left cell in the full grid
	for _, n := range []struct {
		dr, dc   int
		row, col int // the middle cell of the shared edge
		alongRow bool
	}{
		{-1, 0, r, c + 2, true}, {1, 0, r + 4, c + 2, true},
		{0, -1, r + 2, c, false}, {0, 1, r + 2, c + 4, false},
	} {
		floor := e.m.Floor(tr+n.dr, tc+n.dc)
		if floor == nav.FloorUnknown || floor == nav.FloorHole {
			continue
		}
		open := true
		for k := -1; k <= 1; k++ {
			if n.alongRow && e.m.Wall(n.row, n.col+k) || !n.alongRow && e.m.Wall(n.row+k, n.col) {
				open = false
			}
		}
		if p := e.m.TileCenter(tr+n.dr, tc+n.dc); open && !math.IsInf(f.Cost(p), 1) {
			out = append(out, p)
		}
	}
	e.apprBuf = out
	return out
}

// GivenUp returns the tiles (row, col of the map's grid) the behavior gave
// up on after failed attempts, for diagnostics.
func (e *Explore) GivenUp() [][2]int {
	var out [][2]int
	for id, n := range e.failures {
		if n >= e.goalFails {
			out = append(out, [2]int{id / 1000, id % 1000})
		}
	}
	return out
}

// Pose returns the latest pose estimate.
func (e *Explore) Pose() nav.Pose { return e.tr.Pose() }
