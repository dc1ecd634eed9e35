package exit

import (
	"context"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
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

// TestStuckWhenSlidingAlongWall: on its way home the robot slides
// sideways, across the corridor home runs along, at 1.5 cm/s with its
// wheels driving straight (pushed along a wall end, world4 of Erebus
// v26.1). It moves, but the way home left is no shorter: exit takes it for
// stuck within stuck_s (3 s) and backs off, rather than after the 7 s it
// took when any 3 cm of motion counted as progress.
func TestStuckWhenSlidingAlongWall(t *testing.T) {
	m := nav.NewMap(geom.Vec2{X: 0.3, Z: 0.2}, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc := m.StartTile()
	for i := range 5 {
		m.SetFloor(sr, sc+i, nav.FloorPlain)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	bb := map[string][]byte{nav.KeyMap: b}
	x := New().(*Exit)
	st := m.Start()
	var step uint64
	var wheel float64
	stuckAt := -1.0
	feed := func(p geom.Vec2) {
		step++
		wheel += 0.1 // both wheels forward: driving straight
		obs := &pluginpb.Observation{Step: step, SimTime: 0.032 * float64(step), State: "exit", Driver: true,
			Gps: &pluginpb.Vec3{X: p.X, Z: p.Z}, WheelPositions: &pluginpb.WheelPositions{Left: wheel, Right: wheel},
			Blackboard: bb}
		if _, err := x.Step(context.Background(), obs); err != nil {
			t.Fatal(err)
		}
		if x.escape > 0 && stuckAt < 0 {
			stuckAt = obs.GetSimTime()
		}
	}
	// Home along the corridor to 3 cm short of the fourth tile's centre,
	// 6 cm (the start yaw is learnt from it), then sideways for 4 s, away
	// from the corridor's centre line.
	p := geom.Vec2{X: st.X + 3*nav.TileSize + 0.09, Z: st.Z - 0.03}
	for range 30 {
		p.X -= 0.002
		feed(p)
	}
	if !x.tr.YawKnown() || x.fol.Done() {
		t.Fatalf("yaw known %v, following a way home %v: want both", x.tr.YawKnown(), !x.fol.Done())
	}
	slideFrom := 0.032 * float64(step)
	for range 125 {
		p.Z -= 0.00048
		feed(p)
	}
	if stuckAt < 0 || stuckAt-slideFrom > x.stuckS+0.5 {
		t.Errorf("stuck at %.2f s, the slide began at %.2f s: want stuck within %.1f s", stuckAt, slideFrom, x.stuckS+0.5)
	}
}

// TestEscapeTurnHeldBacksOff: stuck on the way home, exit turns on the spot
// to the freest direction before it drives out. Held there (its GPS and
// inertial unit never change, whatever the wheels do), the turn used to
// last for ever: the stuck clock runs only after the escape, and a lack
// of progress that would not bring the robot nearer home is not asked for
// (TestingMap_6x5_A2 of shared/more-worlds at seed 3: 280 s turning in
// place, the game time up without 'E'). Now a held turn backs the robot
// off (nav.HeldTurn) and turns again, twice, then the escape drives out.
// The second back-off is on an arc (nav.BackOff): straight back does not
// free a robot wedged between two wall ends (explore's
// TestBackOffArcLeavesWedge).
func TestEscapeTurnHeldBacksOff(t *testing.T) {
	x := New().(*Exit)
	at := geom.Vec2{X: 0.30, Z: 0.06} // two tiles from the start tile's centre
	x.start, x.haveStart = geom.Vec2{X: 0.06, Z: 0.06}, true
	obs := func(step uint64) *pluginpb.Observation {
		return &pluginpb.Observation{Step: step, SimTime: float64(step) * 0.032, Driver: true, State: "exit",
			Gps:          &pluginpb.Vec3{X: at.X, Z: at.Z},
			InertialUnit: &pluginpb.InertialUnit{Yaw: 0}}
	}
	o := obs(1)
	pose := x.tr.Update(o)
	if !x.tr.YawKnown() {
		t.Fatal("yaw unknown with an inertial unit")
	}
	x.progress, x.progressT, x.lopT = pose.Vec2, o.GetSimTime(), o.GetSimTime()
	x.escape, x.escapeTurned, x.escapeYaw = 10, false, math.Pi/2
	var backs, drives int
	shapes := map[[2]float64]bool{}
	for step := uint64(2); step < 2+8*nav.HeldTurnSteps; step++ {
		o := obs(step)
		l, r, _ := x.driveHome(o, x.tr.Update(o), &pluginpb.Action{})
		switch {
		case l < 0 && r < 0:
			backs++
			shapes[[2]float64{l, r}] = true
		case l > 0 && r > 0:
			drives++
		}
	}
	if backs == 0 {
		t.Errorf("never backed off in %d steps of a held turn", 8*nav.HeldTurnSteps)
	}
	if drives == 0 {
		t.Error("the escape never drove out after its turns were held")
	}
	straight, arc := false, false
	for sh := range shapes {
		straight = straight || sh[0] == sh[1]
		arc = arc || sh[0] != sh[1]
	}
	if !straight || !arc {
		t.Errorf("back-offs %v: want one straight and one on an arc", shapes)
	}
}
