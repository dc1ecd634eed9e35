package haltest_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/hal/haltest"
)

// A backend's test calls TestRobot on a freshly built robot; Inject lets the
// conformance test check radio reception too.
func ExampleTestRobot() {
	r := fake.New(fake.WithInertialUnit("inertial_unit"))
	devs := append(haltest.DefaultDevices[:len(haltest.DefaultDevices):len(haltest.DefaultDevices)],
		haltest.DeviceSpec{Name: "inertial_unit", Kind: haltest.InertialUnit})
	err := haltest.TestRobot(r, haltest.Options{Devices: devs, Inject: r.Inject})
	fmt.Println("conformance:", err)

	// A robot without the devices the rules promise fails, with every reason.
	err = haltest.TestRobot(fake.New(), haltest.Options{Devices: []haltest.DeviceSpec{{Name: "compass", Kind: haltest.InertialUnit}}})
	fmt.Println(err)
	// Output:
	// conformance: <nil>
	// haltest: DeviceNames() does not list "compass" (hal.InertialUnit)
	// haltest: Device("compass") = hal: unknown device "compass"; this robot has: accelerometer, camera_centre, camera_left, camera_right, colour_sensor, emitter, gps, gyro, led0, led1, led2, led3, led4, led5, led6, led7, led8, led9, ps0, ps1, ps2, ps3, ps4, ps5, ps6, ps7, receiver, wheel1 motor, wheel1 sensor, wheel2 motor, wheel2 sensor, want a hal.InertialUnit
}
