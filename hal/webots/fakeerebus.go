//go:build webots && webotsfake

package webots

import (
	"fmt"

	"github.com/rescuekit/rescuekit/erebus"
)

// FakeErebus sets the in-memory libController of this build (tags webots
// and webotsfake) up with the default Erebus robot's devices (erebus
// package: motors, encoders, distance sensors, cameras, colour sensor, GPS,
// gyro, accelerometer, emitter, receiver, LEDs) and makes the simulation
// end after steps steps (wb_robot_step then returns −1, as when Erebus's
// game ends). It is for tests outside this package that play a game through
// the Webots backend, such as cmd/runner's `run --backend webots`. It
// refuses while a robot is open.
func FakeErebus(steps int) error {
	if steps < 1 {
		return fmt.Errorf("webots fake: %d steps, want at least 1", steps)
	}
	if err := fakeReset(); err != nil {
		return err
	}
	devs := [][2]string{
		{erebus.LeftMotor, "RotationalMotor"}, {erebus.RightMotor, "RotationalMotor"},
		{erebus.LeftEncoder, "PositionSensor"}, {erebus.RightEncoder, "PositionSensor"},
		{erebus.ColourName, "Camera"}, {erebus.GPSName, "GPS"}, {erebus.GyroName, "Gyro"},
		{erebus.AccelName, "Accelerometer"}, {erebus.EmitterName, "Emitter"}, {erebus.ReceiverName, "Receiver"},
	}
	for _, n := range erebus.CameraNames {
		devs = append(devs, [2]string{n, "Camera"})
	}
	for _, n := range erebus.DistanceSensorNames {
		devs = append(devs, [2]string{n, "DistanceSensor"})
	}
	for _, n := range erebus.LEDNames {
		devs = append(devs, [2]string{n, "LED"})
	}
	tags := map[string]uint16{}
	for _, d := range devs {
		if tags[d[0]] = fakeAdd(d[0], d[1]); tags[d[0]] == 0 {
			return fmt.Errorf("webots fake: device %q (%s) refused", d[0], d[1])
		}
	}
	fakeSetMax(tags[erebus.LeftMotor], erebus.MaxWheelVelocity)
	fakeSetMax(tags[erebus.RightMotor], erebus.MaxWheelVelocity)
	for _, n := range erebus.DistanceSensorNames {
		fakeSetMax(tags[n], erebus.DistanceRange)
	}
	for _, n := range erebus.CameraNames {
		if !fakeSetCamera(tags[n], erebus.CameraWidth, erebus.CameraHeight, erebus.CameraFOV) {
			return fmt.Errorf("webots fake: camera %s refused", n)
		}
	}
	if !fakeSetCamera(tags[erebus.ColourName], 1, 1, 1) {
		return fmt.Errorf("webots fake: colour sensor refused")
	}
	fakeSetEndAfter(steps)
	return nil
}
