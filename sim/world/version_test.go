package world

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// TestVersionOfSharedWorlds checks v26 §1: every world of erebus/ and
// more-worlds/ (DEF HAZARDGROUP or neither) loads as v25.0.1, every world of
// v26/ (DEF TARGETGROUP) as v26.1.
func TestVersionOfSharedWorlds(t *testing.T) {
	shared := sharedtest.Dir(t)
	want := map[string]erebus.Version{"v25": erebus.V25, "v25-more": erebus.V25, "v26": erebus.V26}
	for _, set := range answerSets {
		files, _ := filepath.Glob(filepath.Join(shared, set.worlds, "*.wbt"))
		if len(files) == 0 {
			t.Fatalf("no worlds in %s", set.worlds)
		}
		for _, f := range files {
			w, err := Load(f)
			if err != nil {
				t.Fatal(err)
			}
			if w.Rules.Version != want[set.name] {
				t.Errorf("%s: version %q, want %q", filepath.Base(f), w.Rules.Version, want[set.name])
			}
		}
	}
}

// TestV26WorldContents checks what the loader reads from the shipped v26.1
// worlds: world3 holds 2 fakes and world4 3 (docs/erebus-v26.md "world3 and world4
// hold fakes"); every target's letter is its ring sum's (Victim.py v26
// l.235-247), and the fakes keep the type the file gives.
func TestV26WorldContents(t *testing.T) {
	shared := sharedtest.Dir(t)
	tests := []struct {
		name           string
		targets, fakes int
	}{
		{"world1", 2, 0}, {"world2", 3, 0}, {"world3", 4, 2}, {"world4", 4, 3},
		{"mapping_example_1", 5, 0}, {"NewPassages", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := Load(filepath.Join(shared, "erebus", "v26", "worlds", tt.name+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, s := range w.Signs {
				if !s.Target {
					continue
				}
				n++
				l, ok := erebus.TargetLetter(s.Type)
				if s.Letter != l || (ok && s.Letter == 0) || s.Kind != Hazard {
					t.Errorf("target %s %q: letter %q kind %v, want %q", s.Name, s.Type, s.Letter, s.Kind, l)
				}
			}
			if n != tt.targets || len(w.Fakes) != tt.fakes {
				t.Errorf("%d targets, %d fakes; want %d, %d", n, len(w.Fakes), tt.targets, tt.fakes)
			}
			for _, f := range w.Fakes {
				if f.Type != "omega" && f.Type != "phi" && f.Type != "psi" {
					t.Errorf("fake %s type %q", f.Name, f.Type)
				}
				if f.Normal == (geom.Vec2{}) && f.Rotation[3] != 0 {
					t.Errorf("fake %s has no normal", f.Name)
				}
			}
		})
	}
}

// tinyWorld is a one-tile world with the given extra top-level nodes.
func tinyWorld(extra string) []byte {
	return []byte(`DEF WALLTILES Group { children [
  DEF START_TILE worldTile { xPos 0 zPos 0 start TRUE width 1 height 1 room 1 floor TRUE }
] }
` + extra)
}

// TestVersionDetection checks the rule of v26 §1 (TARGETGROUP v26.1,
// HAZARDGROUP v25.0.1), the override for a world with neither, and the
// errors for a world of one version asked to play in the other.
func TestVersionDetection(t *testing.T) {
	target := "DEF TARGETGROUP Group { children [ CognitiveTarget { translation 0 0 -0.05 type \"BGYYY\" } ] }\n"
	hazard := "DEF HAZARDGROUP Group { children [ HazardMap { translation 0 0 -0.05 type \"O\" } ] }\n"
	tests := []struct {
		name, extra string
		version     erebus.Version
		want        erebus.Version
		wantErr     string
	}{
		{"target group", target, "", erebus.V26, ""},
		{"hazard group", hazard, "", erebus.V25, ""},
		{"neither", "", "", erebus.V25, ""},
		{"neither, v26 asked", "", erebus.V26, erebus.V26, ""},
		{"neither, v25 asked", "", erebus.V25, erebus.V25, ""},
		{"target group, v26 asked", target, erebus.V26, erebus.V26, ""},
		{"target group, v25 asked", target, erebus.V25, "", "makes this an Erebus v26.1 world"},
		{"hazard group, v26 asked", hazard, erebus.V26, "", "makes this an Erebus v25.0.1 world"},
		{"both groups", target + hazard, "", "", "has both DEF TARGETGROUP"},
		{"unknown version", "", "v24", "", "no rules for version"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := ParseWith("t.wbt", tinyWorld(tt.extra), ParseOptions{Version: tt.version})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if w.Rules.Version != tt.want || w.GameRules().Version != tt.want {
				t.Errorf("version %q, want %q", w.Rules.Version, tt.want)
			}
		})
	}
}

// TestTargetLoading checks load_cognitive_targets (MainSupervisor.py v26
// l.198-209) and the CognitiveTarget PROTO defaults (CognitiveTarget.proto
// l.3-11).
func TestTargetLoading(t *testing.T) {
	tests := []struct {
		node      string
		typ       string
		letter    byte
		worth     int
		blank     bool
		found     bool
		name      string
		rotationA float64
	}{
		{`CognitiveTarget { }`, "KRYGB", 'F', 10, false, false, "Cognitive Target", 0},
		{`CognitiveTarget { type "GGGYY" scoreWorth 30 name "T1" rotation 0 1 0 1.57 }`, "GGGYY", 'O', 30, false, false, "T1", 1.57},
		{`CognitiveTarget { type "KKKKK" }`, "KKKKK", 0, 10, false, false, "Cognitive Target", 0}, // invalid sum: kept, never matched
		{`CognitiveTarget { type "krygb" scoreWorth 30 }`, BlankTarget, 0, 0, true, false, "Cognitive Target", 0},
		{`CognitiveTarget { type "KRYGBK" }`, BlankTarget, 0, 0, true, false, "Cognitive Target", 0},
		{`CognitiveTarget { type "F" found TRUE }`, BlankTarget, 0, 0, true, true, "Cognitive Target", 0},
	}
	for _, tt := range tests {
		t.Run(tt.node, func(t *testing.T) {
			w, err := Parse("t.wbt", tinyWorld("DEF TARGETGROUP Group { children [ "+tt.node+" ] }"))
			if err != nil {
				t.Fatal(err)
			}
			if len(w.Signs) != 1 {
				t.Fatalf("%d signs", len(w.Signs))
			}
			s := w.Signs[0]
			if s.Type != tt.typ || s.Letter != tt.letter || s.Worth != tt.worth || s.Blank != tt.blank || s.Found != tt.found || s.Name != tt.name || s.Rotation[3] != tt.rotationA || !s.Target || s.Kind != Hazard {
				t.Errorf("got %+v", s)
			}
		})
	}
}

// TestFakeLoading checks the Fake PROTO defaults (Fake.proto l.3-9) and that
// a bad fake is a clear error.
func TestFakeLoading(t *testing.T) {
	w, err := Parse("t.wbt", tinyWorld(`DEF FAKES Group { children [
  Fake { }
  Fake { translation 0.01 0.02 0.03 rotation 0 1 0 1.5708 name "F2" type "psi" scoreWorth 5 }
] }`))
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Fakes) != 2 {
		t.Fatalf("%d fakes", len(w.Fakes))
	}
	if f := w.Fakes[0]; f.Type != "omega" || f.Name != "Fake" || f.Worth != 10 {
		t.Errorf("defaults: %+v", f)
	}
	f := w.Fakes[1]
	if f.Type != "psi" || f.Name != "F2" || f.Worth != 5 || f.Pos != (geom.Vec2{X: 0.01, Z: 0.03}) || f.Y != 0.02 {
		t.Errorf("fields: %+v", f)
	}
	// Rotation (0,1,0,π/2): −R[0][2] = −sin = −1, −R[2][2] = −cos ≈ 0.
	if f.Normal.X > -0.999 || f.Normal.Z > 1e-3 || f.Normal.Z < -1e-3 {
		t.Errorf("normal %v, want (−1, 0)", f.Normal)
	}
	if len(w.Signs) != 0 {
		t.Errorf("fakes became signs: %v", w.Signs)
	}
	for _, bad := range []string{
		`DEF FAKES Group { children [ Fake { type "sigma" } ] }`,
		`DEF FAKES Group { children [ Victim { } ] }`,
		`DEF TARGETGROUP Group { children [ HazardMap { } ] }`,
	} {
		_, err := Parse("t.wbt", tinyWorld(bad))
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: err %v, want a *ParseError", bad, err)
		}
	}
}

// ExampleParseWith reads a world that has neither a TARGETGROUP nor a
// HAZARDGROUP and plays it in v26.1.
func ExampleParseWith() {
	src := []byte(`DEF WALLTILES Group { children [
  DEF START_TILE worldTile { xPos 0 zPos 0 start TRUE width 1 height 1 room 1 floor TRUE }
] }`)
	w, err := ParseWith("bare.wbt", src, ParseOptions{Version: erebus.V26})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(w.GameRules().Version, w.GameRules().MapBonusFactor)
	// Output: v26.1 1.2
}
