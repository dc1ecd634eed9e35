//go:build !webots

package webots_test

import (
	"errors"
	"fmt"

	"github.com/rescuekit/rescuekit/hal/webots"
)

// A caller that must build with and without the "webots" tag opens the
// robot through OpenRobot; without the tag it gets ErrNotBuilt.
func ExampleOpenRobot() {
	r, err := webots.OpenRobot(webots.Options{})
	if errors.Is(err, webots.ErrNotBuilt) {
		fmt.Println("Webots support not built in:", webots.Built())
		return
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	fmt.Println("devices:", r.DeviceNames())
	// Output: Webots support not built in: false
}
