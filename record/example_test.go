package record_test

import (
	"bytes"
	"fmt"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/record"
	"github.com/rescuekit/rescuekit/sim/world"
)

// A game recorded step by step and read back; the last step is complete in
// the file as soon as Step returns, Close or not.
func Example() {
	w, err := world.ParseASCII("tiny", "+-+-+\n|S S|\n+ + +\n|S S|\n+-+-+\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	var file bytes.Buffer
	rw, err := record.NewWriter(&file, record.Meta{World: w, Answer: world.Answer(w), Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range 3 {
		rw.Step(record.StepFrame{
			Step: uint64(i + 1), SimTime: 0.032 * float64(i+1), State: "explore", Score: float64(i),
			True: world.Pose{Pos: geom.Vec2{X: 0.01 * float64(i)}},
		})
	}
	// No Close: the game was interrupted.
	rec, err := record.Read(bytes.NewReader(file.Bytes()))
	fmt.Println(len(rec.Steps), rec.Steps[2].True.Pos.X, rec.Complete)
	fmt.Println(err)
	for _, c := range rec.Channels[:3] {
		fmt.Println(c.Topic, c.Schema, c.Messages)
	}
	// Output:
	// 3 0.02 false
	// record: recording ends before its summary after 3 complete steps (EOF)
	// /arena/model rescuekit.record.v1.Arena 1
	// /arena foxglove.SceneUpdate 1
	// /map/answer foxglove.Grid 1
}
