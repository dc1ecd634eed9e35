package nav

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// TestFollowerStartsOnTheFirstLeg: a robot standing on a path's first leg
// (a search seeded at the corner of its quarter behind it) drives on to
// the second point instead of turning round to the first. Replanning as
// it turned flipped the seed between the two corners, and the robot
// turned on the spot for 6 s until the goal was given up (Erebus v26.1
// mapping_example_3, at 63 s: its F target's tile never entered).
func TestFollowerStartsOnTheFirstLeg(t *testing.T) {
	a, b, c := geom.Vec2{X: -0.12, Z: -0.18}, geom.Vec2{X: -0.06, Z: -0.24}, geom.Vec2{X: -0.06, Z: -0.30}
	for _, tc := range []struct {
		name string
		at   geom.Vec2
		want geom.Vec2 // the point it drives to first
	}{
		{"on the leg, a third of the way", geom.Vec2{X: -0.10, Z: -0.20}, b},
		{"on the leg, 3 mm to its side", geom.Vec2{X: -0.10 + 0.002, Z: -0.20 + 0.002}, b},
		{"1 cm to its side", geom.Vec2{X: -0.10 + 0.007, Z: -0.20 + 0.007}, a},
		{"beside the leg", geom.Vec2{X: -0.10 + 0.02, Z: -0.20 + 0.02}, a},
		{"before the first point", geom.Vec2{X: -0.14, Z: -0.16}, a},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := Follower{D: DefaultDriver()}
			f.Set(Path{a, b, c})
			// Facing away from the first point, along the leg.
			yaw := YawTowards(a, b)
			f.Step(Pose{Vec2: tc.at, Yaw: yaw})
			if got := f.Remaining(); len(got) == 0 || got[0].Dist(tc.want) > 1e-9 {
				t.Errorf("drives to %v first, want %v", got, tc.want)
			}
		})
	}
}
