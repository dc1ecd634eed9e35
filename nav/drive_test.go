package nav

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
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

// controlStep is the runner's default control step (s):
// framework/default.yaml's control_step_ms.
const controlStep = 0.032

// driveTo drives a differential-drive robot with the default robot's
// wheels (erebus.WheelRadius, erebus.Axle), its motors at the commanded
// speed within each control step (the robot proto gives its motors no
// acceleration limit), with d.Toward from
// p to q, slowing down. It returns the steps until Toward reports arrived
// and the nearest the robot came to q, or -1 steps when it did not arrive
// within 10 s.
func driveTo(d Driver, p Pose, q geom.Vec2) (steps int, nearest float64) {
	nearest = p.Dist(q)
	for i := range int(math.Round(10 / controlStep)) {
		l, r, arrived := d.Toward(p, q, true)
		if arrived {
			return i, nearest
		}
		v := (l + r) / 2 * erebus.WheelRadius
		w := (r - l) * erebus.WheelRadius / erebus.Axle
		p.Yaw = WrapAngle(p.Yaw + w*controlStep)
		p.Vec2 = p.Forward(v * controlStep)
		nearest = min(nearest, p.Dist(q))
	}
	return -1, nearest
}

// TestTowardDoesNotCrawl: a point 12 cm ahead is reached no more than
// 0.15 s later than a drive at full speed all the way would reach it,
// within the Tolerance of every behavior that drives to points, also 1-5 mm
// to the side of the line driven. Slowing over the last 6 cm to 0.35 of the
// speed, as before, arrived 0.22-0.49 s later, at each point a path stops or
// turns at (session 25: +108 ± 30 points a game on the big real worlds).
func TestTowardDoesNotCrawl(t *testing.T) {
	for _, tc := range []struct {
		name string
		tol  float64
	}{
		{"explore's points", DefaultDriver().Tolerance},
		{"a path's point on the way", passTol},
		{"report's stand-off point", 0.01},
		{"a tight leg's first point", tightTol},
		{"report's far place", 0.002},
	} {
		for _, side := range []float64{0, 0.001, 0.005} {
			d := DefaultDriver()
			d.Tolerance = tc.tol
			q := geom.Vec2{X: 0.12}
			// Facing along the line driven, side m beside it.
			start := Pose{Vec2: geom.Vec2{X: 0, Z: side}, Yaw: YawTowards(geom.Vec2{}, q)}
			steps, nearest := driveTo(d, start, q)
			if steps < 0 {
				t.Errorf("%s (tolerance %g m), %g m to the side: never arrived (nearest %.4f m)", tc.name, tc.tol, side, nearest)
				continue
			}
			full := (q.X - tc.tol) / (d.MaxWheel * erebus.WheelRadius)
			if late := float64(steps)*controlStep - full; late > 0.15 {
				t.Errorf("%s (tolerance %g m), %g m to the side: arrived %.2f s later than at full speed, want at most 0.15 s", tc.name, tc.tol, side, late)
			}
		}
	}
}
