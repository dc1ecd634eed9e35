package victimdetect

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
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

// TestOppositeTracksFacingEachOther: R1's P on a diagonal wall, facing
// (−0.71, 0.71), was tracked twice 3 mm apart, snapped once facing +X and
// once −X, the −X track on the +X side of the other. Taken for the two
// faces of one wall, the second was raised after the first was found and
// reported again (−5). The two faces of one wall stand 2·0.0056 m apart,
// each on its own side; opposite tracks that do not are one sign (so was
// Day_2-2-FIXED3's P, tracked 126° apart). The true back-to-back signs of
// TestBackToBackSigns and of a curve's two faces are still raised.
func TestOppositeTracksFacingEachOther(t *testing.T) {
	plusX := Detection{Letter: 'P', Pos: geom.Vec2{X: 0.068, Z: -0.074}, Normal: geom.Vec2{X: 1}, Dist: 0.1, Sigma: 0.005, Snapped: true}
	minusX := Detection{Letter: 'P', Pos: geom.Vec2{X: 0.071, Z: -0.076}, Normal: geom.Vec2{X: -1}, Dist: 0.1, Sigma: 0.005, Snapped: true}
	west := Detection{Letter: 'F', Pos: geom.Vec2{X: -0.0656, Z: -0.09}, Normal: geom.Vec2{X: -1}, Dist: 0.1, Sigma: 0.005, Snapped: true}
	east := Detection{Letter: 'F', Pos: geom.Vec2{X: -0.0544, Z: -0.09}, Normal: geom.Vec2{X: 1}, Dist: 0.1, Sigma: 0.005, Snapped: true}
	// Day_2-2-FIXED3's P on a diagonal wall, facing (−0.92, 0.39), tracked
	// 2 mm apart facing (0, 1) (snapped) and (−0.81, −0.59) (from the
	// picture), 126° apart.
	day22 := Detection{Letter: 'P', Pos: geom.Vec2{X: -0.515, Z: -0.403}, Normal: geom.Vec2{Z: 1}, Dist: 0.1, Sigma: 0.005, Snapped: true}
	day22b := Detection{Letter: 'P', Pos: geom.Vec2{X: -0.513, Z: -0.402}, Normal: geom.Vec2{X: -0.81, Z: -0.59}, Dist: 0.1, Sigma: 0.005}
	// The two faces of a curve (fullgame's curveSigns): facings from the
	// pictures, 1.12 cm apart along them.
	convex := Detection{Letter: 'S', Pos: geom.Vec2{X: 0.0464, Z: -0.0136}, Normal: geom.Vec2{X: 0.643, Z: 0.766}, Dist: 0.1, Sigma: 0.005}
	concave := Detection{Letter: 'S', Pos: geom.Vec2{X: 0.0385, Z: -0.0215}, Normal: geom.Vec2{X: -0.766, Z: -0.643}, Dist: 0.1, Sigma: 0.005}
	// R2D2__7_'s C and S on the two faces of one wall (z 0.186 and 0.174),
	// the C tracked 7 mm off towards the wall: 5 mm apart along their
	// facings, but read as two letters.
	wallC := Detection{Letter: 'C', Pos: geom.Vec2{X: -0.732, Z: 0.179}, Normal: geom.Vec2{Z: 1}, Dist: 0.15, Sigma: 0.005}
	wallS := Detection{Letter: 'S', Pos: geom.Vec2{X: -0.749, Z: 0.174}, Normal: geom.Vec2{Z: -1}, Dist: 0.1, Sigma: 0.005, Snapped: true}
	pose := nav.Pose{Vec2: geom.Vec2{X: 5, Z: 5}} // nothing in view
	cases := []struct {
		name          string
		reported, now Detection
		raised        bool
	}{
		{"facing each other 3 mm apart", plusX, minusX, false},
		{"the same, the other found first", minusX, plusX, false},
		{"facings 126° apart, 2 mm apart", day22, day22b, false},
		{"back to back", east, west, true},
		{"the two faces of a curve, facings 160° apart", convex, concave, true},
		{"back to back, the other found first", west, east, true},
		{"back to back 5 mm apart, two letters", wallC, wallS, true},
		{"two letters, the other found first", wallS, wallC, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, v := seenThrice(pose, c.reported)
			r := d.tr.tracks[0]
			r.sign.Status = signs.Confirmed
			reported := signs.List{r.sign}
			for i := range 3 {
				d.merge([]Detection{c.now}, v, uint64(i+4), reported)
			}
			if got := d.ready(pose, reported); (got != nil) != c.raised {
				t.Fatalf("raised %v, want %v (tracks %d)", got, c.raised, len(d.tr.tracks))
			}
		})
	}
}

// TestGivenUpFacingElsewhere: R1's P on a diagonal wall, facing
// (−0.71, 0.71), was raised facing +X from views snapped to a wall line and
// given up with no place to report from; its track facing the right way
// (from the pictures), one sign with it (oneSign), was never raised though
// 107 views read it. A sign given up unreported in a snapped facing more
// than 60° from a track's facing from the pictures is another chance for
// that track, not a second report. A sign reported, one given up in the
// track's own facing (report's hand-back tries that one again), and a
// track of snapped views (R2D2__7___rotada___4_'s C, given up facing its
// true (0, 1), then raised facing (1, 0) and reported from behind its
// wall) are still kept down.
func TestGivenUpFacingElsewhere(t *testing.T) {
	plusX := Detection{Letter: 'P', Pos: geom.Vec2{X: 0.068, Z: -0.074}, Normal: geom.Vec2{X: 1}, Dist: 0.1, Sigma: 0.005, Snapped: true}
	diagonal := Detection{Letter: 'P', Pos: geom.Vec2{X: 0.071, Z: -0.076}, Normal: geom.Vec2{X: -0.71, Z: 0.71}, Dist: 0.1, Sigma: 0.005}
	diagonalZ := Detection{Letter: 'P', Pos: geom.Vec2{X: 0.071, Z: -0.076}, Normal: geom.Vec2{X: -0.26, Z: 0.97}, Dist: 0.1, Sigma: 0.005}
	plusZ := Detection{Letter: 'P', Pos: geom.Vec2{X: 0.071, Z: -0.076}, Normal: geom.Vec2{Z: 1}, Dist: 0.1, Sigma: 0.005, Snapped: true}
	nearPlusX := Detection{Letter: 'P', Pos: geom.Vec2{X: 0.071, Z: -0.076}, Normal: geom.Vec2{X: 0.97, Z: 0.26}, Dist: 0.1, Sigma: 0.005}
	pose := nav.Pose{Vec2: geom.Vec2{X: 5, Z: 5}} // nothing in view
	cases := []struct {
		name   string
		status signs.Status // of the first track, raised facing +X
		now    Detection
		apart  bool // the views of now tracked apart (the tracker would merge them with the first: within 2 cm, not opposite)
		tracks int  // the views of now make a track of their own (2) or join the first (1)
		raised bool
	}{
		{"given up, now seen facing 135° away", signs.Unreachable, diagonal, false, 2, true},
		{"reported, now seen facing 135° away", signs.Confirmed, diagonal, false, 2, false},
		{"reported unconfirmed, likewise", signs.Reported, diagonal, false, 2, false},
		{"given up, now seen facing 15° away", signs.Unreachable, nearPlusX, false, 1, false},
		{"given up, now snapped facing 90° away", signs.Unreachable, plusZ, true, 2, false},
		{"given up, now seen facing 105° away from the pictures", signs.Unreachable, diagonalZ, true, 2, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, v := seenThrice(pose, plusX)
			first := d.tr.tracks[0]
			first.sign.Status = c.status
			reported := signs.List{first.sign}
			if c.apart {
				tr := tracker{radius: 0.04}
				for i := range 3 {
					tr.add(c.now, uint64(i+4), nil, false)
				}
				tr.tracks[0].sign.ID = first.sign.ID + 1
				d.tr.tracks = append(d.tr.tracks, tr.tracks[0])
			} else {
				for i := range 3 {
					d.merge([]Detection{c.now}, v, uint64(i+4), d.ignored(reported))
				}
			}
			if len(d.tr.tracks) != c.tracks {
				t.Fatalf("%d tracks, want %d", len(d.tr.tracks), c.tracks)
			}
			if got := d.ready(pose, reported); (got != nil) != c.raised {
				t.Fatalf("raised %v, want %v (tracks %d)", got, c.raised, len(d.tr.tracks))
			}
		})
	}
}

// seenThrice returns a Detect with the raising thresholds of the defaults
// that has merged det three times in steps 1-3, and the view it used.
func seenThrice(pose nav.Pose, det Detection) (*Detect, view) {
	d := &Detect{cfg: DetectorConfig{FOV: 1}, maxDist: 0.6, raiseVotes: 2, raiseAgree: 0.8, raiseSigma: 0.02,
		strongScore: 0.9, strongMargin: 0.15, tr: tracker{radius: 0.04}}
	v := newView(pose, DefaultMounts[1], 1, 64, 40)
	for i := range 3 {
		d.merge([]Detection{det}, v, uint64(i+1), nil)
	}
	return d, v
}
