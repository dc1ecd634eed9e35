package fullgame

import (
	"fmt"
	"testing"
)

// curveSigns is a 4×3 arena with a free-standing curved wall (curve 2 in
// the bottom-right quarter of tile (2, 1): a quarter circle of radius
// 0.06 m about (0, −0.06), from (0.06, −0.06) to (0, 0)) and a sign on
// each face at its middle: H on the convex face, facing (0.71, 0.71), S
// on the concave one. Exploring the floors never looks at the H closely
// (issue 16: signs on curved walls were missed, the wall-face sweep
// covering only the faces on the map's lines).
const curveSigns = `
+-+-+-+-+-+-+-+-+
|               |
+ + + + + + + + +
|               |
+ + + + + + + + +
|               |
+ + + + + + + + +
|          J    |
+ + + + + + + + +
|S S            |
+ + + + + + + + +
|S S            |
+-+-+-+-+-+-+-+-+
sign H at 0.0464 -0.0136 -2.356
sign S at 0.0385 -0.0215 0.785
`

// TestSignsOnACurve: explore's sweep looks at the faces of walls off the
// map's lines too (the surfaces the distance sensors saw), so both signs
// of the curve are found (without it: the S only).
func TestSignsOnACurve(t *testing.T) {
	res := play(t, curveSigns)
	r := res.Referee
	if r.SignsCorrectType != 2 || r.Misidentifications != 0 || !r.ExitBonusGiven {
		t.Errorf("signs %d of 2 with the right type, %d misidentified, exit bonus %v; want 2, 0, true",
			r.SignsCorrectType, r.Misidentifications, r.ExitBonusGiven)
	}
}

// curveOnTheWay is a 6×4 v26.1 arena with a free-standing curved wall
// (curve 4 in the top-left quarter of tile (3, 2): a quarter circle of
// radius 0.06 m about (0, 0), from (−0.06, 0) to (0, −0.06)) and a target
// on its concave face, 1.2 mm in front of it at its middle, as v26.1
// world4's F hangs. The game lasts 60 s: exploring the floors takes most
// of it, so the sweep of the faces after the floors never comes.
const curveOnTheWay = `
+-+-+-+-+-+-+-+-+-+-+-+-+
|S S                    |
+                       +
|S S                    |
+   +   +   +   +   +   +
|                       |
+                       +
|                       |
+   +   +   +   +   +   +
|            F          |
+                       +
|                       |
+   +   +   +   +   +   +
|                       |
+                       +
|                       |
+-+-+-+-+-+-+-+-+-+-+-+-+
rules v26.1
time 60
target GRGKG at -0.0380 -0.0380 -2.3562
`

// TestCurveFaceOnTheWay: a face of a curved wall not looked at yet and
// nearer than the next floor is looked at on the way (explore.planWith),
// so the target on the concave face is found while the floors are
// explored (v26.1 world4's F, passed edge-on, was left to the sweep the
// time limit cut short). One game tells little: the face must be told a
// curve's from its surfaces, looked at closely enough, the target raised
// and reported, all within 60 s, and the GPS's noise sends each seed
// another way. Over seeds 1-40 the target was found in 26 games
// before session 24's tracker, 30 with it, and in none without the look on
// the way (docs/eval-real-worlds.md, session 24); over seeds 1-8 it must
// be found in two at least.
func TestCurveFaceOnTheWay(t *testing.T) {
	found, misid, line := 0, 0, ""
	for seed := int64(1); seed <= 8; seed++ {
		r := playSeed(t, curveOnTheWay, seed).Referee
		found += r.SignsCorrectType
		misid += r.Misidentifications
		line += fmt.Sprint(r.SignsCorrectType)
	}
	if found < 2 || misid != 0 {
		t.Errorf("seeds 1-8: the target found with the right type in %d games (%s), %d misidentified; want 2 games at least, 0", found, line, misid)
	}
}
