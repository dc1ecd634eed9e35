package framework_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// TestGateQueueWatcherFlood: a watcher asks for game info 100 times a step
// (the flood); the driver asks once at step 5, then sends 'E'. The
// driver's messages go out first, the step after they were sent; the
// watcher's flood is refused beyond its queue (queue-full), and no message
// counts as after-exit before 'E' went out.
func TestGateQueueWatcherFlood(t *testing.T) {
	const flood = 100
	exitPkt, err := comms.Encode(comms.Exit)
	if err != nil {
		t.Fatal(err)
	}
	gPkt, _ := comms.Encode(comms.GameInfoRequest)
	explore := sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
		func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
			a := &pluginpb.Action{Wheels: &pluginpb.Wheels{}}
			if o.GetStep() == 5 {
				a.Outbound = []*pluginpb.Outbound{
					{Kind: &pluginpb.Outbound_GameInfoRequest{GameInfoRequest: &pluginpb.GameInfoRequest{}}},
					{Kind: &pluginpb.Outbound_Exit{Exit: &pluginpb.Exit{}}},
				}
			}
			return a, nil
		})
	watcher := sdk.New(sdk.Description{Name: "victimdetect", Watcher: true},
		func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
			a := &pluginpb.Action{}
			for range flood {
				a.Outbound = append(a.Outbound, &pluginpb.Outbound{Kind: &pluginpb.Outbound_GameInfoRequest{GameInfoRequest: &pluginpb.GameInfoRequest{}}})
			}
			return a, nil
		})
	robot := fake.New()
	const steps = 40
	robot.EndAfter(steps)
	sum, logs := run(t, robot, map[string]sdk.Behavior{
		"explore": explore, "victimdetect": watcher, "report": idle("report", "report"), "exit": idle("exit", "exit"),
	}, nil)
	pkts := robot.SentPackets()
	var exitAt, driverG = -1, -1
	for i, p := range pkts {
		if bytes.Equal(p.Data, exitPkt) {
			exitAt = i
		}
		if bytes.Equal(p.Data, gPkt) && p.Step >= 5 && driverG < 0 {
			driverG = i
		}
	}
	// The watcher's requests of steps 1-4 went out at steps 1-4; at step 5
	// the driver's 'G' and 'E' come next, one packet a step.
	if exitAt < 0 || pkts[exitAt].Step > 7 || exitAt != driverG+1 {
		t.Fatalf("'E' sent as packet %d (at step %d), the driver's 'G' as packet %d, want right after; %d packets", exitAt, pkts[max(exitAt, 0)].Step, driverG, len(pkts))
	}
	if n := sum.CommsRefusals[framework.RuleQueueFull]; n < (steps-10)*flood/2 {
		t.Errorf("%d queue-full refusals: the flood was not bounded", n)
	}
	afterExit := 0
	for _, e := range logs.FilterMessage("refused").All() {
		why, _ := e.ContextMap()["why"].(string)
		if !strings.Contains(why, "rule "+comms.RuleAfterExit) {
			continue
		}
		afterExit++
		if step := e.ContextMap()["step"].(uint64); int(step) < pkts[exitAt].Step {
			t.Fatalf("after-exit refusal at step %d, before 'E' was sent (step %d): %s", step, pkts[exitAt].Step, why)
		}
	}
	if afterExit == 0 || afterExit != sum.CommsRefusals[comms.RuleAfterExit] {
		t.Errorf("%d after-exit refusals logged, %d counted", afterExit, sum.CommsRefusals[comms.RuleAfterExit])
	}
	if sum.PacketsSent != len(pkts) || exitAt != len(pkts)-1 {
		t.Errorf("%d packets counted, %d sent, 'E' is packet %d: nothing may follow 'E'", sum.PacketsSent, len(pkts), exitAt)
	}
}
