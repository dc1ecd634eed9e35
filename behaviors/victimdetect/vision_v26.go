package victimdetect

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/signs"
)

// Erebus v26.1's signs (docs/erebus-v26.md §2, §3, §11, §12): victims show Φ
// (harmed, reported H), Ψ (stable, S) and Ω (unharmed, U) in black on
// white; cognitive targets are five concentric coloured rings on a
// transparent 40 mm plane, outermost ring the code's first letter, whose
// ring values sum to the report letter (erebus.TargetLetter); fake victims
// are a dark raised Φ Ψ Ω letter on a self-lit white plate, and must never
// be reported, nor must a target whose sum names no letter. No field of
// the Observation tells the version played, so the detector tells the
// signs of both versions apart by their looks alone: a ring target has no
// white paper and is found by its own pass (targets), a Φ Ψ Ω glyph is
// matched beside the v25 templates (matchGreek).

// greekSize is the side of the Φ Ψ Ω reference pictures in cells.
const greekSize = 32

// greekLetters are the report letters of the Φ Ψ Ω templates, in order.
var greekLetters = [3]byte{erebus.Harmed, erebus.Stable, erebus.Unharmed}

// greekInk tells whether (u, v), −0.5..0.5 from the sign's centre with v
// down, is ink of Φ (harmed), Ψ (stable) or Ω (unharmed): serif capitals
// about 80 % of the side, as Erebus v26.1's victim textures (v26 §11:
// glyph box ≈ 83 % of the side, 23-27 % ink) and as the embedded simulator
// draws them (sim/signs_v26.go glyphInk, the same design).
func greekInk(l byte, u, v float64) bool {
	bar := func(u0, u1, v0, v1 float64) bool { return u >= u0 && u <= u1 && v >= v0 && v <= v1 }
	ring := func(a, b, c, w float64) bool {
		e := (u*u)/(a*a) + (v-c)*(v-c)/(b*b)
		ia, ib := a-w, b-w*0.8
		ei := (u*u)/(ia*ia) + (v-c)*(v-c)/(ib*ib)
		return e <= 1 && ei >= 1
	}
	const stem = 0.05
	switch l {
	case erebus.Harmed:
		return bar(-stem, stem, -0.40, 0.40) ||
			bar(-0.13, 0.13, -0.41, -0.36) || bar(-0.13, 0.13, 0.36, 0.41) ||
			ring(0.38, 0.25, 0, 0.11)
	case erebus.Stable:
		cup := v >= -0.05 && ring(0.33, 0.30, -0.05, 0.09)
		arms := bar(-0.33, -0.24, -0.38, -0.05) || bar(0.24, 0.33, -0.38, -0.05)
		return bar(-stem, stem, -0.40, 0.40) || cup || arms ||
			bar(-0.10, 0.10, -0.42, -0.37) || bar(-0.12, 0.12, 0.36, 0.42) ||
			bar(-0.37, -0.20, -0.42, -0.37) || bar(0.20, 0.37, -0.42, -0.37)
	case erebus.Unharmed:
		open := v > 0.12 && math.Abs(u) < 0.19
		legs := (bar(-0.26, -0.16, 0.12, 0.36) || bar(0.16, 0.26, 0.12, 0.36)) && !bar(-0.16, 0.16, -1, 1)
		feet := bar(-0.38, -0.14, 0.33, 0.41) || bar(0.14, 0.38, 0.33, 0.41)
		return (ring(0.33, 0.33, -0.04, 0.10) && !open) || legs || feet
	}
	return false
}

// greekTemplates are the Φ Ψ Ω pictures as pixel classes (black ink on
// white paper), row-major from the top-left seen from the front.
var greekTemplates = func() (ts [3][greekSize * greekSize]class) {
	for k, l := range greekLetters {
		for y := range greekSize {
			for x := range greekSize {
				c := clsWhite
				if greekInk(l, (float64(x)+0.5)/greekSize-0.5, (float64(y)+0.5)/greekSize-0.5) {
					c = clsBlack
				}
				ts[k][y*greekSize+x] = c
			}
		}
	}
	return ts
}()

// matchGreek scores the blob against the Φ Ψ Ω templates as match does
// against the v25 ones: the fraction of the blob's pixels whose class
// equals the template's at the same place, columns mapped projectively
// from the heights of the sign's two edges, and for a small blob the edges
// moved by ±0.35 pixel, the side edges first and then the top and bottom,
// keeping the best.
func (im *image) matchGreek(b *blob) (scores [3]float64) {
	hl, hr := b.heights()
	offsAll := [3]float64{-0.35, 0, 0.35}
	offs := offsAll[:]
	if b.h() >= 16 || b.cutTop || b.cutBottom {
		offs = offs[1:2]
	}
	total := 0
	for i := range b.top {
		if b.top[i] >= 0 {
			total += b.bot[i] - b.top[i] + 1
		}
	}
	if total == 0 {
		return scores
	}
	// hitsAt counts each template's hits with the edges moved by dl, dr,
	// dt and db.
	hitsAt := func(dl, dr, dt, db float64) (hits [3]int) {
		left := float64(b.x0) + dl
		width := float64(b.x1+1) + dr - left
		for i := range b.top {
			if b.top[i] < 0 {
				continue
			}
			a := float64(b.x0+i) + 0.5 - left
			if a < 0 || a >= width {
				continue
			}
			u := hr * a / (hr*a + hl*(width-a))
			tu := min(int(u*greekSize), greekSize-1)
			top := b.vtop[i] + dt
			span := b.vbot[i] + db - top
			for y := b.top[i]; y <= b.bot[i]; y++ {
				v := (float64(y) + 0.5 - top) / span
				if v < 0 || v >= 1 {
					continue
				}
				k := int(v*greekSize)*greekSize + tu
				c := im.cls[y*im.w+b.x0+i]
				for t := range hits {
					if greekTemplates[t][k] == c {
						hits[t]++
					}
				}
			}
		}
		return hits
	}
	// The side edges first with the top and bottom where they are, then
	// the top and bottom with each template's best side edges.
	var best [3]int
	var side [3][2]float64
	for _, dl := range offs {
		for _, dr := range offs {
			for t, n := range hitsAt(dl, dr, 0, 0) {
				if n > best[t] {
					best[t], side[t] = n, [2]float64{dl, dr}
				}
			}
		}
	}
	if len(offs) > 1 {
		done := map[[2]float64]bool{}
		for _, sd := range side {
			if done[sd] {
				continue
			}
			done[sd] = true
			for _, dt := range offs {
				for _, db := range offs {
					for t, n := range hitsAt(sd[0], sd[1], dt, db) {
						if side[t] == sd {
							best[t] = max(best[t], n)
						}
					}
				}
			}
		}
	}
	for t := range scores {
		scores[t] = float64(best[t]) / float64(total)
	}
	return scores
}

// fakeInk reports whether the dark pixels inside blob b's bounds are a
// fake victim's letter rather than printed ink: a fake's letter is a
// metal mesh lit by no image-based light (Fake.proto l.46-60, v26 §12),
// which renders dark grey, its front face and its 4.8 mm sides in two
// shades, where a victim's ink, a v25 letter and a hazard's rim are black.
// The embedded simulator draws the front (24,24,24) and the sides
// (48,48,48); a printed glyph is (0,0,0).
func (im *image) fakeInk(b *blob) bool {
	black, grey := 0, 0
	for y := b.y0; y <= b.y1; y++ {
		for x := b.x0; x <= b.x1; x++ {
			p := im.bgra[(y*im.w+x)*4:]
			lo, hi := min(p[0], p[1], p[2]), max(p[0], p[1], p[2])
			switch {
			case hi <= 10:
				black++
			case lo >= 14 && hi <= 64 && hi-lo <= 6:
				grey++
			}
		}
	}
	return grey >= 2 && grey > 2*black
}

// bestLetter picks the classification from the v25 scores sc (the letters
// of signs.Letters) and the Φ Ψ Ω scores gs: the best score, and its lead
// over the best score of any other letter (Φ and the v25 H are one
// letter, H, so they do not compete).
func bestLetter(sc [7]float64, gs [3]float64) (letter byte, score, margin float64) {
	var per [7]float64 // best score per letter of signs.Letters
	copy(per[:], sc[:])
	for k, l := range greekLetters {
		for i := range per {
			if signs.Letters[i] == l {
				per[i] = max(per[i], gs[k])
			}
		}
	}
	best, second := 0, -1
	for k := 1; k < len(per); k++ {
		if per[k] > per[best] {
			best, second = k, best
		} else if second < 0 || per[k] > per[second] {
			second = k
		}
	}
	return signs.Letters[best], per[best], per[best] - per[second]
}
