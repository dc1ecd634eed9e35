package fullgame

import (
	"os"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestRevisitPastWallEnd: prueba_Day_2-6_Richo of shared/more-worlds,
// converted to v26.1 as the `mw26` set is (docs/eval-real-worlds.md), at
// seeds 7 and 102. Its F at (−0.090, −0.234) hangs on a quarter wall past
// the end of another wall. Report gave it up at 51-53 s, the way to the
// lattice's nodes within reach of it 0.93 m and 1.13 m round the walls,
// and never took it back: the robot's way there stayed the long one. Now
// explore, with nothing else left, drives near it (signs.revisit) and
// report hands it back to a place off the lattice beside the wall's end
// (signs.revisiting): the F is reported, a hit, in both games (19.5 and
// 30.6 points of 305.5 before, 119.5 and 130.9 now).
func TestRevisitPastWallEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("two full games (-short)")
	}
	src, err := os.ReadFile(sharedtest.Path(t, "erebus", "more-worlds", "worlds", "prueba_Day_2-6_Richo.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	v26, err := world.ConvertToV26(src, world.ConvertOptions{Fakes: 0.5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.ParseWith("prueba_Day_2-6_Richo", v26, world.ParseOptions{PROTODirs: []string{sharedtest.Path(t, "erebus", "protos")}})
	if err != nil {
		t.Fatal(err)
	}
	f := geom.Vec2{X: -0.090, Z: -0.234}
	for _, seed := range []int64{7, 102} {
		res := playWorld(t, w, seed)
		found := false
		for _, r := range res.Reports {
			if r.Outcome == referee.OutcomeHit && r.Sign >= 0 && w.Signs[r.Sign].Pos.Dist(f) < 0.02 {
				found = true
			}
		}
		if !found {
			t.Errorf("seed %d: the F at %v not reported (score %.1f of %.1f, %d reports)", seed, f, res.Referee.Score, res.MaxScore, len(res.Reports))
		}
	}
}
