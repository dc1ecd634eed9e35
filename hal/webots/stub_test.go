//go:build !webots

package webots

import (
	"errors"
	"testing"
)

func TestOpenRobotWithoutTag(t *testing.T) {
	r, err := OpenRobot(Options{})
	if r != nil || !errors.Is(err, ErrNotBuilt) {
		t.Fatalf("OpenRobot = %v, %v; want nil, ErrNotBuilt", r, err)
	}
	if Built() {
		t.Error("Built() = true without the webots tag")
	}
}
