package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/referee"
)

func init() { register(newRunCmd) }

type runFlags struct {
	gameFlags
	world     string
	backend   string
	seed      int64
	json      bool
	noise     bool
	wallClock bool
	watch     bool
	robotJSON string
	rec       recordFlags
}

func newRunCmd() *cobra.Command {
	var f runFlags
	cmd := &cobra.Command{
		Use:   "run",
		Short: "play one Erebus game with the configured behavior plugins",
		Long: `run plays one whole Erebus game. With no arguments it plays on the embedded simulator, in an
example world made by rescuekit's generator, with the built-in behaviors (the runner binary serves
them itself), and prints the score and what happened.

The runner steps the game on one thread and each plugin process runs on one (GOMAXPROCS=1: less
CPU and fewer thread wake-ups when several processes share a few cores); set GOMAXPROCS in the
environment to change both. Plugins also get GOGC=400 unless GOGC is set (fewer garbage collections mid-step).

On the embedded simulator the runner waits for every plugin's answer (lockstep): the same seed gives
the same game however busy the machine is. The summary gives each plugin's time per step and the
steps over the per-step deadline, which on Webots would get a safe action; --realtime applies that
deadline with the wall clock instead (docs/lockstep.md).`,
		Example: `  runner run
  runner run --world ../shared/erebus/worlds/world1.wbt --seed 3 --noise
  runner run --plugin explore=./bin/wallfollow --log-level info
  runner run --json > summary.json
  runner run --record game.mcap --png game.png
  runner run --realtime --log-level info   # wall-clock deadlines, as on Webots`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runGame(cmd, &f) },
	}
	f.gameFlags.add(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.world, "world", "", "Erebus world (.wbt) to play (default: an embedded example world)")
	fl.StringVar(&f.backend, "backend", "sim", "sim (the embedded simulator) or webots (needs a runner built with -tags webots)")
	fl.Int64Var(&f.seed, "seed", 1, "seed of the simulator's noise and of the plugins")
	fl.BoolVar(&f.json, "json", false, "print the summary as JSON on stdout")
	fl.BoolVar(&f.noise, "noise", false, "add sensor and wheel noise (seeded)")
	fl.BoolVar(&f.wallClock, "wall-clock", false, "measure Erebus's real-time limit with the wall clock (default: simulation time, reproducible; docs/lockstep.md)")
	fl.BoolVar(&f.watch, "watch", false, "restart a plugin whose binary changes on disk, keeping the blackboard")
	fl.StringVar(&f.robotJSON, "robot", "", "Erebus robot-customiser JSON describing the robot (default: the default Erebus robot)")
	f.rec.add(cmd)
	return cmd
}

func runGame(cmd *cobra.Command, f *runFlags) error {
	cfg, err := f.loadConfig()
	if err != nil {
		return err
	}
	log, err := f.logger()
	if err != nil {
		return err
	}
	defer func() { _ = log.Sync() }()
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("cannot find the runner binary to serve the built-in behaviors: %w", err)
	}
	ctx, sig, stop := signalContext()
	defer stop()
	launch := game.Launcher(exe, log, f.attached)
	oneProcess()
	if f.backend != "sim" && (f.rec.record != "" || f.rec.png != "") {
		return fmt.Errorf("--record and --png record games of the embedded simulator (--backend sim), not --backend %s", f.backend)
	}
	if f.backend == "webots" {
		if err := runWebots(ctx, cmd, cfg, launch, log, f); err != nil || sig() == nil {
			return err
		}
		return interrupted(sig(), "the record above ends at the step the signal came")
	}
	if f.backend != "sim" {
		return fmt.Errorf("--backend %q: want sim or webots", f.backend)
	}
	dir, fromFlag := erebusDir(f.erebus)
	w, err := loadWorldErebus(f.world, f.rules, dir, f.protos...)
	if err != nil {
		return err
	}
	logWorldWarnings(log, w)
	tex, err := erebusTextures(dir, fromFlag, func(m string) { log.Warn(m) })
	if err != nil {
		return err
	}
	opts := game.Options{World: w, Config: cfg, Launch: launch, Logger: log, Seed: f.seed, WallClock: f.wallClock, Watch: f.watch, Textures: tex}
	if f.noise {
		opts.Noise = game.DefaultNoise
	}
	if f.robotJSON != "" {
		b, err := os.ReadFile(f.robotJSON)
		if err != nil {
			return fmt.Errorf("--robot: %w", err)
		}
		if opts.Robot, err = sim.ParseRobotJSON(b); err != nil {
			return fmt.Errorf("--robot %s: %w", f.robotJSON, err)
		}
	}
	bar := newGameBar(cmd.ErrOrStderr(), w.GameTime)
	opts.OnStep = bar.update
	rc, err := f.rec.start(&opts, func(o *game.Options) { o.Launch = game.Launcher(exe, o.Logger, f.attached) })
	if err != nil {
		return err
	}
	defer rc.Close()
	res, err := game.Play(ctx, opts)
	bar.finish()
	if err != nil {
		if sig() != nil {
			return interrupted(sig(), err.Error())
		}
		return err
	}
	if err := f.rec.finish(rc, cmd.ErrOrStderr()); err != nil {
		return err
	}
	if f.json {
		if err := writeJSONOut(cmd.OutOrStdout(), runOutput{SchemaVersion: SchemaVersion, Result: res, PluginsPlayed: playedPlugins(cfg, exe, res.Runner)}); err != nil {
			return err
		}
	} else {
		printSummary(cmd.OutOrStdout(), res)
	}
	if sig() != nil {
		return interrupted(sig(), fmt.Sprintf("the record above ends at step %d (%.2f s simulated)", res.Runner.Steps, res.Runner.SimTime))
	}
	return nil
}

// gameBar is the progress bar of a game on a terminal: game time and score.
type gameBar struct {
	bar *progressbar.ProgressBar
}

func newGameBar(w io.Writer, gameTime int) *gameBar {
	f, ok := w.(*os.File)
	if !ok || !isTerminal(f) {
		return &gameBar{}
	}
	return &gameBar{bar: progressbar.NewOptions(gameTime,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("game"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetItsString("s"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)}
}

func (g *gameBar) update(si framework.StepInfo, ref *referee.Referee) {
	if g.bar == nil || si.Step%8 != 0 {
		return
	}
	s := ref.Summary()
	g.bar.Describe(fmt.Sprintf("%-7s score %6.2f", si.State, s.Score))
	_ = g.bar.Set(int(s.GameTime))
}

func (g *gameBar) finish() {
	if g.bar != nil {
		_ = g.bar.Finish()
	}
}

func isTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// printSummary prints a game's record for a person.
func printSummary(w io.Writer, res game.Result) {
	r, s := res.Referee, res.Runner
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	p := func(k, format string, a ...any) { fmt.Fprintf(tw, "%s\t%s\n", k, fmt.Sprintf(format, a...)) }
	p("world", "%s (seed %d), Erebus %s rules", res.World, res.Seed, r.Version)
	p("score", "%.2f of at most %.2f (%.1f%%)", r.Score, res.MaxScore, pct(r.Score, res.MaxScore))
	p("  signs", "%.2f points: %d of %d found (%d with the right type), %d misidentified",
		r.SignPoints, r.VictimsFound+r.HazardsFound, res.Signs, r.SignsCorrectType, r.Misidentifications)
	p("  checkpoints", "%.2f points: %d visited", r.CheckpointPoints, r.Checkpoints)
	p("  penalties", "%.2f points: %d lack of progress (%d automatic, %d asked), %d misidentifications",
		r.PenaltyPoints, r.LoPAutomatic+r.LoPRequested, r.LoPAutomatic, r.LoPRequested, r.Misidentifications)
	p("  exit bonus", "%s", yesNo(r.ExitBonusGiven, fmt.Sprintf("%.2f points", r.ExitBonus)))
	p("  map", "%s", yesNo(r.MapEvaluated, fmt.Sprintf("score %.3f, bonus %.2f points", r.MapScore, r.MapBonus)))
	p("ended", "%s after %.1f s of game time (%s)", orStr(string(r.EndReason), s.EndReason), r.GameTime, s.EndReason)
	p("steps", "%d control steps, %.1f s simulated, %s wall time (%.0f× real time)",
		s.Steps, s.SimTime, s.WallTime.Round(time.Millisecond), s.SimTime/max(s.WallTime.Seconds(), 1e-9))
	p("final state", "%s", s.FinalState)
	printPlugins(p, s)
	p("comms", "%d packets sent, refusals: %s", s.PacketsSent, mapStr(s.CommsRefusals))
	p("events", "transitions %s, %d rejected", mapStr(s.Transitions), s.EventsRejected)
	_ = tw.Flush()
	printReports(w, res)
	if s.BudgetNote != "" {
		fmt.Fprintln(w, s.BudgetNote)
	}
	printNotices(w, s)
}

// modeLine says how the runner waited for the plugins.
func modeLine(s framework.Summary) string {
	if s.Mode == framework.ModeLockstep {
		return fmt.Sprintf("lockstep: the runner waited for every plugin (same seed, same game); real-time budget %d ms per step", s.BudgetMs)
	}
	return fmt.Sprintf("realtime: %d ms deadline per step on the wall clock (a late plugin gets a safe action)", s.BudgetMs)
}

// printPlugins prints the mode and, per plugin, its steps, times and
// troubles.
func printPlugins(p func(k, format string, a ...any), s framework.Summary) {
	p("mode", "%s", modeLine(s))
	ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
	for _, n := range slices.Sorted(maps.Keys(s.Plugins)) {
		ps := s.Plugins[n]
		p("plugin "+n, "%d steps, step p50 %.2f / p99 %.2f / max %.2f ms, %d over budget, %d deadline misses, %d hangs, %d crashes, %d restarts, %d errors",
			ps.Steps, ms(ps.StepP50), ms(ps.StepP99), ms(ps.StepMax), ps.OverBudget, ps.Misses, ps.Hangs, ps.Crashes, ps.Restarts, ps.Errors)
		if ps.BlackboardRefused > 0 {
			p("", "  %d blackboard writes refused (see the log's warnings: the key and the size)", ps.BlackboardRefused)
		}
	}
}

func pct(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return 100 * a / b
}

func yesNo(ok bool, yes string) string {
	if ok {
		return yes
	}
	return "no"
}

func orStr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func mapStr(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// printRunnerSummary prints what the runner knows of a game played where the
// referee is not ours (Webots): the score is Erebus's to show. played are
// the plugin binaries that played, for the JSON.
func printRunnerSummary(cmd *cobra.Command, s framework.Summary, asJSON bool, played []pluginInfo) error {
	if asJSON {
		return writeJSONOut(cmd.OutOrStdout(), webotsOutput{SchemaVersion: SchemaVersion, Backend: "webots", Runner: s, PluginsPlayed: played})
	}
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "ended: %s after %d steps (%.1f s simulated, %s wall time), final state %s\n",
		s.EndReason, s.Steps, s.SimTime, s.WallTime.Round(time.Millisecond), s.FinalState)
	fmt.Fprintf(w, "comms: %d packets sent, refusals: %s; transitions %s\n", s.PacketsSent, mapStr(s.CommsRefusals), mapStr(s.Transitions))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	printPlugins(func(k, format string, a ...any) { fmt.Fprintf(tw, "%s\t%s\n", k, fmt.Sprintf(format, a...)) }, s)
	_ = tw.Flush()
	if s.BudgetNote != "" {
		fmt.Fprintln(w, s.BudgetNote)
	}
	printNotices(w, s)
	return nil
}
