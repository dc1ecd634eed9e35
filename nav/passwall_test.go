package nav_test

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestPassWall: plans pass a wall made of readings once it is let pass,
// until a new reading hits it; the map still shows it. A wall set with
// SetWall, an open cell, a cell off the grid and a wall passed already are
// left as they are.
func TestPassWall(t *testing.T) {
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	r, c := m.StartTile()
	m.SetFloor(r, c, nav.FloorPlain)
	centre := m.TileCenter(r, c)
	// The start tile's right side, upper quarter: its middle cell, and the
	// node at the side's end, which the wall blocks.
	q := geom.Vec2{X: centre.X + nav.TileSize/2, Z: centre.Z - nav.QuarterSize/2}
	node := geom.Vec2{X: centre.X + nav.TileSize/2, Z: centre.Z - nav.QuarterSize}
	read := func() {
		for range 3 {
			m.AddReading(q)
		}
	}
	read()
	m.SetWall(4*r, 4*c+1)
	wr, wc := 4*r+1, 4*c+4
	if !m.Wall(wr, wc) || !m.Blocked(node) {
		t.Fatalf("three readings: wall %v, node blocked %v; want both", m.Wall(wr, wc), m.Blocked(node))
	}
	for _, tc := range []struct {
		name     string
		row, col int
		passed   bool
		wall     bool // after
	}{
		{"from readings", wr, wc, true, true},
		{"passed already", wr, wc, false, true},
		{"set", 4 * r, 4*c + 1, false, true},
		{"open", 4*r + 2, 4*c + 2, false, false},
		{"off the grid", -1, 3, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := m.Version()
			if got := m.PassWall(tc.row, tc.col); got != tc.passed {
				t.Errorf("PassWall = %v, want %v", got, tc.passed)
			}
			if got := m.Wall(tc.row, tc.col); got != tc.wall {
				t.Errorf("a wall on the map after: %v, want %v", got, tc.wall)
			}
			if changed := m.Version() != v; changed != tc.passed {
				t.Errorf("version changed %v, want %v", changed, tc.passed)
			}
		})
	}
	if m.Blocked(node) {
		t.Error("the node is still blocked for plans")
	}
	v := m.Version()
	read()
	if !m.Blocked(node) || m.Version() == v {
		t.Errorf("read again: node blocked %v, version changed %v; want both", m.Blocked(node), m.Version() != v)
	}
}
