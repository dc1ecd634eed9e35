package referee

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/sim/world"
)

// The same arena is worth 2.2/2.1 times as much under v26.1's map bonus
// (×(1+1.2) instead of ×(1+1), v26 §7), and a target no report can match
// adds nothing.
func TestMaxScoreByRules(t *testing.T) {
	w := &world.World{
		Rules: erebus.V25Rules,
		Signs: []world.Sign{
			{Kind: world.Victim, Letter: 'H', Worth: 15, Room: 1},
			{Kind: world.Hazard, Letter: 'F', Worth: 30, Room: 2},
		},
	}
	v25 := MaxScore(w)
	want := ((15+10)*1 + (30+20)*1.25) * 1.1 * 2
	if math.Abs(v25-want) > 1e-9 {
		t.Fatalf("v25 MaxScore = %v, want %v", v25, want)
	}
	w.Rules = erebus.V26Rules
	w.Signs = append(w.Signs, world.Sign{Kind: world.Hazard, Target: true, Type: "KKKKK", Worth: 30, Room: 1})
	if got, want := MaxScore(w), v25/2*2.2; math.Abs(got-want) > 1e-9 {
		t.Fatalf("v26 MaxScore = %v, want %v (the invalid target must count for nothing)", got, want)
	}
}
