package nav

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestNth checks the selection against a sort, on random values and on
// values with many ties.
func TestNth(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := range 200 {
		n := 1 + rng.IntN(300)
		xs := make([]float64, n)
		for i := range xs {
			if trial%2 == 0 {
				xs[i] = rng.Float64()
			} else {
				xs[i] = float64(rng.IntN(4))
			}
		}
		sorted := slices.Clone(xs)
		slices.Sort(sorted)
		k := rng.IntN(n)
		if got := nth(xs, k); got != sorted[k] {
			t.Fatalf("trial %d: nth(%d) of %d = %v, want %v", trial, k, n, got, sorted[k])
		}
	}
}
