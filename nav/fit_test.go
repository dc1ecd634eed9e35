package nav

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// pocketMap is the start tile with a wall on its right side, a wall down
// its middle line from its top side to its centre (a pocket one quarter
// wide between the two, as beside the signs of R2D2__7_ of
// shared/more-worlds that no report reached), and a hole tile below it.
func pocketMap(t *testing.T) (*Map, geom.Vec2) {
	t.Helper()
	m := NewMap(geom.Vec2{}, DefaultRobot(), DefaultMapConfig())
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
		p    geom.Vec2
		want float64
	}{
		{"middle of the pocket", geom.Vec2{X: c.X + q/2, Z: c.Z - q/2}, q/2 - half},
		{"beside the middle wall, left of it", geom.Vec2{X: c.X - 0.02, Z: c.Z - q/2}, 0.02 - half},
		{"below the middle wall's end", geom.Vec2{X: c.X, Z: c.Z + 0.03}, 0.03 - half},
		{"diagonal from the middle wall's end", geom.Vec2{X: c.X - 0.03, Z: c.Z + 0.04}, 0.05 - half},
		{"far from every wall", geom.Vec2{X: c.X - 0.2, Z: c.Z}, 0.1},
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
		p    geom.Vec2
		want bool
	}{
		{"in the pocket, one quarter wide", geom.Vec2{X: c.X + q/2, Z: c.Z - q/2}, false},
		{"the tile's centre, on the middle wall's end", c, false},
		{"left half of the tile, clear of the middle wall", geom.Vec2{X: c.X - 0.05, Z: c.Z - q/2}, true},
		{"below the pocket, clear of both walls", geom.Vec2{X: c.X + 0.01, Z: c.Z + 0.043}, true},
		{"below the pocket, grazing the middle wall's end", geom.Vec2{X: c.X + 0.01, Z: c.Z + 0.035}, false},
		{"on the hole tile", geom.Vec2{X: c.X - 0.03, Z: c.Z + 0.09}, false},
		{"outside the map", geom.Vec2{X: 1e3, Z: 1e3}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := m.Fits(tc.p, r); got != tc.want {
				t.Errorf("Fits(%v, %.3f) = %v, want %v (clearance %.4f)", tc.p, r, got, tc.want, m.WallClearance(tc.p, 0.1))
			}
		})
	}
}
