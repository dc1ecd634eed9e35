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
// on to its end.
func TestLockstepHangRestarts(t *testing.T) {
	robot := fake.New()
	robot.EndAfter(40)
	var hung atomic.Bool
	bs := others()
	bs["explore"] = sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(ctx context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			if o.GetStep() == 3 && !hung.Swap(true) {
				<-ctx.Done() // hangs until the runner gives up
			}
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 2, Right: 2}}, nil
		})
	launches := map[string]*atomic.Int32{"explore": {}}
	cfg := framework.DefaultConfig()
	cfg.HangTimeoutMs = 150
	var wheel []float64
	sum, err := framework.Run(context.Background(), framework.Options{
		Config: cfg, Robot: robot, Launch: behaviors(bs, launches), Lockstep: true, Logger: zap.NewNop(),
		OnStep: func(framework.StepInfo) {
			v, _ := robot.Velocity("wheel1 motor")
			wheel = append(wheel, v)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := sum.Plugins["explore"]
	if p.Hangs != 1 || p.Restarts != 1 || p.Crashes != 0 || p.Misses != 0 || launches["explore"].Load() != 2 {
		t.Fatalf("explore %+v, %d launches: want one hang, one restart", p, launches["explore"].Load())
	}
	if sum.Steps != 39 { // EndAfter(40): the 40th step ends the game
		t.Errorf("game played %d steps, want 39: it goes on after a hang", sum.Steps)
	}
	if wheel[2] != 0 || wheel[len(wheel)-1] != 2 {
		t.Errorf("wheel1 %v: want 0 at the hung step 3, and 2 again at the end", wheel)
	}
}

// TestDroppedStepIsTyped: in real-time mode, a missed step comes back in the
// next Observation as a typed DroppedStep, not as text among the errors.
func TestDroppedStepIsTyped(t *testing.T) {
	robot := fake.New()
	robot.EndAfter(10)
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
			if o.GetStep() == 4 {
				select {
				case <-time.After(300 * time.Millisecond):
				case <-ctx.Done():
				}
			}
			return nil, nil
		})
	cfg := framework.DefaultConfig()
	cfg.DeadlineMs = 100
	sum, err := framework.Run(context.Background(), framework.Options{Config: cfg, Robot: robot, Launch: behaviors(bs, nil)})
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if sum.Mode != framework.ModeRealtime || sum.Plugins["explore"].Misses < 1 {
		t.Fatalf("mode %q, explore %+v: want real-time mode and the miss at step 4", sum.Mode, sum.Plugins["explore"])
	}
	if len(dropped) == 0 || dropped[0].GetStep() != 4 || !strings.Contains(dropped[0].GetReason(), "100 ms deadline") {
		t.Errorf("dropped %v: want step 4 first, for the 100 ms deadline", dropped)
	}
	for _, e := range errs {
		if strings.HasPrefix(e, "dropped:") {
			t.Errorf("the dropped step is also in the errors as text: %q", e)
		}
	}
	if !strings.HasPrefix(sum.BudgetNote, "explore missed its 100 ms deadline in ") {
		t.Errorf("budget note %q", sum.BudgetNote)
	}
}
