package erebus

// Hole (trap) tile geometry: worldTile.proto (v25.0.1) puts four rim boxes
// TRAPEDGEBOX of 0.04·xScale × 0.12·yScale × 0.3·zScale around the hole,
// their centres 0.13·scale from the tile's centre (l.366-418), tops at the
// floor. With the scale 0.4 of every world the rims are 16 mm wide and
// leave an opening of 0.088 m.
const (
	// HoleRim is the width of a hole's rim (m): 0.04·0.4.
	HoleRim = 0.016
	// HoleOpening is the side of a hole's square opening (m): the tile less
	// two rims, 0.12 − 2·0.016.
	HoleOpening = TileSize - 2*HoleRim
)
