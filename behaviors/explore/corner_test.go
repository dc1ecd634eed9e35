package explore

import (
	"testing"

	"github.com/rescuekit/rescuekit/sim/world"
)

// cornerGap is the gap of Area123Joaco2 (shared more-worlds) on a 3×3
// arena: tile (1, 1) opens onto the rest only by the right half of its top
// side and the top half of its right side, 6 cm each, narrower than the
// robot; between the end of the wall on the left half of its top side and
// the top of the wall on the bottom half of its right side the robot fits
// diagonally. The planner's diagonal steps needed both other corners of
// their quarter free, and those two are wall ends: tiles (1, 0), (2, 0),
// (2, 1) and (2, 2) were never entered (in that world, the right two
// thirds of the arena).
const cornerGap = `
+-+-+-+-+-+-+
|   |       |
+ + + + + + +
|   |       |
+ + +-+ + + +
|   |       |
+ + + + + + +
|   |   |   |
+ + + + + + +
|S S    |   |
+ + + + + + +
|S S    |   |
+-+-+-+-+-+-+
name corner-gap
`

// TestDiagonalPastWallEnds: the robot passes the gap and sees every tile.
func TestDiagonalPastWallEnds(t *testing.T) {
	w, err := world.ParseASCII("corner-gap", cornerGap[1:])
	if err != nil {
		t.Fatal(err)
	}
	r, sub := playExploreMatrix(t, w, 1, true)
	t.Logf("explored=%v t=%.1fs map=%.3f coverage=%.3f unseen %v lopAuto=%d", r.explored, r.simTime, r.mapScore, r.coverage, r.unseen, r.ref.LoPAutomatic)
	if !r.explored || len(r.unseen) > 0 {
		nw := *w
		nw.Signs = nil
		t.Errorf("explored=%v, tiles unseen %v: want every tile seen; answer frame ('+' extra, '-' missing, 'X' different):\n%s",
			r.explored, r.unseen, diff(world.Answer(&nw), sub))
	}
}

// cornerGapCorridor is cornerGap with the robot's way to the gap a
// corridor one tile wide up to the tile below it: the robot comes up the
// corridor's middle to the gap tile's centre, where the diagonal begins,
// as in Area123Joaco2 (where it came up x = −0.30 and got wedged between
// the wall ends at 97 s, heading 45° off the diagonal).
const cornerGapCorridor = `
+-+-+-+-+-+-+
|   |       |
+ + + + + + +
|   |       |
+ + +-+ + + +
|   |       |
+ + + + + + +
|   |   |   |
+ + + + + + +
|   |   |   |
+ + + + + + +
|   |   |   |
+ + + + + + +
|S S    |   |
+ + + + + + +
|S S    |   |
+-+-+-+-+-+-+
name corner-gap-corridor
`

// TestDiagonalPastWallEndsSeeds: the gap leaves the robot about a
// millimetre each side; it passes only when it enters on the diagonal's
// line, heading along it, and does not turn in it when explore replans
// (nav.Follower.Tight). Before, it got wedged in about half of the games
// (the seeds vary the noise) and the tiles behind the gap were never
// seen.
func TestDiagonalPastWallEndsSeeds(t *testing.T) {
	for _, src := range []string{cornerGap, cornerGapCorridor} {
		w, err := world.ParseASCII("corner-gap", src[1:])
		if err != nil {
			t.Fatal(err)
		}
		for seed := int64(1); seed <= 8; seed++ {
			r, _ := playExploreMatrix(t, w, seed, true)
			if !r.explored || len(r.unseen) > 0 {
				t.Errorf("%s, seed %d: explored=%v at %.1f s, tiles unseen %v; want every tile seen", w.Name, seed, r.explored, r.simTime, r.unseen)
			}
		}
	}
}
