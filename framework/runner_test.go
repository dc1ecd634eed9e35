package framework_test

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// behaviors builds a launcher over in-process behaviors, counting launches.
func behaviors(bs map[string]sdk.Behavior, launches map[string]*atomic.Int32) framework.Launcher {
	return func(_ context.Context, name string, _ framework.PluginConfig) (framework.PluginConn, error) {
		b, ok := bs[name]
		if !ok {
			return nil, errors.New("no such behavior " + name)
		}
		if c := launches[name]; c != nil {
			c.Add(1)
		}
		return sdk.NewInProcess(b), nil
	}
}

func idle(name string, states ...string) sdk.Behavior {
	return sdk.New(sdk.Description{Name: name, States: states, Watcher: len(states) == 0},
		func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) { return nil, nil })
}

func run(t *testing.T, robot *fake.Robot, bs map[string]sdk.Behavior, launches map[string]*atomic.Int32) (framework.Summary, *observer.ObservedLogs) {
	t.Helper()
	core, logs := observer.New(zap.DebugLevel)
	// Lockstep: these tests count steps and answers, which a loaded machine
	// must not change.
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: framework.DefaultConfig(), Robot: robot, Launch: behaviors(bs, launches), Logger: zap.New(core), Lockstep: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return sum, logs
}

// TestRunNormalGame plays a short scripted game: explore drives forward and
// sees a victim; report stops, waits until the runner says the robot stood
// still long enough, reports, and hands back; the report reaches the radio
// as the 9 bytes Erebus expects.
func TestRunNormalGame(t *testing.T) {
	robot := fake.New()
	robot.EndAfter(200)
	var reportedAt atomic.Uint64
	explore := sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			a := &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 3, Right: 3}}
			if o.GetStep() == 10 {
				a.Events = []string{"victim_seen"}
			}
			return a, nil
		})
	report := sdk.New(sdk.Description{Name: "report", States: []string{"report"}, BlackboardWrites: []string{"reported"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			if !o.GetDriver() {
				return nil, nil
			}
			a := &pluginpb.Action{Wheels: &pluginpb.Wheels{}}
			if o.GetStillSeconds() >= 1.2 && reportedAt.Load() == 0 {
				reportedAt.Store(o.GetStep())
				a.Outbound = []*pluginpb.Outbound{{Kind: &pluginpb.Outbound_Report{Report: &pluginpb.Report{XCm: 12, ZCm: -30, Type: "H"}}}}
				a.Events = []string{"reported"}
				a.Blackboard = map[string][]byte{"reported": []byte("H@12,-30")}
			}
			return a, nil
		})
	sum, _ := run(t, robot, map[string]sdk.Behavior{
		"explore": explore, "report": report, "victimdetect": idle("victimdetect"), "exit": idle("exit", "exit"),
	}, nil)

	if sum.EndReason != "simulation ended" || sum.Steps != 199 {
		t.Errorf("end %q after %d steps, want simulation ended after 199", sum.EndReason, sum.Steps)
	}
	if sum.Transitions["explore->report"] != 1 || sum.Transitions["report->explore"] != 1 {
		t.Errorf("transitions %v", sum.Transitions)
	}
	// 1.2 s of stillness at 32 ms a step needs 38 still steps after the stop.
	if at := reportedAt.Load(); at < 10+38 {
		t.Errorf("reported at step %d: too early for 1.2 s of stillness after step 10", at)
	}
	want, _ := comms.Encode(comms.Report{X: 12, Z: -30, Type: 'H'})
	sent := robot.Sent()
	if len(sent) != 1 || string(sent[0]) != string(want) {
		t.Fatalf("sent %x, want exactly the report %x", sent, want)
	}
	if v, _ := robot.Velocity("wheel1 motor"); v != 3 {
		t.Errorf("after the hand-back explore drives again: wheel1 %g, want 3", v)
	}
	if p := sum.Plugins["report"]; p.Misses+p.Crashes+p.Errors != 0 || p.Steps != 199 {
		t.Errorf("report stats %+v", p)
	}
}

// TestRunRestartsCrashedPlugin: in real-time mode a plugin that panics is
// restarted in the background while the game goes on, and drives again once
// the restart is adopted. How many steps that takes depends on the machine,
// so the game ends 20 steps after explore's first answer after its restart.
func TestRunRestartsCrashedPlugin(t *testing.T) {
	const crashAt = 5
	// A fake step takes no time: pace it as a control step would, so that
	// a background restart is not a race against a game of no wall time.
	robot := fake.New()
	robot.OnStep(func(int, *fake.Robot) { time.Sleep(5 * time.Millisecond) })
	robot.EndAfter(6000) // 30 s: the bound if explore never drives again
	var calls atomic.Int32
	explore := sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
			if calls.Add(1) == crashAt {
				panic("boom")
			}
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 1, Right: 1}}, nil
		})
	launches := map[string]*atomic.Int32{"explore": {}}
	core, logs := observer.New(zap.DebugLevel)
	cfg := framework.DefaultConfig()
	cfg.DeadlineMs = 500
	cfg.MaxMisses = framework.MaxMaxMisses // misses a loaded machine adds must not restart it
	var back uint64                        // the first step explore drove after the crash
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Logger: zap.New(core),
		Launch: behaviors(map[string]sdk.Behavior{
			"explore": explore, "report": idle("report", "report"), "victimdetect": idle("victimdetect"), "exit": idle("exit", "exit"),
		}, launches),
		OnStep: func(si framework.StepInfo) {
			if v, _ := robot.Velocity("wheel1 motor"); back == 0 && calls.Load() > crashAt && v == 1 {
				back = si.Step
				robot.EndAfter(int(si.Step) + 21)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := sum.Plugins["explore"]
	if p.Crashes != 1 || p.Restarts != 1 || launches["explore"].Load() != 2 {
		t.Fatalf("crashes %d restarts %d launches %d, want 1, 1, 2", p.Crashes, p.Restarts, launches["explore"].Load())
	}
	if back == 0 || sum.Steps != back+20 || sum.EndReason != "simulation ended" {
		t.Errorf("%d steps, ended %q, explore drove again at step %d: want the game to go on after the crash", sum.Steps, sum.EndReason, back)
	}
	if logs.FilterMessage("plugin crashed").Len() != 1 || logs.FilterMessage("plugin restarted").Len() != 1 {
		t.Error("crash and restart must be logged")
	}
	for _, e := range logs.FilterMessage("plugin crashed").All() {
		if _, ok := e.ContextMap()["step"]; !ok {
			t.Error("loop log lines carry the step")
		}
	}
}

// TestRunDeadlineMissGivesSafeAction: in real-time mode the driver's answer
// to step 6 comes only once the runner, past its deadline, has moved on to
// step 7 (a behavior's ctx is its Step stream's, not the step's: it does not
// end at the deadline), so step 6 is always missed. A loaded machine can add
// misses at other steps, so the test asserts what holds at every step: the
// wheels are stopped (the safe action) exactly at the steps the runner
// logged as missed, and the game goes on.
func TestRunDeadlineMissGivesSafeAction(t *testing.T) {
	const slowAt = 6
	robot := fake.New()
	robot.EndAfter(2000) // the bound if explore never answers in time again
	release := make(chan struct{})
	robot.OnStep(func(step int, _ *fake.Robot) {
		if step == slowAt+1 {
			close(release)
		}
	})
	explore := sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			if o.GetStep() == slowAt {
				select {
				case <-release:
				case <-time.After(20 * time.Second):
					// Only a runner that waits for the answer gets this
					// far (the hang timeout is longer): wheels it can tell.
					return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 3, Right: 3}}, nil
				}
			}
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 2, Right: 2}}, nil
		})
	core, logs := observer.New(zap.InfoLevel)
	cfg := framework.DefaultConfig()
	cfg.DeadlineMs, cfg.HangTimeoutMs = 100, 60_000
	cfg.MaxMisses = framework.MaxMaxMisses // misses a loaded machine adds must not restart it
	wheel := map[uint64]float64{}
	var back uint64 // the first step after slowAt that explore drove
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Logger: zap.New(core),
		Launch: behaviors(map[string]sdk.Behavior{
			"explore": explore, "report": idle("report", "report"), "victimdetect": idle("victimdetect"), "exit": idle("exit", "exit"),
		}, nil),
		OnStep: func(si framework.StepInfo) {
			v, _ := robot.Velocity("wheel1 motor")
			wheel[si.Step] = v
			if back == 0 && si.Step > slowAt && v == 2 {
				back = si.Step
				robot.EndAfter(int(si.Step) + 6)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	missed := map[uint64]bool{}
	for _, e := range logs.FilterMessage("plugin missed its deadline: safe action").All() {
		if step, ok := e.ContextMap()["step"].(uint64); ok && e.ContextMap()["plugin"] == "explore" {
			missed[step] = true
		}
	}
	if p := sum.Plugins["explore"]; !missed[slowAt] || p.Misses != len(missed) || p.Restarts+p.Crashes != 0 {
		t.Fatalf("explore %+v, missed steps %v: want step %d missed, each miss logged, no restart", p, missed, slowAt)
	}
	if back == 0 || sum.Steps != back+5 {
		t.Fatalf("%d steps, explore drove again at step %d: want the game to go on", sum.Steps, back)
	}
	for step := uint64(1); step <= sum.Steps; step++ {
		if want := map[bool]float64{true: 0, false: 2}[missed[step]]; wheel[step] != want {
			t.Errorf("step %d (missed %v): wheel1 %g, want %g", step, missed[step], wheel[step], want)
		}
	}
}

func TestRunRefusals(t *testing.T) {
	robot := fake.New()
	robot.EndAfter(5)
	watcher := sdk.New(sdk.Description{Name: "victimdetect", Watcher: true},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			if o.GetStep() == 1 {
				return &pluginpb.Action{
					Outbound:   []*pluginpb.Outbound{{Kind: &pluginpb.Outbound_Exit{Exit: &pluginpb.Exit{}}}},
					Events:     []string{"reported"},
					Blackboard: map[string][]byte{"map": []byte("x")},
				}, nil
			}
			if o.GetStep() == 2 && len(o.GetErrors()) != 3 {
				return nil, errors.New("want three errors: " + strings.Join(o.GetErrors(), " | "))
			}
			return nil, nil
		})
	explore := sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			if o.GetStep() == 1 { // a report while moving: the gate refuses it
				return &pluginpb.Action{Outbound: []*pluginpb.Outbound{{Kind: &pluginpb.Outbound_Report{Report: &pluginpb.Report{Type: "H"}}}}}, nil
			}
			return nil, nil
		})
	sum, logs := run(t, robot, map[string]sdk.Behavior{
		"explore": explore, "report": idle("report", "report"), "victimdetect": watcher, "exit": idle("exit", "exit"),
	}, nil)
	if sum.Plugins["victimdetect"].Errors != 0 {
		t.Errorf("the watcher did not see its three errors: %v", logs.FilterMessage("plugin step failed").All())
	}
	if sum.CommsRefusals[comms.RuleNotStill] != 1 {
		t.Errorf("refusals %v: want one not-still", sum.CommsRefusals)
	}
	if sum.EventsRejected != 1 || len(robot.Sent()) != 0 {
		t.Errorf("events rejected %d, sent %d", sum.EventsRejected, len(robot.Sent()))
	}
}

func TestRunLackOfProgressFromSupervisor(t *testing.T) {
	robot := fake.New()
	robot.EndAfter(30)
	robot.OnStep(func(step int, r *fake.Robot) {
		if step == 10 {
			r.Inject([]byte{'L'})
		}
	})
	var sawLoP atomic.Bool
	explore := sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			for _, in := range o.GetInbox() {
				if in.GetLackOfProgress() != nil {
					sawLoP.Store(true)
				}
			}
			return &pluginpb.Action{Events: []string{"victim_seen"}}, nil
		})
	sum, _ := run(t, robot, map[string]sdk.Behavior{
		"explore": explore, "report": idle("report", "report"), "victimdetect": idle("victimdetect"), "exit": idle("exit", "exit"),
	}, nil)
	if !sawLoP.Load() || sum.LackOfProgress != 1 {
		t.Fatalf("LoP seen %v, counted %d", sawLoP.Load(), sum.LackOfProgress)
	}
	if sum.Transitions["report->explore"] != 1 {
		t.Errorf("lack_of_progress should bring report back to explore: %v", sum.Transitions)
	}
}

func TestRunRejectsInvalidConfig(t *testing.T) {
	cfg := framework.DefaultConfig()
	cfg.FSM.Events = append(cfg.FSM.Events, framework.EventDesc{Name: "panic", From: []string{"explore"}, To: "hide"})
	_, err := framework.Run(context.Background(), framework.Options{Config: cfg, Robot: fake.New(), Launch: behaviors(nil, nil)})
	if !errors.Is(err, framework.ErrConfig) || !strings.Contains(err.Error(), `unknown state "hide"`) {
		t.Fatalf("error %v: want ErrConfig naming state hide", err)
	}
}

// TestRunLeavesNoGoroutines plays short games, one whose plugins all start
// and one whose last plugin fails to start, and checks that Run's step
// workers are gone when it returns.
func TestRunLeavesNoGoroutines(t *testing.T) {
	all := map[string]sdk.Behavior{
		"explore": idle("explore", "explore"), "victimdetect": idle("victimdetect"),
		"report": idle("report", "report"), "exit": idle("exit", "exit"),
	}
	missing := map[string]sdk.Behavior{"explore": all["explore"], "victimdetect": all["victimdetect"], "report": all["report"]}
	for _, c := range []struct {
		name    string
		bs      map[string]sdk.Behavior
		wantErr bool
	}{{"whole game", all, false}, {"a plugin fails to start", missing, true}} {
		t.Run(c.name, func(t *testing.T) {
			before := runtime.NumGoroutine()
			robot := fake.New()
			robot.EndAfter(50)
			_, err := framework.Run(context.Background(), framework.Options{Config: framework.DefaultConfig(), Robot: robot, Launch: behaviors(c.bs, nil), Lockstep: true})
			if (err != nil) != c.wantErr {
				t.Fatalf("Run error %v, want an error: %v", err, c.wantErr)
			}
			// Exited goroutines leave the count a moment later (10 s: a
			// loaded machine may take a while to run them to their end).
			n := runtime.NumGoroutine()
			for i := 0; i < 2000 && n > before; i++ {
				time.Sleep(5 * time.Millisecond)
				n = runtime.NumGoroutine()
			}
			if n > before {
				t.Errorf("%d goroutines after Run, %d before", n, before)
			}
		})
	}
}

// TestEveryNSteps checks the Observation rates: a watcher with
// EveryNSteps 3 gets steps 3, 6, …; report (EveryNSteps 4) gets every 4th
// step while explore drives and every step while it drives itself, from
// victim_seen at step 10 until it hands back at step 20.
func TestEveryNSteps(t *testing.T) {
	robot := fake.New()
	robot.EndAfter(41) // steps 1..40
	seen := map[string][]uint64{}
	var mu sync.Mutex
	record := func(name string, o *pluginpb.Observation) {
		mu.Lock()
		seen[name] = append(seen[name], o.GetStep())
		mu.Unlock()
	}
	explore := sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			if o.GetStep() == 10 {
				return &pluginpb.Action{Events: []string{"victim_seen"}}, nil
			}
			return nil, nil
		})
	report := sdk.New(sdk.Description{Name: "report", States: []string{"report"}, EveryNSteps: 4},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			record("report", o)
			if o.GetDriver() && o.GetStep() == 20 {
				return &pluginpb.Action{Events: []string{"reported"}}, nil
			}
			return nil, nil
		})
	watcher := sdk.New(sdk.Description{Name: "victimdetect", Watcher: true, EveryNSteps: 3},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			record("victimdetect", o)
			return nil, nil
		})
	run(t, robot, map[string]sdk.Behavior{"explore": explore, "report": report, "victimdetect": watcher, "exit": idle("exit", "exit")}, nil)

	var wantWatcher, wantReport []uint64
	for s := uint64(1); s <= 40; s++ {
		if s%3 == 0 {
			wantWatcher = append(wantWatcher, s)
		}
		if s%4 == 0 || (s >= 11 && s <= 20) { // report drives from step 11 to step 20
			wantReport = append(wantReport, s)
		}
	}
	if !slices.Equal(seen["victimdetect"], wantWatcher) {
		t.Errorf("watcher got steps %v, want %v", seen["victimdetect"], wantWatcher)
	}
	if !slices.Equal(seen["report"], wantReport) {
		t.Errorf("report got steps %v, want %v", seen["report"], wantReport)
	}
}
