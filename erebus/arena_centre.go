package erebus

// Where the tile grid lies. worldTile.proto (l.44-47) places tile xPos at
// x = xPos·0.3·xScale − width·0.3·xScale/2 (z likewise with zPos and height),
// width and height being the arena's tile counts, written on every tile;
// halfTile.proto places its node the same way. With xScale 0.4 (TileSize)
// the centres of a W-tile row run from −W·0.06 to (W−2)·0.06, so the tile
// sides from −(W+1)·0.06 to (W−1)·0.06: whatever the arena's size, its grid
// is centred on (GridCentre, GridCentre) of the world.
const GridCentre = -TileSize / 2
