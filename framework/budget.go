package framework

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"
)

// The two modes of Run (Summary.Mode).
const (
	// ModeLockstep waits for every plugin's answer: the game depends on its
	// inputs alone, and the steps over budget are only counted.
	ModeLockstep = "lockstep"
	// ModeRealtime applies the per-step deadline with the wall clock: a
	// plugin that misses it gets a safe action for that step, as on Webots.
	ModeRealtime = "realtime"
)

// percentile returns the q-quantile (0..1, nearest rank) of d.
func percentile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// overBudget accounts for the time of one answered step.
func (s *slot) overBudget(budget time.Duration) {
	if s.elapsed > budget {
		s.stats.OverBudget++
	}
}

// budgetNote is the one sentence that says which plugins went over the
// real-time budget (lockstep) or missed the deadline (real-time mode), e.g.
// "explore exceeded its 8 ms budget in 37 of 3379 steps: on Webots those
// steps get a safe action"; "" when none did.
func budgetNote(sum Summary) string {
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(sum.Plugins)) {
		p := sum.Plugins[name]
		n, total := p.OverBudget, p.Steps+p.Hangs
		if sum.Mode == ModeRealtime {
			n, total = p.Misses, p.Steps+p.Misses
		}
		if n == 0 {
			continue
		}
		if len(parts) == 0 {
			verb := "exceeded its %d ms budget"
			if sum.Mode == ModeRealtime {
				verb = "missed its %d ms deadline"
			}
			parts = append(parts, fmt.Sprintf("%s "+verb+" in %d of %d steps", name, sum.BudgetMs, n, total))
		} else {
			parts = append(parts, fmt.Sprintf("%s in %d of %d", name, n, total))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	tail := ": on Webots those steps get a safe action"
	if sum.Mode == ModeRealtime {
		tail = ": those steps got a safe action"
	}
	return strings.Join(parts, ", ") + tail
}
