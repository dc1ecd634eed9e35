// Package geom holds Vec2, the one 2-D vector type of rescuekit: a point or
// direction in the horizontal XZ plane of the world, in metres. The
// simulator's arena model, the robot-side libraries (nav, signs), the
// behaviors and the recordings all use it, so a position passes from one to
// another without a conversion.
//
// The package imports nothing of the module, so every layer may use it.
package geom

import "math"

// Vec2 is a point or direction in the horizontal XZ plane of the world
// (metres). Its JSON form is {"x": …, "z": …}.
type Vec2 struct {
	X float64 `json:"x"`
	Z float64 `json:"z"`
}

// Add returns v + w.
func (v Vec2) Add(w Vec2) Vec2 { return Vec2{v.X + w.X, v.Z + w.Z} }

// Sub returns v − w.
func (v Vec2) Sub(w Vec2) Vec2 { return Vec2{v.X - w.X, v.Z - w.Z} }

// Scale returns k·v.
func (v Vec2) Scale(k float64) Vec2 { return Vec2{k * v.X, k * v.Z} }

// Dot returns v·w.
func (v Vec2) Dot(w Vec2) float64 { return v.X*w.X + v.Z*w.Z }

// Len returns |v|.
func (v Vec2) Len() float64 { return math.Hypot(v.X, v.Z) }

// Dist returns |v − w|, the distance between the points v and w.
func (v Vec2) Dist(w Vec2) float64 { return math.Hypot(v.X-w.X, v.Z-w.Z) }

// SegmentDist is the distance from p to the segment from a to b.
func SegmentDist(p, a, b Vec2) float64 {
	d := b.Sub(a)
	t := 0.0
	if l2 := d.Dot(d); l2 > 0 {
		t = max(0, min(1, p.Sub(a).Dot(d)/l2))
	}
	return p.Dist(a.Add(d.Scale(t)))
}
