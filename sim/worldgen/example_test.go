package worldgen_test

import (
	"bytes"
	"fmt"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

func ExampleGenerate() {
	w, err := worldgen.Generate(worldgen.Options{Seed: 7, Cols: 4, Rows: 4, Victims: 2, Hazards: 1, Rules: erebus.V26})
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
	fmt.Printf("Erebus %s, %dx%d tiles, %d signs, %d fake, answer %dx%d\n", back.Rules.Version, back.Cols, back.Rows, len(back.Signs), len(back.Fakes), len(ans), len(ans[0]))
	// Output:
	// Erebus v26.1, 4x4 tiles, 4 signs, 1 fake, answer 17x17
}
