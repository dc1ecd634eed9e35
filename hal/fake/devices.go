package fake

import (
	"errors"
	"math"

	"github.com/rescuekit/rescuekit/hal"
)

// sensorBase is the enable/sample bookkeeping every fake sensor shares.
// Its fields are guarded by the Robot's lock.
type sensorBase struct {
	r       *Robot
	name    string
	period  int
	last    int64 // ms of the last sample, or of Enable
	sampled bool
}

func (r *Robot) newBase(name string) sensorBase { return sensorBase{r: r, name: name} }

func (s *sensorBase) base() *sensorBase { return s }

// Name returns the device name.
func (s *sensorBase) Name() string { return s.name }

// Enable starts sampling every periodMs ms; periodMs ≤ 0 disables, as
// Webots' wb_*_enable(0) does. Re-enabling keeps the current value.
func (s *sensorBase) Enable(periodMs int) {
	if periodMs <= 0 {
		s.Disable()
		return
	}
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	if s.period == 0 {
		s.last = s.r.nowMs
	}
	s.period = periodMs
}

// Disable stops sampling; the sensor reads NaN or empty until sampled again.
func (s *sensorBase) Disable() {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	s.period = 0
	s.sampled = false
}

// SamplingPeriod is the period given to Enable, or 0 when disabled.
func (s *sensorBase) SamplingPeriod() int {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	return s.period
}

// due reports whether the sensor samples at time now (lock held).
func (s *sensorBase) due(now int64) bool {
	if s.period == 0 || now-s.last < int64(s.period) {
		return false
	}
	s.last = now
	s.sampled = true
	return true
}

// value reads a sampled number under the lock: NaN before the first sample.
func (s *sensorBase) value(v *float64) float64 {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	if !s.sampled {
		return math.NaN()
	}
	return *v
}

func (s *sensorBase) vec(v *hal.Vec3) hal.Vec3 {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	if !s.sampled {
		n := math.NaN()
		return hal.Vec3{n, n, n}
	}
	return *v
}

type motor struct {
	r    *Robot
	name string
	lim  hal.VelocityLimit
	v    float64
}

var _ hal.Motor = (*motor)(nil)

func (m *motor) Name() string { return m.name }

func (m *motor) SetVelocity(v float64) error {
	m.r.mu.Lock()
	defer m.r.mu.Unlock()
	var err error
	m.v, err = m.lim.Clamp(v)
	return err
}

func (m *motor) Velocity() float64 {
	m.r.mu.Lock()
	defer m.r.mu.Unlock()
	return m.v
}

func (m *motor) MaxVelocity() float64 { return m.lim.Max }

type positionSensor struct {
	sensorBase
	truth, read float64
}

var _ hal.PositionSensor = (*positionSensor)(nil)

func (p *positionSensor) publish()       { p.read = p.truth }
func (p *positionSensor) Value() float64 { return p.value(&p.read) }

type distanceSensor struct {
	sensorBase
	truth, read float64
}

var _ hal.DistanceSensor = (*distanceSensor)(nil)

func (d *distanceSensor) publish()          { d.read = d.truth }
func (d *distanceSensor) Value() float64    { return d.value(&d.read) }
func (d *distanceSensor) MaxValue() float64 { return DistanceMax }

type vecSensor struct {
	sensorBase
	truth, read hal.Vec3
}

var _ hal.Gyro = (*vecSensor)(nil)

func (v *vecSensor) publish()         { v.read = v.truth }
func (v *vecSensor) Values() hal.Vec3 { return v.vec(&v.read) }

type accelerometer struct{ vecSensor }

var _ hal.Accelerometer = (*accelerometer)(nil)

type gps struct {
	vecSensor
	speedTruth, speed float64
}

var _ hal.GPS = (*gps)(nil)

func (g *gps) publish()       { g.vecSensor.publish(); g.speed = g.speedTruth }
func (g *gps) Speed() float64 { return g.value(&g.speed) }

type inertialUnit struct{ vecSensor }

var _ hal.InertialUnit = (*inertialUnit)(nil)

func (u *inertialUnit) RollPitchYaw() hal.Vec3 { return u.vec(&u.read) }

type camera struct {
	sensorBase
	w, h        int
	fov         float64
	truth, read []byte
}

var _ hal.Camera = (*camera)(nil)

// newCamera builds a camera seeing an opaque black frame.
func (r *Robot) newCamera(name string, w, h int, fov float64) *camera {
	c := &camera{sensorBase: r.newBase(name), w: w, h: h, fov: fov, truth: make([]byte, w*h*4)}
	for i := 3; i < len(c.truth); i += 4 {
		c.truth[i] = 255
	}
	return c
}

func (c *camera) publish() {
	if c.read == nil {
		c.read = make([]byte, len(c.truth))
	}
	copy(c.read, c.truth)
}

func (c *camera) Image(dst []byte) []byte {
	c.r.mu.Lock()
	defer c.r.mu.Unlock()
	if !c.sampled {
		return dst[:0]
	}
	return append(dst[:0], c.read...)
}

func (c *camera) Width() int   { return c.w }
func (c *camera) Height() int  { return c.h }
func (c *camera) FOV() float64 { return c.fov }

type lidar struct {
	sensorBase
	cfg         LidarConfig
	truth, read []float32
}

var _ hal.Lidar = (*lidar)(nil)

// newLidar builds a lidar that sees nothing in range (+Inf everywhere).
func (r *Robot) newLidar(cfg LidarConfig) *lidar {
	l := &lidar{sensorBase: r.newBase(cfg.Name), cfg: cfg, truth: make([]float32, cfg.HorizontalResolution*cfg.NumberOfLayers)}
	for i := range l.truth {
		l.truth[i] = float32(math.Inf(1))
	}
	return l
}

func (l *lidar) publish() {
	if l.read == nil {
		l.read = make([]float32, len(l.truth))
	}
	copy(l.read, l.truth)
}

func (l *lidar) RangeImage(dst []float32) []float32 {
	l.r.mu.Lock()
	defer l.r.mu.Unlock()
	if !l.sampled {
		return dst[:0]
	}
	return append(dst[:0], l.read...)
}

func (l *lidar) HorizontalResolution() int { return l.cfg.HorizontalResolution }
func (l *lidar) NumberOfLayers() int       { return l.cfg.NumberOfLayers }
func (l *lidar) FOV() float64              { return l.cfg.FOV }
func (l *lidar) VerticalFOV() float64      { return l.cfg.VerticalFOV }
func (l *lidar) MinRange() float64         { return l.cfg.MinRange }
func (l *lidar) MaxRange() float64         { return l.cfg.MaxRange }

type emitter struct {
	r       *Robot
	channel int
}

var _ hal.Emitter = (*emitter)(nil)

func (e *emitter) Name() string { return "emitter" }

// Send records a copy of data; it is on the air during the next step.
// Webots refuses empty packets, and so does the fake.
func (e *emitter) Send(data []byte) error {
	if len(data) == 0 {
		return errors.New("fake: emitter: refusing to send an empty packet")
	}
	e.r.mu.Lock()
	defer e.r.mu.Unlock()
	p := Packet{Step: e.r.steps, Channel: e.channel, Data: append([]byte(nil), data...)}
	e.r.sent = append(e.r.sent, p)
	e.r.unsent = append(e.r.unsent, p)
	return nil
}

func (e *emitter) Channel() int {
	e.r.mu.Lock()
	defer e.r.mu.Unlock()
	return e.channel
}

func (e *emitter) SetChannel(ch int) {
	e.r.mu.Lock()
	defer e.r.mu.Unlock()
	e.channel = ch
}

type receiver struct {
	sensorBase
	channel int
	queue   [][]byte
}

var _ hal.Receiver = (*receiver)(nil)

// publish does nothing: packets arrive through arrive, at every step.
func (q *receiver) publish() {}

// arrive queues a packet from the supervisor (lock held). A disabled
// receiver or one on another channel drops it.
func (q *receiver) arrive(data []byte) {
	if q.period == 0 || (q.channel != RadioChannel && q.channel != broadcast) {
		return
	}
	q.queue = append(q.queue, data)
}

func (q *receiver) QueueLength() int {
	q.r.mu.Lock()
	defer q.r.mu.Unlock()
	return len(q.queue)
}

func (q *receiver) Data() []byte {
	q.r.mu.Lock()
	defer q.r.mu.Unlock()
	if len(q.queue) == 0 {
		return nil
	}
	return append([]byte(nil), q.queue[0]...)
}

func (q *receiver) NextPacket() {
	q.r.mu.Lock()
	defer q.r.mu.Unlock()
	if len(q.queue) == 0 {
		return
	}
	q.queue[0] = nil
	q.queue = q.queue[1:]
}

func (q *receiver) Channel() int {
	q.r.mu.Lock()
	defer q.r.mu.Unlock()
	return q.channel
}

func (q *receiver) SetChannel(ch int) {
	q.r.mu.Lock()
	defer q.r.mu.Unlock()
	q.channel = ch
}

// Disable stops the receiver and empties its queue.
func (q *receiver) Disable() {
	q.sensorBase.Disable()
	q.r.mu.Lock()
	defer q.r.mu.Unlock()
	q.queue = nil
}

type led struct {
	r *Robot
	s *hal.LEDState
}

var _ hal.LED = (*led)(nil)

func (l *led) Name() string { return l.s.Name() }

func (l *led) Set(v int) error {
	l.r.mu.Lock()
	defer l.r.mu.Unlock()
	return l.s.Set(v)
}

func (l *led) Get() int {
	l.r.mu.Lock()
	defer l.r.mu.Unlock()
	return l.s.Get()
}

func (l *led) Mode() hal.LEDMode { return l.s.Mode() }

func (l *led) Displayed() hal.RGB {
	l.r.mu.Lock()
	defer l.r.mu.Unlock()
	return l.s.Displayed()
}
