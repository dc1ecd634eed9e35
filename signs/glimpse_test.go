package signs

import (
	"errors"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// TestGlimpsesRoundTrip: glimpses decode as they were encoded (float32),
// none encodes to nil, and bad encodings are errors, never a panic.
func TestGlimpsesRoundTrip(t *testing.T) {
	gs := []Glimpse{{Pos: geom.Vec2{X: 0.235, Z: -0.182}, Normal: geom.Vec2{X: -1}}, {Pos: geom.Vec2{X: -1.5, Z: 2}, Normal: geom.Vec2{Z: 1}}}
	got, err := DecodeGlimpses(EncodeGlimpses(gs))
	if err != nil || len(got) != len(gs) {
		t.Fatalf("decoded %v, %v; want %v", got, err, gs)
	}
	for i := range gs {
		if got[i].Pos.Dist(gs[i].Pos) > 1e-6 || got[i].Normal.Dist(gs[i].Normal) > 1e-6 {
			t.Errorf("glimpse %d: %v, want %v", i, got[i], gs[i])
		}
	}
	if b := EncodeGlimpses(nil); b != nil {
		t.Errorf("no glimpses encode to %v, want nil", b)
	}
	nan := EncodeGlimpses(gs[:1])
	nan[0], nan[1], nan[2], nan[3] = 0, 0, 0xc0, 0x7f // a float32 NaN
	for _, b := range [][]byte{{1, 2, 3}, nan} {
		if _, err := DecodeGlimpses(b); !errors.Is(err, ErrFormat) {
			t.Errorf("DecodeGlimpses(%v) error %v, want ErrFormat", b, err)
		}
	}
}
