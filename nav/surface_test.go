package nav

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// TestSurfacesOfACurve: readings on a curved wall's convex face, off the
// map's lines, become surfaces whose normals point out of the circle, on
// the side the readings came from; a map that does not keep surfaces has
// none, and a reading or two make none.
func TestSurfacesOfACurve(t *testing.T) {
	centre := geom.Vec2{X: -0.06, Z: -0.06} // a quadrant corner of the start tile
	const face = 0.065                      // the curve's outer face
	viewer := geom.Vec2{X: 0.05, Z: 0.05}
	for _, tc := range []struct {
		name  string
		keep  bool
		times int
		step  float64 // rad between readings along the curve
		want  bool
	}{
		{"kept", true, 4, 0.02, true},
		{"not kept", false, 4, 0.02, false},
		{"too few readings", true, surfMinHits - 1, 0.5, false}, // 3.2 cm apart: one a cell
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMap(geom.Vec2{}, DefaultRobot(), DefaultMapConfig())
			if tc.keep {
				m.KeepSurfaces()
			}
			for range tc.times {
				for a := 0.1; a < math.Pi/2-0.1; a += tc.step {
					q := geom.Vec2{X: centre.X + face*math.Cos(a), Z: centre.Z + face*math.Sin(a)}
					d := geom.Vec2{X: q.X - viewer.X, Z: q.Z - viewer.Z}
					l := math.Hypot(d.X, d.Z)
					m.hitAlong(q, geom.Vec2{X: d.X / l, Z: d.Z / l})
				}
			}
			ss := m.SurfacesNear(nil, centre, 0.12)
			if got := len(ss) > 0; got != tc.want {
				t.Fatalf("%d surfaces, want some: %v", len(ss), tc.want)
			}
			for _, s := range ss {
				r := geom.Vec2{X: s.P.X - centre.X, Z: s.P.Z - centre.Z}
				rl := math.Hypot(r.X, r.Z)
				if math.Abs(rl-face) > 0.003 {
					t.Errorf("surface at %v: %.4f m from the centre, want %.3f", s.P, rl, face)
				}
				if c := (r.X*s.N.X + r.Z*s.N.Z) / rl; c < math.Cos(20*math.Pi/180) {
					t.Errorf("surface at %v: normal %v is %.0f° off the radius", s.P, s.N, math.Acos(c)*180/math.Pi)
				}
			}
			if all := m.SurfacesNear(nil, geom.Vec2{}, math.Inf(1)); len(all) != len(ss) {
				t.Errorf("%d surfaces in all, %d near the curve", len(all), len(ss))
			}
		})
	}
}

// TestSurfacesInKeyOrder: all the surfaces come in the same order every
// time (explore takes the first of equal costs, so map iteration order
// would make the same seed play different games).
func TestSurfacesInKeyOrder(t *testing.T) {
	m := NewMap(geom.Vec2{}, DefaultRobot(), DefaultMapConfig())
	m.KeepSurfaces()
	viewer := geom.Vec2{X: 0.05, Z: 0.05}
	for _, centre := range []geom.Vec2{{X: -0.06, Z: -0.06}, {X: 0.3, Z: -0.18}, {X: -0.42, Z: 0.3}, {X: 0.54, Z: 0.54}} {
		for range 4 {
			for a := 0.1; a < 2*math.Pi; a += 0.02 {
				q := geom.Vec2{X: centre.X + 0.065*math.Cos(a), Z: centre.Z + 0.065*math.Sin(a)}
				d := q.Sub(viewer)
				m.hitAlong(q, d.Scale(1/d.Len()))
			}
		}
	}
	first := m.SurfacesNear(nil, geom.Vec2{}, math.Inf(1))
	if len(first) < 8 {
		t.Fatalf("%d surfaces: too few to tell an order", len(first))
	}
	for i := range 10 {
		again := m.SurfacesNear(nil, geom.Vec2{}, math.Inf(1))
		if len(again) != len(first) {
			t.Fatalf("call %d: %d surfaces, want %d", i, len(again), len(first))
		}
		for j := range again {
			if again[j] != first[j] {
				t.Fatalf("call %d: surface %d is %v, first call gave %v", i, j, again[j], first[j])
			}
		}
	}
}
