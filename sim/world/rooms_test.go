package world

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// hasSegment reports whether segs holds the segment a–b (either way).
func hasSegment(segs []Segment, a, b geom.Vec2) bool {
	near := func(p, q geom.Vec2) bool { return math.Abs(p.X-q.X) < 1e-6 && math.Abs(p.Z-q.Z) < 1e-6 }
	for _, s := range segs {
		if (near(s.A, a) && near(s.B, b)) || (near(s.A, b) && near(s.B, a)) {
			return true
		}
	}
	return false
}

// TestArea4Room expands v26.1 world4's Area4_2 room (X 4, Y 0, DIR 0,
// width 10, height 10) from Erebus's Area4_2.proto. The v26 folder in
// ../shared has no Area4_2.proto, so the v25 one (the same room) is given
// as a PROTO directory. Expected walls, worked out by hand from the PROTO:
// the room's origin is (4·0.12 − 10·0.06, 0 − 10·0.06 − 0.005) =
// (−0.12, −0.605) and its walls group is 0.3 0.3 further; "wall7" (a Wall
// 0.31 × 0.01 at −0.1 0.06) is the box x −0.075…0.235, z −0.25…−0.24;
// "wall8" (turned −1.5708) stands across z −0.43…−0.12 at x 0.105…0.115.
func TestArea4Room(t *testing.T) {
	path := sharedtest.Path(t, "erebus", "v26", "worlds", "world4.wbt")
	protos := sharedtest.Path(t, "erebus", "protos")
	w, err := LoadWith(path, ParseOptions{PROTODirs: []string{protos}})
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Warnings) != 0 {
		t.Errorf("warnings %q, want none", w.Warnings)
	}
	for _, s := range []struct {
		name string
		a, b geom.Vec2
	}{
		{"wall7 top", geom.Vec2{X: -0.075, Z: -0.25}, geom.Vec2{X: 0.235, Z: -0.25}},
		{"wall7 bottom", geom.Vec2{X: -0.075, Z: -0.24}, geom.Vec2{X: 0.235, Z: -0.24}},
		{"wall8 left", geom.Vec2{X: 0.105, Z: -0.43}, geom.Vec2{X: 0.105, Z: -0.12}},
	} {
		// wall8's rotation is 1.5707953, not π/2: its ends are 1.5e-7 off.
		found := hasSegment(w.Area4Walls, s.a, s.b)
		if !found {
			for _, g := range w.Area4Walls {
				if math.Hypot(g.A.X-s.a.X, g.A.Z-s.a.Z)+math.Hypot(g.B.X-s.b.X, g.B.Z-s.b.Z) < 1e-5 ||
					math.Hypot(g.A.X-s.b.X, g.A.Z-s.b.Z)+math.Hypot(g.B.X-s.a.X, g.B.Z-s.a.Z) < 1e-5 {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%s: no wall outline %v–%v", s.name, s.a, s.b)
		}
	}
	// The room's 8 walls: four Wall boxes (16 edges) and four curved walls
	// (wall3, wall4, wall5, wall11: 30 bottom edges a side and two ends
	// each).
	if n := len(w.Area4Walls); n != 16+4*62 {
		t.Errorf("%d outline edges, want %d", n, 16+4*62)
	}
	// Every outline edge lies inside the room's 6×6 tiles, around tile (4, 0).
	for _, s := range w.Area4Walls {
		for _, p := range []geom.Vec2{s.A, s.B} {
			if p.X < -0.19 || p.X > 0.55 || p.Z < -0.67 || p.Z > 0.07 {
				t.Fatalf("outline point %v outside the room", p)
			}
		}
	}
}

// TestArea4RoomWarnings: a room whose PROTO cannot be found is a warning
// naming it, and the rest of the world loads.
func TestArea4RoomWarnings(t *testing.T) {
	path := sharedtest.Path(t, "erebus", "v26", "worlds", "world4.wbt")
	w, err := Load(path) // v26/protos has no Area4_2.proto
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Warnings) != 1 || !strings.Contains(w.Warnings[0], "Area4_2") || !strings.Contains(w.Warnings[0], "not found") {
		t.Errorf("warnings %q, want one naming Area4_2 and its missing PROTO", w.Warnings)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err = Parse("world4.wbt", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Warnings) != 1 || !strings.Contains(w.Warnings[0], "world4.wbt:") || !strings.Contains(w.Warnings[0], "PROTODirs") {
		t.Errorf("Parse warnings %q, want one saying where PROTOs can be given", w.Warnings)
	}
	// The shared v25 worlds have no prebuilt room and no part left out.
	for _, n := range []string{"world1", "world2", "room4_small", "NewPassages"} {
		w, err := Load(sharedtest.Path(t, "erebus", "worlds", n+".wbt"))
		if err != nil {
			t.Fatal(err)
		}
		if len(w.Warnings) != 0 {
			t.Errorf("%s: warnings %q", n, w.Warnings)
		}
	}
}

// TestArea4RoomBadPROTO: a PROTO that is not the room's is a warning, not a
// failure.
func TestArea4RoomBadPROTO(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/Area4_1.proto", []byte("PROTO Area4_1 [\n field SFInt32 X 0\n]\n{ Solid { translation %{=nonsense}% 0 0 } }\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	src := []byte(`DEF WALLTILES Group { children [
  worldTile { xPos 0 zPos 0 floor TRUE width 1 height 1 xScale 0.4 yScale 0.4 zScale 0.4 start TRUE }
  Area4_1 { X 0 Y 0 }
] }`)
	x := &extractor{file: "bad.wbt", src: src, protoDirs: []string{dir}}
	w, err := parseWith(x, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Warnings) != 1 || !strings.Contains(w.Warnings[0], "Area4_1") {
		t.Errorf("warnings %q, want one naming Area4_1", w.Warnings)
	}
}
