package geom_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/geom"
)

// A point a little in front of a sign: its centre plus 5 cm along the way it
// faces.
func ExampleVec2() {
	sign, normal := geom.Vec2{X: 0.3, Z: -0.12}, geom.Vec2{X: 0, Z: 1}
	stand := sign.Add(normal.Scale(0.05))
	fmt.Printf("%.2f %.2f %.2f\n", stand.X, stand.Z, stand.Dist(sign))
	// Output: 0.30 -0.07 0.05
}
