package navtest_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/nav/navtest"
)

// The start tile's top side is walled on its left half only: the node at
// the tile's top-right corner is free, the way out past the wall ends.
func ExampleGapBetweenWallEnds() {
	m, r, col := navtest.GapBetweenWallEnds()
	fmt.Println("top side, left half:", m.Wall(r, col+2))
	fmt.Println("top-right corner:", m.Wall(r, col+4))
	fmt.Println("right side, bottom half:", m.Wall(r+2, col+4))
	// Output:
	// top side, left half: true
	// top-right corner: false
	// right side, bottom half: true
}
