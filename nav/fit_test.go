package nav

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
)

// pocketMap is the start tile with a wall on its right side, a wall down
// its middle line from its top side to its centre (a pocket one quarter
// wide between the two, as beside the signs of R2D2__7_ of
// shared/more-worlds that no report reached), and a hole tile below it.
func pocketMap(t *testing.T) (*Map, Point) {
	t.Helper()
	m := NewMap(Point{}, DefaultRobot(), DefaultMapConfig())
	sr, sc := m.StartTile()
	r0, c0 := 4*sr, 4*sc
	for r := 0; r <= 4; r++ {
		m.SetWall(r0+r, c0+4) // right side
	}
	for r := 0; r <= 2; r++ {
		m.SetWall(r0+r, c0+2) // middle line, top half
	}
	m.SetFloor(sr, sc, FloorPlain)
	m.SetFloor(sr+1, sc, FloorHole)
	return m, m.Start()
}

func TestWallClearance(t *testing.T) {
	m, c := pocketMap(t)
	half := erebus.WallThickness / 2
	q := QuarterSize
	cases := []struct {
		name string
		p    Point
		want float64
	}{
		{"middle of the pocket", Point{c.X + q/2, c.Z - q/2}, q/2 - half},
		{"beside the middle wall, left of it", Point{c.X - 0.02, c.Z - q/2}, 0.02 - half},
		{"below the middle wall's end", Point{c.X, c.Z + 0.03}, 0.03 - half},
		{"diagonal from the middle wall's end", Point{c.X - 0.03, c.Z + 0.04}, 0.05 - half},
		{"far from every wall", Point{c.X - 0.2, c.Z}, 0.1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := m.WallClearance(tc.p, 0.1); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("WallClearance(%v) = %.4f, want %.4f", tc.p, got, tc.want)
			}
		})
	}
}

func TestFits(t *testing.T) {
	m, c := pocketMap(t)
	r := DefaultRobot().BodyRadius
	q := QuarterSize
	cases := []struct {
		name string
		p    Point
		want bool
	}{
		{"in the pocket, one quarter wide", Point{c.X + q/2, c.Z - q/2}, false},
		{"the tile's centre, on the middle wall's end", c, false},
		{"left half of the tile, clear of the middle wall", Point{c.X - 0.05, c.Z - q/2}, true},
		{"below the pocket, clear of both walls", Point{c.X + 0.01, c.Z + 0.043}, true},
		{"below the pocket, grazing the middle wall's end", Point{c.X + 0.01, c.Z + 0.035}, false},
		{"on the hole tile", Point{c.X - 0.03, c.Z + 0.09}, false},
		{"outside the map", Point{1e3, 1e3}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := m.Fits(tc.p, r); got != tc.want {
				t.Errorf("Fits(%v, %.3f) = %v, want %v (clearance %.4f)", tc.p, r, got, tc.want, m.WallClearance(tc.p, 0.1))
			}
		})
	}
}
