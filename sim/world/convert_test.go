package world_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// v25Worlds returns the paths of the shared v25.0.1 worlds (erebus/worlds
// and more-worlds), or skips.
func v25Worlds(t *testing.T) []string {
	t.Helper()
	var paths []string
	for _, dir := range [][]string{{"erebus", "worlds"}, {"erebus", "more-worlds", "worlds"}} {
		m, err := filepath.Glob(filepath.Join(sharedtest.Path(t, dir...), "*.wbt"))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	if len(paths) == 0 {
		t.Skip("no shared v25 worlds")
	}
	return paths
}

// loadConverted converts the world at path and parses the result as if it
// stood beside the original (its PROTO files found there and in the
// shared protos).
func loadConverted(t *testing.T, path string, o world.ConvertOptions) (*world.World, *world.World) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	protos := []string{filepath.Join(filepath.Dir(path), "..", "protos"), sharedtest.Path(t, "erebus", "protos")}
	old, err := world.ParseWith(filepath.Base(path), src, world.ParseOptions{PROTODirs: protos})
	if err != nil {
		t.Fatal(err)
	}
	out, err := world.ConvertToV26(src, o)
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.ParseWith(filepath.Base(path), out, world.ParseOptions{PROTODirs: protos})
	if err != nil {
		t.Fatalf("converted world: %v", err)
	}
	return old, w
}

// TestConvertSharedWorlds converts every shared v25 world without fakes:
// it loads as v26.1, each hazard became a cognitive target of the same
// letter at the same place, and the answer map is the v25 one's, except
// the obstacles, which v26.1 writes as 'x' (v26 §6: targets are in the
// answer as the letter their rings sum to, as hazards were).
func TestConvertSharedWorlds(t *testing.T) {
	for _, path := range v25Worlds(t) {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".wbt"), func(t *testing.T) {
			old, w := loadConverted(t, path, world.ConvertOptions{Seed: 1})
			if old.GameRules().Version != erebus.V25 {
				t.Skipf("not a v25 world: %s", old.GameRules().Version)
			}
			if v := w.GameRules().Version; v != erebus.V26 {
				t.Fatalf("converted world plays %s, want v26.1", v)
			}
			if len(w.Signs) != len(old.Signs) || len(w.Fakes) != 0 {
				t.Fatalf("%d signs and %d fakes, want %d and 0", len(w.Signs), len(w.Fakes), len(old.Signs))
			}
			for i, s := range w.Signs {
				o := old.Signs[i]
				if s.Letter != o.Letter || s.Pos != o.Pos || s.Target != (o.Kind == world.Hazard) {
					t.Errorf("sign %d: %c target %v at %v, v25 %c (%s) at %v", i, s.Letter, s.Target, s.Pos, o.Letter, o.Type, o.Pos)
				}
				if s.Target && !erebus.ValidTargetCode(s.Type) {
					t.Errorf("sign %d: code %q", i, s.Type)
				}
			}
			a25, a26 := world.Answer(old), world.Answer(w)
			if len(a25) != len(a26) {
				t.Fatalf("answer %d rows, v25 %d", len(a26), len(a25))
			}
			for r := range a25 {
				for c := range a25[r] {
					if a25[r][c] != a26[r][c] && a26[r][c] != "x" {
						t.Errorf("answer [%d][%d] %q, v25 %q", r, c, a26[r][c], a25[r][c])
					}
				}
			}
		})
	}
}

// TestConvertFakes turns every victim of world1 into a fake (probability
// 1) and half of them on average with 0.5: the fakes keep the victims'
// places and map their types (v26 §12), and the answer map loses exactly
// their letters (v26 §6: the wall cell stays '1').
func TestConvertFakes(t *testing.T) {
	path := sharedtest.Path(t, "erebus", "worlds", "world1.wbt")
	glyph := map[byte]string{'H': "phi", 'S': "psi", 'U': "omega"}
	for _, p := range []float64{1, 0.5} {
		t.Run(fmt.Sprint(p), func(t *testing.T) {
			old, w := loadConverted(t, path, world.ConvertOptions{Fakes: p, Seed: 2})
			victims := map[geom.Vec2]byte{}
			for _, s := range old.Signs {
				if s.Kind == world.Victim {
					victims[s.Pos] = s.Letter
				}
			}
			if len(w.Fakes) == 0 && p == 1 {
				t.Fatal("no fakes")
			}
			for _, f := range w.Fakes {
				l, ok := victims[f.Pos]
				if !ok || glyph[l] != f.Type || !strings.HasPrefix(f.Name, "Fake") {
					t.Errorf("fake %s %s at %v: no victim of that glyph there (%c)", f.Name, f.Type, f.Pos, l)
				}
				delete(victims, f.Pos)
			}
			left := 0
			for _, s := range w.Signs {
				if !s.Target {
					left++
					if _, ok := victims[s.Pos]; !ok {
						t.Errorf("victim %s at %v was not in the v25 world or is also a fake", s.Name, s.Pos)
					}
				}
			}
			if left != len(victims) {
				t.Errorf("%d victims left, want %d", left, len(victims))
			}
			lost := 0
			a25, a26 := world.Answer(old), world.Answer(w)
			for r := range a25 {
				for c := range a25[r] {
					if a25[r][c] == a26[r][c] {
						continue
					}
					if strings.Trim(a25[r][c], "HSU") != strings.Trim(a26[r][c], "HSU") && !(a26[r][c] == "1" && strings.Trim(a25[r][c], "HSU") == "") {
						t.Errorf("answer [%d][%d] %q, v25 %q", r, c, a26[r][c], a25[r][c])
					}
					lost += len(a25[r][c]) - len(strings.Trim(a26[r][c], "1"))
				}
			}
			if lost == 0 && len(w.Fakes) > 0 {
				t.Error("fakes left their victims' letters in the answer map")
			}
		})
	}
}

// TestConvertSeeded: the same seed gives the same bytes, another seed
// other target codes.
func TestConvertSeeded(t *testing.T) {
	src, err := os.ReadFile(sharedtest.Path(t, "erebus", "worlds", "world2.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	conv := func(seed int64) []byte {
		out, err := world.ConvertToV26(src, world.ConvertOptions{Seed: seed, Fakes: 0.5})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if a, b := conv(7), conv(7); !bytes.Equal(a, b) {
		t.Error("seed 7 gave two different worlds")
	}
	if a, b := conv(7), conv(8); bytes.Equal(a, b) {
		t.Error("seeds 7 and 8 gave the same world")
	}
}

// TestConvertErrors: what cannot be converted is refused with a reason.
func TestConvertErrors(t *testing.T) {
	const hazards = "DEF HAZARDGROUP Group { children [ HazardMap { type \"F\" } ] }\n"
	for _, tc := range []struct {
		name, src string
		fakes     float64
		want      string
	}{
		{"v26 already", "DEF TARGETGROUP Group { children [ ] }", 0, "v26 world already"},
		{"no hazards", "DEF HUMANGROUP Group { children [ ] }", 0, "no DEF HAZARDGROUP"},
		{"fakes above 1", hazards, 1.5, "expected 0..1"},
		{"fakes negative", hazards, -0.1, "expected 0..1"},
		{"no victims for fakes", hazards + "DEF HUMANGROUP Group { children [ ] }", 0.5, "no Victim node"},
		{"no human group", hazards + "Victim { type \"harmed\" }", 1, "no DEF HUMANGROUP"},
		{"bad victim type", hazards + "DEF HUMANGROUP Group { children [ Victim { type \"dead\" } ] }", 1, "victim type \"dead\""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := world.ConvertToV26([]byte(tc.src), world.ConvertOptions{Fakes: tc.fakes})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// v25Word finds the words the conversion replaces.
var v25Word = regexp.MustCompile(`\b(HazardMap|HAZARDGROUP)\b`)

// FuzzConvertToV26: any input gives a world or an error, never a panic;
// a converted world holds no HazardMap and no hazard letter type.
func FuzzConvertToV26(f *testing.F) {
	f.Add([]byte("DEF HAZARDGROUP Group { children [ HazardMap { type \"O\" } ] }\nDEF HUMANGROUP Group { children [ Victim { name \"Victim1\" type \"stable\" } ] }"), 0.5, int64(1))
	f.Add([]byte("DEF HAZARDGROUP Group { children [ HazardMap { type \"C\" "), 1.0, int64(2))
	f.Add([]byte("DEF HAZARDGROUP { Victim { Victim { } DEF HUMANGROUP"), 1.0, int64(3))
	f.Fuzz(func(t *testing.T, src []byte, p float64, seed int64) {
		out, err := world.ConvertToV26(src, world.ConvertOptions{Fakes: p, Seed: seed})
		if err != nil {
			return
		}
		if v25Word.Match(out) {
			t.Fatalf("v25 words left in %q", out)
		}
	})
}

// ExampleConvertToV26 converts a world's hazard group: the placard F becomes a
// cognitive target whose rings sum to 0 (F).
func ExampleConvertToV26() {
	src := []byte(`DEF HAZARDGROUP Group {
  children [
    HazardMap { translation 0 0 0 type "F" }
  ]
}
`)
	out, err := world.ConvertToV26(src, world.ConvertOptions{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	l, _ := erebus.TargetLetter("RGRGY")
	fmt.Printf("RGRGY sums to %c\n", l)
	// Output:
	// DEF TARGETGROUP Group {
	//   children [
	//     CognitiveTarget { translation 0 0 0 type "RGRGY" }
	//   ]
	// }
	// RGRGY sums to F
}
