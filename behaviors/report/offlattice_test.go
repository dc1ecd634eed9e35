package report

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
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
	p, path, onMap := r.plan(bb, from, s, s.Normal, nil)
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

// corridorMap is the start tile and the tiles around it as plain floor,
// with a wall on the right side of the start tile and of the tile below
// it, and a wall all down the start tile's middle line: between the two
// is a dead end one quarter (0.06 m) wide, too narrow for the body, open
// at the bottom. R2D2__7_ of shared/more-worlds has three signs in such
// dead ends, 0.03 m from the mouth, on the outer wall: the nearest place
// the body fits, below the mouth, is 0.078-0.079 m from each, inside
// Erebus's 0.09 m but beyond the 0.077 m report looked within (on the
// robot's map, whose walls end at the tile side, 0.085 m).
func corridorMap(t *testing.T) (*nav.Map, []byte) {
	t.Helper()
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	for r := -1; r <= 1; r++ {
		for c := -1; c <= 1; c++ {
			m.SetFloor(nav.MaxTiles+r, nav.MaxTiles+c, nav.FloorPlain)
		}
	}
	r0, c0 := 4*nav.MaxTiles, 4*nav.MaxTiles
	for r := 0; r <= 8; r++ {
		m.SetWall(r0+r, c0+4)
	}
	for r := 0; r <= 4; r++ {
		m.SetWall(r0+r, c0+2)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return m, b
}

// TestPlanFarPocket checks that a sign in a dead end too narrow for the
// body gets a place to report from outside the mouth, within Erebus's
// 0.09 m less a margin, on its front side, and that the robot may report
// from there.
func TestPlanFarPocket(t *testing.T) {
	m, b := corridorMap(t)
	c := m.Start()
	// On the right wall's inner face (the wall stands on x = c.X+0.06),
	// facing −x, in the lower quarter: 0.03 m above the mouth.
	s := signs.Sign{ID: 1, Letter: 'S', Status: signs.Raised, Views: 3,
		Pos: geom.Vec2{X: c.X + 0.06 - 0.0056, Z: c.Z + 0.03}, Normal: geom.Vec2{X: -1}}
	r := NewLogged(nil).(*Report)
	bb := map[string][]byte{nav.KeyMap: b}
	from := nav.Pose{Vec2: geom.Vec2{X: c.X - 0.06, Z: c.Z + 0.12}}
	p, path, onMap := r.plan(bb, from, s, s.Normal, nil)
	if !onMap || len(path) == 0 {
		t.Fatalf("plan: %v, path %v, on map %v: want a place to report from", p, path, onMap)
	}
	d := p.Dist(s.Pos)
	front := (p.X - s.Pos.X) * s.Normal.X / d
	if d > farReach-farTol || front < 0.35 {
		t.Errorf("place %v: %.3f m from the sign, %.2f in front: want within %.3f m, in front", p, d, front, farReach-farTol)
	}
	if cl := m.WallClearance(p, 0.1); cl < nav.DefaultRobot().BodyRadius+offMargin {
		t.Errorf("place %v: %.4f m from the nearest wall, less than the body's radius and margin", p, cl)
	}
	r.job = job{id: s.ID, sign: s, far: r.farPlace}
	if !r.canReport(s, nav.Pose{Vec2: p}) {
		t.Errorf("the robot at the place %v may not report the sign", p)
	}
	// A place within the reach parameter keeps the reach.
	r.job.far = false
	if r.canReport(s, nav.Pose{Vec2: geom.Vec2{X: s.Pos.X - 0.084, Z: s.Pos.Z}}) {
		t.Errorf("a job with a place within reach reports from 0.084 m")
	}
}

// wallMap is six rows of three tiles of plain floor with a wall along the
// top and down the middle column's right side from the top row to the
// fifth: a sign on the
// wall's right face is 0.12 m from a robot on its left, and the way round
// the wall's lower end is about 1 m long.
func wallMap(t *testing.T) (*nav.Map, []byte) {
	t.Helper()
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	for r := -3; r <= 2; r++ {
		for c := -1; c <= 1; c++ {
			m.SetFloor(nav.MaxTiles+r, nav.MaxTiles+c, nav.FloorPlain)
		}
	}
	r0, c0 := 4*nav.MaxTiles, 4*nav.MaxTiles
	for r := -12; r <= 4; r++ {
		m.SetWall(r0+r, c0+4)
	}
	for c := -4; c <= 8; c++ {
		m.SetWall(r0-12, c0+c) // the top side
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return m, b
}

// TestLongWayAfterAFailure checks that a job which failed at a place to
// report from does not set off on a long way round to another (in
// R2D2__7_ of shared/more-worlds such ways, 1.1-4.7 m for places 0.2 m
// off, ended at walls the map had not seen, 10-45 s each): the sign is
// given up for want of a way, to be handed back when the robot is near.
// Nor does a job's first approach take a way longer than retryPath (in
// R2D2__7_ such jobs took 15-29 s each, in a game whose time ran out with
// signs unseen): explore is likely to bring the robot near the sign,
// where it is handed back.
func TestLongWayAfterAFailure(t *testing.T) {
	_, b := wallMap(t)
	c := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig()).Start()
	s := signs.Sign{ID: 1, Letter: 'F', Status: signs.Raised, Views: 3,
		Pos: geom.Vec2{X: c.X + 0.06 + 0.0056, Z: c.Z - 0.30}, Normal: geom.Vec2{X: 1}}
	pose := nav.Pose{Vec2: geom.Vec2{X: c.X - 0.06, Z: c.Z - 0.30}}
	for _, tc := range []struct {
		name     string
		replans  int
		wantDone bool
	}{
		{"first approach", 0, true},
		{"after getting stuck", 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewLogged(nil).(*Report)
			bb := map[string][]byte{nav.KeyMap: b}
			r.job = job{id: s.ID, sign: s, phase: phaseApproach, replans: tc.replans, start: 10}
			obs := &pluginpb.Observation{Step: 400, SimTime: 12.8, Driver: true}
			for range len(facingTurns) + 1 {
				r.drive(obs, pose, &pluginpb.Action{}, bb)
			}
			if done := r.job.phase == phaseDone; done != tc.wantDone {
				t.Fatalf("job done %v, want %v (path %.2f m)", done, tc.wantDone, r.fol.Path().Length())
			}
			if tc.wantDone && !r.job.wayless {
				t.Errorf("given up, but not for want of a way: it is never handed back")
			}
			if !tc.wantDone && r.fol.Path().Length() < 0.8 {
				t.Errorf("path %.2f m: want the way round the wall", r.fol.Path().Length())
			}
		})
	}
}

// TestTriedPlacesAvoided checks that a place the robot got stuck going to
// with the sign's own facing is not chosen again with a turned one.
func TestTriedPlacesAvoided(t *testing.T) {
	_, b := wallMap(t)
	c := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig()).Start()
	s := signs.Sign{ID: 1, Letter: 'F', Status: signs.Raised, Views: 3,
		Pos: geom.Vec2{X: c.X + 0.06 + 0.0056, Z: c.Z - 0.30}, Normal: geom.Vec2{X: 1}}
	pose := nav.Pose{Vec2: geom.Vec2{X: c.X + 0.18, Z: c.Z - 0.24}}
	r := NewLogged(nil).(*Report)
	bb := map[string][]byte{nav.KeyMap: b}
	stuckAt, _, ok := r.plan(bb, pose, s, s.Normal, nil)
	if !ok {
		t.Fatal("no place to report from")
	}
	r.job = job{id: s.ID, sign: s, phase: phaseApproach, start: 10, facingTry: 1, tried: []geom.Vec2{stuckAt}}
	obs := &pluginpb.Observation{Step: 400, SimTime: 12.8, Driver: true}
	r.drive(obs, pose, &pluginpb.Action{}, bb)
	if r.job.target.Dist(stuckAt) < 0.03 {
		t.Errorf("the turned facing goes to %v again, where it got stuck", r.job.target)
	}
}

// TestNoStraightDriveFromAfar checks that a sign with no way on the map
// to a place to report from is not driven to straight from beyond
// plan_dist: walls close the left two columns of wallMap's floor all
// round, so the wall's right face, where the sign is, lies beyond them for
// a robot inside. In R2D2__7_ of shared/more-worlds such drives of 0.2-0.8 m ended
// against walls; the sign is given up for want of a way (handed back when
// the map offers one). On the sign's side the map has a way.
func TestNoStraightDriveFromAfar(t *testing.T) {
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	for r := -3; r <= 2; r++ {
		for c := -1; c <= 1; c++ {
			m.SetFloor(nav.MaxTiles+r, nav.MaxTiles+c, nav.FloorPlain)
		}
	}
	r0, c0 := 4*nav.MaxTiles, 4*nav.MaxTiles
	for r := -12; r <= 12; r++ {
		m.SetWall(r0+r, c0+4) // the middle column's right side, top to bottom
		m.SetWall(r0+r, c0-4) // the left column's left side
	}
	for c := -4; c <= 4; c++ {
		m.SetWall(r0-12, c0+c) // the top and bottom sides of the two left columns
		m.SetWall(r0+12, c0+c)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	c := m.Start()
	s := signs.Sign{ID: 1, Letter: 'F', Status: signs.Raised, Views: 3,
		Pos: geom.Vec2{X: c.X + 0.06 + 0.0056, Z: c.Z - 0.30}, Normal: geom.Vec2{X: 1}}
	for _, tc := range []struct {
		name     string
		pose     nav.Pose
		wantDone bool
	}{
		{"beyond the wall", nav.Pose{Vec2: geom.Vec2{X: c.X - 0.06, Z: c.Z - 0.30}}, true},
		{"on the sign's side", nav.Pose{Vec2: geom.Vec2{X: c.X + 0.12, Z: c.Z - 0.24}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewLogged(nil).(*Report)
			bb := map[string][]byte{nav.KeyMap: b}
			r.job = job{id: s.ID, sign: s, phase: phaseApproach, start: 10}
			obs := &pluginpb.Observation{Step: 400, SimTime: 12.8, Driver: true}
			for range len(facingTurns) + 1 {
				r.drive(obs, tc.pose, &pluginpb.Action{}, bb)
			}
			if done := r.job.phase == phaseDone; done != tc.wantDone {
				t.Fatalf("job done %v, want %v (target %v, on the map %v)", done, tc.wantDone, r.job.target, r.job.onMap)
			}
			if tc.wantDone && !r.job.wayless {
				t.Errorf("given up, but not for want of a way: it is never handed back")
			}
		})
	}
}
