package referee_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// A one-tile arena: the robot waits one second in front of a harmed victim,
// reports it, and exits on the start tile.
func Example() {
	w := &world.World{
		Name: "demo", BasicTimeStep: 16, GameTime: 480, Cols: 1, Rows: 1,
		Tiles: []world.Tile{{DEF: "START_TILE", Start: true, Room: 1, Width: 1, Height: 1,
			Top: 1, Right: 1, Bottom: 1, Left: 1}},
		Width: 1, Height: 1,
		// Tile (0,0) of a 1×1 arena is centred on (−0.06, −0.06).
		Starts: []world.Box{{Min: geom.Vec2{X: -0.12, Z: -0.12}, Max: geom.Vec2{X: 0, Z: 0}}},
		Signs: []world.Sign{{Kind: world.Victim, Type: "harmed", Letter: 'H', Name: "V1",
			Pos: geom.Vec2{X: -0.06, Z: -0.115}, Normal: geom.Vec2{Z: 1}, Worth: 15, Room: 1}},
	}
	r, err := referee.New(w, referee.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	report, _ := comms.Encode(comms.Report{X: -6, Z: -12, Type: 'H'})
	robot := geom.Vec2{X: -0.06, Z: -0.06}
	t := 0.0
	for i := 0; i <= 64; i++ { // standing still: 64 steps of 16 ms = 1.024 s
		t += 0.016
		in := referee.Input{Time: t, Dt: 0.016, Pos: robot, Y: world.FloorY, RealElapsed: t}
		if i == 64 {
			in.Packet = report
		}
		r.Step(in)
	}
	out := r.Step(referee.Input{Time: t + 0.016, Dt: 0.016, Pos: robot, Y: world.FloorY,
		Packet: []byte{byte(comms.Exit)}})
	for _, e := range r.Events() {
		fmt.Printf("%.2fs %s %+g\n", e.Time, e.What, e.Points)
	}
	s := r.Summary()
	fmt.Println("ended:", out.Ended, s.EndReason, "score:", s.Score)
	// Output:
	// 1.02s Successful Victim Type Correct Bonus +10
	// 1.02s Successful Victim Identification +15
	// 1.04s Exit Bonus +2.5
	// 1.04s Successful Exit +0
	// ended: true exit score: 27.5
}
