package comms

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// mapPacket builds map data by hand: the '2i' header then raw cell bytes.
func mapPacket(rows, cols int32, data string) []byte {
	b := make([]byte, 8, 8+len(data))
	binary.LittleEndian.PutUint32(b[0:4], uint32(rows))
	binary.LittleEndian.PutUint32(b[4:8], uint32(cols))
	return append(b, data...)
}

func TestDecodeRobotQuirks(t *testing.T) {
	tests := []struct {
		name    string
		in      []byte
		want    Message
		wantErr bool
	}{
		{name: "empty packet is map data shorter than the header", in: []byte{}, wantErr: true},
		{name: "nil packet", in: nil, wantErr: true},
		{name: "1 byte M", in: []byte("M"), want: Evaluate},
		{name: "1 byte unknown command decodes", in: []byte("X"), want: Command('X')},
		{name: "1 byte lower case e is not exit", in: []byte("e"), want: Command('e')},
		{name: "1 byte NUL is valid UTF-8", in: []byte{0}, want: Command(0)},
		{name: "1 byte 0x7f", in: []byte{0x7f}, want: Command(0x7f)},
		{name: "1 byte 0x80 is not UTF-8", in: []byte{0x80}, wantErr: true},
		{name: "1 byte 0xff is not UTF-8", in: []byte{0xff}, wantErr: true},
		{name: "2 bytes too short", in: []byte("ME"), wantErr: true},
		{name: "7 bytes too short", in: []byte("1234567"), wantErr: true},
		{name: "9 bytes report", in: []byte{1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff, 'H'}, want: Report{X: 1, Z: -2, Type: 'H'}},
		{name: "1x1 map is read as a report", in: mapPacket(1, 1, "5"), want: Report{X: 1, Z: 1, Type: '5'}},
		{name: "report with lower case type", in: mapPacket(3, 4, "h"), want: Report{X: 3, Z: 4, Type: 'h'}},
		{name: "report type byte 0x80 is an error", in: mapPacket(0, 0, "\x80"), wantErr: true},
		{name: "bare header 1x1 is one empty cell", in: mapPacket(1, 1, ""), want: Map{Cells: [][]string{{""}}}},
		{name: "bare header -1x1", in: mapPacket(-1, 1, ""), want: Map{Cells: [][]string{{""}}}},
		{name: "bare header 1x-1", in: mapPacket(1, -1, ""), want: Map{Cells: [][]string{{""}}}},
		{name: "bare header 2x1 mismatch", in: mapPacket(2, 1, ""), wantErr: true},
		{name: "bare header 0x0", in: mapPacket(0, 0, ""), wantErr: true},
		{name: "2x2", in: mapPacket(2, 2, "1,1,5,0"), want: Map{Cells: [][]string{{"1", "1"}, {"5", "0"}}}},
		{name: "rows inferred", in: mapPacket(-1, 2, "1,1,5,0,1,1"), want: Map{Cells: [][]string{{"1", "1"}, {"5", "0"}, {"1", "1"}}}},
		{name: "cols inferred", in: mapPacket(2, -1, "1,1,5,0,1,1"), want: Map{Cells: [][]string{{"1", "1", "5"}, {"0", "1", "1"}}}},
		{name: "any negative is inferred like numpy", in: mapPacket(-999, 3, "1,1,5,0,1,1"), want: Map{Cells: [][]string{{"1", "1", "5"}, {"0", "1", "1"}}}},
		{name: "inferred dimension must divide", in: mapPacket(-1, 4, "1,1,5,0,1,1"), wantErr: true},
		{name: "two unknown dimensions", in: mapPacket(-1, -1, "1,1,5,0"), wantErr: true},
		{name: "unknown with zero", in: mapPacket(-1, 0, "1,1,5,0"), wantErr: true},
		{name: "cell count mismatch", in: mapPacket(2, 2, "1,1,5"), wantErr: true},
		{name: "rows 0", in: mapPacket(0, 2, "1,1"), wantErr: true},
		{name: "huge shape", in: mapPacket(math.MaxInt32, math.MaxInt32, "1,1"), wantErr: true},
		{name: "huge shape with unknown", in: mapPacket(math.MinInt32, math.MaxInt32, "1,1"), wantErr: true},
		{name: "empty cells between commas", in: mapPacket(1, 3, ",,"), want: Map{Cells: [][]string{{"", "", ""}}}},
		{name: "trailing NUL stripped like numpy", in: mapPacket(1, 2, "5\x00\x00,1"), want: Map{Cells: [][]string{{"5", "1"}}}},
		{name: "inner NUL kept", in: mapPacket(1, 2, "5\x001,1"), want: Map{Cells: [][]string{{"5\x001", "1"}}}},
		{name: "multi-byte UTF-8 cell", in: mapPacket(1, 2, "é,5"), want: Map{Cells: [][]string{{"é", "5"}}}},
		{name: "invalid UTF-8", in: mapPacket(1, 2, "\xff,5"), wantErr: true},
		{name: "UTF-8 surrogate is invalid", in: mapPacket(1, 2, "\xed\xa0\x80,5"), wantErr: true},
		{name: "overlong UTF-8 is invalid", in: mapPacket(1, 2, "\xc0\xaf,5"), wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeRobot(tt.in)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("DecodeRobot(%x) = %#v, want an error", tt.in, got)
				}
				if !errors.Is(err, ErrMalformed) {
					t.Fatalf("error %v does not wrap ErrMalformed", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("DecodeRobot(%x): %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("DecodeRobot(%x) = %#v, want %#v", tt.in, got, tt.want)
			}
		})
	}
}

func TestEncode(t *testing.T) {
	tests := []struct {
		name    string
		in      Message
		want    []byte
		wantErr bool
	}{
		{name: "report", in: Report{X: 1, Z: -2, Type: 'H'}, want: []byte{1, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff, 'H'}},
		{name: "report of any ASCII type encodes (the gate refuses it)", in: Report{Type: 'x'}, want: []byte{0, 0, 0, 0, 0, 0, 0, 0, 'x'}},
		{name: "report type 0x80", in: Report{Type: 0x80}, wantErr: true},
		{name: "command E", in: Exit, want: []byte("E")},
		{name: "unknown ASCII command encodes (the gate refuses it)", in: Command('X'), want: []byte("X")},
		{name: "command 0xff", in: Command(0xff), wantErr: true},
		{name: "nil", in: nil, wantErr: true},
		{name: "1x1 empty cell is the bare header", in: Map{Cells: [][]string{{""}}}, want: mapPacket(1, 1, "")},
		{name: "1x1 map with one byte is 9 bytes", in: Map{Cells: [][]string{{"5"}}}, wantErr: true},
		{name: "1x1 map with two bytes", in: Map{Cells: [][]string{{"HS"}}}, want: mapPacket(1, 1, "HS")},
		{name: "1x2 map", in: Map{Cells: [][]string{{"5", "0"}}}, want: mapPacket(1, 2, "5,0")},
		{name: "no rows", in: Map{}, wantErr: true},
		{name: "no columns", in: Map{Cells: [][]string{{}}}, wantErr: true},
		{name: "ragged", in: Map{Cells: [][]string{{"5", "0"}, {"0"}}}, wantErr: true},
		{name: "comma in cell", in: Map{Cells: [][]string{{"5,0"}}}, wantErr: true},
		{name: "invalid UTF-8 cell", in: Map{Cells: [][]string{{"5", "\xff"}}}, wantErr: true},
		{name: "trailing NUL cell", in: Map{Cells: [][]string{{"5", "0\x00"}}}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Encode(tt.in)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Encode(%#v) = %x, want an error", tt.in, got)
				}
				if !errors.Is(err, ErrUnencodable) {
					t.Fatalf("error %v does not wrap ErrUnencodable", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Encode(%#v): %v", tt.in, err)
			}
			if !bytes.Equal(got, tt.want) {
				t.Fatalf("Encode(%#v) = %x, want %x", tt.in, got, tt.want)
			}
			back, err := DecodeRobot(got)
			if err != nil || !reflect.DeepEqual(back, tt.in) {
				t.Fatalf("round trip: DecodeRobot(%x) = %#v, %v; want %#v", got, back, err, tt.in)
			}
		})
	}
}

func TestEncodeBigMapRoundTrip(t *testing.T) {
	// A 41x41 map, the size of a 10x10-tile arena answer.
	cells := make([][]string, 41)
	for r := range cells {
		cells[r] = make([]string, 41)
		for c := range cells[r] {
			cells[r][c] = []string{"0", "1", "HS", "*", "b"}[(r*41+c)%5]
		}
	}
	cells[20][20] = "5"
	b, err := Encode(Map{Cells: cells})
	if err != nil {
		t.Fatal(err)
	}
	if rows, cols := int32(binary.LittleEndian.Uint32(b[:4])), int32(binary.LittleEndian.Uint32(b[4:8])); rows != 41 || cols != 41 {
		t.Fatalf("header %d x %d, want 41 x 41", rows, cols)
	}
	if n := strings.Count(string(b[8:]), ","); n != 41*41-1 {
		t.Fatalf("%d commas, want %d", n, 41*41-1)
	}
	back, err := DecodeRobot(b)
	if err != nil || !reflect.DeepEqual(back, Map{Cells: cells}) {
		t.Fatalf("round trip failed: %v", err)
	}
}

func TestDecodeSupervisor(t *testing.T) {
	gi := func(score float32, game, real int32) []byte {
		return EncodeInbound(GameInfo{Score: score, GameSecondsLeft: game, RealSecondsLeft: real})
	}
	padded := gi(1.5, 2, 3)
	padded[1], padded[2], padded[3] = 0xaa, 0xbb, 0xcc
	tests := []struct {
		name    string
		in      []byte
		want    Inbound
		wantErr bool
	}{
		{name: "L", in: []byte("L"), want: LackOfProgressNotice{}},
		{name: "G 16", in: gi(12.25, 100, 200), want: GameInfo{Score: 12.25, GameSecondsLeft: 100, RealSecondsLeft: 200}},
		{name: "padding ignored as struct.unpack does", in: padded, want: GameInfo{Score: 1.5, GameSecondsLeft: 2, RealSecondsLeft: 3}},
		{name: "legacy 12", in: EncodeInbound(GameInfo{Score: 3, GameSecondsLeft: 7, Legacy: true}), want: GameInfo{Score: 3, GameSecondsLeft: 7, Legacy: true}},
		{name: "empty", in: nil, wantErr: true},
		{name: "1 byte not L", in: []byte("G"), wantErr: true},
		{name: "16 bytes not G", in: append([]byte("X"), make([]byte, 15)...), wantErr: true},
		{name: "12 bytes not G", in: append([]byte("L"), make([]byte, 11)...), wantErr: true},
		{name: "15 bytes", in: gi(1, 1, 1)[:15], wantErr: true},
		{name: "17 bytes", in: append(gi(1, 1, 1), 0), wantErr: true},
		{name: "9 bytes", in: make([]byte, 9), wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeSupervisor(tt.in)
			if tt.wantErr {
				if err == nil || !errors.Is(err, ErrMalformed) {
					t.Fatalf("DecodeSupervisor(%x) = %#v, %v; want an ErrMalformed error", tt.in, got, err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("DecodeSupervisor(%x) = %#v, %v; want %#v", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestEncodeInboundNaNAndNil(t *testing.T) {
	if b := EncodeInbound(nil); b != nil {
		t.Fatalf("EncodeInbound(nil) = %x, want nil", b)
	}
	nan := float32(math.NaN())
	got, err := DecodeSupervisor(EncodeInbound(GameInfo{Score: nan}))
	if err != nil {
		t.Fatal(err)
	}
	if g := got.(GameInfo); math.Float32bits(g.Score) != math.Float32bits(nan) {
		t.Fatalf("NaN score bits %08x, want %08x", math.Float32bits(g.Score), math.Float32bits(nan))
	}
}

func TestStrings(t *testing.T) {
	tests := []struct {
		in   interface{ String() string }
		want string
	}{
		{Report{X: 12, Z: -30, Type: 'H'}, `report 'H' at (12, -30) cm`},
		{Map{Cells: [][]string{{"5", "0"}}}, "map 1x2"},
		{Map{}, "map 0x0"},
		{Evaluate, "M (evaluate)"},
		{LackOfProgress, "L (lack of progress)"},
		{GameInfoRequest, "G (game info request)"},
		{Exit, "E (exit)"},
		{Command('X'), `command 'X'`},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.in.String(); got != tt.want {
				t.Fatalf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}
