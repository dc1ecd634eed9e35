package nav

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// TestMapReader reads a sequence of blackboard values and checks what each
// Read returns: the encoded map (field for field as DecodeMap gives it), the
// same kept Map every time, no decode for an unchanged encoding, and an
// error that leaves the kept Map as it was.
func TestMapReader(t *testing.T) {
	enc := func(f Floor) []byte {
		m := NewMap(geom.Vec2{X: 0.3, Z: -0.1}, DefaultRobot(), DefaultMapConfig())
		r, c := m.StartTile()
		m.SetFloor(r, c+1, f)
		m.SetWall(4*r, 4*c+2)
		b, err := m.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	swamp, hole := enc(FloorSwamp), enc(FloorHole)
	rd := MapReader{Robot: DefaultRobot()}
	var kept *Map
	for i, c := range []struct {
		name    string
		b       []byte
		wantErr bool
		want    []byte // the encoding the kept Map must hold afterwards
		decode  bool   // the Map's version must change
	}{
		{"first read", swamp, false, swamp, true},
		{"unchanged", swamp, false, swamp, false},
		{"changed", hole, false, hole, true},
		{"bad", hole[:20], true, hole, false},
		{"empty", nil, true, hole, false},
		{"good again", hole, false, hole, true},
		{"back", swamp, false, swamp, true},
	} {
		var before uint64
		if kept != nil {
			before = kept.Version()
		}
		m, err := rd.Read(c.b)
		if (err != nil) != c.wantErr {
			t.Fatalf("%d %s: error %v, want one: %v", i, c.name, err, c.wantErr)
		}
		if err == nil {
			if kept != nil && m != kept {
				t.Errorf("%d %s: a new Map, want the kept one", i, c.name)
			}
			kept = m
			want, _ := DecodeMap(c.want, DefaultRobot())
			if d := contentDiff(m, want); d != "" {
				t.Errorf("%d %s: the map differs from DecodeMap's in %s", i, c.name, d)
			}
		}
		if got, _ := kept.MarshalBinary(); string(got) != string(c.want) {
			t.Errorf("%d %s: the kept map encodes another map", i, c.name)
		}
		if changed := kept.Version() != before; changed != c.decode {
			t.Errorf("%d %s: version changed %v, want %v", i, c.name, changed, c.decode)
		}
	}
}
