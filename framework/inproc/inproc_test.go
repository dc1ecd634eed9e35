package inproc_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/framework/inproc"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

type configurable struct {
	sdk.Behavior
	got sdk.Config
}

func (c *configurable) Configure(_ context.Context, cfg sdk.Config) error { c.got = cfg; return nil }

func TestConn(t *testing.T) {
	desc := sdk.Description{Name: "t", States: []string{"explore"}, Params: map[string]sdk.Param{"speed": {Default: "3"}}}
	b := &configurable{Behavior: sdk.New(desc, func(ctx context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
		switch o.GetState() {
		case "panic":
			panic("boom")
		case "sleep":
			<-ctx.Done()
			time.Sleep(10 * time.Millisecond)
		case "fail":
			return nil, errors.New("bad step")
		}
		return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 1}}, nil
	})}
	c := inproc.New(b)
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
	if _, err := c.Step(ctx, &pluginpb.Observation{Step: 7, State: "panic"}); err == nil || !c.Exited() {
		t.Fatalf("panic: err %v exited %v", err, c.Exited())
	}
	if _, err := c.Step(ctx, &pluginpb.Observation{Step: 8}); err == nil {
		t.Fatal("a crashed plugin answered")
	}
}

func ExampleNew() {
	c := inproc.New(sdk.New(sdk.Description{Name: "spin", States: []string{"explore"}},
		func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 2, Right: -2}}, nil
		}))
	act, _ := c.Step(context.Background(), &pluginpb.Observation{Step: 1, Driver: true})
	fmt.Println(act.GetWheels().GetLeft(), act.GetWheels().GetRight())
	// Output: 2 -2
}
