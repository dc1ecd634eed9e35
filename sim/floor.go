package sim

import (
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// quarterSize is the side of a quarter tile.
const quarterSize = world.TileSize / 2

// floorMap caches the floor of every quarter tile for fast lookups.
type floorMap struct {
	x0, z0 float64
	nx, nz int
	kind   []world.Floor
	col    []rgb
	pk     []uint32 // col packed as BGRA
	known  []bool
}

func newFloorMap(w *world.World) *floorMap {
	f := &floorMap{
		x0: -float64(w.Cols)*world.TileSize/2 - world.TileSize/2,
		z0: -float64(w.Rows)*world.TileSize/2 - world.TileSize/2,
		nx: 2 * max(w.Cols, 0), nz: 2 * max(w.Rows, 0),
	}
	n := f.nx * f.nz
	f.kind = make([]world.Floor, n)
	f.col = make([]rgb, n)
	f.pk = make([]uint32, n)
	f.known = make([]bool, n)
	for z := 0; z < f.nz; z++ {
		for x := 0; x < f.nx; x++ {
			p := geom.Vec2{X: f.x0 + (float64(x)+0.5)*quarterSize, Z: f.z0 + (float64(z)+0.5)*quarterSize}
			q, ok := w.QuarterAt(p)
			i := z*f.nx + x
			if !ok {
				f.col[i] = colOutside
				continue
			}
			f.known[i] = true
			f.kind[i] = q.Floor
			f.col[i] = floorColour(q)
		}
	}
	for i, c := range f.col {
		f.pk[i] = c.bgra()
	}
	return f
}

// floorColour is the colour of a quarter's floor.
func floorColour(q world.Quarter) rgb {
	switch q.Floor {
	case world.FloorHole:
		return colHole
	case world.FloorSwamp:
		return colSwamp
	case world.FloorCheckpoint:
		return colCheckpt
	case world.FloorStart:
		return colStart
	}
	if c, ok := passageColour(q.Passage); ok {
		return c
	}
	return colFloor
}

// index returns the quarter under (x, z), or −1 outside the arena.
func (f *floorMap) index(x, z float64) int {
	fx := (x - f.x0) / quarterSize
	fz := (z - f.z0) / quarterSize
	if !(fx >= 0 && fz >= 0 && fx < float64(f.nx) && fz < float64(f.nz)) {
		return -1
	}
	return int(fz)*f.nx + int(fx)
}

// colour returns the floor colour at (x, z).
func (f *floorMap) colour(x, z float64) rgb {
	i := f.index(x, z)
	if i < 0 {
		return colOutside
	}
	return f.col[i]
}

// packed returns the floor colour at (x, z) as packed BGRA.
func (f *floorMap) packed(x, z float64) uint32 {
	i := f.index(x, z)
	if i < 0 {
		return colOutside.bgra()
	}
	return f.pk[i]
}

// hasFloor reports whether (x, z) is over a tile that has a floor or a
// trap. Erebus's arena has no ground of its own: the tiles' floor boxes
// are the only floor (worldTile.proto l.68-110: the FLOOR box only when
// the tile's floor field is TRUE; the worlds hold no other floor Solid),
// so past the tiles, through a gap in the outer wall or on a tile
// without floor, the robot falls, and below y −0.035 Erebus relocates it
// (MainSupervisor.update, docs/erebus-rules.md §2.3). The robot tips once
// its centre is past the edge, as over a hole's opening; the floor box's
// inset of half a wall's thickness on an outer side (5 mm) is left out.
func (f *floorMap) hasFloor(x, z float64) bool {
	i := f.index(x, z)
	return i >= 0 && f.known[i]
}

// isHole reports whether (x, z) is over a hole.
func (f *floorMap) isHole(x, z float64) bool {
	i := f.index(x, z)
	return i >= 0 && f.known[i] && f.kind[i] == world.FloorHole
}
