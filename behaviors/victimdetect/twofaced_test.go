package victimdetect

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/signs"
)

// TestBackToBackSigns: the signs on the two faces of one wall stand
// 2·0.0056 m apart facing opposite ways; their views make two tracks, and a
// sign reported on one face does not hide the one on the other
// (test_victims_3 of shared/more-worlds lost half its signs so).
func TestBackToBackSigns(t *testing.T) {
	west := Detection{Letter: 'F', Pos: geom.Vec2{X: -0.0656, Z: -0.09}, Normal: geom.Vec2{X: -1}, Sigma: 0.005, Snapped: true}
	east := Detection{Letter: 'F', Pos: geom.Vec2{X: -0.0544, Z: -0.09}, Normal: geom.Vec2{X: 1}, Sigma: 0.005, Snapped: true}
	cases := []struct {
		name   string
		ignore signs.List
		dets   []Detection
		tracks int
	}{
		{"both faces seen", nil, []Detection{west, east, west, east}, 2},
		{"one view refines its face", nil, []Detection{west, west}, 1},
		{"the other face reported", signs.List{{ID: 9, Letter: 'F', Status: signs.Confirmed, Pos: east.Pos, Normal: east.Normal}}, []Detection{west, east}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := tracker{radius: 0.04}
			for i, d := range c.dets {
				tr.add(d, uint64(i+1), c.ignore, false)
			}
			if len(tr.tracks) != c.tracks {
				t.Fatalf("%d tracks, want %d", len(tr.tracks), c.tracks)
			}
			for _, k := range tr.tracks {
				if k.sign.Normal.X != -1 && c.ignore != nil {
					t.Errorf("track %v: the reported east face's views were not ignored", k.sign)
				}
			}
		})
	}
}
