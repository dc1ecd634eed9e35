package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/sim/referee"
)

// evalOf builds an eval's JSON from games given as world, seed, score
// (max 100, one sign, found when the score is positive).
func evalOf(params map[string]string, games ...any) *evalJSON {
	e := &evalJSON{SchemaVersion: SchemaVersion}
	for i := 0; i+2 < len(games); i += 3 {
		score := games[i+2].(float64)
		r := game.Result{World: games[i].(string), Seed: int64(games[i+1].(int)), MaxScore: 100, Signs: 1,
			Referee: referee.Summary{Score: score, MapScore: 0.5, ExitBonusGiven: score > 0}}
		if score > 0 {
			r.Referee.SignsCorrectType = 1
		}
		e.Games = append(e.Games, evalGame{Game: len(e.Games), Params: params, Result: r})
	}
	return e
}

func TestMeanSE(t *testing.T) {
	for _, tc := range []struct {
		name     string
		xs       []float64
		mean, se float64
	}{
		{"none", nil, 0, 0},
		{"one", []float64{3}, 3, 0},
		{"equal", []float64{2, 2, 2}, 2, 0},
		// Sample standard deviation of 1, 3: √2; over √2: 1.
		{"two", []float64{1, 3}, 2, 1},
		// 0, 0, 0, 8: mean 2, sample variance (4+4+4+36)/3 = 16, sd 4, se 2.
		{"one changed", []float64{0, 0, 0, 8}, 2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, se := meanSE(tc.xs)
			if math.Abs(m-tc.mean) > 1e-12 || math.Abs(se-tc.se) > 1e-12 {
				t.Errorf("meanSE(%v) = %v, %v; want %v, %v", tc.xs, m, se, tc.mean, tc.se)
			}
		})
	}
}

func TestCompareEvals(t *testing.T) {
	base := evalOf(nil, "a", 1, 50.0, "a", 2, 60.0, "b", 1, 70.0, "b", 2, 80.0)
	for _, tc := range []struct {
		name        string
		a, b        *evalJSON
		pairs       int
		onlyA       int
		onlyB       int
		byWorldSeed bool
		total       float64
		verdict     string
		err         string
	}{
		{name: "same", a: base, b: base, pairs: 4, verdict: "no difference"},
		{name: "all better by 10", a: base, b: evalOf(nil, "a", 1, 60.0, "a", 2, 70.0, "b", 1, 80.0, "b", 2, 90.0),
			pairs: 4, total: 40, verdict: "better by more than 2 standard errors"},
		{name: "all worse, unevenly", a: base, b: evalOf(nil, "a", 1, 40.0, "a", 2, 49.0, "b", 1, 61.0, "b", 2, 69.0),
			pairs: 4, total: -41, verdict: "worse by more than 2 standard errors"},
		{name: "one game swings", a: base, b: evalOf(nil, "a", 1, 50.0, "a", 2, 60.0, "b", 1, 70.0, "b", 2, 120.0),
			pairs: 4, total: 40, verdict: "within the noise"},
		{name: "games in one only", a: base, b: evalOf(nil, "a", 1, 50.0, "c", 1, 10.0),
			pairs: 1, onlyA: 3, onlyB: 1, verdict: "no difference"},
		{name: "a sweep's point against no sweep", a: base, b: evalOf(map[string]string{"explore.max_wheel": "6.28"}, "a", 1, 60.0, "a", 2, 70.0, "b", 1, 80.0, "b", 2, 90.0),
			pairs: 4, byWorldSeed: true, total: 40, verdict: "better"},
		{name: "the same points of two sweeps", a: evalOf(map[string]string{"x.y": "1"}, "a", 1, 5.0), b: evalOf(map[string]string{"x.y": "1"}, "a", 1, 5.0),
			pairs: 1, verdict: "no difference"},
		{name: "a game twice", a: base, b: evalOf(nil, "a", 1, 50.0, "a", 1, 60.0), err: "plays a seed 1 twice"},
		{name: "no game in common", a: base, b: evalOf(nil, "z", 9, 1.0), err: "no game in common"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := compareEvals(tc.a, tc.b)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(c.keys) != tc.pairs || c.onlyA != tc.onlyA || c.onlyB != tc.onlyB || c.byWorldSeed != tc.byWorldSeed {
				t.Errorf("pairs %d, only in one %d and %d, by world and seed %v; want %d, %d, %d, %v",
					len(c.keys), c.onlyA, c.onlyB, c.byWorldSeed, tc.pairs, tc.onlyA, tc.onlyB, tc.byWorldSeed)
			}
			if total := c.mean * float64(len(c.keys)); math.Abs(total-tc.total) > 1e-9 {
				t.Errorf("total difference %v, want %v", total, tc.total)
			}
			if v := c.verdict(); !strings.Contains(v, tc.verdict) {
				t.Errorf("verdict %q, want %q", v, tc.verdict)
			}
		})
	}
}

// TestEvalCompareCommand runs `runner eval compare` on two files and on
// bad input.
func TestEvalCompareCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, v any) string {
		t.Helper()
		p := filepath.Join(dir, name)
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	before := write("before.json", evalOf(nil, "a", 1, 50.0, "a", 2, 60.0, "b", 1, 0.0))
	after := write("after.json", evalOf(nil, "a", 1, 55.0, "a", 2, 60.0, "b", 1, 30.0))
	out, err := runRoot(t, "eval", "compare", before, after)
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(out), " ") // the tables' columns aligned with spaces
	for _, want := range []string{
		"paired games: 3 (2 changed)",
		// Differences 5, 0, 30: mean 11.67, sample sd 16.07, se 9.28.
		"score: +35.0 points in all, +11.67 ± 9.28 per game (standard error), t 1.26: within the noise",
		// Before: 110 of 300 points, 2 of 3 signs, exit bonus in 2 of 3 games.
		"score %max signs ok % misid/run map exit % auto LoP game s before 36.67 66.7 0.000 0.500 66.7 0 0.0 after 48.33 100.0 0.000 0.500 100.0 0 0.0",
		"difference b 1 - 0.0 30.0 +30.0 a 1 - 50.0 55.0 +5.0",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, tc := range []struct {
		name, content, err string
	}{
		{"not JSON", "table\n", "not the JSON of runner eval --json"},
		{"another schema", `{"schema_version": 99, "games": [{}]}`, "schema_version 99"},
		{"no games", `{"schema_version": 1, "games": []}`, "no games"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, "bad.json")
			if err := os.WriteFile(p, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := runRoot(t, "eval", "compare", before, p); err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("err %v, want one saying %q", err, tc.err)
			}
		})
	}
	if _, err := runRoot(t, "eval", "compare", before, filepath.Join(dir, "missing.json")); err == nil {
		t.Error("a missing file: no error")
	}
	if _, err := runRoot(t, "eval", "compare", before); err == nil || !strings.Contains(err.Error(), "two files") {
		t.Errorf("one file: err %v, want one asking for two files", err)
	}
}

// FuzzEvalCompare: any two files' contents are parsed, paired and printed, or refused
// with an error; never a panic.
func FuzzEvalCompare(f *testing.F) {
	seed, err := json.Marshal(evalOf(nil, "a", 1, 50.0, "b", 2, 0.0))
	if err != nil {
		f.Fatal(err)
	}
	sweep, err := json.Marshal(evalOf(map[string]string{"explore.max_wheel": "6"}, "a", 1, 60.0))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed, seed)
	f.Add(seed, sweep)
	f.Add([]byte(`{"schema_version": 1, "games": [{"world": "a", "seed": 1}]}`), []byte(`{"schema_version": 1, "games": [{"world": "a", "seed": 1, "referee": {"score": 1e308}}]}`))
	f.Add([]byte("{}"), []byte("not json"))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		ea, err := parseEvalJSON("a.json", a)
		if err != nil {
			return
		}
		eb, err := parseEvalJSON("b.json", b)
		if err != nil {
			return
		}
		c, err := compareEvals(ea, eb)
		if err != nil {
			return
		}
		if len(c.keys) == 0 {
			t.Fatal("compared with no pair")
		}
		var out strings.Builder
		if err := c.print(&out, 3); err != nil {
			t.Fatal(err)
		}
	})
}
