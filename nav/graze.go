package nav

import (
	"math"

	"github.com/rescuekit/rescuekit/geom"
)

// grazing is the smallest component across a wall line of a ray's
// direction for its reading to count for a cell on that line, as freeAlong
// counts the rays that cross a line without a hit only from it on.
const grazing = 0.3

// hitAlong counts a reading that ended at q on a ray going along dir. A
// reading that would snap to a wall line the ray runs nearly along counts
// as a reading off the lines (an obstacle) instead: no ray along that line
// could ever count against the cell, and such readings are mostly an
// obstacle's, which the infra-red sensors read closer than it is
// (erebus.ObstacleInfraRed against erebus.WallInfraRed), strung out along
// the line as the robot drives (AreaCiclo2Joaco__1_ of shared/more-worlds:
// a row of wall cells in front of an obstacle, seen through a passage).
func (m *Map) hitAlong(q, dir geom.Vec2) {
	u, v := (q.X-m.origin.X)/CellSize, (q.Z-m.origin.Z)/CellSize
	dc := math.Abs(u-2*math.Round(u/2)) * CellSize // to the nearest vertical line
	dr := math.Abs(v-2*math.Round(v/2)) * CellSize // to the nearest horizontal line
	switch {
	case dc <= dr && dc <= m.cfg.SnapTol && math.Abs(dir.X) < grazing,
		dr < dc && dr <= m.cfg.SnapTol && math.Abs(dir.Z) < grazing:
		m.obstacleAt(q, dir)
	default:
		m.offLine = false
		m.hit(q, dir)
		if m.offLine {
			m.surface(q, dir)
		}
	}
}
