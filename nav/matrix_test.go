package nav_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/sim/mapscore"
	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

// truthMap builds the map a robot would build if it saw everything: the
// answer's wall cells and every tile's floor, aligned on the start tile.
func truthMap(t testing.TB, w *world.World) (*nav.Map, []nav.Sign) {
	t.Helper()
	start := w.Start.Pos
	m := nav.NewMap(nav.Point{X: start.X, Z: start.Z}, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc, ok := m.TileOf(nav.Point{X: start.X, Z: start.Z})
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
	var signs []nav.Sign
	for _, s := range w.Signs {
		signs = append(signs, nav.Sign{X: s.Pos.X, Z: s.Pos.Z, Letter: s.Letter, NX: s.Normal.X, NZ: s.Normal.Z})
	}
	return m, signs
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
			w, err := worldgen.Generate(worldgen.Options{Seed: seed, Cols: cols, Rows: rows})
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
