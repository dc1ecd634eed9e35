package mapscore

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// m builds a matrix from rows of one-character cells.
func m(rows ...string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		for _, c := range r {
			out[i] = append(out[i], string(c))
		}
	}
	return out
}

func rotCW(a [][]string) [][]string {
	if len(a) == 0 {
		return nil
	}
	out := make([][]string, len(a[0]))
	for i := range out {
		out[i] = make([]string, len(a))
		for j := range out[i] {
			out[i][j] = a[len(a)-1-j][i]
		}
	}
	return out
}

func TestScoreTable(t *testing.T) {
	answer := m(
		"11111",
		"15041",
		"10001",
		"12031",
		"11111",
	)
	pairAnswer := m(
		"1111",
		"15H1",
		"1111",
	)
	pairAnswer[1][2] = "SH"
	tests := []struct {
		name       string
		answer     [][]string
		submission [][]string
		want       float64
	}{
		{"identical", answer, answer, 1},
		{"submission rotated 90 cw", answer, rotCW(answer), 1},
		{"submission rotated 180", answer, rotCW(rotCW(answer)), 1},
		{"submission rotated 270 cw", answer, rotCW(rotCW(rotCW(answer))), 1},
		// One wrong cell out of the 20 non-skipped ones.
		{"one wrong cell", answer, m("11111", "15041", "10001", "12001", "11111"), 19.0 / 20},
		// An extra '0' cell is skipped where the answer is '0' too.
		{"extra zero column", answer, m("111110", "150410", "100010", "120310", "111110"), 1},
		{"extra zero row on top", answer, m("00000", "11111", "15041", "10001", "12031", "11111"), 1},
		// Padding: the submission lacks the bottom row; the window is filled
		// with '0', so the 5 bottom walls count as wrong: 15/20.
		{"cropped bottom row", answer, m("11111", "15041", "10001", "12031"), 15.0 / 20},
		// A submission larger than the answer is cropped to the answer's frame.
		{"cropped extra walls", answer, m("1111111", "1111111", "1150411", "1100011", "1120311", "1111111", "1111111"), 1},
		{"reversed pair", pairAnswer, func() [][]string {
			s := m("1111", "15H1", "1111")
			s[1][2] = "HS"
			return s
		}(), 1},
		{"pair with single letter", pairAnswer, m("1111", "15H1", "1111"), 11.0 / 12},
		{"answer 20 skipped", [][]string{{"5"}, {"20"}}, m("5", "1"), 1},
		{"trailing NUL ignored", m("15"), [][]string{{"1\x00", "5"}}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Score(tc.answer, tc.submission)
			if err != nil {
				t.Fatalf("Score: %v", err)
			}
			if math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("Score = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestScoreShiftedStartByHand(t *testing.T) {
	// answer "150"/"005": rotation 0 aligns (0,1) with the submission's (0,2);
	// window columns start at m-dx = 3-(1-2) = 4 of a 9-wide array.
	// Worked by hand: the submission "015"/"000" maps to "150"/"000" whose
	// cells compare against "150"/"005" as 2 correct ('1','5') and 1 wrong.
	got, err := Score(m("150", "005"), m("015", "000"))
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got-2.0/3) > 1e-12 {
		t.Errorf("Score = %v, want 2/3", got)
	}
}

func TestScoreErrors(t *testing.T) {
	tests := []struct {
		name        string
		answer, sub [][]string
		noStart     bool
		contains    string
	}{
		{"no start in submission", m("15"), m("11"), true, "submitted"},
		{"no start in answer", m("11"), m("15"), true, "answer"},
		{"empty submission", m("15"), nil, true, "empty"},
		{"empty row", m("15"), [][]string{{}}, true, "empty"},
		{"ragged submission", m("15"), [][]string{{"1", "5"}, {"1"}}, false, "ragged"},
		{"ragged answer", [][]string{{"1", "5"}, {"1"}}, m("15"), false, "ragged"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Score(tc.answer, tc.sub)
			if err == nil {
				t.Fatal("Score: want an error")
			}
			if errors.Is(err, ErrNoStart) != tc.noStart {
				t.Errorf("errors.Is(err, ErrNoStart) = %v, want %v (err %v)", !tc.noStart, tc.noStart, err)
			}
			if !strings.Contains(err.Error(), tc.contains) {
				t.Errorf("error %q does not mention %q", err, tc.contains)
			}
		})
	}
}

func TestPySlice(t *testing.T) {
	tests := []struct{ start, stop, n, lo, hi int }{
		{0, 3, 9, 0, 3},
		{-2, 1, 9, 7, 7},  // start wraps to 7, stop 1 < 7: empty
		{-4, -1, 9, 5, 8}, // both wrap
		{-20, 2, 9, 0, 2}, // start clamps to 0
		{7, 12, 9, 7, 9},  // stop clamps to n
		{10, 12, 9, 9, 9}, // start past the end: empty
	}
	for _, tc := range tests {
		lo, hi := pySlice(tc.start, tc.stop, tc.n)
		if lo != tc.lo || hi != tc.hi {
			t.Errorf("pySlice(%d,%d,%d) = [%d,%d), want [%d,%d)", tc.start, tc.stop, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestScoreWindowLeavesArray(t *testing.T) {
	// The answer is a 10×1 column with its '5' at the bottom; the 2×1
	// submission has its '5' on top. Rotation 0: y = n−dy = 2−9 = −7, a
	// negative start that wraps to −1 and clamps to 0, stop 3: 3 rows, not
	// 10. The other rotations are 1×10 windows over a 6×3 array: at most
	// 3 columns. Every window has the wrong shape, so the score is 0.
	answer := [][]string{{"1"}, {"0"}, {"0"}, {"0"}, {"0"}, {"0"}, {"0"}, {"0"}, {"0"}, {"5"}}
	got, err := Score(answer, m("5", "0"))
	if err != nil {
		t.Fatal(err)
	}
	if got != 0 {
		t.Fatalf("Score = %v, want 0", got)
	}
}

func readMatrix(t testing.TB, path string) [][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return out
}

// TestScoreVectors reproduces Erebus's own MapScorer results. The vector
// names say how each submission is built from the answer; the stale hand
// examples of MapScorerExample.py are not shipped, so that vector is
// checked only where docs/erebus-rules.md says it equals the answer (NewPassages).
func TestScoreVectors(t *testing.T) {
	vectorsPath := sharedtest.Path(t, "erebus", "answers", "score_vectors.json")
	answers := filepath.Dir(vectorsPath)
	var vectors map[string]map[string]float64
	b, err := os.ReadFile(vectorsPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &vectors); err != nil {
		t.Fatal(err)
	}
	build := map[string]func(a [][]string) [][]string{
		"self":    func(a [][]string) [][]string { return a },
		"rot90cw": rotCW,
		"rot180":  func(a [][]string) [][]string { return rotCW(rotCW(a)) },
		"walls_and_start_only": func(a [][]string) [][]string {
			out := make([][]string, len(a))
			for i, row := range a {
				for _, c := range row {
					if c != "1" && c != "5" {
						c = "0"
					}
					out[i] = append(out[i], c)
				}
			}
			return out
		},
		"extra_zero_row": func(a [][]string) [][]string {
			return append(append([][]string(nil), a...), strings.Split(strings.Repeat("0", len(a[0])), ""))
		},
	}
	checked := 0
	for world, vs := range vectors {
		answer := readMatrix(t, filepath.Join(answers, world+".answer.json"))
		for name, want := range vs {
			f, ok := build[name]
			if name == "MapScorerExample_stale" && want == 1 {
				f, ok = build["self"], true
			}
			if !ok {
				t.Logf("%s/%s: submission not shipped, skipped", world, name)
				continue
			}
			t.Run(world+"/"+name, func(t *testing.T) {
				got, err := Score(answer, f(answer))
				if err != nil {
					t.Fatal(err)
				}
				if math.Abs(got-want) > 1e-9 {
					t.Errorf("Score = %.15f, want %.15f", got, want)
				}
			})
			checked++
		}
	}
	if checked < 20 {
		t.Errorf("only %d vectors checked, want at least 20", checked)
	}
}

func FuzzScore(f *testing.F) {
	f.Add("11111\n15041\n10001", "11111\n15041\n10001")
	f.Add("150\n005", "015\n000")
	f.Add("5", "0\n0\n5")
	f.Add("15H", "1\n5\nH")
	f.Fuzz(func(t *testing.T, a, s string) {
		split := func(x string) [][]string {
			var out [][]string
			for _, line := range strings.Split(x, "\n") {
				out = append(out, strings.Split(line, ""))
			}
			return out
		}
		answer, sub := split(a), split(s)
		got, err := Score(answer, sub)
		if err != nil {
			return
		}
		if got < 0 || got > 1 || math.IsNaN(got) {
			t.Fatalf("Score = %v outside [0,1]", got)
		}
		// The answer against itself always scores 1.
		self, err := Score(answer, answer)
		if err != nil || self != 1 {
			t.Fatalf("Score(answer, answer) = %v, %v; want 1", self, err)
		}
		// Rotating the submission never changes the best score by more
		// than what the rotation set covers: a rotated copy of the answer
		// scores 1 too.
		if r, err := Score(answer, rotCW(answer)); err != nil || r != 1 {
			t.Fatalf("Score(answer, rotCW(answer)) = %v, %v; want 1", r, err)
		}
	})
}

func BenchmarkScore33x33(b *testing.B) {
	answer := make([][]string, 33)
	for i := range answer {
		answer[i] = strings.Split(strings.Repeat("1", 33), "")
	}
	answer[1][1] = "5"
	sub := rotCW(answer)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Score(answer, sub); err != nil {
			b.Fatal(err)
		}
	}
}
