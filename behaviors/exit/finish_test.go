package exit

import (
	"context"
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/signs"
)

// TestTimeLowLetsReportFinish: time_low falls due while report drives with
// its sign beside the robot (R8 and R2D2__7_ of shared/more-worlds lost a
// sign 0.057 m and 0.069 m away that way). exit waits for the report, at
// most finishS, and only while half of margin_s is still in hand; a sign
// farther away, or the explore state, does not hold it back.
func TestTimeLowLetsReportFinish(t *testing.T) {
	cases := []struct {
		name   string
		state  string
		sign   geom.Vec2 // report's sign; the robot stands at (0.3, 0)
		noSign bool
		left   int32 // game seconds left in the 'G' reply (17: due at once, the robot on its start)
		// want: the time_low comes about this many seconds after it fell due
		// (the reply), within a step or two.
		wantAfter float64
	}{
		{"report beside its sign", "report", geom.Vec2{X: 0.35}, false, 17, finishS},
		{"report, sign within the last of an approach", "report", geom.Vec2{X: 0.3 + finishNear - 0.005}, false, 17, finishS},
		{"report, sign far", "report", geom.Vec2{X: 0.6}, false, 17, 0},
		{"report, no candidate", "report", geom.Vec2{}, true, 17, 0},
		{"explore beside a sign", "explore", geom.Vec2{X: 0.35}, false, 17, 0},
		{"report, less than half the margin in hand", "report", geom.Vec2{X: 0.35}, false, 10, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := New()
			ctx := context.Background()
			bb := map[string][]byte{}
			if !c.noSign {
				bb[signs.KeyCandidate] = signs.List{{ID: 7, Letter: 'H', Status: signs.Raised, Views: 3, Pos: c.sign, Normal: geom.Vec2{X: -1}}}.Encode()
			}
			const replyStep = 10
			firedAt := uint64(0)
			for i := uint64(1); i <= 400 && firedAt == 0; i++ {
				obs := &pluginpb.Observation{Step: i, SimTime: 0.032 * float64(i), State: c.state,
					Gps: &pluginpb.Vec3{X: 0.3}, WheelPositions: &pluginpb.WheelPositions{}, Blackboard: bb}
				if i == replyStep {
					obs.Inbox = []*pluginpb.Inbound{{Kind: &pluginpb.Inbound_GameInfo{GameInfo: &pluginpb.GameInfo{GameSecondsLeft: c.left, RealSecondsLeft: c.left + 100}}}}
				}
				act, err := x.Step(ctx, obs)
				if err != nil {
					t.Fatal(err)
				}
				if slices.Contains(act.GetEvents(), EventTimeLow) {
					firedAt = i
				}
			}
			if firedAt == 0 {
				t.Fatal("time_low never fired")
			}
			after := float64(firedAt-replyStep) * 0.032
			if after < c.wantAfter-0.07 || after > c.wantAfter+0.07 {
				t.Errorf("time_low came %.3f s after it fell due, want %.3f s", after, c.wantAfter)
			}
		})
	}
}
