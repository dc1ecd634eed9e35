package signs

import (
	"encoding/binary"
	"fmt"
)

// EncodeIDs encodes sign IDs for KeyRevisit: one little-endian uint32 each
// (nil for none).
func EncodeIDs(ids []uint32) []byte {
	if len(ids) == 0 {
		return nil
	}
	b := make([]byte, 0, 4*len(ids))
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint32(b, id)
	}
	return b
}

// DecodeIDs decodes a KeyRevisit value; an encoding whose length is no
// multiple of 4, or that holds the ID 0 (no sign has it), is an error
// wrapping ErrFormat.
func DecodeIDs(b []byte) ([]uint32, error) {
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("%w: sign IDs: %d bytes", ErrFormat, len(b))
	}
	ids := make([]uint32, 0, len(b)/4)
	for i := 0; i < len(b); i += 4 {
		id := binary.LittleEndian.Uint32(b[i:])
		if id == 0 {
			return nil, fmt.Errorf("%w: sign ID %d is 0", ErrFormat, i/4)
		}
		ids = append(ids, id)
	}
	return ids, nil
}
