package report

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/signs"
)

// TestTurnedFacingStaysInFront: a standpoint tried with the sign's facing
// turned by 45° still has to be on the front side of the sign's estimated
// face (Erebus: within 90° of its normal, RULES.md §1.3 (c)).
// R2D2__7___rotada___4_ of shared/more-worlds reported an F whose position
// and normal were right from 113° off its normal: −5.
func TestTurnedFacingStaysInFront(t *testing.T) {
	s := signs.Sign{ID: 1, Letter: 'F', Status: signs.Raised, Views: 3, Pos: geom.Vec2{X: 0.485, Z: 0.328}, Normal: geom.Vec2{X: 1}}
	at := func(deg float64) nav.Pose {
		a := deg * math.Pi / 180
		return nav.Pose{Vec2: s.Pos.Add(geom.Vec2{X: math.Cos(a), Z: math.Sin(a)}.Scale(0.075))}
	}
	cases := []struct {
		name      string
		facingTry int
		deg       float64 // the robot's bearing from the sign, from its normal, towards +z
		want      bool
	}{
		{"in front", 0, 10, true},
		{"in front, facing turned", 1, 60, true},
		{"turned facing, 75° off the face", 2, -75, true},
		{"turned facing, behind the face", 2, -113, false},
		{"turned facing, behind the face the other way", 1, 113, false},
		{"estimated facing, 80° off", 0, 80, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := NewLogged(nil).(*Report)
			r.job = job{id: s.ID, sign: s, facingTry: c.facingTry}
			if got := r.canReportJob(at(c.deg)); got != c.want {
				t.Errorf("may report from %v° with facing try %d: %v, want %v", c.deg, c.facingTry, got, c.want)
			}
		})
	}
}
