package comms

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// packetEntry is one entry of erebus/packets.json; fields depend on Kind.
type packetEntry struct {
	Kind            string     `json:"kind"`
	XCm             *int32     `json:"x_cm"`
	ZCm             *int32     `json:"z_cm"`
	Type            string     `json:"type"`
	Command         string     `json:"command"`
	Rows            int32      `json:"rows"`
	Cols            int32      `json:"cols"`
	Cells           [][]string `json:"cells"`
	Score           *float64   `json:"score"`
	GameSecondsLeft *int32     `json:"game_seconds_left"`
	RealSecondsLeft *int32     `json:"real_seconds_left"`
	Hex             string     `json:"hex"`
	Len             int        `json:"len"`
	Note            string     `json:"note"`
}

type packetsFile struct {
	About             string        `json:"about"`
	RobotToSupervisor []packetEntry `json:"robot_to_supervisor"`
	SupervisorToRobot []packetEntry `json:"supervisor_to_robot"`
}

func loadPackets(tb testing.TB) packetsFile {
	tb.Helper()
	path := filepath.Join(sharedtest.Dir(tb), "erebus", "packets.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		tb.Skipf("%s is absent (%v); skipping", path, err)
	}
	var pf packetsFile
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields() // a new field in the file must be looked at here
	if err := dec.Decode(&pf); err != nil {
		tb.Fatalf("parse %s: %v", path, err)
	}
	if len(pf.RobotToSupervisor) == 0 || len(pf.SupervisorToRobot) == 0 {
		tb.Fatalf("%s has an empty section", path)
	}
	return pf
}

func entryBytes(t *testing.T, e packetEntry) []byte {
	t.Helper()
	b, err := hex.DecodeString(e.Hex)
	if err != nil {
		t.Fatalf("bad hex %q: %v", e.Hex, err)
	}
	if len(b) != e.Len {
		t.Fatalf("hex has %d bytes, entry says len %d", len(b), e.Len)
	}
	return b
}

// robotMessage builds the Message an entry describes.
func robotMessage(t *testing.T, e packetEntry) Message {
	t.Helper()
	switch e.Kind {
	case "report":
		if e.XCm == nil || e.ZCm == nil || len(e.Type) != 1 {
			t.Fatalf("report entry lacks x_cm, z_cm or a 1-byte type: %+v", e)
		}
		return Report{X: *e.XCm, Z: *e.ZCm, Type: e.Type[0]}
	case "command":
		if len(e.Command) != 1 {
			t.Fatalf("command entry with %q", e.Command)
		}
		return Command(e.Command[0])
	case "map":
		if int(e.Rows) != len(e.Cells) {
			t.Fatalf("map entry: rows %d but %d rows of cells", e.Rows, len(e.Cells))
		}
		return Map{Cells: e.Cells}
	}
	t.Fatalf("unknown robot_to_supervisor kind %q: teach this test about it", e.Kind)
	return nil
}

func TestPacketsRobotToSupervisor(t *testing.T) {
	pf := loadPackets(t)
	for i, e := range pf.RobotToSupervisor {
		t.Run(e.Kind+"/"+e.Hex, func(t *testing.T) {
			want := entryBytes(t, e)
			m := robotMessage(t, e)

			got, err := Encode(m)
			if err != nil {
				t.Fatalf("entry %d: Encode(%v): %v", i, m, err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("entry %d: Encode(%v)\n got %x\nwant %x", i, m, got, want)
			}

			back, err := DecodeRobot(want)
			if err != nil {
				t.Fatalf("entry %d: DecodeRobot(%x): %v", i, want, err)
			}
			if !reflect.DeepEqual(back, m) {
				t.Fatalf("entry %d: DecodeRobot(%x) = %#v, want %#v", i, want, back, m)
			}
			if mp, ok := m.(Map); ok && len(mp.Cells[0]) != int(e.Cols) {
				t.Fatalf("entry %d: cols %d, cells have %d", i, e.Cols, len(mp.Cells[0]))
			}
		})
	}
}

func TestPacketsSupervisorToRobot(t *testing.T) {
	pf := loadPackets(t)
	for i, e := range pf.SupervisorToRobot {
		t.Run(e.Kind+"/"+e.Hex, func(t *testing.T) {
			want := entryBytes(t, e)
			var in Inbound
			switch e.Kind {
			case "lack_of_progress":
				in = LackOfProgressNotice{}
			case "game_info", "game_info_pre_v24":
				if e.Score == nil || e.GameSecondsLeft == nil {
					t.Fatalf("entry %d lacks score or game_seconds_left", i)
				}
				g := GameInfo{Score: float32(*e.Score), GameSecondsLeft: *e.GameSecondsLeft}
				if e.Kind == "game_info_pre_v24" {
					g.Legacy = true
					if e.RealSecondsLeft != nil {
						t.Fatalf("entry %d: a pre-v24 reply with real_seconds_left", i)
					}
				} else {
					if e.RealSecondsLeft == nil {
						t.Fatalf("entry %d lacks real_seconds_left", i)
					}
					g.RealSecondsLeft = *e.RealSecondsLeft
				}
				in = g
			default:
				t.Fatalf("unknown supervisor_to_robot kind %q: teach this test about it", e.Kind)
			}

			if got := EncodeInbound(in); !bytes.Equal(got, want) {
				t.Fatalf("entry %d: EncodeInbound(%+v)\n got %x\nwant %x", i, in, got, want)
			}
			back, err := DecodeSupervisor(want)
			if err != nil {
				t.Fatalf("entry %d: DecodeSupervisor(%x): %v", i, want, err)
			}
			if g, ok := in.(GameInfo); ok {
				bg, ok := back.(GameInfo)
				if !ok {
					t.Fatalf("entry %d: DecodeSupervisor gave %T, want GameInfo", i, back)
				}
				// Compare the score bit for bit: -0.0 must stay negative zero.
				if math.Float32bits(bg.Score) != math.Float32bits(g.Score) {
					t.Fatalf("entry %d: score bits %08x, want %08x", i, math.Float32bits(bg.Score), math.Float32bits(g.Score))
				}
			}
			if !reflect.DeepEqual(back, in) {
				t.Fatalf("entry %d: DecodeSupervisor(%x) = %#v, want %#v", i, want, back, in)
			}
		})
	}
}

// TestPacketsCrossDirection feeds every packet to the decoder of the wrong
// side: each must give a value or an ErrMalformed error, never a panic, and
// the robot packets Erebus would misread must be read the Erebus way.
func TestPacketsCrossDirection(t *testing.T) {
	pf := loadPackets(t)
	for _, e := range pf.RobotToSupervisor {
		t.Run("robot/"+e.Hex, func(t *testing.T) {
			b := entryBytes(t, e)
			in, err := DecodeSupervisor(b)
			switch {
			case e.Kind == "command" && e.Command == "L":
				if err != nil || in != (LackOfProgressNotice{}) {
					t.Fatalf("'L' read by the robot side: %v, %v", in, err)
				}
			case err == nil:
				t.Fatalf("robot packet %x decoded as supervisor packet %#v", b, in)
			case !errors.Is(err, ErrMalformed):
				t.Fatalf("error %v does not wrap ErrMalformed", err)
			}
		})
	}
	for _, e := range pf.SupervisorToRobot {
		t.Run("supervisor/"+e.Hex, func(t *testing.T) {
			b := entryBytes(t, e)
			m, err := DecodeRobot(b)
			switch len(b) {
			case 1:
				if err != nil || m != Command(b[0]) {
					t.Fatalf("DecodeRobot(%x) = %v, %v; want command %q", b, m, err, b[0])
				}
			default:
				// 12 and 16 bytes are map data to the supervisor; the header
				// 'G' ... gives a shape that never matches the cells.
				if err == nil {
					t.Fatalf("DecodeRobot(%x) = %#v, want an error", b, m)
				}
				if !errors.Is(err, ErrMalformed) {
					t.Fatalf("error %v does not wrap ErrMalformed", err)
				}
			}
		})
	}
}
