package signs

import (
	"bytes"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// FuzzDecode: Decode never panics, and whatever it accepts re-encodes to
// the same bytes.
func FuzzDecode(f *testing.F) {
	f.Add(sample().Encode())
	f.Add(List{}.Encode())
	f.Add([]byte("SG\x01\x01\x00"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := Decode(b)
		if err != nil {
			return
		}
		if len(b) == 0 {
			return
		}
		again, err := l.MarshalBinary()
		if err != nil {
			t.Fatalf("decoded list does not encode: %v", err)
		}
		if !bytes.Equal(again, b) {
			// -0 and 0 decode alike but keep their bits, so equality is exact.
			t.Fatalf("re-encoding differs:\n%x\n%x", b, again)
		}
	})
}

// FuzzDecodeGlimpses: DecodeGlimpses never panics, and whatever it accepts
// has finite values only and re-encodes to the same bytes (a float32 read
// into a float64 and written back keeps its bits).
func FuzzDecodeGlimpses(f *testing.F) {
	f.Add(EncodeGlimpses([]Glimpse{{Pos: geom.Vec2{X: 0.2, Z: -0.1}, Normal: geom.Vec2{X: 1}}}))
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		gs, err := DecodeGlimpses(b)
		if err != nil {
			return
		}
		for _, g := range gs {
			for _, v := range [4]float64{g.Pos.X, g.Pos.Z, g.Normal.X, g.Normal.Z} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("accepted a value not finite: %v", g)
				}
			}
		}
		if again := EncodeGlimpses(gs); !bytes.Equal(again, b) {
			t.Fatalf("re-encoding differs:\n%x\n%x", b, again)
		}
	})
}
