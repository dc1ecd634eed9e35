package webots

import (
	"errors"
	"testing"

	"github.com/rescuekit/rescuekit/hal"
)

func TestLEDModeOptions(t *testing.T) {
	rgb := hal.LEDMode{Gradual: true}
	cases := []struct {
		name string
		opts Options
		led  string
		want hal.LEDMode
	}{
		{"erebus led0", Options{}, "led0", DefaultLEDMode()},
		{"erebus led8", Options{}, "led8", hal.LEDMode{Colors: []hal.RGB{{G: 255}}}},
		{"erebus led9", Options{}, "led9", hal.LEDMode{Colors: []hal.RGB{{R: 255, G: 77}}}},
		{"unknown LED", Options{}, "status", DefaultLEDMode()},
		{"given", Options{LEDModes: map[string]hal.LEDMode{"led0": rgb}}, "led0", rgb},
		{"given map replaces the Erebus one", Options{LEDModes: map[string]hal.LEDMode{"led0": rgb}}, "led8", DefaultLEDMode()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.opts.ledMode(c.led)
			if got.Gradual != c.want.Gradual || len(got.Colors) != len(c.want.Colors) {
				t.Fatalf("mode %v, want %v", got, c.want)
			}
			for i := range got.Colors {
				if got.Colors[i] != c.want.Colors[i] {
					t.Fatalf("mode %v, want %v", got, c.want)
				}
			}
			if err := got.Validate(); err != nil {
				t.Fatal(err)
			}
		})
	}
	if errors.Is(ErrClosed, hal.ErrEnded) == false {
		t.Error("ErrClosed does not wrap hal.ErrEnded")
	}
}
