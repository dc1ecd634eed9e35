package comms

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// ErrMalformed is wrapped by every DecodeRobot and DecodeSupervisor error: the
// packet is one the receiving side cannot parse. Erebus logs such a packet as
// "Incorrect data format sent" and drops it without penalty.
var ErrMalformed = errors.New("comms: malformed packet")

// ErrUnencodable is wrapped by every Encode error: the message has no packet
// that the supervisor would read back as the same message.
var ErrUnencodable = errors.New("comms: message cannot be encoded")

// Packet lengths fixed by the Erebus protocol.
const (
	// CommandLen is the length of a one-byte command packet.
	CommandLen = 1
	// ReportLen is the length of a victim/hazard report 'i i c'.
	ReportLen = 9
	// MapHeaderLen is the length of the '2i' rows, cols header of map data.
	MapHeaderLen = 8
	// GameInfoLen is the length of the supervisor's 'c f i i' game info reply.
	GameInfoLen = 16
	// LegacyGameInfoLen is the length of the pre-v24 'c f i' game info reply.
	LegacyGameInfoLen = 12
)

// Message is a packet the robot sends to the supervisor: a Report, a Map or a
// Command. The set is sealed.
type Message interface{ isMessage() }

// Report is a victim or hazard report: the estimated sign position in
// centimetres in world X and Z, and the raw type byte (H, S, U victims;
// F, P, C, O hazards).
type Report struct {
	X, Z int32
	Type byte
}

// Map is map data: Cells[r][c] are the cells of the robot's map, row-major,
// in the legend of docs/erebus-rules.md §3.
type Map struct {
	Cells [][]string
}

// Command is a raw one-byte command. Erebus knows only Evaluate,
// LackOfProgress, GameInfoRequest and Exit; commands are case-sensitive.
type Command byte

// The four commands the supervisor understands.
const (
	// Evaluate ('M') asks the supervisor to score the pending map (once).
	Evaluate Command = 'M'
	// LackOfProgress ('L') asks to be relocated to the last checkpoint (−5).
	LackOfProgress Command = 'L'
	// GameInfoRequest ('G') asks for the score and the time left.
	GameInfoRequest Command = 'G'
	// Exit ('E') ends the game.
	Exit Command = 'E'
)

func (Report) isMessage()  {}
func (Map) isMessage()     {}
func (Command) isMessage() {}

// String describes the report, e.g. "report H at (12, -30) cm".
func (r Report) String() string {
	return fmt.Sprintf("report %q at (%d, %d) cm", rune(r.Type), r.X, r.Z)
}

// String describes the map by its shape, e.g. "map 5x5".
func (m Map) String() string {
	cols := 0
	if len(m.Cells) > 0 {
		cols = len(m.Cells[0])
	}
	return fmt.Sprintf("map %dx%d", len(m.Cells), cols)
}

// String names the command, e.g. "M (evaluate)".
func (c Command) String() string {
	switch c {
	case Evaluate:
		return "M (evaluate)"
	case LackOfProgress:
		return "L (lack of progress)"
	case GameInfoRequest:
		return "G (game info request)"
	case Exit:
		return "E (exit)"
	}
	return fmt.Sprintf("command %q", rune(c))
}

// Encode returns the bytes an Erebus controller sends for m, exactly as
// Python's struct builds them (docs/erebus-rules.md §1).
//
// It returns an error wrapping ErrUnencodable when the supervisor could not
// read the packet back as m: a nil message, a report or command byte ≥ 0x80
// (not UTF-8), a map that is empty or ragged, has more than 2³¹−1 rows or
// columns, has a cell containing ',' or invalid UTF-8 or ending in U+0000
// (numpy strips it), or whose packet is 9 bytes long (read as a report). It
// does not apply the game rules (unknown commands, types, a missing '5'):
// that is the Gate's job.
func Encode(m Message) ([]byte, error) {
	switch v := m.(type) {
	case Report:
		if v.Type >= utf8.RuneSelf {
			return nil, fmt.Errorf("%w: report type byte 0x%02x is not one UTF-8 character; use H, S, U, F, P, C or O", ErrUnencodable, v.Type)
		}
		b := make([]byte, ReportLen)
		binary.LittleEndian.PutUint32(b[0:4], uint32(v.X))
		binary.LittleEndian.PutUint32(b[4:8], uint32(v.Z))
		b[8] = v.Type
		return b, nil
	case Command:
		if byte(v) >= utf8.RuneSelf {
			return nil, fmt.Errorf("%w: command byte 0x%02x is not one UTF-8 character; use M, L, G or E", ErrUnencodable, byte(v))
		}
		return []byte{byte(v)}, nil
	case Map:
		return encodeMap(v)
	case nil:
		return nil, fmt.Errorf("%w: nil message", ErrUnencodable)
	}
	return nil, fmt.Errorf("%w: unknown message type %T", ErrUnencodable, m)
}

func encodeMap(m Map) ([]byte, error) {
	rows, cols, err := mapShape(m.Cells)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnencodable, err)
	}
	size := MapHeaderLen
	for r, row := range m.Cells {
		for c, cell := range row {
			switch {
			case strings.Contains(cell, ","):
				return nil, fmt.Errorf("%w: map cell [%d][%d] %q contains ',', the cell separator", ErrUnencodable, r, c, cell)
			case !utf8.ValidString(cell):
				return nil, fmt.Errorf("%w: map cell [%d][%d] %q is not valid UTF-8", ErrUnencodable, r, c, cell)
			case strings.HasSuffix(cell, "\x00"):
				return nil, fmt.Errorf("%w: map cell [%d][%d] %q ends in U+0000, which numpy strips", ErrUnencodable, r, c, cell)
			}
			size += len(cell) + 1
		}
	}
	size-- // n cells need n-1 commas
	if size == ReportLen {
		return nil, fmt.Errorf("%w: a %dx%d map encodes to exactly %d bytes, which the supervisor reads as a victim report; add a row of '0' cells", ErrUnencodable, rows, cols, ReportLen)
	}
	b := make([]byte, MapHeaderLen, size)
	binary.LittleEndian.PutUint32(b[0:4], uint32(int32(rows)))
	binary.LittleEndian.PutUint32(b[4:8], uint32(int32(cols)))
	for r, row := range m.Cells {
		for c, cell := range row {
			if r > 0 || c > 0 {
				b = append(b, ',')
			}
			b = append(b, cell...)
		}
	}
	return b, nil
}

// mapShape returns the shape of a rectangular, non-empty map whose
// dimensions fit in int32.
func mapShape(cells [][]string) (rows, cols int, err error) {
	if len(cells) == 0 {
		return 0, 0, errors.New("map has no rows")
	}
	cols = len(cells[0])
	if cols == 0 {
		return 0, 0, errors.New("map has no columns")
	}
	for r, row := range cells {
		if len(row) != cols {
			return 0, 0, fmt.Errorf("map is not rectangular: row 0 has %d cells, row %d has %d", cols, r, len(row))
		}
	}
	if len(cells) > math.MaxInt32 || cols > math.MaxInt32 {
		return 0, 0, fmt.Errorf("map %dx%d is larger than int32 allows", len(cells), cols)
	}
	return len(cells), cols, nil
}

// DecodeRobot parses a packet the robot sent, the way the Erebus supervisor
// does (Robot.set_message, docs/erebus-rules.md §1.2): it dispatches by length
// alone, quirks included.
//
//   - 1 byte: a Command, any byte below 0x80 (the byte is decoded as UTF-8;
//     unknown commands decode fine, the supervisor acts on them later);
//   - 9 bytes: a Report, even when the robot meant a 1x1 map;
//   - any other length: a Map. The header rows, cols is int32
//     little-endian; the rest is UTF-8 split on ','; the cells are reshaped
//     with numpy's rules: one negative dimension (numpy treats any negative
//     value as -1) is inferred, two are an error, and the cell count must
//     equal rows·cols. A bare 8-byte header is the single cell "", valid only
//     for shape (1,1) or with an inferred dimension. numpy's string arrays
//     drop trailing U+0000 characters from each cell, and so does DecodeRobot.
//
// Every packet the supervisor would drop ("Incorrect data format sent")
// yields an error wrapping ErrMalformed; DecodeRobot never panics.
func DecodeRobot(b []byte) (Message, error) {
	switch len(b) {
	case CommandLen:
		if b[0] >= utf8.RuneSelf {
			return nil, fmt.Errorf("%w: 1-byte command 0x%02x is not valid UTF-8", ErrMalformed, b[0])
		}
		return Command(b[0]), nil
	case ReportLen:
		if b[8] >= utf8.RuneSelf {
			return nil, fmt.Errorf("%w: report type byte 0x%02x is not valid UTF-8", ErrMalformed, b[8])
		}
		return Report{
			X:    int32(binary.LittleEndian.Uint32(b[0:4])),
			Z:    int32(binary.LittleEndian.Uint32(b[4:8])),
			Type: b[8],
		}, nil
	}
	return decodeMap(b)
}

func decodeMap(b []byte) (Message, error) {
	if len(b) < MapHeaderLen {
		return nil, fmt.Errorf("%w: %d-byte packet is map data (not 1 or 9 bytes) but shorter than the 8-byte rows, cols header", ErrMalformed, len(b))
	}
	rows := int64(int32(binary.LittleEndian.Uint32(b[0:4])))
	cols := int64(int32(binary.LittleEndian.Uint32(b[4:8])))
	data := b[MapHeaderLen:]
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%w: map cells are not valid UTF-8", ErrMalformed)
	}
	cells := strings.Split(string(data), ",")
	rows, cols, err := reshape(int64(len(cells)), rows, cols)
	if err != nil {
		return nil, fmt.Errorf("%w: map: %v", ErrMalformed, err)
	}
	out := make([][]string, rows)
	for r := range out {
		row := cells[int64(r)*cols : int64(r+1)*cols : int64(r+1)*cols]
		for c, cell := range row {
			row[c] = strings.TrimRight(cell, "\x00")
		}
		out[r] = row
	}
	return Map{Cells: out}, nil
}

// reshape applies numpy's reshape rules for a 1-D array of n elements (n ≥ 1)
// and the requested shape (rows, cols): any negative dimension is the unknown
// one, at most one may be unknown, and the sizes must match.
func reshape(n, rows, cols int64) (int64, int64, error) {
	switch {
	case rows < 0 && cols < 0:
		return 0, 0, fmt.Errorf("shape (%d, %d): can only specify one unknown dimension", rows, cols)
	case rows < 0:
		if cols == 0 || n%cols != 0 {
			return 0, 0, fmt.Errorf("cannot reshape %d cells into shape (%d, %d)", n, rows, cols)
		}
		return n / cols, cols, nil
	case cols < 0:
		if rows == 0 || n%rows != 0 {
			return 0, 0, fmt.Errorf("cannot reshape %d cells into shape (%d, %d)", n, rows, cols)
		}
		return rows, n / rows, nil
	}
	if rows*cols != n { // both < 2³¹, so the product fits in int64
		return 0, 0, fmt.Errorf("cannot reshape %d cells into shape (%d, %d)", n, rows, cols)
	}
	return rows, cols, nil
}
