package explore

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestFallbackPathIsDriven: the only way to the floor left unseen passes
// nodes blocked by readings off the wall lines, so the plan is the
// fallback through them (nav.Costs.IgnoreObstacles). That path is judged
// by the costs it was planned with: judged by the usual costs it was
// blocked at every step and replanned, and the robot turned on the spot
// until it gave the goal up (prueba_Day_2-6_Richo of shared/more-worlds:
// below a star of curved walls, one goal after another, four lacks of
// progress).
func TestFallbackPathIsDriven(t *testing.T) {
	e := New().(*Explore)
	e.m = nav.NewMap(geom.Vec2{}, e.robot, e.mcfg)
	r, c := e.m.StartTile()
	// Two by two tiles: the start tile and two beside it seen, the one
	// across its corner not.
	e.m.SetFloor(r, c, nav.FloorPlain)
	e.m.SetFloor(r-1, c, nav.FloorPlain)
	e.m.SetFloor(r, c+1, nav.FloorPlain)
	for k := 0; k <= 8; k++ {
		e.m.SetWall(4*r-4, 4*c+k)
		e.m.SetWall(4*r+4, 4*c+k)
		e.m.SetWall(4*r-4+k, 4*c)
		e.m.SetWall(4*r-4+k, 4*c+8)
	}
	at := e.m.TileCenter(r, c)
	// Readings off the lines round the robot's node, as in
	// TestFaceSweepHemmedIn.
	for range 10 {
		for _, d := range [][2]float64{{0.02, 0.045}, {-0.02, 0.045}, {0.02, -0.045}, {-0.02, -0.045}, {0.045, 0.02}, {0.045, -0.02}, {-0.045, 0.02}, {-0.045, -0.02}} {
			e.m.AddReading(geom.Vec2{X: at.X + d[0], Z: at.Z + d[1]})
		}
	}
	e.plan(nav.Pose{Vec2: at}, 1)
	if e.goal != (r-1)*1000+c+1 {
		t.Fatalf("goal %d, want the unseen tile %d", e.goal, (r-1)*1000+c+1)
	}
	through := false
	for _, p := range e.fol.Remaining() {
		through = through || e.m.BlockedFor(p, e.costs)
	}
	if !through {
		t.Fatalf("the path %v passes no node the readings block: not the fallback plan", e.fol.Remaining())
	}
	if e.pathBlocked() {
		t.Errorf("the fallback path counts as blocked right after it was planned: it is replanned at every step and never driven")
	}
}
