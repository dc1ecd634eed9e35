// Package hal is the hardware abstraction layer of rescuekit: the devices an
// Erebus robot has (docs/erebus-rules.md §5), as small Go interfaces and value types.
//
// hal is pure Go with no cgo. Backends implement it: the embedded simulator
// (package sim), the scripted fake for unit tests (package hal/fake) and the
// Webots backend (package hal/webots, build tag "webots"). Every backend must
// pass the conformance test in package hal/haltest.
//
// The shape follows the Webots controller API, because that is what runs in
// competition: a Robot is stepped by a number of milliseconds, devices are
// looked up by their Webots names, sensors are enabled with a sampling period
// and read NaN until the first step after enabling. Where Webots silently
// misbehaves (an LED value outside its mode, a motor velocity above the
// maximum) hal reports an error instead.
//
// All methods of a Robot and of its devices must be called from one
// goroutine: the one that steps the robot.
package hal

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrEnded is returned by Robot.Step once the simulation has ended (Webots'
// wb_robot_step returned −1, or the embedded simulator's game is over). It is
// the single shutdown signal: stepping again returns ErrEnded again.
var ErrEnded = errors.New("hal: simulation ended")

// ErrUnknownDevice is wrapped by the error Robot.Device returns for a name
// the robot does not have.
var ErrUnknownDevice = errors.New("hal: unknown device")

// ErrWrongDeviceType is wrapped by the error Lookup returns when a device
// exists but is not of the requested kind.
var ErrWrongDeviceType = errors.New("hal: device has another type")

// ErrBadStep is wrapped by the error Robot.Step returns for a duration that is
// not a positive multiple of the basic time step.
var ErrBadStep = errors.New("hal: step duration must be a positive multiple of the basic time step")

// Robot is a controllable robot: the entry point of a backend.
type Robot interface {
	// Step advances the simulation by ms milliseconds, which must be a
	// positive multiple of BasicTimeStep. It returns ErrEnded when the
	// simulation is over, an error wrapping ErrBadStep for a bad duration,
	// and nil otherwise.
	Step(ms int) error
	// Time is the simulation time in seconds.
	Time() float64
	// BasicTimeStep is the world's basic time step in milliseconds (16 in
	// every Erebus world).
	BasicTimeStep() int
	// Device returns the device with the given Webots name. An unknown name
	// gives an error wrapping ErrUnknownDevice that lists the names the robot
	// has.
	Device(name string) (Device, error)
	// DeviceNames lists the names of all devices, sorted.
	DeviceNames() []string
}

// Device is anything attached to a robot.
type Device interface {
	// Name is the Webots device name, e.g. "wheel1 motor" or "ps0".
	Name() string
}

// Sensor is a device that must be enabled before it produces values.
// Until the first step after Enable, values read NaN (numbers) or empty
// (images, packets), as in Webots.
type Sensor interface {
	Device
	// Enable starts sampling every periodMs milliseconds.
	Enable(periodMs int)
	// Disable stops sampling.
	Disable()
	// SamplingPeriod is the period given to Enable, or 0 when disabled.
	SamplingPeriod() int
}

// Motor is a rotational motor under velocity control (position set to
// +Inf, as Erebus controllers do).
type Motor interface {
	Device
	// SetVelocity sets the target velocity in rad/s. A velocity whose
	// magnitude exceeds MaxVelocity is clamped to ±MaxVelocity, as Webots
	// does. The first clamp of a motor returns a *VelocityClampedError (which
	// wraps ErrVelocityClamped); later clamps return nil, so the caller
	// reports it once rather than every step. The clamped value is applied
	// either way.
	SetVelocity(radPerSec float64) error
	// Velocity is the target velocity last applied (after clamping).
	Velocity() float64
	// MaxVelocity is the motor's maximum velocity in rad/s.
	MaxVelocity() float64
}

// ErrVelocityClamped is wrapped by VelocityClampedError.
var ErrVelocityClamped = errors.New("hal: motor velocity clamped to its maximum")

// VelocityClampedError reports that a requested velocity was above the
// motor's maximum and was clamped.
type VelocityClampedError struct {
	Motor     string
	Requested float64
	Max       float64
}

func (e *VelocityClampedError) Error() string {
	return fmt.Sprintf("hal: motor %q: requested velocity %g rad/s exceeds max %g; clamped (reported once)", e.Motor, e.Requested, e.Max)
}

// Unwrap returns ErrVelocityClamped.
func (e *VelocityClampedError) Unwrap() error { return ErrVelocityClamped }

// VelocityLimit is the clamping logic every Motor backend shares: it clamps a
// request to ±Max and reports the first clamp once.
type VelocityLimit struct {
	Name     string
	Max      float64
	reported bool
}

// Clamp returns the velocity to apply and, for the first clamp only, a
// *VelocityClampedError.
func (l *VelocityLimit) Clamp(v float64) (float64, error) {
	switch {
	case v > l.Max:
	case v < -l.Max:
	case v != v: // NaN: Webots refuses it; hold still.
		return 0, fmt.Errorf("hal: motor %q: velocity is NaN; set to 0", l.Name)
	default:
		return v, nil
	}
	c := l.Max
	if v < 0 {
		c = -l.Max
	}
	if l.reported {
		return c, nil
	}
	l.reported = true
	return c, &VelocityClampedError{Motor: l.Name, Requested: v, Max: l.Max}
}

// PositionSensor measures a wheel's angle in radians.
type PositionSensor interface {
	Sensor
	Value() float64
}

// DistanceSensor measures a distance in metres (Erebus: 0–0.8 m).
type DistanceSensor interface {
	Sensor
	Value() float64
	// MaxValue is the largest value the sensor returns (its range).
	MaxValue() float64
}

// Lidar is a rotating range finder.
type Lidar interface {
	Sensor
	// RangeImage copies the latest range image (layer-major: layer 0's
	// HorizontalResolution values first) into dst[:0] and returns it; the
	// caller owns the result. Infinite values mean no hit within MaxRange.
	RangeImage(dst []float32) []float32
	HorizontalResolution() int
	NumberOfLayers() int
	// FOV is the horizontal field of view in radians.
	FOV() float64
	// VerticalFOV is the vertical field of view in radians.
	VerticalFOV() float64
	MinRange() float64
	MaxRange() float64
}

// Camera produces BGRA images (4 bytes a pixel, row-major), as Webots does.
// The Erebus colour sensor is a 1×1 Camera named "colour_sensor".
type Camera interface {
	Sensor
	// Image copies the latest frame into dst[:0] and returns it; the caller
	// owns the result and the backend never writes to it again. Before the
	// first frame it returns dst[:0].
	Image(dst []byte) []byte
	Width() int
	Height() int
	// FOV is the horizontal field of view in radians.
	FOV() float64
}

// Vec3 is a three-component sensor value (x, y, z).
type Vec3 [3]float64

// GPS measures the robot's position in world coordinates (metres).
type GPS interface {
	Sensor
	Values() Vec3
	// Speed is the ground speed in m/s.
	Speed() float64
}

// Gyro measures angular velocity in rad/s about the robot's x, y, z axes.
type Gyro interface {
	Sensor
	Values() Vec3
}

// Accelerometer measures acceleration in m/s² along x, y, z.
type Accelerometer interface {
	Sensor
	Values() Vec3
}

// InertialUnit measures orientation as roll, pitch and yaw in radians.
type InertialUnit interface {
	Sensor
	RollPitchYaw() Vec3
}

// Emitter sends radio packets. A packet sent during a step is delivered to
// receivers on the same channel at the end of the next basic step, whole and
// in order, and never to the sender's own receiver.
type Emitter interface {
	Device
	// Send queues data for sending; data is copied.
	Send(data []byte) error
	Channel() int
	SetChannel(ch int)
}

// Receiver receives radio packets into a queue with Webots' next-packet
// semantics: Data reads the head packet, NextPacket drops it.
type Receiver interface {
	Sensor
	QueueLength() int
	// Data returns a copy of the head packet, or nil when the queue is empty.
	Data() []byte
	// NextPacket drops the head packet; on an empty queue it does nothing.
	NextPacket()
	Channel() int
	SetChannel(ch int)
}

// Lookup returns the device name of robot r as a T, with a clear error when
// the name is unknown or the device is of another kind.
func Lookup[T Device](r Robot, name string) (T, error) {
	var zero T
	d, err := r.Device(name)
	if err != nil {
		return zero, err
	}
	t, ok := d.(T)
	if !ok {
		return zero, fmt.Errorf("%w: %q is a %T, not a %s", ErrWrongDeviceType, name, d, typeName[T]())
	}
	return t, nil
}

func typeName[T any]() string {
	s := fmt.Sprintf("%T", (*T)(nil))
	return strings.TrimPrefix(s, "*")
}

// UnknownDevice builds the error Robot.Device returns for an unknown name:
// it wraps ErrUnknownDevice and lists the names the robot has.
func UnknownDevice(name string, have []string) error {
	h := append([]string(nil), have...)
	sort.Strings(h)
	return fmt.Errorf("%w %q; this robot has: %s", ErrUnknownDevice, name, strings.Join(h, ", "))
}

// CheckStep validates a step duration against the basic time step.
func CheckStep(ms, basic int) error {
	if ms <= 0 || basic <= 0 || ms%basic != 0 {
		return fmt.Errorf("%w: got %d ms, basic time step is %d ms", ErrBadStep, ms, basic)
	}
	return nil
}
