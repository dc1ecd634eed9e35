package record

import (
	"math"
	"time"

	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/rescuekit/rescuekit/geom"
	fg "github.com/rescuekit/rescuekit/record/foxglovepb"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Foxglove's world frame is z-up: Webots (x, y, z) is Foxglove (x, −z, y).

func fgPoint(p geom.Vec2, h float64) *fg.Vector3 { return &fg.Vector3{X: p.X, Y: -p.Z, Z: h} }

// heading is the Foxglove yaw (about +z) of a robot whose Webots yaw is
// yaw: the simulator's robot moves along (−sin yaw, −cos yaw) in x, z,
// which is (cos, sin) of yaw + π/2 in Foxglove's x, y.
func heading(yaw float64) float64 { return yaw + math.Pi/2 }

// fromHeading inverts heading.
func fromHeading(h float64) float64 { return normAngle(h - math.Pi/2) }

func normAngle(a float64) float64 {
	a = math.Mod(a+math.Pi, 2*math.Pi)
	if a < 0 {
		a += 2 * math.Pi
	}
	return a - math.Pi
}

func zRot(a float64) *fg.Quaternion {
	return &fg.Quaternion{Z: math.Sin(a / 2), W: math.Cos(a / 2)}
}

// quatYaw is the rotation about +z of q.
func quatYaw(q *fg.Quaternion) float64 {
	if q == nil {
		return 0
	}
	return math.Atan2(2*(q.W*q.Z+q.X*q.Y), 1-2*(q.Y*q.Y+q.Z*q.Z))
}

func fgPose(p world.Pose) *fg.Pose {
	return &fg.Pose{Position: fgPoint(p.Pos, 0), Orientation: zRot(heading(p.Yaw))}
}

// worldPose inverts fgPose.
func worldPose(p *fg.Pose) world.Pose {
	if p == nil || p.Position == nil {
		return world.Pose{}
	}
	return world.Pose{Pos: geom.Vec2{X: p.Position.X, Z: -p.Position.Y}, Yaw: fromHeading(quatYaw(p.Orientation))}
}

func stamp(ns uint64) *timestamppb.Timestamp {
	return &timestamppb.Timestamp{Seconds: int64(ns / 1e9), Nanos: int32(ns % 1e9)}
}

func forever() *durationpb.Duration { return durationpb.New(time.Duration(0)) }

// nanos converts simulated seconds to a log time; negative or non-finite
// times become 0.
func nanos(t float64) uint64 {
	if !(t > 0) || math.IsInf(t, 1) || t > 1e9 {
		return 0
	}
	return uint64(math.Round(t * 1e9))
}

// arcSpan returns an arc's end angle as from plus its counter-clockwise
// span (0..2π); ok is false for angles that are not finite.
func arcSpan(from, to float64) (end float64, ok bool) {
	if math.IsNaN(from) || math.IsInf(from, 0) || math.IsNaN(to) || math.IsInf(to, 0) {
		return 0, false
	}
	d := math.Mod(to-from, 2*math.Pi)
	if d < 0 {
		d += 2 * math.Pi
	}
	return from + d, true
}
