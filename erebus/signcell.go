package erebus

// SignWall is the kind of wall Erebus's MapAnswer takes a sign to stand on,
// which decides how the sign's answer cell is found (docs/erebus-rules.md §3
// "Signs", item 4; MapAnswer.py generateAnswer). MapAnswer tells it from the
// sign's yaw; a robot tells it from the facing it estimated.
type SignWall int

const (
	// SignWallAlongZ is a wall along Z, facing ±X (yaw ±1.57).
	SignWallAlongZ SignWall = iota
	// SignWallAlongX is a wall along X, facing ±Z (yaw 0 or ±3.14).
	SignWallAlongX
	// SignWallCurved is any other yaw: Erebus's curved-wall branch.
	SignWallCurved
)

// Answer cell arithmetic (docs/erebus-rules.md §3 "Signs", items 3-4).
const (
	// signCellStep is the 0.024 m of the first estimate, int(t/0.024) − int(t/0.12).
	signCellStep = 0.024
	// signStraightBand is how far (m) a sign on a straight wall may lie off
	// its tile's centre line before it moves one cell.
	signStraightBand = 0.02
	// signCurvedBand is the same for the row of a sign on a curved wall,
	// which moves two cells.
	signCurvedBand = 0.03
)

// SignCell returns the answer-matrix cell (row, col) of a sign at (tx, tz)
// metres from the matrix's corner (the arena's left edge X and top edge Z)
// on a wall of kind w, as MapAnswer computes it (docs/erebus-rules.md §3
// "Signs", items 2-4). Python's int() truncates toward zero, as Go's
// conversion does; callers keep tx and tz non-negative and bounded.
func SignCell(tx, tz float64, w SignWall) (row, col int) {
	col = int(tx/signCellStep) - int(tx/TileSize)
	row = int(tz/signCellStep) - int(tz/TileSize)
	// off is the distance of t from the centre of its tile.
	off := func(t float64) float64 { return t - (float64(int(t/TileSize))*TileSize + QuarterTile) }
	centre := func(t float64) int { return 4*int(t/TileSize) + 2 }
	straight := func(t float64) int {
		v := centre(t)
		if d := off(t); d < -signStraightBand {
			v--
		} else if d > signStraightBand {
			v++
		}
		return v
	}
	switch w {
	case SignWallAlongZ:
		row = straight(tz)
	case SignWallAlongX:
		col = straight(tx)
	default:
		col = centre(tx)
		if d := off(tx); d < 0 {
			col--
		} else if d > 0 {
			col++
		}
		row = centre(tz)
		if d := off(tz); d < -signCurvedBand {
			row -= 2
		} else if d > signCurvedBand {
			row += 2
		}
	}
	return row, col
}
