// Package victimdetect is the built-in victim-detect behavior, a watcher:
// it finds victim and hazard signs in the robot's three camera images,
// classifies them (H S U; F P C O), estimates where they are in the world,
// publishes them on the blackboard (signs) and fires
// victim_seen so that report drives there.
//
// # Detection
//
// Every frame's pixels are sorted into the sign colours (white paper,
// black, red, yellow) and everything else. A connected region of sign
// colours that holds white paper, is not cut by the image's left or right
// border, is about as tall as wide or narrower (an oblique view narrows a
// sign) and fills its outline is a sign. Very close (the camera 2–3 cm
// away) a sign is taller than the image: when its top or bottom is cut
// off, the missing edge is put where the geometry says (a sign's top is
// 0.010 m above the cameras' axis, its bottom 0.006 m below), provided 60%
// of the sign shows. It is classified by matching it against the seven
// reference pictures (letters H, S, U in thick black on white; hazard
// diamonds with a black rim: F red, P white with a black disc, C white over
// black, O red over yellow), undoing the perspective of an oblique view
// from the heights of the sign's two edges; a letter is kept only with a
// clear lead over the second best (when unsure, it says nothing). A region
// narrower than any view of a whole sign can be (its edges' depths, from
// their heights, and its columns put them less than three quarters of the
// sign's side apart) is a part of a sign hidden by something in front of
// it, and is not read.
//
// # Erebus v26.1
//
// Nothing in the Observation names the Erebus version, so both versions'
// signs are looked for in every frame (vision_v26.go, target_v26.go): the
// Φ Ψ Ω victim glyphs are matched beside the seven pictures above (Φ, Ψ, Ω
// report H, S, U); a cognitive target, five concentric rings in K R Y G B
// with no paper around them, is found as a round ring-coloured region
// straddling the cameras' horizon and read ring by ring from the front,
// its letter the ring sum's (erebus.TargetLetter). A target whose sum names
// no letter, and a fake victim (a dark grey raised letter where a victim's
// ink is black), are views of "not a sign": they never raise, and they
// count against every letter of their track. Once a target is read clearly
// the game is v26.1, which has no hazard placards, and the F P C O
// placard pictures are no longer matched.
//
// # Position
//
// The sign's distance comes from its height in the image (it is 0.016 m
// tall) and, when visible, from the wall's floor and top edges below and
// above it (walls are 0.06 m tall, the cameras 0.028 m above the floor).
// The pixel column gives the bearing, from the robot's pose (GPS and
// gyro, nav) and the camera's mount. Walls stand on the lines
// of a 0.06 m grid, so the ray is intersected with the grid's wall lines
// near the measured distance, with the sign 0.0056 m in front of the line;
// the line that agrees best with the distance and with the sign's apparent
// width and perspective wins, and gives the sign's normal. A sign on a wall
// off the grid (curved walls, area 4) keeps the measured distance and faces
// the camera.
//
// # Tracking and raising
//
// Detections of one physical sign (within match_radius, facing the same
// way) are merged: the position is the precision-weighted mean, the letter
// the majority of the classified views; a camera's view identical to its
// last one of the sign (the robot standing still) confirms the letter the
// sign holds but never counts against it. A sign is raised — written to
// signs.candidate and signs.seen with status Raised, then victim_seen
// fired — in the explore state only, one at a time, once raise_votes
// classified views agree on its letter (raise_agreement of all votes), or
// one view classified it with strong_score and strong_margin. It
// keeps refining the candidate while report drives. The views of signs
// in signs.reported as reported or confirmed are ignored (those of a sign
// given up, unreachable, still refine it for a hand-back), and a sign is
// never raised twice. Nor is a track of the letter of a sign
// reported or confirmed within Erebus's 0.09 m of it that pictures showed
// where that sign should have shown too (in view, facing the camera, not
// behind the track's wall) and never beside it: one sign makes one blob
// in a picture, so it is that sign seen again with its position or facing
// off, and a second report of a found sign is a misidentification. Nor is
// a track within match_radius of a sign of its letter reported or
// confirmed when either of the two was never fitted to a wall line: one
// sign off the lines or near a corner gives estimates that far apart.
// Two tracks facing opposite ways are the two faces of one wall only when
// each stands on its own side of it; else they are one sign. If the FSM did not take a victim_seen (the
// candidate is still pending in explore), it is fired again every
// refire_steps steps.
//
// # Before the heading is known
//
// The robot's start yaw is unknown until it first drives straight (the
// pose tracker of nav); until then the gyro gives only how far
// it turned. The robot usually turns on the start tile first, and that turn
// is the only time it sees the start tile's own walls up close. So the
// frames of that time that show a sign are held (at most maxHeld sets),
// with the pose the tracker gave, and once the yaw is known they are
// replayed, a few per step, with the yaw corrected by the offset the
// tracker applied. A relocation drops them.
//
// The behavior asks for every Observation (it tracks the pose with the
// gyro and wheels) and for the three cameras every CameraEveryNSteps
// steps.
package victimdetect

import (
	"bytes"
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
const Name = "victimdetect"

// EventVictimSeen is the event it fires.
const EventVictimSeen = "victim_seen"

// CameraEveryNSteps is how often it asks for the camera frames.
const CameraEveryNSteps = 2

// params are the parameters with their documented defaults.
var params = map[string]sdk.Param{
	"camera_fov":      {Default: "1", Description: "the cameras' horizontal field of view, rad (Erebus spawns the robot with 1)"},
	"min_pixels":      {Default: "5", Description: "least sign height in pixels that counts as a sign"},
	"classify_pixels": {Default: "7", Description: "least sign height in pixels that is classified"},
	"min_score":       {Default: "0.8", Description: "least template agreement (0..1) of a classification"},
	"min_margin":      {Default: "0.08", Description: "least lead of the best letter over the second best (0..1), raised by 9/h for a sign h < 9 px tall"},
	"min_fill":        {Default: "0.85", Description: "least share of a region's outline it must fill (0..1)"},
	"grid_pitch":      {Default: "0.06", Description: "pitch of the wall lines, m (tile edges and half walls); 0 turns the fit to the lines off"},
	"max_distance":    {Default: "0.6", Description: "farthest detection used, m"},
	"match_radius":    {Default: "0.04", Description: "detections closer than this (m) and facing the same way are one sign"},
	"raise_votes":     {Default: "2", Description: "classified views that must agree before a sign is raised"},
	"strong_score":    {Default: "0.9", Description: "a view classified with this score or more ..."},
	"strong_margin":   {Default: "0.15", Description: "... and this lead or more raises its sign on its own"},
	"raise_agreement": {Default: "0.8", Description: "least share of the classified views that must agree (0..1)"},
	"raise_sigma":     {Default: "0.02", Description: "largest expected position error (m) of a sign that is raised"},
	"raise_state":     {Default: "explore", Description: "the FSM state in which signs are raised (victim_seen is valid from it)"},
	"refire_steps":    {Default: "16", Description: "steps after which a pending victim_seen is fired again"},
}

// Detect is the behavior. Use New.
type Detect struct {
	cfg          DetectorConfig
	maxDist      float64
	raiseVotes   float64
	strongScore  float64
	strongMargin float64
	raiseAgree   float64
	raiseSigma   float64
	raiseState   string
	refire       uint64
	det          *Detector
	pose         *nav.Tracker
	tr           tracker
	frameIDs     []uint32 // the signs seen in one picture, reused
	restored     bool
	cand         uint32     // raised and not yet reported, 0 none
	ignoreBuf    signs.List // scratch of ignored
	raisedAt     uint64
	dets         []Detection
	seenBuf      signs.List // scratch of seen
	lastGlimpsed []byte     // the last signs.KeyGlimpsed written
	mountsByName map[string]Mount
	// Frames held while the yaw is unknown (see the package doc).
	held      []heldView
	yawKnown  bool    // the tracker's YawKnown of the previous step
	lastYaw   float64 // the tracker's yaw of the previous step
	yawOffset float64 // what the tracker added to its yaw when it learnt it
}

// heldView is a set of camera frames taken before the yaw was known, with
// the pose (relative yaw) and step they were taken at.
type heldView struct {
	pose   nav.Pose
	step   uint64
	frames []*pluginpb.CameraFrame
}

// Holding frames until the yaw is known.
const (
	// maxHeld bounds the held frame sets (each up to three 10 kB frames).
	maxHeld = 64
	// replayPerStep is how many held sets are replayed per step: replay
	// costs what detection costs, and a step's time budget is small.
	replayPerStep = 3
)

var (
	_ sdk.Behavior   = (*Detect)(nil)
	_ sdk.Configurer = (*Detect)(nil)
)

// New returns the victim-detect behavior with its default parameters.
func New() sdk.Behavior {
	d := &Detect{}
	if err := d.Configure(context.Background(), sdk.Config{}); err != nil {
		panic(err) // the defaults are valid; a test checks it
	}
	return d
}

// Describe returns the plugin's description.
func (d *Detect) Describe() sdk.Description {
	cams := make([]string, len(DefaultMounts))
	for i, m := range DefaultMounts {
		cams[i] = m.Name
	}
	return sdk.Description{
		Name: Name, Version: "1.0.0", Watcher: true, EveryNSteps: 1,
		Cameras: cams, CameraEveryNSteps: CameraEveryNSteps,
		BlackboardReads:  []string{signs.KeySeen, signs.KeyCandidate, signs.KeyReported},
		BlackboardWrites: []string{signs.KeySeen, signs.KeyCandidate, signs.KeyGlimpsed},
		Params:           params,
	}
}

// Configure reads the parameters (a missing one takes its default); an
// unknown name or a bad value is an error naming it, and leaves d as it
// was.
func (d *Detect) Configure(_ context.Context, cfg sdk.Config) error {
	r := cfg.Reader(Name, params)
	c := DefaultDetectorConfig()
	c.FOV = r.Float("camera_fov", 0.1, 3)
	c.MinPixels = r.Int("min_pixels", 2, 40)
	c.ClassifyPixels = r.Int("classify_pixels", 4, 40)
	c.MinScore = r.Float("min_score", 0, 1)
	c.MinMargin = r.Float("min_margin", 0, 1)
	c.MinFill = r.Float("min_fill", 0, 1)
	c.GridPitch = r.Float("grid_pitch", 0, 1)
	c.NoSnap = c.GridPitch == 0
	n := Detect{
		cfg:          c,
		maxDist:      r.Float("max_distance", 0.05, 5),
		tr:           tracker{radius: r.Float("match_radius", 0.005, 0.2)},
		raiseVotes:   r.Float("raise_votes", 1, 100),
		strongScore:  r.Float("strong_score", 0, 1),
		strongMargin: r.Float("strong_margin", 0, 1),
		raiseAgree:   r.Float("raise_agreement", 0, 1),
		raiseSigma:   r.Float("raise_sigma", 0.001, 0.5),
		refire:       uint64(r.Int("refire_steps", 1, 1e6)),
		raiseState:   r.String("raise_state"),
		mountsByName: map[string]Mount{},
	}
	if err := r.Err(); err != nil {
		return err
	}
	if n.raiseState == "" {
		return fmt.Errorf("%s: parameter raise_state is empty: name the FSM state victim_seen leaves", Name)
	}
	n.det = NewDetector(c)
	n.pose = nav.NewTracker(nav.DefaultRobot())
	for _, m := range DefaultMounts {
		n.mountsByName[m.Name] = m
	}
	*d = n
	return nil
}

// Step tracks the pose, runs the detector on the frames, merges the
// detections, and raises a sign when one is ready.
func (d *Detect) Step(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	pose := d.pose.Update(obs)
	bb := obs.GetBlackboard()
	reported, errRep := signs.Get(bb, signs.KeyReported)
	if !d.restored {
		d.restored = true
		seen, _ := signs.Get(bb, signs.KeySeen)
		d.tr.restore(seen, reported)
		if c, ok, _ := signs.Candidate(bb); ok && reported.ByID(c.ID) < 0 {
			d.cand, d.raisedAt = c.ID, obs.GetStep()
		}
	}
	act := &pluginpb.Action{}
	var writes map[string][]byte // made on the first write: most steps write nothing
	write := func(key string, v []byte) {
		if writes == nil {
			writes = map[string][]byte{}
		}
		writes[key] = v
	}
	// Signs report finished with.
	for _, s := range reported {
		for _, t := range d.tr.tracks {
			if t.sign.ID == s.ID && t.sign.Status != s.Status {
				t.sign.Status = s.Status
				t.changed = true
			}
		}
		// Only a finished sign clears the candidate: report hands an
		// Unreachable sign back as Seen for another try, and that entry
		// must not drop the candidate it becomes.
		if s.ID == d.cand && s.Status.Done() {
			d.cand = 0
			write(signs.KeyCandidate, nil)
		}
	}
	switch {
	case d.pose.Relocated():
		d.held = nil // their relative yaw means nothing now
	case !d.pose.YawKnown():
		d.hold(obs, pose)
	default:
		if !d.yawKnown {
			d.yawOffset = nav.WrapAngle(pose.Yaw - d.lastYaw)
		}
		ignore := d.ignored(reported)
		d.replay(ignore)
		d.detect(obs.GetCameras(), pose, obs.GetStep(), ignore)
	}
	d.yawKnown, d.lastYaw = d.pose.YawKnown(), pose.Yaw
	// Publish changes.
	changed := false
	for _, t := range d.tr.tracks {
		if t.touched && t.sign.ID == d.cand {
			// Every view refreshes the candidate (report checks its Step).
			write(signs.KeyCandidate, signs.List{t.sign}.Encode())
		}
		changed = changed || t.changed
		t.changed, t.touched = false, false
	}
	// Raise.
	if obs.GetState() == d.raiseState && errRep == nil {
		switch {
		case d.cand != 0 && obs.GetStep() >= d.raisedAt+d.refire:
			act.Events = append(act.Events, EventVictimSeen)
			d.raisedAt = obs.GetStep()
		case d.cand == 0:
			if t := d.ready(pose, reported); t != nil {
				t.sign.Status = signs.Raised
				d.cand, d.raisedAt = t.sign.ID, obs.GetStep()
				write(signs.KeyCandidate, signs.List{t.sign}.Encode())
				changed = true
				act.Events = append(act.Events, EventVictimSeen)
			}
		}
	}
	if changed {
		d.seenBuf = d.seen(d.seenBuf[:0])
		write(signs.KeySeen, d.seenBuf.Encode())
	}
	if g := d.glimpsed(); !bytes.Equal(g, d.lastGlimpsed) {
		d.lastGlimpsed = g
		write(signs.KeyGlimpsed, g)
	}
	if len(writes) > 0 {
		act.Blackboard = writes
	}
	return act, nil
}

// detect runs the detector on every frame taken at pose and step and
// merges what it finds.
func (d *Detect) detect(frames []*pluginpb.CameraFrame, pose nav.Pose, step uint64, reported signs.List) {
	for _, f := range frames {
		m, ok := d.mountsByName[f.GetName()]
		if !ok {
			continue
		}
		d.dets = d.det.Frame(d.dets[:0], f.GetBgra(), int(f.GetWidth()), int(f.GetHeight()), m, pose)
		d.merge(d.dets, newView(pose, m, d.cfg.FOV, int(f.GetWidth()), int(f.GetHeight())), step, reported)
	}
}

// merge merges the detections of one picture, taken from view v, and
// notes which signs it showed together and which it should have shown.
func (d *Detect) merge(dets []Detection, v view, step uint64, reported signs.List) {
	ids := d.frameIDs[:0]
	for _, det := range dets {
		if det.Dist > d.maxDist || !finite(det.Pos) {
			continue
		}
		strong := det.Letter != 0 && det.Score >= d.strongScore && det.Margin >= d.strongMargin
		if _, id := d.tr.add(det, step, reported, strong); !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	d.tr.seenTogether(ids)
	if len(ids) > 0 {
		d.notInPicture(v, ids)
	}
	d.frameIDs = ids
}

// notInPicture notes, on each track of ids (the signs one picture showed,
// taken from view v), the other tracks of its letter within Erebus's
// 0.09 m of it that the picture should have shown and did not: in the
// field of view, within max_distance, facing the camera within 60° and
// not behind the track's own wall. The two may then be one sign, seen
// with its position or facing off.
func (d *Detect) notInPicture(v view, ids []uint32) {
	for _, t := range d.tr.tracks {
		if t.sign.Letter == 0 || !slices.Contains(ids, t.sign.ID) {
			continue
		}
		for _, o := range d.tr.tracks {
			r := o.sign
			if o == t || r.Letter != t.sign.Letter || slices.Contains(ids, r.ID) || t.sawInstead(r.ID) ||
				r.Pos.Dist(t.sign.Pos) > erebus.ReportRadius || r.Normal.Len() == 0 {
				continue
			}
			rel := v.c.Sub(r.Pos)
			dist := rel.Len()
			col, _ := v.column(r.Pos)
			if dist > d.maxDist || dist < 1e-6 || math.IsNaN(col) || col < 0 || col > float64(v.w) ||
				r.Normal.Dot(rel.Scale(1/dist)) < 0.5 || behindWall(t.sign, v.c, r.Pos) {
				continue
			}
			t.missed = append(t.missed, r.ID)
		}
	}
}

// behindWall tells whether the wall sign s stands on hides point p from
// camera c: p is behind the wall's face and the line from c to p crosses
// the wall's line within a quarter tile of s (the wall holding a sign is
// at least the quarter tile's edge the sign is on; rules §2.2).
func behindWall(s signs.Sign, c, p geom.Vec2) bool {
	n := s.Normal
	if n.Len() == 0 {
		return false
	}
	face := s.Pos.Sub(n.Scale(signOffset))
	dc, dp := c.Sub(face).Dot(n), p.Sub(face).Dot(n)
	if dc <= 0 || dp >= 0 {
		return false
	}
	x := c.Add(p.Sub(c).Scale(dc / (dc - dp)))
	tan := geom.Vec2{X: n.Z, Z: -n.X}
	return math.Abs(x.Sub(face).Dot(tan)) <= nav.QuarterSize
}

// hold keeps a copy of the frames of obs that show something sign-like,
// for replay once the yaw is known (the frames' bytes may be reused by the
// caller after Step returns).
func (d *Detect) hold(obs *pluginpb.Observation, pose nav.Pose) {
	if len(d.held) >= maxHeld {
		return
	}
	v := heldView{pose: pose, step: obs.GetStep()}
	for _, f := range obs.GetCameras() {
		m, ok := d.mountsByName[f.GetName()]
		if !ok {
			continue
		}
		// The position estimates are wrong for now; what matters is whether
		// the frame shows a sign.
		d.dets = d.det.Frame(d.dets[:0], f.GetBgra(), int(f.GetWidth()), int(f.GetHeight()), m, pose)
		if len(d.dets) == 0 {
			continue
		}
		v.frames = append(v.frames, &pluginpb.CameraFrame{Name: f.GetName(), Width: f.GetWidth(), Height: f.GetHeight(),
			Bgra: append([]byte(nil), f.GetBgra()...)})
	}
	if len(v.frames) > 0 {
		d.held = append(d.held, v)
	}
}

// replay runs the detector on up to replayPerStep held frame sets, their
// yaw corrected by yawOffset.
func (d *Detect) replay(reported signs.List) {
	n := min(len(d.held), replayPerStep)
	for _, v := range d.held[:n] {
		p := v.pose
		p.Yaw = nav.WrapAngle(p.Yaw + d.yawOffset)
		d.detect(v.frames, p, v.step, reported)
	}
	d.held = d.held[n:]
	if len(d.held) == 0 {
		d.held = nil
	}
}

func finite(v geom.Vec2) bool {
	return !math.IsNaN(v.X) && !math.IsNaN(v.Z) && !math.IsInf(v.X, 0) && !math.IsInf(v.Z, 0) &&
		math.Abs(v.X) < 100 && math.Abs(v.Z) < 100
}

// ready returns the sign to raise next: the nearest seen sign whose letter
// enough views agree on and that is not a sign raised or reported already.
func (d *Detect) ready(pose nav.Pose, reported signs.List) *track {
	var best *track
	bd := math.Inf(1)
	here := pose.Vec2
	for _, t := range d.tr.tracks {
		b := t.best()
		if t.sign.Status != signs.Seen || b < 0 || (t.votes[b] < d.raiseVotes && t.strong[b] == 0) || t.agreement() < d.raiseAgree || t.sigma > d.raiseSigma {
			continue
		}
		if d.duplicate(t, reported) {
			continue
		}
		if dd := t.sign.Pos.Dist(here); dd < bd {
			best, bd = t, dd
		}
	}
	return best
}

// duplicate reports whether track t is a sign already raised or reported
// under another id: the first views of one sign can start two tracks (an
// estimate seen from afar, or with the wrong normal at a corner, is not
// Same as the later ones), which converge on one place. Reporting the
// second would be a misidentification. A sign given up unreported in a
// snapped facing far from t's facing from the pictures does not hold t
// back (givenUpFacingElsewhere).
func (d *Detect) duplicate(t *track, reported signs.List) bool {
	for _, r := range reported {
		if r.ID != t.sign.ID && oneSign(r, t.sign, d.tr.radius) && !givenUpFacingElsewhere(r, t.sign) {
			return true
		}
	}
	for _, o := range d.tr.tracks {
		if o != t && o.sign.Status != signs.Seen && oneSign(o.sign, t.sign, d.tr.radius) && !givenUpFacingElsewhere(o.sign, t.sign) {
			return true
		}
	}
	// A track of the category of a sign reported already, within Erebus's
	// 0.09 m of it, that was never seen beside it in one picture is taken
	// for that sign seen again with its position or facing off (views
	// from afar or at a corner; docs/eval-real-worlds.md): two signs that
	// close show as two blobs in the pictures that hold both. Erebus
	// counts a second report of a found sign as a misidentification
	// (RULES.md §1.3 (d), "a second report of the same sign = −5"). Signs
	// facing opposite ways are on the two faces of a wall, never in one
	// picture and never one sign (sameSign).
	// A track whose views never fitted a wall line (its facing came from
	// the picture), or a reported sign's, within match_radius of the
	// other of its letter, is that sign located and faced off: on a
	// diagonal or curved wall, or near a corner, one sign's views give
	// positions 2-3 cm apart and facings up to 90° apart, which signs.Same
	// does not merge (R2D2__chiquito_'s H, facing (0, −1) on a wall line,
	// was tracked again 2.3 cm off facing (0.99, −0.11) and reported twice:
	// −5). Two signs of one letter that close stand on the two walls of a
	// corner, both on wall lines, and are told apart by their facings.
	for _, r := range reported {
		if r.ID == t.sign.ID || (r.Status != signs.Reported && r.Status != signs.Confirmed) ||
			r.Letter != t.sign.Letter || r.Pos.Dist(t.sign.Pos) > d.tr.radius || t.seenBeside(r.ID) ||
			opposite(r.Normal, t.sign.Normal) {
			continue
		}
		if o := d.tr.byID(r.ID); t.offLines() || o != nil && o.offLines() {
			return true
		}
	}
	for _, r := range reported {
		if r.ID == t.sign.ID || (r.Status != signs.Reported && r.Status != signs.Confirmed) ||
			r.Letter != t.sign.Letter || r.Pos.Dist(t.sign.Pos) > erebus.ReportRadius ||
			t.seenBeside(r.ID) || !(t.sawInstead(r.ID) || d.sawInstead(r.ID, t.sign.ID)) {
			continue
		}
		if opposite(r.Normal, t.sign.Normal) {
			continue
		}
		return true
	}
	return false
}

// givenUpFacingElsewhere tells whether g, a sign report gave up without
// reporting it (Unreachable) facing a grid axis (its views snapped to a
// wall line), faces more than 60° away from s, whose facing came from the
// pictures (off the axes): one sign tracked twice (oneSign), its facing
// snapped wrong in the track given up. Raising s is then another chance,
// not a second report (R1 of shared/more-worlds: a P on a diagonal wall,
// facing (−0.71, 0.71), raised facing (1, 0) from views snapped to a wall
// line, given up with no place to report from, and its track facing
// (−0.78, 0.63) never raised though 107 views read it). A track of snapped
// views is not raised so: R2D2__7___rotada___4_'s C, given up in its true
// facing (0, 1), was tracked again facing (1, 0) and reported from behind
// its wall (−5).
func givenUpFacingElsewhere(g, s signs.Sign) bool {
	return g.Status == signs.Unreachable && axisIndex(g.Normal) >= 0 && s.Normal.Len() > 0 && axisIndex(s.Normal) < 0 &&
		g.Normal.Dot(s.Normal) < 0.5*s.Normal.Len()
}

// sawInstead tells whether the track of id a was seen in a picture that
// should have shown track b beside it and did not.
func (d *Detect) sawInstead(a, b uint32) bool {
	for _, t := range d.tr.tracks {
		if t.sign.ID == a {
			return t.sawInstead(b)
		}
	}
	return false
}

// glimpseLooks is how many detections a sign-like picture needs, none of
// them classified, to be published as glimpsed: victim-detect gets the
// cameras every other step, so four are eight steps of it in view.
const glimpseLooks = 4

// glimpsed returns the encoding of the tracks seen glimpseLooks times or
// more and never classified (signs.KeyGlimpsed), nil for none.
func (d *Detect) glimpsed() []byte {
	var l []signs.Glimpse
	for _, t := range d.tr.tracks {
		if t.sign.Status == signs.Seen && t.best() < 0 && t.looks >= glimpseLooks && t.notSign == 0 && t.sigma <= d.raiseSigma {
			l = append(l, signs.Glimpse{Pos: t.sign.Pos, Normal: t.sign.Normal})
		}
	}
	return signs.EncodeGlimpses(l)
}

// seen appends the classified signs still in victim-detect's hands to l,
// and those report gave up (Unreachable) with the views merged since: report
// hands a sign it gave up for want of views back once they are enough.
func (d *Detect) seen(l signs.List) signs.List {
	for _, t := range d.tr.tracks {
		if t.sign.Letter != 0 && (t.sign.Status == signs.Seen || t.sign.Status == signs.Raised || t.sign.Status == signs.Unreachable) {
			l = append(l, t.sign)
		}
	}
	return l
}

// ignored returns the signs of reported whose views are dropped: those
// reported or confirmed. The views of a sign report gave up on
// (Unreachable) or handed back for another try (Seen again) are merged
// into its track, so that a hand-back raises it with its views since and
// its last view's step, which report checks before it reports a sign
// with few views. Dropped, a handed-back sign was raised as it was given
// up, and every try ended "not seen again near it" (prueba_Day_2-6 of
// shared/more-worlds: its F, read from one view, twice).
func (d *Detect) ignored(reported signs.List) signs.List {
	d.ignoreBuf = d.ignoreBuf[:0]
	for _, s := range reported {
		if s.Status == signs.Reported || s.Status == signs.Confirmed {
			d.ignoreBuf = append(d.ignoreBuf, s)
		}
	}
	return d.ignoreBuf
}
