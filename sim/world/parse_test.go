package world

import (
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// miniWorld is a small, complete Erebus-style world in the verbose R2022
// layout, used by several tests.
const miniWorld = `#VRML_SIM R2022b utf8
EXTERNPROTO "../protos/worldTile.proto"
IMPORTABLE EXTERNPROTO "../protos/custom_robot.proto"
WorldInfo { basicTimeStep 16 coordinateSystem "NUE" }
DEF WALLTILES Group {
  children [
    DEF START_TILE worldTile { xPos 0 zPos 0 floor TRUE topWall 1 leftWall 1 bottomWall 1 start TRUE width 2 height 1 xScale 0.4 zScale 0.4 tileColor 0.635 0.635 0.635 room 1 }
    DEF TILE halfTile {
      xPos 1 zPos 0 floor TRUE topWall 1 rightWall 1 bottomWall 1
      tile1Walls [ 0, 0, 1, 0 ]   # bottom of TL quadrant
      curve [
        0
        0
        0
        2
      ]
      width 2 height 1 xScale 0.4 zScale 0.4 tileColor 0.9 0.6 0.1 room 2
    }
  ]
}
DEF STARTBOUNDS Group { children [ DEF boundary Group { children [
  DEF start0min Transform { translation -0.18 -0.03 -0.12 }
  DEF start0max Transform { translation -0.06 -0.03 0 }
] } ] }
DEF HUMANGROUP Group { children [
  Victim { translation -0.1744 0 -0.06 rotation 0 1 0 -1.57 name "Victim0" type "stable" scoreWorth 5 }
] }
DEF HAZARDGROUP Group { children [ HazardMap { translation 0.01 0 -0.1144 rotation 0 1 0 3.14 } ] }
DEF MAINSUPERVISOR Robot { supervisor TRUE controller "MainSupervisor" customData "300,left" window "x" }
`

func TestParseMiniWorld(t *testing.T) {
	w, err := Parse("mini.wbt", []byte(miniWorld))
	if err != nil {
		t.Fatal(err)
	}
	if w.Name != "mini" || w.BasicTimeStep != 16 || w.GameTime != 300 {
		t.Errorf("name/step/time = %q %d %d", w.Name, w.BasicTimeStep, w.GameTime)
	}
	if w.Cols != 2 || w.Rows != 1 || len(w.Tiles) != 2 {
		t.Fatalf("size %d×%d, %d tiles", w.Cols, w.Rows, len(w.Tiles))
	}
	h := w.Tiles[1]
	if !h.Half || h.QuarterWalls[0] != [4]int{0, 0, 1, 0} || h.Curves != [4]int{0, 0, 0, 2} || h.Room != 2 {
		t.Errorf("half tile = %+v", h)
	}
	if len(w.Arcs) != 1 {
		t.Fatalf("arcs = %v", w.Arcs)
	}
	// curve 2 in the BR quadrant: centre on the quadrant's top-left corner.
	qc := quadCenter(w.TileCenter(1, 0), 3)
	want := Arc{Center: geom.Vec2{X: qc.X - 0.03, Z: qc.Z - 0.03}, Radius: 0.06, From: 0, To: math.Pi / 2}
	if !arcNear(w.Arcs[0], want) {
		t.Errorf("arc = %+v, want %+v", w.Arcs[0], want)
	}
	s := w.Signs
	if len(s) != 2 || s[0].Letter != 'S' || s[0].Worth != 5 || s[1].Type != "F" || s[1].Worth != 10 || s[1].Name != "Hazard Map" {
		t.Fatalf("signs = %+v", s)
	}
	if s[0].Room != 1 || s[1].Room != 2 {
		t.Errorf("sign rooms = %d, %d; want 1, 2", s[0].Room, s[1].Room)
	}
	// rotation (0,1,0,-1.57) faces +X.
	if math.Abs(s[0].Normal.X-1) > 1e-5 || math.Abs(s[0].Normal.Z) > 1e-3 {
		t.Errorf("normal = %v", s[0].Normal)
	}
	if q, ok := w.QuarterAt(geom.Vec2{X: 0.05, Z: -0.06}); !ok || q.Passage != 'o' {
		t.Errorf("QuarterAt passage = %+v %v", q, ok)
	}
	// START_TILE: top and left walls, right free -> yaw -1.57 (pi = 3.14).
	if w.Start.Pos != (geom.Vec2{X: -0.12, Z: -0.06}) || w.Start.Yaw != -1.57 {
		t.Errorf("start = %+v", w.Start)
	}
}

func arcNear(a, b Arc) bool {
	const e = 1e-12
	return math.Abs(a.Center.X-b.Center.X) < e && math.Abs(a.Center.Z-b.Center.Z) < e &&
		math.Abs(a.Radius-b.Radius) < e && math.Abs(a.From-b.From) < e && math.Abs(a.To-b.To) < e
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"truncated group", "WorldInfo {\n}\nDEF WALLTILES Group {\n children [\n", 5, "expected ']' to close field children (opened at line 4), got end of file"},
		{"unclosed node", "DEF WALLTILES Group {\n", 2, "expected '}' to close Group (opened at line 1), got end of file"},
		{"unclosed string", "WorldInfo { title \"abc\n\n", 1, "expected '\"' to close the string"},
		{"bad number", "WorldInfo {\n basicTimeStep 1.2.3\n}", 2, "malformed number"},
		{"missing brace", "WorldInfo basicTimeStep 16", 1, "expected '{' after node type WorldInfo"},
		{"stray bracket", "WorldInfo { ] }", 1, "expected a field name or '}' in WorldInfo"},
		{"no walltiles", "WorldInfo { basicTimeStep 16 }", 1, "expected a DEF WALLTILES Group"},
		{"empty walltiles", "DEF WALLTILES Group { children [ ] }", 1, "WALLTILES holds no worldTile"},
		{"float int", "DEF WALLTILES Group { children [\nworldTile { xPos 1.5 } ] }", 2, "field xPos: expected an integer, got '1.5'"},
		{"bool field", "DEF WALLTILES Group { children [\nworldTile {\ntrap 1 } ] }", 3, "field trap: expected TRUE or FALSE"},
		{"vector arity", "DEF WALLTILES Group { children [ worldTile { } ] }\nDEF HUMANGROUP Group { children [ Victim {\ntranslation 1 2 } ] }", 3, "expected 3 numbers"},
		{"bad scale", "DEF WALLTILES Group { children [ worldTile {\nxScale 1 } ] }", 2, "xScale 1 is not supported"},
		{"bounds", "DEF WALLTILES Group { children [ worldTile { } ] }\nDEF STARTBOUNDS Group { children [\nGroup { children [ ] } ] }", 3, "expected DEF start<i>min"},
		{"importable", "IMPORTABLE \"x\"", 1, "expected EXTERNPROTO after IMPORTABLE"},
		{"deep nesting", strings.Repeat("A { f ", 300), 1, "nested more than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("bad.wbt", []byte(tt.src))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a *ParseError", err)
			}
			if pe.File != "bad.wbt" || pe.Line != tt.line || !strings.Contains(pe.Msg, tt.msg) {
				t.Errorf("err = %q, want line %d containing %q", err, tt.line, tt.msg)
			}
		})
	}
}

func TestTruncatedWorldsFail(t *testing.T) {
	shared := sharedtest.Dir(t)
	for _, name := range worldNames {
		t.Run(name, func(t *testing.T) {
			w, err := Load(filepath.Join(shared, "erebus", "worlds", name+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			_ = w
			src := []byte(mustRead(t, filepath.Join(shared, "erebus", "worlds", name+".wbt")))
			cut := src[:len(src)*2/3]
			_, err = Parse(name+".wbt", cut)
			if err == nil {
				t.Fatal("truncated world parsed without error")
			}
			lines := strings.Count(string(cut), "\n") + 1
			if !strings.HasPrefix(err.Error(), name+".wbt:") || !strings.Contains(err.Error(), "got end of file") {
				t.Errorf("err = %v", err)
			}
			var pe *ParseError
			if errors.As(err, &pe) && pe.Line != lines {
				t.Errorf("error at line %d, want the last line %d", pe.Line, lines)
			}
		})
	}
}

func TestLexerValues(t *testing.T) {
	tests := []struct {
		in    string
		ival  int
		valid bool
	}{
		{"0", 0, true}, {"-7", -7, true}, {"+12", 12, true}, {"2147483647", 2147483647, true},
		{"2147483648", 0, true}, {"-2147483649", 0, true}, {"152587890625", 0, true},
		{"2821109907456", 0, true}, {"0x10", 16, true}, {"1.0", 0, false}, {"1e3", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			v, ok := parseInt32(tt.in)
			if ok != tt.valid || v != tt.ival {
				t.Errorf("parseInt32(%q) = %d, %v; want %d, %v", tt.in, v, ok, tt.ival, tt.valid)
			}
		})
	}
	src := "A { s \"a \\\"q\\\" \\\\ b\" # comment \"not a string\"\n m [ 1, 2\n 3 ] b TRUE n NULL }"
	nodes, err := parseWorld("x", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	n := nodes[0]
	if got := n.field("s").Val.Scalars[0].text; got != `a "q" \ b` {
		t.Errorf("string = %q", got)
	}
	if got := len(n.field("m").scalars()); got != 3 {
		t.Errorf("MF values = %d, want 3", got)
	}
	if f := n.field("n"); f == nil || !f.Val.IsNode || f.Val.Node != nil {
		t.Errorf("NULL field = %+v", f)
	}
}

func TestGameTime(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{{"480", 480}, {"10000", 10000}, {"300,left", 300}, {"", 480}, {"abc", 480}, {" 60 ", 60}} {
		if got := gameTime(tt.in); got != tt.want {
			t.Errorf("gameTime(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestDefaultsR2023 checks PROTO defaults on room4_small, which omits them.
func TestDefaultsR2023(t *testing.T) {
	shared := sharedtest.Dir(t)
	w, err := Load(filepath.Join(shared, "erebus", "worlds", "room4_small.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]Sign{}
	for _, s := range w.Signs {
		byName[s.Name] = s
	}
	if s := byName["Victim1"]; s.Type != "harmed" || s.Letter != 'H' || s.Worth != 5 {
		t.Errorf("Victim1 = %+v, want default type harmed", s)
	}
	if s := byName["Hazard0"]; s.Type != "F" || s.Worth != 10 {
		t.Errorf("Hazard0 = %+v, want default type F worth 10", s)
	}
	if s := byName["Hazard3"]; s.Rotation != [4]float64{} || s.Normal != (geom.Vec2{X: 0, Z: -1}) {
		t.Errorf("Hazard3 rotation/normal = %v %v, want identity facing -Z", s.Rotation, s.Normal)
	}
	if t0 := w.Tiles[0]; t0.X != 0 || t0.Z != 0 || t0.Right != 0 || t0.Bottom != 0 || !t0.Start {
		t.Errorf("START_TILE = %+v", t0)
	}
	if len(w.Area4Walls) == 0 {
		t.Error("the custom Area4 Solid gave no walls")
	}
	if got := len(w.children); got != len(w.Tiles)+1 || w.lastChildDEF != "" {
		t.Errorf("children = %d (tiles %d), last DEF %q", got, len(w.Tiles), w.lastChildDEF)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	w, err := readFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return w
}
