package world_test

import (
	"fmt"
	"strings"

	"github.com/rescuekit/rescuekit/sim/world"
)

// A two-tile world in Erebus's .wbt layout (R2023 style: defaults omitted).
const twoTiles = `#VRML_SIM R2023b utf8
WorldInfo { basicTimeStep 16 }
DEF WALLTILES Group {
  children [
    DEF START_TILE worldTile { floor TRUE topWall 1 leftWall 1 bottomWall 1 start TRUE width 2 height 1 room 1 }
    DEF TILE halfTile {
      xPos 1 floor TRUE topWall 1 rightWall 1 bottomWall 1
      curve [ 0, 0, 3, 0 ]
      width 2 height 1 room 1
    }
  ]
}
DEF HUMANGROUP Group { children [ Victim { translation -0.1744 0 -0.06 rotation 0 1 0 -1.57 type "unharmed" } ] }
DEF MAINSUPERVISOR Robot { customData "480" }
`

func ExampleParse() {
	w, err := world.Parse("two.wbt", []byte(twoTiles))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d×%d tiles, %d walls, %d curve, start %.2f,%.2f yaw %.2f\n",
		w.Name, w.Cols, w.Rows, len(w.Walls), len(w.Arcs), w.Start.Pos.X, w.Start.Pos.Z, w.Start.Yaw)
	for _, row := range world.Answer(w) {
		fmt.Println(strings.Join(row, " "))
	}
	// Output:
	// two: 2×1 tiles, 6 walls, 1 curve, start -0.12,-0.06 yaw -1.57
	// 1 1 1 1 1 1 1 1 1
	// 1 5 0 5 0 0 0 0 1
	// U 0 0 0 1 0 0 0 1
	// 1 5 0 5 1 0 0 0 1
	// 1 1 1 1 0 1 1 1 1
}

func ExampleParseASCII() {
	w, err := world.ParseASCII("demo", `
+-+-+-+-+
|S S|  7|
+ + + +-+
|S S|~  |
+-+-+-+-+
sign H tile 0 0 left
`[1:])
	if err != nil {
		fmt.Println(err)
		return
	}
	q, _ := w.QuarterAt(w.TileCenter(1, 0))
	fmt.Println(w.Cols, w.Rows, w.Tiles[1].Half, q.Floor == world.FloorSwamp)
	for _, row := range world.Answer(w) {
		fmt.Println(strings.Join(row, ""))
	}
	// Output:
	// 2 1 true true
	// 111111110
	// 150513031
	// H00010111
	// 150513031
	// 111111111
}
