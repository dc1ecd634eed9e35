package nav

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/rescuekit/rescuekit/geom"
)

// KeyMap is the blackboard key explore writes the robot's map under, as
// Map.MarshalBinary encodes it. The signs are under signs.KeyReported.
const KeyMap = "map"

var mapMagic = [4]byte{'R', 'K', 'M', '2'}

// MarshalBinary encodes the map's resolved state (walls, obstacles,
// floors) over the tiles holding evidence:
//
//	"RKM2", origin x, z (float64), tile rows r0, r1, cols c0, c1 (uint16),
//	one byte per cell of rows 4·r0..4·r1+4 × cols 4·c0..4·c1+4 (1 = wall),
//	one byte per tile of the box (its Floor),
//	one byte per node of rows 2·r0..2·r1+2 × cols 2·c0..2·c1+2 (bit 0: an
//	obstacle; bit 1: a hole seen right next to it, see Map.HoleNear; bit 2:
//	the obstacle is squeezable, see Costs.Squeeze; bits 3 and 4: the robot
//	drove the diagonal to the node below and right, below and left, see
//	driven.go; bit 5: the robot's centre stood on the node, which walls
//	then do not block, see trailTol),
//	for each node whose bit 0 is set, in the same order, four bytes: where
//	the readings off the wall lines near it place the obstacle, from the
//	node, in mm along x and z (int8 each, clamped to ±127), and how many
//	readings that is (uint16, at most 65535); see obstacleSeen.
//
// Little-endian throughout. RKM1, the format before the obstacle
// readings, is not read.
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
			b = append(b, boolByte(m.obstacle(n))|boolByte(m.holeNear[n])<<1|boolByte(m.obstacle(n) && m.squeezable(n))<<2|m.driven[n]<<3|boolByte(m.trail[n])<<5)
		}
	}
	for r := 2 * r0; r < 2*r0+br; r++ {
		for c := 2 * c0; c < 2*c0+bc; c++ {
			if n := r*gridNodes + c; m.obstacle(n) {
				b = appendSeen(b, m.seen(n), m.nodePos(n))
			}
		}
	}
	return b, nil
}

// appendSeen appends node evidence s of the node at p as MarshalBinary
// encodes it.
func appendSeen(b []byte, s obstacleSeen, p geom.Vec2) []byte {
	var dx, dz int8
	if s.n > 0 {
		dx = clampMM(s.sum.X/s.n - p.X)
		dz = clampMM(s.sum.Z/s.n - p.Z)
	}
	b = append(b, byte(dx), byte(dz))
	return binary.LittleEndian.AppendUint16(b, uint16(min(s.n, math.MaxUint16)))
}

// clampMM returns v (m) in whole mm, clamped to an int8.
func clampMM(v float64) int8 {
	return int8(max(-127, min(127, math.Round(v*1000))))
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// DecodeMap decodes a map that MarshalBinary encoded, for a robot r.
func DecodeMap(b []byte, r Robot) (*Map, error) {
	h, err := checkMap(b)
	if err != nil {
		return nil, err
	}
	m := NewMap(geom.Vec2{}, r, DefaultMapConfig())
	m.load(b, h)
	return m, nil
}

// Load replaces m's content with the map b encodes (MarshalBinary's
// format), reusing m's memory: afterwards m plans, answers and encodes
// exactly as DecodeMap(b, robot) would, robot being the Robot m was made
// for, and its Version has changed, so that cached path costs are not
// reused. Sensor evidence m held (Integrate) is dropped, and its MapConfig
// becomes DefaultMapConfig, as a decoded map's is. The whole input is
// checked before m is touched: on an error m is left as it was.
//
// A plugin that reads the map from the blackboard every few steps keeps
// one Map and Loads into it, instead of allocating a new one each time.
// The strikes of CloseCorners and Stuck, which the encoding does not
// hold, are kept: they are what that plugin's own robot ran into (exit's
// way home), and a new reading must not forget them.
func (m *Map) Load(b []byte) error {
	h, err := checkMap(b)
	if err != nil {
		return err
	}
	m.clearForLoad()
	m.load(b, h)
	return nil
}

// MapReader reads the robot's map from the blackboard into one kept Map,
// for a plugin that reads it every few steps: an encoding equal to the last
// one read is not decoded again, and another is loaded into the kept Map
// (Map.Load) instead of a new one. Set Robot, the robot the maps are for,
// before the first Read.
type MapReader struct {
	Robot Robot
	m     *Map
	b     []byte // the encoding m holds, when ok
	ok    bool
}

// Tight is Map.Tight on the map last read, false before one was read
// (a Follower.Tight for a behavior that reads the map another publishes).
func (r *MapReader) Tight(a, b geom.Vec2) bool { return r.ok && r.m.Tight(a, b) }

// Read returns the map b encodes, which plans exactly as DecodeMap(b,
// Robot) would. The Map returned is the same from call to call; on an
// error it is left as it was.
func (r *MapReader) Read(b []byte) (*Map, error) {
	if r.ok && bytes.Equal(b, r.b) {
		return r.m, nil
	}
	r.ok = false
	if r.m == nil {
		m, err := DecodeMap(b, r.Robot)
		if err != nil {
			return nil, err
		}
		r.m = m
	} else if err := r.m.Load(b); err != nil {
		return nil, err
	}
	r.b, r.ok = append(r.b[:0], b...), true
	return r.m, nil
}

// mapHeader is an encoded map's origin and tile box.
type mapHeader struct {
	ox, oz         float64
	r0, r1, c0, c1 int
}

// checkMap validates an encoded map completely (header, length and every
// cell, floor and node byte) and returns its header.
func checkMap(b []byte) (mapHeader, error) {
	var h mapHeader
	if len(b) < 28 || [4]byte(b[:4]) != mapMagic {
		return h, errors.New("nav: map: not an encoded map (want the RKM2 header of 28 bytes)")
	}
	h.ox = math.Float64frombits(binary.LittleEndian.Uint64(b[4:]))
	h.oz = math.Float64frombits(binary.LittleEndian.Uint64(b[12:]))
	if math.IsNaN(h.ox) || math.IsNaN(h.oz) || math.IsInf(h.ox, 0) || math.IsInf(h.oz, 0) {
		return h, errors.New("nav: map: origin is not a finite point")
	}
	h.r0 = int(binary.LittleEndian.Uint16(b[20:]))
	h.r1 = int(binary.LittleEndian.Uint16(b[22:]))
	h.c0 = int(binary.LittleEndian.Uint16(b[24:]))
	h.c1 = int(binary.LittleEndian.Uint16(b[26:]))
	r0, r1, c0, c1 := h.r0, h.r1, h.c0, h.c1
	if r0 > r1 || c0 > c1 || r1 >= gridTiles || c1 >= gridTiles {
		return h, fmt.Errorf("nav: map: tile box rows %d..%d cols %d..%d is outside the %d×%d grid", r0, r1, c0, c1, gridTiles, gridTiles)
	}
	nr, nc := r1-r0+1, c1-c0+1
	cr, cc := 4*nr+1, 4*nc+1
	br, bc := 2*nr+1, 2*nc+1
	if want := 28 + cr*cc + nr*nc + br*bc; len(b) < want {
		return h, fmt.Errorf("nav: map: %d bytes, want at least %d for a %d×%d tile box", len(b), want, nr, nc)
	}
	p := 28
	for end := p + cr*cc; p < end; p++ {
		if b[p] > 1 {
			return h, fmt.Errorf("nav: map: cell byte %d at offset %d, want 0 or 1", b[p], p)
		}
	}
	for end := p + nr*nc; p < end; p++ {
		if Floor(b[p]) >= nFloor {
			return h, fmt.Errorf("nav: map: floor byte %d at offset %d, want 0..%d", b[p], p, nFloor-1)
		}
	}
	obst := 0
	for end := p + br*bc; p < end; p++ {
		if b[p] > 63 || b[p]&5 == 4 {
			return h, fmt.Errorf("nav: map: node byte %d at offset %d, want bits 0-5 only, bit 2 only with bit 0", b[p], p)
		}
		obst += int(b[p] & 1)
	}
	if want := p + 4*obst; len(b) != want {
		return h, fmt.Errorf("nav: map: %d bytes, want %d for a %d×%d tile box with %d obstacle nodes", len(b), want, nr, nc, obst)
	}
	return h, nil
}

// clearForLoad zeroes what a freshly made map holds zero: all sensor
// evidence when m has any (Integrate was called), else only the fixed
// walls, floors and node marks, which then all lie inside the tile box
// (DecodeMap, Load, SetFloor and SetWall never write outside it).
func (m *Map) clearForLoad() {
	m.trailed = 0
	m.passed = nil
	if m.sensed {
		clear(m.hits)
		clear(m.frees)
		clear(m.obst)
		clear(m.obstNear)
		clear(m.fixedSqz)
		clear(m.votes)
		clear(m.holeNear)
		clear(m.trail)
		clear(m.driven)
		m.drive = driveTrack{last: -1, since: m.drive.since[:0]}
		clear(m.floor)
		clear(m.fixedWall)
		clear(m.fixedObst)
		clear(m.obstSeen)
		m.sensed = false
		return
	}
	r0, c0, r1, c1 := m.t0r, m.t0c, m.t1r, m.t1c
	for r := r0; r <= r1; r++ {
		clear(m.floor[r*gridTiles+c0 : r*gridTiles+c1+1])
	}
	if m.fixedWall != nil {
		for r := 4 * r0; r <= min(4*r1+4, gridCells-1); r++ {
			clear(m.fixedWall[r*gridCells+4*c0 : r*gridCells+min(4*c1+4, gridCells-1)+1])
		}
	}
	for r := 2 * r0; r <= min(2*r1+2, gridNodes-1); r++ {
		lo, hi := r*gridNodes+2*c0, r*gridNodes+min(2*c1+2, gridNodes-1)+1
		clear(m.holeNear[lo:hi])
		clear(m.driven[lo:hi])
		clear(m.trail[lo:hi])
		if m.fixedObst != nil {
			clear(m.fixedObst[lo:hi])
		}
		if m.obstSeen != nil {
			clear(m.obstSeen[lo:hi])
		}
		if m.fixedSqz != nil {
			clear(m.fixedSqz[lo:hi])
		}
	}
}

// load writes the map b encodes (checked by checkMap, header h) into m,
// whose fixed walls, floors and node marks are all zero.
func (m *Map) load(b []byte, h mapHeader) {
	r0, r1, c0, c1 := h.r0, h.r1, h.c0, h.c1
	nr, nc := r1-r0+1, c1-c0+1
	cr, cc := 4*nr+1, 4*nc+1
	br, bc := 2*nr+1, 2*nc+1
	m.cfg = DefaultMapConfig()
	m.origin = geom.Vec2{X: h.ox, Z: h.oz}
	if m.fixedWall == nil {
		m.fixedWall = make([]bool, gridCells*gridCells)
	}
	if m.fixedObst == nil {
		m.fixedObst = make([]bool, gridNodes*gridNodes)
	}
	if m.fixedSqz == nil {
		m.fixedSqz = make([]bool, gridNodes*gridNodes)
	}
	p := 28
	for i := 0; i < cr; i++ {
		row := m.fixedWall[(4*r0+i)*gridCells+4*c0:][:cc]
		for j, v := range b[p : p+cc] {
			row[j] = v == 1
		}
		p += cc
	}
	for i := 0; i < nr; i++ {
		row := m.floor[(r0+i)*gridTiles+c0:][:nc]
		for j, v := range b[p : p+nc] {
			row[j] = Floor(v)
		}
		p += nc
	}
	for i := 0; i < br; i++ {
		n := (2*r0+i)*gridNodes + 2*c0
		obst, near, sq, dr, tr := m.fixedObst[n:][:bc], m.holeNear[n:][:bc], m.fixedSqz[n:][:bc], m.driven[n:][:bc], m.trail[n:][:bc]
		for j, v := range b[p : p+bc] {
			obst[j] = v&1 != 0
			near[j] = v&2 != 0
			sq[j] = v&5 == 5
			dr[j] = v >> 3 & 3
			tr[j] = v&32 != 0
			if tr[j] {
				m.trailed++
			}
		}
		p += bc
	}
	for i := 0; i < br; i++ {
		for j := 0; j < bc; j++ {
			n := (2*r0+i)*gridNodes + 2*c0 + j
			if !m.fixedObst[n] {
				continue
			}
			cnt := float64(binary.LittleEndian.Uint16(b[p+2:]))
			at := m.nodePos(n)
			at.X += float64(int8(b[p])) / 1000
			at.Z += float64(int8(b[p+1])) / 1000
			if cnt > 0 {
				if m.obstSeen == nil {
					m.obstSeen = make([]obstacleSeen, gridNodes*gridNodes)
				}
				m.obstSeen[n] = obstacleSeen{sum: geom.Vec2{X: at.X * cnt, Z: at.Z * cnt}, n: cnt}
			}
			p += 4
		}
	}
	m.t0r, m.t0c, m.t1r, m.t1c = r0, c0, r1, c1
	m.version++
}
