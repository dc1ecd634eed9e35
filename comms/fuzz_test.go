package comms

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// fuzzSeeds returns the packets of erebus/packets.json in the given section
// ("robot_to_supervisor" or "supervisor_to_robot"), or nothing when the
// shared data is absent (the fuzzers then run on their built-in seeds).
func fuzzSeeds(tb testing.TB, section string) [][]byte {
	shared, err := sharedtest.Root()
	if err != nil {
		tb.Logf("shared data absent (%v): fuzzing from built-in seeds only", err)
		return nil
	}
	raw, err := os.ReadFile(filepath.Join(shared, "erebus", "packets.json"))
	if err != nil {
		tb.Logf("packets.json absent (%v): fuzzing from built-in seeds only", err)
		return nil
	}
	var pf map[string]json.RawMessage
	if err := json.Unmarshal(raw, &pf); err != nil {
		tb.Fatalf("parse packets.json: %v", err)
	}
	var entries []struct {
		Hex string `json:"hex"`
	}
	if err := json.Unmarshal(pf[section], &entries); err != nil {
		tb.Fatalf("parse packets.json %s: %v", section, err)
	}
	var out [][]byte
	for _, e := range entries {
		b, err := hex.DecodeString(e.Hex)
		if err != nil {
			tb.Fatalf("packets.json: bad hex %q", e.Hex)
		}
		out = append(out, b)
	}
	return out
}

func FuzzDecodeRobot(f *testing.F) {
	for _, b := range fuzzSeeds(f, "robot_to_supervisor") {
		f.Add(b)
	}
	for _, b := range [][]byte{
		{}, {0x80}, []byte("X"),
		mapPacket(1, 1, ""), mapPacket(-1, 2, "1,5,0,1"), mapPacket(2, -1, "5\x00,0"),
		mapPacket(-1, -1, "5"), mapPacket(1, 2, "\xff,5"),
	} {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := DecodeRobot(b)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error %v does not wrap ErrMalformed", err)
			}
			if m != nil {
				t.Fatalf("error %v with a message %#v", err, m)
			}
			return
		}
		switch v := m.(type) {
		case Command, Report:
			wantLen := ReportLen
			if _, ok := v.(Command); ok {
				wantLen = CommandLen
			}
			if len(b) != wantLen {
				t.Fatalf("%d bytes decoded as %#v", len(b), v)
			}
			enc, err := Encode(v)
			if err != nil || !bytes.Equal(enc, b) {
				t.Fatalf("Encode(DecodeRobot(%x)) = %x, %v", b, enc, err)
			}
		case Map:
			if len(b) == 1 || len(b) == 9 || len(b) < 8 {
				t.Fatalf("%d bytes decoded as a map", len(b))
			}
			rows, cols, err := mapShape(v.Cells)
			if err != nil {
				t.Fatalf("decoded map is not a rectangle: %v", err)
			}
			if n := strings.Count(string(b[8:]), ",") + 1; rows*cols != n {
				t.Fatalf("%dx%d map from %d cells", rows, cols, n)
			}
			for _, row := range v.Cells {
				for _, cell := range row {
					if strings.HasSuffix(cell, "\x00") || strings.Contains(cell, ",") {
						t.Fatalf("cell %q kept a trailing NUL or a comma", cell)
					}
				}
			}
			enc, err := Encode(v)
			if err != nil {
				if !errors.Is(err, ErrUnencodable) {
					t.Fatalf("Encode error %v does not wrap ErrUnencodable", err)
				}
				return
			}
			// Packets with a positive header and no stripped NUL come back
			// byte for byte; all others come back as the same map.
			if positiveHeader(b) && !strings.Contains(string(b[8:])+",", "\x00,") && !bytes.Equal(enc, b) {
				t.Fatalf("Encode(DecodeRobot(%x)) = %x", b, enc)
			}
			back, err := DecodeRobot(enc)
			if err != nil || !reflect.DeepEqual(back, m) {
				t.Fatalf("DecodeRobot(Encode(%#v)) = %#v, %v", m, back, err)
			}
		default:
			t.Fatalf("DecodeRobot returned %T", m)
		}
	})
}

func positiveHeader(b []byte) bool {
	return b[3]&0x80 == 0 && b[7]&0x80 == 0
}

func FuzzDecodeSupervisor(f *testing.F) {
	for _, b := range fuzzSeeds(f, "supervisor_to_robot") {
		f.Add(b)
	}
	for _, b := range [][]byte{{}, []byte("G"), []byte("Lx"), make([]byte, 12), make([]byte, 16)} {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := DecodeSupervisor(b)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("error %v does not wrap ErrMalformed", err)
			}
			if in != nil {
				t.Fatalf("error %v with a value %#v", err, in)
			}
			return
		}
		want := bytes.Clone(b)
		if len(want) > 1 {
			want[1], want[2], want[3] = 0, 0, 0 // padding is ignored
		}
		if got := EncodeInbound(in); !bytes.Equal(got, want) {
			t.Fatalf("EncodeInbound(DecodeSupervisor(%x)) = %x, want %x", b, got, want)
		}
	})
}
