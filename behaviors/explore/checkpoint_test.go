package explore

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/sim/world"
)

// checkpointWorld is a 6×3 arena whose middle row's third tile is a
// checkpoint walled on its left: the robot's colour sensor, ahead of its
// centre, sees that floor from the tiles round it.
const checkpointWorld = `
+-+-+-+-+-+-+-+-+-+-+-+-+
|S S                    |
+ + + + + + + + + + + + +
|S S                    |
+ + + + + + + + + + + + +
|       |C C            |
+ + + + + + + + + + + + +
|       |C C            |
+ + + + + + + + + + + + +
|                       |
+ + + + + + + + + + + + +
|                       |
+-+-+-+-+-+-+-+-+-+-+-+-+
`

// TestCheckpointsVisited: explore takes the robot's centre into the
// checkpoint tile, whose first visit scores (RULES.md §1.5), not only near
// enough for the colour sensor to see its floor. Before, the floor seen
// from beside it left it unvisited at seeds 2 and 3.
func TestCheckpointsVisited(t *testing.T) {
	w, err := world.ParseASCII("checkpoint", checkpointWorld[1:])
	if err != nil {
		t.Fatal(err)
	}
	for seed := int64(1); seed <= 4; seed++ {
		run, _ := playExploreMatrix(t, w, seed, true)
		if !run.explored || run.ref.Checkpoints != 1 {
			t.Errorf("seed %d: %d of 1 checkpoint visited (explored %v at %.1f s)", seed, run.ref.Checkpoints, run.explored, run.simTime)
		}
	}
}

// TestCheckpointIsAGoal: a checkpoint tile whose floor the map knows is a
// goal until the robot's centre stands in it, 1 cm or more inside its
// sides; then it is no longer one.
func TestCheckpointIsAGoal(t *testing.T) {
	e := New().(*Explore)
	e.m = nav.NewMap(geom.Vec2{}, e.robot, e.mcfg)
	r, c := e.m.StartTile()
	for tc := c; tc <= c+2; tc++ {
		e.m.SetFloor(r, tc, nav.FloorPlain)
	}
	e.m.SetFloor(r, c+2, nav.FloorCheckpoint)
	wallRow(e.m, r, c, 3)
	pose := nav.Pose{Vec2: e.m.Start()}
	cp := r*1000 + c + 2
	e.plan(pose, 0)
	if e.goal != cp || e.explored {
		t.Fatalf("goal %d (explored %v); want the checkpoint tile %d", e.goal, e.explored, cp)
	}
	centre := e.m.TileCenter(r, c+2)
	// At its side, 5 mm inside: the true centre may be outside.
	e.visitCheckpoint(nav.Pose{Vec2: geom.Vec2{X: centre.X - nav.TileSize/2 + 0.005, Z: centre.Z}})
	e.plan(pose, 1)
	if e.goal != cp {
		t.Fatalf("after a visit 5 mm inside its side: goal %d; want the checkpoint tile still", e.goal)
	}
	e.visitCheckpoint(nav.Pose{Vec2: centre})
	e.plan(pose, 2)
	if e.goal == cp {
		t.Errorf("after a visit at its centre: the checkpoint tile is still the goal")
	}
}
