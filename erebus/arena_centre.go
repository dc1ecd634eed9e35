package erebus

// Where the tile grid lies. worldTile.proto (l.44-47) places tile xPos at
// x = xPos·0.3·xScale − width·0.3·xScale/2 (z likewise with zPos and height),
// width and height being the arena's tile counts, written on every tile;
// halfTile.proto places its node the same way. With xScale 0.4 (TileSize)
// the centres of a W-tile row run from −W·0.06 to (W−2)·0.06, so the tile
// sides from −(W+1)·0.06 to (W−1)·0.06: whatever the arena's size, its grid
// is centred on (GridCentre, GridCentre) of the world.
const GridCentre = -TileSize / 2

// Curved walls (curvedWall.proto l.49: an unscaled quarter ring of radii
// 0.055 and 0.065 m; l.24-35: its centre on a corner of the quadrant or
// tile that holds it). Quadrant and tile corners are all on the lattice of
// QuarterTile spacing.
const (
	CurveInnerRadius = 0.055
	CurveOuterRadius = 0.065
)
