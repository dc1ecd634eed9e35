package nav_test

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/signs"
	"github.com/rescuekit/rescuekit/sim/mapscore"
	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

// truthMap builds the map a robot would build if it saw everything: the
// answer's wall cells and every tile's floor, aligned on the start tile.
func truthMap(t testing.TB, w *world.World) (*nav.Map, []signs.Sign) {
	t.Helper()
	start := w.Start.Pos
	m := nav.NewMap(start, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc, ok := m.TileOf(start)
	if !ok {
		t.Fatal("start outside the map")
	}
	sx, sz, ok := w.TileAt(start)
	if !ok {
		t.Fatal("start outside the world")
	}
	// The walls as the answer draws them, area 4 included.
	open := *w
	open.Tiles = append([]world.Tile(nil), w.Tiles...)
	for i := range open.Tiles {
		if open.Tiles[i].Room == 4 {
			open.Tiles[i].Room = 3
		}
	}
	ans := world.Answer(&open)
	for r, row := range ans {
		for c, v := range row {
			if v == "1" || (len(v) > 0 && v[0] >= 'A' && v[0] <= 'Z') {
				m.SetWall(4*(sr-sz)+r, 4*(sc-sx)+c)
			}
		}
	}
	for _, tl := range w.Tiles {
		q := tl.Quarter()
		f := nav.FloorPlain
		switch {
		case q.Floor == world.FloorHole:
			f = nav.FloorHole
		case q.Floor == world.FloorSwamp:
			f = nav.FloorSwamp
		case q.Floor == world.FloorCheckpoint:
			f = nav.FloorCheckpoint
		case q.Passage != 0:
			f = map[byte]nav.Floor{'b': nav.FloorBlue, 'p': nav.FloorPurple, 'r': nav.FloorRed,
				'g': nav.FloorGreen, 'o': nav.FloorOrange, 'y': nav.FloorYellow}[q.Passage]
		}
		m.SetFloor(sr-sz+tl.Z, sc-sx+tl.X, f)
	}
	var ss []signs.Sign
	for _, s := range w.Signs {
		ss = append(ss, signs.Sign{Letter: s.Letter, Pos: s.Pos, Normal: s.Normal})
	}
	return m, ss
}

func TestMatrixAgainstAnswer(t *testing.T) {
	type tc struct {
		name string
		w    func(t *testing.T) *world.World
		min  float64
	}
	load := func(name string) func(t *testing.T) *world.World {
		return func(t *testing.T) *world.World {
			w, err := world.Load(filepath.Join(sharedtest.Path(t, "erebus", "worlds"), name+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			return w
		}
	}
	gen := func(seed int64, cols, rows int) func(t *testing.T) *world.World {
		return func(t *testing.T) *world.World {
			w, err := worldgen.Generate(worldgen.Options{Seed: seed, Cols: cols, Rows: rows, Rules: erebus.V25})
			if err != nil {
				t.Fatal(err)
			}
			return w
		}
	}
	cases := []tc{
		{"world1", load("world1"), 1},
		{"world2", load("world2"), 0.99},
		{"NewPassages", load("NewPassages"), 0.99},
		{"room4_small", load("room4_small"), 0.9},
		{"gen-6x6", gen(1, 6, 6), 1},
		{"gen-10x8", gen(2, 10, 8), 1},
		{"gen-16x14", gen(3, 16, 14), 1},
	}
	sizes := [][2]int{{6, 6}, {8, 8}, {10, 8}, {12, 12}, {16, 14}, {5, 7}, {20, 20}, {9, 4}}
	for i := range 40 {
		sz := sizes[i%len(sizes)]
		cases = append(cases, tc{fmt.Sprintf("gen-%d-%dx%d", 100+i, sz[0], sz[1]), gen(int64(100+i), sz[0], sz[1]), 0.98})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := c.w(t)
			m, signs := truthMap(t, w)
			got := m.Matrix(signs)
			score, err := mapscore.Score(world.Answer(w), got)
			if err != nil {
				t.Fatal(err)
			}
			if score < c.min {
				t.Errorf("map score %.4f of the matrix built from the true map, want ≥ %.2f", score, c.min)
			}
			t.Logf("%s: %.4f", c.name, score)
		})
	}
}

// readAnswer reads an answer matrix Erebus's own MapAnswer generated (a
// JSON array of rows of cells).
func readAnswer(t *testing.T, path string) [][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var a [][]string
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return a
}

// seeObstacles adds to m the distance readings a robot driving around each
// obstacle would take: points every 5 mm along its outline, seen views
// times (a robot's sensors read it step after step; a few readings are
// taken for stray ones).
func seeObstacles(m *nav.Map, obs []world.Obstacle) {
	for range views {
		seeOutlines(m, obs)
	}
}

// views is how many times the tests' readings are taken.
const views = 5

func seeOutlines(m *nav.Map, obs []world.Obstacle) {
	for _, o := range obs {
		c, s := math.Cos(o.Yaw), math.Sin(o.Yaw)
		corner := func(i int) (float64, float64) {
			x, z := o.Half.X, o.Half.Z
			if i == 1 || i == 2 {
				x = -x
			}
			if i >= 2 {
				z = -z
			}
			return x*c + z*s, -x*s + z*c
		}
		for i := range 4 {
			ax, az := corner(i)
			bx, bz := corner((i + 1) % 4)
			n := int(math.Ceil(math.Hypot(bx-ax, bz-az) / 0.005))
			for k := range n {
				f := float64(k) / float64(n)
				m.AddReading(geom.Vec2{X: o.Center.X + ax + f*(bx-ax), Z: o.Center.Z + az + f*(bz-az)})
			}
		}
	}
}

// cellsOf returns the cells of a matrix holding v, relative to its first
// '5' (the scorer aligns a submission with the answer on it).
func cellsOf(a [][]string, v string) map[[2]int]bool {
	var r5, c5 int
	found := false
	for i := 0; i < len(a) && !found; i++ {
		for j := range a[i] {
			if a[i][j] == "5" {
				r5, c5, found = i, j, true
				break
			}
		}
	}
	out := map[[2]int]bool{}
	for i, row := range a {
		for j, c := range row {
			if c == v {
				out[[2]int{i - r5, j - c5}] = true
			}
		}
	}
	return out
}

// TestMatrixObstacles checks the rule of Erebus v26.1's MapAnswer
// (docs/erebus-v26.md §6, MA l.555-564): the tile holding an obstacle's
// centre gets 'x' on its four quarter-tile centre cells, over its floor; a
// v25.0.1 matrix (no option) never holds 'x'.
func TestMatrixObstacles(t *testing.T) {
	type box struct{ dx, dz, half float64 } // offset from the start tile's centre, half size
	cases := []struct {
		name     string
		boxes    []box
		opt      bool
		wantXAt  [][2]int // tiles (row, col) relative to the start tile
		wantNone bool
	}{
		{"box in a quadrant of the tile right of the start", []box{{0.12 + 0.03, 0.03, 0.015}}, true, [][2]int{{0, 1}}, false},
		{"box two tiles below", []box{{-0.03, 0.24 - 0.03, 0.014}}, true, [][2]int{{2, 0}}, false},
		{"two boxes", []box{{0.12 + 0.03, 0.03, 0.015}, {-0.12 - 0.03, -0.12 + 0.03, 0.015}}, true, [][2]int{{0, 1}, {-1, -1}}, false},
		{"v25: no option", []box{{0.12 + 0.03, 0.03, 0.015}}, false, nil, true},
		// No world Erebus scores has one there: 'x' would replace the '5'
		// its scorer aligns on (docs/erebus-v26.md §6-7).
		{"box on the start tile", []box{{0.03, 0.03, 0.015}}, true, nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
			for r := -2; r <= 2; r++ {
				for cc := -2; cc <= 2; cc++ {
					m.SetFloor(nav.MaxTiles+r, nav.MaxTiles+cc, nav.FloorPlain)
				}
			}
			st := m.Start()
			var obs []world.Obstacle
			for _, b := range c.boxes {
				obs = append(obs, world.Obstacle{Center: geom.Vec2{X: st.X + b.dx, Z: st.Z + b.dz}, Half: geom.Vec2{X: b.half, Z: b.half}})
			}
			seeObstacles(m, obs)
			mat := m.MatrixWith(nil, nav.MatrixOptions{Obstacles: c.opt})
			if n := len(cellsOf(mat, "5")); n != 4 {
				t.Errorf("%d cells '5', want the start tile's 4", n)
			}
			got := cellsOf(mat, "x")
			want := map[[2]int]bool{}
			for _, tl := range c.wantXAt {
				// Relative to the start tile's '5' cell (row 1, col 1 of its block).
				for _, d := range [4][2]int{{0, 0}, {0, 2}, {2, 0}, {2, 2}} {
					want[[2]int{4*tl[0] + d[0], 4*tl[1] + d[1]}] = true
				}
			}
			if !maps.Equal(got, want) {
				t.Errorf("'x' cells (from the first '5') %v, want %v", sortedCells(got), sortedCells(want))
			}
		})
	}
}

// TestMatrixObstaclesShared builds the true map of the v26.1 worlds that
// hold obstacles, sees each obstacle's whole outline, and checks the result
// against the answer Erebus v26.1's MapAnswer generated: no 'x' where the
// answer has none, and no lower score than without the option. (The
// obstacles of these worlds stand at tile centres, where parts of their
// outline lie within the map's snapping tolerance of the tile's middle
// lines and count as walls there: the map then has no free obstacle nodes
// to mark.)
func TestMatrixObstaclesShared(t *testing.T) {
	v26 := sharedtest.Path(t, "erebus", "v26")
	for _, name := range []string{"world3", "mapping_example_2", "world1", "world4"} {
		t.Run(name, func(t *testing.T) {
			w, err := world.Load(filepath.Join(v26, "worlds", name+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			want := readAnswer(t, filepath.Join(v26, "answers", name+".answer.json"))
			m, signs := truthMap(t, w)
			seeObstacles(m, w.Obstacles)
			got := m.MatrixWith(signs, nav.MatrixOptions{Obstacles: true})
			wantX := cellsOf(want, "x")
			for c := range cellsOf(got, "x") {
				if !wantX[c] {
					t.Errorf("'x' at %v (from the first '5'), not in the answer (its 'x': %v)", c, sortedCells(wantX))
				}
			}
			without, err := mapscore.Score(want, m.Matrix(signs))
			if err != nil {
				t.Fatal(err)
			}
			with, err := mapscore.Score(want, got)
			if err != nil {
				t.Fatal(err)
			}
			if with < without {
				t.Errorf("map score %.4f with obstacles, %.4f without", with, without)
			}
			if x := cellsOf(m.Matrix(signs), "x"); len(x) != 0 {
				t.Errorf("Matrix (no options) wrote 'x' in %d cells", len(x))
			}
			t.Logf("%s: %d obstacles, score %.4f with 'x', %.4f without", name, len(w.Obstacles), with, without)
		})
	}
}

// TestMatrixNoObstacleFromWalls: readings along walls, just beyond the
// tolerance that snaps them onto the wall line, and a curved wall's arc
// make no 'x'.
func TestMatrixNoObstacleFromWalls(t *testing.T) {
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	st := m.Start()
	for range views {
		// A wall along the start tile's top edge, seen 1.5 cm off its line.
		for x := -0.06; x <= 0.06; x += 0.005 {
			m.AddReading(geom.Vec2{X: st.X + x, Z: st.Z - 0.06 + 0.015})
		}
		// A quarter circle of radius 0.06 around the next tile's corner.
		for a := 0.0; a <= math.Pi/2; a += 0.05 {
			m.AddReading(geom.Vec2{X: st.X + 0.06 + 0.06*math.Cos(a), Z: st.Z + 0.06 - 0.06*math.Sin(a)})
		}
	}
	for r := range 3 {
		for c := range 3 {
			m.SetFloor(nav.MaxTiles-1+r, nav.MaxTiles-1+c, nav.FloorPlain)
		}
	}
	got := m.MatrixWith(nil, nav.MatrixOptions{Obstacles: true})
	if x := cellsOf(got, "x"); len(x) != 0 {
		t.Errorf("'x' in %d cells (%v), want none: no obstacle was seen", len(x), sortedCells(x))
	}
}

func sortedCells(s map[[2]int]bool) [][2]int {
	out := slices.Collect(maps.Keys(s))
	slices.SortFunc(out, func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	return out
}
