package nav

import (
	"math"
	"slices"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/signs"
)

// SignCell returns the matrix cell (row, col) of the full grid where the
// Erebus answer puts sign s (docs/erebus-rules.md §3 "Signs"): on a vertical wall the
// column comes from x and the row is the tile's middle row, moved one
// cell up or down when the sign is more than 2 cm off the tile's centre;
// on a horizontal wall the other way round; on a curved wall (normal
// neither along x nor z) the cell beside the tile centre towards the sign.
func (m *Map) SignCell(s signs.Sign) (row, col int) {
	tx, tz := s.Pos.X-m.origin.X, s.Pos.Z-m.origin.Z
	if math.IsNaN(tx) || math.IsNaN(tz) || math.Abs(tx) > 1e6 || math.Abs(tz) > 1e6 {
		return math.MinInt32, math.MinInt32 // outside every matrix
	}
	nx, nz := math.Abs(s.Normal.X), math.Abs(s.Normal.Z)
	wall := erebus.SignWallCurved
	switch {
	case nx == 0 && nz == 0:
		// Unknown facing: the nearest wall line decides.
		u, v := tx/CellSize, tz/CellSize
		if math.Abs(u-2*math.Round(u/2)) <= math.Abs(v-2*math.Round(v/2)) {
			wall = erebus.SignWallAlongZ
		} else {
			wall = erebus.SignWallAlongX
		}
	case nx > 0.92: // vertical wall (faces ±x)
		wall = erebus.SignWallAlongZ
	case nz > 0.92: // horizontal wall
		wall = erebus.SignWallAlongX
	}
	return erebus.SignCell(tx, tz, wall)
}

// Areas returns the area (1–4, 0 unknown) of every tile, indexed
// row*n+col over the full grid of n×n tiles (n = 2·MaxTiles+1).
//
// Tiles whose floor is known form components over the open sides between
// them, connection tiles left out. The start's component is area 1. A
// free space of an area-4 room (freeSpace) whose open 2×2 blocks fall into
// several groups is split into one component per group (splitByBlocks).
// A component can only be in the areas every connection tile beside it
// joins (a free space only those to area 4); when that leaves one area,
// it is that one. Of the components beside a connection to area 4 that
// may be either of its areas, the most room-like (one bordering area 4
// already first, then open 2×2 blocks of tiles, then few walls between its
// own tiles) is area 4, unless one beside it already is, and the others
// are the other area. Otherwise the area comes
// from crossing connections from the start: a connection tile is entered
// from one of its areas, and what lies beyond it not yet labelled is the
// other. A component still unlabelled that borders area 4 alone is area 4
// (enclosedArea4). A connection tile itself belongs to the area most of its
// open sides lead to (ties: the lower area). Finally area 4 spreads into
// the tiles not seen yet that open onto it, within the rectangle of the
// tiles seen widened to Erebus's grid (seedArea4, spreadArea4).
func (m *Map) Areas() []int8 {
	n := gridTiles * gridTiles
	area := make([]int8, n)
	st := MaxTiles*gridTiles + MaxTiles
	comp, nc := m.components()
	if comp[st] < 0 {
		return area
	}
	var passages []int
	for t := range n {
		if m.floor[t].isPassage() {
			passages = append(passages, t)
		}
	}
	// A free space is one room: one whose open blocks fall into several
	// groups is several, which walls not seen joined (splitByBlocks).
	blocks := m.openBlocks(comp, int(nc))
	for c, f := range m.freeSpace(comp, blocks, passages) {
		if f && int32(c) != comp[st] { // the start's is area 1 whole
			nc = m.splitByBlocks(comp, int32(c), nc)
		}
	}
	blocks = m.openBlocks(comp, int(nc))
	free := m.freeSpace(comp, blocks, passages)
	mask := m.areaMasks(comp, nc, passages, free)
	compArea := make([]int8, nc)
	// Openness: open sides between tiles of one component (right and
	// down neighbours), over all such pairs.
	open, pairs := make([]int, nc), make([]int, nc)
	for t := range n {
		c := comp[t]
		if c < 0 {
			continue
		}
		tr, tc := t/gridTiles, t%gridTiles
		on := m.openNeighbours(t)
		for _, nb := range []int{t + 1, t + gridTiles} {
			if (nb == t+1 && tc == gridTiles-1) || (nb == t+gridTiles && tr == gridTiles-1) || comp[nb] != c {
				continue
			}
			pairs[c]++
			for _, o := range on {
				if o == nb {
					open[c]++
				}
			}
		}
	}
	mask[comp[st]] = 1
	for c := range compArea {
		switch mask[c] {
		case 1, 2, 4, 8:
			compArea[c] = int8(bitsIndex(mask[c]) + 1)
		}
	}
	// Beside a connection to area 4, of the components that may be either
	// area, the most room-like is area 4 (unless one beside it already is)
	// and the others are the other area.
	roomScore := func(c int32) float64 {
		sc := float64(blocks[c]) * 1000
		if pairs[c] > 0 {
			sc += 100 * float64(open[c]) / float64(pairs[c])
		}
		return sc
	}
	for _, p := range passages {
		a, b, _ := m.floor[p].Passage()
		if b != 4 {
			continue
		}
		want := uint8(1<<(a-1) | 8)
		has4 := false
		var cands []int32
		for _, nb := range m.openNeighbours(p) {
			c := comp[nb]
			if c < 0 {
				continue
			}
			if compArea[c] == 4 {
				has4 = true
			}
			if compArea[c] == 0 && mask[c] == want && !slices.Contains(cands, c) {
				cands = append(cands, c)
			}
		}
		best := int32(-1)
		if !has4 {
			// A part of a free space split off (splitByBlocks) that
			// borders area 4 is that room's before any other.
			near4 := make([]bool, len(cands))
			for i, c := range cands {
				near4[i] = m.borders(comp, c, compArea, 4)
			}
			bi := -1
			for i, c := range cands {
				if roomScore(c) >= 85 && (bi < 0 || near4[i] && !near4[bi] || near4[i] == near4[bi] && roomScore(c) > roomScore(cands[bi])) {
					bi = i
				}
			}
			if bi >= 0 {
				best = cands[bi]
			}
			if best < 0 && len(cands) == 1 && m.onlyOtherSide(p, cands[0], int8(a), comp, compArea) {
				best = cands[0]
			}
		}
		for _, c := range cands {
			if c == best {
				compArea[c] = 4
			} else {
				compArea[c] = int8(a)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, p := range passages {
			a, b, _ := m.floor[p].Passage()
			var from int8
			for _, nb := range m.openNeighbours(p) {
				if c := comp[nb]; c >= 0 && (int(compArea[c]) == a || int(compArea[c]) == b) {
					from = compArea[c]
					break
				}
			}
			if from == 0 {
				continue
			}
			other := int8(a + b - int(from))
			for _, nb := range m.openNeighbours(p) {
				if c := comp[nb]; c >= 0 && compArea[c] == 0 {
					compArea[c] = other
					changed = true
				}
			}
		}
	}
	m.enclosedArea4(comp, compArea)
	for t := range n {
		if c := comp[t]; c >= 0 {
			area[t] = compArea[c]
		}
	}
	for _, p := range passages {
		a, b, _ := m.floor[p].Passage()
		var na, nb int
		for _, nbr := range m.openNeighbours(p) {
			switch int(area[nbr]) {
			case a:
				na++
			case b:
				nb++
			}
		}
		switch {
		case na == 0 && nb == 0:
		case nb > na:
			area[p] = int8(b)
		default:
			area[p] = int8(a)
		}
	}
	m.seedArea4(area, passages)
	m.spreadArea4(area)
	return area
}

// onlyOtherSide reports whether component cand is the only way from
// connection tile p into another area than a: every open side of p leads to
// a tile seen, of area a or of cand, or to a tile not seen that opens onto
// a tile seen of area a (opensOnto). A connection tile joins the two areas
// its colour names (docs/erebus-rules.md §3; Erebus builds them between
// areas), so its area-4 side is then cand, however little of that room the
// robot saw (an area-4 room whose own walls, off the tile grid, leave no
// way in on the lattice).
func (m *Map) onlyOtherSide(p int, cand int32, a int8, comp []int32, compArea []int8) bool {
	for _, nb := range m.openNeighbours(p) {
		c := comp[nb]
		if c >= 0 && (c == cand || compArea[c] == a) || c < 0 && m.floor[nb] == FloorUnknown && m.opensOnto(nb, p, a, comp, compArea) {
			continue
		}
		return false // unseen, another connection tile, or another area
	}
	return true
}

// opensOnto reports whether tile t, not seen, opens (sideNeighbours) onto
// a tile seen of area a other than connection tile p: it is taken as area
// a's, as spreadArea4 and seedArea4 take it (a quarter of wall never
// recorded between a connection tile and the room beside it is not a way
// into area 4).
func (m *Map) opensOnto(t, p int, a int8, comp []int32, compArea []int8) bool {
	for _, nb := range m.sideNeighbours(t) {
		if c := comp[nb]; nb != p && c >= 0 && compArea[c] == a {
			return true
		}
	}
	return false
}

// openNeighbours returns the tiles next to tile t joined to it through an
// open quarter of their shared side whose quarter tiles on both sides are
// no pockets (pocket).
func (m *Map) openNeighbours(t int) []int { return m.neighbours(t, true) }

// sideNeighbours returns the tiles next to tile t across a quarter of
// their shared side that is no wall, pockets or not.
func (m *Map) sideNeighbours(t int) []int { return m.neighbours(t, false) }

// neighbours returns the tiles next to tile t across an open quarter of
// their shared side, leaving out, with pockets, the quarter sides that open
// into a pocket on either side.
func (m *Map) neighbours(t int, pockets bool) []int {
	tr, tc := t/gridTiles, t%gridTiles
	var out []int
	r, c := 4*tr, 4*tc
	// through reports whether the quarter side at cell (row, col) joins
	// quarter q of t to quarter qn of the tile nb beyond it.
	through := func(row, col, q, nb, qn int) bool {
		return !m.Wall(row, col) && (!pockets || !m.pocket(t, q) && !m.pocket(nb, qn))
	}
	// top, bottom: horizontal line; left, right: vertical line.
	if up := t - gridTiles; tr > 0 && (through(r, c+1, qTL, up, qBL) || through(r, c+3, qTR, up, qBR)) {
		out = append(out, up)
	}
	if dn := t + gridTiles; tr < gridTiles-1 && (through(r+4, c+1, qBL, dn, qTL) || through(r+4, c+3, qBR, dn, qTR)) {
		out = append(out, dn)
	}
	if lf := t - 1; tc > 0 && (through(r+1, c, qTL, lf, qTR) || through(r+3, c, qBL, lf, qBR)) {
		out = append(out, lf)
	}
	if rt := t + 1; tc < gridTiles-1 && (through(r+1, c+4, qTR, rt, qTL) || through(r+3, c+4, qBR, rt, qBL)) {
		out = append(out, rt)
	}
	return out
}

// Quarter tiles, as MapAnswer numbers a tile's quadrants (docs/erebus-rules.md §3).
const (
	qTL = iota
	qTR
	qBL
	qBR
)

// pocketInner lists, per quarter, the tile's two half-line cells (relative
// to the tile's top-left cell) on the quarter's inner sides, and then the
// other two.
var pocketInner = [4][4][2]int{
	qTL: {{1, 2}, {2, 1}, {2, 3}, {3, 2}},
	qTR: {{1, 2}, {2, 3}, {2, 1}, {3, 2}},
	qBL: {{3, 2}, {2, 1}, {2, 3}, {1, 2}},
	qBR: {{3, 2}, {2, 3}, {2, 1}, {1, 2}},
}

// pocket reports whether quarter q of tile t is cut off from the rest of
// its tile: both of its inner sides (on the tile's half lines) are walls
// and the other three quarters are joined to one another. A curved wall
// whose arc bulges towards the tile's centre does that: Erebus's MapAnswer
// writes a curve as its quadrant's two inner sides (docs/erebus-rules.md
// §3, curve values 1-4), and the floor between the arc and the tile's
// corner is reached only from the tiles beyond the quarter's outer sides.
// A quarter side open into a pocket joins those tiles to the pocket, not
// to the tile: the tile, one room of the world (worldTile's room), is what
// its other quarters are joined to (mapping_example_3: an area-3 tile whose
// corner pocket opens onto area 4 was mapped '*' with its whole room).
func (m *Map) pocket(t, q int) bool {
	r, c := 4*(t/gridTiles), 4*(t%gridTiles)
	in := &pocketInner[q]
	return m.Wall(r+in[0][0], c+in[0][1]) && m.Wall(r+in[1][0], c+in[1][1]) &&
		!m.Wall(r+in[2][0], c+in[2][1]) && !m.Wall(r+in[3][0], c+in[3][1])
}

// MinMatrixTiles is the least number of tiles Matrix covers each way
// (padding with '0'): enough for any arena up to that size, whatever part
// of it the robot saw.
const MinMatrixTiles = 30

// Matrix builds the Erebus map matrix (docs/erebus-rules.md §3) from the map and the
// reported signs: 4·rows+1 × 4·cols+1 cells over the tiles whose floor is
// known, walls '1' (and the outer side of a tile stood on that lies on the
// arena grid's side, closeArenaSides), holes '2', swamps '3', checkpoints '4', the start tile
// '5', connection tiles their letter, area-4 tiles '*', and the signs'
// letters in their wall cells. The answer is aligned on the start tile, so
// the crop does not matter as long as the matrix is big enough (see
// MinMatrixTiles); unknown cells are '0', which Erebus does not count when
// the answer has '0' too.
func (m *Map) Matrix(ss []signs.Sign) [][]string { return m.MatrixWith(ss, MatrixOptions{}) }

// MatrixOptions are the choices of MatrixWith that depend on the Erebus
// version played.
type MatrixOptions struct {
	// Obstacles marks the tile of every obstacle seen 'x' (Erebus v26.1,
	// docs/erebus-v26.md §6; erebus.Rules.ObstaclesInAnswer); Erebus v25.0.1
	// never writes it.
	Obstacles bool
}

// MatrixWith is Matrix with options. With o.Obstacles, each obstacle the
// map holds (ObstacleTiles) sets the four quarter-tile centre cells of the
// tile its centre is in to 'x', over whatever they held, unless the tile is
// area 4 ('*'), as Erebus v26.1's MapAnswer does (MA l.555-564, 26.1's
// ee2fd66).
func (m *Map) MatrixWith(ss []signs.Sign, o MatrixOptions) [][]string {
	st := MaxTiles*gridTiles + MaxTiles
	area := m.Areas()
	r0, c0, r1, c1 := MaxTiles, MaxTiles, MaxTiles, MaxTiles
	for t, f := range m.floor {
		if f == FloorUnknown && area[t] == 0 {
			continue
		}
		tr, tc := t/gridTiles, t%gridTiles
		r0, c0, r1, c1 = min(r0, tr), min(c0, tc), max(r1, tr), max(c1, tc)
	}
	// Pad to at least MinMatrixTiles tiles each way: Erebus's scorer
	// shifts the submission by the offset between the two start tiles
	// inside a frame three times its size, and a small submission whose
	// start is far from the answer's falls off that frame and scores 0.
	for n := r1 - r0 + 1; n < MinMatrixTiles; n++ {
		if n%2 == 0 && r0 > 0 || r1 >= gridTiles-1 {
			r0--
		} else {
			r1++
		}
	}
	for n := c1 - c0 + 1; n < MinMatrixTiles; n++ {
		if n%2 == 0 && c0 > 0 || c1 >= gridTiles-1 {
			c0--
		} else {
			c1++
		}
	}
	rows, cols := 4*(r1-r0+1)+1, 4*(c1-c0+1)+1
	out := make([][]string, rows)
	for i := range out {
		out[i] = make([]string, cols)
		for j := range out[i] {
			if m.Wall(4*r0+i, 4*c0+j) {
				out[i][j] = "1"
			} else {
				out[i][j] = "0"
			}
		}
	}
	m.closeArenaSides(out, r0, c0, r1, c1)
	centres := [4][2]int{{1, 1}, {1, 3}, {3, 1}, {3, 3}}
	for tr := r0; tr <= r1; tr++ {
		for tc := c0; tc <= c1; tc++ {
			t := tr*gridTiles + tc
			br, bc := 4*(tr-r0), 4*(tc-c0)
			if area[t] == 4 {
				for a := 0; a < 5; a++ {
					for b := 0; b < 5; b++ {
						out[br+a][bc+b] = "*"
					}
				}
				continue
			}
			code := m.floor[t].Code()
			if t == st {
				code = "5"
			}
			if code == "0" {
				continue
			}
			for _, d := range centres {
				if out[br+d[0]][bc+d[1]] != "*" {
					out[br+d[0]][bc+d[1]] = code
				}
			}
		}
	}
	if o.Obstacles {
		for _, t := range m.ObstacleTiles() {
			br, bc := 4*(t[0]-r0), 4*(t[1]-c0)
			if br < 0 || bc < 0 || br+4 >= rows || bc+4 >= cols || out[br+1][bc+1] == "*" {
				continue
			}
			for _, d := range centres {
				out[br+d[0]][bc+d[1]] = "x"
			}
		}
	}
	// Signs are sorted as Erebus sorts them (by z, then x) so that two in
	// one cell concatenate in its order.
	sorted := append([]signs.Sign(nil), ss...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && (sorted[j].Pos.Z < sorted[j-1].Pos.Z || sorted[j].Pos.Z == sorted[j-1].Pos.Z && sorted[j].Pos.X < sorted[j-1].Pos.X); j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	seen := map[[2]int]bool{}
	for _, s := range sorted {
		if !validLetter(s.Letter) || math.IsNaN(s.Pos.X) || math.IsNaN(s.Pos.Z) {
			continue
		}
		r, c := m.SignCell(s)
		i, j := r-4*r0, c-4*c0
		if i < 0 || j < 0 || i >= rows || j >= cols || out[i][j] == "*" {
			continue
		}
		if seen[[2]int{i, j}] {
			out[i][j] += string(s.Letter)
		} else {
			out[i][j] = string(s.Letter)
			seen[[2]int{i, j}] = true
		}
	}
	return out
}

// closeArenaSides writes '1' along every side of a tile whose floor is
// known that lies on a side of the arena's tile grid, as far as the map's
// walls tell it (arena.go), when one of the side's two quarter sides is
// already a wall: Erebus puts an arena's outer walls on the grid's sides
// (a wall value > 0 sets the tile's whole side, docs/erebus-rules.md §3),
// and parts of such a side stay unseen when a quarter of the tile is
// walled off (prueba__5_-_caso_3: a corner quarter closed by two half
// walls) or a strip along it is too narrow to enter (prueba__4_-_caso_4).
// A side with no wall seen is left open: some worlds' floor reaches past
// their walls to the grid's side (of the 4,526 outer half sides of tiles
// with a floor in the five evaluation sets' worlds, 234 have no straight
// wall: 59 beside a curved wall, the rest in R2D2__*, Awesome_world__4_
// and resolucion_bordes_y_area_4). The side's end cells (tile corners) are
// set only between two wall cells of the line, never at the grid's corner,
// which a curved wall leaves '0' (§3, a curve's corner; mapa_circulito).
// out is the matrix over tiles r0..r1 × c0..c1; area-4 tiles, written
// later, are all '*'.
func (m *Map) closeArenaSides(out [][]string, r0, c0, r1, c1 int) {
	b := m.arena()
	if !b.okX && !b.okZ {
		return
	}
	const eps = CellSize / 2
	on := func(v, side float64, ok bool) bool { return ok && math.Abs(v-side) < eps }
	type side struct{ row, col, dr, dc int } // cells (row, col) + k·(dr, dc), k = 0..4
	var sides []side
	for tr := r0; tr <= r1; tr++ {
		for tc := c0; tc <= c1; tc++ {
			if m.floor[tr*gridTiles+tc] == FloorUnknown {
				continue
			}
			br, bc := 4*(tr-r0), 4*(tc-c0)
			tl, br4 := m.cellPos(4*tr, 4*tc), m.cellPos(4*tr+4, 4*tc+4) // top-left and bottom-right corners
			for _, sd := range [4]struct {
				on bool
				side
			}{
				{on(tl.Z, b.z0, b.okZ), side{br, bc, 0, 1}},
				{on(br4.Z, b.z1, b.okZ), side{br + 4, bc, 0, 1}},
				{on(tl.X, b.x0, b.okX), side{br, bc, 1, 0}},
				{on(br4.X, b.x1, b.okX), side{br, bc + 4, 1, 0}},
			} {
				// On the grid's side beyond it, and one of its two
				// quarter sides seen as wall.
				if sd.on && (out[sd.row+sd.dr][sd.col+sd.dc] == "1" || out[sd.row+3*sd.dr][sd.col+3*sd.dc] == "1") {
					sides = append(sides, sd.side)
				}
			}
		}
	}
	at := func(sd side, k int) *string {
		i, j := sd.row+k*sd.dr, sd.col+k*sd.dc
		if i < 0 || j < 0 || i >= len(out) || j >= len(out[i]) {
			return nil
		}
		return &out[i][j]
	}
	for _, sd := range sides {
		for k := 1; k <= 3; k++ {
			*at(sd, k) = "1"
		}
	}
	// A side's end only between two wall cells of the line.
	for _, sd := range sides {
		for _, e := range [2][2]int{{0, -1}, {4, 5}} {
			if p := at(sd, e[1]); p != nil && *p == "1" {
				*at(sd, e[0]) = "1"
			}
		}
	}
}

func validLetter(b byte) bool { return erebus.ValidLetter(b) }

func bitsIndex(v uint8) int {
	for i := 0; i < 8; i++ {
		if v&(1<<i) != 0 {
			return i
		}
	}
	return -1
}

// components returns the component of every tile (−1: none) and their
// number: the tiles whose floor is known, connection tiles left out,
// joined across the open sides between them (openNeighbours).
func (m *Map) components() ([]int32, int32) {
	n := gridTiles * gridTiles
	comp := make([]int32, n)
	for i := range comp {
		comp[i] = -1
	}
	var nc int32
	var queue []int
	for t := range n {
		if comp[t] >= 0 || m.floor[t] == FloorUnknown || m.floor[t].isPassage() {
			continue
		}
		comp[t] = nc
		queue = append(queue[:0], t)
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			for _, nb := range m.openNeighbours(u) {
				if comp[nb] < 0 && m.floor[nb] != FloorUnknown && !m.floor[nb].isPassage() {
					comp[nb] = nc
					queue = append(queue, nb)
				}
			}
		}
		nc++
	}
	return comp, nc
}

// areaMasks returns, per component, the areas it may be in (bit k: area
// k+1): those every connection tile beside it joins, taken in tile order,
// a connection that would leave none being passed over; a free space
// (freeSpace) only those its connections to area 4 join.
func (m *Map) areaMasks(comp []int32, nc int32, passages []int, free []bool) []uint8 {
	mask := make([]uint8, nc)
	for c := range mask {
		mask[c] = 0xF
	}
	for _, t := range passages {
		a, b, _ := m.floor[t].Passage()
		pm := uint8(1<<(a-1) | 1<<(b-1))
		for _, nb := range m.openNeighbours(t) {
			c := comp[nb]
			if c < 0 || mask[c]&pm == 0 || free[c] && b != 4 {
				continue
			}
			mask[c] &= pm
		}
	}
	return mask
}

// splitByBlocks splits component c along its open 2×2 blocks (openBlocks)
// when they fall into more than one group of overlapping blocks: each
// group is a part, and every other tile of c joins the part it is nearest
// to across open sides (ties: the part reached first in tile order). It
// returns the number of components, new parts numbered from nc on. Walls
// not seen join rooms that Erebus parts (v26 world4: the area-4 room and
// the area-2 and area-3 rooms below it, one component beside a green, a
// red, a blue and a purple tile); each room's floor is a group of open
// blocks, and the rooms meet where the walls were missed, through tiles
// that are in no open block.
func (m *Map) splitByBlocks(comp []int32, c, nc int32) int32 {
	n := gridTiles * gridTiles
	part := make([]int32, n)
	for i := range part {
		part[i] = -1
	}
	// Union-find over the tiles of c's open blocks.
	root := make(map[int]int)
	find := func(x int) int {
		for root[x] != x {
			root[x] = root[root[x]]
			x = root[x]
		}
		return x
	}
	for t := range n {
		if comp[t] != c || !m.openBlock(comp, t) {
			continue
		}
		r, d, rd := t+1, t+gridTiles, t+gridTiles+1
		for _, x := range [4]int{t, r, d, rd} {
			if _, ok := root[x]; !ok {
				root[x] = x
			}
		}
		for _, x := range [3]int{r, d, rd} {
			root[find(x)] = find(t)
		}
	}
	ids := map[int]int32{}
	var queue []int
	for t := range n {
		if _, ok := root[t]; !ok {
			continue
		}
		rt := find(t)
		id, ok := ids[rt]
		if !ok {
			id = nc + int32(len(ids)) - 1
			if len(ids) == 0 {
				id = c
			}
			ids[rt] = id
		}
		part[t] = id
		queue = append(queue, t)
	}
	if len(ids) < 2 {
		return nc
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, nb := range m.openNeighbours(u) {
			if comp[nb] == c && part[nb] < 0 {
				part[nb] = part[u]
				queue = append(queue, nb)
			}
		}
	}
	for t := range n {
		if comp[t] == c && part[t] >= 0 {
			comp[t] = part[t]
		}
	}
	return nc + int32(len(ids)) - 1
}

// borders reports whether a tile of component c opens (openNeighbours)
// onto a tile of another component of area a.
func (m *Map) borders(comp []int32, c int32, compArea []int8, a int8) bool {
	for t, tc := range comp {
		if tc != c {
			continue
		}
		for _, nb := range m.openNeighbours(t) {
			if d := comp[nb]; d >= 0 && d != c && compArea[d] == a {
				return true
			}
		}
	}
	return false
}

// openBlocks counts, per component, the 2×2 blocks of its tiles with no
// wall between them.
func (m *Map) openBlocks(comp []int32, n int) []int {
	out := make([]int, n)
	for t, c := range comp {
		if c >= 0 && m.openBlock(comp, t) {
			out[c]++
		}
	}
	return out
}

// openBlock reports whether tile t is the top-left tile of a 2×2 block of
// tiles of one component with no wall between any two of them.
func (m *Map) openBlock(comp []int32, t int) bool {
	c := comp[t]
	if c < 0 || t%gridTiles == gridTiles-1 || t/gridTiles == gridTiles-1 {
		return false
	}
	r, d, rd := t+1, t+gridTiles, t+gridTiles+1
	if comp[r] != c || comp[d] != c || comp[rd] != c {
		return false
	}
	isOpen := func(a, b int) bool { return slices.Contains(m.openNeighbours(a), b) }
	return isOpen(t, r) && isOpen(t, d) && isOpen(r, rd) && isOpen(d, rd)
}

// AddReading records a distance reading that ended at q, as Integrate does
// with a sensor's reading: a hit on the wall line it is near, or, off the
// wall lines, obstacle evidence on the nodes around it. It is for tools and
// tests that build a map from known geometry.
func (m *Map) AddReading(q geom.Vec2) {
	m.hit(q, geom.Vec2{})
	if tr, tc, ok := m.TileOf(q); ok {
		m.grow(tr, tc)
	}
}

// freeObstacle reports whether node n is an obstacle node that nothing else
// blocks: readings off the wall lines with no wall or hole beside the node
// (readings just off a wall, beyond the snapping tolerance, block the
// nodes along walls too).
func (m *Map) freeObstacle(n int) bool { return m.obstacle(n) && !m.blockedBy(n, false) }

// obstacleBlob is a group of free obstacle nodes at most two nodes apart
// each way: the nodes around one small obstacle that the robot's centre
// cannot reach, seen from its different sides (a ring of radius half the
// obstacle's size plus the body's reach, with holes where it was not
// seen).
type obstacleBlob struct {
	nodes    []int
	centre   geom.Vec2 // where its readings place the obstacle: the mean of their guesses (obstacleSeen)
	readings float64   // the readings off the wall lines near its nodes
}

// obstacleBlobs returns the groups of free obstacle nodes.
func (m *Map) obstacleBlobs() []obstacleBlob {
	var out []obstacleBlob
	seen := map[int]bool{}
	r0, c0 := 2*m.t0r, 2*m.t0c
	r1, c1 := 2*m.t1r+2, 2*m.t1c+2
	var queue []int
	for nr := r0; nr <= r1; nr++ {
		for nc := c0; nc <= c1; nc++ {
			n := nr*gridNodes + nc
			if seen[n] || !m.freeObstacle(n) {
				continue
			}
			var b obstacleBlob
			seen[n] = true
			queue = append(queue[:0], n)
			for len(queue) > 0 {
				u := queue[0]
				queue = queue[1:]
				b.nodes = append(b.nodes, u)
				ur, uc := u/gridNodes, u%gridNodes
				for dr := -2; dr <= 2; dr++ {
					for dc := -2; dc <= 2; dc++ {
						vr, vc := ur+dr, uc+dc
						if vr < 0 || vc < 0 || vr >= gridNodes || vc >= gridNodes {
							continue
						}
						v := vr*gridNodes + vc
						if !seen[v] && m.freeObstacle(v) {
							seen[v] = true
							queue = append(queue, v)
						}
					}
				}
			}
			var sum geom.Vec2
			for _, u := range b.nodes {
				s := m.seen(u)
				sum.X, sum.Z, b.readings = sum.X+s.sum.X, sum.Z+s.sum.Z, b.readings+s.n
			}
			if b.readings > 0 {
				b.centre = geom.Vec2{X: sum.X / b.readings, Z: sum.Z / b.readings}
			}
			out = append(out, b)
		}
	}
	return out
}

// Blob sizes taken as one obstacle: at least minObstacleReadings readings
// off the wall lines (fewer are stray readings), spanning at most
// maxObstacleSpan nodes each way (a longer one is a curved wall or a wall
// seen askew). A small obstacle seen from one side, or beside a wall, may
// block a single free node; its readings still number a hundred or more
// (traced on more-worlds as v26.1 at seed 1, seven worlds: 109 to 1,810
// for the obstacles; 4, 20, 41 and 277 for the groups where there was
// none). The threshold was chosen on that set at seed 1 (25: 13 tiles with
// no obstacle marked, 50: 6, 100: 4 and two obstacles fewer;
// docs/eval-real-worlds.md, "Session 21"). A group with no readings (a
// decoded map's nodes whose evidence counted none) has no centre and is
// never one.
const (
	minObstacleReadings = 50
	maxObstacleSpan     = 4
)

// ObstacleTiles returns the tiles (row, col) holding the centre of an
// obstacle the map has seen, each once: for each group of free obstacle
// nodes (nodes blocked by readings off the wall lines, with no wall or
// hole beside them) of a small obstacle's size and with enough readings,
// the tile where those readings place it (obstacleSeen).
// The start tile is never one: Erebus v26.1's answer writes 'x' over an
// obstacle's tile, '5' included (docs/erebus-v26.md §6), and its scorer
// aligns the maps on the first '5' and scores nothing without one (§7), so
// no world it scores has an obstacle there; a blob seen there (readings
// off a wall nearby) would cost the whole map.
func (m *Map) ObstacleTiles() [][2]int {
	var out [][2]int
	for _, b := range m.obstacleBlobs() {
		if b.readings < minObstacleReadings {
			continue
		}
		r0, c0, r1, c1 := gridNodes, gridNodes, -1, -1
		for _, n := range b.nodes {
			r, c := n/gridNodes, n%gridNodes
			r0, c0, r1, c1 = min(r0, r), min(c0, c), max(r1, r), max(c1, c)
		}
		if r1-r0 > maxObstacleSpan || c1-c0 > maxObstacleSpan {
			continue
		}
		tr, tc, ok := m.TileOf(b.centre)
		if !ok || tr == MaxTiles && tc == MaxTiles || slices.Contains(out, [2]int{tr, tc}) {
			continue
		}
		out = append(out, [2]int{tr, tc})
	}
	return out
}
