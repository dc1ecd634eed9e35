package main

import (
	"encoding/json"
	"testing"

	"github.com/rescuekit/rescuekit/internal/bench"
)

// TestBenchCommand runs a small `runner bench` with real plugin processes
// and checks that every measurement took the samples asked for, warm-up
// excluded, and that the times are plausible (non-zero, p99 ≥ median).
func TestBenchCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("starts twelve plugin processes")
	}
	out, err := runRoot(t, "bench", "--pings", "30", "--steps", "40", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep bench.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, out)
	}
	for _, c := range []struct {
		name string
		s    bench.Stats
		n    int
	}{
		{"ping", rep.Ping, 30}, {"four pings", rep.Ping4, 30},
		{"no-op dispatch", rep.DispatchNoop, 40}, {"built-in dispatch", rep.Dispatch, 40},
	} {
		if c.s.N != c.n || c.s.Median <= 0 || c.s.P99 < c.s.Median {
			t.Errorf("%s: %+v, want %d samples with 0 < median ≤ p99", c.name, c.s, c.n)
		}
	}
	if rep.StepsBuiltins != 40+bench.Rounds*bench.Warmup || rep.Startup <= 0 || rep.StartupNoop <= 0 {
		t.Errorf("built-in game played %d steps (want 40 and the warm-up steps of each block), startup %v / %v",
			rep.StepsBuiltins, rep.Startup, rep.StartupNoop)
	}
}
