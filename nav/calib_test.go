package nav

import (
	"testing"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// TestCalibratorBlocked: a robot that cannot move (its GPS stands still)
// tries forwards, stops, tries backwards, stops, then turns on the spot;
// with a wall ahead (short front readings) it starts backwards at once,
// and turns when that is blocked too.
func TestCalibratorBlocked(t *testing.T) {
	far := []float64{0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}
	wallAhead := []float64{0.01, 0.3, 0.5, 0.5, 0.5, 0.5, 0.3, 0.01}
	kind := func(l, r float64) string {
		switch {
		case l == 0 && r == 0:
			return "stop"
		case l > 0 && r > 0:
			return "forwards"
		case l < 0 && r < 0:
			return "backwards"
		}
		return "turn"
	}
	cases := []struct {
		name string
		dist []float64
		want []string // the kinds of motion, in order, with repeats removed
	}{
		{"room all round", far, []string{"forwards", "stop", "backwards", "stop", "turn"}},
		{"wall ahead", wallAhead, []string{"backwards", "stop", "turn"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var cal Calibrator
			var got []string
			for i := 1; i <= 120; i++ {
				obs := &pluginpb.Observation{Step: uint64(i), SimTime: 0.032 * float64(i), Distance: c.dist, Gps: &pluginpb.Vec3{}}
				l, r := cal.Step(obs, Pose{})
				if k := kind(l, r); len(got) == 0 || got[len(got)-1] != k {
					got = append(got, k)
				}
			}
			for i, k := range c.want {
				if i >= len(got) || got[i] != k {
					t.Fatalf("motions %v, want them to start with %v", got, c.want)
				}
			}
		})
	}
}
