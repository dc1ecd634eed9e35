package explore

import (
	"context"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// TestHeldTurnBacksOff: stuck, explore turns on the spot to the freest
// direction before it drives out. Wedged (R8 of shared more-worlds at
// 308 s: a sensor sphere caught on a curved wall), the turn never turned,
// and the robot stood until it asked for a lack of progress 12 s later
// (R8: six, from 216 s on; its area-4 room was never entered). A turn
// whose yaw stands still for heldSteps steps backs the robot off now and
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
			e.escape, e.escapeTurned, e.escapeYaw, e.turnSteps = 10, false, math.Pi/2, 0
			backed := false
			for step := uint64(2); step < 2+2*heldSteps; step++ {
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
				t.Errorf("backed off within %d steps of a held turn: %v, want %v", 2*heldSteps, backed, c.wantBack)
			}
		})
	}
}
