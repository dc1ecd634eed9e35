package world

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// checkWorld exercises a parsed world: nothing may panic and the answer
// must be rectangular.
func checkWorld(t *testing.T, w *World) {
	a := Answer(w)
	for _, r := range a {
		if len(r) != len(a[0]) {
			t.Fatalf("ragged answer")
		}
	}
	for _, f := range w.Fakes {
		w.TileAt(f.Pos)
	}
	for _, s := range w.Signs {
		w.QuarterAt(s.Pos)
		w.TileAt(s.Pos)
		w.RoomAt(s.Pos)
	}
	w.StartBox()
	_ = FormatASCII(w)
}

func FuzzParse(f *testing.F) {
	if shared, err := sharedtest.Root(); err == nil {
		for _, name := range worldNames {
			if b, err := os.ReadFile(filepath.Join(shared, "erebus", "worlds", name+".wbt")); err == nil {
				f.Add(b)
			}
		}
		for _, name := range []string{"world3", "world4"} { // v26.1: targets, fakes
			if b, err := os.ReadFile(filepath.Join(shared, "erebus", "v26", "worlds", name+".wbt")); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add(tinyWorld(`DEF TARGETGROUP Group { children [ CognitiveTarget { type "KKKKK" } CognitiveTarget { type "x" } ] } DEF FAKES Group { children [ Fake { type "psi" } ] }`))
	f.Add(tinyWorld(`DEF TARGETGROUP Group { } DEF HAZARDGROUP Group { }`))
	f.Add([]byte(miniWorld))
	f.Add([]byte("DEF WALLTILES Group { children [ worldTile { xPos 2 zPos 1 topWall 1 } ] }"))
	f.Add([]byte("#VRML_SIM R2023a utf8\nWorldInfo {\n"))
	f.Add([]byte("A { b [ C { d \"e\\\"\" } 1, 2 TRUE ] f USE G h NULL }"))
	f.Add([]byte("\x00\xff{{[[\"\\"))
	f.Add([]byte("DEF WALLTILES Group { children [ halfTile { curve [ 1 2 3 4 ] tile1Walls [ 99999999999 ] } Solid { children [ Shape { geometry IndexedFaceSet { coord Coordinate { point [ 0 0 0, 1 0 1, 0 1 0 ] } coordIndex [ 0 1 2 -1 ] } } ] } ] }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		w, err := Parse("fuzz.wbt", src)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			return
		}
		checkWorld(t, w)
	})
}

func FuzzParseASCII(f *testing.F) {
	f.Add("+-+-+-+-+\n|S S|  7|\n+ + + +-+\n|S S|~  |\n+ + +-+-+\nsign H tile 0 0 left worth 15\n")
	f.Add("+ + +\n.   .\n+-+ +\n. | .\n+ + +\nobstacle 0 0 0.1 0.1 1\nwall 0 0 1 1\n")
	f.Add("+-+-+\n|4 4|\n+ + +\n|LFJ7\n+-+-+\nsign O at 0 0 0.5 found\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, src string) {
		w, err := ParseASCII("fuzz.txt", src)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			return
		}
		checkWorld(t, w)
		if _, err := ParseASCII("again", FormatASCII(w)); err != nil {
			t.Fatalf("FormatASCII output does not parse: %v\n%s", err, FormatASCII(w))
		}
	})
}
