package explore

import (
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/sim/world"
)

// ghostPassage is a 4×3 corner of Day_2-2-FIXED3 (shared/more-worlds), with
// its rotated obstacle just past the bottom side of the third top tile: the
// infra-red distance sensors read the grey obstacle closer than it is
// (erebus.ObstacleInfraRed against erebus.WallInfraRed), and those
// readings, seen from the side, landed on the wall line in the middle of
// the passage. The robot's map closed it there and half of that world was
// never entered.
const ghostPassage = `
+-+-+-+-+-+-+-+-+
| |          S S|
+-+ + + + + + + +
|            S S|
+ + + + + + +-+-+
|     |     |   |
+-+ + + + + + +-+
| |   |     |   |
+ + + + + + + + +
|               |
+ +-+-+ + + + + +
| |           | |
+-+-+-+-+-+-+-+-+
name ghost-passage
obstacle 0.019166 -0.055548 0.0261948 0.0299784 2.912
`

// TestObstacleReadingsKeepPassageOpen: the robot drives through the
// passage and sees the floor of the obstacle's tile (2, 1). (Tile (3, 1)
// opens only by a half side, 6 cm, narrower than the robot.)
func TestObstacleReadingsKeepPassageOpen(t *testing.T) {
	w, err := world.ParseASCII("ghost-passage", ghostPassage[1:])
	if err != nil {
		t.Fatal(err)
	}
	r, sub := playExploreMatrix(t, w, 1, true)
	t.Logf("explored=%v t=%.1fs map=%.3f coverage=%.3f unseen %v", r.explored, r.simTime, r.mapScore, r.coverage, r.unseen)
	if !r.explored || slices.Contains(r.unseen, [2]int{2, 1}) {
		nw := *w
		nw.Signs = nil
		t.Errorf("explored=%v, tiles unseen %v: want explored, tile (2, 1) seen; answer frame ('+' extra, '-' missing, 'X' different):\n%s",
			r.explored, r.unseen, diff(world.Answer(&nw), sub))
	}
}
