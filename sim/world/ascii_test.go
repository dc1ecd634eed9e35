package world

import (
	"bytes"
	"errors"
	"image/png"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

func TestParseASCIIErrors(t *testing.T) {
	tests := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"empty", "", 1, "expected the arena grid"},
		{"short first line", "+-+\n| |\n+-+\n", 1, "4·cols+1 characters"},
		{"row count", "+-+-+\n|   |\n+-+-+\n", 3, "4·rows+1 lines"},
		{"bad interior", "+-+-+\n|Q  |\n+ + +\n|   |\n+-+-+\n", 2, "unexpected 'Q'"},
		{"bad edge", "+-+-+\n|   -\n+ + +\n|   |\n+-+-+\n", 2, "unexpected '-'"},
		{"two floors", "+-+-+\n|X C|\n+ + +\n|   |\n+-+-+\n", 2, "two floor marks"},
		{"two starts", "+-+-+-+-+\n|S  |S  |\n+ + + + +\n|   |   |\n+-+-+-+-+\n", 2, "second start tile"},
		{"long line", "+-+-+\n|   |   |\n+ + +\n|   |\n+-+-+\n", 2, "longer than the first line"},
		{"directive", "+-+-+\n|   |\n+ + +\n|   |\n+-+-+\nfly away\n", 6, "unknown directive"},
		{"sign letter", "+-+-+\n|   |\n+ + +\n|   |\n+-+-+\nsign Z tile 0 0 top\n", 6, "unknown sign letter"},
		{"sign tile", "+-+-+\n|   |\n+ + +\n|   |\n+-+-+\nsign H tile 3 0 top\n", 6, "no tile (3,0)"},
		{"sign side", "+-+-+\n|   |\n+ + +\n|   |\n+-+-+\nsign H tile 0 0 up\n", 6, "expected top, right, bottom or left"},
		{"obstacle", "+-+-+\n|   |\n+ + +\n|   |\n+-+-+\nobstacle 1 2\n", 6, "expected 4 to 6 numbers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseASCII("a.txt", tt.src)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a *ParseError", err)
			}
			if pe.Line != tt.line || !strings.Contains(pe.Msg, tt.msg) {
				t.Errorf("err = %q, want line %d containing %q", err, tt.line, tt.msg)
			}
		})
	}
}

func TestParseASCIIModel(t *testing.T) {
	src := `# a 2x1 arena
+-+-+-+-+
|S S|  7|
+ + + +-+
|S S|~  |
+ + +-+-+
name tiny
time 300
sign H tile 0 0 left worth 15
sign F tile 1 0 bottom 0.02 found
`
	w, err := ParseASCII("tiny.txt", src)
	if err != nil {
		t.Fatal(err)
	}
	if w.Name != "tiny" || w.GameTime != 300 || w.Cols != 2 || w.Rows != 1 {
		t.Fatalf("world = %q %d %d×%d", w.Name, w.GameTime, w.Cols, w.Rows)
	}
	st, ht := w.Tiles[0], w.Tiles[1]
	if st.DEF != "START_TILE" || !st.Start || st.Top != 1 || st.Right != 1 || st.Half {
		t.Errorf("start tile = %+v", st)
	}
	if !ht.Half || !ht.Swamp || ht.Curves != [4]int{0, 1, 0, 0} || ht.Left != 1 || ht.QuarterWalls[1][2] != 1 || ht.QuarterWalls[3][0] != 1 {
		t.Errorf("half tile = %+v", ht)
	}
	if len(w.Arcs) != 1 || len(w.Swamps) != 1 || len(w.Starts) != 1 {
		t.Errorf("arcs %d swamps %d starts %d", len(w.Arcs), len(w.Swamps), len(w.Starts))
	}
	v, h := w.Signs[0], w.Signs[1]
	c0, c1 := w.TileCenter(0, 0), w.TileCenter(1, 0)
	if v.Letter != 'H' || v.Worth != 15 || v.Pos != (geom.Vec2{X: c0.X - 0.06 + signOffset, Z: c0.Z}) || math.Abs(v.Normal.X-1) > 1e-5 {
		t.Errorf("victim = %+v", v)
	}
	if h.Kind != Hazard || !h.Found || math.Abs(h.Pos.X-(c1.X+0.02)) > 1e-12 || math.Abs(h.Pos.Z-(c1.Z+0.06-signOffset)) > 1e-12 || h.Normal.Z > -0.99 {
		t.Errorf("hazard = %+v", h)
	}
	if w.Start.Pos != c0 || w.Start.Yaw != 3.14 {
		t.Errorf("start = %+v (top and right walls: first free side is bottom)", w.Start)
	}
	// Formatting and parsing again gives the same drawing.
	out := FormatASCII(w)
	w2, err := ParseASCII("again", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out2 := FormatASCII(w2); out2 != out {
		t.Errorf("FormatASCII not stable:\n%s\nvs\n%s", out, out2)
	}
}

// TestFormatASCIIRoundTrip draws the shipped worlds and loads the drawing:
// the solids, floors, rooms and signs must survive, and so must the answer
// except where a wall shared by two tiles was set on one only (the drawing
// sets it on both, which can overwrite a curve's corner 0).
func TestFormatASCIIRoundTrip(t *testing.T) {
	for _, name := range worldNames {
		t.Run(name, func(t *testing.T) {
			w := loadShared(t, name)
			txt := FormatASCII(w)
			w2, err := ParseASCII(name, txt)
			if err != nil {
				t.Fatalf("%v\n%s", err, txt)
			}
			// The drawing keeps which sides have walls, not the wall
			// values that move their ends (every drawn wall is 1).
			if !sameSegments(wallSides(w.Walls), wallSides(w2.Walls)) {
				t.Errorf("walls differ: %d vs %d", len(w.Walls), len(w2.Walls))
			}
			if len(w.Arcs) != len(w2.Arcs) {
				t.Errorf("arcs %d vs %d", len(w.Arcs), len(w2.Arcs))
			}
			for _, tile := range w.Tiles {
				t2 := w2.Tiles[w2.lookup(tile.X, tile.Z)]
				if tile.Quarter() != t2.Quarter() || tile.Room != t2.Room {
					t.Errorf("tile (%d,%d): %+v room %d vs %+v room %d", tile.X, tile.Z, tile.Quarter(), tile.Room, t2.Quarter(), t2.Room)
				}
			}
			if len(w.Signs) != len(w2.Signs) {
				t.Fatalf("signs %d vs %d", len(w.Signs), len(w2.Signs))
			}
			for i := range w.Signs {
				a, b := w.Signs[i], w2.Signs[i]
				if a.Letter != b.Letter || a.Pos != b.Pos || a.Worth != b.Worth || math.Abs(a.Normal.X-b.Normal.X) > 1e-12 || a.Room != b.Room {
					t.Errorf("sign %d: %+v vs %+v", i, a, b)
				}
			}
			a1, a2 := Answer(w), Answer(w2)
			diff := 0
			for r := range a1 {
				for c := range a1[r] {
					if a1[r][c] != a2[r][c] {
						diff++
						if a1[r][c] != "0" || a2[r][c] != "1" {
							t.Errorf("answer (%d,%d): %q vs %q", r, c, a1[r][c], a2[r][c])
						}
					}
				}
			}
			t.Logf("%d answer cells differ (curve corners)", diff)
		})
	}
}

// wallSides maps each segment to the tile or quadrant side it stands on:
// its box (the segment plus SegmentCap at each end) snapped to the 0.06 m
// grid, which undoes the ±WallThickness/2 end moves of the wall values;
// each side once (two tiles' walls on one side are two boxes when their
// values move different ends).
func wallSides(segs []Segment) []Segment {
	snap := func(v float64) float64 { return math.Round(v/0.06) * 0.06 }
	out := make([]Segment, 0, len(segs))
	seen := map[Segment]bool{}
	for _, s := range segs {
		dx, dz := s.B.X-s.A.X, s.B.Z-s.A.Z
		l := math.Hypot(dx, dz)
		if l == 0 {
			out = append(out, s)
			continue
		}
		ux, uz := dx/l*SegmentCap, dz/l*SegmentCap
		side := Segment{geom.Vec2{X: snap(s.A.X - ux), Z: snap(s.A.Z - uz)}, geom.Vec2{X: snap(s.B.X + ux), Z: snap(s.B.Z + uz)}}
		if !seen[side] && !seen[Segment{side.B, side.A}] {
			seen[side] = true
			out = append(out, side)
		}
	}
	return out
}

func sameSegments(a, b []Segment) bool {
	key := func(s Segment) [4]int64 {
		k := [4]int64{q6(s.A.X), q6(s.A.Z), q6(s.B.X), q6(s.B.Z)}
		if k[0] > k[2] || k[0] == k[2] && k[1] > k[3] {
			k = [4]int64{k[2], k[3], k[0], k[1]}
		}
		return k
	}
	m := map[[4]int64]int{}
	for _, s := range a {
		m[key(s)]++
	}
	for _, s := range b {
		m[key(s)]--
	}
	for _, v := range m {
		if v != 0 {
			return false
		}
	}
	return true
}

func TestDrawPNG(t *testing.T) {
	w, err := ParseASCII("png", `+-+-+-+-+
|S S   7|
+ + + + +
|S S   X|
+-+-+-+-+
sign H tile 0 0 top
`)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := DrawPNG(&buf, w, 40); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	margin := 10
	if b := img.Bounds(); b.Dx() != 2*40+2*margin || b.Dy() != 40+2*margin {
		t.Fatalf("size %v", b)
	}
	px := func(x, y int) [3]uint32 {
		r, g, b, _ := img.At(x, y).RGBA()
		return [3]uint32{r >> 8, g >> 8, b >> 8}
	}
	if got := px(margin, margin+30); got != [3]uint32{51, 120, 133} {
		t.Errorf("left wall pixel = %v, want wall colour", got)
	}
	if got := px(margin+10, margin+30); got != [3]uint32{8, 213, 8} {
		t.Errorf("start floor pixel = %v, want green", got)
	}
	if got := px(margin+40+25, margin+25); got[0] > 30 {
		t.Errorf("hole floor pixel = %v, want black", got)
	}
	if got := px(margin+20, margin+3); got != [3]uint32{210, 30, 30} && got != [3]uint32{255, 255, 255} {
		t.Errorf("victim mark pixel = %v, want red or its white letter", got)
	}
	for _, bad := range []int{0, 7, 401} {
		if err := DrawPNG(&buf, w, bad); err == nil {
			t.Errorf("pixelsPerTile %d accepted", bad)
		}
	}
	if err := DrawPNG(&buf, &World{}, 40); err == nil {
		t.Error("empty world accepted")
	}
}

// TestFormatASCIIV26RoundTrip draws the shipped v26.1 worlds with targets
// and fakes and loads the drawing: the version, every target's code, letter
// and worth, every fake's type and place survive.
func TestFormatASCIIV26RoundTrip(t *testing.T) {
	shared := sharedtest.Dir(t)
	for _, name := range []string{"world3", "world4", "mapping_example_1"} {
		t.Run(name, func(t *testing.T) {
			w, err := Load(filepath.Join(shared, "erebus", "v26", "worlds", name+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			txt := FormatASCII(w)
			w2, err := ParseASCII(name, txt)
			if err != nil {
				t.Fatalf("%v\n%s", err, txt)
			}
			if w2.Rules.Version != erebus.V26 {
				t.Errorf("version %q", w2.Rules.Version)
			}
			if len(w.Signs) != len(w2.Signs) || len(w.Fakes) != len(w2.Fakes) {
				t.Fatalf("signs %d vs %d, fakes %d vs %d", len(w.Signs), len(w2.Signs), len(w.Fakes), len(w2.Fakes))
			}
			for i := range w.Signs {
				a, b := w.Signs[i], w2.Signs[i]
				if a.Target != b.Target || a.Type != b.Type || a.Letter != b.Letter || a.Pos != b.Pos || a.Worth != b.Worth {
					t.Errorf("sign %d: %+v vs %+v", i, a, b)
				}
			}
			for i := range w.Fakes {
				a, b := w.Fakes[i], w2.Fakes[i]
				if a.Type != b.Type || a.Pos != b.Pos || a.Worth != b.Worth || math.Abs(a.Normal.X-b.Normal.X) > 1e-9 || math.Abs(a.Normal.Z-b.Normal.Z) > 1e-9 {
					t.Errorf("fake %d: %+v vs %+v", i, a, b)
				}
			}
		})
	}
	// Directives: a blanked target, an invalid sum, a fake on a tile side.
	const box = "+-+-+\n|   |\n+ + +\n|   |\n+-+-+\n"
	w, err := ParseASCII("d", box+"rules v26\ntarget KRYGB tile 0 0 top\ntarget xx tile 0 0 left worth 30\ntarget KKKKK tile 0 0 right\nfake psi tile 0 0 bottom\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Signs) != 3 || w.Signs[0].Letter != 'F' || !w.Signs[1].Blank || w.Signs[1].Worth != 0 || w.Signs[2].Letter != 0 || w.Signs[2].Blank || len(w.Fakes) != 1 || w.Fakes[0].Type != "psi" {
		t.Errorf("signs %+v fakes %+v", w.Signs, w.Fakes)
	}
	for _, bad := range []string{"fake sigma tile 0 0 top", "rules v24", "rules", "target KRYGB"} {
		if _, err := ParseASCII("d", box+bad+"\n"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
