package bench

import (
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
	for _, want := range []string{"/ four pings 0.75", "/ one ping 3.00", "built-in dispatch / four pings 2.00"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, b.String())
		}
	}
}
