package world

import (
	"math"
	"sort"
	"strconv"

	"github.com/rescuekit/rescuekit/erebus"
)

// cell is one answer cell as Erebus's MapAnswer holds it before the final
// str(): an int or a str. setAnswer refuses to overwrite the str '*', and
// a sign appends to a str but replaces an int.
type cell struct {
	s     string
	isStr bool
}

type answerGrid struct {
	rows [][]cell
}

// at returns the cell at (r, c) with Python list indexing: a negative index
// counts from the end; out of range returns nil (Python would raise).
func (g *answerGrid) at(r, c int) *cell {
	if r < 0 {
		r += len(g.rows)
	}
	if r < 0 || r >= len(g.rows) {
		return nil
	}
	row := g.rows[r]
	if c < 0 {
		c += len(row)
	}
	if c < 0 || c >= len(row) {
		return nil
	}
	return &row[c]
}

// setAnswer is MapAnswer.setAnswer: an int write that never overwrites '*'.
func (g *answerGrid) setAnswer(r, c, v int) {
	p := g.at(r, c)
	if p == nil || (p.isStr && p.s == "*") {
		return
	}
	*p = cell{s: strconv.Itoa(v)}
}

// put is a direct assignment answerMatrix[r][c] = v (overwrites '*').
func (g *answerGrid) put(r, c int, v cell) {
	if p := g.at(r, c); p != nil {
		*p = v
	}
}

// Answer returns the map answer matrix Erebus generates for w
// (MapAnswer.generateAnswer, docs/erebus-rules.md §3), reproducing its quirks: tiles in
// WALLTILES order with later writes winning (a curve's corner 0 overwrites a
// neighbour's 1), setAnswer never overwriting '*' while floor and colour
// writes do, '*' for room-4 tiles, signs sorted by (z, x) and placed by
// their rotation, two signs in one cell concatenated, and the last
// WALLTILES child dropped when its DEF is neither TILE nor START_TILE.
// The world's rules (World.GameRules) choose the version's MapAnswer: v26.1
// reads signs' types as target codes (leaving out blank and invalid-sum
// targets) and marks obstacles 'x'; v25.0.1 does neither. Fakes are never
// in the answer (no supervisor file reads them, v26 §6). Where Python would
// raise IndexError the write is skipped.
func Answer(w *World) [][]string {
	if w == nil || len(w.Tiles) == 0 {
		return nil
	}
	order := w.answerTiles()
	minX, maxX, minZ, maxZ := math.MaxInt, math.MinInt, math.MaxInt, math.MinInt
	for _, i := range order {
		t := w.Tiles[i]
		minX, maxX = min(minX, t.X), max(maxX, t.X)
		minZ, maxZ = min(minZ, t.Z), max(maxZ, t.Z)
	}
	if len(order) == 0 {
		return nil
	}
	xSize, zSize := maxX-minX+1, maxZ-minZ+1
	g := &answerGrid{rows: make([][]cell, 4*zSize+1)}
	for r := range g.rows {
		g.rows[r] = make([]cell, 4*xSize+1)
		for c := range g.rows[r] {
			g.rows[r][c] = cell{s: "0"}
		}
	}

	for _, i := range order {
		answerTile(g, w.Tiles[i])
	}

	t0 := w.Tiles[order[0]]
	xStart := -(t0.Width * (0.3 * t0.XScale) / 2.0) - erebus.QuarterTile
	zStart := -(t0.Height * (0.3 * t0.ZScale) / 2.0) - erebus.QuarterTile
	if t0.XScale == 0 && t0.ZScale == 0 { // a World built in code
		xStart = -(t0.Width * TileSize / 2.0) - erebus.QuarterTile
		zStart = -(t0.Height * TileSize / 2.0) - erebus.QuarterTile
	}

	signs := make([]Sign, len(w.Signs))
	copy(signs, w.Signs)
	sort.SliceStable(signs, func(a, b int) bool {
		if signs[a].Pos.Z != signs[b].Pos.Z {
			return signs[a].Pos.Z < signs[b].Pos.Z
		}
		return signs[a].Pos.X < signs[b].Pos.X
	})
	rules := w.GameRules()
	for _, s := range signs {
		letter, ok := answerLetter(rules, s.Type)
		if !ok {
			continue
		}
		row, col := signCell(s, xStart, zStart)
		p := g.at(row, col)
		if p == nil {
			continue
		}
		if p.isStr {
			if p.s == "*" {
				continue
			}
			p.s += letter
		} else {
			*p = cell{s: letter, isStr: true}
		}
	}

	if rules.ObstaclesInAnswer {
		answerObstacles(g, w.Obstacles, xStart, zStart)
	}

	out := make([][]string, len(g.rows))
	for r, row := range g.rows {
		out[r] = make([]string, len(row))
		for c, v := range row {
			out[r][c] = v.s
		}
	}
	return out
}

// answerLetter is the letter MapAnswer writes for a sign of type typ, ok
// false when it writes none. Both versions write H, U, S for the victim types
// harmed, unharmed, stable (v25 MA l.433-438, v26 MA l.452-457). v25 writes
// any other type as it is (a hazmat placard's F P C O); v26 reads any other
// type as a target code, K −2 R −1 Y 0 G +1 B +2 and −1000 for any other
// letter, summed: 0..3 give F P C O and any other sum writes nothing (v26 MA
// l.458-477), so blanked and invalid-sum targets are left out (v26 §6).
func answerLetter(rules erebus.Rules, typ string) (string, bool) {
	if l, ok := erebus.VictimLetter(typ); ok {
		return string(l), true
	}
	if !rules.CognitiveTargets {
		return typ, true
	}
	sum := 0
	for i := 0; i < len(typ); i++ {
		v, ok := erebus.TargetRingValue(typ[i])
		if !ok {
			v = -1000
		}
		sum += v
	}
	if sum < 0 || sum > 3 {
		return "", false
	}
	return string("FPCO"[sum]), true
}

// answerObstacles marks obstacles 'x' as v26.1's MapAnswer does (MA
// l.555-564; v26 §6): the tile of each obstacle's centre, col = 4·int(x/0.12)
// and row = 4·int(z/0.12) from the matrix origin, gets 'x' on its four
// quarter-tile centres, overwriting whatever is there, unless the first of
// them is '*' (area 4; the guard of 26.1, commit ee2fd66). v25's MapAnswer
// never reads obstacles.
func answerObstacles(g *answerGrid, obstacles []Obstacle, xStart, zStart float64) {
	for _, o := range obstacles {
		col := 4 * pyInt((o.Center.X-xStart)/erebus.TileSize)
		row := 4 * pyInt((o.Center.Z-zStart)/erebus.TileSize)
		if p := g.at(row+1, col+1); p != nil && p.isStr && p.s == "*" {
			continue
		}
		for _, d := range [][2]int{{1, 1}, {1, 3}, {3, 1}, {3, 3}} {
			g.put(row+d[0], col+d[1], cell{s: "x", isStr: true})
		}
	}
}

// answerTiles returns the indices of the tiles MapAnswer processes, in
// order.
func (w *World) answerTiles() []int {
	var order []int
	if w.children == nil {
		n := len(w.Tiles)
		if d := w.Tiles[n-1].DEF; d != "TILE" && d != "START_TILE" {
			n--
		}
		for i := 0; i < n; i++ {
			order = append(order, i)
		}
		return order
	}
	n := len(w.children)
	if w.lastChildDEF != "TILE" && w.lastChildDEF != "START_TILE" {
		n--
	}
	for _, i := range w.children[:n] {
		if i >= 0 {
			order = append(order, i)
		}
	}
	return order
}

// curveCells lists, for each curve value 1-4, the writes relative to the
// quadrant origin (r, c): four 1s and the corner 0, in MapAnswer's order.
var curveCells = [5][5][3]int{
	1: {{0, 0, 1}, {0, 1, 1}, {0, 2, 0}, {1, 2, 1}, {2, 2, 1}},
	2: {{2, 0, 1}, {2, 1, 1}, {2, 2, 0}, {1, 2, 1}, {0, 2, 1}},
	3: {{0, 0, 1}, {1, 0, 1}, {2, 0, 0}, {2, 1, 1}, {2, 2, 1}},
	4: {{2, 0, 1}, {1, 0, 1}, {0, 0, 0}, {0, 1, 1}, {0, 2, 1}},
}

// quadOrigin is the (row, col) offset of half-tile quadrant q (0 TL, 1 TR,
// 2 BL, 3 BR) in the tile's 5×5 block.
var quadOrigin = [4][2]int{{0, 0}, {0, 2}, {2, 0}, {2, 2}}

func answerTile(g *answerGrid, t Tile) {
	x, z := 4*t.X, 4*t.Z
	if t.Room == 4 {
		for a := 0; a < 5; a++ {
			for b := 0; b < 5; b++ {
				g.put(z+a, x+b, cell{s: "*", isStr: true})
			}
		}
		return
	}
	// Outer walls: top, bottom, right, left.
	for i := 0; i < 5; i++ {
		if t.Top > 0 {
			g.setAnswer(z, x+i, 1)
		}
	}
	for i := 0; i < 5; i++ {
		if t.Bottom > 0 {
			g.setAnswer(z+4, x+i, 1)
		}
	}
	for i := 0; i < 5; i++ {
		if t.Right > 0 {
			g.setAnswer(z+i, x+4, 1)
		}
	}
	for i := 0; i < 5; i++ {
		if t.Left > 0 {
			g.setAnswer(z+i, x, 1)
		}
	}
	if t.Half {
		for q := 0; q < 4; q++ {
			r, c := z+quadOrigin[q][0], x+quadOrigin[q][1]
			qw := t.QuarterWalls[q]
			if qw[0] > 0 { // top
				g.setAnswer(r, c, 1)
				g.setAnswer(r, c+1, 1)
				g.setAnswer(r, c+2, 1)
			}
			if qw[1] > 0 { // right
				g.setAnswer(r, c+2, 1)
				g.setAnswer(r+1, c+2, 1)
				g.setAnswer(r+2, c+2, 1)
			}
			if qw[2] > 0 { // bottom
				g.setAnswer(r+2, c, 1)
				g.setAnswer(r+2, c+1, 1)
				g.setAnswer(r+2, c+2, 1)
			}
			if qw[3] > 0 { // left
				g.setAnswer(r, c, 1)
				g.setAnswer(r+1, c, 1)
				g.setAnswer(r+2, c, 1)
			}
		}
		// Curves: TL, TR, BL, BR.
		for q := 0; q < 4; q++ {
			v := t.Curves[q]
			if v < 1 || v > 4 {
				continue
			}
			r, c := z+quadOrigin[q][0], x+quadOrigin[q][1]
			for _, wr := range curveCells[v] {
				g.setAnswer(r+wr[0], c+wr[1], wr[2])
			}
		}
	}
	centres := [4][2]int{{1, 1}, {1, 3}, {3, 1}, {3, 3}}
	floor := func(v cell) {
		for _, d := range centres {
			g.put(z+d[0], x+d[1], v)
		}
	}
	if t.Trap {
		floor(cell{s: "2"})
	}
	if t.Swamp {
		floor(cell{s: "3"})
	}
	if t.Checkpoint {
		floor(cell{s: "4"})
	}
	if t.Start {
		floor(cell{s: "5"})
	}
	if l := passageLetter(t.Color); l != 0 {
		floor(cell{s: string(l), isStr: true})
	}
}

// pyRound2 is Python's round(v, 2).
func pyRound2(v float64) float64 { return roundN(v, 2) }

// isClose is Python's math.isclose with the default rel_tol 1e-9.
func isClose(a, b float64) bool {
	if a == b {
		return true
	}
	d := math.Abs(a - b)
	return d <= 1e-9*math.Max(math.Abs(a), math.Abs(b))
}

// signCell places a sign in the answer matrix (MapAnswer.generateAnswer):
// the kind of wall comes from the sign's yaw rounded to two decimals, the
// cell from erebus.SignCell.
func signCell(s Sign, xStart, zStart float64) (row, col int) {
	m := rotMatrix(s.Rotation)
	yaw := pyRound2(math.Atan2(-m[0][2], -m[2][2]))
	wall := erebus.SignWallCurved
	switch {
	case isClose(math.Abs(yaw), 1.57):
		wall = erebus.SignWallAlongZ
	case isClose(math.Abs(yaw), 0) || isClose(math.Abs(yaw), 3.14):
		wall = erebus.SignWallAlongX
	}
	return erebus.SignCell(bounded(s.Pos.X-xStart), bounded(s.Pos.Z-zStart), wall)
}

// bounded keeps an absurd coordinate from overflowing an int conversion (a
// NaN lands out of the matrix, as a negative coordinate does).
func bounded(v float64) float64 {
	switch {
	case math.IsNaN(v), v < -1e6:
		return -1e6
	case v > 1e6:
		return 1e6
	}
	return v
}

// pyInt is Python's int() of a float: truncation toward zero, bounded so
// that absurd coordinates cannot overflow.
func pyInt(v float64) int {
	if math.IsNaN(v) {
		return math.MinInt32
	}
	if v > 1e9 {
		return 1e9
	}
	if v < -1e9 {
		return -1e9
	}
	return int(v)
}
