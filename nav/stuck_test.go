package nav_test

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestStuckWeighsThePlace: on open floor, the way from one tile's centre to
// the centre of the tile two to its right runs straight through the middle
// tile's centre. Once the robot got stuck there twice (nav.Map.Stuck), the
// plan goes round it; after once it does not (the follower's error). In a
// corridor one node wide the way still passes, at a higher cost (R8 of
// shared/more-worlds: wedged seven times at one point, on the way to five
// different tiles).
func TestStuckWeighsThePlace(t *testing.T) {
	for _, c := range []struct {
		name      string
		strikes   int
		corridor  bool
		wantRound bool
	}{
		{"stuck twice", 2, false, true},
		{"stuck once", 1, false, false},
		{"never stuck", 0, false, false},
		{"stuck twice in a corridor", 2, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := nav.NewMap(geom.Vec2{X: 0.06, Z: 0.06}, nav.DefaultRobot(), nav.DefaultMapConfig()) // the start tile spans 0..0.12
			tr, tc := m.StartTile()
			for r := tr - 1; r <= tr+1; r++ {
				for col := tc; col <= tc+2; col++ {
					m.SetFloor(r, col, nav.FloorPlain)
				}
			}
			if c.corridor {
				for j := 0; j <= 12; j++ { // walls along z = 0 and z = 0.12
					m.SetWall(4*tr, 4*tc+j)
					m.SetWall(4*tr+4, 4*tc+j)
				}
			}
			stuck := geom.Vec2{X: 0.18, Z: 0.06} // the middle tile's centre
			for range c.strikes {
				m.Stuck(stuck)
			}
			from, to := geom.Vec2{X: 0.06, Z: 0.06}, geom.Vec2{X: 0.30, Z: 0.06}
			f := m.Search(from, nav.DefaultCosts())
			if math.IsInf(f.Cost(to), 1) {
				t.Fatal("the far tile's centre is not reached")
			}
			path := f.PathTo(to)
			near := math.Inf(1)
			for i := 1; i < len(path); i++ {
				near = math.Min(near, geom.SegmentDist(stuck, path[i-1], path[i]))
			}
			if round := near > 0.01; round != c.wantRound {
				t.Errorf("the path %v passes %.3f m from where the robot got stuck: round it %v, want %v", path, near, round, c.wantRound)
			}
		})
	}
}
