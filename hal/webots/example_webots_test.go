//go:build webots && webotsfake

package webots

import (
	"errors"
	"fmt"

	"github.com/rescuekit/rescuekit/hal"
)

// runGame is the shape of a controller's main loop on the Webots backend:
// open on the goroutine that steps, step until hal.ErrEnded, close.
func runGame() error {
	r, err := Open(Options{})
	if err != nil {
		return err
	}
	defer r.Close()
	left, err := hal.Lookup[hal.Motor](r, "wheel1 motor")
	if err != nil {
		return err
	}
	ps0, err := hal.Lookup[hal.DistanceSensor](r, "ps0")
	if err != nil {
		return err
	}
	ps0.Enable(r.BasicTimeStep())
	fmt.Printf("before the first step ps0 reads %v\n", ps0.Value())
	steps := 0
	for {
		if err := r.Step(r.BasicTimeStep()); errors.Is(err, hal.ErrEnded) {
			fmt.Printf("game over after %d steps, at %.3f s\n", steps, r.Time())
			return nil
		} else if err != nil {
			return err
		}
		steps++
		fmt.Printf("step %d: ps0 %.2f m\n", steps, ps0.Value())
		if err := left.SetVelocity(3); err != nil {
			return err
		}
	}
}

// Example runs a controller loop against the in-memory libController the
// tests link (tags "webots webotsfake"); built with the "webots" tag alone,
// runGame drives the robot in Webots.
func Example() {
	// Script the fake: a robot with a motor and a distance sensor, a world
	// whose simulation ends (wb_robot_step returns −1) after 3 steps.
	if err := fakeReset(); err != nil {
		fmt.Println(err)
		return
	}
	fakeAdd("wheel1 motor", "RotationalMotor")
	ps0 := fakeAdd("ps0", "DistanceSensor")
	fakeSetValue(ps0, 0.25, 0, 0, 0)
	fakeSetEndAfter(3)

	if err := runGame(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// before the first step ps0 reads NaN
	// step 1: ps0 0.25 m
	// step 2: ps0 0.25 m
	// step 3: ps0 0.25 m
	// game over after 3 steps, at 0.048 s
}
