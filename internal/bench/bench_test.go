package bench

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestStats(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		d := make([]time.Duration, len(v))
		for i, x := range v {
			d[i] = time.Duration(x) * time.Millisecond
		}
		return d
	}
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = 100 - i // 100..1, unsorted
	}
	tests := []struct {
		name        string
		in          []time.Duration
		median, p99 time.Duration
	}{
		{"empty", nil, 0, 0},
		{"one", ms(5), 5 * time.Millisecond, 5 * time.Millisecond},
		{"odd", ms(3, 1, 2), 2 * time.Millisecond, 3 * time.Millisecond},
		{"hundred", ms(hundred...), 51 * time.Millisecond, 99 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := stats(tt.in)
			if s.Median != tt.median || s.P99 != tt.p99 || s.N != len(tt.in) {
				t.Errorf("stats = %+v, want median %v p99 %v", s, tt.median, tt.p99)
			}
		})
	}
}

func TestReportPrintsRatios(t *testing.T) {
	r := Report{Ping: Stats{Median: 100 * time.Microsecond}, Ping4: Stats{Median: 400 * time.Microsecond},
		DispatchNoop: Stats{Median: 300 * time.Microsecond}, Dispatch: Stats{Median: 800 * time.Microsecond}}
	var b strings.Builder
	r.Print(&b)
	for _, want := range []string{"built-in dispatch (median) / four pings 2.00 (goal ≤ 1.2), / one ping 8.00 (goal ≤ 2)",
		"transport alone) / four pings 0.75, / one ping 3.00"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}

func TestShare(t *testing.T) {
	for _, c := range []struct{ n, rounds int }{{2000, 10}, {7, 3}, {3, 3}, {1, 1}, {0, 4}} {
		total := 0
		for r := range c.rounds {
			s := share(c.n, c.rounds, r)
			if s < c.n/c.rounds || s > c.n/c.rounds+1 {
				t.Errorf("share(%d, %d, %d) = %d: blocks must differ by at most one", c.n, c.rounds, r, s)
			}
			total += s
		}
		if total != c.n {
			t.Errorf("blocks of %d in %d rounds add up to %d", c.n, c.rounds, total)
		}
	}
}

func TestKeptDropsEachBlocksWarmup(t *testing.T) {
	d := make([]time.Duration, 0, 13)
	for i := range 13 {
		d = append(d, time.Duration(i))
	}
	for _, c := range []struct {
		name   string
		blocks []int
		want   []time.Duration
	}{
		{"two full blocks", []int{Warmup + 3, Warmup + 3}, []time.Duration{2, 3, 4, 7, 8, 9, 12}}, // the rest: a block cut short
		{"one block, the game ended in the next", []int{Warmup + 4}, []time.Duration{2, 3, 4, 5, 8, 9, 10, 11, 12}},
		{"no block finished", nil, []time.Duration{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := (&pausedGame{blocks: c.blocks}).kept(d)
			if !slices.Equal(got, c.want) {
				t.Errorf("kept = %v, want %v", got, c.want)
			}
		})
	}
}
