package webots

import (
	"errors"
	"fmt"

	"github.com/rescuekit/rescuekit/hal"
)

// ErrNotBuilt is returned by OpenRobot in a binary built without the
// "webots" build tag.
var ErrNotBuilt = errors.New("webots: this binary was built without Webots support; rebuild with -tags webots and CGO_LDFLAGS=-L<Webots>/lib/controller (see docs/webots.md)")

// ErrAlreadyOpen is returned by Open while another Robot is open: a process
// is one Webots controller.
var ErrAlreadyOpen = errors.New("webots: a robot is already open in this process (libController controls one robot per process)")

// ErrReopen is returned by Open after Close: libController cannot be
// initialised twice in one process.
var ErrReopen = errors.New("webots: the robot was already opened and closed in this process; libController cannot be initialised twice, start a new process")

// ErrWrongThread is wrapped by the error Step returns when it is called from
// another goroutine than the one that called Open.
var ErrWrongThread = errors.New("webots: robot used from another goroutine than the one that opened it")

// ErrClosed is returned by Step after Close. It wraps hal.ErrEnded, so a
// step loop that stops on hal.ErrEnded stops on it too.
var ErrClosed = fmt.Errorf("webots: robot closed: %w", hal.ErrEnded)

// Options configures Open.
type Options struct {
	// LEDModes gives the mode of each LED by device name. The controller API
	// cannot read an LED node's color and gradual fields, so the backend needs
	// them to validate values. Nil means ErebusLEDModes(). An LED missing from
	// the map gets DefaultLEDMode.
	LEDModes map[string]hal.LEDMode
}

// DefaultLEDMode is the mode of an LED node with Webots' default fields
// (color [1 0 0], gradual FALSE): one red colour, values 0 and 1.
func DefaultLEDMode() hal.LEDMode {
	return hal.LEDMode{Colors: []hal.RGB{{R: 255}}}
}

// ErebusLEDModes returns the modes of the LEDs of the e-puck body that
// Erebus's robot generator uses: "led0"–"led7" keep the default red colour,
// "led8" (body) is green [0 1 0] and "led9" (front) is [1 0.3 0]; all are
// non-gradual.
func ErebusLEDModes() map[string]hal.LEDMode {
	m := make(map[string]hal.LEDMode, 10)
	for i := 0; i < 8; i++ {
		m[fmt.Sprintf("led%d", i)] = DefaultLEDMode()
	}
	m["led8"] = hal.LEDMode{Colors: []hal.RGB{{G: 255}}}
	m["led9"] = hal.LEDMode{Colors: []hal.RGB{{R: 255, G: 77}}}
	return m
}

// ledMode returns the mode of the LED named name under options o.
func (o Options) ledMode(name string) hal.LEDMode {
	modes := o.LEDModes
	if modes == nil {
		modes = ErebusLEDModes()
	}
	if m, ok := modes[name]; ok {
		return m
	}
	return DefaultLEDMode()
}

// RobotCloser is a hal.Robot that must be closed when the run is over: what
// OpenRobot returns.
type RobotCloser interface {
	hal.Robot
	// Close releases the controller (wb_robot_cleanup). It is safe to call
	// more than once.
	Close() error
}
