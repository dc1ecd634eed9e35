package framework

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/rescuekit/rescuekit/erebus"
)

// The kinds of Notice.
const (
	// NoticeRefusal: the runner refused something a plugin asked for (a
	// message the comms gate stopped, an event the FSM rejected, an LED it
	// cannot set, …).
	NoticeRefusal = "refusal"
	// NoticeUndeclaredWrite: a plugin wrote a blackboard key its description
	// does not declare; the write was dropped.
	NoticeUndeclaredWrite = "undeclared_write"
	// NoticeUnwrittenRead: a plugin reads a blackboard key no plugin of the
	// config declares writing.
	NoticeUnwrittenRead = "unwritten_read"
	// NoticeMissingDevice: a device a plugin asked for, or one of the
	// default Erebus robot's the runner reads, is not on the robot.
	NoticeMissingDevice = "missing_device"
	// NoticeNotMoving: the robot's wheels stood still for NotMovingAfter
	// seconds or more.
	NoticeNotMoving = "not_moving"
)

// NotMovingAfter is how long (s) the robot may stand still before the run
// summary says so: Erebus's automatic lack of progress for a robot that
// stands still (erebus.StoppedLoPTime).
const NotMovingAfter = erebus.StoppedLoPTime

// A Notice is something that went wrong without stopping the game, said once
// in the run summary however often it happened, with what to do.
type Notice struct {
	Kind string `json:"kind"`
	// Plugin is the plugin concerned, "" for the robot or the runner.
	Plugin string `json:"plugin,omitempty"`
	// What says what happened, the first time.
	What string `json:"what"`
	// Do says what to do about it.
	Do string `json:"do"`
	// Count is how many times it happened.
	Count int `json:"count"`
	// FirstStep and FirstTime are the control step and simulation time of
	// the first time (0 for what the runner found at the start).
	FirstStep uint64  `json:"first_step"`
	FirstTime float64 `json:"first_time_s"`
}

// notices collects the Notices of a run, one per kind, plugin and class.
type notices struct {
	byKey map[string]*Notice
	order []string
	// stillSince is when the current still spell started (-1: moving), and
	// stillNoted whether it has been counted.
	stillSince float64
	stillNoted bool
}

func newNotices() *notices { return &notices{byKey: map[string]*Notice{}, stillSince: -1} }

func (n *notices) add(class string, nt Notice) {
	key := nt.Kind + "\x00" + nt.Plugin + "\x00" + class
	if old := n.byKey[key]; old != nil {
		old.Count++
		return
	}
	nt.Count = 1
	n.byKey[key] = &nt
	n.order = append(n.order, key)
}

// list returns the notices in the order they first happened.
func (n *notices) list() []Notice {
	out := make([]Notice, 0, len(n.order))
	for _, k := range n.order {
		out = append(out, *n.byKey[k])
	}
	return out
}

var (
	gateRule = regexp.MustCompile(`\(rule ([a-z-]+)\)`)
	digits   = regexp.MustCompile(`[0-9.]+`)
)

// noteRefusal records the refusal msg of plugin s's request.
func (r *runner) noteRefusal(s *slot, msg string) {
	nt := Notice{Kind: NoticeRefusal, Plugin: s.name, What: msg, FirstStep: r.step, FirstTime: r.now}
	class := digits.ReplaceAllString(msg, "#")
	switch {
	case strings.HasPrefix(msg, "blackboard:"):
		nt.Kind = NoticeUndeclaredWrite
		nt.Do = "list the keys in the plugin's Description.BlackboardWrites (sdk.Description); until then every such write is dropped"
	case gateRule.MatchString(msg):
		class = gateRule.FindStringSubmatch(msg)[1]
		nt.Do = "the message was not sent to the supervisor: follow the gate's hint above (docs/erebus-rules.md gives the rule)"
	case strings.Contains(msg, "only the driver"):
		nt.Do = "send supervisor messages from the plugin that drives the current state (Observation.driver), or make this plugin drive it (the config's drives)"
	default:
		nt.Do = "the plugin's request was not applied: it gets this error in its next Observation.errors; fix the request or the config (fsm events, LEDs)"
	}
	r.notes.add(class, nt)
}

// noteStill counts a still spell of NotMovingAfter seconds or more, once
// per spell, at the step it reaches that length.
func (r *runner) noteStill(stillFor float64) {
	n := r.notes
	if stillFor <= 0 {
		n.stillSince, n.stillNoted = -1, false
		return
	}
	if n.stillSince < 0 {
		n.stillSince = r.now - stillFor
	}
	if n.stillNoted || stillFor < NotMovingAfter {
		return
	}
	n.stillNoted = true
	state := r.fsm.Current()
	driver := r.drivers[state]
	n.add("", Notice{Kind: NoticeNotMoving, Plugin: driver, FirstStep: r.step, FirstTime: r.now,
		What: fmt.Sprintf("the robot's wheels stood still for %.0f s from %.1f s of simulation, in state %q driven by %s (Erebus relocates a robot that stands still for %.0f s: lack of progress)",
			NotMovingAfter, n.stillSince, state, orNobody(driver), erebus.StoppedLoPTime),
		Do: "check that the driver finds the devices it needs on this robot (runner robot describe; the missing_device notices) and commands the wheels in that state; run with --log-level info to see its errors"})
}

func orNobody(p string) string {
	if p == "" {
		return "no plugin"
	}
	return "plugin " + p
}

// noteStart records what the runner can tell once the plugins are
// described: cameras asked for that the robot lacks, the default robot's
// devices it lacks, and blackboard keys read that no plugin writes.
func (r *runner) noteStart() {
	d := &r.dev
	has := map[string]bool{}
	for _, c := range d.cams {
		has[c.Name()] = true
	}
	written := map[string][]string{}
	for _, s := range r.slots {
		if s.desc == nil {
			continue
		}
		for _, k := range s.desc.GetBlackboardWrites() {
			written[k] = append(written[k], s.name)
		}
	}
	for _, s := range r.slots {
		if s.desc == nil {
			continue
		}
		for _, c := range s.desc.GetCameras() {
			if !has[c] {
				r.notes.add(c, Notice{Kind: NoticeMissingDevice, Plugin: s.name,
					What: fmt.Sprintf("the plugin asked for camera %q, which the robot does not have (it has %s): it never gets that frame", c, listOrNone(slices.Sorted(maps.Keys(has)))),
					Do:   "give the robot that camera (its robot JSON, --robot), or name one it has in the plugin's Description.Cameras"})
			}
		}
		// A lidar asked for is not noticed: the default Erebus robot has
		// none, so a plugin that asks for one must play without it
		// (Description.Lidar means "when there is one").
		for _, k := range s.desc.GetBlackboardReads() {
			if len(written[k]) == 0 {
				r.notes.add(k, Notice{Kind: NoticeUnwrittenRead, Plugin: s.name,
					What: fmt.Sprintf("the plugin reads blackboard key %q, which no plugin of the config writes (writers: %s)", k, writersList(written)),
					Do:   fmt.Sprintf("play a plugin that declares %q in its BlackboardWrites (the built-in explore writes map), or stop reading it", k)})
			}
		}
	}
	names := r.o.Devices
	var missing []string
	if d.lpos == nil || d.rpos == nil {
		missing = append(missing, "wheel encoders "+names.LeftSensor+"/"+names.RightSensor)
	}
	if len(d.dist) < len(names.Distance) {
		missing = append(missing, fmt.Sprintf("distance sensors (%d of %d named %s)", len(d.dist), len(names.Distance), strings.Join(names.Distance, " ")))
	}
	for _, m := range []struct {
		ok   bool
		name string
	}{{d.gps != nil, names.GPS}, {d.gyro != nil, names.Gyro}, {d.colour != nil, names.Colour}, {d.emitter != nil, names.Emitter}, {d.receiver != nil, names.Receiver}} {
		if !m.ok && m.name != "" {
			missing = append(missing, m.name)
		}
	}
	if len(missing) > 0 {
		r.notes.add("robot", Notice{Kind: NoticeMissingDevice,
			What: "the robot lacks devices of the default Erebus robot that the runner reads and the built-in behaviors need: " + strings.Join(missing, ", "),
			Do:   "name the devices as the default robot does in the robot customiser (runner robot describe lists what the robot has), or play behaviors written for this robot"})
	}
}

func listOrNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

func writersList(w map[string][]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(w)) {
		parts = append(parts, k+" by "+strings.Join(w[k], "/"))
	}
	return listOrNone(parts)
}
