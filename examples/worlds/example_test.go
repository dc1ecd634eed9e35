package worlds_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/examples/worlds"
	"github.com/rescuekit/rescuekit/sim/world"
)

func ExampleDefault() {
	name, data := worlds.Default()
	w, err := world.Parse(name, data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %dx%d tiles\n", w.Name, w.Cols, w.Rows)
	// Output:
	// medium6x6: 6x6 tiles
}
