package explore

import (
	"testing"

	"github.com/rescuekit/rescuekit/sim/world"
)

// startBlocked is a 3×2 arena whose start tile faces (yaw 0, its top side
// has no wall) an obstacle 2.4 cm ahead of the robot's body (the run needs 3): the straight run
// that gives the start yaw cannot go forwards. Real worlds do this with a
// neighbour's wall, a curve or an obstacle in front of the start (R8,
// Area_1_-_Test_1_-_Ej._Gonzalo, prueba__4_-_caso_4 of shared/more-worlds:
// the robot pushed against it for the whole game and scored 0).
const startBlocked = `
+-+-+-+-+-+-+
|           |
+ + + + + + +
|           |
+ + + + + + +
|    S S    |
+ + + + + + +
|    S S    |
+-+-+-+-+-+-+
name start-blocked
obstacle -0.06 -0.065 0.04 0.004
`

// TestStartFacingObstacle: explore learns the start yaw backwards (or after
// turning) when the way ahead is blocked, then explores the arena.
func TestStartFacingObstacle(t *testing.T) {
	w, err := world.ParseASCII("start-blocked", startBlocked[1:])
	if err != nil {
		t.Fatal(err)
	}
	r, _ := playExploreMatrix(t, w, 1, true)
	t.Logf("explored=%v t=%.1fs map=%.3f coverage=%.3f", r.explored, r.simTime, r.mapScore, r.coverage)
	if !r.explored || r.coverage < 0.99 || r.mapScore < 0.8 {
		t.Errorf("explored=%v coverage %.2f map %.2f, want explored, every tile seen, map ≥ 0.8 (the obstacle tile's 'x' is not mapped)", r.explored, r.coverage, r.mapScore)
	}
	if r.simTime > 120 {
		t.Errorf("explored after %.0f s, want ≤ 120 s for six tiles", r.simTime)
	}
}
