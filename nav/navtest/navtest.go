// Package navtest holds nav maps that the tests of several packages share.
package navtest

import (
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// GapBetweenWallEnds returns a map of the default robot started at (0.06,
// 0.06), whose start tile (0..0.12 on both axes) is walled on its left and
// bottom sides, on the left half of its top side and on the bottom half of
// its right side. The two half walls end at (0.06, 0) and (0.12, 0.06): the
// way out of the tile is the diagonal gap between those wall ends, across
// its top-right quarter (as in R2D2__7_ and Area123Joaco2 of
// shared/more-worlds). It also returns the start tile's top-left node (row,
// column of the wall grid, four nodes a tile).
func GapBetweenWallEnds() (m *nav.Map, r, col int) {
	m = nav.NewMap(geom.Vec2{X: 0.06, Z: 0.06}, nav.DefaultRobot(), nav.DefaultMapConfig())
	tr, tc := m.StartTile()
	r, col = 4*tr, 4*tc
	for j := 0; j <= 4; j++ {
		if j <= 2 {
			m.SetWall(r, col+j) // the left half of the top side
		}
		if j >= 2 {
			m.SetWall(r+j, col+4) // the bottom half of the right side
		}
		m.SetWall(r+4, col+j) // the bottom side
		m.SetWall(r+j, col)   // the left side
	}
	return m, r, col
}
