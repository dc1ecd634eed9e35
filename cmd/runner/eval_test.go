package main

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/sim/referee"
)

func TestSummarize(t *testing.T) {
	res := func(score, max float64, signs, ok, misid int, mapScore float64, exit bool, lop int) game.Result {
		return game.Result{MaxScore: max, Signs: signs,
			Referee: referee.Summary{Score: score, SignsCorrectType: ok, Misidentifications: misid, MapScore: mapScore, ExitBonusGiven: exit, LoPAutomatic: lop, GameTime: 100},
			Runner:  framework.Summary{WallTime: time.Second, Plugins: map[string]framework.PluginStats{"explore": {Steps: 100, OverBudget: 1, Misses: 2, Hangs: 1, Restarts: 1, StepP99: time.Duration(score/30) * time.Millisecond, StepMax: time.Duration(score/10) * time.Millisecond}}, CommsRefusals: map[string]int{"not-still": 3}},
		}
	}
	row := summarize("w", []game.Result{
		res(90, 100, 4, 4, 0, 1, true, 0),
		res(50, 100, 4, 2, 1, 0.5, false, 2),
		res(0, 0, 0, 0, 0, 0.9, false, 0), // no signs: no exit bonus to win
	})
	want := evalRow{World: "w", Runs: 3, Signs: 8, ScorePct: 70, SignsCorrect: 75, MisidPerRun: 1.0 / 3, MapScore: 0.8,
		ExitBonusRate: 50, AutoLoP: 2, GameTime: 100, WallTime: time.Second, Misses: 6, Hangs: 3, Restarts: 3, CommsRefusals: 9}
	if math.Abs(row.MisidPerRun-want.MisidPerRun) > 1e-12 || math.Abs(row.MapScore-want.MapScore) > 1e-12 {
		t.Errorf("misid %g map %g", row.MisidPerRun, row.MapScore)
	}
	row.MisidPerRun, row.MapScore = want.MisidPerRun, want.MapScore
	if row.PluginP99["explore"] != 3*time.Millisecond {
		t.Errorf("plugin p99 %v, want the worst game's 3ms", row.PluginP99)
	}
	if row.PluginMax["explore"] != 9*time.Millisecond || row.OverBudget["explore"] != 3 || row.Answered["explore"] != 300 {
		t.Errorf("plugin max %v, over budget %v of %v: want 9ms, 3 of 300", row.PluginMax, row.OverBudget, row.Answered)
	}
	var b strings.Builder
	printEval(&b, []evalRow{row, {World: "empty.wbt", Runs: 1}, row}, true)
	for _, want := range []string{"70.0", "empty", "timings (they vary with the machine's load)", "explore 3.00 / 9.00 ms",
		"over the per-step budget: explore 3 of 300 steps: on Webots those steps get a safe action"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
	row.PluginP99, row.PluginMax, row.OverBudget, row.Answered = nil, nil, nil, nil
	if !reflect.DeepEqual(row, want) {
		t.Errorf("summarize:\n got %+v\nwant %+v", row, want)
	}
}

func TestEvalFlagsErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"eval"}, "no worlds"},
		{[]string{"eval", "--worlds", "nope"}, "nope"},
		{[]string{"eval", "--generate", "1", "--generate-size", "big"}, "want WxH"},
		{[]string{"eval", "--generate", "1", "--runs", "0"}, "at least 1"},
		{[]string{"eval", "--generate", "1", "--in-process", "--plugin", "explore=./x"}, "x"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, err := runRoot(t, tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// TestEvalPlays plays one generated world once with the built-in behaviors
// in-process and checks the table has its row, the overall row and the mode.
func TestEvalPlays(t *testing.T) {
	out, err := runRoot(t, "eval", "--generate", "1", "--generate-size", "4x4", "--runs", "1", "--in-process", "--log-level", "error")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"lockstep: the runner waited for every plugin", "gen-1-4x4", "overall", "timings"} {
		if !strings.Contains(out, want) {
			t.Fatalf("table lacks %q:\n%s", want, out)
		}
	}
}

// TestEvalReproducible: in lockstep, the same eval command twice gives the
// same games (referee summaries and step counts), and its JSON names the
// mode; --realtime names the other.
func TestEvalReproducible(t *testing.T) {
	args := []string{"eval", "--json", "--generate", "1", "--generate-size", "4x4", "--runs", "2", "--in-process", "--log-level", "error"}
	type evalJSON struct {
		Mode     string        `json:"mode"`
		BudgetMs int           `json:"budget_ms"`
		Games    []game.Result `json:"games"`
	}
	play := func(extra ...string) evalJSON {
		t.Helper()
		out, err := runRoot(t, append(args, extra...)...)
		if err != nil {
			t.Fatal(err)
		}
		var e evalJSON
		if err := json.Unmarshal([]byte(out), &e); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		return e
	}
	a, b := play(), play()
	if a.Mode != framework.ModeLockstep || a.BudgetMs != framework.DefaultConfig().Deadline() || len(a.Games) != 2 || len(b.Games) != 2 {
		t.Fatalf("mode %q budget %d, %d and %d games", a.Mode, a.BudgetMs, len(a.Games), len(b.Games))
	}
	for i := range a.Games {
		ga, gb := a.Games[i], b.Games[i]
		if !reflect.DeepEqual(ga.Referee, gb.Referee) || !reflect.DeepEqual(ga.Events, gb.Events) || ga.Runner.Steps != gb.Runner.Steps {
			t.Errorf("game %d differs between two runs of the same command:\n%+v (%d steps)\n%+v (%d steps)", i, ga.Referee, ga.Runner.Steps, gb.Referee, gb.Runner.Steps)
		}
	}
	if rt := play("--realtime", "--runs", "1"); rt.Mode != framework.ModeRealtime {
		t.Errorf("--realtime: mode %q", rt.Mode)
	}
}
