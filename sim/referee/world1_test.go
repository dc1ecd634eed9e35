package referee

import (
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestWorld1MaxScore plays a perfect game on Erebus's world1 and checks the
// final score against docs/erebus-rules.md §2.4: S·(1 + 0.1)·(1 + 1) with S = Σ signs
// (scoreWorth + type bonus)·m + Σ checkpoints 10·m.
func TestWorld1MaxScore(t *testing.T) {
	path := filepath.Join(sharedtest.Dir(t), "erebus", "worlds", "world1.wbt")
	w, err := world.Load(path)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(w.Signs) != 5 {
		t.Fatalf("world1 has %d signs, docs/erebus-rules.md §4 says 3 victims + 2 hazards", len(w.Signs))
	}

	// Expected S, straight from the formula.
	var want float64
	for _, s := range w.Signs {
		bonus := 10.0
		if s.Kind == world.Hazard {
			bonus = 20
		}
		want += (bonus + float64(s.Worth)) * roomMult(w.RoomAt(s.Pos))
	}
	startC := center(w.StartBox())
	seen := map[geom.Vec2]bool{startC: true}
	for _, b := range w.Checkpoints {
		c := center(b)
		if !seen[c] {
			seen[c] = true
			want += 10 * roomMult(w.RoomAt(c))
		}
	}
	if want <= 0 {
		t.Fatalf("expected S = %v", want)
	}

	d := newDriver(t, w, Config{})
	for _, s := range w.Signs {
		n := s.Normal
		t0 := d.moveTo(geom.Vec2{X: s.Pos.X + 0.05*n.X, Z: s.Pos.Z + 0.05*n.Z})
		d.send(t0, 1, reportAt(t, s.Pos, s.Letter))
	}
	for _, b := range w.Checkpoints {
		d.moveTo(center(b))
	}
	d.step(enc(t, comms.Map{Cells: world.Answer(w)}))
	d.step(cmd(comms.Evaluate))
	pre := d.r.Score()
	d.moveTo(startC)
	d.step(cmd(comms.Exit))

	sum := d.r.Summary()
	if !near(pre, want) {
		t.Errorf("S = %v before the exit, want %v; events %+v", pre, want, d.r.Events())
	}
	if sum.SignsCorrectType != len(w.Signs) || sum.Misidentifications != 0 || sum.LoPAutomatic+sum.LoPRequested != 0 {
		t.Errorf("summary %+v", sum)
	}
	if !sum.MapEvaluated || sum.MapScore != 1 || !sum.ExitBonusGiven || sum.EndReason != EndExit {
		t.Errorf("summary %+v", sum)
	}
	// Each bonus is rounded to 0.01, so allow that much.
	if max := want * 1.1 * 2; sum.Score < max-0.02 || sum.Score > max+0.02 {
		t.Errorf("final score %v, want S·1.1·2 = %v", sum.Score, max)
	}
	t.Logf("world1: S = %v, final %v, game time %.1f s", pre, sum.Score, sum.GameTime)
}
