package framework

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
)

// stillness estimates, from the robot's own sensors, how long it has stood
// still — what Erebus's supervisor measures with the robot node's velocity
// (all components below 0.001) before it accepts a report. The runner has no
// such velocity, so it uses the wheel encoders: the robot is still in a
// control step when neither wheel turned by more than 0.001 m/s would turn it.
// (The GPS is left out on purpose: its noise would hide stillness.) The count
// starts at the end of the first still control step, so it lags Erebus's
// timer by up to one control step: it never claims more stillness than the
// supervisor sees.
type stillness struct {
	init      bool
	wheels    [2]float64
	stillFor  float64
	wheelRad  float64 // wheel radius, metres
	threshold float64 // m/s, erebus.StoppedVelocity
}

// newStillness returns a stillness count for wheels of radius wheelRad
// metres; 0 means the default Erebus robot's (erebus.WheelRadius).
func newStillness(wheelRad float64) *stillness {
	if wheelRad <= 0 {
		wheelRad = erebus.WheelRadius
	}
	return &stillness{wheelRad: wheelRad, threshold: erebus.StoppedVelocity}
}

// update takes the wheel encoder readings at the end of a control step of dt
// seconds and returns the time stood still so far.
func (s *stillness) update(dt float64, wheels [2]float64) float64 {
	if math.IsNaN(wheels[0]) || math.IsNaN(wheels[1]) {
		s.init, s.stillFor = false, 0
		return 0
	}
	if !s.init {
		s.init, s.wheels, s.stillFor = true, wheels, 0
		return 0
	}
	maxTurn := s.threshold * dt / s.wheelRad
	still := math.Abs(wheels[0]-s.wheels[0]) < maxTurn && math.Abs(wheels[1]-s.wheels[1]) < maxTurn
	s.wheels = wheels
	if still {
		s.stillFor += dt
	} else {
		s.stillFor = 0
	}
	return s.stillFor
}

// reset restarts the count, as Erebus does after a relocation.
func (s *stillness) reset() { s.stillFor = 0 }
