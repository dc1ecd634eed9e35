package sim_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Drive the default Erebus robot towards the wall in front of it until ps0
// reads less than 0.05. Its sensors are infra-red, as in Erebus: a teal wall
// at d metres reads d/0.36, so the wall is then 1.8 cm away.
func Example() {
	w, err := world.ParseASCII("corridor", `
+-+-+
|   |
+   +
|   |
+   +
|   |
+   +
|S S|
+-+-+
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := sim.New(w, sim.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	left, _ := hal.Lookup[hal.Motor](s, "wheel1 motor")
	right, _ := hal.Lookup[hal.Motor](s, "wheel2 motor")
	ps0, _ := hal.Lookup[hal.DistanceSensor](s, "ps0")
	ps0.Enable(s.BasicTimeStep())
	_ = left.SetVelocity(6.28)
	_ = right.SetVelocity(6.28)
	for s.Step(s.BasicTimeStep()) == nil {
		if ps0.Value() < 0.05 {
			break
		}
	}
	_ = left.SetVelocity(0)
	_ = right.SetVelocity(0)
	fmt.Printf("after %.3f s the robot is at z = %.3f, ps0 reads %.3f\n", s.Time(), s.Pose().Pos.Z, ps0.Value())
	// Output:
	// after 0.960 s the robot is at z = -0.121, ps0 reads 0.050
}
