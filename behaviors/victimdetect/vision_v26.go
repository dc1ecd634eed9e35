package victimdetect

import (
	"slices"

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

// greekTemplates are the Φ Ψ Ω pictures (signs.GreekInk, the design the
// simulator paints) as pixel classes (black ink on
// white paper), row-major from the top-left seen from the front.
var greekTemplates = func() (ts [3][greekSize * greekSize]class) {
	for k, l := range greekLetters {
		for y := range greekSize {
			for x := range greekSize {
				c := clsWhite
				if signs.GreekInk(l, (float64(x)+0.5)/greekSize-0.5, (float64(y)+0.5)/greekSize-0.5) {
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
// keeping the best. The counts of every edge combination come from
// matchLanes at once; the search over them is that of the plain loop
// (matchGreekReference in the tests), so the scores are the same.
func (im *image) matchGreek(b *blob) [3]float64 {
	_, greek := im.matchBoth(b, laneMax)
	return greek
}

// greekScores is matchGreek's search over the counts of matchLanes (no
// edge offsets per edge, total pixels).
func greekScores(hits [][maxLaneTemplates]int, total, no int) (scores [3]float64) {
	nlr := no * no
	// The combination that leaves an edge where it is: offset 0, the
	// middle one of three or the only one.
	zero := no / 2
	lr0, tb0 := zero*no+zero, zero*no+zero
	// The side edges first with the top and bottom where they are, then
	// the top and bottom with each template's best side edges.
	var best [3]int
	side := [3]int{lr0, lr0, lr0}
	for lr := range nlr {
		for t := range best {
			if n := hits[tb0*nlr+lr][greekLane+t]; n > best[t] {
				best[t], side[t] = n, lr
			}
		}
	}
	if no > 1 {
		for k, sd := range side {
			if slices.Contains(side[:k], sd) {
				continue
			}
			for tb := range nlr {
				for t := range best {
					if side[t] == sd {
						best[t] = max(best[t], hits[tb*nlr+sd][greekLane+t])
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
