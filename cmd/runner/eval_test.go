package main

import (
	"math"
	"os"
	"path/filepath"
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
			Runner:  framework.Summary{WallTime: time.Second, Plugins: map[string]framework.PluginStats{"explore": {Misses: 2, Restarts: 1, StepP99: time.Duration(score/30) * time.Millisecond}}, CommsRefusals: map[string]int{"not-still": 3}},
		}
	}
	row := summarize("w", []game.Result{
		res(90, 100, 4, 4, 0, 1, true, 0),
		res(50, 100, 4, 2, 1, 0.5, false, 2),
		res(0, 0, 0, 0, 0, 0.9, false, 0), // no signs: no exit bonus to win
	})
	want := evalRow{World: "w", Runs: 3, Signs: 8, ScorePct: 70, SignsCorrect: 75, MisidPerRun: 1.0 / 3, MapScore: 0.8,
		ExitBonusRate: 50, AutoLoP: 2, GameTime: 100, WallTime: time.Second, Misses: 6, Restarts: 3, CommsRefusals: 9}
	if math.Abs(row.MisidPerRun-want.MisidPerRun) > 1e-12 || math.Abs(row.MapScore-want.MapScore) > 1e-12 {
		t.Errorf("misid %g map %g", row.MisidPerRun, row.MapScore)
	}
	row.MisidPerRun, row.MapScore = want.MisidPerRun, want.MapScore
	if row.PluginP99["explore"] != 3*time.Millisecond {
		t.Errorf("plugin p99 %v, want the worst game's 3ms", row.PluginP99)
	}
	row.PluginP99 = nil
	if !reflect.DeepEqual(row, want) {
		t.Errorf("summarize:\n got %+v\nwant %+v", row, want)
	}
	var b strings.Builder
	printEval(&b, []evalRow{row, {World: "empty.wbt", Runs: 1}})
	if !strings.Contains(b.String(), "70.0") || !strings.Contains(b.String(), "empty") {
		t.Errorf("table:\n%s", b.String())
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
// in-process and checks the table has its row and the overall row.
func TestEvalPlays(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "slow.yaml")
	if err := os.WriteFile(cfg, []byte("deadline_ms: 1000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runRoot(t, "eval", "--config", cfg, "--generate", "1", "--generate-size", "4x4", "--runs", "1", "--in-process", "--log-level", "error")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "gen-1-4x4") || !strings.Contains(out, "overall") {
		t.Fatalf("table:\n%s", out)
	}
}
