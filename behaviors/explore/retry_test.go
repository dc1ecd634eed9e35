package explore

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestGivenUpTileTriedAgain: with every other floor seen, a tile given up
// after goal_failures attempts (each attempt fails when the robot is stuck
// anywhere on the way: v26 mapping_example_3, stuck twice on a curved wall
// three tiles from a checkpoint tile that was then never seen) is planned
// for once more before explored fires; given up a second time, it is not
// handed back again.
func TestGivenUpTileTriedAgain(t *testing.T) {
	e := New().(*Explore)
	e.m = nav.NewMap(geom.Vec2{}, e.robot, e.mcfg)
	r, c := e.m.StartTile()
	e.m.SetFloor(r, c, nav.FloorPlain)
	// Walls round the start tile and the unknown tile to its right, none
	// between them.
	wallRow(e.m, r, c, 2)
	id := r*1000 + c + 1
	e.failures[id] = e.goalFails
	pose := nav.Pose{Vec2: e.m.Start()}
	planned := func() bool { // plans until a goal, explored or a face
		for i := range 12 {
			e.plan(pose, uint64(i))
			if e.goal >= 0 || e.explored || e.face.key >= 0 {
				break
			}
		}
		return e.goal == id
	}
	if !planned() {
		t.Fatalf("the given-up tile was not planned for again (goal %d, explored %v)", e.goal, e.explored)
	}
	e.goal, e.failures[id] = -1, e.goalFails // given up once more
	if planned() {
		t.Errorf("the tile was handed back a second time")
	}
}

// wallRow sets walls round the row of n tiles from tile (r, c) rightwards
// on m, none between them.
func wallRow(m *nav.Map, r, c, n int) {
	for j := 0; j <= 4*n; j++ {
		m.SetWall(4*r, 4*c+j)
		m.SetWall(4*r+4, 4*c+j)
	}
	for j := 0; j <= 4; j++ {
		m.SetWall(4*r+j, 4*c)
		m.SetWall(4*r+j, 4*c+4*n)
	}
}
