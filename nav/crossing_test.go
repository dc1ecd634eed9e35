package nav_test

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// TestLoneCrossingIsNoWall: readings that land on a crossing of two wall
// lines alone, where a ray passed before (as an obstacle's do, seen
// head-on through a passage and read closer than it is), make no wall
// there, and the node on it stays open (AreaCiclo2Joaco__rotada_ of
// shared/more-worlds: two lone crossings in front of an obstacle closed a
// passage, and the room behind it was never entered). A crossing no ray
// passed through stays a wall (room4_small: the one part of an outer wall
// seen past an obstacle, without which the map opened onto the outside),
// and with readings on the quarter side beside it too, both cells are.
func TestLoneCrossingIsNoWall(t *testing.T) {
	r := nav.DefaultRobot()
	k := 0 // the sensor looking most nearly ahead
	for i, s := range r.Distance {
		if math.Abs(s.Angle) < math.Abs(r.Distance[k].Angle) {
			k = i
		}
	}
	s := r.Distance[k]
	yaw := math.Pi/2 - s.Angle // the sensor looks along −X
	sn, cs := math.Sin(yaw), math.Cos(yaw)
	// read makes the sensor, at (0.1, z), read d n times (d = 0.1: a wall
	// at x = 0).
	read := func(m *nav.Map, z, d float64, n int) {
		p := nav.Pose{Point: nav.Point{X: 0.1 - (s.X*cs + s.Z*sn), Z: z - (-s.X*sn + s.Z*cs)}, Yaw: yaw}
		for step := range n {
			dist := make([]float64, len(r.Distance))
			for i := range dist {
				dist[i] = math.NaN()
			}
			dist[k] = d / r.WallFactor
			m.Integrate(&pluginpb.Observation{Step: uint64(step), Distance: dist}, p)
		}
	}
	for _, c := range []struct {
		name      string
		through   bool // a ray passed through the crossing before
		mid       bool // readings on the quarter side below the crossing too
		wantWalls bool
	}{
		{"crossing alone, passed through", true, false, false},
		{"crossing alone, never passed through", false, false, true},
		{"crossing and the quarter side beside it", true, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := nav.NewMap(nav.Point{X: 0.06, Z: 0.06}, r, nav.DefaultMapConfig()) // the start tile spans 0..0.12
			r0, c0 := m.Cell(nav.Point{X: 0, Z: 0})
			if c.through {
				read(m, 0.06, 0.2, 1) // a reading 0.1 m past the crossing
			}
			read(m, 0.06, 0.1, 5) // the crossing of x = 0 and the tile's middle line z = 0.06
			if c.mid {
				read(m, 0.09, 0.1, 5) // the middle of the quarter side from z = 0.06 to 0.12
			}
			if got := m.Wall(r0+2, c0); got != c.wantWalls {
				t.Errorf("crossing a wall %v, want %v", got, c.wantWalls)
			}
			if got := m.Blocked(nav.Point{X: 0, Z: 0.06}); got != c.wantWalls {
				t.Errorf("node on the crossing blocked %v, want %v", got, c.wantWalls)
			}
			if c.mid && !m.Wall(r0+3, c0) {
				t.Errorf("quarter side's middle cell no wall")
			}
		})
	}
}
