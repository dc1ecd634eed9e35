package nav

import "github.com/rescuekit/rescuekit/geom"

// Squeezing past obstacles.
//
// A reading off the wall lines blocks every node within the body's radius
// plus a margin of it (obstacleAt): the margin keeps paths off obstacles
// whose readings scatter. Beside a rotated obstacle that leaves a passage
// barely wider than the robot (a box 5 cm from a wall), readings of its
// corner land within that margin of the only nodes through the passage,
// and the map closes it: paths then go round through unseen tiles, or
// there is none. The nodes blocked only by readings in that margin, none
// of which the body at the node would touch, are squeezable: a search
// whose Costs.Squeeze is set crosses them at that extra weight per node.

// squeezeMargin is how much farther than the body's radius every obstacle
// reading near a squeezable node lies (m). Driving straight, the robot
// reaches 0.038 m to either side (E-puck-custom-default-FLU.proto: ps2 and
// ps5 at x ±0.035 with spheres of radius 0.003, the body's radius 0.037);
// the rest is for the path follower's error.
const squeezeMargin = 0.003

// squeezable reports whether node n is blocked only by obstacle readings
// that all lie beyond the body's radius plus squeezeMargin: a robot centre
// there keeps clear of them.
func (m *Map) squeezable(n int) bool {
	if m.fixedSqz != nil && m.fixedSqz[n] {
		return true
	}
	return m.obst[n] >= 3 && m.obstNear[n] < 3
}

// nearVote counts a reading at distance d from node n towards blocking it
// outright (squeezable no more), as obstacleAt counts every reading within
// reach.
func (m *Map) nearVote(n int, d float64) {
	if d > m.robot.BodyRadius+squeezeMargin {
		return
	}
	was := m.squeezable(n)
	if m.obstNear[n] < 40 {
		m.obstNear[n] += 2
	}
	if was != m.squeezable(n) {
		m.version++
	}
}

// nearClear takes one vote away from node n, as clearAlong does from obst.
func (m *Map) nearClear(n int) {
	if m.obstNear[n] == 0 {
		return
	}
	was := m.squeezable(n)
	m.obstNear[n]--
	if was != m.squeezable(n) {
		m.version++
	}
}

// BlockedFor reports whether a search under costs k may not cross the node
// nearest to p: Blocked, except that a squeezable node is open when
// k.Squeeze is set and a node blocked only by obstacles is open under
// k.IgnoreObstacles.
func (m *Map) BlockedFor(p geom.Vec2, k Costs) bool {
	n, ok := m.nodeAt(p)
	if !ok {
		return true
	}
	return m.weight(n, k) == inf32
}
