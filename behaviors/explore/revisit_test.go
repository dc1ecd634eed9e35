package explore

import (
	"bytes"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/signs"
)

// TestNextRevisit: a sign report gave up (signs.revisit,
// Unreachable in signs.reported) names a place the search reached in front
// of it, in sight of it; none once revisited, once handed back, when not
// listed, or when every node near its front lies beyond another wall (a
// node there is nearer than any in sight, and report's way from it is the
// long one: prueba_Day_2-6_Richo of shared/more-worlds, its F's front and
// the corridor beside it).
func TestNextRevisit(t *testing.T) {
	m := nav.NewMap(geom.Vec2{X: -0.06, Z: 0.06}, nav.DefaultRobot(), nav.DefaultMapConfig())
	// A wall along Z two tiles right of the start tile's centre, three
	// tiles long: its line x = 0.18, cells of column startCell+8.
	for r := startCell - 6; r <= startCell+6; r++ {
		m.SetWall(r, startCell+8)
	}
	wallX := cellPoint(m, startCell, startCell+8).X
	s := signs.Sign{ID: 7, Letter: 'F', Status: signs.Unreachable, Views: 4,
		Pos: geom.Vec2{X: wallX + signOffset, Z: cellPoint(m, startCell-1, 0).Z}, Normal: geom.Vec2{X: 1}}
	bb := func(ids []uint32, st signs.Status) map[string][]byte {
		s := s
		s.Status = st
		return map[string][]byte{signs.KeyReported: signs.List{s}.Encode(), signs.KeyRevisit: signs.EncodeIDs(ids)}
	}
	f := m.Search(m.Start(), nav.DefaultCosts())
	v := revisits{done: map[uint32]bool{}}
	v.read(bb([]uint32{7}, signs.Unreachable))
	g, ok := v.next(m, f, nil)
	if !ok {
		t.Fatal("no place to revisit the sign from")
	}
	if g.key != revisitKeyBase+7 {
		t.Errorf("key %d, want %d", g.key, revisitKeyBase+7)
	}
	front := s.Pos.Add(s.Normal.Scale(revisitStandoff))
	if g.at.X <= wallX || g.at.Dist(front) > revisitNear || !inSight(m, g.at, s.Pos) {
		t.Errorf("place %v: want east of the wall (x %.3f), within %.2f m of %v, in sight of the sign", g.at, wallX, revisitNear, front)
	}
	for _, tc := range []struct {
		name string
		ids  []uint32
		st   signs.Status
		done bool
	}{
		{"revisited", []uint32{7}, signs.Unreachable, true},
		{"handed back", []uint32{7}, signs.Seen, false},
		{"not listed", []uint32{8}, signs.Unreachable, false},
		{"none listed", nil, signs.Unreachable, false},
	} {
		v := revisits{done: map[uint32]bool{7: tc.done}}
		v.read(bb(tc.ids, tc.st))
		if g, ok := v.next(m, f, nil); ok {
			t.Errorf("%s: revisited from %v", tc.name, g.at)
		}
	}
	if _, ok := v.next(m, f, map[faceKey]int{revisitKeyBase + 7: 1}); ok {
		t.Errorf("failed on the way once: revisited again")
	}
	// A second wall as long, a quarter east of the first: the sign hangs
	// in a slot too narrow for the body, and the nodes near its front are
	// east of the second wall.
	for r := startCell - 6; r <= startCell+6; r++ {
		m.SetWall(r, startCell+10)
	}
	f = m.Search(m.Start(), nav.DefaultCosts())
	if g, ok := v.next(m, f, nil); ok {
		t.Errorf("revisited from %v, beyond the wall in front of the sign", g.at)
	}
}

// TestPublishRevisiting: signs.revisiting names the sign whose revisit is
// the face goal, is deleted (an empty value) once the goal is another, and
// is not written again while the blackboard holds it already.
func TestPublishRevisiting(t *testing.T) {
	for _, tc := range []struct {
		name  string
		key   faceKey
		bb    []byte
		write bool
		want  []byte
	}{
		{"revisiting", revisitKeyBase + 7, nil, true, signs.EncodeIDs([]uint32{7})},
		{"revisiting, written", revisitKeyBase + 7, signs.EncodeIDs([]uint32{7}), false, nil},
		{"another sign", revisitKeyBase + 8, signs.EncodeIDs([]uint32{7}), true, signs.EncodeIDs([]uint32{8})},
		{"a face", 12, signs.EncodeIDs([]uint32{7}), true, nil},
		{"no goal", -1, nil, false, nil},
	} {
		e := &Explore{face: faceGoal{key: tc.key}}
		act := &pluginpb.Action{}
		e.publishRevisiting(map[string][]byte{signs.KeyRevisiting: tc.bb}, act)
		b, written := act.GetBlackboard()[signs.KeyRevisiting]
		if written != tc.write || !bytes.Equal(b, tc.want) {
			t.Errorf("%s: written %v %v, want %v %v", tc.name, written, b, tc.write, tc.want)
		}
	}
}
