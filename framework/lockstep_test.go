package framework_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// others are the default config's plugins other than explore, idle.
func others() map[string]sdk.Behavior {
	return map[string]sdk.Behavior{"report": idle("report", "report"), "victimdetect": idle("victimdetect"), "exit": idle("exit", "exit")}
}

// TestLockstepWaitsForASlowPlugin: in lockstep a plugin slower than the
// deadline still drives its step; the step is counted over budget and the
// summary says so in one sentence.
func TestLockstepWaitsForASlowPlugin(t *testing.T) {
	robot := fake.New()
	robot.EndAfter(12)
	var wheel []float64
	bs := others()
	bs["explore"] = sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			v := 2.0
			if o.GetStep() == 6 {
				time.Sleep(60 * time.Millisecond) // three times the budget
				v = 3
			}
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: v, Right: v}}, nil
		})
	cfg := framework.DefaultConfig()
	cfg.DeadlineMs = 20
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Launch: behaviors(bs, nil), Lockstep: true,
		OnStep: func(framework.StepInfo) {
			v, _ := robot.Velocity("wheel1 motor")
			wheel = append(wheel, v)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := sum.Plugins["explore"]
	if p.Misses != 0 || p.Hangs != 0 || uint64(p.Steps) != sum.Steps {
		t.Fatalf("explore %+v: want all %d steps answered, no miss, no hang", p, sum.Steps)
	}
	// At least step 6 went over; a loaded machine may add others.
	if p.OverBudget < 1 || p.StepMax < 60*time.Millisecond || p.StepP50 > p.StepP99 || p.StepP99 > p.StepMax {
		t.Errorf("explore %+v: want step 6 over budget, max ≥ 60 ms, p50 ≤ p99 ≤ max", p)
	}
	if wheel[5] != 3 {
		t.Errorf("wheel1 at step 6 = %v, want 3: lockstep applies the late answer", wheel[5])
	}
	if sum.Mode != framework.ModeLockstep || sum.BudgetMs != 20 {
		t.Errorf("mode %q budget %d", sum.Mode, sum.BudgetMs)
	}
	// The note names explore; on a loaded machine it may name others too.
	if !strings.Contains(sum.BudgetNote, "explore") || !strings.Contains(sum.BudgetNote, "exceeded its 20 ms budget in ") ||
		!strings.Contains(sum.BudgetNote, fmt.Sprintf(" of %d", sum.Steps)) || !strings.HasSuffix(sum.BudgetNote, ": on Webots those steps get a safe action") {
		t.Errorf("budget note %q", sum.BudgetNote)
	}
}

// TestLockstepHangRestarts: a plugin that does not answer within the hang
// timeout is restarted, the robot holds still meanwhile, and the game goes
// on: it ends 5 steps after explore drives again. A step stalled past the
// 1 s timeout by a loaded machine would be one more hang, not a failure.
func TestLockstepHangRestarts(t *testing.T) {
	const hangAt = 3
	robot := fake.New()
	robot.EndAfter(2000) // the bound if explore never drives again
	var hung atomic.Bool
	bs := others()
	bs["explore"] = sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(ctx context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			if o.GetStep() == hangAt && !hung.Swap(true) {
				<-ctx.Done() // hangs until the runner gives up
			}
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 2, Right: 2}}, nil
		})
	launches := map[string]*atomic.Int32{"explore": {}}
	cfg := framework.DefaultConfig()
	cfg.HangTimeoutMs = 1000
	wheel := map[uint64]float64{}
	var back uint64 // the first step after hangAt that explore drove
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Launch: behaviors(bs, launches), Lockstep: true, Logger: zap.NewNop(),
		OnStep: func(si framework.StepInfo) {
			v, _ := robot.Velocity("wheel1 motor")
			wheel[si.Step] = v
			if back == 0 && si.Step > hangAt && v == 2 {
				back = si.Step
				robot.EndAfter(int(si.Step) + 6)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := sum.Plugins["explore"]
	if p.Hangs < 1 || p.Restarts != p.Hangs || p.Crashes != 0 || p.Misses != 0 || int(launches["explore"].Load()) != 1+p.Hangs {
		t.Fatalf("explore %+v, %d launches: want a hang, a restart and a launch more for each", p, launches["explore"].Load())
	}
	if wheel[hangAt] != 0 {
		t.Errorf("wheel1 %g at the hung step %d: want 0", wheel[hangAt], hangAt)
	}
	if back == 0 || sum.Steps != back+5 {
		t.Errorf("%d steps, explore drove again at step %d: the game must go on after a hang", sum.Steps, back)
	}
}

// TestDroppedStepIsTyped: in real-time mode, a missed step comes back in the
// next Observation as a typed DroppedStep, not as text among the errors.
// Step 4 is answered only once the runner has moved on to step 5, so it is
// always missed; a loaded machine may add other dropped steps.
func TestDroppedStepIsTyped(t *testing.T) {
	const slowAt = 4
	robot := fake.New()
	robot.EndAfter(10)
	release := make(chan struct{})
	robot.OnStep(func(step int, _ *fake.Robot) {
		if step == slowAt+1 {
			close(release)
		}
	})
	var (
		mu      sync.Mutex
		dropped []*pluginpb.DroppedStep
		errs    []string
	)
	bs := others()
	bs["explore"] = sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(ctx context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			mu.Lock()
			dropped = append(dropped, o.GetDropped()...)
			errs = append(errs, o.GetErrors()...)
			mu.Unlock()
			if o.GetStep() == slowAt {
				select {
				case <-release:
				case <-time.After(20 * time.Second): // only a runner that waits gets this far
				}
			}
			return nil, nil
		})
	cfg := framework.DefaultConfig()
	cfg.DeadlineMs, cfg.HangTimeoutMs = 100, 60_000
	cfg.MaxMisses = framework.MaxMaxMisses // misses a loaded machine adds must not restart it
	sum, err := framework.Run(context.Background(), framework.Options{Config: cfg, Robot: robot, Launch: behaviors(bs, nil)})
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if sum.Mode != framework.ModeRealtime || sum.Plugins["explore"].Misses < 1 {
		t.Fatalf("mode %q, explore %+v: want real-time mode and the miss at step %d", sum.Mode, sum.Plugins["explore"], slowAt)
	}
	var at4 *pluginpb.DroppedStep
	for _, d := range dropped {
		if d.GetStep() == slowAt {
			at4 = d
		}
	}
	if at4 == nil || !strings.Contains(at4.GetReason(), "100 ms deadline") {
		t.Errorf("dropped %v: want step %d, for the 100 ms deadline", dropped, slowAt)
	}
	if len(dropped) > sum.Plugins["explore"].Misses { // a miss at the last step is never told
		t.Errorf("%d dropped steps told, %d misses", len(dropped), sum.Plugins["explore"].Misses)
	}
	for _, e := range errs {
		if strings.HasPrefix(e, "dropped:") {
			t.Errorf("the dropped step is also in the errors as text: %q", e)
		}
	}
	// The note names explore; on a loaded machine it may name others too.
	if !strings.Contains(sum.BudgetNote, "explore") || !strings.Contains(sum.BudgetNote, "missed its 100 ms deadline in ") ||
		!strings.HasSuffix(sum.BudgetNote, ": those steps got a safe action") {
		t.Errorf("budget note %q", sum.BudgetNote)
	}
}
