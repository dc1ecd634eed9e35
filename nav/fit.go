package nav

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// WallClearance returns how far (m) a point p lies from the surface of the
// nearest wall the map knows within reach of it, and reach when none is
// nearer. The walls are the map's wall cells joined to their wall
// neighbours along the line they stand on (a lone cell is a post), each
// erebus.WallThickness thick. It is the room a body centred at p has
// between the walls the map has seen (a body of radius r fits where the
// clearance is at least r); walls the map has not seen are not counted, nor
// obstacles (Blocked tells about those on the nodes).
func (m *Map) WallClearance(p geom.Vec2, reach float64) float64 {
	half := erebus.WallThickness / 2
	best := reach
	cr, cc := m.Cell(p)
	k := int(math.Ceil((reach+half)/CellSize)) + 1
	for r := cr - k; r <= cr+k; r++ {
		for c := cc - k; c <= cc+k; c++ {
			if !m.Wall(r, c) {
				continue
			}
			a := m.cellPos(r, c)
			d := p.Dist(a)
			// Join the cell to its wall neighbours on its line: right along a
			// horizontal line (even row), down along a vertical one (even
			// column).
			if r%2 == 0 && m.Wall(r, c+1) {
				d = min(d, geom.SegmentDist(p, a, m.cellPos(r, c+1)))
			}
			if c%2 == 0 && m.Wall(r+1, c) {
				d = min(d, geom.SegmentDist(p, a, m.cellPos(r+1, c)))
			}
			best = min(best, d-half)
		}
	}
	return max(best, 0)
}

// Fits reports whether a body of radius r centred at p keeps clear of
// every wall the map knows (WallClearance) and stands on no tile whose
// floor is a hole.
func (m *Map) Fits(p geom.Vec2, r float64) bool {
	if tr, tc, ok := m.TileOf(p); !ok || m.Floor(tr, tc) == FloorHole {
		return false
	}
	return m.WallClearance(p, r+CellSize) >= r
}
