package nav_test

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// TestReadingsAlongALineMakeNoWall: readings of a ray that runs along a
// wall line (here the start tile's middle line) do not make walls on it:
// no ray along the line could count against them. The robot drives
// towards an obstacle that its infra-red sensors read closer than it is,
// so the readings string out along the line as it goes
// (AreaCiclo2Joaco__1_ of shared/more-worlds: a row of wall cells in front
// of an obstacle seen through a passage).
func TestReadingsAlongALineMakeNoWall(t *testing.T) {
	start := geom.Vec2{X: 0.06, Z: 0.06} // the start tile spans 0..0.12
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
	m := nav.NewMap(start, r, nav.DefaultMapConfig())
	r0, c0 := m.Cell(geom.Vec2{X: 0, Z: 0})
	for step := range 24 {
		// The sensor's origin on the line z = 0.06, 1 cm further each
		// step; the obstacle 0.2 m ahead at first, read at 0.64 of that.
		ox := 0.1 - 0.01*float64(step)
		p := nav.Pose{Vec2: geom.Vec2{X: ox - (s.X*cs + s.Z*sn), Z: 0.06 - (-s.X*sn + s.Z*cs)}, Yaw: yaw}
		d := (0.2 - 0.01*float64(step)) * 0.64
		dist := make([]float64, len(r.Distance))
		for i := range dist {
			dist[i] = math.NaN()
		}
		dist[k] = d / r.WallFactor
		m.Integrate(&pluginpb.Observation{Step: uint64(step), Distance: dist}, p)
	}
	for c := -8; c <= 4; c++ {
		if m.Wall(r0+2, c0+c) {
			t.Errorf("cell (2, %d) of the start tile's middle line is a wall, want none", c)
		}
	}
}
