package exit

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// TestHomeRoundWhereStuck: the way home from the tile two to the right of
// the start runs straight through the middle tile's centre. Once the robot
// got stuck there twice on its way home (nav.Map.Stuck on the map exit
// reads), the way goes round it, also after a new reading of the map from
// the blackboard (Day_2-2-FIXED3 of shared/more-worlds: wedged on the way
// home at one place, relocated by a lack of progress and wedged there
// again, four times, until the game time ran out).
func TestHomeRoundWhereStuck(t *testing.T) {
	for _, c := range []struct {
		name      string
		strikes   int
		wantRound bool
	}{
		{"stuck twice", 2, true},
		{"stuck once", 1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := New().(*Exit)
			src := nav.NewMap(geom.Vec2{X: 0.06, Z: 0.06}, nav.DefaultRobot(), nav.DefaultMapConfig()) // the start tile spans 0..0.12
			tr, tc := src.StartTile()
			for r := tr - 1; r <= tr+1; r++ {
				for col := tc; col <= tc+2; col++ {
					src.SetFloor(r, col, nav.FloorPlain)
				}
			}
			read := func() {
				b, err := src.MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				if x.m, err = x.maps.Read(b); err != nil {
					t.Fatal(err)
				}
			}
			read()
			stuck := geom.Vec2{X: 0.18, Z: 0.06}
			for range c.strikes {
				x.m.Stuck(stuck)
			}
			src.SetFloor(tr+2, tc, nav.FloorPlain) // the map grew: a new reading
			read()
			path, _, ok := x.planHome(geom.Vec2{X: 0.30, Z: 0.06}, nav.Costs{Swamp: 5, Unknown: 1, Edge: 0.3, UnseenCorner: 10})
			if !ok {
				t.Fatal("no way home")
			}
			through := false
			for i := 1; i < len(path); i++ {
				through = through || geom.SegmentDist(stuck, path[i-1], path[i]) < 0.01
			}
			if through == c.wantRound {
				t.Errorf("way home %v: through %v where the robot got stuck, want round it %v", path, stuck, c.wantRound)
			}
		})
	}
}

// TestLackOfProgressOnlyWhenNearer: a lack of progress puts the robot on
// the last checkpoint its centre stood on (the start until then). On the
// way home, exit asks for one only when the way home from there is
// shorter than from where the robot is stuck (Day_2-2-FIXED3 of
// shared/more-worlds: wedged two tiles from home, relocated four tiles
// away behind a closed passage, six lacks of progress and no exit).
func TestLackOfProgressOnlyWhenNearer(t *testing.T) {
	for _, c := range []struct {
		name string
		cp   int     // the checkpoint tile's column from the start's, 0: none visited
		at   float64 // x of the robot, stuck
		want bool
	}{
		{"checkpoint beyond the robot", 4, 0.30, false},
		{"checkpoint between the robot and home", 2, 0.54, true},
		{"no checkpoint visited", 0, 0.30, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := New().(*Exit)
			m := nav.NewMap(geom.Vec2{X: 0.06, Z: 0.06}, nav.DefaultRobot(), nav.DefaultMapConfig()) // the start tile spans 0..0.12
			tr, tc := m.StartTile()
			for col := tc; col <= tc+5; col++ {
				m.SetFloor(tr, col, nav.FloorPlain)
			}
			if c.cp > 0 {
				m.SetFloor(tr, tc+c.cp, nav.FloorCheckpoint)
			}
			x.m = m
			x.start, x.haveStart = m.Start(), true
			x.seenCheckpoint(m.Start(), true)
			if c.cp > 0 {
				x.seenCheckpoint(m.TileCenter(tr, tc+c.cp), true) // drove over it
			}
			if got := x.lopHelps(geom.Vec2{X: c.at, Z: 0.06}); got != c.want {
				t.Errorf("lack of progress asked for %v, want %v (last checkpoint %v)", got, c.want, x.lastCP)
			}
		})
	}
}
