package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/behaviors/exit"
	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/record/recordpb"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

var small4x4 = filepath.Join("..", "..", "examples", "worlds", "small4x4.wbt")

// TestRunRecord plays `runner run --record --png --json` with the built-in
// behaviors as plugin processes and reads the recording back: complete,
// every step, the reports as the summary gives them with their outcomes,
// the plugins' Observations and Actions, camera frames, plugin log lines,
// the map; then `world score` on the recording gives the game's map score
// and `replay --html --png` writes the page and the picture.
func TestRunRecord(t *testing.T) {
	dir := t.TempDir()
	mc, pic := filepath.Join(dir, "game.mcap"), filepath.Join(dir, "game.png")
	out, err := runRoot(t, "run", "--json", "--world", small4x4, "--log-level", "error", "--record", mc, "--png", pic)
	if err != nil {
		t.Fatal(err)
	}
	var res game.Result
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("summary is not JSON: %v\n%s", err, out)
	}
	rec, err := readRecording(mc, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Complete {
		t.Error("the recording has no summary section")
	}
	// Every runner step, and one more for the game's end (the bonuses).
	if n := uint64(len(rec.Steps)); n != res.Runner.Steps && n != res.Runner.Steps+1 {
		t.Errorf("%d steps recorded, the runner played %d", n, res.Runner.Steps)
	}
	if last := rec.Steps[len(rec.Steps)-1]; last.Score != res.Referee.Score {
		t.Errorf("last recorded score %v, the game's %v", last.Score, res.Referee.Score)
	}
	if len(res.Reports) == 0 || len(rec.Reports) != len(res.Reports) {
		t.Fatalf("%d reports recorded, %d in the summary", len(rec.Reports), len(res.Reports))
	}
	for i, v := range res.Reports {
		r := rec.Reports[i]
		// The summary's numbers are rounded to 9 decimals (schema_version 1).
		if r.Letter != v.Letter || math.Abs(r.RobotX-v.Robot.X) > 1e-8 || math.Abs(r.EstZ-v.Estimate.Z) > 1e-8 || r.Why != v.Why {
			t.Errorf("report %d recorded %+v, summary %+v", i, r, v)
		}
		if v.Outcome == referee.OutcomeHit && (r.Outcome != recordpb.Report_HIT || int(r.Sign) != v.Sign) {
			t.Errorf("report %d: a hit on sign %d recorded as %v on %d", i, v.Sign, r.Outcome, r.Sign)
		}
	}
	counts := map[string]int{}
	for _, c := range rec.Channels {
		counts[c.Topic] = c.Messages
	}
	for _, topic := range []string{"/plugin/explore/observation", "/plugin/exit/action", "/distance", "/fsm", "/events", "/map/robot"} {
		if counts[topic] == 0 {
			t.Errorf("nothing on %s: %v", topic, counts)
		}
	}
	// explore writes its tracker's pose under nav.KeyPose from its first
	// GPS reading on: the recording has it beside the true pose, and the
	// two agree (GPS bounds the tracker's error; lockstep, so the game is
	// the same whatever the load).
	if n := counts["/robot/estimate"]; n == 0 || n < len(rec.Steps)-5 {
		t.Errorf("%d estimates recorded over %d steps", n, len(rec.Steps))
	}
	var worst float64
	for _, s := range rec.Steps {
		if s.Estimate != nil {
			worst = max(worst, math.Hypot(s.Estimate.Pos.X-s.True.Pos.X, s.Estimate.Pos.Z-s.True.Pos.Z))
		}
	}
	if worst > 0.05 {
		t.Errorf("the recorded estimate strays %.3f m from the true pose", worst)
	}
	// The summary gives each report the estimate of when it arrived.
	for i, v := range res.Reports {
		if e := v.RobotEstimate; e == nil || math.Hypot(e.X-v.Robot.X, e.Z-v.Robot.Z) > 0.05 {
			t.Errorf("report %d: robot at %+v, estimate %+v", i, v.Robot, e)
		}
	}
	if len(rec.Frames) == 0 {
		t.Error("no camera frames")
	}
	if counts["/plugin/explore/observation"] != counts["/plugin/explore/action"] {
		t.Errorf("explore: %d observations, %d actions", counts["/plugin/explore/observation"], counts["/plugin/explore/action"])
	}
	f, err := os.Open(pic)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if img, err := png.Decode(f); err != nil || img.Bounds().Dx() < 100 {
		t.Errorf("--png: %v", err)
	}
	score, err := runRoot(t, "world", "score", mc, mc)
	if err != nil {
		t.Fatal(err)
	}
	// The summary's map score is rounded to 9 decimals (schema_version 1).
	if s, _ := strconv.ParseFloat(strings.TrimSpace(score), 64); math.Abs(s-res.Referee.MapScore) > 1e-9 {
		t.Errorf("world score of the recording: %s, the game's map score %v", score, res.Referee.MapScore)
	}
	page := filepath.Join(dir, "game.html")
	if _, err := runRoot(t, "replay", mc, "--html", page, "--png", filepath.Join(dir, "again.png")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(page); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("--html: %v", err)
	}
	a, _ := os.ReadFile(pic)
	b, _ := os.ReadFile(filepath.Join(dir, "again.png"))
	if !bytes.Equal(a, b) {
		t.Error("replay --png draws another picture than run --png")
	}
	// --profile: the game's time by state, its sum the simulated time.
	prof, err := runRoot(t, "replay", mc, "--profile")
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, l := range strings.Split(prof, "\n") {
		if f := strings.Fields(l); len(f) > 1 && (f[0] == "explore" || f[0] == "all") {
			all = append(all, f[0]+" "+f[1])
		}
	}
	if len(all) != 2 || !strings.HasPrefix(all[1], "all ") {
		t.Fatalf("replay --profile: no explore and all rows:\n%s", prof)
	}
	if s, _ := strconv.ParseFloat(strings.TrimPrefix(all[1], "all "), 64); math.Abs(s-res.Runner.SimTime) > 0.1 {
		t.Errorf("replay --profile: all %s s, the game simulated %.3f s", all[1], res.Runner.SimTime)
	}
}

// TestRecordInterrupted records a game cancelled mid-way (what Ctrl-C does
// to the runner's context): the file is complete and holds the steps played.
func TestRecordInterrupted(t *testing.T) {
	w, err := world.Load(small4x4)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	played := 0
	o := game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore": explore.New, "victimdetect": victimdetect.New, "report": report.New, "exit": exit.New,
		}),
		OnStep: func(si framework.StepInfo, _ *referee.Referee) {
			played++
			if si.Step == 200 {
				cancel()
			}
		},
	}
	dir := t.TempDir()
	res, err := playRecorded(ctx, o, dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Runner.EndReason != "interrupted" {
		t.Fatalf("game ended %q", res.Runner.EndReason)
	}
	rec, err := readRecording(filepath.Join(dir, recordName(w.Name, 1)), os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Complete || len(rec.Steps) != played {
		t.Errorf("complete %v, %d steps recorded, %d played", rec.Complete, len(rec.Steps), played)
	}
}

// TestRecordSIGTERM runs `runner run --record` as a process and stops it
// with SIGTERM mid-game: the runner closes the recording, which is complete.
func TestRecordSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("plays part of a game with plugin processes")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	mc := filepath.Join(t.TempDir(), "game.mcap")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "run", "--record", mc, "--log-level", "error")
	cmd.Env = append(os.Environ(), asRunnerEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for a few hundred kB of recording: the game is under way.
	for {
		if fi, err := os.Stat(mc); err == nil && fi.Size() > 300<<10 {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the recording did not grow: %s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// An interrupted run ends with 128+SIGTERM (issue 20), its record whole.
	if err := cmd.Wait(); err != nil && cmd.ProcessState.ExitCode() != 143 {
		t.Fatalf("runner: %v\n%s", err, stderr.String())
	}
	rec, err := readRecording(mc, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Complete || len(rec.Steps) == 0 {
		t.Errorf("complete %v after %d steps", rec.Complete, len(rec.Steps))
	}
}

// TestRecordName checks the file names of eval's recordings.
func TestRecordName(t *testing.T) {
	for _, tc := range []struct {
		world string
		seed  int64
		want  string
	}{
		{"world1", 3, "world1-seed3.mcap"},
		{"gen-1 4x4/a", 1, "gen-1_4x4_a-seed1.mcap"},
		{"", -2, "world-seed-2.mcap"},
	} {
		if got := recordName(tc.world, tc.seed); got != tc.want {
			t.Errorf("recordName(%q, %d) = %q, want %q", tc.world, tc.seed, got, tc.want)
		}
	}
}

// TestReplayServe serves a recording's page and fetches it.
func TestReplayServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- serveReplay(ctx, "127.0.0.1:0", []byte("<html>page</html>"), func(u string) { urls <- u })
	}()
	u := <-urls
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(out) != "<html>page</html>" {
		t.Errorf("served %q", out)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
