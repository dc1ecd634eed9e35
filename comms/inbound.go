package comms

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Inbound is a packet the supervisor sends to the robot: a
// LackOfProgressNotice or a GameInfo. The set is sealed.
type Inbound interface{ isInbound() }

// LackOfProgressNotice is the 1-byte 'L' the supervisor sends after it has
// relocated the robot (on the robot's 'L', after 20 s stopped, after falling
// into a hole, or from the UI), docs/erebus-rules.md §1.5.
type LackOfProgressNotice struct{}

// GameInfo is the supervisor's answer to 'G' (docs/erebus-rules.md §1.6): the
// score rounded to 2 decimals as float32, and the game and real-time seconds
// left. Legacy marks the 12-byte reply of Erebus before v24, which has no
// real-time field (RealSecondsLeft is then 0).
type GameInfo struct {
	Score           float32
	GameSecondsLeft int32
	RealSecondsLeft int32
	Legacy          bool
}

func (LackOfProgressNotice) isInbound() {}
func (GameInfo) isInbound()             {}

// EncodeInbound returns the bytes the supervisor sends for in: 'L' is one
// byte; GameInfo is struct 'c f i i' = 'G', 3 zero padding bytes, float32
// score, int32 game seconds left, int32 real seconds left, little-endian
// (16 bytes; 12 bytes without the real seconds when Legacy). A nil in gives
// nil.
func EncodeInbound(in Inbound) []byte {
	switch v := in.(type) {
	case LackOfProgressNotice:
		return []byte{'L'}
	case GameInfo:
		n := GameInfoLen
		if v.Legacy {
			n = LegacyGameInfoLen
		}
		b := make([]byte, n)
		b[0] = 'G'
		binary.LittleEndian.PutUint32(b[4:8], math.Float32bits(v.Score))
		binary.LittleEndian.PutUint32(b[8:12], uint32(v.GameSecondsLeft))
		if !v.Legacy {
			binary.LittleEndian.PutUint32(b[12:16], uint32(v.RealSecondsLeft))
		}
		return b
	}
	return nil
}

// DecodeSupervisor parses a packet the supervisor sent: 1 byte 'L' is a
// LackOfProgressNotice; 16 bytes starting with 'G' are a GameInfo; 12 bytes
// starting with 'G' are a pre-v24 GameInfo (Legacy). The padding bytes 1-3
// are ignored, as Python's struct.unpack ignores them. Anything else yields
// an error wrapping ErrMalformed; DecodeSupervisor never panics.
func DecodeSupervisor(b []byte) (Inbound, error) {
	switch len(b) {
	case 1:
		if b[0] == 'L' {
			return LackOfProgressNotice{}, nil
		}
		return nil, fmt.Errorf("%w: 1-byte supervisor packet 0x%02x is not 'L'", ErrMalformed, b[0])
	case GameInfoLen, LegacyGameInfoLen:
		if b[0] != 'G' {
			return nil, fmt.Errorf("%w: %d-byte supervisor packet starts with 0x%02x, not 'G'", ErrMalformed, len(b), b[0])
		}
		g := GameInfo{
			Score:           math.Float32frombits(binary.LittleEndian.Uint32(b[4:8])),
			GameSecondsLeft: int32(binary.LittleEndian.Uint32(b[8:12])),
			Legacy:          len(b) == LegacyGameInfoLen,
		}
		if !g.Legacy {
			g.RealSecondsLeft = int32(binary.LittleEndian.Uint32(b[12:16]))
		}
		return g, nil
	}
	return nil, fmt.Errorf("%w: %d-byte supervisor packet: expected 1 ('L'), 16 or 12 ('G')", ErrMalformed, len(b))
}
