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
