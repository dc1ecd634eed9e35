package explore

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestCurveFace: surfaces on either face of a curved wall about a lattice
// corner count as curve faces, an obstacle's flat side off the lattice
// does not.
func TestCurveFace(t *testing.T) {
	m := nav.NewMap(geom.Vec2{X: -0.06, Z: 0.06}, nav.DefaultRobot(), nav.DefaultMapConfig())
	corner := geom.Vec2{X: 0, Z: 0} // a tile corner of the start tile
	u := geom.Vec2{X: math.Cos(0.6), Z: math.Sin(0.6)}
	at := func(r float64) geom.Vec2 { return geom.Vec2{X: corner.X + r*u.X, Z: corner.Z + r*u.Z} }
	for _, tc := range []struct {
		name string
		s    nav.Surface
		want bool
	}{
		{"convex face", nav.Surface{P: at(0.065), N: u}, true},
		{"concave face", nav.Surface{P: at(0.055), N: geom.Vec2{X: -u.X, Z: -u.Z}}, true},
		{"convex face, normal 4° off", nav.Surface{P: at(0.065), N: geom.Vec2{X: math.Cos(0.67), Z: math.Sin(0.67)}}, true},
		{"an obstacle's side", nav.Surface{P: geom.Vec2{X: 0.02, Z: 0}, N: geom.Vec2{X: 1}}, false},
		{"a face with the normal along the circle", nav.Surface{P: at(0.065), N: geom.Vec2{X: -u.Z, Z: u.X}}, false},
	} {
		if got := curveFace(m, tc.s); got != tc.want {
			t.Errorf("%s: curveFace = %v, want %v", tc.name, got, tc.want)
		}
	}
}
