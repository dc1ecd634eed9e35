package exit

import (
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/signs"
)

// TestReportedSigns: the map matrix gets the signs of signs.reported that
// report reported or confirmed, in order, with their position, letter and
// normal; an unreachable sign, an absent key or an unreadable one gives none.
func TestReportedSigns(t *testing.T) {
	rep := signs.List{
		{ID: 1, Letter: 'H', Status: signs.Confirmed, Pos: geom.Vec2{X: 0.1, Z: -0.2}, Normal: geom.Vec2{X: 1}},
		{ID: 2, Letter: 'S', Status: signs.Unreachable, Pos: geom.Vec2{X: 0.3, Z: 0.4}, Normal: geom.Vec2{Z: -1}},
		{ID: 3, Letter: 'F', Status: signs.Reported, Pos: geom.Vec2{X: -0.5, Z: 0.6}},
	}
	for _, tc := range []struct {
		name string
		bb   map[string][]byte
		want []signs.Sign
	}{
		{"reported and confirmed", map[string][]byte{signs.KeyReported: rep.Encode()},
			[]signs.Sign{rep[0], rep[2]}},
		{"only unreachable", map[string][]byte{signs.KeyReported: rep[1:2].Encode()}, nil},
		{"absent", nil, nil},
		{"unreadable", map[string][]byte{signs.KeyReported: []byte("SG\x01\x01\x00")}, nil},
	} {
		if got := reportedSigns(tc.bb); !slices.Equal(got, tc.want) {
			t.Errorf("%s: reportedSigns = %v, want %v", tc.name, got, tc.want)
		}
	}
}
