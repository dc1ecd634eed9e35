package nav

import (
	"math"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// Start-yaw calibration: the Tracker learns the start yaw from the GPS
// track of a straight run (forwards or backwards) of calibRun metres.
const (
	// calibRun is the straight run the Tracker needs (see Tracker.Update).
	calibRun = 0.03
	// CalibRoom is the least distance reading (m) ahead of the way the
	// robot is to drive for the straight run: the run and a margin of
	// the same length, so that the body stops short of the wall.
	CalibRoom = 2 * calibRun
	// CalibStuckS is how long (s) a straight run may move the robot less
	// than calibMoved before it counts as blocked.
	CalibStuckS = 0.8
	// calibMoved is the least progress (m) in CalibStuckS of a run that is
	// not blocked.
	calibMoved = calibRun / 3
	// calibTurnS bounds one turn on the spot (s).
	calibTurnS = 3
	// calibPauseSteps is how many steps the robot stands still when the
	// run changes direction: the Tracker's run then starts afresh, and no
	// track that goes forwards and then backwards is taken for one run.
	calibPauseSteps = 3
	// calibFrontDeg and calibBackDeg select the distance sensors that look
	// ahead (|angle| below) and behind (|angle| above), in degrees.
	calibFrontDeg = 30
	calibBackDeg  = 135
)

// Calibrator drives the robot until its Tracker knows the start yaw. Erebus
// turns the robot at the start to the first side of the start tile that has
// no wall of its own (docs/erebus-rules.md §2.5), which may still face a neighbour's
// wall, a curved wall or an obstacle: so the Calibrator drives the straight
// run the way the distance sensors see room (ahead, else behind), turns on
// the spot to the freest direction when neither has room, and changes its
// mind when a run makes no progress (blocked) or the colour sensor sees a
// hole ahead. The zero value is ready to use with the default wheel speed.
type Calibrator struct {
	// Wheel is the wheel speed of the run (rad/s); 0 means 3.
	Wheel float64
	// Robot gives the distance sensors' directions; the zero value means
	// DefaultRobot.
	Robot Robot

	dir     int // +1 forwards, −1 backwards, 0 to decide
	from    geom.Vec2
	t0      float64
	turning bool
	turnYaw float64
	blocked int // runs found blocked in a row
	pause   int // steps left standing still
}

// Step returns the wheel speeds (left, right) of one step of the
// calibration, for the robot at pose (its yaw relative while unknown) with
// the Observation obs.
func (c *Calibrator) Step(obs *pluginpb.Observation, pose Pose) (float64, float64) {
	r := c.Robot
	if len(r.Distance) == 0 {
		r = DefaultRobot()
	}
	w := c.Wheel
	if w == 0 {
		w = 3
	}
	now := obs.GetSimTime()
	dist := obs.GetDistance()
	if c.turning {
		d := DefaultDriver()
		d.MaxWheel = w
		l, rt, done := d.Turn(pose, c.turnYaw)
		if !done && now-c.t0 < calibTurnS {
			return l, rt
		}
		c.turning, c.dir = false, 0
	}
	if c.dir == 0 {
		front, back := r.room(dist, true), r.room(dist, false)
		switch {
		case front >= CalibRoom && (c.blocked%2 == 0 || back < CalibRoom):
			c.dir = 1
		case back >= CalibRoom:
			c.dir = -1
		default:
			c.turnTo(r.EscapeYaw(pose, dist), now)
			return 0, 0
		}
		c.from, c.t0 = pose.Vec2, now
	}
	if c.pause > 0 {
		c.pause--
		c.from, c.t0 = pose.Vec2, now
		return 0, 0
	}
	if c.dir > 0 && HoleAhead(obs) {
		// A hole under the colour sensor: the run goes backwards.
		c.dir, c.pause = -1, calibPauseSteps
		return 0, 0
	}
	if now-c.t0 >= CalibStuckS {
		if pose.Dist(c.from) < calibMoved {
			c.blocked++
			if c.blocked%2 == 0 || r.room(dist, c.dir < 0) < CalibRoom {
				// Blocked both ways (or no room the other way): turn a
				// quarter and try again.
				c.turnTo(WrapAngle(pose.Yaw+math.Pi/2), now)
				return 0, 0
			}
			c.dir, c.pause = -c.dir, calibPauseSteps
			return 0, 0
		}
		c.from, c.t0 = pose.Vec2, now
	}
	v := w * float64(c.dir)
	return v, v
}

func (c *Calibrator) turnTo(yaw, now float64) {
	c.turning, c.turnYaw, c.t0 = true, yaw, now
}

// room returns the shortest reading of the distance sensors looking ahead
// (front) or behind; +Inf when the robot has none there.
func (r Robot) room(dist []float64, front bool) float64 {
	out := math.Inf(1)
	for i, d := range dist {
		if i >= len(r.Distance) || math.IsNaN(d) {
			continue
		}
		a := math.Abs(r.Distance[i].Angle) * 180 / math.Pi
		if (front && a < calibFrontDeg) || (!front && a > calibBackDeg) {
			out = math.Min(out, d)
		}
	}
	return out
}
