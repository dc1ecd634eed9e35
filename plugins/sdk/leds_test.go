package sdk_test

import (
	"fmt"
	"testing"

	"github.com/rescuekit/rescuekit/plugins/sdk"
)

func TestLEDs(t *testing.T) {
	for _, tt := range []struct {
		on   []string
		want string
	}{
		{nil, "0000000000"},
		{[]string{sdk.LEDGreen}, "0000000010"},
		{[]string{sdk.LEDOrange, "led0"}, "1000000001"},
		{sdk.LEDRed, "1111111100"},
		{[]string{"led10", "nope"}, "0000000000"},
	} {
		got := ""
		for i, l := range sdk.LEDs(tt.on...) {
			if l.GetName() != fmt.Sprintf("led%d", i) {
				t.Fatalf("LED %d is named %q", i, l.GetName())
			}
			got += fmt.Sprint(l.GetValue())
		}
		if got != tt.want {
			t.Errorf("LEDs(%v) = %s, want %s", tt.on, got, tt.want)
		}
	}
}

func ExampleLEDs() {
	for _, l := range sdk.LEDs(sdk.LEDGreen) {
		if l.GetValue() == 1 {
			fmt.Println(l.GetName(), "on")
		}
	}
	// Output: led8 on
}
