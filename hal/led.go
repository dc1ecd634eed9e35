package hal

import "errors"

// ErrLEDValue is wrapped by the error LED.Set returns for a value outside
// the LED's mode (for example 256 on a monochromatic LED, 3 on a non-gradual
// LED with two colours, or any negative value). The LED is left unchanged.
var ErrLEDValue = errors.New("hal: LED value outside the LED's mode")

// LED is a Webots LED (seeds/led.md). Its meaning of a value depends on its
// mode, fixed by the LED node:
//   - non-gradual: 0 is off, k ≥ 1 lights the k-th colour of Colors (1-based);
//   - gradual with exactly one colour (monochromatic): 0..255 is the intensity;
//   - gradual with no colour (RGB): 0..0xFFFFFF is the colour R8G8B8.
//
// Set refuses a value outside the LED's mode with an error wrapping
// ErrLEDValue and leaves the LED unchanged (Webots shows black or asserts).
type LED interface {
	Device
	Set(value int) error
	// Get returns the last value accepted by Set (0 initially).
	Get() int
	// Mode describes the LED node: its colours and whether it is gradual.
	Mode() LEDMode
	// Displayed is the colour the LED shows now; black when off.
	Displayed() RGB
}

// RGB is a colour with 8 bits a channel.
type RGB struct{ R, G, B uint8 }

// LEDMode describes an LED node: its color field and its gradual field.
type LEDMode struct {
	Colors  []RGB
	Gradual bool
}
