package signs

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/rescuekit/rescuekit/geom"
)

// Glimpse is a sign-like picture victim-detect saw several times without
// classifying it (KeyGlimpsed): where it is and the side it faces.
type Glimpse struct {
	Pos, Normal geom.Vec2
}

// glimpseBytes is the size of one encoded Glimpse: four little-endian
// float32 (x, z, normal x, normal z).
const glimpseBytes = 16

// EncodeGlimpses encodes gs for KeyGlimpsed (nil for none).
func EncodeGlimpses(gs []Glimpse) []byte {
	if len(gs) == 0 {
		return nil
	}
	b := make([]byte, 0, len(gs)*glimpseBytes)
	for _, g := range gs {
		for _, v := range [4]float64{g.Pos.X, g.Pos.Z, g.Normal.X, g.Normal.Z} {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(v)))
		}
	}
	return b
}

// DecodeGlimpses decodes a KeyGlimpsed value; an encoding whose length is
// no multiple of a record, or that holds a value that is not finite, is an
// error wrapping ErrFormat.
func DecodeGlimpses(b []byte) ([]Glimpse, error) {
	if len(b)%glimpseBytes != 0 {
		return nil, fmt.Errorf("%w: glimpses: %d bytes", ErrFormat, len(b))
	}
	gs := make([]Glimpse, 0, len(b)/glimpseBytes)
	for i := 0; i < len(b); i += glimpseBytes {
		var v [4]float64
		for k := range v {
			f := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[i+4*k:])))
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, fmt.Errorf("%w: glimpse %d: value not finite", ErrFormat, i/glimpseBytes)
			}
			v[k] = f
		}
		gs = append(gs, Glimpse{Pos: geom.Vec2{X: v[0], Z: v[1]}, Normal: geom.Vec2{X: v[2], Z: v[3]}})
	}
	return gs, nil
}
