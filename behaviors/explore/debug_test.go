package explore

import "strings"

// diff draws the answer frame with explore's map aligned on the first '5':
// '+' a cell only ours has, '-' a cell only the answer has, 'X' both with
// different values, else the answer's cell ('.' for '0').
func diff(ans, sub [][]string) string {
	ar, ac := first5(ans)
	sr, sc := first5(sub)
	var b strings.Builder
	for i := range ans {
		for j := range ans[i] {
			a := ans[i][j]
			si, sj := i-ar+sr, j-ac+sc
			s := "0"
			if si >= 0 && sj >= 0 && si < len(sub) && sj < len(sub[si]) {
				s = sub[si][sj]
			}
			switch {
			case a == s && a == "0":
				b.WriteByte('.')
			case a == s:
				b.WriteByte(a[0])
			case a == "0":
				b.WriteByte('+')
			case s == "0":
				b.WriteByte('-')
			default:
				b.WriteByte('X')
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

func first5(m [][]string) (int, int) {
	for i := range m {
		for j := range m[i] {
			if m[i][j] == "5" {
				return i, j
			}
		}
	}
	return 0, 0
}
