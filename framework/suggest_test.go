package framework_test

import (
	"fmt"
	"testing"

	"github.com/rescuekit/rescuekit/framework"
)

func TestDidYouMean(t *testing.T) {
	names := []string{"max_wheel", "speed", "explore_for", "initial"}
	for _, c := range []struct{ in, want string }{
		{"max_whel", `: did you mean "max_wheel"?`},
		{"sped", `: did you mean "speed"?`},
		{"intial", `: did you mean "initial"?`},
		{"colour", ""},
		{"speed", ""},
		{"", ""},
	} {
		if got := framework.DidYouMean(c.in, names); got != c.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := framework.DidYouMean("x", nil); got != "" {
		t.Errorf("no candidates: %q", got)
	}
}

func ExampleDidYouMean() {
	fmt.Println("unknown field \"plugns\"" + framework.DidYouMean("plugns", []string{"plugins", "fsm", "comms"}))
	// Output: unknown field "plugns": did you mean "plugins"?
}
