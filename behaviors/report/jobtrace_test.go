package report_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/rescuekit/rescuekit/behaviors/exit"
	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/signs"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// jobTrace is what one report job spent its time on.
type jobTrace struct {
	id         uint32
	letter     byte
	start, end float64
	phase      map[string]float64 // sim seconds per phase
	moving     float64            // seconds with the wheels turning
	driven     float64            // metres the robot's centre moved
	plans      int
	why        string
	lines      []string
}

// TestTraceJobs is a tool, not a test: with RESCUEKIT_TRACE_WORLD set to an
// Erebus world (.wbt, an absolute path), it plays the game `runner eval`
// plays on it (noise on, seed 1 or RESCUEKIT_TRACE_SEED, the built-in
// behaviors) and prints, for
// every report job, where its time went: per phase, moving or standing,
// the metres driven, the plans made and how it ended; then the totals.
// RESCUEKIT_TRACE_LOG=1 prints report's log lines of each job too.
func TestTraceJobs(t *testing.T) {
	path := os.Getenv("RESCUEKIT_TRACE_WORLD")
	if path == "" {
		t.Skip("RESCUEKIT_TRACE_WORLD not set")
	}
	w, err := world.LoadWith(path, world.ParseOptions{PROTODirs: []string{"../../../shared/erebus/protos"}})
	if err != nil {
		t.Fatal(err)
	}
	// RESCUEKIT_TRACE_SEED=N plays seed N (default 1).
	seed := int64(1)
	if v := os.Getenv("RESCUEKIT_TRACE_SEED"); v != "" {
		fmt.Sscanf(v, "%d", &seed)
	}
	core, logs := observer.New(zap.DebugLevel)
	var jobs []*jobTrace
	var cur *jobTrace
	seen := 0
	var lastT float64
	var lastPhase string
	var lastPos [2]float64
	var inReport float64
	res, err := game.Play(context.Background(), game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: seed, Noise: game.DefaultNoise,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore": explore.New, "victimdetect": victimdetect.New, "exit": exit.New,
			"report": func() sdk.Behavior { return report.NewLogged(zap.New(core)) },
		}),
		OnStep: func(si framework.StepInfo, rf *referee.Referee) {
			if si.State == "report" {
				inReport += si.SimTime - lastT
			}
		},
		OnPluginIO: func(name string, obs *pluginpb.Observation, act *pluginpb.Action) {
			if name != "report" {
				return
			}
			now := obs.GetSimTime()
			dt := now - lastT
			lastT = now
			all := logs.All()
			for _, e := range all[seen:] {
				if e.Message != "report: phase" {
					continue
				}
				{
					var id uint32
					var ph string
					for _, f := range e.Context {
						switch f.Key {
						case "id":
							id = uint32(f.Integer)
						case "phase":
							ph = fmt.Sprint(f.Interface)
						}
					}
					if ph != "done" && (cur == nil || cur.id != id || cur.end > 0) {
						cur = &jobTrace{id: id, start: now, phase: map[string]float64{}}
						jobs = append(jobs, cur)
					}
					lastPhase = ph
				}
			}
			for _, e := range all[seen:] {
				if e.Message != "report: phase" && cur != nil {
					cur.lines = append(cur.lines, fmt.Sprintf("%.1f %s %s", now, e.Message, fields(e.Context)))
					switch e.Message {
					case "report: plan":
						cur.plans++
					case "report: job ended":
						cur.end = now
						for _, f := range e.Context {
							if f.Key == "why" {
								cur.why = f.String
							}
							if f.Key == "status" {
								cur.why = fmt.Sprint(f.Interface) + ": " + cur.why
							}
						}
					}
				}
			}
			seen = len(all)
			if !obs.GetDriver() || cur == nil || cur.end > 0 {
				return
			}
			if c, ok, _ := signs.Candidate(obs.GetBlackboard()); ok {
				cur.letter = byte(c.Letter)
			}
			cur.phase[lastPhase] += dt
			if wh := act.GetWheels(); wh != nil && (wh.GetLeft() != 0 || wh.GetRight() != 0) {
				cur.moving += dt
			}
			p := obs.GetGps()
			if p != nil {
				x, z := p.GetX(), p.GetZ()
				if lastPos != [2]float64{} {
					cur.driven += math.Hypot(x-lastPos[0], z-lastPos[1])
				}
				lastPos = [2]float64{x, z}
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Referee
	fmt.Printf("%s: score %.1f of %.1f, signs %d+%d of %d, misid %d, LoP %d, map %.3f, %.0f s (%s), %.1f s in report\n",
		w.Name, r.Score, res.MaxScore, r.SignsCorrectType, r.SignsWrongType, res.Signs, r.Misidentifications,
		r.LoPRequested, r.MapScore, r.GameTime, r.EndReason, inReport)
	tot := map[string]float64{}
	byEnd := map[string]float64{}
	verbose := os.Getenv("RESCUEKIT_TRACE_LOG") != ""
	for _, j := range jobs {
		var ph []string
		keys := make([]string, 0, len(j.phase))
		for k := range j.phase {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ph = append(ph, fmt.Sprintf("%s %.1f", k, j.phase[k]))
			tot[k] += j.phase[k]
		}
		end := j.end
		if end == 0 {
			end = lastT
		}
		kind := j.why
		if i := strings.Index(kind, ":"); i >= 0 && !strings.HasPrefix(kind, "Reported") && !strings.HasPrefix(kind, "Confirmed") {
			kind = j.why
		} else if i >= 0 {
			kind = kind[:i]
		}
		byEnd[kind] += end - j.start
		fmt.Printf("#%d %c %.1f-%.1f (%.1f s): %s; moving %.1f s, %.2f m, %d plans; %s\n",
			j.id, j.letter, j.start, end, end-j.start, strings.Join(ph, ", "), j.moving, j.driven, j.plans, j.why)
		if verbose {
			for _, l := range j.lines {
				fmt.Println("    " + l)
			}
		}
	}
	fmt.Println("totals per phase:", tot)
	keys := make([]string, 0, len(byEnd))
	for k := range byEnd {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("  %.1f s in jobs ending %s\n", byEnd[k], k)
	}
}

// fields formats a log entry's fields.
func fields(fs []zapcore.Field) string {
	enc := zapcore.NewMapObjectEncoder()
	for _, f := range fs {
		f.AddTo(enc)
	}
	keys := make([]string, 0, len(enc.Fields))
	for k := range enc.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		v := enc.Fields[k]
		if f, ok := v.(float64); ok {
			v = math.Round(f*1000) / 1000
		}
		fmt.Fprintf(&b, "%s=%v ", k, v)
	}
	return b.String()
}
