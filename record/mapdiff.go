package record

// Cell classes of a robot's map against the answer, for display (this is
// not Erebus's map score, which the referee computes).
const (
	CellEmpty   = iota // both say nothing ("0" or absent)
	CellRight          // the robot's cell equals a non-empty answer cell
	CellWrong          // the robot marked something the answer does not have there
	CellMissing        // the answer has something the robot left empty
)

// MapDiff counts the cell classes of a map against its answer.
type MapDiff struct {
	Right, Wrong, Missing int
}

func emptyCell(s string) bool { return s == "" || s == "0" }

// ClassifyCell returns the class of one cell: robot is the robot's value
// ("" when its map does not reach the cell), answer the answer's.
func ClassifyCell(robot, answer string) int {
	switch {
	case emptyCell(answer) && emptyCell(robot):
		return CellEmpty
	case robot == answer:
		return CellRight
	case emptyCell(robot):
		return CellMissing
	}
	return CellWrong
}

// CompareMap classifies every cell of the answer's extent, and robot cells
// outside it as wrong.
func CompareMap(robot, answer [][]string) MapDiff {
	var d MapDiff
	rows := max(len(robot), len(answer))
	for r := range rows {
		var rr, ar []string
		if r < len(robot) {
			rr = robot[r]
		}
		if r < len(answer) {
			ar = answer[r]
		}
		for c := range max(len(rr), len(ar)) {
			var rv, av string
			if c < len(rr) {
				rv = rr[c]
			}
			if c < len(ar) {
				av = ar[c]
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
