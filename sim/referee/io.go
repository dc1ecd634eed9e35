package referee

import (
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Input is what the simulator tells the referee at each supervisor step
// (every basic time step, 16 ms), after the physics of that step.
type Input struct {
	// Time is the simulation time in seconds at the end of the step.
	Time float64
	// Dt is the simulation time the step covered, in seconds.
	Dt float64
	// Pos is the robot's translation in XZ and Y its height (the floor is at
	// −0.03; below −0.035 the robot has fallen into a hole).
	Pos geom.Vec2
	Y   float64
	// Velocity is the robot node's velocity as Webots' getVelocity gives it:
	// linear x, y, z (m/s) then angular x, y, z (rad/s).
	Velocity [6]float64
	// Packet is the one packet the supervisor's receiver yields this step
	// (the head of its queue), or nil. The simulator pops at most one packet
	// per step, as Erebus does.
	Packet []byte
	// RealElapsed is the real (wall) time in seconds the game has run,
	// measured against the budget the runner passes in.
	RealElapsed float64
}

// Output is what the referee does in return.
type Output struct {
	// Send holds packets for the robot's receiver (delivered one step later).
	Send [][]byte
	// Relocate, when not nil, moves the robot there and resets its physics.
	Relocate *world.Pose
	// Found holds the indices in World.Signs of the signs identified this
	// step: Erebus sets their found field, which switches them to their
	// found texture (MainSupervisor.py v26 l.635, v25 l.543; Victim.py
	// l.99-106).
	Found []int
	// Ended reports that the game is over (exit, time up); the robot node is
	// removed and the simulator ends the run.
	Ended bool
}
