package framework

import "fmt"

// DidYouMean returns `: did you mean "X"?` for the candidate nearest to
// name, when one is near enough to be a typo of it (at most a third of its
// letters differ), or "".
func DidYouMean(name string, candidates []string) string {
	best, bestD := "", 0
	for _, c := range candidates {
		if d := editDistance(name, c); best == "" || d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" || best == name || bestD > max(1, len([]rune(name))/3) {
		return ""
	}
	return fmt.Sprintf(": did you mean %q?", best)
}

// editDistance is the Levenshtein distance of a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
