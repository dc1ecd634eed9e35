package fullgame

import (
	"os"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestRevisitGivenUp: signs report gave up, which explore drives near once
// nothing else is left (signs.revisit) and report then takes back, in
// worlds of shared/more-worlds converted to v26.1 as the `mw26` set is
// (docs/eval-real-worlds.md, sessions 36 and 37). Each is reported, a hit;
// on the main before, none was.
//
//   - prueba_Day_2-6_Richo at seeds 7 and 102: its F on a quarter wall
//     past the end of another wall, given up at 51-53 s because the way to
//     the lattice's nodes within reach of it was 0.93 m (1.13 m) round the
//     walls. Handed back while explore revisits it, its job reports from a
//     place off the lattice beside the wall's end (signs.revisiting): 19.5
//     and 30.6 points of 305.5 before, 119.5 and 130.9 now.
//   - test_token_score_custom at seed 1: its U in the pocket behind the
//     D-shaped wall of its area 4, reported from 0.0788 m at most; home at
//     198 s without it before.
func TestRevisitGivenUp(t *testing.T) {
	if testing.Short() {
		t.Skip("full games (-short)")
	}
	for _, tc := range []struct {
		world string
		seed  int64
		sign  geom.Vec2
	}{
		{"prueba_Day_2-6_Richo", 7, geom.Vec2{X: -0.090, Z: -0.234}},
		{"prueba_Day_2-6_Richo", 102, geom.Vec2{X: -0.090, Z: -0.234}},
		{"test_token_score_custom", 1, geom.Vec2{X: 0.295, Z: 0.120}},
	} {
		w := mw26(t, tc.world)
		res := playWorld(t, w, tc.seed)
		found := false
		for _, r := range res.Reports {
			if r.Outcome == referee.OutcomeHit && r.Sign >= 0 && w.Signs[r.Sign].Pos.Dist(tc.sign) < 0.02 {
				found = true
			}
		}
		if !found {
			t.Errorf("%s seed %d: the sign at %v not reported (score %.1f of %.1f, %d reports)",
				tc.world, tc.seed, tc.sign, res.Referee.Score, res.MaxScore, len(res.Reports))
		}
	}
}

// mw26 loads the world name of shared/more-worlds converted to v26.1 as
// the `mw26` set of docs/eval-real-worlds.md is (`runner world convert
// --to v26 --fakes 0.5 --seed 1`), or skips without ../shared.
func mw26(t *testing.T, name string) *world.World {
	t.Helper()
	src, err := os.ReadFile(sharedtest.Path(t, "erebus", "more-worlds", "worlds", name+".wbt"))
	if err != nil {
		t.Fatal(err)
	}
	v26, err := world.ConvertToV26(src, world.ConvertOptions{Fakes: 0.5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.ParseWith(name, v26, world.ParseOptions{PROTODirs: []string{sharedtest.Path(t, "erebus", "protos")}})
	if err != nil {
		t.Fatal(err)
	}
	return w
}
