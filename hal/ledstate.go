package hal

import (
	"errors"
	"fmt"
)

// ErrLEDMode is wrapped by the error LEDMode.Validate returns for a mode
// Webots does not define: a gradual LED with two or more colours. Set on an
// LED with such a mode refuses every value with an error wrapping both
// ErrLEDMode and ErrLEDValue.
var ErrLEDMode = errors.New("hal: invalid LED mode")

// Maximum values of the gradual LED modes (seeds/led.md).
const (
	// LEDMaxIntensity is the largest value of a monochromatic gradual LED.
	LEDMaxIntensity = 255
	// LEDMaxRGB is the largest value of an RGB gradual LED (white, R8G8B8).
	LEDMaxRGB = 0xFFFFFF
)

// Validate returns nil for a mode Webots defines and an error wrapping
// ErrLEDMode for a gradual LED with two or more colours.
func (m LEDMode) Validate() error {
	if m.Gradual && len(m.Colors) > 1 {
		return fmt.Errorf("%w: a gradual LED has no colour (RGB) or one colour (monochromatic), this one has %d", ErrLEDMode, len(m.Colors))
	}
	return nil
}

// Max is the largest value Set accepts for mode m (the smallest is always
// 0): the number of colours for a non-gradual LED, LEDMaxIntensity for a
// monochromatic LED, LEDMaxRGB for an RGB LED, and −1 for an invalid mode.
func (m LEDMode) Max() int {
	switch {
	case !m.Gradual:
		return len(m.Colors)
	case len(m.Colors) == 1:
		return LEDMaxIntensity
	case len(m.Colors) == 0:
		return LEDMaxRGB
	default:
		return -1
	}
}

// String describes the mode, e.g. "non-gradual LED with 3 colours" or
// "gradual monochromatic LED".
func (m LEDMode) String() string {
	switch {
	case !m.Gradual && len(m.Colors) == 1:
		return "non-gradual LED with 1 colour"
	case !m.Gradual:
		return fmt.Sprintf("non-gradual LED with %d colours", len(m.Colors))
	case len(m.Colors) == 1:
		return "gradual monochromatic LED"
	case len(m.Colors) == 0:
		return "gradual RGB LED"
	default:
		return fmt.Sprintf("invalid gradual LED with %d colours", len(m.Colors))
	}
}

// validRange says in words which values mode m accepts.
func (m LEDMode) validRange() string {
	switch {
	case !m.Gradual && len(m.Colors) == 0:
		return "only 0 (off), as it has no colour"
	case !m.Gradual && len(m.Colors) == 1:
		return "0 (off) or 1 (its colour)"
	case !m.Gradual:
		return fmt.Sprintf("0 (off) to %d (the k-th colour for k)", len(m.Colors))
	case len(m.Colors) == 1:
		return "0 (off) to 255 (full intensity)"
	default:
		return "0 (black) to 0xFFFFFF (white), as R8G8B8"
	}
}

// Display returns the colour an LED of mode m shows for value v, or an error
// wrapping ErrLEDValue when v is outside the mode (and ErrLEDMode too when
// the mode itself is invalid). The value 0 is black in every valid mode.
//   - non-gradual: k ≥ 1 is Colors[k−1];
//   - monochromatic: each channel of Colors[0] scaled by v/255, rounded to
//     the nearest integer;
//   - RGB: v read as R8G8B8.
func (m LEDMode) Display(v int) (RGB, error) {
	if err := m.refuse("", v); err != nil {
		return RGB{}, err
	}
	switch {
	case v == 0:
		return RGB{}, nil
	case !m.Gradual:
		return m.Colors[v-1], nil
	case len(m.Colors) == 1:
		c := m.Colors[0]
		return RGB{scale(c.R, v), scale(c.G, v), scale(c.B, v)}, nil
	default:
		return RGB{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
	}
}

// refuse returns nil when mode m accepts v, else the error Set returns for
// the LED named name ("" when unknown).
func (m LEDMode) refuse(name string, v int) error {
	who := "LED"
	if name != "" {
		who = fmt.Sprintf("LED %q", name)
	}
	if m.Validate() != nil {
		return fmt.Errorf("%w: %s is an %s (a gradual LED has 0 or 1 colours), so every value is refused: %w", ErrLEDValue, who, m, ErrLEDMode)
	}
	if v < 0 || v > m.Max() {
		return fmt.Errorf("%w: %s: value %d; a %s takes %s", ErrLEDValue, who, v, m, m.validRange())
	}
	return nil
}

// scale returns round(c·v/255) for 0 ≤ v ≤ 255. c·v is an integer and 255
// is odd, so no value falls exactly halfway.
func scale(c uint8, v int) uint8 {
	return uint8((int(c)*v + 127) / 255)
}

// LEDState is the LED model every backend embeds: it implements LED exactly
// as seeds/led.md describes, refusing what Webots would silently
// mis-display. It is not safe for concurrent use; a backend that needs that
// guards it with its own lock.
type LEDState struct {
	name  string
	mode  LEDMode
	value int
	shown RGB
}

var _ LED = (*LEDState)(nil)

// NewLEDState returns an LED named name of mode mode, off (value 0, black).
// The colours are copied. An invalid mode (see LEDMode.Validate) is not
// refused here, so that a backend can mirror any LED node it meets; Set then
// refuses every value.
func NewLEDState(name string, mode LEDMode) *LEDState {
	mode.Colors = append([]RGB(nil), mode.Colors...)
	return &LEDState{name: name, mode: mode}
}

// Name returns the LED's device name.
func (l *LEDState) Name() string { return l.name }

// Set switches the LED to value v. A value outside the LED's mode is refused
// with an error wrapping ErrLEDValue that names the LED, its mode and the
// valid range; the LED is then unchanged.
func (l *LEDState) Set(v int) error {
	if err := l.mode.refuse(l.name, v); err != nil {
		return fmt.Errorf("%w; the LED is unchanged", err)
	}
	l.shown, _ = l.mode.Display(v)
	l.value = v
	return nil
}

// Get returns the last value accepted by Set, 0 initially.
func (l *LEDState) Get() int { return l.value }

// Mode returns the LED's mode; its colours are a copy.
func (l *LEDState) Mode() LEDMode {
	m := l.mode
	m.Colors = append([]RGB(nil), m.Colors...)
	return m
}

// Displayed returns the colour the LED shows now; black when off.
func (l *LEDState) Displayed() RGB { return l.shown }
