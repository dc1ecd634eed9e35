package signs_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/signs"
)

// A behavior writes the signs it knows to the blackboard and another
// reads them back.
func Example() {
	seen := signs.List{{ID: 1, Letter: erebus.Harmed, Status: signs.Raised, Views: 4,
		Pos: geom.Vec2{X: -0.234, Z: 0.1744}, Normal: geom.Vec2{X: 0, Z: -1}}}
	writes := map[string][]byte{signs.KeyCandidate: seen.Encode()}

	// …and on the reader's side, from Observation.Blackboard:
	s, ok, err := signs.Candidate(writes)
	x, z := s.ReportCm()
	fmt.Println(ok, err, s, s.Category(), x, z)
	// Output: true <nil> #1 H (-0.234,0.174) n(0.00,-1.00) raised victim -23 17
}

// ExampleGreekInk prints rescuekit's Φ (harmed) at 9×9.
func ExampleGreekInk() {
	for y := range 9 {
		row := ""
		for x := range 9 {
			c := "."
			if signs.GreekInk('H', (float64(x)+0.5)/9-0.5, (float64(y)+0.5)/9-0.5) {
				c = "#"
			}
			row += c
		}
		fmt.Println(row)
	}
	// Output:
	// .........
	// ....#....
	// ..#####..
	// .#..#..#.
	// .#..#..#.
	// .#..#..#.
	// ..#####..
	// ....#....
	// .........
}
