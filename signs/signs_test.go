package signs

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

func sample() List {
	return List{
		{ID: 1, Letter: 'H', Status: Seen, Views: 3, Step: 17, Pos: geom.Vec2{X: 0.1, Z: -0.2}, Normal: geom.Vec2{X: 1, Z: 0}},
		{ID: 2, Letter: 'O', Status: Unreachable, Views: 1, Step: 99, Pos: geom.Vec2{X: -0.5344, Z: 0.262}},
		{ID: 7, Letter: 'C', Status: Confirmed, Views: 9, Step: 1 << 40, Pos: geom.Vec2{X: 0, Z: 0}, Normal: geom.Vec2{X: 0.6, Z: -0.8}},
	}
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		l    List
	}{{"empty", List{}}, {"one", sample()[:1]}, {"three", sample()}} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := tc.l.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			if want := headerSize + recordSize*len(tc.l); len(b) != want {
				t.Fatalf("encoded %d bytes, want %d", len(b), want)
			}
			got, err := Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.l) {
				t.Fatalf("decoded %d signs, want %d", len(got), len(tc.l))
			}
			for i := range got {
				if got[i] != tc.l[i] {
					t.Errorf("sign %d: got %v, want %v", i, got[i], tc.l[i])
				}
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	good := sample().Encode()
	mut := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	put := func(off int, v float64) func([]byte) []byte {
		return func(b []byte) []byte {
			bits := math.Float64bits(v)
			for i := range 8 {
				b[off+i] = byte(bits >> (8 * i))
			}
			return b
		}
	}
	for _, tc := range []struct {
		name, want string
		in         []byte
	}{
		{"short", "shorter than", []byte("SG")},
		{"magic", "magic", mut(func(b []byte) []byte { b[0] = 'X'; return b })},
		{"version", "version 9", mut(func(b []byte) []byte { b[2] = 9; return b })},
		{"truncated", "need", good[:len(good)-1]},
		{"trailing", "need", append(append([]byte(nil), good...), 0)},
		{"letter", "letter", mut(func(b []byte) []byte { b[headerSize+4] = 'X'; return b })},
		{"status", "status", mut(func(b []byte) []byte { b[headerSize+5] = 0; return b })},
		{"id0", "id 0", mut(func(b []byte) []byte { copy(b[headerSize:], []byte{0, 0, 0, 0}); return b })},
		{"nan", "not finite", mut(put(headerSize+16, math.NaN()))},
		{"far", "beyond", mut(put(headerSize+24, 1e9))},
		{"normal", "normal", mut(put(headerSize+32, 0.5))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.in)
			if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Decode: %v, want an ErrFormat mentioning %q", err, tc.want)
			}
		})
	}
	if l, err := Decode(nil); err != nil || len(l) != 0 {
		t.Errorf("Decode(nil) = %v, %v; want empty, nil", l, err)
	}
}

func TestMarshalRefusesInvalid(t *testing.T) {
	if _, err := (List{{ID: 1, Letter: 'Z', Status: Seen}}).MarshalBinary(); err == nil {
		t.Fatal("MarshalBinary accepted letter Z")
	}
	if b := (List{{ID: 0, Letter: 'H', Status: Seen}}).Encode(); b != nil {
		t.Fatal("Encode of an invalid list is not nil")
	}
}

func TestGetAndCandidate(t *testing.T) {
	bb := map[string][]byte{KeyCandidate: sample()[:1].Encode(), KeySeen: []byte("junk")}
	s, ok, err := Candidate(bb)
	if err != nil || !ok || s.ID != 1 {
		t.Fatalf("Candidate = %v %v %v", s, ok, err)
	}
	if _, err := Get(bb, KeySeen); err == nil || !strings.Contains(err.Error(), KeySeen) {
		t.Fatalf("Get junk: %v, want an error naming the key", err)
	}
	if _, ok, err := Candidate(map[string][]byte{}); ok || err != nil {
		t.Fatalf("Candidate of an empty blackboard: %v %v", ok, err)
	}
}

func TestCategoryAndLetters(t *testing.T) {
	for _, tc := range []struct {
		l     byte
		valid bool
		cat   Category
	}{{'H', true, Victim}, {'S', true, Victim}, {'U', true, Victim}, {'F', true, Hazard}, {'P', true, Hazard},
		{'C', true, Hazard}, {'O', true, Hazard}, {'h', false, Victim}, {0, false, Victim}, {'X', false, Victim}} {
		t.Run(string(rune(tc.l)), func(t *testing.T) {
			if erebus.ValidLetter(tc.l) != tc.valid || CategoryOf(tc.l) != tc.cat {
				t.Errorf("%q: valid %v cat %v", tc.l, erebus.ValidLetter(tc.l), CategoryOf(tc.l))
			}
		})
	}
}

func TestSameAndMatch(t *testing.T) {
	a := Sign{ID: 1, Letter: 'H', Status: Seen, Pos: geom.Vec2{X: 0, Z: 0}, Normal: geom.Vec2{X: 1, Z: 0}}
	for _, tc := range []struct {
		name string
		b    Sign
		want bool
	}{
		{"close same facing", Sign{Pos: geom.Vec2{X: 0.02, Z: 0.01}, Normal: geom.Vec2{X: 1, Z: 0}}, true},
		{"other letter", Sign{Letter: 'S', Pos: geom.Vec2{X: 0.01, Z: 0}, Normal: geom.Vec2{X: 1, Z: 0}}, true},
		{"far", Sign{Pos: geom.Vec2{X: 0.05, Z: 0}, Normal: geom.Vec2{X: 1, Z: 0}}, false},
		{"corner neighbour", Sign{Pos: geom.Vec2{X: 0.024, Z: 0.024}, Normal: geom.Vec2{X: 0, Z: 1}}, false},
		{"very close, other normal", Sign{Pos: geom.Vec2{X: 0.01, Z: 0.01}, Normal: geom.Vec2{X: 0, Z: 1}}, true},
		{"unknown normal", Sign{Pos: geom.Vec2{X: 0.02, Z: 0}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Same(a, tc.b, 0.04); got != tc.want {
				t.Errorf("Same = %v, want %v", got, tc.want)
			}
		})
	}
	l := sample()
	if i := l.Match(Sign{Pos: geom.Vec2{X: -0.53, Z: 0.26}}, 0.04); i != 1 {
		t.Errorf("Match = %d, want 1", i)
	}
	if i := l.ByID(7); i != 2 {
		t.Errorf("ByID(7) = %d", i)
	}
}

func TestReportCm(t *testing.T) {
	x, z := Sign{Pos: geom.Vec2{X: -0.5344, Z: 0.265}}.ReportCm()
	if x != -53 || z != 27 {
		t.Errorf("ReportCm = %d %d, want -53 27", x, z)
	}
}
