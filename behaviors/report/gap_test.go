package report

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/nav/navtest"
	"github.com/rescuekit/rescuekit/signs"
)

// gapMap is a tile (0..0.12 in X and Z) walled all round but for the
// right half of its top side and the top half of its right side: it opens
// only diagonally at its top-right corner, between two wall ends (nav's
// TestDiagonalPastWallEnds). Plans cross that gap at Costs.Corner.
func gapMap(t *testing.T) []byte {
	t.Helper()
	m, _, _ := navtest.GapBetweenWallEnds()
	tr, tc := m.StartTile()
	for r := -1; r <= 1; r++ {
		for c := -1; c <= 1; c++ {
			m.SetFloor(tr+r, tc+c, nav.FloorPlain)
		}
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestStuckInAGapClosesIt: two signs stand on the outer faces of the
// tile's top and left sides, beyond the gap of gapMap, which is too narrow for the body
// (the robot's centre gets no farther than 5 mm past the line between the
// wall ends; in R2D2__7_ of shared/more-worlds such a gap, 7.4 cm between
// the wall ends' boxes, held the robot as the report jobs of five signs
// behind it pushed into it one after the other, 170 s). Stuck there twice,
// report closes the gap on its map (nav.Map.CloseCorners): the second
// sign's job finds no way there and gives the sign up at once, for want
// of a way (it is handed back when the map offers one).
func TestStuckInAGapClosesIt(t *testing.T) {
	first := signs.Sign{ID: 1, Letter: 'P', Status: signs.Raised, Views: 3, Pos: geom.Vec2{X: 0.01, Z: -0.0056}, Normal: geom.Vec2{Z: -1}}
	second := signs.Sign{ID: 2, Letter: 'F', Status: signs.Raised, Views: 3, Pos: geom.Vec2{X: -0.0056, Z: 0.03}, Normal: geom.Vec2{X: -1}}
	w := newWorld(t, first, nav.Pose{Vec2: geom.Vec2{X: 0.06, Z: 0.06}, Yaw: -3 * 3.14159265 / 4})
	w.bb[nav.KeyMap] = gapMap(t)
	// The body keeps 0.042 m off the walls (radius and half thickness);
	// the gap's line runs from (0.06, 0) to (0.12, 0.06), z = x − 0.06.
	w.blocked = func(p geom.Vec2) bool {
		return p.X < 0.042 || p.Z > 0.078 || (p.Z < 0.042 && p.X < 0.06) || (p.X > 0.078 && p.Z > 0.06) ||
			p.Z < p.X-0.06-0.005*1.4142
	}
	w.run(3000)
	if len(w.events) == 0 {
		t.Fatal("the first job did not end")
	}
	t.Logf("first job: %.1f s, robot at %v, sent %d", float64(w.step)*0.032, w.pose, len(w.sent))
	w.events = nil
	w.bb[signs.KeyCandidate] = signs.List{second}.Encode()
	from := w.step
	w.run(3000)
	if len(w.events) == 0 {
		t.Fatal("the second job did not end")
	}
	r := w.b.(*Report)
	if took := float64(w.step-from) * 0.032; took > 1 {
		t.Errorf("the second job took %.1f s, want it given up at once", took)
	}
	rep, _ := signs.Get(w.bb, signs.KeyReported)
	for _, s := range rep {
		if s.Status != signs.Unreachable {
			t.Errorf("sign %v: status %v, want unreachable", s, s.Status)
		}
	}
	if !r.job.wayless {
		t.Error("the second sign is not given up for want of a way: it is never handed back")
	}
}
