package record

// Cell classes of a robot's map against the answer, for display. The map is
// first placed on the answer as Erebus's MapScorer places it (AlignMap), and
// a cell is right as MapScorer counts it; the classes are not the map score
// (that takes the best of four rotations, see sim/mapscore).
const (
	CellEmpty   = iota // both say nothing ("0" or absent), or the answer's legacy "20"
	CellRight          // the robot's cell matches a non-empty answer cell
	CellWrong          // the robot marked something the answer does not have there
	CellMissing        // the answer has something the robot left empty
)

// MapDiff counts the cell classes of a map against its answer.
type MapDiff struct {
	Right, Wrong, Missing int
}

func emptyCell(s string) bool { return s == "" || s == "0" }

// ClassifyCell returns the class of one cell: robot is the robot's value
// ("" when its map does not reach the cell), answer the answer's. As in
// MapScorer (docs/erebus-rules.md §1.4 "Completeness"), cells where both are "0" and
// cells where the answer is "20" are left out, and a two-letter answer
// matches its reverse ("HS" and "SH").
func ClassifyCell(robot, answer string) int {
	switch {
	case answer == "20", emptyCell(answer) && emptyCell(robot):
		return CellEmpty
	case robot == answer, len(answer) == 2 && robot == string([]byte{answer[1], answer[0]}):
		return CellRight
	case emptyCell(robot):
		return CellMissing
	}
	return CellWrong
}

// firstStart is the row-major position of the first "5" in m.
func firstStart(m [][]string) (r, c int, ok bool) {
	for r, row := range m {
		for c, v := range row {
			if v == "5" {
				return r, c, true
			}
		}
	}
	return 0, 0, false
}

// AlignMap returns the robot's map in the answer's frame, as Erebus's
// MapScorer places a submission before it compares (docs/erebus-rules.md §1.4 "Align"
// and "Shift", with the answer unrotated): moved so that the first "5" of
// each, in row-major order, coincide, then cropped or padded with "0" to
// the answer's shape. A map or answer without a "5" is not moved. A nil
// robot map stays nil.
func AlignMap(robot, answer [][]string) [][]string {
	if robot == nil || len(answer) == 0 {
		return robot
	}
	dr, dc := 0, 0
	if ra, ca, ok := firstStart(answer); ok {
		if rs, cs, ok := firstStart(robot); ok {
			dr, dc = ra-rs, ca-cs
		}
	}
	out := make([][]string, len(answer))
	for r := range answer {
		out[r] = make([]string, len(answer[r]))
		for c := range answer[r] {
			out[r][c] = "0"
			if sr, sc := r-dr, c-dc; sr >= 0 && sr < len(robot) && sc >= 0 && sc < len(robot[sr]) {
				out[r][c] = robot[sr][sc]
			}
		}
	}
	return out
}

// CompareMap places robot on answer (AlignMap) and counts the cell classes
// over the answer's cells.
func CompareMap(robot, answer [][]string) MapDiff {
	var d MapDiff
	robot = AlignMap(robot, answer)
	for r, row := range answer {
		for c, av := range row {
			var rv string
			if r < len(robot) && c < len(robot[r]) {
				rv = robot[r][c]
			}
			switch ClassifyCell(rv, av) {
			case CellRight:
				d.Right++
			case CellWrong:
				d.Wrong++
			case CellMissing:
				d.Missing++
			}
		}
	}
	return d
}
