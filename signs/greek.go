package signs

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
)

// GreekInk tells whether (u, v), −0.5..0.5 from the centre with v down, is
// ink in rescuekit's design of Φ (harmed), Ψ (stable) or Ω (unharmed): serif
// capitals like Erebus v26.1's victim textures (docs/erebus-v26.md §11:
// glyph box ≈ 83 % of the side, 23-27 % ink). Each is drawn from bars and
// superellipses (|x/a|^2.5 + |y/b|^2.5 ≤ 1, the squarish curves of that
// typeface) whose places and sizes were measured on Erebus's
// victim_*_not_found.png (v26 textures, 1024 pixels a side): stems about
// 0.105 of the side wide, serifs 0.24, Φ's bowl 0.83 × 0.55 outside, Ψ's
// arms down to 0.12 above the centre and its cup closing 0.12 below it,
// Ω's ring 0.69 wide on feet at the bottom. The embedded simulator paints
// it; a vision behavior may look for it.
func GreekInk(l byte, u, v float64) bool {
	bar := func(u0, u1, v0, v1 float64) bool { return u >= u0 && u <= u1 && v >= v0 && v <= v1 }
	// se tells whether (u, v) is inside the superellipse of semi-axes a, b
	// around (cu, cv).
	se := func(cu, cv, a, b float64) bool {
		return math.Pow(math.Abs(u-cu)/a, 2.5)+math.Pow(math.Abs(v-cv)/b, 2.5) <= 1
	}
	// flare tells whether (u, v) is in a serif's bracket: between rows v0
	// (the serif, half-width w0) and v1 (the stroke, half-width w1) around
	// column c, the half-width going from w0 to w1 along a parabola.
	flare := func(c, v0, v1, w0, w1 float64) bool {
		t := (v - v1) / (v0 - v1)
		return t >= 0 && t <= 1 && math.Abs(u-c) <= w1+(w0-w1)*t*t
	}
	switch l {
	case erebus.Harmed: // Φ: a serifed stem through a wide bowl
		const c, stem, serif = 0.01, 0.054, 0.125
		return (math.Abs(u-c) <= stem && v >= -0.41 && v <= 0.415) ||
			(math.Abs(u-c) <= serif && (bar(-1, 1, -0.41, -0.37) || bar(-1, 1, 0.375, 0.415))) ||
			flare(c, -0.37, -0.33, serif, stem) || flare(c, 0.375, 0.335, serif, stem) ||
			(se(c, 0.003, 0.415, 0.275) && !se(c, 0.003, 0.283, 0.219))
	case erebus.Stable: // Ψ: a serifed stem and two arms joined by a cup
		const c, stem, serif = 0.011, 0.052, 0.118
		const armIn, armOut, cup = 0.242, 0.356, -0.12 // cup: where the arms begin to curve in
		arm := math.Abs(u-c) >= armIn && math.Abs(u-c) <= armOut && v >= -0.401 && v <= cup
		armSerif := (bar(c-0.413, c-armIn, -0.401, -0.36) || bar(c+armIn, c+0.416, -0.401, -0.36)) ||
			(math.Abs(u-c) >= armIn && (flare(c, -0.36, -0.32, 0.413, armOut)))
		bowl := v > cup && se(c, cup, armOut, 0.239) && !se(c, cup, armIn, 0.182)
		return (math.Abs(u-c) <= stem && v >= -0.401 && v <= 0.428) ||
			(math.Abs(u-c) <= serif && (bar(-1, 1, -0.401, -0.355) || bar(-1, 1, 0.385, 0.428))) ||
			flare(c, -0.355, -0.32, serif, stem) || flare(c, 0.385, 0.34, serif, stem) ||
			arm || armSerif || bowl
	case erebus.Unharmed: // Ω: a ring open at the bottom, on two feet
		const c, mid = 0.002, -0.06 // the ring is widest at v = mid
		b, bi := 0.345, 0.282
		if v > mid {
			b, bi = 0.38, 0.36
		}
		ring := v <= 0.32 && se(c, mid, 0.345, b) && !se(c, mid, 0.206, bi)
		feet := bar(c-0.404, c-0.089, 0.32, 0.42) || bar(c+0.089, c+0.404, 0.32, 0.42)
		tips := bar(c-0.41, c-0.33, 0.243, 0.32) || bar(c+0.33, c+0.41, 0.243, 0.32)
		return ring || feet || tips
	}
	return false
}
