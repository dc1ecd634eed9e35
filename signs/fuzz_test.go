package signs

import (
	"bytes"
	"testing"
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
