package explore

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestFaceSweepHemmedIn: every floor seen, the robot stands in the middle
// of a 5×5 arena ringed by readings off the wall lines (a pocket it drove
// into to look at a face; v26.1 world4: explored at 289 s, 2 of 888 nodes
// reached). The sweep of the wall faces looks for the faces left through
// the nodes blocked only by such readings, as the floors' second plan
// does, instead of calling the arena explored.
func TestFaceSweepHemmedIn(t *testing.T) {
	e := New().(*Explore)
	e.m = nav.NewMap(geom.Vec2{}, e.robot, e.mcfg)
	r, c := e.m.StartTile()
	for i := range 5 {
		for j := range 5 {
			e.m.SetFloor(r+i, c+j, nav.FloorPlain)
		}
	}
	for k := 0; k <= 20; k++ { // the arena's outer walls
		e.m.SetWall(4*r, 4*c+k)
		e.m.SetWall(4*r+20, 4*c+k)
		e.m.SetWall(4*r+k, 4*c)
		e.m.SetWall(4*r+k, 4*c+20)
	}
	at := e.m.TileCenter(r+2, c+2)
	// Readings off the lines round the robot's node, closer to each of its
	// eight neighbours than the body's radius (not squeezable), farther
	// from the node itself.
	for range 10 {
		for _, d := range [][2]float64{{0.075, 0.02}, {0.075, -0.02}, {-0.075, 0.02}, {-0.075, -0.02}, {0.02, 0.075}, {-0.02, 0.075}, {0.02, -0.075}, {-0.02, -0.075}, {0.075, 0.075}, {-0.075, 0.075}, {0.075, -0.075}, {-0.075, -0.075}} {
			e.m.AddReading(geom.Vec2{X: at.X + d[0], Z: at.Z + d[1]})
		}
	}
	if f := e.m.Search(at, e.costs); f.Reached() >= hemmedNodes {
		t.Fatalf("the ring lets the search reach %d nodes, want fewer than %d", f.Reached(), hemmedNodes)
	}
	e.maxReached = 600
	pose := nav.Pose{Vec2: at}
	e.plan(pose, 1)
	if e.explored || e.face.key < 0 {
		// Without the hemmed-in search the sweep finds no face from the
		// pocket and explored stays set.
		t.Errorf("hemmed in with every floor seen: explored %v, looking at a face %v; want false, true", e.explored, e.face.key >= 0)
	}
}
