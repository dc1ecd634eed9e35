package signs

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
)

// GreekInk tells whether (u, v), −0.5..0.5 from the centre with v down, is
// ink in rescuekit's design of Φ (harmed), Ψ (stable) or Ω (unharmed): serif
// capitals about 80 % of the sign's side, like Erebus v26.1's victim
// textures (docs/erebus-v26.md §11: glyph box ≈ 83 % of the side, 23-27 %
// ink). The embedded simulator paints it; a vision behavior may look for it.
func GreekInk(l byte, u, v float64) bool {
	bar := func(u0, u1, v0, v1 float64) bool { return u >= u0 && u <= u1 && v >= v0 && v <= v1 }
	// ellipse ring with outer semi-axes (a, b) around (0, c), thickness w.
	ring := func(a, b, c, w float64) bool {
		e := (u*u)/(a*a) + (v-c)*(v-c)/(b*b)
		ia, ib := a-w, b-w*0.8
		ei := (u*u)/(ia*ia) + (v-c)*(v-c)/(ib*ib)
		return e <= 1 && ei >= 1
	}
	const stem = 0.05
	switch l {
	case erebus.Harmed: // Φ: a stem with serifs through a wide oval
		return bar(-stem, stem, -0.40, 0.40) ||
			bar(-0.13, 0.13, -0.41, -0.36) || bar(-0.13, 0.13, 0.36, 0.41) ||
			ring(0.38, 0.25, 0, 0.11)
	case erebus.Stable: // Ψ: a stem with serifs and a cup with serifed arms
		cup := v >= -0.05 && ring(0.33, 0.30, -0.05, 0.09)
		arms := bar(-0.33, -0.24, -0.38, -0.05) || bar(0.24, 0.33, -0.38, -0.05)
		return bar(-stem, stem, -0.40, 0.40) || cup || arms ||
			bar(-0.10, 0.10, -0.42, -0.37) || bar(-0.12, 0.12, 0.36, 0.42) ||
			bar(-0.37, -0.20, -0.42, -0.37) || bar(0.20, 0.37, -0.42, -0.37)
	case erebus.Unharmed: // Ω: an oval open at the bottom, on two feet
		open := v > 0.12 && math.Abs(u) < 0.19
		legs := (bar(-0.26, -0.16, 0.12, 0.36) || bar(0.16, 0.26, 0.12, 0.36)) && !bar(-0.16, 0.16, -1, 1)
		feet := bar(-0.38, -0.14, 0.33, 0.41) || bar(0.14, 0.38, 0.33, 0.41)
		return (ring(0.33, 0.33, -0.04, 0.10) && !open) || legs || feet
	}
	return false
}
