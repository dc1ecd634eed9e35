//go:build webots && webotsfake

package webots

import (
	"fmt"
	"testing"
)

// erebusDevices is the device list of the default Erebus robot (docs/erebus-rules.md
// §5), plus an inertial unit and a lidar as a customised robot may have, and
// a speaker that hal does not model.
var erebusDevices = func() [][2]string {
	d := [][2]string{
		{"wheel1 motor", "RotationalMotor"}, {"wheel2 motor", "RotationalMotor"},
		{"wheel1 sensor", "PositionSensor"}, {"wheel2 sensor", "PositionSensor"},
		{"camera_left", "Camera"}, {"camera_right", "Camera"}, {"camera_centre", "Camera"},
		{"colour_sensor", "Camera"}, {"gps", "GPS"}, {"gyro", "Gyro"},
		{"accelerometer", "Accelerometer"}, {"inertial_unit", "InertialUnit"}, {"lidar", "Lidar"},
		{"emitter", "Emitter"}, {"receiver", "Receiver"}, {"speaker", "Speaker"},
	}
	for i := 0; i < 8; i++ {
		d = append(d, [2]string{fmt.Sprintf("ps%d", i), "DistanceSensor"})
	}
	for i := 0; i < 10; i++ {
		d = append(d, [2]string{fmt.Sprintf("led%d", i), "LED"})
	}
	return d
}()

// setupErebus resets the fake and builds the robot; it returns the tags by
// name.
func setupErebus(t testing.TB) map[string]uint16 {
	t.Helper()
	if err := fakeReset(); err != nil {
		t.Fatal(err)
	}
	tags := map[string]uint16{}
	for _, d := range erebusDevices {
		tag := fakeAdd(d[0], d[1])
		if tag == 0 {
			t.Fatalf("fake refused device %q (%s)", d[0], d[1])
		}
		tags[d[0]] = tag
	}
	fakeSetMax(tags["wheel1 motor"], 6.28)
	fakeSetMax(tags["wheel2 motor"], 6.28)
	for i := 0; i < 8; i++ {
		fakeSetMax(tags[fmt.Sprintf("ps%d", i)], 0.8)
	}
	for _, c := range []string{"camera_left", "camera_right", "camera_centre"} {
		if !fakeSetCamera(tags[c], 64, 40, 1) {
			t.Fatalf("fake camera %s", c)
		}
	}
	if !fakeSetCamera(tags["colour_sensor"], 1, 1, 1) {
		t.Fatal("fake colour sensor")
	}
	if !fakeSetLidar(tags["lidar"], 512, 4, 6.2832, 0.2, 0.01, 1.0) {
		t.Fatal("fake lidar")
	}
	return tags
}

// openErebus builds the Erebus robot in the fake and opens it. The caller
// must defer Close on its own goroutine.
func openErebus(t testing.TB, opts Options) (*Robot, map[string]uint16) {
	t.Helper()
	tags := setupErebus(t)
	r, err := Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	return r, tags
}
