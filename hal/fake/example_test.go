package fake_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/hal/fake"
)

// A test scripts what the robot senses, steps it, and reads back what it
// did. The peer stands in for the Erebus supervisor.
func Example() {
	r := fake.New()
	ps0, _ := hal.Lookup[hal.DistanceSensor](r, "ps0")
	rx, _ := hal.Lookup[hal.Receiver](r, "receiver")
	em, _ := hal.Lookup[hal.Emitter](r, "emitter")
	ps0.Enable(r.BasicTimeStep())
	rx.Enable(r.BasicTimeStep())

	// A wall approaches ps0 by 1 cm a step.
	r.OnStep(func(step int, r *fake.Robot) {
		_ = r.SetDistance("ps0", 0.5-0.01*float64(step))
	})
	// The supervisor answers 'G' (game info) with a 16-byte reply.
	r.Peer(func(pkt []byte) [][]byte {
		if string(pkt) == "G" {
			return [][]byte{make([]byte, 16)}
		}
		return nil
	})

	fmt.Printf("before the first step: %v\n", ps0.Value())
	// Sent before step 1: the supervisor reads it during step 1 and its
	// reply reaches the robot at the end of step 2.
	_ = em.Send([]byte("G"))
	for range 3 {
		if err := r.Step(16); err != nil {
			fmt.Println(err)
		}
		fmt.Printf("t=%.3f s ps0=%.2f m packets=%d\n", r.Time(), ps0.Value(), rx.QueueLength())
	}
	fmt.Printf("sent %q\n", r.Sent())
	// Output:
	// before the first step: NaN
	// t=0.016 s ps0=0.49 m packets=0
	// t=0.032 s ps0=0.48 m packets=1
	// t=0.048 s ps0=0.47 m packets=1
	// sent ["G"]
}

func ExampleRobot_EndAfter() {
	r := fake.New()
	r.EndAfter(3)
	for {
		if err := r.Step(16); err != nil {
			fmt.Println(r.Steps(), "steps, then:", err)
			return
		}
	}
	// Output: 2 steps, then: hal: simulation ended
}
