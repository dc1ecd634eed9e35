package exit

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// corridorWorld is a row of three tiles, the start at the west end.
const corridorWorld = `
+-+-+-+-+-+-+
|S S        |
+ + + + + + +
|S S        |
+-+-+-+-+-+-+
name corridor
`

// How long wedger presses into the corner and turns there (s).
const pressS, turnS = 6.0, 4.0

// wedger is the explore stand-in of TestYawWedgedInCorner: it drives
// straight until its tracker knows the start yaw, then into the far
// tile's north-east corner, pressed there for pressS, then turns on the
// spot at turnWheel rad/s a wheel for turnS (the corner holds the body,
// the wheels turn under it; *turning is set meanwhile), and fires
// "explored".
func wedger(corner geom.Vec2, turnWheel float64, turning *bool) func() sdk.Behavior {
	return func() sdk.Behavior {
		tr := nav.NewTracker(nav.DefaultRobot())
		d := nav.DefaultDriver()
		var pressAt, turnAt float64
		d.MaxWheel = 4
		return sdk.New(sdk.Description{Name: "explore", Version: "0", States: []string{"explore"}},
			func(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
				p := tr.Update(obs)
				if !obs.GetDriver() {
					return nil, nil
				}
				now := obs.GetSimTime()
				a := &pluginpb.Action{Wheels: &pluginpb.Wheels{}}
				*turning = false
				switch {
				case !tr.YawKnown():
					a.Wheels.Left, a.Wheels.Right = 3, 3
				case pressAt == 0 || now-pressAt < pressS:
					if pressAt == 0 {
						pressAt = now
					}
					a.Wheels.Left, a.Wheels.Right, _ = d.Toward(p, corner, false)
				case turnAt == 0 || now-turnAt < turnS:
					if turnAt == 0 {
						turnAt = now
					}
					a.Wheels.Left, a.Wheels.Right = -turnWheel, turnWheel
					*turning = true
				default:
					a.Events = []string{"explored"}
				}
				return a, nil
			})
	}
}

// TestYawWedgedInCorner: the robot pressed into a corner turns its wheels
// on the spot while the walls hold its body (world4 of Erebus v26.1, 373 s:
// explore wedged, its wheels turning 0.04 rad of yaw a step, the gyro
// reading none). The trackers must keep the yaw the body has, not the one
// the wheels claim (world4: 0.48 rad off, and exit drove its way home into
// a wall end until the game time ran out); exit then drives home and sends
// 'E' on the start tile.
func TestYawWedgedInCorner(t *testing.T) {
	w, err := world.ParseASCII("corridor", strings.TrimPrefix(corridorWorld, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	c := w.TileCenter(2, 0)
	corner := geom.Vec2{X: c.X + nav.TileSize/2, Z: c.Z - nav.TileSize/2}
	x := New().(*Exit)
	var sm *sim.Sim
	var trueYaw, exitYaw, exitAt, turned float64
	seen, lastYaw, turning := false, math.NaN(), false
	const turnWheel = -1.5 // turning right: the corner holds it
	o := game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1, Noise: game.DefaultNoise,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore":      wedger(corner, turnWheel, &turning),
			"victimdetect": sdktest.StandIn("victimdetect", nil, ""),
			"report":       sdktest.StandIn("report", []string{"report"}, "reported"),
			"exit":         func() sdk.Behavior { return x },
		}),
		OnStart: func(s *sim.Sim, _ *referee.Referee) { sm = s },
		OnStep: func(si framework.StepInfo, _ *referee.Referee) {
			y := sm.Pose().Yaw
			if turning && !math.IsNaN(lastYaw) {
				turned += math.Abs(nav.WrapAngle(y - lastYaw))
			}
			lastYaw = y
			if si.State == "exit" && !seen {
				seen, trueYaw, exitYaw, exitAt = true, y, x.tr.Pose().Yaw, si.SimTime
			}
		},
	}
	res, err := game.Play(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if !seen {
		t.Fatal("exit never drove")
	}
	if d := nav.WrapAngle(exitYaw - trueYaw); math.Abs(d) > 0.1 {
		t.Errorf("exit's yaw %.3f when it took over, the body's %.3f: %.2f rad off, want within 0.1", exitYaw, trueYaw, d)
	}
	r := res.Referee
	p := x.tr.Pose()
	// Home is two tiles away: 0.24 m, some 5 s at the way home's speed.
	if r.EndReason != referee.EndExit || !w.StartBox().Contains(p.Vec2) || r.GameTime-exitAt > 20 {
		t.Errorf("game ended by %v %.0f s after exit took over, the robot at %v: want 'E' sent on the start tile within 20 s", r.EndReason, r.GameTime-exitAt, p.Vec2)
	}
	// By the wheels' count the robot turned 2·|turnWheel|·r/axle rad/s for
	// turnS, 4.6 rad.
	if claimed := 2 * -turnWheel * erebus.WheelRadius / erebus.Axle * turnS; turned > claimed/4 {
		t.Errorf("the body turned %.2f rad while the wheels turned it %.2f: the corner did not hold it", turned, claimed)
	}
}
