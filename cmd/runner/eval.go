package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/evalplan"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

func init() { register(newEvalCmd) }

type evalFlags struct {
	gameFlags
	worlds    []string
	runs      int
	seed      int64
	parallel  int
	generate  int
	genSize   string
	json      bool
	noise     bool
	inProcess bool
	record    string
	shard     string
	out       string
	resume    string
	params    []string
	timings   bool
}

func newEvalCmd() *cobra.Command {
	var f evalFlags
	cmd := &cobra.Command{
		Use:   "eval",
		Short: "play many games per world in parallel and tabulate how well the behaviors do",
		Long: `eval plays N games per world (with seeded noise by default), in parallel across cores, and prints
per world and overall: the score as a percentage of the world's maximum, the signs found with the
correct type, misidentifications per run, the map score, the exit-bonus rate, automatic lack-of-progress
relocations and game time used; below the table, the timings (wall time, the plugins' step times and
the steps over the per-step deadline), which vary with the machine's load.

Games play in lockstep (the runner waits for every plugin), so the same command gives the same table on
an idle and on a loaded machine; --realtime applies the per-step deadline with the wall clock, as on
Webots. The table and the JSON say which mode was used.

Every finished game is recorded (--out FILE, JSON Lines; without it, a file in the temp directory
kept until the eval succeeds): a failed game does not stop the others, and after a failure or a
signal --resume FILE plays only the missing games. --shard I/N plays one of N disjoint parts of the
games (--shard auto: from a Slurm array or a Kubernetes Indexed Job), and ` + "`runner eval merge`" + `
prints the shards' table, the same as unsharded. --param sweeps plugin parameters and ranks the
points. See docs/cluster.md.`,
		Example: `  runner eval --worlds ../shared/erebus/worlds --runs 10 --seed 1
  runner eval --generate 50 --runs 10 --parallel 2 --json > eval.json
  runner eval --worlds a.wbt,b.wbt --plugin explore=./bin/wallfollow
  runner eval --worlds ../shared/erebus/worlds --shard 0/4 --out shard-0.jsonl
  runner eval merge shard-*.jsonl
  runner eval --generate 20 --param explore.max_range=0.4,0.45,0.5 --param explore.edge_cost=0.2,0.3`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runEval(cmd, &f) },
	}
	f.gameFlags.add(cmd)
	cmd.AddCommand(newEvalMergeCmd())
	cmd.AddCommand(newEvalCompareCmd())
	fl := cmd.Flags()
	fl.StringSliceVar(&f.worlds, "worlds", nil, "directories of .wbt files and/or .wbt files (comma-separated or repeated)")
	fl.IntVar(&f.runs, "runs", 10, "games per world")
	fl.Int64Var(&f.seed, "seed", 1, "first seed; run i of a world uses seed+i")
	fl.IntVar(&f.parallel, "parallel", runtime.NumCPU(), "games played at once")
	fl.IntVar(&f.generate, "generate", 0, "also play K worlds made by the generator (seeds seed..seed+K-1), of --rules if given, else v26.1")
	fl.StringVar(&f.genSize, "generate-size", "", "size of generated worlds, WxH (default: varied, 4x4 to 8x8)")
	fl.BoolVar(&f.json, "json", false, "print every game's result and the table as JSON")
	fl.BoolVar(&f.noise, "noise", true, "seeded sensor and wheel noise")
	fl.BoolVar(&f.inProcess, "in-process", false, "serve the built-in behaviors inside the runner process (faster; no --plugin)")
	fl.StringVar(&f.record, "record", "", "record every game as MCAP into DIR, one file per game named WORLD-seedN.mcap")
	fl.StringVar(&f.shard, "shard", "", "I/N: play only the I-th (0-based) of N disjoint parts of the games; auto reads them from SLURM_ARRAY_TASK_ID/COUNT or JOB_COMPLETION_INDEX/"+evalplan.EnvCompletions)
	fl.StringVar(&f.out, "out", "", "record every finished game in FILE as JSON Lines (for `runner eval merge` and --resume); without it a record is kept in the temp directory until the eval succeeds")
	fl.StringVar(&f.resume, "resume", "", "continue the record FILE of the same command: play only its missing and failed games (FILE is started when it does not exist)")
	fl.StringArrayVar(&f.params, "param", nil, "PLUGIN.NAME=V1,V2,...: sweep a plugin parameter (repeatable: a grid); the table ranks the points")
	fl.BoolVar(&f.timings, "timings", true, "print the timings (they vary with the machine's load); false: the table and JSON depend on the games alone")
	return cmd
}

// evalWorlds collects the worlds the flags name, with their identities.
func evalWorlds(f *evalFlags) ([]*world.World, []evalplan.WorldID, error) {
	dir, _ := erebusDir(f.erebus)
	var ws []*world.World
	var srcs []string
	for _, p := range f.worlds {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, nil, err
		}
		files := []string{p}
		if fi.IsDir() {
			if files, err = filepath.Glob(filepath.Join(p, "*.wbt")); err != nil {
				return nil, nil, err
			}
			if len(files) == 0 {
				return nil, nil, fmt.Errorf("--worlds %s: no .wbt files there", p)
			}
			sort.Strings(files)
		}
		for _, file := range files {
			w, err := loadWorldErebus(file, f.rules, dir, f.protos...)
			if err != nil {
				return nil, nil, err
			}
			ws = append(ws, w)
			srcs = append(srcs, file)
		}
	}
	for i := range f.generate {
		// Generated worlds are the generator's default version (v26.1)
		// unless --rules names one.
		o := worldgen.Options{Seed: f.seed + int64(i)}
		if f.rules != "" {
			v, err := erebus.ParseVersion(f.rules)
			if err != nil {
				return nil, nil, err
			}
			o.Rules = v
		}
		if f.genSize != "" {
			if _, err := fmt.Sscanf(f.genSize, "%dx%d", &o.Cols, &o.Rows); err != nil {
				return nil, nil, fmt.Errorf("--generate-size %q: want WxH, e.g. 6x6", f.genSize)
			}
		} else {
			o.Cols, o.Rows = 4+i%5, 4+(i/5)%5
		}
		w, err := worldgen.Generate(o)
		if err != nil {
			return nil, nil, fmt.Errorf("generating world %d: %w", i, err)
		}
		ws = append(ws, w)
		srcs = append(srcs, fmt.Sprintf("generator seed %d %dx%d", o.Seed, o.Cols, o.Rows))
	}
	if len(ws) == 0 {
		return nil, nil, fmt.Errorf("no worlds: give --worlds DIR|FILES and/or --generate K")
	}
	ids := make([]evalplan.WorldID, len(ws))
	for i, w := range ws {
		model, err := json.Marshal(w)
		if err != nil {
			return nil, nil, fmt.Errorf("world %s: %w", w.Name, err)
		}
		ids[i] = evalplan.WorldID{Name: w.Name, SHA256: evalplan.SHA256(model), Source: srcs[i]}
	}
	return ws, ids, nil
}

func runEval(cmd *cobra.Command, f *evalFlags) error {
	if f.runs < 1 || f.parallel < 1 {
		return fmt.Errorf("--runs and --parallel must be at least 1")
	}
	if f.out != "" && f.resume != "" {
		return fmt.Errorf("--out and --resume: give one (--resume FILE continues FILE, or starts it when it does not exist)")
	}
	cfg, err := f.loadConfig()
	if err != nil {
		return err
	}
	log, err := f.logger()
	if err != nil {
		return err
	}
	shard, err := evalShard(f.shard, os.Getenv)
	if err != nil {
		return err
	}
	tex, err := erebusTextures(erebusDirOf(f.erebus), f.erebus != "", func(m string) { log.Warn(m) })
	if err != nil {
		return err
	}
	if shard.Count > 1 && f.out == "" && f.resume == "" {
		return fmt.Errorf("--shard %s: give the record to write with --out FILE (or --resume FILE)", shard)
	}
	var params []evalplan.Param
	for _, p := range f.params {
		pp, err := evalplan.ParseParam(p)
		if err != nil {
			return err
		}
		params = append(params, pp)
	}
	points, err := evalplan.Grid(params)
	if err != nil {
		return err
	}
	if err := checkParams(cmd.Context(), cfg, params); err != nil {
		return err
	}
	ws, ids, err := evalWorlds(f)
	if err != nil {
		return err
	}
	launch, err := evalLauncher(f, log)
	if err != nil {
		return err
	}
	plan := evalplan.Plan{Points: len(points), Worlds: len(ws), Runs: f.runs, Seed: f.seed}
	head, err := evalHeader(f, cfg, ids, plan, params, shard)
	if err != nil {
		return err
	}
	rec, err := openRecord(f, head)
	if err != nil {
		return err
	}
	defer rec.w.Close()
	configs := make([]framework.Config, len(points))
	for i, pt := range points {
		configs[i] = pointConfig(cfg, pt)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// After the first signal the games in flight wind down and are left
	// out of the record; a second signal ends the runner at once (the
	// record holds whole lines only).
	go func() { <-ctx.Done(); stop() }()

	var todo []int
	for _, i := range shard.Games(plan) {
		if _, ok := rec.played[i]; !ok {
			todo = append(todo, i)
		}
	}
	jobs := make(chan int)
	var mu sync.Mutex
	var failed []string
	var writeErr error
	bar := evalBar(cmd.ErrOrStderr(), len(todo))
	var wg sync.WaitGroup
	for range f.parallel {
		wg.Go(func() {
			for i := range jobs {
				g := plan.Game(i)
				w := ws[g.World]
				o := game.Options{World: w, Config: configs[g.Point], Launch: launch, Seed: g.Seed, Textures: tex,
					Logger: log.With(zap.String("world", w.Name), zap.Int("run", g.Run), zap.Int("game", i))}
				if f.noise {
					o.Noise = game.DefaultNoise
				}
				res, err := playRecorded(ctx, o, f.record)
				if ctx.Err() != nil && (err != nil || res.Runner.EndReason == "interrupted") {
					continue // not finished: left for --resume
				}
				line := evalplan.Line{SchemaVersion: evalplan.SchemaVersion, Kind: evalplan.KindGame, Game: g, Params: pointMap(points[g.Point])}
				if err != nil {
					line.Kind, line.Error = evalplan.KindFailed, err.Error()
				} else if line.Result, err = json.Marshal(dropStepTimes(res)); err != nil {
					line.Kind, line.Error = evalplan.KindFailed, err.Error()
				}
				werr := rec.w.Write(line)
				mu.Lock()
				if line.Kind == evalplan.KindFailed {
					at := ""
					if len(points[g.Point]) > 0 {
						at = " " + points[g.Point].String()
					}
					failed = append(failed, fmt.Sprintf("game %d (%s run %d seed %d%s): %s", i, w.Name, g.Run, g.Seed, at, line.Error))
				} else if werr == nil {
					rec.played[i] = line
				}
				if werr != nil && writeErr == nil {
					writeErr = werr
				}
				mu.Unlock()
				if bar != nil {
					_ = bar.Add(1)
				}
			}
		})
	}
	for _, i := range todo {
		if ctx.Err() != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if bar != nil {
		_ = bar.Finish()
	}
	mine := len(shard.Games(plan))
	resume := fmt.Sprintf("%d of the %d games recorded in %s; play the others with the same command and --resume %s", len(rec.played), mine, rec.w.Path(), rec.w.Path())
	if writeErr != nil {
		return fmt.Errorf("%w (%s)", writeErr, resume)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted: %s", resume)
	}
	if len(failed) > 0 {
		sort.Strings(failed)
		return fmt.Errorf("%d games failed:\n  %s\n%s", len(failed), strings.Join(failed, "\n  "), resume)
	}
	lines := make([]evalplan.Line, 0, len(rec.played))
	for _, i := range slices.Sorted(maps.Keys(rec.played)) {
		lines = append(lines, rec.played[i])
	}
	note := ""
	if shard.Count > 1 {
		note = fmt.Sprintf("shard %s: %d of the plan's %d games (recorded in %s); `runner eval merge` the shards' records for the whole table", shard, len(lines), plan.Total(), rec.w.Path())
	}
	if err := evalReport(cmd.OutOrStdout(), head, lines, reportOptions{json: f.json, timings: f.timings, note: note}); err != nil {
		return err
	}
	if rec.temp {
		_ = rec.w.Close()
		_ = os.Remove(rec.w.Path())
	}
	return nil
}

// evalMode is the mode eval's games play in (game.Play's choice).
func evalMode(cfg framework.Config) string {
	if cfg.Realtime {
		return framework.ModeRealtime
	}
	return framework.ModeLockstep
}

func noiseIf(on bool) *sim.Noise {
	if !on {
		return nil
	}
	n := game.DefaultNoise
	return &n
}

func evalLauncher(f *evalFlags, log *zap.Logger) (framework.Launcher, error) {
	if f.inProcess {
		if len(f.plugins) > 0 {
			return nil, fmt.Errorf("--in-process serves only the built-in behaviors: drop --plugin or --in-process")
		}
		// In-process behaviors log through the SDK's logger straight to
		// stderr: keep it at the runner's level.
		if err := os.Setenv(pluginpb.EnvLogLevel, f.logLevel); err != nil {
			return nil, err
		}
		return game.InProcess(builtins), nil
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return game.Launcher(exe, log, f.attached), nil
}

func evalBar(w io.Writer, n int) *progressbar.ProgressBar {
	if file, ok := w.(*os.File); !ok || !isTerminal(file) {
		return nil
	}
	return progressbar.NewOptions(n, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription("games"),
		progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true), progressbar.OptionClearOnFinish())
}

// evalRow is one line of the eval table.
type evalRow struct {
	World string `json:"world"`
	// Params is the parameter point of a sweep's ranking row.
	Params        map[string]string `json:"params,omitempty"`
	Runs          int               `json:"runs"`
	Signs         int               `json:"signs"`
	ScorePct      float64           `json:"score_pct_of_max"`
	SignsCorrect  float64           `json:"signs_correct_type_pct"`
	MisidPerRun   float64           `json:"misidentifications_per_run"`
	MapScore      float64           `json:"map_score"`
	ExitBonusRate float64           `json:"exit_bonus_pct"`
	AutoLoP       int               `json:"automatic_lop"`
	GameTime      float64           `json:"game_time_s_mean"`
	WallTime      time.Duration     `json:"wall_time_ns_mean"`
	Misses        int               `json:"plugin_misses"`
	Hangs         int               `json:"plugin_hangs"`
	Restarts      int               `json:"plugin_restarts"`
	CommsRefusals int               `json:"comms_refusals"`
	// PluginP99 and PluginMax are, per plugin, the largest of the games'
	// 99th percentiles and maxima of the step round trip (in-process: the
	// behavior's compute alone).
	PluginP99 map[string]time.Duration `json:"plugin_step_p99_ns"`
	PluginMax map[string]time.Duration `json:"plugin_step_max_ns,omitempty"`
	// OverBudget and Answered are, per plugin, the steps over the per-step
	// deadline (lockstep) and the steps answered, over all games.
	OverBudget map[string]int `json:"plugin_over_budget,omitempty"`
	Answered   map[string]int `json:"plugin_steps,omitempty"`
}

func summarize(name string, rs []game.Result) evalRow {
	row := evalRow{World: name, Runs: len(rs)}
	var score, maxScore, signs, correct float64
	withSigns := 0
	for _, r := range rs {
		score += r.Referee.Score
		maxScore += r.MaxScore
		signs += float64(r.Signs)
		row.Signs += r.Signs
		correct += float64(r.Referee.SignsCorrectType)
		row.MisidPerRun += float64(r.Referee.Misidentifications)
		row.MapScore += r.Referee.MapScore
		if r.Signs > 0 {
			withSigns++ // the exit bonus needs a sign found (docs/erebus-rules.md §1.7)
			if r.Referee.ExitBonusGiven {
				row.ExitBonusRate++
			}
		}
		row.AutoLoP += r.Referee.LoPAutomatic
		row.GameTime += r.Referee.GameTime
		row.WallTime += r.Runner.WallTime
		for name, p := range r.Runner.Plugins {
			row.Misses += p.Misses
			row.Hangs += p.Hangs
			row.Restarts += p.Restarts
			if row.PluginP99 == nil {
				row.PluginP99, row.PluginMax = map[string]time.Duration{}, map[string]time.Duration{}
				row.OverBudget, row.Answered = map[string]int{}, map[string]int{}
			}
			row.PluginP99[name] = max(row.PluginP99[name], p.StepP99)
			row.PluginMax[name] = max(row.PluginMax[name], p.StepMax)
			row.OverBudget[name] += p.OverBudget
			row.Answered[name] += p.Steps
		}
		for _, n := range r.Runner.CommsRefusals {
			row.CommsRefusals += n
		}
	}
	n := float64(max1(len(rs)))
	row.ScorePct = pct(score, maxScore)
	row.SignsCorrect = pct(correct, signs)
	row.MisidPerRun /= n
	row.MapScore /= n
	row.ExitBonusRate = 100 * row.ExitBonusRate / float64(max1(withSigns))
	row.GameTime /= n
	row.WallTime /= time.Duration(max1(len(rs)))
	return row
}

func max1(n int) int { return max(n, 1) }

// printEval prints the table, whose figures depend on the games alone in
// lockstep, then the timings, which vary with the machine's load.
func printEval(w io.Writer, rows []evalRow, timings bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "world\truns\tscore %max\tsigns ok %\tmisid/run\tmap\texit %\tauto LoP\tgame s\tmisses\thangs\trestarts\trefusals\t")
	for _, r := range rows {
		// A world without signs has no maximum score, no sign rate and no
		// exit bonus to win (it needs a sign found): show "-".
		score, signs, exit := "-", "-", "-"
		if r.Signs > 0 {
			score, signs, exit = fmt.Sprintf("%.1f", r.ScorePct), fmt.Sprintf("%.1f", r.SignsCorrect), fmt.Sprintf("%.0f", r.ExitBonusRate)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%.2f\t%.3f\t%s\t%d\t%.0f\t%d\t%d\t%d\t%d\t\n", strings.TrimSuffix(r.World, ".wbt"), r.Runs,
			score, signs, r.MisidPerRun, r.MapScore, exit, r.AutoLoP, r.GameTime,
			r.Misses, r.Hangs, r.Restarts, r.CommsRefusals)
	}
	_ = tw.Flush()
	if !timings {
		return
	}
	all := rows[len(rows)-1]
	fmt.Fprintf(w, "timings (they vary with the machine's load): wall time %.2f s per game", all.WallTime.Seconds())
	if len(all.PluginP99) > 0 {
		fmt.Fprint(w, "; plugin step p99 / max (worst game):")
		for i, n := range slices.Sorted(maps.Keys(all.PluginP99)) {
			sep := ","
			if i == 0 {
				sep = ""
			}
			fmt.Fprintf(w, "%s %s %.2f / %.2f ms", sep, n, float64(all.PluginP99[n])/1e6, float64(all.PluginMax[n])/1e6)
		}
	}
	fmt.Fprintln(w)
	var over []string
	for _, n := range slices.Sorted(maps.Keys(all.OverBudget)) {
		if k := all.OverBudget[n]; k > 0 {
			over = append(over, fmt.Sprintf("%s %d of %d steps", n, k, all.Answered[n]))
		}
	}
	if len(over) > 0 {
		fmt.Fprintf(w, "over the per-step budget: %s: on Webots those steps get a safe action\n", strings.Join(over, ", "))
	}
}
