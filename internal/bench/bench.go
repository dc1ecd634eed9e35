// Package bench measures the runner's per-step dispatch to plugin processes
// against the transport's own limits, measured the same way in the same run:
// one raw go-plugin gRPC unary ping, and four raw pings to four plugin
// processes issued concurrently. `runner bench` and the Go benchmark in
// cmd/runner print its Report.
package bench

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/host"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// NoopPlugin is the built-in behavior name the runner serves for the
// transport measurements: it answers every step with an empty Action.
const NoopPlugin = "bench-noop"

// Options configure a measurement.
type Options struct {
	// Exe is the runner binary, re-executed as `Exe plugin NAME`.
	Exe string
	// World is the world the dispatch game is played in.
	World *world.World
	// Pings is the number of raw pings (and of concurrent rounds).
	Pings int
	// Steps is the number of control steps of each dispatch game.
	Steps int
}

// Stats are the median and 99th percentile of a set of durations.
type Stats struct {
	N      int           `json:"n"`
	Median time.Duration `json:"median_ns"`
	P99    time.Duration `json:"p99_ns"`
}

func stats(d []time.Duration) Stats {
	if len(d) == 0 {
		return Stats{}
	}
	s := slices.Clone(d)
	slices.Sort(s)
	p99 := s[min(len(s)-1, (len(s)*99+99)/100-1)]
	return Stats{N: len(s), Median: s[len(s)/2], P99: p99}
}

// Report is the result of Run.
type Report struct {
	Ping          Stats         `json:"ping"`
	Ping4         Stats         `json:"ping4_concurrent"`
	DispatchNoop  Stats         `json:"dispatch_noop"`
	Dispatch      Stats         `json:"dispatch_builtin"`
	StartupNoop   time.Duration `json:"startup_noop_ns"`
	Startup       time.Duration `json:"startup_builtin_ns"`
	StepsBuiltins int           `json:"steps_builtin"`
}

// Run measures: raw pings, then the step loop with four no-op plugins, then
// the step loop with the four built-in behaviors.
func Run(ctx context.Context, o Options) (Report, error) {
	var rep Report
	var err error
	if rep.Ping, rep.Ping4, err = pings(ctx, o); err != nil {
		return rep, err
	}
	noop := func(ctx context.Context, name string, _ framework.PluginConfig) (framework.PluginConn, error) {
		return host.Start(ctx, host.Config{Name: name, Cmd: []string{o.Exe, "plugin", NoopPlugin}})
	}
	sum, err := play(ctx, o, noop)
	if err != nil {
		return rep, fmt.Errorf("dispatch to no-op plugins: %w", err)
	}
	rep.DispatchNoop, rep.StartupNoop = stats(sum.Dispatch), sum.Startup
	sum, err = play(ctx, o, game.Launcher(o.Exe, zap.NewNop(), nil))
	if err != nil {
		return rep, fmt.Errorf("dispatch to the built-in plugins: %w", err)
	}
	rep.Dispatch, rep.Startup, rep.StepsBuiltins = stats(sum.Dispatch), sum.Startup, int(sum.Steps)
	return rep, nil
}

// play runs the step loop for o.Steps control steps in o.World.
func play(ctx context.Context, o Options, launch framework.Launcher) (framework.Summary, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	res, err := game.Play(ctx, game.Options{
		World: o.World, Config: framework.DefaultConfig(), Launch: launch, Seed: 1,
		OnStep: func(si framework.StepInfo, _ *referee.Referee) {
			if int(si.Step) >= o.Steps {
				cancel()
			}
		},
	})
	return res.Runner, err
}

func pings(ctx context.Context, o Options) (one, four Stats, err error) {
	var ps []*host.Plugin
	defer func() {
		for _, p := range ps {
			p.Kill()
		}
	}()
	for i := range 4 {
		p, err := host.Start(ctx, host.Config{Name: fmt.Sprintf("ping%d", i), Cmd: []string{o.Exe, "plugin", NoopPlugin}})
		if err != nil {
			return one, four, err
		}
		ps = append(ps, p)
	}
	for range 100 { // warm up connections and the scheduler
		for _, p := range ps {
			if err := p.Ping(ctx); err != nil {
				return one, four, err
			}
		}
	}
	d := make([]time.Duration, 0, o.Pings)
	for range o.Pings {
		t := time.Now()
		if err := ps[0].Ping(ctx); err != nil {
			return one, four, err
		}
		d = append(d, time.Since(t))
	}
	one = stats(d)
	d = d[:0]
	errs := make([]error, 4)
	for range o.Pings {
		var wg sync.WaitGroup
		t := time.Now()
		for i, p := range ps {
			wg.Go(func() { errs[i] = p.Ping(ctx) })
		}
		wg.Wait()
		d = append(d, time.Since(t))
		for _, e := range errs {
			if e != nil {
				return one, four, e
			}
		}
	}
	return one, stats(d), nil
}

// Print writes the report for a person, with the ratios the project's goals
// are stated in.
func (r Report) Print(w io.Writer) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d)/1e6) }
	row := func(name string, s Stats) {
		fmt.Fprintf(w, "%-44s median %s  p99 %s  (n=%d)\n", name, ms(s.Median), ms(s.P99), s.N)
	}
	row("raw gRPC ping, one plugin", r.Ping)
	row("raw gRPC ping, four plugins concurrently", r.Ping4)
	row("step dispatch, four no-op plugins", r.DispatchNoop)
	row("step dispatch, four built-in plugins", r.Dispatch)
	ratio := func(a, b time.Duration) float64 { return float64(a) / max(float64(b), 1) }
	fmt.Fprintf(w, "ratios (median): no-op dispatch / four pings %.2f (goal ≤ 1.2), / one ping %.2f (goal ≤ 2)\n",
		ratio(r.DispatchNoop.Median, r.Ping4.Median), ratio(r.DispatchNoop.Median, r.Ping.Median))
	fmt.Fprintf(w, "ratios (median): built-in dispatch / four pings %.2f, / one ping %.2f\n",
		ratio(r.Dispatch.Median, r.Ping4.Median), ratio(r.Dispatch.Median, r.Ping.Median))
	fmt.Fprintf(w, "start of four plugins to the first step: no-op %s, built-in %s (goal < 150 ms)\n", ms(r.StartupNoop), ms(r.Startup))
}
