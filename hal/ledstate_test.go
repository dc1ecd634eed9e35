package hal_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/hal"
)

var (
	red    = hal.RGB{R: 255}
	green  = hal.RGB{G: 255}
	purple = hal.RGB{R: 128, G: 0, B: 255}
	black  = hal.RGB{}
)

func TestLEDStateSet(t *testing.T) {
	nonGradual3 := hal.LEDMode{Colors: []hal.RGB{red, green, purple}}
	nonGradual1 := hal.LEDMode{Colors: []hal.RGB{red}}
	nonGradual0 := hal.LEDMode{}
	mono := hal.LEDMode{Colors: []hal.RGB{purple}, Gradual: true}
	rgb := hal.LEDMode{Gradual: true}
	invalid := hal.LEDMode{Colors: []hal.RGB{red, green}, Gradual: true}

	tests := []struct {
		name  string
		mode  hal.LEDMode
		value int
		ok    bool
		want  hal.RGB
		// words the refusal must contain (mode and valid range)
		says []string
	}{
		{"non-gradual off", nonGradual3, 0, true, black, nil},
		{"non-gradual first colour", nonGradual3, 1, true, red, nil},
		{"non-gradual second colour", nonGradual3, 2, true, green, nil},
		{"non-gradual last colour", nonGradual3, 3, true, purple, nil},
		{"non-gradual one past the colours", nonGradual3, 4, false, black, []string{"non-gradual LED with 3 colours", "0 (off) to 3"}},
		{"non-gradual far too large", nonGradual3, 255, false, black, []string{"value 255"}},
		{"non-gradual negative", nonGradual3, -1, false, black, []string{"value -1", "0 (off) to 3"}},
		{"non-gradual single colour on", nonGradual1, 1, true, red, nil},
		{"non-gradual single colour 2", nonGradual1, 2, false, black, []string{"1 colour", "0 (off) or 1"}},
		{"non-gradual no colour off", nonGradual0, 0, true, black, nil},
		{"non-gradual no colour 1", nonGradual0, 1, false, black, []string{"only 0"}},
		{"mono off", mono, 0, true, black, nil},
		{"mono full", mono, 255, true, purple, nil},
		{"mono half rounds", mono, 128, true, hal.RGB{R: 64, G: 0, B: 128}, nil}, // 128·128/255 = 64.25; 255·128/255 = 128
		{"mono rounds up", mono, 1, true, hal.RGB{R: 1, G: 0, B: 1}, nil},        // 128/255 = 0.502 → 1; 255/255 = 1
		{"mono rounds down", mono, 100, true, hal.RGB{R: 50, G: 0, B: 100}, nil}, // 12800/255 = 50.196
		{"mono rounds .6 up", mono, 3, true, hal.RGB{R: 2, G: 0, B: 3}, nil},     // 384/255 = 1.506 → 2
		{"mono 256 refused", mono, 256, false, black, []string{"monochromatic", "0 (off) to 255"}},
		{"mono negative", mono, -5, false, black, []string{"value -5"}},
		{"rgb off", rgb, 0, true, black, nil},
		{"rgb red", rgb, 0xFF0000, true, red, nil},
		{"rgb mixed", rgb, 0x123456, true, hal.RGB{R: 0x12, G: 0x34, B: 0x56}, nil},
		{"rgb white", rgb, 0xFFFFFF, true, hal.RGB{R: 255, G: 255, B: 255}, nil},
		{"rgb too large", rgb, 0x1000000, false, black, []string{"RGB", "0xFFFFFF"}},
		{"rgb negative", rgb, -1, false, black, []string{"RGB"}},
		{"invalid mode 0", invalid, 0, false, black, []string{"2 colours"}},
		{"invalid mode 1", invalid, 1, false, black, []string{"2 colours"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := hal.NewLEDState("led9", tc.mode)
			err := l.Set(tc.value)
			if tc.ok {
				if err != nil {
					t.Fatalf("Set(%d) = %v, want nil", tc.value, err)
				}
				if got := l.Get(); got != tc.value {
					t.Errorf("Get() = %d, want %d", got, tc.value)
				}
			} else {
				if !errors.Is(err, hal.ErrLEDValue) {
					t.Fatalf("Set(%d) = %v, want an error wrapping ErrLEDValue", tc.value, err)
				}
				for _, w := range append([]string{`"led9"`, "unchanged"}, tc.says...) {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q does not say %q", err, w)
					}
				}
				if got := l.Get(); got != 0 {
					t.Errorf("Get() after refusal = %d, want 0", got)
				}
			}
			if got := l.Displayed(); got != tc.want {
				t.Errorf("Displayed() = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestLEDStateRefusalKeepsPreviousValue(t *testing.T) {
	for _, tc := range []struct {
		name     string
		mode     hal.LEDMode
		good     int
		bad      []int
		shownFor hal.RGB
	}{
		{"non-gradual", hal.LEDMode{Colors: []hal.RGB{red, green}}, 2, []int{3, -1, 1 << 30}, green},
		{"mono", hal.LEDMode{Colors: []hal.RGB{red}, Gradual: true}, 255, []int{256, -1}, red},
		{"rgb", hal.LEDMode{Gradual: true}, 0x00FF00, []int{0x1000000, -7}, green},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := hal.NewLEDState("x", tc.mode)
			if err := l.Set(tc.good); err != nil {
				t.Fatal(err)
			}
			for _, b := range tc.bad {
				if err := l.Set(b); !errors.Is(err, hal.ErrLEDValue) {
					t.Errorf("Set(%d) = %v, want ErrLEDValue", b, err)
				}
				if l.Get() != tc.good || l.Displayed() != tc.shownFor {
					t.Errorf("after Set(%d): Get %d Displayed %+v, want %d %+v", b, l.Get(), l.Displayed(), tc.good, tc.shownFor)
				}
			}
			if err := l.Set(0); err != nil || l.Get() != 0 || l.Displayed() != black {
				t.Errorf("Set(0) = %v; Get %d Displayed %+v, want off", err, l.Get(), l.Displayed())
			}
		})
	}
}

func TestLEDInvalidModeWrapsBoth(t *testing.T) {
	m := hal.LEDMode{Colors: []hal.RGB{red, green, purple}, Gradual: true}
	if err := m.Validate(); !errors.Is(err, hal.ErrLEDMode) {
		t.Errorf("Validate() = %v, want ErrLEDMode", err)
	}
	if m.Max() != -1 {
		t.Errorf("Max() = %d, want -1", m.Max())
	}
	err := hal.NewLEDState("bad", m).Set(0)
	if !errors.Is(err, hal.ErrLEDMode) || !errors.Is(err, hal.ErrLEDValue) {
		t.Errorf("Set(0) = %v, want both ErrLEDMode and ErrLEDValue", err)
	}
	if _, err := m.Display(0); !errors.Is(err, hal.ErrLEDMode) {
		t.Errorf("Display(0) = %v, want ErrLEDMode", err)
	}
}

func TestLEDModeValidMax(t *testing.T) {
	for _, tc := range []struct {
		mode hal.LEDMode
		max  int
		str  string
	}{
		{hal.LEDMode{}, 0, "non-gradual LED with 0 colours"},
		{hal.LEDMode{Colors: []hal.RGB{red}}, 1, "non-gradual LED with 1 colour"},
		{hal.LEDMode{Colors: make([]hal.RGB, 7)}, 7, "non-gradual LED with 7 colours"},
		{hal.LEDMode{Colors: []hal.RGB{red}, Gradual: true}, 255, "gradual monochromatic LED"},
		{hal.LEDMode{Gradual: true}, 0xFFFFFF, "gradual RGB LED"},
	} {
		t.Run(tc.str, func(t *testing.T) {
			if err := tc.mode.Validate(); err != nil {
				t.Errorf("Validate() = %v", err)
			}
			if got := tc.mode.Max(); got != tc.max {
				t.Errorf("Max() = %d, want %d", got, tc.max)
			}
			if got := tc.mode.String(); got != tc.str {
				t.Errorf("String() = %q, want %q", got, tc.str)
			}
		})
	}
}

func TestLEDStateCopiesColours(t *testing.T) {
	cols := []hal.RGB{red, green}
	l := hal.NewLEDState("led0", hal.LEDMode{Colors: cols})
	cols[0] = purple // the caller's slice changes after construction
	if err := l.Set(1); err != nil {
		t.Fatal(err)
	}
	if l.Displayed() != red {
		t.Errorf("Displayed() = %+v, want red: NewLEDState must copy the colours", l.Displayed())
	}
	m := l.Mode()
	m.Colors[1] = purple // the caller changes the returned mode
	if err := l.Set(2); err != nil {
		t.Fatal(err)
	}
	if l.Displayed() != green {
		t.Errorf("Displayed() = %+v, want green: Mode must return a copy", l.Displayed())
	}
	if l.Name() != "led0" {
		t.Errorf("Name() = %q", l.Name())
	}
}

// FuzzLEDState checks that no value panics, refusals leave the LED
// unchanged and accepted values are read back.
func FuzzLEDState(f *testing.F) {
	f.Add(0, false, 0, 3)
	f.Add(1, true, 0, 255)
	f.Add(0, true, 0, 0xFFFFFF)
	f.Add(2, true, 5, 1)
	f.Fuzz(func(t *testing.T, ncol int, gradual bool, before, v int) {
		ncol = ((ncol % 5) + 5) % 5
		cols := make([]hal.RGB, ncol)
		for i := range cols {
			cols[i] = hal.RGB{R: uint8(i * 40), G: uint8(255 - i), B: uint8(i)}
		}
		l := hal.NewLEDState("f", hal.LEDMode{Colors: cols, Gradual: gradual})
		_ = l.Set(before)
		g, d := l.Get(), l.Displayed()
		err := l.Set(v)
		if err != nil {
			if !errors.Is(err, hal.ErrLEDValue) {
				t.Fatalf("Set(%d) = %v, not ErrLEDValue", v, err)
			}
			if l.Get() != g || l.Displayed() != d {
				t.Fatalf("refused Set(%d) changed the LED", v)
			}
			return
		}
		if l.Get() != v {
			t.Fatalf("Get() = %d after Set(%d)", l.Get(), v)
		}
		if v == 0 && l.Displayed() != black {
			t.Fatalf("off LED displays %+v", l.Displayed())
		}
	})
}
