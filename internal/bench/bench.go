// Package bench measures the runner's per-step dispatch to plugin processes
// against the transport's own limits, measured the same way in the same run:
// one raw go-plugin gRPC unary ping, and four raw pings to four plugin
// processes issued concurrently. `runner bench` and the Go benchmark in
// cmd/runner print its Report.
package bench

import (
	"context"
	"errors"
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

// Rounds is how many blocks each measurement is split into. The four
// measurements take turns block by block (one ping, four pings, the no-op
// game, the built-in game, then again), so that a change in the machine's
// load during the run weighs on all four alike instead of on whichever ran
// at the time.
const Rounds = 10

// Warmup is how many samples at the start of every block are taken but not
// kept, in every measurement alike: the first round trips after a pause
// wake threads that have gone to sleep, which a game that is not paused
// never does.
const Warmup = 2

// Run measures, in interleaved blocks: raw pings to one plugin, rounds of
// four concurrent raw pings, the step loop with four no-op plugins, and the
// step loop with the four built-in behaviors.
func Run(ctx context.Context, o Options) (Report, error) {
	var rep Report
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	pinged, err := startPingers(ctx, o.Exe)
	defer func() {
		for _, p := range pinged {
			p.Kill()
		}
	}()
	if err != nil {
		return rep, err
	}
	noop := func(ctx context.Context, name string, _ framework.PluginConfig) (framework.PluginConn, error) {
		return host.Start(ctx, host.Config{Name: name, Cmd: []string{o.Exe, "plugin", NoopPlugin}})
	}
	games := []*pausedGame{
		newPausedGame(ctx, o.World, noop),
		newPausedGame(ctx, o.World, game.Launcher(o.Exe, zap.NewNop(), nil)),
	}
	defer func() {
		for _, g := range games {
			g.stop()
		}
	}()
	rounds := max(1, min(Rounds, o.Pings, o.Steps))
	var one, four []time.Duration
	for r := range rounds {
		n := share(o.Pings, rounds, r)
		if one, err = pingBlock(ctx, pinged[:1], n, one); err != nil {
			return rep, err
		}
		if four, err = pingBlock(ctx, pinged, n, four); err != nil {
			return rep, err
		}
		for _, g := range games {
			if err := g.play(share(o.Steps, rounds, r)); err != nil {
				return rep, err
			}
		}
	}
	rep.Ping, rep.Ping4 = stats(one), stats(four)
	sums := make([]framework.Summary, len(games))
	for i, g := range games {
		if sums[i], err = g.stop(); err != nil {
			return rep, err
		}
	}
	rep.DispatchNoop, rep.StartupNoop = stats(games[0].kept(sums[0].Dispatch)), sums[0].Startup
	rep.Dispatch, rep.Startup, rep.StepsBuiltins = stats(games[1].kept(sums[1].Dispatch)), sums[1].Startup, int(sums[1].Steps)
	return rep, nil
}

// share is block r's part of n samples split into rounds blocks.
func share(n, rounds, r int) int { return n*(r+1)/rounds - n*r/rounds }

// startPingers starts the four plugin processes the raw pings go to and
// warms up their connections.
func startPingers(ctx context.Context, exe string) ([]*host.Plugin, error) {
	var ps []*host.Plugin
	for i := range 4 {
		p, err := host.Start(ctx, host.Config{Name: fmt.Sprintf("ping%d", i), Cmd: []string{exe, "plugin", NoopPlugin}})
		if err != nil {
			return ps, err
		}
		ps = append(ps, p)
	}
	for range 100 {
		for _, p := range ps {
			if err := p.Ping(ctx); err != nil {
				return ps, err
			}
		}
	}
	return ps, nil
}

// pingBlock times n rounds of one raw ping to each of ps, issued
// concurrently when there are several, after Warmup untimed rounds, and
// appends the times to d.
func pingBlock(ctx context.Context, ps []*host.Plugin, n int, d []time.Duration) ([]time.Duration, error) {
	errs := make([]error, len(ps))
	for i := range Warmup + n {
		t := time.Now()
		if len(ps) == 1 {
			errs[0] = ps[0].Ping(ctx)
		} else {
			var wg sync.WaitGroup
			for k, p := range ps {
				wg.Go(func() { errs[k] = p.Ping(ctx) })
			}
			wg.Wait()
		}
		el := time.Since(t)
		if err := errors.Join(errs...); err != nil {
			return d, err
		}
		if i >= Warmup {
			d = append(d, el)
		}
	}
	return d, nil
}

// pausedGame is a game played in blocks of steps: between blocks its step
// loop waits in OnStep (simulation time stands still, the plugins idle).
type pausedGame struct {
	resume chan int      // play n more steps; 0 ends the game
	paused chan struct{} // the block is played
	done   chan gameEnd  // the game returned
	blocks []int         // the steps of each block played, warm-up included
	end    *gameEnd
}

type gameEnd struct {
	sum framework.Summary
	err error
}

func newPausedGame(ctx context.Context, w *world.World, launch framework.Launcher) *pausedGame {
	g := &pausedGame{resume: make(chan int), paused: make(chan struct{}), done: make(chan gameEnd, 1)}
	go func() {
		n := <-g.resume // start (launch the plugins) only on the first turn
		if n == 0 {
			g.done <- gameEnd{}
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		res, err := game.Play(ctx, game.Options{
			World: w, Config: framework.DefaultConfig(), Launch: launch, Seed: 1,
			OnStep: func(framework.StepInfo, *referee.Referee) {
				if n--; n > 0 {
					return
				}
				g.paused <- struct{}{}
				if n = <-g.resume; n == 0 {
					cancel()
				}
			},
		})
		g.done <- gameEnd{res.Runner, err}
	}()
	return g
}

// play plays n more steps (plus the warm-up) and returns when they are
// played or the game has ended.
func (g *pausedGame) play(n int) error {
	if g.end != nil || n <= 0 {
		return nil
	}
	g.resume <- Warmup + n
	select {
	case <-g.paused:
		g.blocks = append(g.blocks, Warmup+n)
		return nil
	case e := <-g.done:
		g.end = &e
		if e.err != nil {
			return fmt.Errorf("dispatch game: %w", e.err)
		}
		return nil
	}
}

// stop ends the game, if it still runs, and returns its summary.
func (g *pausedGame) stop() (framework.Summary, error) {
	if g.end == nil {
		g.resume <- 0
		e := <-g.done
		g.end = &e
	}
	return g.end.sum, g.end.err
}

// kept drops the warm-up steps of each block from the per-step dispatch
// times d (one per step: every step of these games dispatches).
func (g *pausedGame) kept(d []time.Duration) []time.Duration {
	var out []time.Duration
	i := 0
	for _, b := range g.blocks {
		for k := range b {
			if i+k < len(d) && k >= Warmup {
				out = append(out, d[i+k])
			}
		}
		i += b
	}
	if i < len(d) { // the last block, cut short by the game's end
		out = append(out, d[min(i+Warmup, len(d)):]...)
	}
	return out
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
	fmt.Fprintf(w, "built-in dispatch (median) / four pings %.2f (goal ≤ 1.2), / one ping %.2f (goal ≤ 2); p99 %s (goal < 1 ms)\n",
		ratio(r.Dispatch.Median, r.Ping4.Median), ratio(r.Dispatch.Median, r.Ping.Median), ms(r.Dispatch.P99))
	fmt.Fprintf(w, "no-op dispatch (median, the transport alone) / four pings %.2f, / one ping %.2f\n",
		ratio(r.DispatchNoop.Median, r.Ping4.Median), ratio(r.DispatchNoop.Median, r.Ping.Median))
	fmt.Fprintf(w, "start of four plugins to the first step: no-op %s, built-in %s (goal < 150 ms)\n", ms(r.StartupNoop), ms(r.Startup))
}
