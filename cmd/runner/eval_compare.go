package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/internal/game"
)

// noiseT is the |t| below which a comparison's mean difference per game is
// within the noise: about two standard errors (95% for a normal mean).
const noiseT = 2

func newEvalCompareCmd() *cobra.Command {
	var top int
	cmd := &cobra.Command{
		Use:   "compare BEFORE.json AFTER.json",
		Short: "compare two evals of the same games, game by game, and say whether the difference is more than noise",
		Long: `compare reads two files written by ` + "`runner eval --json`" + ` (the same worlds, seeds and
parameter points, played before and after a change) and pairs their games by world, seed and
parameter point (by world and seed alone when no point is in both, as for an eval with no
--param against one point of a sweep). It prints the difference of the score per game with its
standard error and t (the mean over the standard error), the table's overall row before and after
(score, signs with the right type, misidentifications, map score, exit bonus, automatic lacks of
progress, game time), and the games that changed most.

A game on the embedded simulator depends on its seed and inputs alone, but a small change of
behavior sends the robot on another course from the first step it acts differently, and the
scores of those games then move by hundreds of points either way. The standard error measures
that spread: a mean difference within two standard errors (|t| < 2) is within the noise, and
more games (more seeds) are needed to tell. The big worlds hold most of the spread, so a t just
beyond 2 on one set of seeds is a guide, not a proof: play another set of seeds.`,
		Example: `  runner eval --worlds ../shared/erebus/worlds --runs 4 --json > before.json
  (change a behavior, rebuild)
  runner eval --worlds ../shared/erebus/worlds --runs 4 --json > after.json
  runner eval compare before.json after.json`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 2 {
				return fmt.Errorf("compare takes two files, BEFORE.json and AFTER.json (written by runner eval --json); got %d", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			a, err := readEvalJSON(args[0])
			if err != nil {
				return err
			}
			b, err := readEvalJSON(args[1])
			if err != nil {
				return err
			}
			c, err := compareEvals(a, b)
			if err != nil {
				return fmt.Errorf("compare %s %s: %w", args[0], args[1], err)
			}
			return c.print(cmd.OutOrStdout(), top)
		},
	}
	cmd.Flags().IntVar(&top, "top", 10, "how many of the games that changed most to list (0: none)")
	return cmd
}

// readEvalJSON reads a file `runner eval --json` wrote.
func readEvalJSON(path string) (*evalJSON, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseEvalJSON(path, b)
}

// parseEvalJSON parses b, the contents of file path, as `runner eval
// --json`'s output.
func parseEvalJSON(path string, b []byte) (*evalJSON, error) {
	var e evalJSON
	if err := json.Unmarshal(b, &e); err != nil {
		return nil, fmt.Errorf("%s: not the JSON of runner eval --json: %w", path, err)
	}
	if e.SchemaVersion != SchemaVersion {
		return nil, fmt.Errorf("%s: schema_version %d, this runner reads %d (the JSON of runner eval --json)", path, e.SchemaVersion, SchemaVersion)
	}
	if len(e.Games) == 0 {
		return nil, fmt.Errorf("%s: no games (the JSON of runner eval --json lists every game under \"games\")", path)
	}
	return &e, nil
}

// gameKey names a game across two evals: its world, seed and parameter
// point.
type gameKey struct {
	world  string
	seed   int64
	params string
}

// keyOfGame is g's key: its world, seed and parameter point.
func keyOfGame(g evalGame) gameKey {
	ps := make([]string, 0, len(g.Params))
	for k, v := range g.Params {
		ps = append(ps, k+"="+v)
	}
	sort.Strings(ps)
	return gameKey{world: g.World, seed: g.Seed, params: strings.Join(ps, ",")}
}

// comparison is the difference between two evals' paired games.
type comparison struct {
	// keys name the paired games; before[i] and after[i] are game
	// keys[i]'s results in the first and the second eval.
	keys  []gameKey
	onlyA int // games of the first eval the second does not have
	onlyB int
	// byWorldSeed: paired by world and seed alone, the parameter points
	// differing.
	byWorldSeed   bool
	before, after []game.Result
	mean, se      float64 // score difference per game and its standard error
}

// compareEvals pairs the games of a and b and measures the difference:
// by world, seed and parameter point, or, when no game has the same point
// in both (an eval with no --param against one point of a sweep), by world
// and seed alone.
func compareEvals(a, b *evalJSON) (*comparison, error) {
	c, err := pairEvals(a, b, keyOfGame)
	if err == nil && len(c.keys) == 0 {
		c, err = pairEvals(a, b, func(g evalGame) gameKey { return gameKey{world: g.World, seed: g.Seed} })
		if err != nil {
			return nil, fmt.Errorf("no game with the same parameter point in both, and by world and seed alone: %w", err)
		}
		c.byWorldSeed = true
	}
	if err != nil {
		return nil, err
	}
	if len(c.keys) == 0 {
		return nil, errors.New("no game in common (not the same worlds and seeds)")
	}
	c.mean, c.se = meanSE(c.diffs())
	return c, nil
}

// pairEvals pairs the games of a and b that have the same key.
func pairEvals(a, b *evalJSON, key func(evalGame) gameKey) (*comparison, error) {
	byKey := make(map[gameKey]evalGame, len(b.Games))
	for _, g := range b.Games {
		k := key(g)
		if _, dup := byKey[k]; dup {
			return nil, fmt.Errorf("the second eval plays %s seed %d twice", g.World, g.Seed)
		}
		byKey[k] = g
	}
	c := &comparison{}
	seen := make(map[gameKey]bool, len(a.Games))
	for _, g := range a.Games {
		k := key(g)
		if seen[k] {
			return nil, fmt.Errorf("the first eval plays %s seed %d twice", g.World, g.Seed)
		}
		seen[k] = true
		h, ok := byKey[k]
		if !ok {
			c.onlyA++
			continue
		}
		c.keys = append(c.keys, k)
		c.before = append(c.before, g.Result)
		c.after = append(c.after, h.Result)
	}
	c.onlyB = len(b.Games) - len(c.keys)
	return c, nil
}

// diffs returns the score differences of the paired games, after less
// before.
func (c *comparison) diffs() []float64 {
	d := make([]float64, len(c.keys))
	for i := range c.keys {
		d[i] = c.after[i].Referee.Score - c.before[i].Referee.Score
	}
	return d
}

// meanSE returns the mean of xs and its standard error (the sample
// standard deviation over √n; 0 for fewer than two values).
func meanSE(xs []float64) (mean, se float64) {
	n := float64(len(xs))
	if n == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if n < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss/(n-1)) / math.Sqrt(n)
}

// t is the mean difference over its standard error (±Inf when every game
// changed by the same amount, 0 when none changed).
func (c *comparison) t() float64 {
	if c.se == 0 {
		if c.mean == 0 {
			return 0
		}
		return math.Copysign(math.Inf(1), c.mean)
	}
	return c.mean / c.se
}

// verdict says whether the difference is more than noise.
func (c *comparison) verdict() string {
	t := c.t()
	switch {
	case c.mean == 0 && c.se == 0:
		return "no difference: every game scored the same"
	case math.Abs(t) < noiseT:
		return fmt.Sprintf("within the noise (|t| < %d): play more seeds to tell", noiseT)
	case t > 0:
		return fmt.Sprintf("better by more than %d standard errors", noiseT)
	default:
		return fmt.Sprintf("worse by more than %d standard errors", noiseT)
	}
}

// print writes the comparison and the top games that changed most.
func (c *comparison) print(w io.Writer, top int) error {
	d := c.diffs()
	var changed []int // indices of the games that changed
	for i, x := range d {
		if x != 0 {
			changed = append(changed, i)
		}
	}
	fmt.Fprintf(w, "paired games: %d (%d changed)", len(c.keys), len(changed))
	if c.byWorldSeed {
		fmt.Fprint(w, ", by world and seed (the parameter points differ)")
	}
	if c.onlyA+c.onlyB > 0 {
		fmt.Fprintf(w, "; left out, in one eval only: %d and %d", c.onlyA, c.onlyB)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "score: %+.1f points in all, %+.2f ± %.2f per game (standard error), t %.2f: %s\n",
		c.mean*float64(len(c.keys)), c.mean, c.se, c.t(), c.verdict())
	b, a := summarize("before", c.before), summarize("after", c.after)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "\tscore %max\tsigns ok %\tmisid/run\tmap\texit %\tauto LoP\tgame s\t")
	for _, r := range []evalRow{b, a} {
		fmt.Fprintf(tw, "%s\t%.2f\t%.1f\t%.3f\t%.3f\t%.1f\t%d\t%.1f\t\n", r.World, r.ScorePct, r.SignsCorrect, r.MisidPerRun, r.MapScore, r.ExitBonusRate, r.AutoLoP, r.GameTime)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if top <= 0 || len(changed) == 0 {
		return nil
	}
	sort.SliceStable(changed, func(i, j int) bool { return math.Abs(d[changed[i]]) > math.Abs(d[changed[j]]) })
	fmt.Fprintf(w, "\nthe games that changed most:\n")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "world\tseed\tparams\tbefore\tafter\tdifference\t")
	for _, i := range changed[:min(top, len(changed))] {
		k, params := c.keys[i], c.keys[i].params
		if params == "" {
			params = "-"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%.1f\t%.1f\t%+.1f\t\n", k.world, k.seed, params, c.before[i].Referee.Score, c.after[i].Referee.Score, d[i])
	}
	return tw.Flush()
}
