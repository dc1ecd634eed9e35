package victimdetect

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// TestStandingStillDoesNotOutvote: a robot standing still takes the same
// picture every frame. test_token_score_custom2's S, read right from three
// places, was then read as P in 30 identical frames while the robot stood
// to report it, and was reported as P (a misidentification). Identical
// views of one camera confirm the track's letter but never outvote views
// from other places; a new picture (moved bounds) votes again.
func TestStandingStillDoesNotOutvote(t *testing.T) {
	at := geom.Vec2{X: 0.18, Z: 0.126}
	view := func(letter byte, cam string, x0 int) Detection {
		return Detection{Letter: letter, Pos: at, Normal: geom.Vec2{X: -1}, Sigma: 0.005, Camera: cam, X0: x0, X1: x0 + 10, Y0: 10, Y1: 25}
	}
	var s []Detection
	for i := range 3 {
		s = append(s, view('S', "camera_left", 10+5*i))
	}
	still := func(l byte, n int) []Detection {
		var v []Detection
		for range n {
			v = append(v, view(l, "camera_centre", 30))
		}
		return v
	}
	moving := func(l byte, n int) []Detection {
		var v []Detection
		for i := range n {
			v = append(v, view(l, "camera_centre", 20+i))
		}
		return v
	}
	cases := []struct {
		name  string
		views []Detection
		want  byte
		votes uint16
	}{
		{"30 identical frames read P", append(append([]Detection(nil), s...), still('P', 30)...), 'S', 3},
		{"30 identical frames read S", append(append([]Detection(nil), s...), still('S', 30)...), 'S', 33},
		{"five places read P", append(append([]Detection(nil), s...), moving('P', 5)...), 'P', 5},
		{"one sign seen standing still", still('H', 4), 'H', 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := tracker{radius: 0.04}
			for i, d := range c.views {
				tr.add(d, uint64(i+1), nil, false)
			}
			if len(tr.tracks) != 1 {
				t.Fatalf("%d tracks, want 1", len(tr.tracks))
			}
			if g := tr.tracks[0].sign; g.Letter != c.want || g.Views != c.votes {
				t.Errorf("read %c with %d views, want %c with %d", g.Letter, g.Views, c.want, c.votes)
			}
		})
	}
}
