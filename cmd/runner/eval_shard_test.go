package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/internal/evalplan"
)

// evalArgs is a small eval: 2 generated worlds × 2 runs, in-process.
func evalArgs(extra ...string) []string {
	return append([]string{"eval", "--generate", "2", "--generate-size", "4x4", "--runs", "2", "--in-process", "--log-level", "error", "--parallel", "2"}, extra...)
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, err := runRoot(t, args...)
	if err != nil {
		t.Fatalf("runner %s: %v", strings.Join(args, " "), err)
	}
	return out
}

// TestEvalShardsMergeBitForBit: the merge of three shards' records prints
// the unsharded eval's table and JSON byte for byte (without the timings,
// which are the machine's), and the merge of the unsharded eval's own
// record prints its output byte for byte, timings included.
func TestEvalShardsMergeBitForBit(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	wholeJSON := mustRun(t, evalArgs("--json", "--out", whole)...)
	if got := mustRun(t, "eval", "merge", "--json", whole); got != wholeJSON {
		t.Fatalf("merge of the unsharded record differs from its output:\n%s\n---\n%s", got, wholeJSON)
	}
	wholeText := mustRun(t, "eval", "merge", "--timings=false", whole)
	wholeJSONNoTimings := mustRun(t, "eval", "merge", "--timings=false", "--json", whole)
	if direct := mustRun(t, evalArgs("--timings=false")...); direct != wholeText {
		t.Fatalf("the table of two runs of one command differs:\n%s\n---\n%s", direct, wholeText)
	}
	var shards []string
	for i := range 3 {
		p := filepath.Join(dir, "shard-"+string(rune('0'+i))+".jsonl")
		out := mustRun(t, evalArgs("--shard", string(rune('0'+i))+"/3", "--out", p)...)
		if !strings.Contains(out, "shard "+string(rune('0'+i))+"/3:") {
			t.Errorf("shard %d's table does not say it is a shard:\n%s", i, out)
		}
		shards = append(shards, p)
	}
	if got := mustRun(t, append([]string{"eval", "merge", "--timings=false"}, shards...)...); got != wholeText {
		t.Errorf("merged table differs from the unsharded one:\n%s\n---\n%s", got, wholeText)
	}
	if got := mustRun(t, append([]string{"eval", "merge", "--timings=false", "--json"}, shards...)...); got != wholeJSONNoTimings {
		t.Errorf("merged JSON differs from the unsharded one")
	}
	var js struct {
		SchemaVersion int `json:"schema_version"`
		Games         []struct {
			Game int `json:"game"`
		} `json:"games"`
	}
	if err := json.Unmarshal([]byte(wholeJSON), &js); err != nil || js.SchemaVersion != evalplan.SchemaVersion || len(js.Games) != 4 {
		t.Fatalf("JSON: %v, schema %d, %d games", err, js.SchemaVersion, len(js.Games))
	}

	// A shard missing: the merge names its games and the shard to replay.
	_, err := runRoot(t, "eval", "merge", shards[0], shards[2])
	if err == nil || !strings.Contains(err.Error(), "1 of 4 games missing") {
		t.Fatalf("merge without shard 1: %v", err)
	}
	if out := mustRun(t, "eval", "merge", "--allow-missing", shards[0], shards[2]); !strings.Contains(out, "partial: 3 of 4 games (1 missing)") {
		t.Errorf("--allow-missing:\n%s", out)
	}
	// Records of another plan or config are refused.
	other := filepath.Join(dir, "other.jsonl")
	mustRun(t, "eval", "--generate", "2", "--generate-size", "4x4", "--runs", "1", "--in-process", "--log-level", "error", "--shard", "1/3", "--out", other)
	if _, err := runRoot(t, "eval", "merge", shards[0], other); err == nil || !strings.Contains(err.Error(), "different plans") {
		t.Errorf("merging shards of other runs: %v", err)
	}
	gen1 := filepath.Join(dir, "gen1.jsonl")
	mustRun(t, "eval", "--generate", "1", "--generate-size", "4x4", "--runs", "2", "--in-process", "--log-level", "error", "--shard", "1/3", "--out", gen1)
	if _, err := runRoot(t, "eval", "merge", shards[0], gen1); err == nil || !strings.Contains(err.Error(), "different world sets") {
		t.Errorf("merging shards of other worlds: %v", err)
	}
	noNoise := filepath.Join(dir, "nonoise.jsonl")
	mustRun(t, evalArgs("--noise=false", "--shard", "1/3", "--out", noNoise)...)
	if _, err := runRoot(t, "eval", "merge", shards[0], noNoise); err == nil || !strings.Contains(err.Error(), "different configs") {
		t.Errorf("merging shards of other eval settings: %v", err)
	}
	if _, err := runRoot(t, evalArgs("--shard", "1/3", "--resume", shards[0])...); err == nil || !strings.Contains(err.Error(), "record of shard 0/3") {
		t.Errorf("resuming another shard's record: %v", err)
	}
	if _, err := runRoot(t, evalArgs("--out", whole)...); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("--out over an existing record: %v", err)
	}
}

// TestEvalResume: a record cut short (a shard killed after its first game,
// mid-way through the second's line) is completed by --resume, which
// plays only the games it lacks; the result merges to the whole table.
func TestEvalResume(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.jsonl")
	mustRun(t, evalArgs("--out", whole)...)
	want := mustRun(t, "eval", "merge", "--timings=false", whole)
	b, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	cut := filepath.Join(dir, "cut.jsonl")
	if err := os.WriteFile(cut, []byte(lines[0]+lines[1]+lines[2][:len(lines[2])/2]), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, evalArgs("--resume", cut)...)
	rec, err := evalplan.Read(cut)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Torn || len(rec.Lines) != 4 {
		t.Fatalf("after --resume: torn %v, %d game lines, want 4 (the first kept, three played)", rec.Torn, len(rec.Lines))
	}
	if got := mustRun(t, "eval", "merge", "--timings=false", cut); got != want {
		t.Errorf("resumed record:\n%s\nwant\n%s", got, want)
	}
	// --resume of a file that does not exist starts it.
	fresh := filepath.Join(dir, "fresh.jsonl")
	mustRun(t, evalArgs("--resume", fresh, "--shard", "0/2")...)
	if rec, err := evalplan.Read(fresh); err != nil || len(rec.Lines) != 2 {
		t.Fatalf("fresh --resume: %v", err)
	}
}

// TestEvalInterrupted: SIGTERM in the middle of an eval keeps every game
// finished before it in the record, ends with an error that says how to
// resume, and --resume finishes the eval.
func TestEvalInterrupted(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "rec.jsonl")
	args := []string{"eval", "--generate", "3", "--generate-size", "4x4", "--runs", "2", "--in-process", "--log-level", "error", "--parallel", "1", "--out", rec}
	done := make(chan error, 1)
	go func() { _, err := runRoot(t, args...); done <- err }()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if b, err := os.ReadFile(rec); err == nil && strings.Count(string(b), `"kind":"game"`) >= 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no game recorded within 2 minutes")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err := <-done
	if err == nil || !strings.Contains(err.Error(), "interrupted") || !strings.Contains(err.Error(), "--resume "+rec) {
		t.Fatalf("interrupted eval: %v", err)
	}
	r, rerr := evalplan.Read(rec)
	if rerr != nil || r.Torn || len(r.Lines) < 1 || len(r.Lines) >= 6 {
		t.Fatalf("record after SIGTERM: %v, torn %v, %d lines", rerr, r != nil && r.Torn, len(r.Lines))
	}
	args[len(args)-2] = "--resume"
	mustRun(t, args...)
	if r, err := evalplan.Read(rec); err != nil || len(r.Lines) != 6 {
		t.Fatalf("after --resume: %v, %d lines", err, len(r.Lines))
	}
}

// TestEvalFailedGameKeepsTheOthers: games that fail are recorded as failed
// and named in the error; the eval does not stop at the first.
func TestEvalFailedGameKeepsTheOthers(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "rec.jsonl")
	_, err := runRoot(t, "eval", "--generate", "1", "--generate-size", "4x4", "--runs", "2", "--log-level", "error", "--plugin", "explore=/bin/false", "--out", rec)
	if err == nil || !strings.Contains(err.Error(), "2 games failed") || !strings.Contains(err.Error(), "game 1 (gen-1-4x4 run 1 seed 2)") {
		t.Fatalf("eval with a broken plugin: %v", err)
	}
	r, err := evalplan.Read(rec)
	if err != nil {
		t.Fatal(err)
	}
	_, failed := r.Played()
	if len(failed) != 2 || !strings.Contains(failed[0].Error, "handshake") {
		t.Fatalf("failed games in the record: %+v", failed)
	}
}

// TestEvalParamSweep: --param makes parameter points a dimension of the
// games; the table ranks them and the JSON has each point's table.
func TestEvalParamSweep(t *testing.T) {
	args := []string{"eval", "--generate", "1", "--generate-size", "4x4", "--runs", "1", "--in-process", "--log-level", "error",
		"--param", "explore.max_wheel=4,6"}
	out := mustRun(t, args...)
	for _, want := range []string{"parameter points, best first", "explore.max_wheel", "best point, per world: explore.max_wheel="} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	var js struct {
		Table  []evalRow `json:"table"`
		Points []struct {
			Point  int               `json:"point"`
			Rank   int               `json:"rank"`
			Params map[string]string `json:"params"`
			Table  []evalRow         `json:"table"`
		} `json:"points"`
		Games []evalGame `json:"games"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, append(args, "--json")...)), &js); err != nil {
		t.Fatal(err)
	}
	if len(js.Points) != 2 || len(js.Games) != 2 || len(js.Table) != 2 || js.Points[0].Params["explore.max_wheel"] != "4" || js.Games[1].Params["explore.max_wheel"] != "6" {
		t.Fatalf("sweep JSON: %+v", js)
	}
	if js.Points[0].Rank+js.Points[1].Rank != 3 || js.Table[0].ScorePct < js.Table[1].ScorePct {
		t.Errorf("ranks %d %d, ranking %v then %v", js.Points[0].Rank, js.Points[1].Rank, js.Table[0].ScorePct, js.Table[1].ScorePct)
	}
	for _, tt := range []struct{ param, want string }{
		{"explore.nope=1", `plugin explore has no parameter "nope"`},
		{"ghost.x=1", `the config runs no plugin "ghost"`},
		{"explore.max_wheel", "want PLUGIN.NAME"},
	} {
		if _, err := runRoot(t, "eval", "--generate", "1", "--in-process", "--param", tt.param); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("--param %s: %v, want %q", tt.param, err, tt.want)
		}
	}
}

func TestEvalShardFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "2/2", "--out", "x"}, "0 ≤ I < N"},
		{[]string{"--shard", "0/2"}, "--out FILE"},
		{[]string{"--out", "a", "--resume", "b"}, "give one"},
	} {
		if _, err := runRoot(t, append([]string{"eval", "--generate", "1"}, tt.args...)...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: %v, want %q", tt.args, err, tt.want)
		}
	}
	t.Setenv("SLURM_ARRAY_TASK_ID", "")
	t.Setenv("JOB_COMPLETION_INDEX", "")
	if _, err := runRoot(t, "eval", "--generate", "1", "--shard", "auto", "--out", "x"); err == nil || !strings.Contains(err.Error(), "neither") {
		t.Errorf("--shard auto outside a cluster: %v", err)
	}
}
