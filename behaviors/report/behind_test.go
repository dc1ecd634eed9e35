package report

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/signs"
)

// TestTurnedFacingNotBehindWall: with a turned facing (tried when no place
// works with the sign's own), a place the turned facing accepts can lie
// behind the wall the sign is on; Erebus takes no report from there, and
// counts a misidentification (R2D2__7___rotada___4_ of shared/more-worlds:
// an F facing +x reported from 0.03 m behind its wall's plane). Every
// place plan chooses stands in front of the sign's own wall, and canReport
// with the turned facing asks the same.
func TestTurnedFacingNotBehindWall(t *testing.T) {
	m, b := stubMap(t)
	c := m.Start()
	// On the stub's right face, facing +x (TestPlanOffLattice).
	s := signs.Sign{ID: 1, Letter: 'F', Status: signs.Raised, Views: 3,
		Pos: geom.Vec2{X: c.X + 0.0056, Z: c.Z - 0.04}, Normal: geom.Vec2{X: 1}}
	// The robot got stuck everywhere right of the stub.
	var stuck []geom.Vec2
	for x := 0.01; x <= 0.1; x += 0.01 {
		for z := -0.1; z <= 0.1; z += 0.01 {
			stuck = append(stuck, geom.Vec2{X: s.Pos.X + x, Z: s.Pos.Z + z})
		}
	}
	bb := map[string][]byte{nav.KeyMap: b}
	from := nav.Pose{Vec2: geom.Vec2{X: c.X - 0.06, Z: c.Z + 0.06}}
	for _, try := range []int{0, 1, 2} {
		r := NewLogged(nil).(*Report)
		r.job = job{id: s.ID, sign: s, facingTry: try}
		turned := r.job.facingSign()
		p, _, ok := r.plan(bb, from, turned, s.Normal, stuck)
		if ok && p.Sub(s.Pos).Dot(s.Normal) <= 0 {
			t.Errorf("facing %d (%v): place %v lies behind the sign's wall", try, turned.Normal, p)
		}
		// Standing behind the wall within reach: never a place to report
		// from, whatever the facing tried.
		behind := nav.Pose{Vec2: geom.Vec2{X: s.Pos.X - 0.03, Z: s.Pos.Z + 0.07}}
		if r.canReport(s, behind) || r.canReportTurned(behind) {
			t.Errorf("facing %d: canReport from %v, behind the wall", try, behind.Vec2)
		}
	}
}
