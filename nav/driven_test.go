package nav

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// TestDrivenDiagonal: obstacle readings block the two other corners of a
// quarter, so its diagonal is no step of a plan, and the way from one end
// to the other goes round. Once the robot's centre drove the diagonal end
// to end it is a step again, in the robot's map and in the map it
// publishes (exit plans home on that one: v26 world4 at seed 2 left a
// pocket of its area-4 room by such a diagonal, and exit's way home went
// round through three more rooms and got home after the game's end). A
// relocation from one end to the other, a drive that strays off the
// diagonal, or one that stops short of the far end proves nothing.
func TestDrivenDiagonal(t *testing.T) {
	a := geom.Vec2{X: 0.06, Z: 0.06} // the start tile's centre (the tile spans 0..0.12)
	b := geom.Vec2{X: 0.12, Z: 0.12} // its bottom-right corner
	along := func(off float64, to float64) []geom.Vec2 {
		var ps []geom.Vec2
		for i := 0; i <= 40; i++ {
			s := to * float64(i) / 40
			// off: the centre's distance off the diagonal at its middle
			bend := off * math.Sin(math.Pi*s)
			ps = append(ps, geom.Vec2{X: a.X + s*(b.X-a.X) + bend/math.Sqrt2, Z: a.Z + s*(b.Z-a.Z) - bend/math.Sqrt2})
		}
		return ps
	}
	diag := a.Dist(b)
	for _, c := range []struct {
		name     string
		centre   []geom.Vec2 // the robot's centre, one position a step
		wantDiag bool        // the plan from a to b is the diagonal (else it goes round)
	}{
		{"never driven", nil, false},
		{"drove it", along(0, 1), true},
		{"drove it 1 cm off", along(0.01, 1), true},
		{"drove it backwards", reverse(along(0, 1)), true},
		{"strayed 3 cm off", along(0.03, 1), false},
		{"relocated end to end", []geom.Vec2{a, b}, false},
		{"stopped short", along(0, 0.7), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := NewMap(geom.Vec2{X: 0.06, Z: 0.06}, DefaultRobot(), DefaultMapConfig())
			for _, q := range []geom.Vec2{{X: 0.12, Z: 0.06}, {X: 0.06, Z: 0.12}} {
				for range 2 {
					m.obstacleAt(q, geom.Vec2{})
				}
				if !m.Blocked(q) {
					t.Fatalf("the readings at %v do not block it", q)
				}
			}
			if m.Blocked(a) || m.Blocked(b) {
				t.Fatal("the diagonal's ends are blocked")
			}
			for _, p := range c.centre {
				m.stoodOn(p)
			}
			pub := published(t, m)
			for _, mm := range []struct {
				name string
				m    *Map
			}{{"robot's map", m}, {"published map", pub}} {
				path, cost, ok := mm.m.PlanTo(a, b, Costs{})
				if !ok {
					t.Fatalf("%s: no way from %v to %v", mm.name, a, b)
				}
				if got := cost < diag+1e-6; got != c.wantDiag {
					t.Errorf("%s: plan %v costs %.3f, diagonal %v; want diagonal %v", mm.name, path, cost, got, c.wantDiag)
				}
			}
		})
	}
}

func reverse(ps []geom.Vec2) []geom.Vec2 {
	r := make([]geom.Vec2, len(ps))
	for i, p := range ps {
		r[len(ps)-1-i] = p
	}
	return r
}
