package nav

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// TestOutsideArena: the bound on an axis holds once the outermost wall
// lines seen on it lie symmetrically about erebus.GridCentre, and lifts
// when a wall is seen beyond one of them.
func TestOutsideArena(t *testing.T) {
	// A 4×2 arena (Erebus places its tiles' sides at x −0.30 … 0.18 and
	// z −0.18 … 0.06), the start on tile (0, 0), centred at (−0.24, −0.12).
	vert := func(m *Map, dx int) { // the vertical outer wall dx tiles right of the start tile's left side
		r, c := m.StartTile()
		for j := 0; j <= 8; j++ {
			m.SetWall(4*r+j, 4*(c+dx))
		}
	}
	horiz := func(m *Map, dz int) {
		r, c := m.StartTile()
		for j := 0; j <= 16; j++ {
			m.SetWall(4*(r+dz), 4*c+j)
		}
	}
	for _, tc := range []struct {
		name  string
		walls func(m *Map)
		p     geom.Vec2
		want  bool
	}{
		{"no walls", func(*Map) {}, geom.Vec2{X: 0.3, Z: -0.12}, false},
		{"beyond the east side", func(m *Map) { vert(m, 0); vert(m, 4) }, geom.Vec2{X: 0.24, Z: -0.12}, true},
		{"beyond the west side", func(m *Map) { vert(m, 0); vert(m, 4) }, geom.Vec2{X: -0.36, Z: -0.12}, true},
		{"inside", func(m *Map) { vert(m, 0); vert(m, 4) }, geom.Vec2{X: 0.12, Z: -0.12}, false},
		{"on the east side's line", func(m *Map) { vert(m, 0); vert(m, 4) }, geom.Vec2{X: 0.18, Z: -0.12}, false},
		{"one side only", func(m *Map) { vert(m, 0); vert(m, 3) }, geom.Vec2{X: 0.24, Z: -0.12}, false},
		{"a wall seen beyond", func(m *Map) { vert(m, 0); vert(m, 4); vert(m, 5) }, geom.Vec2{X: 0.24, Z: -0.12}, false},
		{"beyond the bottom", func(m *Map) { horiz(m, 0); horiz(m, 2) }, geom.Vec2{X: 0, Z: 0.12}, true},
		{"x bound says nothing of z", func(m *Map) { vert(m, 0); vert(m, 4) }, geom.Vec2{X: 0, Z: 0.12}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMap(geom.Vec2{X: -0.24, Z: -0.12}, DefaultRobot(), DefaultMapConfig())
			tc.walls(m)
			if got := m.OutsideArena(tc.p); got != tc.want {
				t.Errorf("OutsideArena(%v) = %v, want %v", tc.p, got, tc.want)
			}
		})
	}
}
