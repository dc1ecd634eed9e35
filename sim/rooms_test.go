package sim

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestArea4RoomBlocksRobot is issue 15's measurement: in v26.1 world4, a
// robot at (0, −0.2) driving towards +X went through the Area4_2 room to
// x = 0.203 in 1.6 s; Erebus has the room's wall8 across its way at
// x 0.105…0.115. With the room built from its PROTO the robot stops at that
// wall, its front (the centre camera's sphere, 0.042 m ahead) touching it.
func TestArea4RoomBlocksRobot(t *testing.T) {
	path := sharedtest.Path(t, "erebus", "v26", "worlds", "world4.wbt")
	w, err := world.LoadWith(path, world.ParseOptions{PROTODirs: []string{sharedtest.Path(t, "erebus", "protos")}})
	if err != nil {
		t.Fatal(err)
	}
	s := mustSim(t, w, Config{})
	s.SetPose(world.Pose{Pos: geom.Vec2{X: 0, Z: -0.2}, Yaw: -math.Pi / 2}) // facing +X
	setWheels(t, s, 6.28, 6.28)
	steps(t, s, 100) // 1.6 s
	x := s.Pose().Pos.X
	if stop := 0.105 - 0.042; x > stop+1e-6 || x < stop-0.001 { // the outline solid is 0.5 mm thick each side
		t.Errorf("robot at x = %.4f after 1.6 s, want stopped at the wall, x = %.4f", x, stop)
	}
}
