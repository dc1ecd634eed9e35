package nav

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// Arena bounds. Every wall of an Erebus arena stands inside its tile grid,
// whose sides lie symmetrically about erebus.GridCentre on each axis
// (worldTile.proto's placement), and its outer walls on the grid's sides.
// The map does not know the grid's size, but when the outermost wall lines
// it has seen on an axis, on either side, lie symmetrically about
// GridCentre, those are the grid's sides: were there a wall beyond one,
// the grid would reach farther on both sides, and the line on the other
// side would not be its side either. The odds that two inner wall lines
// are outermost and symmetric by chance are small, and seeing one wall
// beyond them lifts the bound. Then nothing past those lines is arena,
// whatever gap the outer wall has.

// arenaTol is how far from symmetric (m) the two outermost wall lines may
// be: the start tile's centre comes from a noisy GPS reading.
const arenaTol = 0.01

// arenaBox is the map's arena bounds, recomputed when the map changes.
type arenaBox struct {
	ver            uint64
	x0, x1, z0, z1 float64 // world coordinates of the grid's sides
	okX, okZ       bool
}

// arena returns the bounds for the map's current version.
func (m *Map) arena() *arenaBox {
	if m.arenaB.ver == m.version && m.arenaB.ver != 0 {
		return &m.arenaB
	}
	b := arenaBox{ver: m.version}
	r0, c0 := max(0, 4*m.t0r-4), max(0, 4*m.t0c-4)
	r1, c1 := min(gridCells-1, 4*m.t1r+8), min(gridCells-1, 4*m.t1c+8)
	vMin, vMax, hMin, hMax := gridCells, -1, gridCells, -1
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			if (r%2 == 0) == (c%2 == 0) || !m.wall(r*gridCells+c) {
				continue
			}
			if c%2 == 0 { // a vertical quarter side
				vMin, vMax = min(vMin, c), max(vMax, c)
			} else {
				hMin, hMax = min(hMin, r), max(hMax, r)
			}
		}
	}
	sym := func(lo, hi float64) bool {
		return hi-lo >= TileSize-arenaTol && math.Abs(lo+hi-2*erebus.GridCentre) <= arenaTol
	}
	if vMax >= 0 {
		b.x0, b.x1 = m.cellPos(0, vMin).X, m.cellPos(0, vMax).X
		b.okX = vMin%4 == 0 && vMax%4 == 0 && sym(b.x0, b.x1)
	}
	if hMax >= 0 {
		b.z0, b.z1 = m.cellPos(hMin, 0).Z, m.cellPos(hMax, 0).Z
		b.okZ = hMin%4 == 0 && hMax%4 == 0 && sym(b.z0, b.z1)
	}
	m.arenaB = b
	return &m.arenaB
}

// OutsideArena reports whether p lies past a side of the arena's tile
// grid, as far as the map's walls tell (see above; false while they do
// not tell). A point on a side's line is not outside.
func (m *Map) OutsideArena(p geom.Vec2) bool {
	b := m.arena()
	const eps = 0.003
	return b.okX && (p.X < b.x0-eps || p.X > b.x1+eps) || b.okZ && (p.Z < b.z0-eps || p.Z > b.z1+eps)
}

// TileOutsideArena reports whether the centre of tile (row, col) is
// outside the arena (OutsideArena).
func (m *Map) TileOutsideArena(row, col int) bool {
	return m.OutsideArena(m.TileCenter(row, col))
}
