package nav_test

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestForgetWall: a wall made of readings is forgotten until new readings
// make it again; a wall set with SetWall, an open cell and a cell off the
// grid are left as they are.
func TestForgetWall(t *testing.T) {
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	r, c := m.StartTile()
	centre := m.TileCenter(r, c)
	// The middle of the start tile's right side's upper quarter.
	q := geom.Vec2{X: centre.X + nav.TileSize/2, Z: centre.Z - nav.QuarterSize/2}
	read := func() {
		for range 3 {
			m.AddReading(q)
		}
	}
	read()
	m.SetWall(4*r, 4*c+1)
	wr, wc := 4*r+1, 4*c+4
	if !m.Wall(wr, wc) {
		t.Fatal("three readings made no wall")
	}
	for _, tc := range []struct {
		name     string
		row, col int
		forgot   bool
		wallNext bool
	}{
		{"from readings", wr, wc, true, false},
		{"set", 4 * r, 4*c + 1, false, true},
		{"open", 4*r + 2, 4*c + 2, false, false},
		{"off the grid", -1, 3, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := m.Version()
			if got := m.ForgetWall(tc.row, tc.col); got != tc.forgot {
				t.Errorf("ForgetWall = %v, want %v", got, tc.forgot)
			}
			if got := m.Wall(tc.row, tc.col); got != tc.wallNext {
				t.Errorf("a wall after: %v, want %v", got, tc.wallNext)
			}
			if changed := m.Version() != v; changed != tc.forgot {
				t.Errorf("version changed %v, want %v", changed, tc.forgot)
			}
		})
	}
	read()
	if !m.Wall(wr, wc) {
		t.Error("new readings made no wall again")
	}
}
