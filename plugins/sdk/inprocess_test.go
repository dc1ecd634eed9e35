package sdk_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

type configurable struct {
	sdk.Behavior
	got sdk.Config
}

func (c *configurable) Configure(_ context.Context, cfg sdk.Config) error { c.got = cfg; return nil }

func TestInProcess(t *testing.T) {
	desc := sdk.Description{Name: "t", States: []string{"explore"}, Params: map[string]sdk.Param{"speed": {Default: "3"}}}
	release := make(chan struct{})
	b := &configurable{Behavior: sdk.New(desc, func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
		switch o.GetState() {
		case "panic":
			panic("boom")
		case "sleep":
			// The behavior's ctx is its Step stream's, as in a plugin
			// process: the step outlives the caller's deadline on its own,
			// until the test has seen the deadline (whatever the load).
			<-release
		case "fail":
			return nil, errors.New("bad step")
		}
		return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 1}}, nil
	})}
	c := sdk.NewInProcess(b)
	ctx := context.Background()
	if err := c.Configure(ctx, map[string]string{"sped": "1"}, 7); err == nil || !strings.Contains(err.Error(), "sped") {
		t.Fatalf("unknown parameter accepted: %v", err)
	}
	if err := c.Configure(ctx, nil, 7); err != nil || b.got.Params["speed"] != "3" || b.got.Seed != 7 {
		t.Fatalf("defaults: %v %+v", err, b.got)
	}
	act, err := c.Step(ctx, &pluginpb.Observation{Step: 4})
	if err != nil || act.GetStep() != 4 || act.GetWheels().GetLeft() != 1 {
		t.Fatalf("step: %v %v", act, err)
	}
	if act, err := c.Step(ctx, &pluginpb.Observation{Step: 5, State: "fail"}); err != nil || act.GetError() != "bad step" {
		t.Fatalf("a behavior error is reported in the Action: %v %v", act, err)
	}
	dctx, cancel := context.WithTimeout(ctx, 5*time.Millisecond)
	defer cancel()
	if _, err := c.Step(dctx, &pluginpb.Observation{Step: 6, State: "sleep"}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("deadline: %v", err)
	}
	close(release)
	_, err = c.Step(ctx, &pluginpb.Observation{Step: 7, State: "panic"})
	if err == nil || !c.Exited() {
		t.Fatalf("panic: err %v exited %v", err, c.Exited())
	}
	if pe := (*sdk.PanicError)(nil); !errors.As(err, &pe) || pe.Value != "boom" || !strings.Contains(string(pe.Stack), "goroutine") {
		t.Errorf("the crash %v does not carry the panic and its stack", err)
	}
	if _, err := c.Step(ctx, &pluginpb.Observation{Step: 8}); err == nil {
		t.Fatal("a crashed plugin answered")
	}
	if err := c.Configure(ctx, nil, 7); err == nil {
		t.Error("a crashed plugin took a Configure")
	}
}

func ExampleNewInProcess() {
	c := sdk.NewInProcess(sdk.New(sdk.Description{Name: "spin", States: []string{"explore"}},
		func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 2, Right: -2}}, nil
		}))
	act, _ := c.Step(context.Background(), &pluginpb.Observation{Step: 1, Driver: true})
	fmt.Println(act.GetWheels().GetLeft(), act.GetWheels().GetRight())
	// Output: 2 -2
}

// TestStepsNeverOverlap: a Step that outlives its deadline keeps running; the
// next Step waits for it rather than running the behavior concurrently, and
// the messages of an Observation that could not be handed over reach the
// behavior with the next one.
func TestStepsNeverOverlap(t *testing.T) {
	var running, overlaps int32
	var inboxSeen int
	release := make(chan struct{})
	b := sdk.New(sdk.Description{Name: "slow", States: []string{"explore"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			if atomic.AddInt32(&running, 1) > 1 {
				atomic.AddInt32(&overlaps, 1)
			}
			defer atomic.AddInt32(&running, -1)
			if o.GetStep() == 1 {
				<-release
			}
			inboxSeen += len(o.GetInbox())
			return nil, nil
		})
	c := sdk.NewInProcess(b)
	short := func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), 5*time.Millisecond)
	}
	lop := []*pluginpb.Inbound{{Kind: &pluginpb.Inbound_LackOfProgress{LackOfProgress: &pluginpb.LackOfProgress{}}}}
	ctx, cancel := short()
	if _, err := c.Step(ctx, &pluginpb.Observation{Step: 1}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("step 1: %v", err)
	}
	cancel()
	ctx, cancel = short()
	if _, err := c.Step(ctx, &pluginpb.Observation{Step: 2, Inbox: lop}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("step 2 must wait for step 1 and miss: %v", err)
	}
	cancel()
	close(release)
	if _, err := c.Step(context.Background(), &pluginpb.Observation{Step: 3}); err != nil {
		t.Fatal(err)
	}
	if overlaps != 0 {
		t.Errorf("%d overlapping Steps", overlaps)
	}
	if inboxSeen != 1 {
		t.Errorf("the lack-of-progress notice of step 2 reached the behavior %d times, want once", inboxSeen)
	}
}

// TestStepOwnsItsObservation: a Step that outlives its deadline reads its
// own copy of the Observation, not the runner's buffers, which the runner
// reuses for the next step (as a plugin process has its own decoded copy).
func TestStepOwnsItsObservation(t *testing.T) {
	mutated := make(chan struct{})
	seen := make(chan string, 1)
	b := sdk.New(sdk.Description{Name: "t", States: []string{"explore"}}, func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
		<-mutated // the caller gave up at its deadline, moved on and reused its buffers
		seen <- fmt.Sprintf("%s %d", o.GetBlackboard()["map"], o.GetCameras()[0].GetBgra()[0])
		return nil, nil
	})
	c := sdk.NewInProcess(b)
	obs := &pluginpb.Observation{Step: 1, State: "explore",
		Blackboard: map[string][]byte{"map": []byte("old")},
		Cameras:    []*pluginpb.CameraFrame{{Name: "camera_centre", Bgra: []byte{7, 7, 7, 7}}}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := c.Step(ctx, obs); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Step = %v, want the deadline", err)
	}
	obs.Blackboard["map"] = []byte("new")
	obs.Cameras[0].Bgra[0] = 9
	close(mutated)
	if got := <-seen; got != "old 7" {
		t.Errorf("the late Step saw %q, want its own copy %q", got, "old 7")
	}
}

// TestInProcessBadInput: a nil Behavior or an invalid Description gives an
// error from every method, never a panic.
func TestInProcessBadInput(t *testing.T) {
	for name, b := range map[string]sdk.Behavior{
		"nil":          nil,
		"invalid name": sdk.New(sdk.Description{Name: "bad name!", States: []string{"explore"}}, nil),
	} {
		t.Run(name, func(t *testing.T) {
			c := sdk.NewInProcess(b)
			ctx := context.Background()
			if _, err := c.Describe(ctx); err == nil {
				t.Error("Describe: no error")
			}
			if err := c.Configure(ctx, nil, 1); err == nil {
				t.Error("Configure: no error")
			}
			if _, err := c.Step(ctx, &pluginpb.Observation{Step: 1}); err == nil {
				t.Error("Step: no error")
			}
			if !c.Exited() {
				t.Error("not Exited")
			}
			c.Kill()
		})
	}
}

// TestInProcessKill: Kill ends the service's goroutines and later Steps
// fail.
func TestInProcessKill(t *testing.T) {
	c := sdk.NewInProcess(sdk.New(sdk.Description{Name: "t", States: []string{"explore"}}, nil))
	if _, err := c.Step(context.Background(), &pluginpb.Observation{Step: 1}); err != nil {
		t.Fatal(err)
	}
	c.Kill()
	c.Kill() // idempotent
	if _, err := c.Step(context.Background(), &pluginpb.Observation{Step: 2}); err == nil || !c.Exited() {
		t.Errorf("a killed plugin answered: %v", err)
	}
}
