package worldgen_test

import (
	"bytes"
	"fmt"

	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

func ExampleGenerate() {
	w, err := worldgen.Generate(worldgen.Options{Seed: 7, Cols: 4, Rows: 4, Victims: 2, Hazards: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	var wbt bytes.Buffer
	if err := worldgen.Write(&wbt, w); err != nil {
		fmt.Println(err)
		return
	}
	back, err := world.Parse("gen.wbt", wbt.Bytes())
	if err != nil {
		fmt.Println(err)
		return
	}
	ans := world.Answer(back)
	fmt.Printf("%dx%d tiles, %d signs, answer %dx%d\n", back.Cols, back.Rows, len(back.Signs), len(ans), len(ans[0]))
	// Output:
	// 4x4 tiles, 3 signs, answer 17x17
}
