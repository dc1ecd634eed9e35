package signs

import (
	"bytes"
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

// FuzzAnswerCell: AnswerCell never panics and gives non-negative cells.
func FuzzAnswerCell(f *testing.F) {
	f.Add(0.1, 0.2, 1.0, 0.0, -0.54, -0.54)
	f.Add(-1e308, 5.0, 0.3, 0.3, 0.0, 0.0)
	f.Fuzz(func(t *testing.T, x, z, nx, nz, ox, oz float64) {
		r, c, ok := AnswerCell(geom.Vec2{X: x, Z: z}, geom.Vec2{X: nx, Z: nz}, geom.Vec2{X: ox, Z: oz})
		if ok && (r < 0 || c < 0) {
			t.Fatalf("negative cell (%d,%d)", r, c)
		}
	})
}
