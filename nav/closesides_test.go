package nav_test

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestMatrixClosesArenaSides: a tile the robot stood on, on a side of the
// arena's grid, has its outer wall there in the matrix, also where the robot
// never saw it, once part of that side was seen as wall and the arena's
// bounds are known; a side seen with no wall at all, or without the bounds,
// stays as seen (prueba__5_-_caso_3: the bottom-left quarter of a 2×2 arena
// walled off by two half walls).
func TestMatrixClosesArenaSides(t *testing.T) {
	// A 2×2 arena centred on erebus.GridCentre: tile sides at −0.18, −0.06,
	// 0.06 on both axes; the start on the top-left tile, centred at
	// (−0.12, −0.12). Cells are relative to the arena's top-left corner.
	type cell [2]int
	border := func() []cell {
		var out []cell
		for k := 0; k <= 8; k++ {
			out = append(out, cell{0, k}, cell{8, k}, cell{k, 0}, cell{k, 8})
		}
		return out
	}
	without := func(cs []cell, drop ...cell) []cell {
		var out []cell
		for _, c := range cs {
			keep := true
			for _, d := range drop {
				keep = keep && c != d
			}
			if keep {
				out = append(out, c)
			}
		}
		return out
	}
	// The pocket: bottom-left quarter of tile (1, 0), its inner sides walls,
	// its outer sides (three cells not already on a seen wall) unseen.
	pocketInner := []cell{{6, 0}, {6, 1}, {6, 2}, {7, 2}, {8, 2}}
	unseen := []cell{{7, 0}, {8, 0}, {8, 1}}
	for _, tc := range []struct {
		name   string
		walls  []cell
		floors [][2]int // tiles (row, col) of the arena with a known floor
		want   map[cell]string
	}{
		{"pocket closed", append(without(border(), unseen...), pocketInner...),
			[][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}},
			// The grid's corner stays as seen: a curved wall there leaves
			// it '0' in Erebus's answer.
			map[cell]string{{7, 0}: "1", {8, 1}: "1", {8, 0}: "0"}},
		{"tile not stood on", append(without(border(), unseen...), pocketInner...),
			[][2]int{{0, 0}, {0, 1}, {1, 1}},
			map[cell]string{{7, 0}: "0", {8, 0}: "0", {8, 1}: "0"}},
		// The bottom side of tile (1, 1) seen with no wall (a world whose
		// floor reaches past its walls, R2D2__4_): left open.
		{"side seen open", without(border(), cell{8, 5}, cell{8, 6}, cell{8, 7}),
			[][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}},
			map[cell]string{{8, 5}: "0", {8, 6}: "0", {8, 7}: "0"}},
		// Without the right side, the grid's bounds along x are unknown:
		// the left side is not known to be the grid's (the bottom one
		// still is).
		{"bounds unknown", without(append(without(border(), unseen...), pocketInner...), cell{1, 8}, cell{2, 8}, cell{3, 8}, cell{4, 8}, cell{5, 8}, cell{6, 8}, cell{7, 8}),
			[][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}},
			map[cell]string{{7, 0}: "0", {8, 1}: "1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := nav.NewMap(geom.Vec2{X: -0.12, Z: -0.12}, nav.DefaultRobot(), nav.DefaultMapConfig())
			sr, sc := m.StartTile()
			for _, c := range tc.walls {
				m.SetWall(4*sr+c[0], 4*sc+c[1])
			}
			for _, f := range tc.floors {
				m.SetFloor(sr+f[0], sc+f[1], nav.FloorPlain)
			}
			out := m.Matrix(nil)
			// The start tile's first quarter centre is the matrix's first "5".
			r0, c0 := -1, -1
			for i := range out {
				for j := range out[i] {
					if out[i][j] == "5" && r0 < 0 {
						r0, c0 = i-1, j-1
					}
				}
			}
			if r0 < 0 {
				t.Fatal("no start tile in the matrix")
			}
			for c, want := range tc.want {
				if got := out[r0+c[0]][c0+c[1]]; got != want {
					t.Errorf("cell %v = %q, want %q", c, got, want)
				}
			}
		})
	}
}

// TestMatrixClosesArenaSidesVertex: the corner between two tiles whose
// outer sides are closed is a wall too (the grid's own corner: see
// TestMatrixClosesArenaSides)
// (prueba__4_-_caso_4: a strip too narrow to enter along the top of a
// 2×2 arena, under the tiles' top sides).
func TestMatrixClosesArenaSidesVertex(t *testing.T) {
	m := nav.NewMap(geom.Vec2{X: -0.12, Z: -0.12}, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc := m.StartTile()
	for k := 0; k <= 8; k++ {
		if k < 3 || k > 6 { // the top side seen at both ends only
			m.SetWall(4*sr, 4*sc+k)
		}
		m.SetWall(4*sr+8, 4*sc+k)
		m.SetWall(4*sr+k, 4*sc)
		m.SetWall(4*sr+k, 4*sc+8)
	}
	for _, f := range [][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
		m.SetFloor(sr+f[0], sc+f[1], nav.FloorPlain)
	}
	out := m.Matrix(nil)
	r0, c0 := -1, -1
	for i := range out {
		for j := range out[i] {
			if out[i][j] == "5" && r0 < 0 {
				r0, c0 = i-1, j-1
			}
		}
	}
	for k := 0; k <= 8; k++ {
		if got := out[r0][c0+k]; got != "1" {
			t.Errorf("top side cell %d = %q, want \"1\"", k, got)
		}
	}
}
