package signs

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// AnswerCell returns the map-matrix cell (row, col) Erebus's answer map
// puts a sign in (docs/erebus-rules.md §3 "Signs"), for a sign at pos facing normal, in
// a matrix whose cell (0, 0) is the corner of tile (0, 0): origin is that
// corner's world position (the arena's left edge X and top edge Z, i.e.
// tile (0,0)'s centre minus 0.06 m on each axis). A normal within about
// 14° of an axis counts as a straight wall; any other normal (or an
// unknown one) takes Erebus's curved-wall branch. ok is false when the sign
// lies before the origin (a negative cell).
func AnswerCell(pos, normal, origin geom.Vec2) (row, col int, ok bool) {
	tx, tz := pos.X-origin.X, pos.Z-origin.Z
	if tx < 0 || tz < 0 || math.IsNaN(tx) || math.IsNaN(tz) || tx > 1e3 || tz > 1e3 {
		return 0, 0, false
	}
	n := normal
	if l := n.Len(); l > 0 {
		n = n.Scale(1 / l)
	}
	wall := erebus.SignWallCurved
	switch {
	case math.Abs(n.X) >= 0.97: // wall along Z (yaw ±1.57)
		wall = erebus.SignWallAlongZ
	case math.Abs(n.Z) >= 0.97: // wall along X (yaw 0 or 3.14)
		wall = erebus.SignWallAlongX
	}
	row, col = erebus.SignCell(tx, tz, wall)
	return row, col, true
}
