package explore

import (
	"context"
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// TestExploredResent: once explore has found nothing left, it asks for
// "explored" again when the runner reports the Action that carried it
// dropped, and every refireSteps steps while it still drives (the FSM did
// not take it); it used to stand still for good (issue 13: 11 automatic
// relocations after one dropped step).
func TestExploredResent(t *testing.T) {
	e := New().(*Explore)
	ctx := context.Background()
	obs := func(step uint64, dropped ...uint64) *pluginpb.Observation {
		var ds []*pluginpb.DroppedStep
		for _, d := range dropped {
			ds = append(ds, &pluginpb.DroppedStep{Step: d, Reason: "no answer within the 8 ms deadline; the action was not applied"})
		}
		return &pluginpb.Observation{
			Step: step, SimTime: float64(step) * 0.032, Driver: true, State: "explore",
			Gps: &pluginpb.Vec3{X: 0.1, Z: 0.2}, InertialUnit: &pluginpb.InertialUnit{},
			WheelPositions: &pluginpb.WheelPositions{}, Dropped: ds,
		}
	}
	if _, err := e.Step(ctx, obs(1)); err != nil {
		t.Fatal(err)
	}
	e.scanDone, e.explored, e.exploredStep = true, true, 10
	cases := []struct {
		step uint64
		drop []uint64
		want bool
	}{
		{11, nil, false},
		{12, []uint64{10}, true},      // the Action of step 10 was dropped
		{13, nil, false},              // sent again at 12
		{12 + refireSteps, nil, true}, // still driving: not taken
		{13 + refireSteps, nil, false},
	}
	for _, c := range cases {
		act, err := e.Step(ctx, obs(c.step, c.drop...))
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(act.GetEvents(), EventExplored); got != c.want {
			t.Errorf("step %d (errors %v): explored requested %v, want %v", c.step, c.drop, got, c.want)
		}
	}
}
