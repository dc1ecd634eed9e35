package report

import (
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/signs"
)

// pastEndMap is seven rows of three tiles of plain floor, cut down the
// start tile's right side by a wall from beyond the map's top to its sixth
// row, but for a gap of a quarter and a half (9 cm between the cells, too
// narrow for the body with the nodes beside it) below the start tile's
// middle; from the gap's top end a wall runs right for a tile. A sign on
// that wall's lower face, facing +z, has the lattice's nodes within reach
// only on the right of the long wall, 1.2 m round by the bottom row; on the
// left the body fits in front of the gap, off the lattice and within
// Erebus's 0.09 m (prueba_Day_2-6_Richo of shared/more-worlds as v26.1:
// its F at the end of a wall, seen from the corridor beside it).
func pastEndMap(t *testing.T) (*nav.Map, []byte) {
	t.Helper()
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	for r := -1; r <= 5; r++ {
		for c := -1; c <= 1; c++ {
			m.SetFloor(nav.MaxTiles+r, nav.MaxTiles+c, nav.FloorPlain)
		}
	}
	r0, c0 := 4*nav.MaxTiles, 4*nav.MaxTiles
	for r := r0 - 12; r <= r0+20; r++ {
		if r == r0+3 || r == r0+4 {
			continue // the gap
		}
		m.SetWall(r, c0+4)
	}
	for c := c0 + 5; c <= c0+8; c++ {
		m.SetWall(r0+2, c)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return m, b
}

// TestPlanPastWallEnd: handing a sign back, with the nodes within reach of
// it a long way round, report plans a place off the lattice on the near
// side of the wall's end, where the way is short, and hands it back (main
// planned a way of 1.14 m to a node, and never handed it back). A first
// job keeps the node and its long way, and gives the sign up. From the
// sign's own side the node in front of it stays the place, and a place
// beyond the reach parameter is not taken for a way only long.
func TestPlanPastWallEnd(t *testing.T) {
	m, b := pastEndMap(t)
	c := m.Start()
	near := signs.Sign{ID: 1, Letter: 'F', Status: signs.Raised, Views: 3,
		Pos: geom.Vec2{X: c.X + 0.09, Z: c.Z + 0.0056}, Normal: geom.Vec2{Z: 1}}
	far := near
	far.Pos.X += 0.03 // 0.08 m from the nearest place on the near side
	beside, front := geom.Vec2{X: c.X - 0.03, Z: c.Z + 0.06}, geom.Vec2{X: c.X + 0.15, Z: c.Z + 0.15}
	for _, tc := range []struct {
		name string
		s    signs.Sign
		from geom.Vec2
		back bool // handing back
		off  bool // a place off the lattice, a short way
	}{
		{"handing back beside the wall's end", near, beside, true, true},
		{"a first job beside the wall's end", near, beside, false, false},
		{"in front of the sign", near, front, true, false},
		{"handing back, the sign beyond reach", far, beside, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewLogged(nil).(*Report)
			r.handingBack = tc.back
			p, path, onMap := r.plan(map[string][]byte{nav.KeyMap: b}, nav.Pose{Vec2: tc.from}, tc.s, tc.s.Normal, nil)
			if !onMap || len(path) == 0 {
				t.Fatalf("plan: %v, no way there", p)
			}
			if r.offLattice != tc.off || r.farPlace {
				t.Errorf("place %v off the lattice %v (beyond reach %v), want %v", p, r.offLattice, r.farPlace, tc.off)
			}
			if long := path.Length() > retryPath; long != (tc.from == beside && !tc.off) {
				t.Errorf("a way of %.2f m to %v", path.Length(), p)
			}
			d := p.Dist(tc.s.Pos)
			if dir := p.Sub(tc.s.Pos).Dot(tc.s.Normal) / d; d > r.reach || dir < 0.35 {
				t.Errorf("place %v: %.3f m from the sign, %.2f in front: want within %.3f m, in front", p, d, dir, r.reach)
			}
			if cl := m.WallClearance(p, 0.1); cl < nav.DefaultRobot().BodyRadius {
				t.Errorf("place %v: %.4f m from the nearest wall, less than the body's radius", p, cl)
			}
		})
	}
}

// TestRevisitList: signs.revisit lists the signs given up that a
// hand-back may still take back (for the way, long or none, for places
// failed, not seen again), and no other: not one handed back as often as
// it may be, handed back already, or given up for a reason a hand-back
// never takes back (the gate's refusal, a time limit: no gaveUp entry).
func TestRevisitList(t *testing.T) {
	r := NewLogged(nil).(*Report)
	r.gaveUp = map[uint32]*gaveUp{
		1: {},
		2: {tries: maxRetries},
		3: {hadWay: true, failed: []geom.Vec2{{X: 0.1}}},
		4: {},
		6: {tries: maxRetries - 1},
		8: {unseen: true, views: 3},
	}
	rep := signs.List{
		{ID: 1, Letter: 'H', Status: signs.Unreachable}, // the way long
		{ID: 2, Letter: 'S', Status: signs.Unreachable}, // handed back as often as it may be
		{ID: 3, Letter: 'U', Status: signs.Unreachable}, // stuck on the way
		{ID: 4, Letter: 'F', Status: signs.Seen},        // handed back
		{ID: 5, Letter: 'P', Status: signs.Confirmed},
		{ID: 6, Letter: 'C', Status: signs.Unreachable},
		{ID: 7, Letter: 'O', Status: signs.Unreachable}, // refused by the gate
		{ID: 8, Letter: 'H', Status: signs.Unreachable}, // not seen again
	}
	got, err := signs.DecodeIDs(r.revisit(rep))
	if err != nil || !slices.Equal(got, []uint32{1, 3, 6, 8}) {
		t.Errorf("revisit lists %v (%v), want [1 3 6 8]", got, err)
	}
	if b := r.revisit(rep[3:5]); b != nil {
		t.Errorf("nothing to revisit encodes to %v, want none (the key deleted)", b)
	}
}

// TestHandBackRevisiting: a sign given up for a long way, past a wall's
// end, is handed back to a place off the lattice only while explore
// revisits it (signs.revisiting names it); the job that follows may plan
// such places. While explore revisits another sign or none, the lattice's
// long way keeps it given up, so a game's course elsewhere stays that of
// the lattice (big26's Day_2-2-FIXED3, session 36: a hand-back off the
// lattice during exploration found an F 29 s sooner and lost 103 points a
// game in the course that followed).
func TestHandBackRevisiting(t *testing.T) {
	_, b := pastEndMap(t)
	c := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig()).Start()
	s := signs.Sign{ID: 1, Letter: 'F', Status: signs.Unreachable, Views: 3,
		Pos: geom.Vec2{X: c.X + 0.09, Z: c.Z + 0.0056}, Normal: geom.Vec2{Z: 1}}
	beside := geom.Vec2{X: c.X - 0.03, Z: c.Z + 0.06}
	for _, tc := range []struct {
		name       string
		revisiting []uint32
		back       bool
	}{
		{"explore revisits it", []uint32{1}, true},
		{"explore revisits another", []uint32{9}, false},
		{"explore revisits none", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewLogged(nil).(*Report)
			r.gaveUp = map[uint32]*gaveUp{1: {at: 10}}
			obs := &pluginpb.Observation{SimTime: 100, Blackboard: map[string][]byte{
				nav.KeyMap: b, signs.KeyReported: signs.List{s}.Encode(), signs.KeyRevisiting: signs.EncodeIDs(tc.revisiting)}}
			act := &pluginpb.Action{}
			r.retryUnreachable(obs, nav.Pose{Vec2: beside}, act)
			rep, err := signs.Get(act.GetBlackboard(), signs.KeyReported)
			if back := err == nil && len(rep) == 1 && rep[0].Status == signs.Seen; back != tc.back {
				t.Fatalf("handed back %v (%v, %v), want %v", back, rep, err, tc.back)
			}
			if !tc.back {
				return
			}
			r.startJob(rep[0], 101)
			if !r.job.handedBack || !r.job.revisited {
				t.Errorf("its job: handed back %v, revisited %v; want both", r.job.handedBack, r.job.revisited)
			}
		})
	}
}
