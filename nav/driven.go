package nav

import "github.com/rescuekit/rescuekit/geom"

// Driven diagonals. A diagonal step of the node lattice is passable only
// when the quarter's two other corners are free (Search): it passes 4.2 cm
// from each. Readings off the wall lines (curved walls, obstacles, an
// area-4 room) can block those corners although the robot's centre drove
// the diagonal itself, and then no plan leads back the way the robot came
// (v26 world4 at seed 2: the way out of a pocket of its area-4 room was
// such a diagonal, and exit took a way home three times as long, getting
// home after the game's end). A diagonal the robot's centre drove end to
// end, never farther than drivenTol from it, is passable whatever its
// corners hold: the body fitted along it.

// drivenTol is how far from a diagonal the robot's centre may stray while
// driving it for it to count as driven: a little more than trailTol, the
// reach of a node's end of it.
const drivenTol = 0.02

// drivenMidTol is how near the diagonal's midpoint the centre must have
// passed: its narrowest point between the two corners. A relocation from
// one end to the other passes nowhere near it.
const drivenMidTol = 0.015

// drivenMaxSteps bounds the positions kept between two trail nodes (a
// diagonal is 8.5 cm, under 2 s at the slowest drive); past it the way
// between them was no straight drive and counts for nothing.
const drivenMaxSteps = 256

// Diagonal bits of Map.driven, kept at the diagonal's upper node.
const (
	drivenSE = 1 << iota // to the node below and right
	drivenSW             // to the node below and left
)

// driveTrack follows the robot's centre between trail nodes.
type driveTrack struct {
	last  int         // the trail node the centre last stood on, −1 none
	since []geom.Vec2 // the centre's positions since it left last
	lost  bool        // more than drivenMaxSteps since
}

// drove records p, the robot's centre, for the driven diagonals, given the
// node n it stands on (within trailTol) or −1: arriving on a node diagonal
// to the last one straight along the diagonal marks it driven.
func (m *Map) drove(p geom.Vec2, n int) {
	t := &m.drive
	if n < 0 {
		if len(t.since) >= drivenMaxSteps {
			t.lost = true
			return
		}
		t.since = append(t.since, p)
		return
	}
	if n != t.last && t.last >= 0 && !t.lost {
		if bit, up, ok := diagonalOf(t.last, n); ok && m.alongDiagonal(t.last, n) {
			if m.driven[up]&bit == 0 {
				m.driven[up] |= bit
				m.version++
			}
		}
	}
	t.last, t.since, t.lost = n, t.since[:0], false
}

// alongDiagonal reports whether the positions since node a all lie within
// drivenTol of the diagonal a–b and one passed within drivenMidTol of its
// midpoint.
func (m *Map) alongDiagonal(a, b int) bool {
	pa, pb := m.nodePos(a), m.nodePos(b)
	mid := pa.Add(pb).Scale(0.5)
	nearMid := false
	for _, q := range m.drive.since {
		if geom.SegmentDist(q, pa, pb) > drivenTol {
			return false
		}
		if q.Dist(mid) <= drivenMidTol {
			nearMid = true
		}
	}
	return nearMid
}

// diagonalOf returns the bit and upper node of the diagonal between nodes a
// and b; ok is false when they are not diagonal neighbours.
func diagonalOf(a, b int) (bit uint8, up int, ok bool) {
	if a > b {
		a, b = b, a
	}
	ar, ac, br, bc := a/gridNodes, a%gridNodes, b/gridNodes, b%gridNodes
	switch {
	case br != ar+1:
		return 0, 0, false
	case bc == ac+1:
		return drivenSE, a, true
	case bc == ac-1:
		return drivenSW, a, true
	}
	return 0, 0, false
}

// drivenStep reports whether the robot drove the diagonal from node n to
// node a = n+oa+ob (oa ±gridNodes, ob ±1): Search's test, without
// diagonalOf's divisions.
func (m *Map) drivenStep(n, a, oa, ob int) bool {
	up, bit := n, uint8(drivenSE)
	if oa < 0 {
		up = a
	}
	if (oa < 0) != (ob < 0) {
		bit = drivenSW
	}
	return m.driven[up]&bit != 0
}
