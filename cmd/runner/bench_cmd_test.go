package main

import (
	"encoding/json"
	"testing"

	"github.com/rescuekit/rescuekit/internal/bench"
)

// TestBenchCommand runs a small `runner bench` with real plugin processes
// and checks the report's structure: every measurement has samples, no more
// than asked for (a dispatch sample is a step whose plugins were all up,
// which load does not change in lockstep but a slow start could), and
// plausible times (non-zero, median ≤ p99). It asserts no sample count that
// the machine's load could change.
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
		if c.s.N < 1 || c.s.N > c.n || c.s.Median <= 0 || c.s.P99 < c.s.Median {
			t.Errorf("%s: %+v, want 1 to %d samples with 0 < median ≤ p99", c.name, c.s, c.n)
		}
	}
	if rep.StepsBuiltins < rep.Dispatch.N || rep.StepsBuiltins > 40+bench.Rounds*bench.Warmup || rep.Startup <= 0 || rep.StartupNoop <= 0 {
		t.Errorf("built-in game played %d steps for %d samples (want at least one step per sample, at most 40 and the warm-up steps of each block), startup %v / %v",
			rep.StepsBuiltins, rep.Dispatch.N, rep.Startup, rep.StartupNoop)
	}
}
