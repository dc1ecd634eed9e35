package signs

import (
	"bytes"
	"errors"
	"slices"
	"testing"
)

// TestIDsRoundTrip: IDs decode as they were encoded, none encodes to nil,
// and bad encodings are errors wrapping ErrFormat.
func TestIDsRoundTrip(t *testing.T) {
	for _, ids := range [][]uint32{{7}, {3, 1, 4000000000}} {
		got, err := DecodeIDs(EncodeIDs(ids))
		if err != nil || !slices.Equal(got, ids) {
			t.Errorf("DecodeIDs(EncodeIDs(%v)) = %v, %v", ids, got, err)
		}
	}
	if b := EncodeIDs(nil); b != nil {
		t.Errorf("no IDs encode to %v, want nil", b)
	}
	if got, err := DecodeIDs(nil); err != nil || len(got) != 0 {
		t.Errorf("DecodeIDs(nil) = %v, %v; want none", got, err)
	}
	for _, b := range [][]byte{{1, 2, 3}, {5, 0, 0, 0, 0, 0, 0, 0}} {
		if _, err := DecodeIDs(b); !errors.Is(err, ErrFormat) {
			t.Errorf("DecodeIDs(%v) error %v, want ErrFormat", b, err)
		}
	}
}

// FuzzDecodeIDs: DecodeIDs never panics, and whatever it accepts
// re-encodes to the same bytes.
func FuzzDecodeIDs(f *testing.F) {
	f.Add(EncodeIDs([]uint32{3, 9}))
	f.Add([]byte{1, 0, 0})
	f.Add([]byte{0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		ids, err := DecodeIDs(b)
		if err != nil {
			return
		}
		if again := EncodeIDs(ids); !bytes.Equal(again, b) {
			t.Fatalf("re-encoding differs:\n%x\n%x", b, again)
		}
	})
}
