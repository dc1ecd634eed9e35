package explore

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/nav/navtest"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestHeldTurnBacksOff: stuck, explore turns on the spot to the freest
// direction before it drives out. Wedged (R8 of shared more-worlds at
// 308 s: a sensor sphere caught on a curved wall), the turn never turned,
// and the robot stood until it asked for a lack of progress 12 s later
// (R8: six, from 216 s on; its area-4 room was never entered). A turn
// whose yaw stands still for nav.HeldTurnSteps steps backs the robot off now and
// turns again, also in a gap between wall ends taken diagonally
// (corner.go), where it once stood until the lack of progress (R8 at
// seed 1: four lacks of progress asked in two such gaps, each stood in
// for 12 s twice); getting stuck there again after backing off counts
// against the gap as surely (CloseCorners).
func TestHeldTurnBacksOff(t *testing.T) {
	for _, c := range []struct {
		name     string
		at       geom.Vec2
		gap      bool // walls make a diagonal gap between wall ends at the robot
		wantBack bool
	}{
		{"open floor", geom.Vec2{X: 0.06, Z: 0.06}, false, true},
		{"in a gap between wall ends", geom.Vec2{X: 0.09, Z: 0.03}, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := &Explore{}
			if err := e.Configure(context.Background(), sdk.Config{Params: map[string]string{"scan_wheel": "0"}}); err != nil {
				t.Fatal(err)
			}
			// A held robot: the GPS and the inertial unit never change,
			// whatever the wheels do.
			obs := func(step uint64) *pluginpb.Observation {
				return &pluginpb.Observation{Step: step, SimTime: float64(step) * stepS, Driver: true, State: "explore",
					Gps:          &pluginpb.Vec3{X: c.at.X, Z: c.at.Z},
					InertialUnit: &pluginpb.InertialUnit{Yaw: 0}}
			}
			if _, err := e.Step(context.Background(), obs(1)); err != nil {
				t.Fatal(err)
			}
			if !e.tr.YawKnown() {
				t.Fatal("yaw unknown with an inertial unit")
			}
			m := nav.NewMap(geom.Vec2{X: 0.06, Z: 0.06}, e.robot, e.mcfg) // the start tile spans 0..0.12
			if c.gap {
				// The start tile walled but for the right half of its top
				// side and the top half of its right side: its top-right
				// quarter is crossed diagonally between two wall ends (as
				// nav's TestDiagonalPastWallEnds).
				tr, tc := m.StartTile()
				r, col := 4*tr, 4*tc
				for j := 0; j <= 4; j++ {
					if j <= 2 {
						m.SetWall(r, col+j)
					}
					if j >= 2 {
						m.SetWall(r+j, col+4)
					}
					m.SetWall(r+4, col+j)
					m.SetWall(r+j, col)
				}
			}
			e.m = m
			e.escape, e.escapeTurned, e.escapeYaw = 10, false, math.Pi/2
			backed := false
			for step := uint64(2); step < 2+2*nav.HeldTurnSteps; step++ {
				act, err := e.Step(context.Background(), obs(step))
				if err != nil {
					t.Fatal(err)
				}
				if w := act.GetWheels(); w.GetLeft() < 0 && w.GetRight() < 0 {
					backed = true
					break
				}
			}
			if backed != c.wantBack {
				t.Errorf("backed off within %d steps of a held turn: %v, want %v", 2*nav.HeldTurnSteps, backed, c.wantBack)
			}
		})
	}
}

// heldEscape returns an explore that has taken its first step at *at and
// is escaping (turning to the freest direction) on open floor, and the
// Observations of a robot held at *at: its GPS and inertial unit never
// change, whatever the wheels do.
func heldEscape(t *testing.T, at *geom.Vec2) (*Explore, func(step uint64) *pluginpb.Observation) {
	t.Helper()
	e := &Explore{}
	if err := e.Configure(context.Background(), sdk.Config{Params: map[string]string{"scan_wheel": "0"}}); err != nil {
		t.Fatal(err)
	}
	obs := func(step uint64) *pluginpb.Observation {
		return &pluginpb.Observation{Step: step, SimTime: float64(step) * stepS, Driver: true, State: "explore",
			Gps:          &pluginpb.Vec3{X: at.X, Z: at.Z},
			InertialUnit: &pluginpb.InertialUnit{Yaw: 0}}
	}
	if _, err := e.Step(context.Background(), obs(1)); err != nil {
		t.Fatal(err)
	}
	e.m = nav.NewMap(*at, e.robot, e.mcfg)
	e.escape, e.escapeTurned, e.escapeYaw = 10, false, math.Pi/2
	return e, obs
}

// TestHeldTurnsBackOffOnArcs: held turn after held turn, explore backs off
// straight and then on arcs (nav.BackOff), not straight each time: a robot
// wedged between two wall ends does not move backing straight
// (TestBackOffArcLeavesWedge).
func TestHeldTurnsBackOffOnArcs(t *testing.T) {
	at := geom.Vec2{X: 0.06, Z: 0.06}
	e, obs := heldEscape(t, &at)
	shapes := map[[2]float64]bool{}
	n := uint64(3 * (nav.HeldTurnSteps + nav.HeldBackSteps))
	for step := uint64(2); step < 2+n; step++ {
		act, err := e.Step(context.Background(), obs(step))
		if err != nil {
			t.Fatal(err)
		}
		if w := act.GetWheels(); w.GetLeft() < 0 && w.GetRight() < 0 {
			shapes[[2]float64{w.GetLeft(), w.GetRight()}] = true
		}
	}
	if len(shapes) != 3 {
		t.Errorf("back-offs in %d steps of held turns: %v, want straight and two arcs", n, shapes)
	}
}

// TestRelocationEndsBackOffOnArc: a relocation in the middle of a back-off
// on an arc (a lack of progress asked while the robot backs) ends it, and
// the next back-off that is not from a held turn (boxed in, a hole ahead)
// goes straight, as before nav.BackOff.
func TestRelocationEndsBackOffOnArc(t *testing.T) {
	at := geom.Vec2{X: 0.06, Z: 0.06}
	e, obs := heldEscape(t, &at)
	e.heldBacks = 1 // the next held turn backs off on an arc
	step := uint64(2)
	for arc := false; !arc; step++ {
		if step > 2+4*nav.HeldTurnSteps {
			t.Fatal("no back-off on an arc")
		}
		act, err := e.Step(context.Background(), obs(step))
		if err != nil {
			t.Fatal(err)
		}
		w := act.GetWheels()
		arc = w.GetLeft() < 0 && w.GetRight() < 0 && w.GetLeft() != w.GetRight()
	}
	at = geom.Vec2{X: 0.30, Z: 0.06} // relocated to a checkpoint
	o := obs(step)
	o.Inbox = []*pluginpb.Inbound{{Kind: &pluginpb.Inbound_LackOfProgress{LackOfProgress: &pluginpb.LackOfProgress{}}}}
	if _, err := e.Step(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if e.backing != 0 {
		t.Fatalf("still backing %d steps after the relocation", e.backing)
	}
	e.backing = 6 // as when boxed in
	act, err := e.Step(context.Background(), obs(step+1))
	if err != nil {
		t.Fatal(err)
	}
	if w := act.GetWheels(); w.GetLeft() >= 0 || w.GetLeft() != w.GetRight() {
		t.Errorf("back-off after the relocation: wheels %g, %g, want straight back", w.GetLeft(), w.GetRight())
	}
}

// TestWedgedUntilLackOfProgressShutsTheGap: a robot held in a diagonal gap
// between wall ends (its GPS and inertial unit never change) asks for a
// lack of progress after lop_s; the gap is shut then, whatever strikes
// CloseCorners had counted, and no plan takes it again (R2D2__7_ of
// shared/more-worlds at seed 1: wedged 12 s in a gap 7.4 cm wide, the
// stuck clock struck it once, and 76 s later explore drove into it again
// and stood another 12 s; R2D2__5_ and R2D2__6_ the same: two lacks of
// progress, −5 points each).
func TestWedgedUntilLackOfProgressShutsTheGap(t *testing.T) {
	e := &Explore{}
	if err := e.Configure(context.Background(), sdk.Config{Params: map[string]string{"scan_wheel": "0"}}); err != nil {
		t.Fatal(err)
	}
	at := geom.Vec2{X: 0.09, Z: 0.03} // the gap's quarter's centre
	obs := func(step uint64) *pluginpb.Observation {
		// Past the first 20 s, before which no lack of progress is asked.
		return &pluginpb.Observation{Step: step, SimTime: 30 + float64(step)*stepS, Driver: true, State: "explore",
			Gps:          &pluginpb.Vec3{X: at.X, Z: at.Z},
			InertialUnit: &pluginpb.InertialUnit{Yaw: 0}}
	}
	if _, err := e.Step(context.Background(), obs(1)); err != nil {
		t.Fatal(err)
	}
	m, _, _ := navtest.GapBetweenWallEnds() // the start tile spans 0..0.12, its way out the gap
	tr, tc := m.StartTile()
	m.SetFloor(tr, tc, nav.FloorPlain)
	e.m = m
	reached := func() bool {
		return !math.IsInf(m.Search(geom.Vec2{X: 0.06, Z: 0.06}, nav.DefaultCosts()).Cost(geom.Vec2{X: 0.12, Z: 0}), 1)
	}
	if !reached() {
		t.Fatal("the gap is closed before the robot got stuck in it")
	}
	asked := false
	for step := uint64(2); step < uint64(2+(e.lopS+2)/stepS); step++ {
		act, err := e.Step(context.Background(), obs(step))
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range act.GetOutbound() {
			if o.GetLackOfProgress() != nil {
				asked = true
			}
		}
		if asked {
			break
		}
	}
	if !asked {
		t.Fatalf("no lack of progress asked within %.0f s of standing wedged", e.lopS+2)
	}
	if reached() {
		t.Error("the gap the robot stood wedged in until the lack of progress is still open to plans")
	}
}

// TestBackOffArcLeavesWedge: in R8 of shared/more-worlds (as v26.1 at seed
// 7, `mw26`) explore drove at 285.7 s into the quarter between the ends of
// two curved walls, 8.5 cm apart centre to centre, and stood wedged there
// (its true pose from the game's recording) until it asked for a lack of
// progress at 297.0 s; after a report it was wedged there again from 311 s
// to 323.3 s. Backing straight off a held turn, the only back-off before,
// does not move the simulator's robot there: the sphere of a distance
// sensor on the body's side meets the end of one ring, and the body touches
// the other's. Backing on an arc, a later nav.BackOff, frees it.
func TestBackOffArcLeavesWedge(t *testing.T) {
	w, err := world.Load(filepath.Join(sharedtest.Dir(t), "erebus", "more-worlds", "worlds", "R8.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	wedged := world.Pose{Pos: geom.Vec2{X: 0.265, Z: 0.023}, Yaw: -2.45}
	// moved drives the robot from the wedged pose with back-off k for
	// nav.HeldBackSteps control steps of 32 ms and returns how far it got.
	moved := func(k int) float64 {
		s, err := sim.New(w, sim.Config{})
		if err != nil {
			t.Fatal(err)
		}
		s.SetPose(wedged)
		l, r := nav.BackOff(k, 3)
		for name, v := range map[string]float64{"wheel1 motor": l, "wheel2 motor": r} {
			m, err := hal.Lookup[hal.Motor](s, name)
			if err != nil {
				t.Fatal(err)
			}
			if err := m.SetVelocity(v); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < nav.HeldBackSteps; i++ {
			if err := s.Step(32); err != nil {
				t.Fatal(err)
			}
		}
		return s.Pose().Pos.Dist(wedged.Pos)
	}
	if d := moved(0); d > 0.005 {
		t.Fatalf("backing straight moved the robot %.4f m: not wedged", d)
	}
	best := 0.0
	for k := 1; k < 3; k++ {
		best = math.Max(best, moved(k))
	}
	if best < 0.015 {
		t.Errorf("the back-offs on arcs moved the robot %.4f m at most, want 0.015 m or more", best)
	}
}
