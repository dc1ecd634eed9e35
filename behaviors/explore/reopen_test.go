package explore

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestHalfWalledSideReopened: the only side that leads on to an unknown
// tile was read as a wall on one quarter (an obstacle past it, read closer
// than it is) and is open on the other, too narrow for the body. Before
// calling the floors explored, explore lets its plans pass that quarter
// once and plans to the tile behind it (Day_2-2-FIXED3 of shared/more-worlds as
// v26.1 at seed 6: the way south closed at 12 s, explored at 219 s with 12
// signs unfound). Read as a wall again from close by, the side stays shut.
func TestHalfWalledSideReopened(t *testing.T) {
	e := New().(*Explore)
	e.m = nav.NewMap(geom.Vec2{}, e.robot, e.mcfg)
	r, c := e.m.StartTile()
	// Two tiles seen, one below the other, walled all round but for the
	// side between them and the lower tile's bottom side.
	for _, tr := range []int{r, r + 1} {
		e.m.SetFloor(tr, c, nav.FloorPlain)
		for j := 0; j <= 4; j++ {
			e.m.SetWall(4*tr+j, 4*c)
			e.m.SetWall(4*tr+j, 4*c+4)
		}
	}
	for j := 0; j <= 4; j++ {
		e.m.SetWall(4*r, 4*c+j)
	}
	// The bottom side's right quarter, from readings.
	lower := e.m.TileCenter(r+1, c)
	q := geom.Vec2{X: lower.X + nav.QuarterSize/2, Z: lower.Z + nav.QuarterSize}
	read := func() {
		for range 3 {
			e.m.AddReading(q)
		}
	}
	read()
	qr, qc := 4*(r+2), 4*c+3
	if !e.m.Wall(qr, qc) || e.m.Wall(qr, 4*c+1) {
		t.Fatalf("the bottom side's quarters: walls %v, %v; want the right one only", e.m.Wall(qr, 4*c+1), e.m.Wall(qr, qc))
	}
	target := (r+2)*1000 + c
	pose := nav.Pose{Vec2: e.m.Start()}
	// plans plans up to 12 times and reports whether the unknown tile
	// became the goal, and whether the floors were called explored (or the
	// wall faces' sweep began) first.
	plans := func() (goal, done bool) {
		for i := range 12 {
			e.plan(pose, uint64(i))
			if e.goal == target {
				return true, false
			}
			if e.explored || e.face.key >= 0 {
				return false, true
			}
		}
		return false, false
	}
	if goal, done := plans(); !goal {
		t.Fatalf("the tile behind the half-walled side never became the goal (floors explored: %v)", done)
	}
	if !e.m.Wall(qr, qc) {
		t.Error("the quarter read as a wall is gone from the map; only plans should pass it")
	}
	// From close by it reads as a wall again: a side is reopened once.
	// (The plan to the unknown tile reached more nodes than this map has
	// without it; forgotten, lest the tiny map be taken for a pocket.)
	read()
	e.goal, e.explored, e.face.key, e.boxedIn, e.maxReached = -1, false, -1, 0, 0
	if goal, done := plans(); goal || !done {
		t.Errorf("reopened twice: goal %v, floors explored %v; want explored", goal, done)
	}
}
