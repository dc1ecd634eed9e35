package nav_test

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestDiagonalPastWallEnds: a tile walled all round but for the right half
// of its top side and the top half of its right side (6 cm each) opens
// only diagonally at its top-right corner, between the two wall ends
// (Area123Joaco2 of shared/more-worlds). A search with Costs.Corner
// reaches the corner from the tile's centre; one without does not, nor one
// after the robot got stuck there twice (CloseCorners).
func TestDiagonalPastWallEnds(t *testing.T) {
	for _, c := range []struct {
		name    string
		corner  float64
		strikes int
		want    bool
	}{
		{"corner cost", 10, 0, true},
		{"no corner cost", 0, 0, false},
		{"stuck there once", 10, 1, true},
		{"stuck there twice", 10, 2, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := nav.NewMap(geom.Vec2{X: 0.06, Z: 0.06}, nav.DefaultRobot(), nav.DefaultMapConfig()) // the start tile spans 0..0.12
			tr, tc := m.StartTile()
			r, col := 4*tr, 4*tc
			for j := 0; j <= 4; j++ {
				if j <= 2 {
					m.SetWall(r, col+j) // the left half of the top side
				}
				if j >= 2 {
					m.SetWall(r+j, col+4) // the bottom half of the right side
				}
				m.SetWall(r+4, col+j) // the bottom side
				m.SetWall(r+j, col)   // the left side
			}
			for range c.strikes {
				m.CloseCorners(geom.Vec2{X: 0.09, Z: 0.03}) // the quarter's centre
			}
			k := nav.DefaultCosts()
			k.Corner = c.corner
			f := m.Search(geom.Vec2{X: 0.06, Z: 0.06}, k)
			got := !math.IsInf(f.Cost(geom.Vec2{X: 0.12, Z: 0}), 1)
			if got != c.want {
				t.Errorf("top-right corner reached %v, want %v", got, c.want)
			}
		})
	}
}
