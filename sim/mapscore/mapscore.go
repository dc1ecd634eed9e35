// Package mapscore scores a submitted Erebus map against the answer map the
// way Erebus's MapScorer does (docs/erebus-rules.md §1.4), cell for cell, including the
// quirks of its numpy implementation.
package mapscore

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNoStart is wrapped by the errors Score returns when the answer or the
// submission holds no start cell '5'; Erebus's scorer throws in that case and
// the supervisor lets the robot retry.
var ErrNoStart = errors.New("no start tile ('5')")

// Score returns the completeness of submission against answer in [0, 1],
// exactly as Erebus's MapScorer.calculateScore computes it.
//
// The answer (never the submission) is rotated by 0°, 90° cw, 270° cw and
// 180° (numpy rot90 with k = 0..3 applied cumulatively). For each rotation
// the submission is aligned on the first '5' in row-major order: it is
// embedded in the centre of a 3n×3m array of '0' and the window with the
// answer's shape starting at (n−dy, m−dx) is taken, with Python slicing rules
// (a negative start wraps once, bounds clamp); a window whose shape differs
// from the answer's scores 0. Cells where both are '0' and cells where the
// answer is '20' are skipped; a cell is correct when equal, or when the
// answer cell has exactly two characters and the submission holds them
// reversed ("HS" for "SH"). The result is the best of the four rotations.
//
// As numpy's fixed-width strings do, trailing NUL characters of every cell
// are ignored. Score returns an error (wrapping ErrNoStart) when either
// matrix has no '5', where Erebus's scorer throws, and an error for ragged
// or empty matrices.
func Score(answer, submission [][]string) (float64, error) {
	ans, err := newGrid("answer", answer)
	if err != nil {
		return 0, err
	}
	sub, err := newGrid("submission", submission)
	if err != nil {
		return 0, err
	}
	best := 0.0
	for i := 0; i < 4; i++ {
		// np.rot90(a, k=i, axes=(1,0)) rotates clockwise i quarter turns,
		// applied to the already rotated matrix.
		for k := 0; k < i; k++ {
			ans = ans.rotCW()
		}
		ar, ac, ok := ans.firstStart()
		if !ok {
			return 0, fmt.Errorf("mapscore: %w was found on the answer map", ErrNoStart)
		}
		sr, sc, ok := sub.firstStart()
		if !ok {
			return 0, fmt.Errorf("mapscore: %w was found on the submitted map", ErrNoStart)
		}
		c := completeness(ans, sub.window(ar-sr, ac-sc, ans.rows, ans.cols))
		if c > best {
			best = c
		}
	}
	return best, nil
}

// grid is a dense row-major matrix of cells.
type grid struct {
	rows, cols int
	cells      []string
}

func newGrid(what string, m [][]string) (grid, error) {
	if len(m) == 0 || len(m[0]) == 0 {
		return grid{}, fmt.Errorf("mapscore: the %s map is empty; it needs rows of cells with a '5' (%w)", what, ErrNoStart)
	}
	g := grid{rows: len(m), cols: len(m[0]), cells: make([]string, 0, len(m)*len(m[0]))}
	for r, row := range m {
		if len(row) != g.cols {
			return grid{}, fmt.Errorf("mapscore: the %s map is ragged: row %d has %d cells, row 0 has %d; every row needs the same length", what, r, len(row), g.cols)
		}
		for _, c := range row {
			g.cells = append(g.cells, strings.TrimRight(c, "\x00"))
		}
	}
	return g, nil
}

func (g grid) at(r, c int) string { return g.cells[r*g.cols+c] }

// rotCW rotates g a quarter turn clockwise: out[i][j] = g[rows-1-j][i].
func (g grid) rotCW() grid {
	out := grid{rows: g.cols, cols: g.rows, cells: make([]string, len(g.cells))}
	for i := 0; i < out.rows; i++ {
		for j := 0; j < out.cols; j++ {
			out.cells[i*out.cols+j] = g.at(g.rows-1-j, i)
		}
	}
	return out
}

func (g grid) firstStart() (r, c int, ok bool) {
	for i, v := range g.cells {
		if v == "5" {
			return i / g.cols, i % g.cols, true
		}
	}
	return 0, 0, false
}

// window returns big[y:y+h, x:x+w] where big is g embedded in the centre of
// a 3n×3m '0' array, y = n−dy and x = m−dx, with Python slice semantics.
// The result may be smaller than h×w (even empty).
func (g grid) window(dy, dx, h, w int) grid {
	n, m := g.rows, g.cols
	y0, y1 := pySlice(n-dy, n-dy+h, 3*n)
	x0, x1 := pySlice(m-dx, m-dx+w, 3*m)
	out := grid{rows: y1 - y0, cols: x1 - x0}
	if out.rows == 0 || out.cols == 0 {
		out.rows, out.cols = max(out.rows, 0), max(out.cols, 0)
		return out
	}
	out.cells = make([]string, 0, out.rows*out.cols)
	for by := y0; by < y1; by++ {
		for bx := x0; bx < x1; bx++ {
			v := "0"
			if by >= n && by < 2*n && bx >= m && bx < 2*m {
				v = g.at(by-n, bx-m)
			}
			out.cells = append(out.cells, v)
		}
	}
	return out
}

// pySlice resolves the bounds of a Python slice [start:stop] (step 1) over a
// sequence of length n, returning [lo, hi) with hi >= lo.
func pySlice(start, stop, n int) (lo, hi int) {
	clamp := func(i int) int {
		if i < 0 {
			i += n
			if i < 0 {
				i = 0
			}
		} else if i > n {
			i = n
		}
		return i
	}
	lo, hi = clamp(start), clamp(stop)
	if hi < lo {
		hi = lo
	}
	return lo, hi
}

// completeness is MapScorer._calculate_completeness.
func completeness(ans, sub grid) float64 {
	if ans.rows != sub.rows || ans.cols != sub.cols {
		return 0
	}
	correct, incorrect := 0, 0
	for i, a := range ans.cells {
		s := sub.cells[i]
		if (s == "0" && a == "0") || a == "20" {
			continue
		}
		switch {
		case s == a:
			correct++
		case len([]rune(a)) == 2 && s == reverse(a):
			correct++
		default:
			incorrect++
		}
	}
	if correct+incorrect == 0 {
		// Unreachable with a '5' in the answer; Python would divide by zero.
		return 0
	}
	return float64(correct) / float64(correct+incorrect)
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}
