package explore

import (
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestMapWithoutStartYaw: in curved_walls_2 (shared more-worlds, 2×2
// tiles) the start tile holds four curved walls that make a ring round the
// robot, 1.8 cm from its body: the straight run that gives the start yaw
// never happens, and the map stayed empty for the whole game (map 0.108:
// only the start tile's '5's). Drawn with the yaw relative to the start
// (the true one up to a quarter turn), it holds the ring's walls.
func TestMapWithoutStartYaw(t *testing.T) {
	path := filepath.Join(sharedtest.Dir(t), "erebus", "more-worlds", "worlds", "curved_walls_2.wbt")
	w, err := world.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	r, sub := playExploreMatrix(t, w, 1, true)
	t.Logf("explored=%v t=%.1fs map=%.3f", r.explored, r.simTime, r.mapScore)
	if r.mapScore < 0.3 {
		nw := *w
		nw.Signs = nil
		t.Errorf("map %.3f, want ≥ 0.3 (the start tile's ring mapped); answer frame ('+' extra, '-' missing, 'X' different):\n%s",
			r.mapScore, diff(world.Answer(&nw), sub))
	}
}
