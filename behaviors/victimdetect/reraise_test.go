package victimdetect

import (
	"context"
	"testing"

	"github.com/rescuekit/rescuekit/signs"
)

// TestRaisesHandedBackSign: report gave a sign up (Unreachable), then
// handed it back for another try (Seen again in signs.reported). The sign
// is raised again and stays the candidate while report works on it: only a
// finished status (Reported, Confirmed, Unreachable) clears the candidate.
func TestRaisesHandedBackSign(t *testing.T) {
	w := sharedWorld(t, "world1")
	s := &scene{r: newRig(t, w), w: w, pose: facing(w, 0, 0.08)}
	b := New()
	bb := map[string][]byte{}
	step := uint64(0)
	raised := 0
	run := func(n int, state string) {
		t.Helper()
		for range n {
			step++
			a, err := b.Step(context.Background(), s.obs(t, step, state, bb))
			if err != nil {
				t.Fatal(err)
			}
			for key, v := range a.GetBlackboard() {
				if len(v) == 0 {
					delete(bb, key)
				} else {
					bb[key] = v
				}
			}
			for _, e := range a.GetEvents() {
				if e == EventVictimSeen {
					raised++
				}
			}
		}
	}
	run(6, "explore")
	cand, ok, err := signs.Candidate(bb)
	if err != nil || !ok || raised != 1 {
		t.Fatalf("raised %d times, candidate %v %v %v: want the sign raised once", raised, cand, ok, err)
	}
	// Report gives it up.
	gone := cand
	gone.Status = signs.Unreachable
	bb[signs.KeyReported] = signs.List{gone}.Encode()
	run(4, "explore")
	if _, ok, _ := signs.Candidate(bb); ok || raised != 1 {
		t.Fatalf("after Unreachable: candidate present %v, raised %d times; want cleared and not raised", ok, raised)
	}
	// Report hands it back.
	back := cand
	back.Status = signs.Seen
	bb[signs.KeyReported] = signs.List{back}.Encode()
	run(1, "explore")
	if raised != 2 {
		t.Fatalf("raised %d times, want the handed-back sign raised again", raised)
	}
	// Report works on it; signs.reported still says Seen.
	for i := range 20 {
		run(1, "report")
		c, ok, _ := signs.Candidate(bb)
		if !ok || c.ID != cand.ID {
			t.Fatalf("step %d of the job: candidate %v (present %v), want #%d kept", i, c, ok, cand.ID)
		}
	}
}
