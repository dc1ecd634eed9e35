package exit

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
	"github.com/rescuekit/rescuekit/sim/world"
)

func TestDescribeAndConfigure(t *testing.T) {
	x := New().(*Exit)
	d := x.Describe()
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.States, []string{"exit"}) || !slices.Contains(d.BlackboardReads, nav.KeyMap) {
		t.Errorf("description %+v: want state exit, reading the map", d)
	}
	cases := []struct {
		name    string
		params  map[string]string
		wantErr bool
	}{
		{"defaults", nil, false},
		{"cautious", map[string]string{"margin_s": "30", "factor": "1.5"}, false},
		{"unknown", map[string]string{"hurry": "1"}, true},
		{"factor below 1", map[string]string{"factor": "0.5"}, true},
		{"not a number", map[string]string{"speed_mps": "fast"}, true},
		{"nan", map[string]string{"margin_s": "NaN"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := x.Configure(context.Background(), sdk.Config{Params: c.params})
			if (err != nil) != c.wantErr {
				t.Errorf("Configure(%v) = %v, want error %v", c.params, err, c.wantErr)
			}
		})
	}
}

// TestTimeLow feeds a watcher exit a 'G' reply with little time left and
// checks that it fires time_low, once.
func TestTimeLow(t *testing.T) {
	cases := []struct {
		name     string
		left     int32
		wantFire bool
	}{
		{"plenty of time", 400, false},
		{"little time", 20, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := New()
			ctx := context.Background()
			fired := 0
			for i := 1; i <= 200; i++ {
				// The robot drives 0.6 m away along −Z, straight.
				z := -0.003 * float64(i)
				obs := &pluginpb.Observation{Step: uint64(i), SimTime: 0.032 * float64(i), State: "explore",
					Gps:            &pluginpb.Vec3{Z: z},
					WheelPositions: &pluginpb.WheelPositions{Left: -z / 0.02, Right: -z / 0.02}}
				if i == 150 {
					obs.Inbox = []*pluginpb.Inbound{{Kind: &pluginpb.Inbound_GameInfo{GameInfo: &pluginpb.GameInfo{GameSecondsLeft: c.left, RealSecondsLeft: c.left + 100}}}}
				}
				act, err := x.Step(ctx, obs)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range act.GetEvents() {
					if e == EventTimeLow {
						fired++
					}
				}
			}
			if (fired > 0) != c.wantFire || fired > 1 {
				t.Errorf("time_low fired %d times, want fire=%v (once)", fired, c.wantFire)
			}
		})
	}
}

// TestTimeLowResent: the Action that fired time_low was dropped; exit fires
// it again at once, and again every refireS while the FSM stays in explore.
// It also fires while the start yaw is still unknown (a robot that never
// learnt it used to stay in explore until the game time ran out, with no
// map sent: four worlds of shared/more-worlds at 0).
func TestTimeLowResent(t *testing.T) {
	x := New()
	ctx := context.Background()
	var firedAt []uint64
	for i := uint64(1); i <= 400; i++ {
		// Standing still: the yaw is never learnt.
		obs := &pluginpb.Observation{Step: i, SimTime: 0.032 * float64(i), State: "explore",
			Gps: &pluginpb.Vec3{X: 0.3}, WheelPositions: &pluginpb.WheelPositions{}}
		if i == 10 {
			obs.Inbox = []*pluginpb.Inbound{{Kind: &pluginpb.Inbound_GameInfo{GameInfo: &pluginpb.GameInfo{GameSecondsLeft: 15, RealSecondsLeft: 100}}}}
		}
		if len(firedAt) == 1 && i == firedAt[0]+1 {
			obs.Dropped = []*pluginpb.DroppedStep{{Step: firedAt[0], Reason: "no answer within the 8 ms deadline; the action was not applied"}}
		}
		act, err := x.Step(ctx, obs)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(act.GetEvents(), EventTimeLow) {
			firedAt = append(firedAt, i)
		}
	}
	// 400 steps of 32 ms: fired, resent after the drop, then every 5 s.
	if len(firedAt) < 3 || firedAt[1] != firedAt[0]+1 || float64(firedAt[2]-firedAt[1])*0.032 < refireS-0.04 {
		t.Errorf("time_low fired at steps %v, want once, again right after the drop, then every %v s", firedAt, refireS)
	}
}

// BenchmarkStep replays the exit behavior's Observations of a whole game on
// world1 (noise on) and reports the per-step percentiles.
func BenchmarkStep(b *testing.B) {
	w, err := world.Load(filepath.Join(sharedtest.Dir(b), "erebus", "worlds", "world1.wbt"))
	if err != nil {
		b.Fatal(err)
	}
	rec := &sdktest.Recorder{Behavior: New()}
	_, err = game.Play(context.Background(), game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1, Noise: game.DefaultNoise,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore":      explore.New,
			"victimdetect": sdktest.StandIn("victimdetect", nil, ""),
			"report":       sdktest.StandIn("report", []string{"report"}, "reported"),
			"exit":         func() sdk.Behavior { return rec },
		}),
	})
	if err != nil {
		b.Fatal(err)
	}
	sdktest.BenchmarkReplay(b, New, rec.Observations)
}

// Example: the exit behavior's description, as the runner sees it.
func Example() {
	d := New().Describe()
	fmt.Println(d.Name, d.States, d.BlackboardReads)
	// Output: exit [exit] [map signs.reported signs.candidate]
}

// TestResendDropped: when the runner reports that the Action carrying the
// map and its evaluation, or the exit, was dropped, exit sends it again.
func TestResendDropped(t *testing.T) {
	dropped := func(step uint64) *pluginpb.Observation {
		return &pluginpb.Observation{Dropped: []*pluginpb.DroppedStep{{Step: step, Reason: "no answer within the 8 ms deadline"}}}
	}
	cases := []struct {
		name              string
		phase             int
		mapStep, exitStep uint64
		obs               *pluginpb.Observation
		wantPhase         int
	}{
		{"map dropped", 2, 10, 0, dropped(10), 0},
		{"map dropped while exiting", 3, 10, 20, dropped(10), 0},
		{"exit dropped", 3, 10, 20, dropped(20), 2},
		{"another step dropped", 3, 10, 20, dropped(15), 3},
		{"other errors", 3, 10, 20, &pluginpb.Observation{Errors: []string{"comms gate refused something"}}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := New().(*Exit)
			x.phase, x.mapStep, x.exitStep = c.phase, c.mapStep, c.exitStep
			x.resendDropped(c.obs)
			if x.phase != c.wantPhase {
				t.Errorf("phase %d, want %d", x.phase, c.wantPhase)
			}
		})
	}
}
