package nav

import "math"

// HeldTurn follows a turn on the spot and tells when something holds it (a
// sensor sphere caught on a wall end or a curve): the yaw changed less than
// HeldTurnYaw over HeldTurnSteps steps of it. A held robot backs off for
// HeldBackSteps steps (at half speed, about 3 cm; BackOff) before it turns again;
// turning on, it stands until a lack of progress (R8 of
// shared/more-worlds: explore wedged 12 s at a time, six times; exit in
// TestingMap_6x5_A2 at seed 3: 280 s turning in place on the way home).
// The zero value is ready; Reset starts a new turn.
type HeldTurn struct {
	steps int     // steps of the turn since yaw was taken
	yaw   float64 // the yaw when the turn was last checked
}

// A turn is held when the yaw changed less than HeldTurnYaw (rad) over
// HeldTurnSteps steps (at 32 ms, 0.5 s: a free turn turns about 1 rad in
// that time); the robot then backs off for HeldBackSteps steps.
const (
	HeldTurnSteps = 16
	HeldTurnYaw   = 0.1
	HeldBackSteps = 16
)

// Reset forgets the turn followed so far.
func (h *HeldTurn) Reset() { h.steps = 0 }

// Held is called at every step of the turn with the robot's pose, and
// reports whether the turn is held: the yaw changed less than HeldTurnYaw
// in the last HeldTurnSteps steps.
func (h *HeldTurn) Held(p Pose) bool {
	if h.steps == 0 {
		h.yaw = p.Yaw
	}
	h.steps++
	if h.steps < HeldTurnSteps {
		return false
	}
	h.steps = 0
	return math.Abs(WrapAngle(p.Yaw-h.yaw)) < HeldTurnYaw
}

// BackOff returns the wheel speeds of the k-th back-off from a held turn
// (k counts from 0) at w rad/s (w > 0): straight back, then back on an
// arc one way, then the other, in turn. Wedged between two wall ends, a
// robot may not move backing straight, the sphere of a side distance
// sensor caught on one end and the body on the other, where an arc frees
// it (R8 of shared/more-worlds as v26.1 at seed 7: twice 12 s until a lack
// of progress, in the quarter between the ends of two curved walls).
func BackOff(k int, w float64) (left, right float64) {
	switch k % 3 {
	case 1:
		return -w / 3, -w
	case 2:
		return -w, -w / 3
	}
	return -w, -w
}
