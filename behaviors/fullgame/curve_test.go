package fullgame

import "testing"

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
