package framework_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// bigWheels is a backend that knows its robot's wheels: radius 0.04 m.
type bigWheels struct{ *fake.Robot }

func (bigWheels) WheelRadius() float64 { return 0.04 }

// TestRunWheelRadius: the stillness the plugins see comes from the wheel
// encoders and the robot's wheel radius: Options.WheelRadius, else the
// backend's, else the default Erebus robot's. Both wheels turn 0.001 rad per
// 32 ms step: 0.000625 m/s on 0.02 m wheels (still: Erebus's bound is
// 0.001 m/s), 0.00125 m/s on 0.04 m wheels (moving).
func TestRunWheelRadius(t *testing.T) {
	for _, tt := range []struct {
		name    string
		backend bool    // the backend reports 0.04 m
		option  float64 // Options.WheelRadius
		still   bool
	}{
		{"default robot", false, 0, true},
		{"the backend's wheels", true, 0, false},
		{"the option's wheels", false, 0.04, false},
		{"the option wins", true, erebus.WheelRadius, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fr := fake.New()
			fr.EndAfter(20)
			fr.OnStep(func(step int, r *fake.Robot) {
				for _, n := range []string{erebus.LeftEncoder, erebus.RightEncoder} {
					if err := r.SetPosition(n, 0.001*float64(step)); err != nil {
						t.Error(err)
					}
				}
			})
			var still atomic.Value
			bs := others()
			bs["explore"] = sdk.New(sdk.Description{Name: "explore", States: []string{"explore"}},
				func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
					still.Store(o.GetStillSeconds())
					return nil, nil
				})
			opts := framework.Options{Config: framework.DefaultConfig(), Robot: fr, Launch: behaviors(bs, nil), Lockstep: true, WheelRadius: tt.option}
			if tt.backend {
				opts.Robot = bigWheels{fr}
			}
			if _, err := framework.Run(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			if got := still.Load().(float64); (got > 0) != tt.still {
				t.Errorf("still for %g s at the end, want still %v", got, tt.still)
			}
		})
	}
}
