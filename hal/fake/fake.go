// Package fake is a scripted hal backend for unit tests of the framework and
// of behaviors: no physics, no arena, only the values a test sets and the
// commands the robot gives back.
//
// New builds the default Erebus robot (docs/erebus-rules.md §5) with every device under
// its Webots name. A test sets what the sensors will see (SetGPS,
// SetDistance, SetImage, …, directly or from an OnStep hook), steps the
// robot, and reads back what it did: motor velocities, LED values and the
// radio packets its emitter sent. Inject and Peer stand in for the Erebus
// supervisor on the radio.
//
// Timing follows Webots:
//   - each call of Step is one step, numbered from 1; Time advances by exactly
//     the duration given;
//   - a sensor reads NaN (numbers) or empty (images, range images) until its
//     first sample, which happens at the first step that ends at least one
//     sampling period after Enable, and then once every sampling period;
//     Disable makes it read NaN/empty again;
//   - values set with the Set… methods are the world's truth: a sensor shows
//     them at its next sample, never in between;
//   - wheel sensors integrate their motor's velocity over each step (before
//     the OnStep hooks run, so a hook's SetPosition wins);
//   - a packet injected (Inject) or answered by the peer reaches the robot's
//     receiver at the end of the next step, never immediately; the robot
//     never receives its own packets.
//
// The LEDs "led0"…"led8" are non-gradual with one colour, red (255, 0, 0),
// like the e-puck's ring LEDs; "led9" is a gradual RGB LED, so that tests
// exercise both modes. WithLEDMode changes that. (The real Erebus proto's
// LED modes are not in docs/erebus-rules.md; only the names are.)
//
// A Robot is safe for concurrent use: a test may read Sent or Velocity from
// another goroutine while the runner steps it. OnStep hooks and the peer run
// on the stepping goroutine without the Robot's lock held, so they may call
// any method except Step.
package fake

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/hal"
)

// Erebus default robot figures (erebus/robot.go, rules §5).
const (
	// BasicTimeStep is the basic time step of every Erebus world, in ms.
	BasicTimeStep = erebus.TimeStep
	// WheelMaxVelocity is the maxVelocity of both wheel motors, in rad/s.
	WheelMaxVelocity = erebus.MaxWheelVelocity
	// DistanceMax is the range of the "ps0"…"ps7" sensors, in metres.
	DistanceMax = erebus.DistanceRange
	// CameraWidth and CameraHeight are the spawned size of the three cameras.
	CameraWidth, CameraHeight = erebus.CameraWidth, erebus.CameraHeight
	// CameraFOV is the spawned field of view of the three cameras, in rad.
	CameraFOV = erebus.CameraFOV
	// RadioChannel is the channel of the emitter, the receiver and the
	// supervisor (the peer and Inject).
	RadioChannel = 1
)

// broadcast is Webots' WB_CHANNEL_BROADCAST.
const broadcast = -1

// LidarConfig describes the lidar WithLidar adds. Zero fields take the
// values an Erebus custom robot's lidar gets (docs/erebus-rules.md §5, Webots defaults
// except the field of view): name "lidar", 512 × 4, FOV 2π (6.2832),
// vertical FOV 0.2, range 0.01 to 1.0 m.
type LidarConfig struct {
	Name                 string
	HorizontalResolution int
	NumberOfLayers       int
	FOV, VerticalFOV     float64
	MinRange, MaxRange   float64
}

func (c *LidarConfig) defaults() {
	if c.Name == "" {
		c.Name = "lidar"
	}
	if c.HorizontalResolution == 0 {
		c.HorizontalResolution = 512
	}
	if c.NumberOfLayers == 0 {
		c.NumberOfLayers = 4
	}
	if c.FOV == 0 {
		c.FOV = 6.2832
	}
	if c.VerticalFOV == 0 {
		c.VerticalFOV = 0.2
	}
	if c.MinRange == 0 {
		c.MinRange = 0.01
	}
	if c.MaxRange == 0 {
		c.MaxRange = 1.0
	}
}

type config struct {
	basic    int
	lidars   []LidarConfig
	imu      string
	ledModes map[string]hal.LEDMode
	errs     []error
}

// Option configures New.
type Option func(*config)

// WithBasicTimeStep sets the basic time step in ms (default 16). A value ≤ 0
// is an option error (see Robot.Err).
func WithBasicTimeStep(ms int) Option {
	return func(c *config) {
		if ms <= 0 {
			c.errs = append(c.errs, fmt.Errorf("WithBasicTimeStep(%d): the basic time step must be positive", ms))
			return
		}
		c.basic = ms
	}
}

// WithLidar adds a lidar (the default robot has none). Zero fields of cfg
// take the Erebus custom-robot defaults (see LidarConfig).
func WithLidar(cfg LidarConfig) Option {
	return func(c *config) {
		cfg.defaults()
		if cfg.HorizontalResolution < 0 || cfg.NumberOfLayers < 0 || cfg.MinRange < 0 || cfg.MaxRange < cfg.MinRange {
			c.errs = append(c.errs, fmt.Errorf("WithLidar(%+v): resolution, layers and ranges must be positive with MinRange ≤ MaxRange", cfg))
			return
		}
		c.lidars = append(c.lidars, cfg)
	}
}

// WithInertialUnit adds an inertial unit named name ("inertial_unit" when
// empty); the default robot has none.
func WithInertialUnit(name string) Option {
	return func(c *config) {
		if name == "" {
			name = "inertial_unit"
		}
		c.imu = name
	}
}

// WithLEDMode gives the LED name the mode mode, replacing the default mode of
// "led0"…"led9" or adding a new LED. An invalid mode (a gradual LED with two
// or more colours) is kept, as a backend would mirror such a node: its Set
// refuses every value.
func WithLEDMode(name string, mode hal.LEDMode) Option {
	return func(c *config) {
		if name == "" {
			c.errs = append(c.errs, errors.New("WithLEDMode: empty LED name"))
			return
		}
		if c.ledModes == nil {
			c.ledModes = map[string]hal.LEDMode{}
		}
		c.ledModes[name] = mode
	}
}

// Packet is a radio packet the robot's emitter sent.
type Packet struct {
	// Step is the number of steps the robot had completed when it sent the
	// packet (0 before the first step): the step whose sensor values it was
	// acting on. The packet is on the air during the next step.
	Step int
	// Channel is the emitter's channel at the time.
	Channel int
	// Data is a copy of the bytes sent.
	Data []byte
}

type arrival struct {
	due  int
	data []byte
}

// Robot is a scripted hal.Robot. Build it with New.
type Robot struct {
	mu       sync.Mutex
	basic    int
	nowMs    int64
	steps    int
	endAt    int
	ended    bool
	optErr   error
	hooks    []func(step int, r *Robot)
	peer     func(pkt []byte) [][]byte
	stepping bool

	devices  map[string]hal.Device
	names    []string
	motors   []*motor
	wheels   map[*motor]*positionSensor
	sensors  []sampler
	emitter  *emitter
	receiver *receiver

	sent     []Packet
	unsent   []Packet // sent since the last step, not yet on the air
	inflight []arrival
}

var _ hal.Robot = (*Robot)(nil)

// sampler is a sensor the robot publishes at each step.
type sampler interface {
	base() *sensorBase
	publish()
}

// New builds the default Erebus robot: "wheel1 motor"/"wheel2 motor" (max
// 6.28 rad/s) with "wheel1 sensor"/"wheel2 sensor", "ps0"…"ps7" (0–0.8 m),
// "camera_left"/"camera_right"/"camera_centre" (64×40, FOV 1 rad),
// "colour_sensor" (a 1×1 camera), "gps", "gyro", "accelerometer",
// "emitter"/"receiver" (channel 1) and "led0"…"led9", stepping by 16 ms.
// Options add a lidar or an inertial unit, change LED modes or the step.
// An invalid option does not panic: every Step returns it (see Err).
func New(opts ...Option) *Robot {
	c := config{basic: BasicTimeStep}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	r := &Robot{basic: c.basic, devices: map[string]hal.Device{}, wheels: map[*motor]*positionSensor{}}
	var errs []error
	add := func(d hal.Device) {
		if _, dup := r.devices[d.Name()]; dup {
			errs = append(errs, fmt.Errorf("two devices named %q", d.Name()))
			return
		}
		r.devices[d.Name()] = d
		if s, ok := d.(sampler); ok {
			r.sensors = append(r.sensors, s)
		}
	}
	for _, w := range [][2]string{{erebus.LeftMotor, erebus.LeftEncoder}, {erebus.RightMotor, erebus.RightEncoder}} {
		m := &motor{r: r, name: w[0], lim: hal.VelocityLimit{Name: w[0], Max: WheelMaxVelocity}}
		p := &positionSensor{sensorBase: r.newBase(w[1])}
		r.motors = append(r.motors, m)
		r.wheels[m] = p
		add(m)
		add(p)
	}
	for _, n := range erebus.DistanceSensorNames {
		add(&distanceSensor{sensorBase: r.newBase(n), truth: DistanceMax})
	}
	for _, n := range erebus.CameraNames {
		add(r.newCamera(n, CameraWidth, CameraHeight, CameraFOV))
	}
	add(r.newCamera(erebus.ColourName, 1, 1, CameraFOV))
	add(&gps{vecSensor: vecSensor{sensorBase: r.newBase(erebus.GPSName)}})
	add(&vecSensor{sensorBase: r.newBase(erebus.GyroName)})
	add(&accelerometer{vecSensor: vecSensor{sensorBase: r.newBase(erebus.AccelName)}})
	if c.imu != "" {
		add(&inertialUnit{vecSensor: vecSensor{sensorBase: r.newBase(c.imu)}})
	}
	for _, lc := range c.lidars {
		add(r.newLidar(lc))
	}
	r.emitter = &emitter{r: r, channel: RadioChannel}
	r.receiver = &receiver{sensorBase: r.newBase(erebus.ReceiverName), channel: RadioChannel}
	add(r.emitter)
	add(r.receiver)
	modes := map[string]hal.LEDMode{}
	for i := range 9 {
		modes[fmt.Sprintf("led%d", i)] = hal.LEDMode{Colors: []hal.RGB{{R: 255}}}
	}
	modes["led9"] = hal.LEDMode{Gradual: true}
	for n, m := range c.ledModes {
		if _, taken := r.devices[n]; taken {
			errs = append(errs, fmt.Errorf("WithLEDMode(%q): that name is another device", n))
			continue
		}
		modes[n] = m
	}
	for n, m := range modes {
		add(&led{r: r, s: hal.NewLEDState(n, m)})
	}
	for n := range r.devices {
		r.names = append(r.names, n)
	}
	sort.Strings(r.names)
	sort.Slice(r.sensors, func(i, j int) bool { return r.sensors[i].base().name < r.sensors[j].base().name })
	if all := append(c.errs, errs...); len(all) > 0 {
		r.optErr = fmt.Errorf("fake: bad options: %w", errors.Join(all...))
	}
	return r
}

// Err returns the error of an invalid option given to New, or nil.
func (r *Robot) Err() error { return r.optErr }

// Step advances the robot by ms milliseconds as one step. In order: the
// step number and Time advance, wheel sensors integrate their motors'
// velocities, the OnStep hooks run, the peer answers the packets sent before
// this step, packets due now reach the receiver, and due sensors sample.
// Step returns the option error of New if any, hal.ErrEnded from the step
// set by EndAfter on (without advancing), and an error wrapping
// hal.ErrBadStep for a duration that is not a positive multiple of the basic
// time step (without advancing).
func (r *Robot) Step(ms int) error {
	r.mu.Lock()
	if r.optErr != nil {
		r.mu.Unlock()
		return r.optErr
	}
	if r.ended || (r.endAt > 0 && r.steps+1 >= r.endAt) {
		r.ended = true
		r.mu.Unlock()
		return hal.ErrEnded
	}
	if err := hal.CheckStep(ms, r.basic); err != nil {
		r.mu.Unlock()
		return err
	}
	if r.stepping {
		r.mu.Unlock()
		return errors.New("fake: Step called from inside an OnStep hook or the peer")
	}
	r.stepping = true
	r.steps++
	step := r.steps
	r.nowMs += int64(ms)
	dt := float64(ms) / 1000
	for _, m := range r.motors {
		if p := r.wheels[m]; p != nil {
			p.truth += m.v * dt
		}
	}
	var outgoing []Packet
	for _, p := range r.unsent {
		if p.Channel == RadioChannel || p.Channel == broadcast {
			outgoing = append(outgoing, p)
		}
	}
	r.unsent = nil
	hooks := slices.Clone(r.hooks)
	peer := r.peer
	r.mu.Unlock()

	for _, h := range hooks {
		h(step, r)
	}
	var replies [][]byte
	if peer != nil {
		for _, p := range outgoing {
			replies = append(replies, peer(append([]byte(nil), p.Data...))...)
		}
	}

	r.mu.Lock()
	defer r.mu.Unlock()
	r.stepping = false
	for _, rep := range replies {
		r.inflight = append(r.inflight, arrival{due: step + 1, data: append([]byte(nil), rep...)})
	}
	rest := r.inflight[:0]
	for _, a := range r.inflight {
		if a.due > step {
			rest = append(rest, a)
			continue
		}
		r.receiver.arrive(a.data)
	}
	clear(r.inflight[len(rest):])
	r.inflight = rest
	for _, s := range r.sensors {
		if s.base().due(r.nowMs) {
			s.publish()
		}
	}
	return nil
}

// Time is the simulation time in seconds: the sum of the step durations.
func (r *Robot) Time() float64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return float64(r.nowMs) / 1000
}

// BasicTimeStep is the basic time step in ms (16 unless WithBasicTimeStep).
func (r *Robot) BasicTimeStep() int { return r.basic }

// Device returns the device named name, or an error wrapping
// hal.ErrUnknownDevice that lists the robot's devices.
func (r *Robot) Device(name string) (hal.Device, error) {
	d, ok := r.devices[name]
	if !ok {
		return nil, hal.UnknownDevice(name, r.names)
	}
	return d, nil
}

// DeviceNames lists the names of all devices, sorted.
func (r *Robot) DeviceNames() []string { return append([]string(nil), r.names...) }

// Steps returns the number of steps completed.
func (r *Robot) Steps() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.steps
}

// OnStep adds a hook called at every step with the step number (from 1),
// after time advanced and before the sensors sample, so the values it sets
// are what the robot reads when Step returns. Hooks run in the order added.
func (r *Robot) OnStep(hook func(step int, r *Robot)) {
	if hook == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.hooks = append(r.hooks, hook)
}

// Peer sets the function standing in for the supervisor (nil removes it).
// Each packet the robot sends on channel 1 is given to it, as a copy, during
// the step after the one it was sent in; the packets it returns reach the
// robot's receiver at the end of the step after that, whole and in order.
func (r *Robot) Peer(peer func(pkt []byte) [][]byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.peer = peer
}

// Inject queues a copy of data as a packet from the supervisor: it reaches
// the robot's receiver at the end of the next step (never immediately; from
// inside an OnStep hook, the step after the current one). A receiver that is
// disabled or on another channel than 1 drops it, as in Webots.
func (r *Robot) Inject(data []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.inflight = append(r.inflight, arrival{due: r.steps + 1, data: append([]byte(nil), data...)})
}

// EndAfter makes Step return hal.ErrEnded from the n-th call on: n−1 steps
// succeed. n ≤ 0 means never (the default).
func (r *Robot) EndAfter(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.endAt = n
	if n > 0 && r.steps >= n {
		r.ended = true
	}
}

// Sent returns copies of the packets the emitter sent, in order.
func (r *Robot) Sent() [][]byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([][]byte, len(r.sent))
	for i, p := range r.sent {
		out[i] = append([]byte(nil), p.Data...)
	}
	return out
}

// SentPackets returns copies of the packets the emitter sent, in order, with
// the step each was sent in.
func (r *Robot) SentPackets() []Packet {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]Packet, len(r.sent))
	for i, p := range r.sent {
		p.Data = append([]byte(nil), p.Data...)
		out[i] = p
	}
	return out
}

// Velocity returns the velocity last applied to the motor named name.
func (r *Robot) Velocity(name string) (float64, error) {
	m, err := deviceOf[*motor](r, name, "motor")
	if err != nil {
		return 0, err
	}
	return m.Velocity(), nil
}

// LED returns the value last accepted by the LED named name.
func (r *Robot) LED(name string) (int, error) {
	l, err := deviceOf[*led](r, name, "LED")
	if err != nil {
		return 0, err
	}
	return l.Get(), nil
}

// SetGPS sets the position, in metres, the GPS will measure.
func (r *Robot) SetGPS(pos hal.Vec3) { r.setVec("gps", pos) }

// SetSpeed sets the ground speed, in m/s, the GPS will measure.
func (r *Robot) SetSpeed(mps float64) {
	g, _ := deviceOf[*gps](r, "gps", "GPS")
	r.mu.Lock()
	defer r.mu.Unlock()
	g.speedTruth = mps
}

// SetGyro sets the angular velocity, in rad/s, the gyro will measure.
func (r *Robot) SetGyro(v hal.Vec3) { r.setVec("gyro", v) }

// SetAccel sets the acceleration, in m/s², the accelerometer will measure.
func (r *Robot) SetAccel(v hal.Vec3) { r.setVec("accelerometer", v) }

// SetRPY sets the roll, pitch and yaw, in rad, the inertial unit will
// measure. It fails when the robot has no inertial unit (WithInertialUnit).
func (r *Robot) SetRPY(v hal.Vec3) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, d := range r.devices {
		if u, ok := d.(*inertialUnit); ok {
			u.truth = v
			return nil
		}
	}
	return errors.New("fake: SetRPY: this robot has no inertial unit; build it with fake.WithInertialUnit")
}

func (r *Robot) setVec(name string, v hal.Vec3) {
	d := r.devices[name]
	var s *vecSensor
	switch d := d.(type) {
	case *gps:
		s = &d.vecSensor
	case *accelerometer:
		s = &d.vecSensor
	case *vecSensor:
		s = d
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s.truth = v
}

// SetDistance sets the distance, in metres, the distance sensor name will
// measure. It refuses NaN and values outside 0…0.8 m.
func (r *Robot) SetDistance(name string, m float64) error {
	s, err := deviceOf[*distanceSensor](r, name, "distance sensor")
	if err != nil {
		return err
	}
	if !(m >= 0 && m <= DistanceMax) {
		return fmt.Errorf("fake: SetDistance(%q, %g): a distance sensor measures 0 to %g m", name, m, DistanceMax)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s.truth = m
	return nil
}

// SetPosition sets the angle, in rad, the wheel position sensor name will
// measure; name is the sensor's ("wheel1 sensor") or the wheel's ("wheel1").
// The sensor keeps integrating its motor's velocity from there.
func (r *Robot) SetPosition(name string, rad float64) error {
	if _, ok := r.devices[name]; !ok {
		if _, ok := r.devices[name+" sensor"]; ok {
			name += " sensor"
		}
	}
	s, err := deviceOf[*positionSensor](r, name, "position sensor")
	if err != nil {
		return err
	}
	if math.IsNaN(rad) || math.IsInf(rad, 0) {
		return fmt.Errorf("fake: SetPosition(%q, %g): the angle must be finite", name, rad)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s.truth = rad
	return nil
}

// SetImage sets the BGRA frame (width·height·4 bytes, row-major) the camera
// name will see; bgra is copied.
func (r *Robot) SetImage(name string, bgra []byte) error {
	c, err := deviceOf[*camera](r, name, "camera")
	if err != nil {
		return err
	}
	if want := c.w * c.h * 4; len(bgra) != want {
		return fmt.Errorf("fake: SetImage(%q): got %d bytes, a %d×%d BGRA frame has %d", name, len(bgra), c.w, c.h, want)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	copy(c.truth, bgra)
	return nil
}

// SetRange sets the range image, in metres, the lidar name will measure:
// HorizontalResolution·NumberOfLayers values, layer-major; ranges is copied.
func (r *Robot) SetRange(name string, ranges []float32) error {
	l, err := deviceOf[*lidar](r, name, "lidar")
	if err != nil {
		return err
	}
	if want := l.cfg.HorizontalResolution * l.cfg.NumberOfLayers; len(ranges) != want {
		return fmt.Errorf("fake: SetRange(%q): got %d values, a %d×%d lidar has %d", name, len(ranges), l.cfg.HorizontalResolution, l.cfg.NumberOfLayers, want)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	copy(l.truth, ranges)
	return nil
}

// deviceOf finds the device name of concrete type T, with an error naming
// what was wanted.
func deviceOf[T hal.Device](r *Robot, name, kind string) (T, error) {
	var zero T
	d, ok := r.devices[name]
	if !ok {
		return zero, fmt.Errorf("fake: no %s: %w", kind, hal.UnknownDevice(name, r.names))
	}
	t, ok := d.(T)
	if !ok {
		return zero, fmt.Errorf("fake: %q is not a %s: %w", name, kind, hal.ErrWrongDeviceType)
	}
	return t, nil
}

// String describes the robot briefly, for test failure messages.
func (r *Robot) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return fmt.Sprintf("fake.Robot{step %d, t %.3f s, devices %s}", r.steps, float64(r.nowMs)/1000, strings.Join(r.names, ", "))
}
