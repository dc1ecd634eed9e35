package report

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/signs"
)

// stubMap is the start tile and the tiles around it as plain floor, with a
// wall on the start tile's right side and a stub down the tile's middle
// line from its top side halfway to its centre: a sign on the
// stub's right face, in the top quarter, stands in a pocket one quarter
// wide (R2D2__7_ of shared/more-worlds has a row of them). No node of the
// 6 cm lattice is within reach of the sign on its front side: the body
// reports from below the stub's end, between the nodes.
func stubMap(t *testing.T) (*nav.Map, []byte) {
	t.Helper()
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	for r := -1; r <= 1; r++ {
		for c := -1; c <= 1; c++ {
			m.SetFloor(nav.MaxTiles+r, nav.MaxTiles+c, nav.FloorPlain)
		}
	}
	r0, c0 := 4*nav.MaxTiles, 4*nav.MaxTiles
	for r := 0; r <= 4; r++ {
		m.SetWall(r0+r, c0+4)
	}
	m.SetWall(r0, c0+2)
	m.SetWall(r0+1, c0+2)
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return m, b
}

func TestPlanOffLattice(t *testing.T) {
	m, b := stubMap(t)
	c := m.Start()
	// On the stub's right face (the stub stands on x = c.X), 0.0056 m off
	// its centre line, facing +x, 0.04 m above the tile's centre.
	s := signs.Sign{ID: 1, Letter: 'F', Status: signs.Raised, Views: 3,
		Pos: geom.Vec2{X: c.X + 0.0056, Z: c.Z - 0.04}, Normal: geom.Vec2{X: 1}}
	r := NewLogged(nil).(*Report)
	bb := map[string][]byte{nav.KeyMap: b}
	from := nav.Pose{Vec2: geom.Vec2{X: c.X - 0.06, Z: c.Z + 0.06}}
	p, path, onMap := r.plan(bb, from, s, nil)
	if !onMap || len(path) == 0 {
		t.Fatalf("plan: %v, path %v, on map %v: want a place to report from", p, path, onMap)
	}
	if last := path[len(path)-1]; last != p {
		t.Errorf("the path ends at %v, not at the place %v", last, p)
	}
	d := p.Dist(s.Pos)
	front := (p.X - s.Pos.X) * s.Normal.X
	if d > r.reach || front <= 0 {
		t.Errorf("place %v: %.3f m from the sign (reach %.3f), %.3f m in front", p, d, r.reach, front)
	}
	if cl := m.WallClearance(p, 0.1); cl < nav.DefaultRobot().BodyRadius {
		t.Errorf("place %v: %.4f m from the nearest wall, less than the body's radius", p, cl)
	}
	for i := 1; i < len(path); i++ {
		if !fitsAlong(m, path[i-1], path[i], nav.DefaultRobot().BodyRadius) {
			t.Errorf("the body does not fit along %v → %v", path[i-1], path[i])
		}
	}
}
