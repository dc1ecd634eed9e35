package main

import (
	"context"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// obs is an Observation at sim time t with walls d metres away along the
// distance sensors, read as Erebus's infra-red sensors read teal walls:
// d/0.36, at most 0.8 (erebus.WallInfraRed).
func obs(t float64, d []float64, colour uint32) *pluginpb.Observation {
	ir := make([]float64, len(d))
	for i, m := range d {
		ir[i] = math.Min(m/erebus.WallInfraRed, 0.8)
	}
	return &pluginpb.Observation{SimTime: t, Driver: true, Distance: ir, Colour: &pluginpb.Colour{R: colour, G: colour, B: colour}}
}

func TestFollowerControlLaw(t *testing.T) {
	far := []float64{0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8}
	tests := []struct {
		name string
		o    *pluginpb.Observation
		want func(l, r float64) bool
	}{
		{"wall ahead turns right", obs(1, []float64{0.03, 0.8, 0.8, 0.8, 0.8, 0.05, 0.8, 0.03}, 200), func(l, r float64) bool { return l > 0 && r < 0 }},
		{"no wall curves left", obs(1, far, 200), func(l, r float64) bool { return r > l && l > 0 }},
		{"too far from the wall steers left", obs(1, []float64{0.8, 0.8, 0.8, 0.8, 0.8, 0.07, 0.12, 0.8}, 200), func(l, r float64) bool { return r > l }},
		{"too close to the wall steers right", obs(1, []float64{0.8, 0.8, 0.8, 0.8, 0.8, 0.03, 0.06, 0.8}, 200), func(l, r float64) bool { return l > r }},
		{"touching the wall steers right within the limit", obs(1, []float64{0.8, 0.8, 0.8, 0.8, 0.8, 0, 0.06, 0.8}, 200), func(l, r float64) bool { return l > r && l <= 5 }},
		{"wall close ahead on the left turns right", obs(1, []float64{0.079, 0.8, 0.8, 0.8, 0.8, 0.045, 0.069, 0.056}, 200), func(l, r float64) bool { return l > 0 && r < 0 }},
		{"hole backs off", obs(1, far, 10), func(l, r float64) bool { return l < 0 && r <= 0 }},
		{"not the default robot holds still", obs(1, []float64{0.1}, 200), func(l, r float64) bool { return l == 0 && r == 0 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFollower()
			act, err := f.Step(context.Background(), tt.o)
			if err != nil {
				t.Fatal(err)
			}
			l, r := act.GetWheels().GetLeft(), act.GetWheels().GetRight()
			if !tt.want(l, r) {
				t.Errorf("wheels (%.2f, %.2f)", l, r)
			}
			if l > 6.28 || r > 6.28 || l < -6.28 || r < -6.28 {
				t.Errorf("wheels (%.2f, %.2f) above the motors' 6.28 rad/s", l, r)
			}
		})
	}
}

func TestFollowerFiresExploredOnce(t *testing.T) {
	f := newFollower()
	if err := f.Configure(context.Background(), sdk.Config{Params: map[string]string{"speed": "4", "wall_dist": "0.05", "explore_for": "2"}}); err != nil {
		t.Fatal(err)
	}
	var fired int
	for i := range 100 {
		act, _ := f.Step(context.Background(), &pluginpb.Observation{SimTime: float64(i) * 0.032})
		fired += len(act.GetEvents())
		if act.GetWheels() != nil {
			t.Fatal("a non-driver must not command the wheels")
		}
	}
	if fired != 1 {
		t.Fatalf("explored fired %d times, want once after 2 s", fired)
	}
}

func TestFollowerConfigureRejectsBadParams(t *testing.T) {
	f := newFollower()
	err := f.Configure(context.Background(), sdk.Config{Params: map[string]string{"speed": "fast", "wall_dist": "0.05", "explore_for": "2"}})
	if err == nil {
		t.Fatal("accepted speed=fast")
	}
}

func TestDescriptionValid(t *testing.T) {
	if err := newFollower().Describe().Validate(); err != nil {
		t.Fatal(err)
	}
}

// TestFollowerBacksOffWhenStuck: driving without moving (by GPS) for
// stuckAfter seconds makes the robot back off for backOff seconds, then
// drive again; a robot that moves never backs off.
func TestFollowerBacksOffWhenStuck(t *testing.T) {
	along := []float64{0.8, 0.8, 0.8, 0.8, 0.8, 0.045, 0.06, 0.8} // following the wall
	for _, moving := range []bool{false, true} {
		f := newFollower()
		var backed []float64
		for i := range 150 { // 4.8 s
			o := obs(float64(i)*0.032, along, 200)
			o.Gps = &pluginpb.Vec3{}
			if moving {
				o.Gps.X = float64(i) * 0.005
			}
			act, _ := f.Step(context.Background(), o)
			if act.GetWheels().GetLeft() < 0 {
				backed = append(backed, o.GetSimTime())
			}
		}
		if moving {
			if len(backed) > 0 {
				t.Fatalf("a moving robot backed off at %v s", backed)
			}
			continue
		}
		if len(backed) == 0 || backed[0] < stuckAfter || backed[0] > stuckAfter+0.1 {
			t.Fatalf("a stuck robot backed off at %v s, want from %v s", backed, stuckAfter)
		}
		end := 1 // the first spell of backing off: consecutive steps
		for end < len(backed) && backed[end]-backed[end-1] < 0.04 {
			end++
		}
		if d := backed[end-1] - backed[0]; d < backOff-0.07 || d > backOff {
			t.Fatalf("backed off for %.2f s, want %v s", d, backOff)
		}
		if end == len(backed) {
			t.Fatal("a stuck robot never tried again after backing off")
		}
	}
}
