package exit

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// line returns the positions from a to b, 3 mm apart (a step's drive).
func line(a, b geom.Vec2) []geom.Vec2 {
	n := int(a.Dist(b)/0.003) + 1
	out := make([]geom.Vec2, 0, n+1)
	for i := 0; i <= n; i++ {
		out = append(out, a.Add(b.Sub(a).Scale(float64(i)/float64(n))))
	}
	return out
}

// TestTrailWay: the way home along the trail follows the passes back,
// crosses to another pass where they meet, never across a relocation or
// through a place skip rejects, and only from near the trail.
func TestTrailWay(t *testing.T) {
	home := func(p geom.Vec2) bool { return p.Dist(geom.Vec2{}) < 0.05 }
	none := func(geom.Vec2) bool { return false }
	for _, c := range []struct {
		name string
		// passes of positions driven; each after the first begins with a
		// relocation
		passes [][]geom.Vec2
		skip   func(geom.Vec2) bool
		from   geom.Vec2
		want   bool
		length float64 // of the way, when want (±2 cm: links cut corners)
	}{
		{
			name:   "back the way it came",
			passes: [][]geom.Vec2{append(line(geom.Vec2{}, geom.Vec2{X: 0.5}), line(geom.Vec2{X: 0.5}, geom.Vec2{X: 0.5, Z: 0.3})...)},
			skip:   none, from: geom.Vec2{X: 0.5, Z: 0.3}, want: true, length: 0.8,
		},
		{
			name: "across a later pass that crossed the first",
			passes: [][]geom.Vec2{
				line(geom.Vec2{}, geom.Vec2{X: 0.6}),
				append(line(geom.Vec2{X: 0.3, Z: -0.3}, geom.Vec2{X: 0.3, Z: 0.3}), line(geom.Vec2{X: 0.3, Z: 0.3}, geom.Vec2{X: 0.9, Z: 0.3})...),
			},
			skip: none, from: geom.Vec2{X: 0.9, Z: 0.3}, want: true, length: 0.6 + 0.3 + 0.3,
		},
		{
			name: "a relocation is no way back",
			passes: [][]geom.Vec2{
				line(geom.Vec2{}, geom.Vec2{X: 0.6}),
				line(geom.Vec2{X: 0.3, Z: 0.3}, geom.Vec2{X: 0.9, Z: 0.3}),
			},
			skip: none, from: geom.Vec2{X: 0.9, Z: 0.3}, want: false,
		},
		{
			name:   "a skipped place cuts the only way",
			passes: [][]geom.Vec2{line(geom.Vec2{}, geom.Vec2{X: 0.6})},
			skip:   func(p geom.Vec2) bool { return p.X > 0.2 && p.X < 0.3 },
			from:   geom.Vec2{X: 0.6}, want: false,
		},
		{
			name:   "too far from the trail",
			passes: [][]geom.Vec2{line(geom.Vec2{}, geom.Vec2{X: 0.6})},
			skip:   none, from: geom.Vec2{X: 0.6, Z: 0.1}, want: false,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			var tr trail
			for i, pass := range c.passes {
				for j, p := range pass {
					tr.add(p, i > 0 && j == 0)
				}
			}
			path, cost, ok := tr.way(c.from, geom.Vec2{}, home, c.skip)
			if ok != c.want {
				t.Fatalf("way found %v, want %v (path %v)", ok, c.want, path)
			}
			if !ok {
				return
			}
			if path[0] != c.from || path[len(path)-1] != (geom.Vec2{}) {
				t.Errorf("way %v: want it from %v to the start", path, c.from)
			}
			if l := path.Length(); l < c.length-0.02 || l > c.length+0.02 || cost < l-0.01 {
				t.Errorf("way %.3f m long (cost %.3f), want %.3f: %v", l, cost, c.length, path)
			}
			for _, p := range path {
				if c.skip(p) {
					t.Errorf("way %v passes %v, skipped", path, p)
				}
			}
		})
	}
}

// TestOverOpening: a hole tile's 16 mm rims are floor (erebus.HoleRim);
// a way along the trail keeps the rims and leaves the opening out, with a
// few millimetres to spare.
func TestOverOpening(t *testing.T) {
	x := New().(*Exit)
	x.m = nav.NewMap(geom.Vec2{X: 0.06, Z: 0.06}, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc := x.m.StartTile()
	x.m.SetFloor(sr, sc+1, nav.FloorHole)
	c := x.m.TileCenter(sr, sc+1) // (0.18, 0.06)
	for _, tc := range []struct {
		name string
		p    geom.Vec2
		want bool
	}{
		{"the hole's middle", c, true},
		{"on the rim, 1 mm in", geom.Vec2{X: 0.121, Z: 0.06}, false},
		{"on the rim's inner edge", geom.Vec2{X: 0.136, Z: 0.06}, true},
		{"the corner of the rims", geom.Vec2{X: 0.125, Z: 0.005}, false},
		{"the plain tile beside it", geom.Vec2{X: 0.10, Z: 0.06}, false},
	} {
		if got := x.overOpening(tc.p); got != tc.want {
			t.Errorf("%s %v: over the opening %v, want %v", tc.name, tc.p, got, tc.want)
		}
	}
}

// uWorld is a U: the start at the west end of the top row, the way round
// through the east tile to the bottom row. The wall between the rows
// leaves the east tile open.
const uWorld = `
+-+-+-+-+-+-+
|S S        |
+ + + + + + +
|S S        |
+-+-+-+-+ + +
|           |
+ + + + + + +
|           |
+-+-+-+-+-+-+
name u
`

// rimWorld is two rows of three tiles, a hole in the middle of the bottom
// row.
const rimWorld = `
+-+-+-+-+-+-+
|S S        |
+ + + + + + +
|S S        |
+ + + + + + +
|    X X    |
+ + + + + + +
|    X X    |
+-+-+-+-+-+-+
name rim
`

// misleader is the explore stand-in of TestHomeAlongTrail: once its
// tracker knows the start yaw it drives route, publishing the map m, and
// fires "explored" at its end.
func misleader(route nav.Path, m []byte) func() sdk.Behavior {
	return func() sdk.Behavior {
		robot := nav.DefaultRobot()
		tr := nav.NewTracker(robot)
		calib := nav.Calibrator{Robot: robot}
		fol := nav.Follower{D: nav.DefaultDriver()}
		fol.Set(route)
		return sdk.New(sdk.Description{Name: "explore", Version: "0", States: []string{"explore"}, BlackboardWrites: []string{nav.KeyMap}},
			func(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
				p := tr.Update(obs)
				if !obs.GetDriver() {
					return nil, nil
				}
				a := &pluginpb.Action{Wheels: &pluginpb.Wheels{}, Blackboard: map[string][]byte{nav.KeyMap: m}}
				if !tr.YawKnown() {
					a.Wheels.Left, a.Wheels.Right = calib.Step(obs, p)
					return a, nil
				}
				l, r, done := fol.Step(p)
				if done {
					a.Events = []string{"explored"}
					return a, nil
				}
				a.Wheels.Left, a.Wheels.Right = l, r
				return a, nil
			})
	}
}

// wallRun sets the map's wall cells from (r0, c0) to (r1, c1), one row or
// one column of the full grid (a cell every quarter tile).
func wallRun(m *nav.Map, r0, c0, r1, c1 int) {
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			m.SetWall(r, c)
		}
	}
}

// TestHomeAlongTrail: the map explore publishes closes the start off from
// where the robot is, with a wall that is not there (a wall cell read off
// an obstacle across a passage the robot drove through: Day_2-2-FIXED3 of
// shared/more-worlds at seed 2). Exit finds no way home on it; it drives
// back along the robot's trail and sends 'E' on the start tile, with no
// lack of progress. It drove straight at the start, into a wall, until a
// lack of progress put it there.
//
// In the second world the trail passes a hole on its rim (the rims are
// floor, erebus.HoleRim), as in Day_2-2-FIXED3, where the robot had
// crossed a hole's corner before it saw the hole. The colour sensor, 3 cm
// ahead of the centre, sees the hole there: exit backed off, planned the
// same way again, and never got past.
func TestHomeAlongTrail(t *testing.T) {
	for _, c := range []struct {
		name, src string
		route     func(w *world.World) nav.Path
		walls     func(m *nav.Map, sr, sc int) // besides the outer ones
		hole      bool                         // the middle of the bottom row
		homeS     float64                      // the longest drive home, s
	}{
		{
			name: "wall across a passage", src: uWorld,
			route: func(w *world.World) nav.Path {
				return nav.Path{w.TileCenter(0, 0), w.TileCenter(2, 0), w.TileCenter(2, 1), w.TileCenter(0, 1)}
			},
			walls: func(m *nav.Map, sr, sc int) {
				wallRun(m, 4*(sr+1), 4*sc, 4*(sr+1), 4*(sc+2))     // between the rows
				wallRun(m, 4*(sr+1), 4*(sc+2), 4*(sr+2), 4*(sc+2)) // the one not there
			},
			homeS: 30, // 0.6 m round the U, some 15 s at the way home's speed
		},
		{
			name: "past a hole on its rim", src: rimWorld,
			route: func(w *world.World) nav.Path {
				// From the start south into the bottom row, east along
				// the hole's rim, 8 mm into its tile, north out of it,
				// round to the east tile of the bottom row.
				d := w.TileCenter(0, 1).Z - w.TileCenter(0, 0).Z
				rim := w.TileCenter(0, 0).Z + d/2 + math.Copysign(0.008, d)
				x0, x1 := w.TileCenter(0, 0).X, w.TileCenter(1, 0).X
				return nav.Path{w.TileCenter(0, 0), {X: x0, Z: rim}, {X: x1, Z: rim}, w.TileCenter(1, 0), w.TileCenter(2, 0), w.TileCenter(2, 1)}
			},
			walls: func(m *nav.Map, sr, sc int) {
				// Not there: the west column walled off from the others.
				wallRun(m, 4*sr, 4*(sc+1), 4*(sr+2), 4*(sc+1))
			},
			hole:  true,
			homeS: 30,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, err := world.ParseASCII(c.name, strings.TrimPrefix(c.src, "\n"))
			if err != nil {
				t.Fatal(err)
			}
			m := nav.NewMap(w.Start.Pos, nav.DefaultRobot(), nav.DefaultMapConfig())
			sr, sc := m.StartTile()
			for r := range 2 {
				for col := range 3 {
					m.SetFloor(sr+r, sc+col, nav.FloorPlain)
				}
			}
			if c.hole {
				m.SetFloor(sr+1, sc+1, nav.FloorHole)
			}
			wallRun(m, 4*sr, 4*sc, 4*sr, 4*(sc+3))
			wallRun(m, 4*(sr+2), 4*sc, 4*(sr+2), 4*(sc+3))
			wallRun(m, 4*sr, 4*sc, 4*(sr+2), 4*sc)
			wallRun(m, 4*sr, 4*(sc+3), 4*(sr+2), 4*(sc+3))
			c.walls(m, sr, sc)
			b, err := m.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			x := New().(*Exit)
			exitAt := -1.0
			o := game.Options{
				World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1, Noise: game.DefaultNoise,
				Launch: game.InProcess(map[string]func() sdk.Behavior{
					"explore":      misleader(c.route(w), b),
					"victimdetect": sdktest.StandIn("victimdetect", nil, ""),
					"report":       sdktest.StandIn("report", []string{"report"}, "reported"),
					"exit":         func() sdk.Behavior { return x },
				}),
				OnStep: func(si framework.StepInfo, _ *referee.Referee) {
					if si.State == "exit" && exitAt < 0 {
						exitAt = si.SimTime
					}
				},
			}
			res, err := game.Play(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			if exitAt < 0 {
				t.Fatal("exit never drove")
			}
			if _, _, ok := x.planHome(c.route(w)[len(c.route(w))-1], nav.Costs{Swamp: 5, Unknown: 1}); ok {
				t.Fatal("the map exit read has a way home: the test shows nothing")
			}
			r := res.Referee
			p := x.tr.Pose()
			if r.EndReason != referee.EndExit || !w.StartBox().Contains(p.Vec2) || r.LoPRequested+r.LoPAutomatic > 0 || r.GameTime-exitAt > c.homeS {
				t.Errorf("game ended by %v %.0f s after exit took over, the robot at %v, %d lacks of progress asked and %d automatic: want 'E' sent on the start tile within %.0f s, none",
					r.EndReason, r.GameTime-exitAt, p.Vec2, r.LoPRequested, r.LoPAutomatic, c.homeS)
			}
		})
	}
}

// BenchmarkTrailWay searches a trail of a long game: 48 m of serpentine
// (480 s at 0.1 m/s), 1,600 kept positions, from its end back to the start.
func BenchmarkTrailWay(b *testing.B) {
	var tr trail
	for row := range 20 {
		z := float64(row) * 0.06
		a, e := geom.Vec2{Z: z}, geom.Vec2{X: 2.4, Z: z}
		if row%2 == 1 {
			a, e = e, a
		}
		for _, p := range line(a, e) {
			tr.add(p, false)
		}
	}
	end := tr.pts[len(tr.pts)-1]
	home := func(p geom.Vec2) bool { return p.Dist(geom.Vec2{}) < 0.04 }
	none := func(geom.Vec2) bool { return false }
	b.ResetTimer()
	for b.Loop() {
		if _, _, ok := tr.way(end, geom.Vec2{}, home, none); !ok {
			b.Fatal("no way")
		}
	}
	b.ReportMetric(float64(len(tr.pts)), "positions")
}
