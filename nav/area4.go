package nav

// seedArea4 marks as area 4 the tiles not seen yet that open onto a
// connection tile to area 4 (red, green, orange) none of whose open sides
// leads to a tile known to be area 4, within the rectangle of the tiles
// seen. Such a connection was reached from its other area: what lies
// beyond it is area 4 (docs/erebus-rules.md §3: the connection colours name the two
// areas they join), and a robot that did not drive in still maps it as
// '*'. Areas then spreads area 4 from there into the unseen tiles behind.
func (m *Map) seedArea4(area []int8, passages []int) {
	r0, c0, r1, c1 := gridTiles, gridTiles, -1, -1
	for t := range m.floor {
		if m.floor[t] != FloorUnknown {
			tr, tc := t/gridTiles, t%gridTiles
			r0, c0, r1, c1 = min(r0, tr), min(c0, tc), max(r1, tr), max(c1, tc)
		}
	}
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
			if m.floor[nb] == FloorUnknown && area[nb] == 0 && tr >= r0 && tr <= r1 && tc >= c0 && tc <= c1 {
				area[nb] = 4
			}
		}
	}
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
