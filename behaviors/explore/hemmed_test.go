package explore

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestHemmedInIsNotExplored: a plan that reaches only the few nodes of a
// pocket of the robot's map, where plans reached hundreds before, does not
// fire explored: the robot backs off, drives out, and at last asks for a
// lack of progress (R2D2__7___rotada___4_ of shared/more-worlds: explored
// at 157 s, wedged with 39 of 55 signs and a third of the arena unseen).
// In an arena that small from the start, its floors are explored as
// before (and its wall faces looked at next).
func TestHemmedInIsNotExplored(t *testing.T) {
	for _, c := range []struct {
		name         string
		maxReached   int
		wantExplored bool
	}{
		{"pocket of a big map", 600, false},
		{"small arena", 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := New().(*Explore)
			e.m = nav.NewMap(geom.Vec2{}, e.robot, e.mcfg)
			r, col := e.m.StartTile()
			e.m.SetFloor(r, col, nav.FloorPlain)
			for j := 0; j <= 4; j++ { // walls all round the start tile
				if j != 3 { // but for a gap too narrow to pass on its top side
					e.m.SetWall(4*r, 4*col+j)
				}
				e.m.SetWall(4*r+4, 4*col+j)
				e.m.SetWall(4*r+j, 4*col)
				e.m.SetWall(4*r+j, 4*col+4)
			}
			e.maxReached = c.maxReached
			pose := nav.Pose{Vec2: e.m.Start()}
			done := false // every floor seen: explored, or sweeping the wall faces
			for i := range 12 {
				e.plan(pose, uint64(i))
				if done = e.explored || e.face.key >= 0; done {
					break
				}
			}
			if done != c.wantExplored {
				t.Fatalf("floors explored %v after up to 12 plans, want %v", done, c.wantExplored)
			}
			if !c.wantExplored && !e.wantLoP {
				t.Errorf("hemmed in 12 plans in a row: no lack of progress asked for")
			}
		})
	}
}
