package nav

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// TestObstacleSeenFromOneSide: an obstacle the robot saw from one side
// only is marked 'x' in the tile that holds its centre, and stray readings
// mark none. The readings of a face lie on that face, half the obstacle's
// size in front of its centre, and block few free nodes. Before the
// readings placed it (obstacleSeen), a group of fewer than three nodes put
// it nowhere (the one-sided cases here; mw26 seed 1: AreaCicloJoaco,
// Area1Joaco4), and the mean of the nodes could put it in the tile the
// robot looked from (R2D2__7_, prueba_Day_2-6).
func TestObstacleSeenFromOneSide(t *testing.T) {
	type face struct {
		x, z0, z1 float64 // the face x = x, z0 ≤ z ≤ z1, from the start tile's centre
		dir       float64 // +1: seen from the left (rays going +x), −1 from the right
	}
	cases := []struct {
		name  string
		faces []face
		views int
		want  [][2]int // tiles with 'x', from the start tile
	}{
		// A 3 cm box centred 3 cm inside the tile right of the start
		// (x = 0.09 from the start tile's centre), seen from the start
		// tile: its left face, 1.5 cm right of the tiles' side.
		{"near side seen from the tile before", []face{{0.075, 0.015, 0.045, +1}}, 20, [][2]int{{0, 1}}},
		// The same box seen from the right: its right face.
		{"far side seen from the right", []face{{0.105, 0.015, 0.045, -1}}, 20, [][2]int{{0, 1}}},
		// The same box seen from both sides.
		{"both sides", []face{{0.075, 0.015, 0.045, +1}, {0.105, 0.015, 0.045, -1}}, 20, [][2]int{{0, 1}}},
		// A few readings off the lines, seen once: stray ones.
		{"stray readings", []face{{0.075, 0.015, 0.045, +1}}, 1, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := NewMap(geom.Vec2{}, DefaultRobot(), DefaultMapConfig())
			for r := -1; r <= 1; r++ {
				for cc := -1; cc <= 2; cc++ {
					m.SetFloor(MaxTiles+r, MaxTiles+cc, FloorPlain)
				}
			}
			st := m.Start()
			for range c.views {
				for _, f := range c.faces {
					for z := f.z0; z <= f.z1+1e-9; z += 0.005 {
						q := geom.Vec2{X: st.X + f.x, Z: st.Z + z}
						m.hitAlong(q, geom.Vec2{X: f.dir})
						if tr, tc, ok := m.TileOf(q); ok {
							m.grow(tr, tc)
						}
					}
				}
			}
			got := map[[2]int]bool{}
			for _, tl := range m.ObstacleTiles() {
				got[[2]int{tl[0] - MaxTiles, tl[1] - MaxTiles}] = true
			}
			want := map[[2]int]bool{}
			for _, tl := range c.want {
				want[tl] = true
			}
			if len(got) != len(want) {
				t.Fatalf("obstacle tiles %v, want %v", got, want)
			}
			for tl := range want {
				if !got[tl] {
					t.Fatalf("obstacle tiles %v, want %v", got, want)
				}
			}
		})
	}
}
