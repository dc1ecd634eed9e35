package framework

import (
	"errors"
	"testing"
)

func TestNamedErr(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plugin explore: configure: boom", "plugin explore: configure: boom"},
		{"plugin binary: no such file", "plugin explore: plugin binary: no such file"},
		{"plugin explorer: x", "plugin explore: plugin explorer: x"},
		{"boom", "plugin explore: boom"},
	} {
		in := errors.New(tc.in)
		got := namedErr("explore", in)
		if got.Error() != tc.want || !errors.Is(got, in) {
			t.Errorf("namedErr(%q) = %q, want %q wrapping it", tc.in, got, tc.want)
		}
	}
}
