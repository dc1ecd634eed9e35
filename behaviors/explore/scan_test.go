package explore

import (
	"context"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// kinematic is a noiseless differential-drive robot for unit tests: it
// applies the commanded wheel speeds for one 32 ms step and reports its
// GPS, wheel positions and, when imu is set, its yaw.
type kinematic struct {
	pose   nav.Pose
	wl, wr float64
	t      float64
	step   uint64
	imu    bool
	turned float64 // total |yaw| turned, rad
}

const stepS = 0.032

func (k *kinematic) observe() *pluginpb.Observation {
	o := &pluginpb.Observation{Step: k.step, SimTime: k.t, Driver: true, State: "explore",
		Gps:            &pluginpb.Vec3{X: k.pose.X, Z: k.pose.Z},
		WheelPositions: &pluginpb.WheelPositions{Left: k.wl, Right: k.wr}}
	if k.imu {
		o.InertialUnit = &pluginpb.InertialUnit{Yaw: k.pose.Yaw}
	}
	return o
}

func (k *kinematic) apply(w *pluginpb.Wheels) {
	r := nav.DefaultRobot()
	l, rr := w.GetLeft()*stepS, w.GetRight()*stepS
	k.wl, k.wr = k.wl+l, k.wr+rr
	dyaw := r.WheelRadius * (rr - l) / r.Axle
	k.turned += math.Abs(dyaw)
	k.pose.Vec2 = k.pose.Forward(r.WheelRadius * (l + rr) / 2)
	k.pose.Yaw = nav.WrapAngle(k.pose.Yaw + dyaw)
	k.t += stepS
	k.step++
}

// TestStartScan drives explore on a kinematic robot and checks the turn
// on the spot once the heading is known: opposite wheel speeds of
// scan_wheel, about 2 rad/s of yaw, stopping after a full turn; none when
// the scan is switched off or the robot was relocated.
func TestStartScan(t *testing.T) {
	cases := []struct {
		name      string
		params    map[string]string
		imu       bool
		jump      bool // a relocation (GPS jump) at the second step
		wantScan  bool
		wheelWant float64 // the scan wheel speed (the default where no scan is wanted)
	}{
		{"after the straight run", nil, false, false, true, 2.6},
		{"with an inertial unit", nil, true, false, true, 2.6},
		{"slower", map[string]string{"scan_wheel": "1.3"}, false, false, true, 1.3},
		{"switched off", map[string]string{"scan_wheel": "0"}, false, false, false, 2.6},
		{"relocated", nil, false, true, false, 2.6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := &Explore{}
			if err := e.Configure(context.Background(), sdk.Config{Params: c.params}); err != nil {
				t.Fatal(err)
			}
			k := &kinematic{pose: nav.Pose{Vec2: geom.Vec2{X: 0.1, Z: 0.2}, Yaw: nav.StartYaws[3]}, step: 1, imu: c.imu}
			var scanSteps, firstScan, lastScan int
			var turnedBefore, turnedAfter float64
			for i := 0; i < 400; i++ {
				if c.jump && i == 1 {
					k.pose.X += 0.12
				}
				act, err := e.Step(context.Background(), k.observe())
				if err != nil {
					t.Fatal(err)
				}
				w := act.GetWheels()
				scanning := w.GetRight() > 0 && w.GetLeft() == -w.GetRight() && w.GetRight() == c.wheelWant
				if scanning {
					if scanSteps == 0 {
						firstScan = i
						if !e.tr.YawKnown() {
							t.Fatalf("step %d: scan before the heading is known", i)
						}
						turnedBefore = k.turned
					}
					scanSteps++
					lastScan = i
				} else if scanSteps > 0 && turnedAfter == 0 {
					turnedAfter = k.turned
					if i != lastScan+1 {
						t.Fatalf("scan steps not contiguous: %d..%d, then step %d", firstScan, lastScan, i)
					}
				}
				if !scanning && scanSteps == 0 && e.tr.YawKnown() && c.wantScan {
					t.Fatalf("step %d: heading known but wheels %v, want a turn on the spot at ±%g", i, w, c.wheelWant)
				}
				k.apply(w)
				if turnedAfter > 0 && i > lastScan+5 {
					break
				}
			}
			if !c.wantScan {
				if scanSteps > 0 {
					t.Errorf("%d scan steps, want none", scanSteps)
				}
				return
			}
			if turnedAfter == 0 {
				t.Fatalf("the scan never ended (%d steps)", scanSteps)
			}
			r := nav.DefaultRobot()
			rate := r.WheelRadius * 2 * c.wheelWant / r.Axle
			turned := turnedAfter - turnedBefore
			t.Logf("scan steps %d..%d (%.2f s), turned %.3f rad at %.2f rad/s", firstScan, lastScan, float64(scanSteps)*stepS, turned, rate)
			if turned < 2*math.Pi || turned > 2*math.Pi+rate*stepS*1.5 {
				t.Errorf("scan turned %.3f rad, want one full turn (2π = %.3f)", turned, 2*math.Pi)
			}
			if !e.scanDone {
				t.Error("scan not marked done")
			}
		})
	}
}
