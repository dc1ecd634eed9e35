package mapscore

import "fmt"

// Align returns the part of submission that Score compares with the answer
// unrotated: the submission shifted so that its first '5' lies on the
// answer's, cut to the answer's shape, '0' where it does not reach (the
// window of Score's first rotation). It is for showing a robot's map over
// the arena; the result may be smaller than the answer, as Score's window.
func Align(answer, submission [][]string) ([][]string, error) {
	ans, err := newGrid("answer", answer)
	if err != nil {
		return nil, err
	}
	sub, err := newGrid("submission", submission)
	if err != nil {
		return nil, err
	}
	ar, ac, ok := ans.firstStart()
	if !ok {
		return nil, fmt.Errorf("mapscore: %w was found on the answer map", ErrNoStart)
	}
	sr, sc, ok := sub.firstStart()
	if !ok {
		return nil, fmt.Errorf("mapscore: %w was found on the submitted map", ErrNoStart)
	}
	w := sub.window(ar-sr, ac-sc, ans.rows, ans.cols)
	out := make([][]string, w.rows)
	for r := range out {
		out[r] = w.cells[r*w.cols : (r+1)*w.cols : (r+1)*w.cols]
	}
	return out, nil
}
