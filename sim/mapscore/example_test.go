package mapscore_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/sim/mapscore"
)

func ExampleScore() {
	answer := [][]string{
		{"1", "1", "1"},
		{"1", "5", "1"},
		{"1", "2", "1"},
	}
	// The robot missed the hole: 8 of the 9 cells are right.
	submission := [][]string{
		{"1", "1", "1"},
		{"1", "5", "1"},
		{"1", "0", "1"},
	}
	s, err := mapscore.Score(answer, submission)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Printf("%.3f\n", s)
	_, err = mapscore.Score(answer, [][]string{{"1", "1"}})
	fmt.Println(err)
	// Output:
	// 0.889
	// mapscore: no start tile ('5') was found on the submitted map
}
