package explore

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/signs"
)

// TestNextGlimpse: a sign victim-detect glimpsed on a wall face names that
// face and a place in front of it to look from, also where the floor in
// front is not known yet (Area123Joaco2 of shared/more-worlds: an H in a
// bay the robot never entered, glimpsed from 0.2-0.26 m only), and none
// once the face was looked at or for a glimpse off the lines.
func TestNextGlimpse(t *testing.T) {
	m := nav.NewMap(geom.Vec2{X: -0.06, Z: 0.06}, nav.DefaultRobot(), nav.DefaultMapConfig())
	// A wall along Z two tiles right of the start tile's centre: its
	// line x = 0.18, cells of column startCell+8, rows startCell-2..+2.
	for r := startCell - 2; r <= startCell+2; r++ {
		m.SetWall(r, startCell+8)
	}
	wallX := cellPoint(m, startCell, startCell+8).X
	st := m.Start()
	f := m.Search(st, nav.DefaultCosts())
	// The sign hangs on the wall's west face, 1 cm below the middle of
	// the upper quarter (rows startCell-1 is a face middle).
	g := signs.Glimpse{Pos: geom.Vec2{X: wallX - signOffset, Z: cellPoint(m, startCell-1, 0).Z + 0.01}, Normal: geom.Vec2{X: -1}}
	fs := newFaces()
	goal, c := fs.nextGlimpse(m, f, []signs.Glimpse{g}, 10)
	if c >= 10 {
		t.Fatalf("nextGlimpse found no place to look at the glimpsed face from")
	}
	if want := keyOf(startCell-1, startCell+8, 0); goal.key != want {
		t.Errorf("face %d, want %d (the west side of the face the sign hangs on)", goal.key, want)
	}
	if d := goal.at.Dist(g.Pos); goal.at.X >= wallX || d > faceViewDist || d < faceMinDist {
		t.Errorf("place %v is %.3f m from the sign at %v: want west of the wall, %.3f-%.3f m off", goal.at, d, g.Pos, faceMinDist, faceViewDist)
	}
	// Looked at: nothing left to look at.
	fs.seen[goal.key] = true
	if _, c := fs.nextGlimpse(m, f, []signs.Glimpse{g}, 10); c < 10 {
		t.Errorf("a face looked at already is looked at again")
	}
	// Off the lines (a curve's face): the surfaces' sweep is for those.
	g.Normal = geom.Vec2{X: -0.71, Z: 0.71}
	if _, c := (&faces{seen: map[faceKey]bool{}, fail: map[faceKey]int{}}).nextGlimpse(m, f, []signs.Glimpse{g}, 10); c < 10 {
		t.Errorf("a glimpse off the lines names a face of the lines")
	}
}
