package sdktest

import (
	"context"
	"slices"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// Recorder is a Behavior that steps the Behavior it wraps and keeps a deep
// copy of every Observation, to replay with BenchmarkReplay. The copies
// matter: a runner may share parts of its Observations from step to step
// (in process, the blackboard map), so the Observations themselves would
// all show the last step's blackboard.
type Recorder struct {
	sdk.Behavior
	Observations []*pluginpb.Observation
}

// Step records obs and steps the wrapped Behavior.
func (r *Recorder) Step(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	r.Observations = append(r.Observations, proto.CloneOf(obs))
	return r.Behavior.Step(ctx, obs)
}

// StandIn returns a constructor of a behavior that stands in for another
// role in whole-game tests of one behavior: it drives the given states (a
// watcher when states is empty), holds the wheels still while it drives, and
// fires event at once when it drives (nothing when event is "").
func StandIn(name string, states []string, event string) func() sdk.Behavior {
	return func() sdk.Behavior {
		d := sdk.Description{Name: name, Version: "0", States: states, Watcher: len(states) == 0}
		return sdk.New(d, func(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
			a := &pluginpb.Action{}
			if obs.GetDriver() && event != "" {
				a.Events = []string{event}
				a.Wheels = &pluginpb.Wheels{}
			}
			return a, nil
		})
	}
}

// BenchmarkReplay replays recorded Observations through fresh behaviors
// (a new one each time the recording starts over) and reports the
// per-step compute as p50-µs, p99-µs and max-µs, the figures the project's
// budget is stated in.
func BenchmarkReplay(b *testing.B, newBehavior func() sdk.Behavior, obs []*pluginpb.Observation) {
	b.Helper()
	if len(obs) == 0 {
		b.Fatal("sdktest: BenchmarkReplay needs recorded Observations")
	}
	times := make([]time.Duration, 0, b.N)
	var beh sdk.Behavior
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(obs)
		if k == 0 {
			beh = newBehavior()
		}
		t0 := time.Now()
		if _, err := beh.Step(ctx, obs[k]); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	pct := func(p float64) float64 { return float64(times[int(p*float64(len(times)-1))].Microseconds()) }
	b.ReportMetric(pct(0.5), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
	b.ReportMetric(pct(1), "max-µs")
}
