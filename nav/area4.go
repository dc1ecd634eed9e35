package nav

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
)

// seedArea4 marks as area 4 the tiles not seen yet that open onto a
// connection tile to area 4 (red, green, orange) none of whose open sides
// leads to a tile known to be area 4, within the rectangle of the tiles
// seen widened to Erebus's grid (widenToGrid), unless they also open onto
// a tile seen of another area (besideOtherArea). Such a connection was
// reached from its other area: what lies beyond it is area 4
// (docs/erebus-rules.md §3: the connection colours name the two areas they
// join), and a robot that did not drive in still maps it as '*'. Areas
// then spreads area 4 from there into the unseen tiles behind.
func (m *Map) seedArea4(area []int8, passages []int) {
	r0, c0, r1, c1 := gridTiles, gridTiles, -1, -1
	for t := range m.floor {
		if m.floor[t] != FloorUnknown {
			tr, tc := t/gridTiles, t%gridTiles
			r0, c0, r1, c1 = min(r0, tr), min(c0, tc), max(r1, tr), max(c1, tc)
		}
	}
	r0, c0, r1, c1 = m.widenToGrid(r0, c0, r1, c1)
	for _, p := range passages {
		if _, b, _ := m.floor[p].Passage(); b != 4 {
			continue
		}
		nbs := m.openNeighbours(p)
		has4 := false
		for _, nb := range nbs {
			if area[nb] == 4 {
				has4 = true
			}
		}
		if has4 {
			continue
		}
		for _, nb := range nbs {
			tr, tc := nb/gridTiles, nb%gridTiles
			if m.floor[nb] == FloorUnknown && area[nb] == 0 && tr >= r0 && tr <= r1 && tc >= c0 && tc <= c1 && !m.besideOtherArea(nb, p, area) {
				area[nb] = 4
			}
		}
	}
}

// besideOtherArea reports whether tile t, not seen, opens (sideNeighbours)
// onto a tile seen of area 1–3 other than connection tile p: it is then as
// likely that area's as what lies beyond p (see spreadArea4).
func (m *Map) besideOtherArea(t, p int, area []int8) bool {
	for _, nb := range m.sideNeighbours(t) {
		if nb != p && m.floor[nb] != FloorUnknown && area[nb] >= 1 && area[nb] <= 3 {
			if !m.floor[nb].isPassage() {
				return true
			}
		}
	}
	return false
}

// area4FreeBlocks is the least number of open 2×2 blocks of tiles (no wall
// between any two of the four) a component must hold to count as the free
// space of an area-4 room.
const area4FreeBlocks = 6

// freeSpace reports, per component, whether it is the free space of an
// area-4 room: beside a connection tile to area 4 and holding at least
// area4FreeBlocks open 2×2 blocks. Erebus builds area 4 from tiles with
// room 4 whose walls it ignores (docs/erebus-rules.md §3: a tile with
// room == 4 is all '*' and nothing else is written; its floor keeps the
// ordinary tileColor) and one custom Solid (Area4_1/2 or a world's own)
// whose walls are off the 12 cm grid, so the robot sees a wide open floor
// there, and that floor's edge need not lie on a tile wall: it may open
// onto a connection tile of other areas the robot sees beside it. Such a
// component is constrained by the connections to area 4 alone.
func (m *Map) freeSpace(comp []int32, blocks []int, passages []int) []bool {
	free := make([]bool, len(blocks))
	for _, p := range passages {
		if _, b, _ := m.floor[p].Passage(); b != 4 {
			continue
		}
		for _, nb := range m.openNeighbours(p) {
			if c := comp[nb]; c >= 0 && blocks[c] >= area4FreeBlocks {
				free[c] = true
			}
		}
	}
	return free
}

// spreadArea4 spreads area 4 into the tiles not seen yet, within the
// rectangle of the tiles seen widened to Erebus's grid (widenToGrid), from
// the tiles of area 4 across the quarter sides that are no wall, pockets or
// not (sideNeighbours): an area-4 room's walls off the tile grid and its
// obstacles put readings on a tile's half lines that look like a curve's
// pocket, and Erebus writes a tile with room 4 as all '*' whatever lies in
// it (shared/erebus/RULES.md l.144; v26 world4: two tiles of its
// area-4 room '0' behind such pockets). The tiles seen of other areas (1–3,
// or not labelled; connection tiles are neutral) spread too, at the same
// pace: an unseen tile goes to area 4 only if it is nearer to area 4 than to
// any other tile seen. An unseen tile has no walls seen, so a room of area 4
// the robot looked into from its connection would otherwise flow through
// every side not seen into the unseen tiles of an ordinary room beside it
// (R8 of more-worlds: three rows of an area-3 room mapped '*'); Erebus's
// area-4 room is one room whose every tile has room 4 (docs/erebus-rules.md
// §3), and a tile just beyond a tile seen of area 1–3 with no wall seen
// between is as likely that room's as area 4's. Ties go to neither.
func (m *Map) spreadArea4(area []int8) {
	n := gridTiles * gridTiles
	r0, c0, r1, c1 := gridTiles, gridTiles, -1, -1
	for t := range n {
		if m.floor[t] != FloorUnknown {
			tr, tc := t/gridTiles, t%gridTiles
			r0, c0, r1, c1 = min(r0, tr), min(c0, tc), max(r1, tr), max(c1, tc)
		}
	}
	r0, c0, r1, c1 = m.widenToGrid(r0, c0, r1, c1)
	// owner: 0 not reached, 4 area 4, 1 another area, −1 contested.
	owner := make([]int8, n)
	level := make([]int32, n)
	var front []int
	for t := range n {
		switch {
		case area[t] == 4:
			owner[t] = 4
		case m.floor[t] == FloorUnknown:
			continue
		case m.floor[t].isPassage():
			continue
		default:
			owner[t] = 1
		}
		front = append(front, t)
	}
	var next []int
	for d := int32(1); len(front) > 0; d++ {
		next = next[:0]
		for _, u := range front {
			if owner[u] < 0 {
				continue
			}
			for _, nb := range m.sideNeighbours(u) {
				tr, tc := nb/gridTiles, nb%gridTiles
				if m.floor[nb] != FloorUnknown || tr < r0 || tr > r1 || tc < c0 || tc > c1 {
					continue
				}
				switch {
				case owner[nb] == 0:
					owner[nb], level[nb] = owner[u], d
					next = append(next, nb)
				case owner[nb] != owner[u] && level[nb] == d:
					owner[nb] = -1 // reached from both at the same distance
				}
			}
		}
		front, next = next, front
	}
	for t := range n {
		if owner[t] == 4 && area[t] == 0 {
			area[t] = 4
		}
	}
}

// enclosedArea4 labels area 4 every component no connection labelled
// (compArea 0) whose tiles border, across the quarter sides that are no wall
// (pockets included, see pocket), tiles of area 4 and neither a tile of
// another area nor a tile not seen yet. Erebus writes a tile with room 4 as
// all '*' whatever its walls (docs/erebus-rules.md §3;
// shared/erebus/RULES.md l.144), and an area-4 room holds walls off the
// 12 cm grid and obstacles (gears, arms): their readings cut the room's
// floor into pieces, closed to one another or joined only through what
// looks like a curve's pocket, that border no connection tile. Such a
// piece, seen and walled off from every other area, is part of the room
// round it (Day_2-2-FIXED3 of more-worlds: three tiles of its area-4 room
// mapped '0'). A piece that opens onto a tile not seen is not walled off:
// what lies beyond may be another area's (R8 of more-worlds as v26.1, seed
// 1: the part of an area-3 room inside a curved wall, bordering the area-4
// room below it and tiles not seen above it, mapped '*'; map 0.834, 0.940
// without).
func (m *Map) enclosedArea4(comp []int32, compArea []int8) {
	for changed := true; changed; {
		changed = false
		has4 := make([]bool, len(compArea))
		other := make([]bool, len(compArea))
		for t, c := range comp {
			if c < 0 || compArea[c] != 0 {
				continue
			}
			for _, nb := range m.sideNeighbours(t) {
				switch d := comp[nb]; {
				case d < 0 && m.floor[nb] == FloorUnknown:
					other[c] = true
				case d < 0 || d == c:
				case compArea[d] == 4:
					has4[c] = true
				case compArea[d] != 0:
					other[c] = true
				}
			}
		}
		for c := range compArea {
			if compArea[c] == 0 && has4[c] && !other[c] {
				compArea[c] = 4
				changed = true
			}
		}
	}
}

// widenToGrid widens the rectangle of tiles r0..r1 × c0..c1 to every tile
// that surely lies inside the arena's tile grid. Erebus's grid is centred
// on GridCentre whatever the arena's size (erebus.GridCentre,
// worldTile.proto l.44-47), and every wall stands inside it, so the grid
// reaches on both sides of GridCentre at least as far as the wall line
// seen farthest from it on either side: a wall seen near one side of the
// arena tells that the other side lies as far off.
func (m *Map) widenToGrid(r0, c0, r1, c1 int) (int, int, int, int) {
	if r1 < r0 || c1 < c0 {
		return r0, c0, r1, c1
	}
	lo, hi := max(0, 4*m.t0r-4), min(gridCells-1, 4*m.t1r+8)
	clo, chi := max(0, 4*m.t0c-4), min(gridCells-1, 4*m.t1c+8)
	dx, dz := -1.0, -1.0
	for r := lo; r <= hi; r++ {
		for c := clo; c <= chi; c++ {
			if (r%2 == 0) == (c%2 == 0) || !m.wall(r*gridCells+c) {
				continue
			}
			p := m.cellPos(r, c)
			if c%2 == 0 { // a vertical quarter side: a line x = const
				dx = max(dx, math.Abs(p.X-erebus.GridCentre))
			} else {
				dz = max(dz, math.Abs(p.Z-erebus.GridCentre))
			}
		}
	}
	// A tile is inside when its centre lies TileSize/2 within the bound.
	for k := range gridTiles {
		ctr := m.TileCenter(k, k)
		if math.Abs(ctr.X-erebus.GridCentre) < dx-TileSize/2+arenaTol {
			c0, c1 = min(c0, k), max(c1, k)
		}
		if math.Abs(ctr.Z-erebus.GridCentre) < dz-TileSize/2+arenaTol {
			r0, r1 = min(r0, k), max(r1, k)
		}
	}
	return r0, c0, r1, c1
}
