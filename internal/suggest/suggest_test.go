package suggest_test

import (
	"fmt"
	"testing"

	"github.com/rescuekit/rescuekit/internal/suggest"
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
		if got := suggest.DidYouMean(c.in, names); got != c.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := suggest.DidYouMean("x", nil); got != "" {
		t.Errorf("no candidates: %q", got)
	}
}

func ExampleDidYouMean() {
	fmt.Println("unknown field \"plugns\"" + suggest.DidYouMean("plugns", []string{"plugins", "fsm", "comms"}))
	// Output: unknown field "plugns": did you mean "plugins"?
}
