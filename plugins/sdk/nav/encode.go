package nav

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// Blackboard keys. Explore writes KeyMap; report writes KeySigns.
const (
	// KeyMap holds the robot's map, as Map.MarshalBinary encodes it.
	KeyMap = "map"
	// KeySigns holds the signs reported so far, as EncodeSigns encodes them.
	KeySigns = "signs"
)

var (
	mapMagic  = [4]byte{'R', 'K', 'M', '1'}
	signMagic = [4]byte{'R', 'K', 'S', '1'}
)

// MarshalBinary encodes the map's resolved state (walls, obstacles,
// floors) over the tiles holding evidence:
//
//	"RKM1", origin x, z (float64), tile rows r0, r1, cols c0, c1 (uint16),
//	one byte per cell of rows 4·r0..4·r1+4 × cols 4·c0..4·c1+4 (1 = wall),
//	one byte per tile of the box (its Floor),
//	one byte per node of rows 2·r0..2·r1+2 × cols 2·c0..2·c1+2 (bit 0: an
//	obstacle; bit 1: a hole seen right next to it, see Map.HoleNear).
//
// Little-endian throughout.
func (m *Map) MarshalBinary() ([]byte, error) {
	r0, c0, r1, c1 := m.t0r, m.t0c, m.t1r, m.t1c
	nr, nc := r1-r0+1, c1-c0+1
	cr, cc := 4*nr+1, 4*nc+1
	br, bc := 2*nr+1, 2*nc+1
	b := make([]byte, 0, 4+16+8+cr*cc+nr*nc+br*bc)
	b = append(b, mapMagic[:]...)
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(m.origin.X))
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(m.origin.Z))
	for _, v := range []int{r0, r1, c0, c1} {
		b = binary.LittleEndian.AppendUint16(b, uint16(v))
	}
	for r := 4 * r0; r < 4*r0+cr; r++ {
		for c := 4 * c0; c < 4*c0+cc; c++ {
			b = append(b, boolByte(m.Wall(r, c)))
		}
	}
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			b = append(b, byte(m.floor[r*gridTiles+c]))
		}
	}
	for r := 2 * r0; r < 2*r0+br; r++ {
		for c := 2 * c0; c < 2*c0+bc; c++ {
			n := r*gridNodes + c
			b = append(b, boolByte(m.obstacle(n))|boolByte(m.holeNear[n])<<1)
		}
	}
	return b, nil
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// DecodeMap decodes a map that MarshalBinary encoded, for a robot r.
func DecodeMap(b []byte, r Robot) (*Map, error) {
	if len(b) < 28 || [4]byte(b[:4]) != mapMagic {
		return nil, errors.New("nav: map: not an encoded map (want the RKM1 header of 28 bytes)")
	}
	ox := math.Float64frombits(binary.LittleEndian.Uint64(b[4:]))
	oz := math.Float64frombits(binary.LittleEndian.Uint64(b[12:]))
	if math.IsNaN(ox) || math.IsNaN(oz) || math.IsInf(ox, 0) || math.IsInf(oz, 0) {
		return nil, errors.New("nav: map: origin is not a finite point")
	}
	var v [4]int
	for i := range v {
		v[i] = int(binary.LittleEndian.Uint16(b[20+2*i:]))
	}
	r0, r1, c0, c1 := v[0], v[1], v[2], v[3]
	if r0 > r1 || c0 > c1 || r1 >= gridTiles || c1 >= gridTiles {
		return nil, fmt.Errorf("nav: map: tile box rows %d..%d cols %d..%d is outside the %d×%d grid", r0, r1, c0, c1, gridTiles, gridTiles)
	}
	nr, nc := r1-r0+1, c1-c0+1
	cr, cc := 4*nr+1, 4*nc+1
	br, bc := 2*nr+1, 2*nc+1
	if want := 28 + cr*cc + nr*nc + br*bc; len(b) != want {
		return nil, fmt.Errorf("nav: map: %d bytes, want %d for a %d×%d tile box", len(b), want, nr, nc)
	}
	m := NewMap(Point{}, r, DefaultMapConfig())
	m.origin = Point{ox, oz}
	m.fixedWall = make([]bool, gridCells*gridCells)
	m.fixedObst = make([]bool, gridNodes*gridNodes)
	p := 28
	for i := 0; i < cr; i++ {
		for j := 0; j < cc; j++ {
			if b[p] > 1 {
				return nil, fmt.Errorf("nav: map: cell byte %d at offset %d, want 0 or 1", b[p], p)
			}
			m.fixedWall[(4*r0+i)*gridCells+4*c0+j] = b[p] == 1
			p++
		}
	}
	for i := 0; i < nr; i++ {
		for j := 0; j < nc; j++ {
			if Floor(b[p]) >= nFloor {
				return nil, fmt.Errorf("nav: map: floor byte %d at offset %d, want 0..%d", b[p], p, nFloor-1)
			}
			m.floor[(r0+i)*gridTiles+c0+j] = Floor(b[p])
			p++
		}
	}
	for i := 0; i < br; i++ {
		for j := 0; j < bc; j++ {
			if b[p] > 3 {
				return nil, fmt.Errorf("nav: map: node byte %d at offset %d, want 0..3", b[p], p)
			}
			n := (2*r0+i)*gridNodes + 2*c0 + j
			m.fixedObst[n] = b[p]&1 != 0
			m.holeNear[n] = b[p]&2 != 0
			p++
		}
	}
	m.t0r, m.t0c, m.t1r, m.t1c = r0, c0, r1, c1
	m.version++
	return m, nil
}

// EncodeSigns encodes signs for the blackboard: "RKS1", a uint16 count,
// then per sign x, z (float64), nx, nz (float32) and the letter byte,
// little-endian.
func EncodeSigns(signs []Sign) []byte {
	b := make([]byte, 0, 6+25*len(signs))
	b = append(b, signMagic[:]...)
	b = binary.LittleEndian.AppendUint16(b, uint16(min(len(signs), math.MaxUint16)))
	for i, s := range signs {
		if i == math.MaxUint16 {
			break
		}
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(s.X))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(s.Z))
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(s.NX)))
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(s.NZ)))
		b = append(b, s.Letter)
	}
	return b
}

// DecodeSigns decodes what EncodeSigns encoded. An empty input is no signs.
func DecodeSigns(b []byte) ([]Sign, error) {
	if len(b) == 0 {
		return nil, nil
	}
	if len(b) < 6 || [4]byte(b[:4]) != signMagic {
		return nil, errors.New("nav: signs: not encoded signs (want the RKS1 header)")
	}
	n := int(binary.LittleEndian.Uint16(b[4:]))
	if want := 6 + 25*n; len(b) != want {
		return nil, fmt.Errorf("nav: signs: %d bytes, want %d for %d signs", len(b), want, n)
	}
	out := make([]Sign, n)
	p := 6
	for i := range out {
		s := Sign{
			X:      math.Float64frombits(binary.LittleEndian.Uint64(b[p:])),
			Z:      math.Float64frombits(binary.LittleEndian.Uint64(b[p+8:])),
			NX:     float64(math.Float32frombits(binary.LittleEndian.Uint32(b[p+16:]))),
			NZ:     float64(math.Float32frombits(binary.LittleEndian.Uint32(b[p+20:]))),
			Letter: b[p+24],
		}
		if !validLetter(s.Letter) {
			return nil, fmt.Errorf("nav: signs: sign %d has letter %q, want one of H S U F P C O", i, s.Letter)
		}
		for _, f := range []float64{s.X, s.Z, s.NX, s.NZ} {
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, fmt.Errorf("nav: signs: sign %d has a non-finite coordinate", i)
			}
		}
		out[i] = s
		p += 25
	}
	return out, nil
}
