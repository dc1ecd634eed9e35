package signs

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
)

// tile is the distance between tile centres (m).
const tile = erebus.TileSize

// AnswerCell returns the map-matrix cell (row, col) Erebus's answer map
// puts a sign in (docs/erebus-rules.md §3 "Signs"), for a sign at pos facing normal, in
// a matrix whose cell (0, 0) is the corner of tile (0, 0): origin is that
// corner's world position (the arena's left edge X and top edge Z, i.e.
// tile (0,0)'s centre minus 0.06 m on each axis). A normal within about
// 14° of an axis counts as a straight wall; any other normal (or an
// unknown one) takes Erebus's curved-wall branch. ok is false when the sign
// lies before the origin (a negative cell).
func AnswerCell(pos, normal, origin Vec2) (row, col int, ok bool) {
	tx, tz := pos.X-origin.X, pos.Z-origin.Z
	if tx < 0 || tz < 0 || math.IsNaN(tx) || math.IsNaN(tz) || tx > 1e3 || tz > 1e3 {
		return 0, 0, false
	}
	col = int(tx/0.024) - int(tx/tile)
	row = int(tz/0.024) - int(tz/tile)
	// side is Erebus's ±1 around a tile's centre line with a dead band.
	side := func(t, band float64) int {
		d := t - (math.Trunc(t/tile)*tile + tile/2)
		switch {
		case d < -band:
			return -1
		case d > band:
			return 1
		}
		return 0
	}
	centre := func(t float64) int { return 4*int(t/tile) + 2 }
	n := normal
	if l := n.Len(); l > 0 {
		n = n.Scale(1 / l)
	}
	switch {
	case math.Abs(n.X) >= 0.97: // wall along Z (yaw ±1.57)
		row = centre(tz) + side(tz, 0.02)
	case math.Abs(n.Z) >= 0.97: // wall along X (yaw 0 or 3.14)
		col = centre(tx) + side(tx, 0.02)
	default: // curved wall
		col = centre(tx) + side(tx, 0)
		row = centre(tz) + 2*side(tz, 0.03)
	}
	return row, col, true
}
