package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// runRoot executes the runner with args and returns stdout and the error.
func runRoot(t *testing.T, args ...string) (string, error) {
	t.Helper()
	root := newRoot()
	var out, errOut bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.Execute()
	return out.String(), err
}

func TestWorldAnswerMatchesErebus(t *testing.T) {
	shared := sharedtest.Path(t, "erebus")
	for _, name := range []string{"world1", "world2", "room4_small", "NewPassages"} {
		t.Run(name, func(t *testing.T) {
			out, err := runRoot(t, "world", "answer", filepath.Join(shared, "worlds", name+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			var got, want [][]string
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("output is not a JSON matrix: %v\n%s", err, out)
			}
			b, err := os.ReadFile(filepath.Join(shared, "answers", name+".answer.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Error("answer differs from Erebus's")
			}
		})
	}
}

func writeJSON(t *testing.T, dir, name string, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestWorldScore(t *testing.T) {
	shared := sharedtest.Path(t, "erebus")
	dir := t.TempDir()
	ansPath := filepath.Join(shared, "answers", "world1.answer.json")
	var ans [][]string
	b, err := os.ReadFile(ansPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &ans); err != nil {
		t.Fatal(err)
	}
	walls := make([][]string, len(ans))
	for i, r := range ans {
		for _, c := range r {
			if c != "1" && c != "5" {
				c = "0"
			}
			walls[i] = append(walls[i], c)
		}
	}
	wallsPath := writeJSON(t, dir, "walls.json", walls)
	tests := []struct {
		name, sub string
		want      float64
	}{
		{"self", ansPath, 1},
		// score_vectors.json: world1 walls_and_start_only.
		{"walls and start only", wallsPath, 0.9056603773584906},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runRoot(t, "world", "score", ansPath, tc.sub)
			if err != nil {
				t.Fatal(err)
			}
			got, err := strconv.ParseFloat(strings.TrimSpace(out), 64)
			if err != nil {
				t.Fatalf("output %q is not a number", out)
			}
			if got != tc.want {
				t.Errorf("score = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestWorldGenerateShowAndAnswer(t *testing.T) {
	dir := t.TempDir()
	wbt := filepath.Join(dir, "gen.wbt")
	if _, err := runRoot(t, "world", "generate", "--seed", "11", "--size", "5x4", "-o", wbt); err != nil {
		t.Fatal(err)
	}
	w, err := world.Load(wbt)
	if err != nil {
		t.Fatalf("generated file does not load: %v", err)
	}
	if w.Cols != 5 || w.Rows != 4 {
		t.Errorf("generated %dx%d, want 5x4", w.Cols, w.Rows)
	}
	// The same seed on stdout gives the same bytes.
	stdout, err := runRoot(t, "world", "generate", "--seed", "11", "--size", "5x4")
	if err != nil {
		t.Fatal(err)
	}
	file, _ := os.ReadFile(wbt)
	if stdout != string(file) {
		t.Error("generate to stdout differs from generate -o with the same seed")
	}

	pngPath := filepath.Join(dir, "gen.png")
	out, err := runRoot(t, "world", "show", wbt, "--png", pngPath, "--px", "20")
	if err != nil {
		t.Fatal(err)
	}
	if out != world.FormatASCII(w) {
		t.Error("show output differs from world.FormatASCII")
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("--png output is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 5*20 || b.Dy() < 4*20 {
		t.Errorf("PNG is %v, want at least 100x80", b)
	}

	ansOut, err := runRoot(t, "world", "answer", wbt)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]string
	if err := json.Unmarshal([]byte(ansOut), &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, world.Answer(w)) {
		t.Error("answer output differs from world.Answer")
	}
	ansPath := writeJSON(t, dir, "ans.json", got)
	scoreOut, err := runRoot(t, "world", "score", ansPath, ansPath)
	if err != nil || strings.TrimSpace(scoreOut) != "1" {
		t.Errorf("score of the answer against itself = %q, %v; want 1", scoreOut, err)
	}
}

func TestWorldErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.wbt")
	if err := os.WriteFile(bad, []byte("#VRML_SIM R2023b utf8\nWorldInfo {\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	notJSON := filepath.Join(dir, "x.json")
	if err := os.WriteFile(notJSON, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	noStart := writeJSON(t, dir, "nostart.json", [][]string{{"1", "1"}})
	start := writeJSON(t, dir, "start.json", [][]string{{"1", "5"}})
	missing := filepath.Join(dir, "missing.wbt")
	good := filepath.Join(dir, "good.wbt")
	if _, err := runRoot(t, "world", "generate", "--size", "3x3", "-o", good); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"answer missing file", []string{"world", "answer", missing}, "missing.wbt"},
		{"answer bad world", []string{"world", "answer", bad}, "bad.wbt"},
		{"answer no args", []string{"world", "answer"}, "world answer: want a world file"},
		{"show missing file", []string{"world", "show", missing}, "missing.wbt"},
		{"show bad world", []string{"world", "show", bad}, "bad.wbt"},
		{"show bad px", []string{"world", "show", good, "--png", filepath.Join(dir, "o.png"), "--px", "3"}, "out of range"},
		{"score not json", []string{"world", "score", notJSON, start}, "JSON array of rows"},
		{"score missing", []string{"world", "score", start, filepath.Join(dir, "nope.json")}, "nope.json"},
		{"score no start", []string{"world", "score", start, noStart}, "no start tile"},
		{"generate bad size", []string{"world", "generate", "--size", "8by6"}, "want COLSxROWS"},
		{"generate too big", []string{"world", "generate", "--size", "99x3"}, "out of range"},
		{"generate bad dir", []string{"world", "generate", "-o", filepath.Join(dir, "no", "such", "dir.wbt")}, "dir.wbt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := runRoot(t, tc.args...)
			if err == nil {
				t.Fatal("want an error")
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") {
				t.Errorf("error is not one line: %q", msg)
			}
			if !strings.Contains(msg, tc.want) {
				t.Errorf("error %q does not mention %q", msg, tc.want)
			}
		})
	}
}

func TestWorldHelpHasExamples(t *testing.T) {
	for _, sub := range []string{"answer", "score", "show", "generate"} {
		out, err := runRoot(t, "world", sub, "--help")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "Examples:") || !strings.Contains(out, "runner world "+sub) {
			t.Errorf("world %s --help lacks an example:\n%s", sub, out)
		}
	}
}

// TestWorldAnswerRules checks `runner world answer` on a v26.1 world (the
// answer Erebus v26.1's MapAnswer made) and the --rules flag: it plays a
// world with neither sign group in the version asked, and refuses to play a
// v26 world as v25.
func TestWorldAnswerRules(t *testing.T) {
	shared := sharedtest.Path(t, "erebus")
	out, err := runRoot(t, "world", "answer", filepath.Join(shared, "v26", "worlds", "world3.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	var got, want [][]string
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(shared, "v26", "answers", "world3.answer.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("v26 world3: answer differs from Erebus v26.1's")
	}
	if _, err := runRoot(t, "world", "answer", "--rules", "v25", filepath.Join(shared, "v26", "worlds", "world3.wbt")); err == nil || !strings.Contains(err.Error(), "v26.1 world") {
		t.Errorf("--rules v25 on a v26 world: err %v", err)
	}
	if _, err := runRoot(t, "world", "answer", "--rules", "v24", filepath.Join(shared, "v26", "worlds", "world3.wbt")); err == nil || !strings.Contains(err.Error(), "unknown rules version") {
		t.Errorf("--rules v24: err %v", err)
	}
	// A world with an obstacle and no sign group: 'x' only in v26.
	dir := t.TempDir()
	bare := filepath.Join(dir, "bare.wbt")
	src := `DEF WALLTILES Group { children [
  DEF START_TILE worldTile { xPos 0 zPos 0 start TRUE width 2 height 1 room 1 floor TRUE }
  DEF TILE worldTile { xPos 1 zPos 0 width 2 height 1 room 1 floor TRUE }
] }
DEF OBSTACLES Group { children [ Solid { translation 0.01 0 -0.06 children [ Shape { geometry Box { size 0.02 0.02 0.02 } } ] } ] }
`
	if err := os.WriteFile(bare, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		rules string
		x     bool
	}{{"", false}, {"v25", false}, {"v26", true}} {
		out, err := runRoot(t, "world", "answer", "--rules", tt.rules, bare)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, `"x"`) != tt.x {
			t.Errorf("--rules %q: 'x' in the answer %v, want %v:\n%s", tt.rules, !tt.x, tt.x, out)
		}
	}
}

// TestWorldGenerateRules checks `runner world generate --rules`: v26.1 by
// default (DEF TARGETGROUP), v25.0.1 with --rules v25 (DEF HAZARDGROUP).
func TestWorldGenerateRules(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args  []string
		want  string
		group string
	}{
		{nil, "v26.1", "DEF TARGETGROUP"},
		{[]string{"--rules", "v26"}, "v26.1", "DEF TARGETGROUP"},
		{[]string{"--rules", "v25"}, "v25.0.1", "DEF HAZARDGROUP"},
	} {
		out := filepath.Join(dir, "g.wbt")
		if _, err := runRoot(t, append([]string{"world", "generate", "--seed", "3", "-o", out}, tc.args...)...); err != nil {
			t.Fatal(err)
		}
		w, err := world.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(out)
		if string(w.Rules.Version) != tc.want || !strings.Contains(string(b), tc.group) {
			t.Errorf("%v: version %q, want %q with %s", tc.args, w.Rules.Version, tc.want, tc.group)
		}
	}
	if _, err := runRoot(t, "world", "generate", "--rules", "v24"); err == nil || !strings.Contains(err.Error(), "unknown rules version") {
		t.Errorf("--rules v24: err %v", err)
	}
}
