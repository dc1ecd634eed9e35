package hal_test

import (
	"errors"
	"fmt"

	"github.com/rescuekit/rescuekit/hal"
)

// A backend embeds LEDState for each LED node; Set refuses what Webots would
// silently mis-display.
func ExampleLEDState() {
	led := hal.NewLEDState("led9", hal.LEDMode{Colors: []hal.RGB{{R: 255, G: 128}}, Gradual: true})
	if err := led.Set(128); err != nil {
		fmt.Println(err)
	}
	fmt.Println(led.Get(), led.Displayed())

	err := led.Set(300)
	fmt.Println(errors.Is(err, hal.ErrLEDValue))
	fmt.Println(err)
	fmt.Println(led.Get(), led.Displayed())
	// Output:
	// 128 {128 64 0}
	// true
	// hal: LED value outside the LED's mode: LED "led9": value 300; a gradual monochromatic LED takes 0 (off) to 255 (full intensity); the LED is unchanged
	// 128 {128 64 0}
}

func ExampleLEDMode_Display() {
	rgb := hal.LEDMode{Gradual: true}
	c, _ := rgb.Display(0xFF8000)
	fmt.Println(rgb, c)
	twoColours := hal.LEDMode{Colors: []hal.RGB{{R: 255}, {G: 255}}}
	c, _ = twoColours.Display(2)
	fmt.Println(twoColours, c)
	_, err := twoColours.Display(3)
	fmt.Println(err)
	// Output:
	// gradual RGB LED {255 128 0}
	// non-gradual LED with 2 colours {0 255 0}
	// hal: LED value outside the LED's mode: LED: value 3; a non-gradual LED with 2 colours takes 0 (off) to 2 (the k-th colour for k)
}

func ExampleVelocityLimit() {
	lim := hal.VelocityLimit{Name: "wheel1 motor", Max: 6.28}
	v, err := lim.Clamp(10)
	fmt.Println(v, err)
	v, err = lim.Clamp(-10) // clamped again, but reported only once
	fmt.Println(v, err)
	// Output:
	// 6.28 hal: motor "wheel1 motor": requested velocity 10 rad/s exceeds max 6.28; clamped (reported once)
	// -6.28 <nil>
}

func ExampleLookup() {
	r := newStub()
	m, err := hal.Lookup[hal.Motor](r, "wheel1 motor")
	fmt.Println(m.MaxVelocity(), err)
	_, err = hal.Lookup[hal.Motor](r, "led0")
	fmt.Println(errors.Is(err, hal.ErrWrongDeviceType))
	_, err = hal.Lookup[hal.Motor](r, "wheel9 motor")
	fmt.Println(err)
	// Output:
	// 6.28 <nil>
	// true
	// hal: unknown device "wheel9 motor"; this robot has: led0, wheel1 motor
}
