//go:build webots

package webots

// #include "rk_webots.h"
import "C"

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/rescuekit/rescuekit/hal"
)

// kind says which wb_*_enable family a sensor belongs to.
type kind int

const (
	kindReceiver kind = iota + 1
	kindDistance
	kindPosition
	kindCamera
	kindLidar
	kindGPS
	kindGyro
	kindAccelerometer
	kindInertialUnit
)

// sensor is what every Webots sensor shares: the enable state and the rule
// that values are NaN until the first step after Enable.
type sensor struct {
	r         *Robot
	name      string
	tag       C.WbDeviceTag
	kind      kind
	period    int
	enabledAt int // r.steps when enabled
}

// Name is the Webots device name.
func (s *sensor) Name() string { return s.name }

// SamplingPeriod is the period given to Enable, or 0 when disabled.
func (s *sensor) SamplingPeriod() int { return s.period }

// Enable starts sampling every periodMs milliseconds (wb_*_enable). A period
// of 0 or less disables the sensor. Values stay NaN until the next step.
func (s *sensor) Enable(periodMs int) {
	if periodMs <= 0 {
		s.Disable()
		return
	}
	if !s.r.alive() {
		return
	}
	if s.period == 0 {
		s.enabledAt = s.r.steps
	}
	s.period = periodMs
	p := C.int(periodMs)
	switch s.kind {
	case kindReceiver:
		C.wb_receiver_enable(s.tag, p)
	case kindDistance:
		C.wb_distance_sensor_enable(s.tag, p)
	case kindPosition:
		C.wb_position_sensor_enable(s.tag, p)
	case kindCamera:
		C.wb_camera_enable(s.tag, p)
	case kindLidar:
		C.wb_lidar_enable(s.tag, p)
	case kindGPS:
		C.wb_gps_enable(s.tag, p)
	case kindGyro:
		C.wb_gyro_enable(s.tag, p)
	case kindAccelerometer:
		C.wb_accelerometer_enable(s.tag, p)
	case kindInertialUnit:
		C.wb_inertial_unit_enable(s.tag, p)
	}
}

// Disable stops sampling (wb_*_disable).
func (s *sensor) Disable() {
	if s.period == 0 {
		return
	}
	s.period = 0
	if !s.r.alive() {
		return
	}
	switch s.kind {
	case kindReceiver:
		C.wb_receiver_disable(s.tag)
	case kindDistance:
		C.wb_distance_sensor_disable(s.tag)
	case kindPosition:
		C.wb_position_sensor_disable(s.tag)
	case kindCamera:
		C.wb_camera_disable(s.tag)
	case kindLidar:
		C.wb_lidar_disable(s.tag)
	case kindGPS:
		C.wb_gps_disable(s.tag)
	case kindGyro:
		C.wb_gyro_disable(s.tag)
	case kindAccelerometer:
		C.wb_accelerometer_disable(s.tag)
	case kindInertialUnit:
		C.wb_inertial_unit_disable(s.tag)
	}
}

// ready reports whether the sensor may be read from C: enabled, a step has
// ended since Enable, and the robot is alive.
func (s *sensor) ready() bool {
	return s.period > 0 && s.r.steps > s.enabledAt && s.r.alive()
}

var nan3 = hal.Vec3{math.NaN(), math.NaN(), math.NaN()}

// vec3 copies three doubles from C, or NaNs for a NULL pointer.
func vec3(p *C.double) hal.Vec3 {
	if p == nil {
		return nan3
	}
	a := unsafe.Slice((*float64)(unsafe.Pointer(p)), 3)
	return hal.Vec3{a[0], a[1], a[2]}
}

// Motor is a Webots RotationalMotor (or LinearMotor) under velocity control.
type Motor struct {
	r    *Robot
	name string
	tag  C.WbDeviceTag
	lim  hal.VelocityLimit
	v    float64
}

var _ hal.Motor = (*Motor)(nil)

// Name is the Webots device name.
func (m *Motor) Name() string { return m.name }

// SetVelocity sets the target velocity in rad/s (wb_motor_set_velocity),
// clamped to ±MaxVelocity as Webots does; the first clamp returns a
// *hal.VelocityClampedError. NaN sets 0 and returns an error.
func (m *Motor) SetVelocity(radPerSec float64) error {
	v, err := m.lim.Clamp(radPerSec)
	m.v = v
	if m.r.alive() {
		C.wb_motor_set_velocity(m.tag, C.double(v))
	}
	return err
}

// Velocity is the target velocity last applied.
func (m *Motor) Velocity() float64 { return m.v }

// MaxVelocity is the motor's maxVelocity field.
func (m *Motor) MaxVelocity() float64 { return m.lim.Max }

// LED is a Webots LED. Its value is validated by the embedded hal.LEDState
// against the mode given in Options, then sent with wb_led_set.
type LED struct {
	*hal.LEDState
	r   *Robot
	tag C.WbDeviceTag
}

var _ hal.LED = (*LED)(nil)

// Set switches the LED to value (wb_led_set). A value outside the LED's mode
// is refused with an error wrapping hal.ErrLEDValue and nothing reaches
// Webots.
func (l *LED) Set(value int) error {
	if err := l.LEDState.Set(value); err != nil {
		return err
	}
	if l.r.alive() {
		C.wb_led_set(l.tag, C.int(value))
	}
	return nil
}

// Emitter is a Webots Emitter (radio).
type Emitter struct {
	r    *Robot
	name string
	tag  C.WbDeviceTag
}

var _ hal.Emitter = (*Emitter)(nil)

// Name is the Webots device name.
func (e *Emitter) Name() string { return e.name }

// Send queues data for the next step (wb_emitter_send, which copies it). An
// empty packet, a packet larger than 2 GiB, a packet refused by Webots (full
// buffer) and a send after the end are errors.
func (e *Emitter) Send(data []byte) error {
	if e.r.closed {
		return fmt.Errorf("webots: emitter %q: %w", e.name, ErrClosed)
	}
	if e.r.ended {
		return fmt.Errorf("webots: emitter %q: %w", e.name, hal.ErrEnded)
	}
	if len(data) == 0 {
		return fmt.Errorf("webots: emitter %q: empty packet; Webots sends packets of at least 1 byte", e.name)
	}
	if len(data) > math.MaxInt32 {
		return fmt.Errorf("webots: emitter %q: packet of %d bytes is too large", e.name, len(data))
	}
	if C.wb_emitter_send(e.tag, unsafe.Pointer(&data[0]), C.int(len(data))) == 0 {
		return fmt.Errorf("webots: emitter %q: Webots refused the %d-byte packet (emitter buffer full?)", e.name, len(data))
	}
	return nil
}

// Channel is the emitter's channel (wb_emitter_get_channel); 0 after the end.
func (e *Emitter) Channel() int {
	if !e.r.alive() {
		return 0
	}
	return int(C.wb_emitter_get_channel(e.tag))
}

// SetChannel sets the emitter's channel (wb_emitter_set_channel).
func (e *Emitter) SetChannel(ch int) {
	if e.r.alive() {
		C.wb_emitter_set_channel(e.tag, C.int(ch))
	}
}

// Receiver is a Webots Receiver. After each step its packets are drained
// from libController into a Go queue with the same next-packet semantics.
type Receiver struct {
	sensor
	queue [][]byte
}

var _ hal.Receiver = (*Receiver)(nil)

// drain moves every packet waiting in libController into the Go queue.
func (rc *Receiver) drain() {
	if !rc.ready() {
		return
	}
	n := int(C.wb_receiver_get_queue_length(rc.tag))
	for i := 0; i < n; i++ {
		size := int(C.wb_receiver_get_data_size(rc.tag))
		p := C.wb_receiver_get_data(rc.tag)
		if p != nil && size > 0 {
			rc.queue = append(rc.queue, append([]byte(nil), cBytes(p, size)...))
		}
		C.wb_receiver_next_packet(rc.tag)
	}
}

// Disable stops the receiver and drops the packets it holds.
func (rc *Receiver) Disable() {
	rc.sensor.Disable()
	rc.queue = nil
}

// Enable starts the receiver; a period of 0 or less disables it.
func (rc *Receiver) Enable(periodMs int) {
	if periodMs <= 0 {
		rc.Disable()
		return
	}
	rc.sensor.Enable(periodMs)
}

// QueueLength is the number of packets waiting.
func (rc *Receiver) QueueLength() int { return len(rc.queue) }

// Data returns a copy of the head packet, or nil when the queue is empty.
func (rc *Receiver) Data() []byte {
	if len(rc.queue) == 0 {
		return nil
	}
	return append([]byte(nil), rc.queue[0]...)
}

// NextPacket drops the head packet; on an empty queue it does nothing.
func (rc *Receiver) NextPacket() {
	if len(rc.queue) == 0 {
		return
	}
	rc.queue[0] = nil
	rc.queue = rc.queue[1:]
}

// Channel is the receiver's channel (wb_receiver_get_channel); 0 after the
// end.
func (rc *Receiver) Channel() int {
	if !rc.r.alive() {
		return 0
	}
	return int(C.wb_receiver_get_channel(rc.tag))
}

// SetChannel sets the receiver's channel (wb_receiver_set_channel).
func (rc *Receiver) SetChannel(ch int) {
	if rc.r.alive() {
		C.wb_receiver_set_channel(rc.tag, C.int(ch))
	}
}

// DistanceSensor is a Webots DistanceSensor.
type DistanceSensor struct {
	sensor
	max float64
}

var _ hal.DistanceSensor = (*DistanceSensor)(nil)

// Value is the distance (wb_distance_sensor_get_value); NaN until the first
// step after Enable.
func (d *DistanceSensor) Value() float64 {
	if !d.ready() {
		return math.NaN()
	}
	return float64(C.wb_distance_sensor_get_value(d.tag))
}

// MaxValue is the largest value of the lookup table
// (wb_distance_sensor_get_max_value), read once at Open.
func (d *DistanceSensor) MaxValue() float64 { return d.max }

// PositionSensor is a Webots PositionSensor.
type PositionSensor struct{ sensor }

var _ hal.PositionSensor = (*PositionSensor)(nil)

// Value is the angle in radians (wb_position_sensor_get_value); NaN until the
// first step after Enable.
func (p *PositionSensor) Value() float64 {
	if !p.ready() {
		return math.NaN()
	}
	return float64(C.wb_position_sensor_get_value(p.tag))
}

// Camera is a Webots Camera. Its BGRA frame is copied after each step into
// a buffer the backend reuses; Image copies it out again.
type Camera struct {
	sensor
	width, height int
	fov           float64
	frame         []byte
	have          bool
}

var _ hal.Camera = (*Camera)(nil)

// capture copies the current frame out of libController.
func (c *Camera) capture() {
	if !c.ready() {
		c.have = false
		return
	}
	n := c.width * c.height * 4
	p := C.wb_camera_get_image(c.tag)
	if p == nil || n <= 0 {
		c.have = false
		return
	}
	c.frame = append(c.frame[:0], cBytes(unsafe.Pointer(p), n)...)
	c.have = true
}

// Image copies the latest frame into dst[:0] and returns it; before the
// first frame it returns dst[:0].
func (c *Camera) Image(dst []byte) []byte {
	if !c.have || !c.ready() {
		return dst[:0]
	}
	return append(dst[:0], c.frame...)
}

// Width is the image width in pixels.
func (c *Camera) Width() int { return c.width }

// Height is the image height in pixels.
func (c *Camera) Height() int { return c.height }

// FOV is the horizontal field of view in radians, read at Open.
func (c *Camera) FOV() float64 { return c.fov }

// Lidar is a Webots Lidar. Its range image is copied after each step.
type Lidar struct {
	sensor
	hres, layers          int
	fov, vfov, minR, maxR float64
	image                 []float32
	have                  bool
}

var _ hal.Lidar = (*Lidar)(nil)

// capture copies the current range image out of libController.
func (l *Lidar) capture() {
	if !l.ready() {
		l.have = false
		return
	}
	n := l.hres * l.layers
	p := C.wb_lidar_get_range_image(l.tag)
	if p == nil || n <= 0 {
		l.have = false
		return
	}
	l.image = append(l.image[:0], unsafe.Slice((*float32)(unsafe.Pointer(p)), n)...)
	l.have = true
}

// RangeImage copies the latest range image (layer-major) into dst[:0] and
// returns it; before the first image it returns dst[:0].
func (l *Lidar) RangeImage(dst []float32) []float32 {
	if !l.have || !l.ready() {
		return dst[:0]
	}
	return append(dst[:0], l.image...)
}

// HorizontalResolution is the number of points per layer.
func (l *Lidar) HorizontalResolution() int { return l.hres }

// NumberOfLayers is the number of layers.
func (l *Lidar) NumberOfLayers() int { return l.layers }

// FOV is the horizontal field of view in radians.
func (l *Lidar) FOV() float64 { return l.fov }

// VerticalFOV is the vertical field of view in radians.
func (l *Lidar) VerticalFOV() float64 { return l.vfov }

// MinRange is the minimum range in metres.
func (l *Lidar) MinRange() float64 { return l.minR }

// MaxRange is the maximum range in metres.
func (l *Lidar) MaxRange() float64 { return l.maxR }

// GPS is a Webots GPS.
type GPS struct{ sensor }

var _ hal.GPS = (*GPS)(nil)

// Values is the position (wb_gps_get_values); NaN until the first step
// after Enable.
func (g *GPS) Values() hal.Vec3 {
	if !g.ready() {
		return nan3
	}
	return vec3(C.wb_gps_get_values(g.tag))
}

// Speed is the ground speed in m/s (wb_gps_get_speed).
func (g *GPS) Speed() float64 {
	if !g.ready() {
		return math.NaN()
	}
	return float64(C.wb_gps_get_speed(g.tag))
}

// Gyro is a Webots Gyro.
type Gyro struct{ sensor }

var _ hal.Gyro = (*Gyro)(nil)

// Values is the angular velocity (wb_gyro_get_values).
func (g *Gyro) Values() hal.Vec3 {
	if !g.ready() {
		return nan3
	}
	return vec3(C.wb_gyro_get_values(g.tag))
}

// Accelerometer is a Webots Accelerometer.
type Accelerometer struct{ sensor }

var _ hal.Accelerometer = (*Accelerometer)(nil)

// Values is the acceleration (wb_accelerometer_get_values).
func (a *Accelerometer) Values() hal.Vec3 {
	if !a.ready() {
		return nan3
	}
	return vec3(C.wb_accelerometer_get_values(a.tag))
}

// InertialUnit is a Webots InertialUnit.
type InertialUnit struct{ sensor }

var _ hal.InertialUnit = (*InertialUnit)(nil)

// RollPitchYaw is the orientation (wb_inertial_unit_get_roll_pitch_yaw).
func (u *InertialUnit) RollPitchYaw() hal.Vec3 {
	if !u.ready() {
		return nan3
	}
	return vec3(C.wb_inertial_unit_get_roll_pitch_yaw(u.tag))
}

// Other is a device of a kind hal does not model (a Speaker, a Compass, …).
// It is listed by DeviceNames so that names stay complete.
type Other struct {
	name     string
	nodeType string
}

// Name is the Webots device name.
func (o *Other) Name() string { return o.name }

// NodeType is the Webots node type, e.g. "Speaker" ("" when unknown).
func (o *Other) NodeType() string { return o.nodeType }
