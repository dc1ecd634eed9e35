package explore

import (
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestPlayShared explores the shared worlds with noise on and checks the
// coverage, the map (against the answer without signs) and that Erebus
// never had to relocate the robot.
func TestPlayShared(t *testing.T) {
	dir := sharedtest.Dir(t)
	cases := []struct {
		name             string
		minMap, minCover float64
	}{
		{"world1", 0.97, 0.95},
		{"world2", 0.95, 0.95},
		{"room4_small", 0.9, 0.8}, // its area-4 corner, behind an odd-shaped wall, is only looked into
		{"NewPassages", 0.95, 0.9},
	}
	if testing.Short() {
		cases = cases[:1]
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := world.Load(filepath.Join(dir, "erebus", "worlds", c.name+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			r, sub := playExploreMatrix(t, w, 1, true)
			t.Logf("%s: explored=%v t=%.1fs map=%.3f coverage=%.3f lopAuto=%d lopReq=%d",
				c.name, r.explored, r.simTime, r.mapScore, r.coverage, r.ref.LoPAutomatic, r.ref.LoPRequested)
			if !r.explored {
				t.Error("explore never fired explored")
			}
			if r.ref.LoPAutomatic != 0 {
				t.Errorf("%d automatic lack-of-progress relocations, want 0", r.ref.LoPAutomatic)
			}
			if r.coverage < c.minCover {
				t.Errorf("coverage %.3f, want ≥ %.2f", r.coverage, c.minCover)
			}
			if r.mapScore < c.minMap {
				nw := *w
				nw.Signs = nil
				t.Errorf("map score %.3f, want ≥ %.2f; answer frame ('+' extra, '-' missing, 'X' different):\n%s",
					r.mapScore, c.minMap, diff(world.Answer(&nw), sub))
			}
		})
	}
}
