package explore

import (
	"testing"

	"github.com/rescuekit/rescuekit/sim/world"
)

// openTop is a 2×2 arena whose top side has no wall: past it Erebus has no
// floor (more-worlds Awesome_world__4_ has no outer wall at all).
const openTop = `
+ + + + +
|S S    |
+ + + + +
|S S    |
+ + + + +
|       |
+ + + + +
|       |
+-+-+-+-+
`

// TestLearnsWhereItFell: explore drives into the unseen tiles past the
// open side, falls off the arena and is relocated (Erebus: y below
// −0.035). It marks the tile it fell on as a hole and does not fall there
// again: before, it fell over and over at the same tiles (366 relocations
// in Awesome_world__4_).
func TestLearnsWhereItFell(t *testing.T) {
	w, err := world.ParseASCII("open-top", openTop[1:])
	if err != nil {
		t.Fatal(err)
	}
	r, _ := playExploreMatrix(t, w, 1, true)
	t.Logf("explored=%v t=%.1fs map=%.3f coverage=%.3f lopAuto=%d", r.explored, r.simTime, r.mapScore, r.coverage, r.ref.LoPAutomatic)
	if !r.explored || r.coverage < 0.99 {
		t.Errorf("explored=%v coverage %.2f, want explored with every tile seen", r.explored, r.coverage)
	}
	// The open side is two tiles long: a fall at each tile past it, and
	// a few more at the tiles past the corners.
	if r.ref.LoPAutomatic > 6 {
		t.Errorf("%d automatic relocations (falls), want ≤ 6", r.ref.LoPAutomatic)
	}
}
