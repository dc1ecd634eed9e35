package world

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

func TestAnswerMatchesErebus(t *testing.T) {
	shared := sharedtest.Dir(t)
	for _, name := range worldNames {
		t.Run(name, func(t *testing.T) {
			w, err := Load(filepath.Join(shared, "erebus", "worlds", name+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(filepath.Join(shared, "erebus", "answers", name+".answer.json"))
			if err != nil {
				t.Fatal(err)
			}
			var want [][]string
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			got := Answer(w)
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
		})
	}
}
