package nav

import "github.com/rescuekit/rescuekit/geom"

// obstacleSeen is where the readings off the wall lines near one node
// place the obstacle they hit: the sum of their guesses at its centre and
// how many there were. A decoded map holds the encoded mean and count.
type obstacleSeen struct {
	sum geom.Vec2
	n   float64
}

// obstacleDepth is how far behind a reading off the wall lines the centre
// of the obstacle it hit is guessed to lie, along the ray: half an
// obstacle's size. The obstacles of the shared Erebus worlds (62 in
// ../shared/erebus: worlds, v26/worlds and more-worlds) are boxes whose
// half sizes, the mean of the two horizontal ones, run from 1.3 to 2.8 cm
// with a median of 2.0 cm. A reading lies on the face the ray reached, so
// the mean of the readings of an obstacle seen from one side only lies on
// that side; seen from all sides, the shifts cancel.
const obstacleDepth = 0.02

// seeObstacle adds a reading q off the wall lines, taken along ray
// direction dir (zero when not known), to node n's evidence.
func (m *Map) seeObstacle(n int, q, dir geom.Vec2) {
	if m.obstSeen == nil {
		m.obstSeen = make([]obstacleSeen, gridNodes*gridNodes)
	}
	s := &m.obstSeen[n]
	s.sum.X += q.X + obstacleDepth*dir.X
	s.sum.Z += q.Z + obstacleDepth*dir.Z
	s.n++
	if m.obstacle(n) {
		m.seenVer++
	}
}

// SeenVersion changes whenever the obstacle evidence MarshalBinary encodes
// (obstacleSeen of the obstacle nodes) changes: a map whose Version,
// Trailed and SeenVersion are unchanged encodes the same. It is apart from
// Version, which only what matters for planning changes.
func (m *Map) SeenVersion() uint64 { return m.seenVer }

// seen returns node n's evidence, zero when there is none.
func (m *Map) seen(n int) obstacleSeen {
	if m.obstSeen == nil {
		return obstacleSeen{}
	}
	return m.obstSeen[n]
}
