package main

import (
	"context"
	"os"
	"runtime"
	"testing"

	"github.com/rescuekit/rescuekit/internal/bench"
)

// BenchmarkDispatch is `runner bench` as a Go benchmark: it reports the
// medians and 99th percentiles of one raw ping, four concurrent pings, and
// the step dispatch to four no-op and to the four built-in plugins, with the
// ratios the project's goals are stated in. b.N scales the sample counts.
func BenchmarkDispatch(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	w, err := loadWorld("", "")
	if err != nil {
		b.Fatal(err)
	}
	defer runtime.GOMAXPROCS(oneProcess()) // as `runner bench`
	n := max(200, b.N)
	rep, err := bench.Run(context.Background(), bench.Options{Exe: exe, World: w, Pings: n, Steps: n})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(rep.Ping.Median.Nanoseconds()), "ping-median-ns")
	b.ReportMetric(float64(rep.Ping4.Median.Nanoseconds()), "ping4-median-ns")
	b.ReportMetric(float64(rep.DispatchNoop.Median.Nanoseconds()), "noop-dispatch-median-ns")
	b.ReportMetric(float64(rep.DispatchNoop.P99.Nanoseconds()), "noop-dispatch-p99-ns")
	b.ReportMetric(float64(rep.Dispatch.Median.Nanoseconds()), "dispatch-median-ns")
	b.ReportMetric(float64(rep.Dispatch.P99.Nanoseconds()), "dispatch-p99-ns")
	b.ReportMetric(float64(rep.Dispatch.Median)/float64(rep.Ping4.Median), "dispatch/ping4")
	b.ReportMetric(float64(rep.Dispatch.Median)/float64(rep.Ping.Median), "dispatch/ping")
	b.ReportMetric(float64(rep.DispatchNoop.Median)/float64(rep.Ping4.Median), "noop/ping4")
	b.ReportMetric(float64(rep.DispatchNoop.Median)/float64(rep.Ping.Median), "noop/ping")
	b.ReportMetric(float64(rep.Startup.Microseconds())/1000, "startup-ms")
}
