package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/rescuekit/rescuekit/internal/game"
)

// maxMapRows is the most rows of the submitted map the summary prints;
// a larger map is left to --json.
const maxMapRows = 60

// printReports prints where each report was made and what the referee made
// of it, and the map the robot submitted.
func printReports(w io.Writer, res game.Result) {
	if len(res.Reports) > 0 {
		fmt.Fprintln(w, "reports (x, z in m; robot = where it was, robot est = where the plugins thought it was, estimate = what it reported):")
	}
	for _, v := range res.Reports {
		est := "robot est -"
		if e := v.RobotEstimate; e != nil {
			est = fmt.Sprintf("robot est (%.3f, %.3f)", e.X, e.Z)
		}
		fmt.Fprintf(w, "  %6.1f s  %-2s %-10s robot (%.3f, %.3f)  %s  estimate (%.3f, %.3f)  %+.2f: %s\n",
			v.Time, v.Letter, v.Outcome, v.Robot.X, v.Robot.Z, est, v.Estimate.X, v.Estimate.Z, v.Points, v.Why)
	}
	if res.Map == nil {
		fmt.Fprintln(w, "map submitted: none")
		return
	}
	r0, r1, c0, c1 := nonZero(res.Map)
	if r0 > r1 {
		fmt.Fprintf(w, "map submitted: %d×%d, all '0'\n", len(res.Map), len(res.Map[0]))
		return
	}
	if r1-r0+1 > maxMapRows {
		fmt.Fprintf(w, "map submitted: %d×%d (its cells: --json)\n", len(res.Map), len(res.Map[0]))
		return
	}
	fmt.Fprintf(w, "map submitted: %d×%d, rows %d-%d and columns %d-%d hold all but '0':\n", len(res.Map), len(res.Map[0]), r0, r1, c0, c1)
	for _, row := range res.Map[r0 : r1+1] {
		cells := make([]string, 0, c1-c0+1)
		for c := c0; c <= c1; c++ {
			v := "0"
			if c < len(row) {
				v = row[c]
			}
			cells = append(cells, v)
		}
		fmt.Fprintln(w, "  "+strings.Join(cells, " "))
	}
}

// nonZero returns the bounds of the cells of m that are not "0" or "";
// r0 > r1 when there are none.
func nonZero(m [][]string) (r0, r1, c0, c1 int) {
	r0, c0, r1, c1 = len(m), 1<<30, -1, -1
	for r, row := range m {
		for c, v := range row {
			if v != "0" && v != "" {
				r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
			}
		}
	}
	return r0, r1, c0, c1
}
