package world

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// answerSets are the world sets of ../shared whose answers Erebus's own
// MapAnswer generated: v25.0.1 for erebus/ and more-worlds/, v26.1 for v26/.
var answerSets = []struct {
	name, worlds, answers string
}{
	{"v25", "erebus/worlds", "erebus/answers"},
	{"v25-more", "erebus/more-worlds/worlds", "erebus/more-worlds/answers"},
	{"v26", "erebus/v26/worlds", "erebus/v26/answers"},
}

// TestAnswerEveryWorld compares Answer, cell for cell, with the answer
// Erebus's MapAnswer of the world's version generated, for every world of
// every set, and logs the count of matches per set.
func TestAnswerEveryWorld(t *testing.T) {
	shared := sharedtest.Dir(t)
	for _, set := range answerSets {
		t.Run(set.name, func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join(shared, set.worlds, "*.wbt"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no worlds in %s (%v)", set.worlds, err)
			}
			sort.Strings(files)
			match := 0
			for _, f := range files {
				name := strings.TrimSuffix(filepath.Base(f), ".wbt")
				ok := t.Run(name, func(t *testing.T) {
					want := readAnswer(t, filepath.Join(shared, set.answers, name+".answer.json"))
					w, err := Load(f)
					if err != nil {
						t.Fatal(err)
					}
					diffMatrix(t, Answer(w), want)
				})
				if ok {
					match++
				}
			}
			t.Logf("%s: answer map matches Erebus's in %d of %d worlds", set.name, match, len(files))
		})
	}
}

func readAnswer(t *testing.T, path string) [][]string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want [][]string
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return want
}

// diffMatrix reports every cell where got differs from want (the first ten
// by position).
func diffMatrix(t *testing.T, got, want [][]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("rows = %d, want %d", len(got), len(want))
	}
	bad := 0
	for r := range want {
		if len(got[r]) != len(want[r]) {
			t.Fatalf("row %d: cols = %d, want %d", r, len(got[r]), len(want[r]))
		}
		for c := range want[r] {
			if got[r][c] != want[r][c] {
				bad++
				if bad <= 10 {
					t.Errorf("cell (%d,%d) = %q, want %q", r, c, got[r][c], want[r][c])
				}
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d cells differ", bad)
	}
}
