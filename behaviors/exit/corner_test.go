package exit

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/nav/navtest"
)

// TestHomeThroughCornerGap: the start tile is walled all round but for
// the right half of its top side and the top half of its right side, so
// that the only way in is the diagonal between the two wall ends at its
// top-right corner (7.8 cm for the 7.4 cm robot in Area123Joaco2 of
// shared/more-worlds, which explore takes: nav.Costs.Corner). Exit
// planned without Costs.Corner, found no way home from beyond the gap and
// drove straight at the start until the game time ran out
// (Area123Joaco2__rotada_: time_low at 398 s with the robot beyond the
// gap, four lacks of progress, no exit); its estimate home was three times
// the straight distance. Both go through the gap now.
func TestHomeThroughCornerGap(t *testing.T) {
	x := New().(*Exit)
	m, _, _ := navtest.GapBetweenWallEnds() // the start tile spans 0..0.12
	x.m = m
	p := geom.Vec2{X: 0.18, Z: -0.06} // beyond the gap
	path, _, ok := x.planHome(p, nav.Costs{Swamp: 5, Unknown: 1, Edge: 0.3, UnseenCorner: 10})
	gap := geom.Vec2{X: 0.12, Z: 0}
	through := false
	for _, q := range path {
		through = through || q.Dist(gap) < 1e-6
	}
	if !ok || !through || path[len(path)-1].Dist(m.Start()) > 1e-6 {
		t.Errorf("way home %v (found %v); want one through the gap's corner %v to the start %v", path, ok, gap, m.Start())
	}
	x.estimate(nav.Pose{Vec2: p})
	if guess := 3 * p.Dist(m.Start()) / x.speed; math.Abs(x.HomeTime()-guess) < 1e-9 {
		t.Errorf("estimate home %.1f s: the guess for no known way", x.HomeTime())
	}
}
