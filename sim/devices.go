package sim

import (
	"errors"
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/sim/world"
)

// sensorBase is the enable/disable logic shared by every sensor.
type sensorBase struct {
	s      *Sim
	name   string
	period int
	next   int64
	has    bool
}

func newBase(s *Sim, name string) sensorBase { return sensorBase{s: s, name: name} }

func (b *sensorBase) base() *sensorBase { return b }

// Name returns the device name.
func (b *sensorBase) Name() string { return b.name }

// Enable starts sampling every periodMs milliseconds, from the end of the
// next basic step; periodMs ≤ 0 disables the sensor.
func (b *sensorBase) Enable(periodMs int) {
	if periodMs <= 0 {
		b.Disable()
		return
	}
	b.period = periodMs
	b.next = b.s.now + int64(b.s.basic)
}

// Disable stops sampling; values read NaN (or empty) again.
func (b *sensorBase) Disable() { b.period, b.has = 0, false }

// SamplingPeriod returns the period given to Enable, or 0 when disabled.
func (b *sensorBase) SamplingPeriod() int { return b.period }

// motor is a wheel motor under velocity control.
type motor struct {
	name  string
	lim   hal.VelocityLimit
	maxV  float64
	vel   float64
	angle float64 // wheel angle, radians
}

var _ hal.Motor = (*motor)(nil)

func (m *motor) Name() string { return m.name }

// SetVelocity sets the target velocity, clamped to ±MaxVelocity.
func (m *motor) SetVelocity(v float64) error {
	c, err := m.lim.Clamp(v)
	m.vel = c
	return err
}

func (m *motor) Velocity() float64    { return m.vel }
func (m *motor) MaxVelocity() float64 { return m.maxV }

// posSensor reads a wheel's angle.
type posSensor struct {
	sensorBase
	m   *motor
	val float64
}

var _ hal.PositionSensor = (*posSensor)(nil)

// positionResolution is the wheel sensors' resolution (2π/1000).
const positionResolution = erebus.EncoderResolution

func (p *posSensor) sample(*Sim) {
	p.val = math.Round(p.m.angle/positionResolution) * positionResolution
}

func (p *posSensor) Value() float64 {
	if !p.has {
		return math.NaN()
	}
	return p.val
}

// distSensor is an infra-red distance sensor.
type distSensor struct {
	sensorBase
	spec *DeviceSpec
	val  float64
}

var _ hal.DistanceSensor = (*distSensor)(nil)

func (d *distSensor) sample(s *Sim) {
	var v float64
	if d.spec.InfraRed {
		// Webots' infra-red sensor: the distance divided by the reflection
		// factor of the surface hit, then the lookup table (erebus
		// InfraRedFactor; distancesensor.md "Infra-Red Sensors"). No
		// surface has a factor above maxInfraRed, so nothing farther than
		// Range·maxInfraRed can read below Range.
		r, f := s.rangeHit(d.spec, d.spec.Frame.Apply(hal.Vec3{1, 0, 0}), d.spec.Range*maxInfraRed)
		v = d.spec.Range
		if f > 0 {
			v = r / f
		}
	} else {
		v = s.rangeAlong(d.spec, d.spec.Range)
	}
	v += s.noise(s.cfg.Noise.Distance)
	d.val = math.Max(0, math.Min(d.spec.Range, v))
}

func (d *distSensor) Value() float64 {
	if !d.has {
		return math.NaN()
	}
	return d.val
}

func (d *distSensor) MaxValue() float64 { return d.spec.Range }

// maxInfraRed is the largest reflection factor of anything in an arena.
var maxInfraRed = math.Max(erebus.WallInfraRed, math.Max(erebus.ObstacleInfraRed, erebus.FloorInfraRed))

// rangeAlong casts the ray of a device (its +x axis) and returns the
// distance to the first wall, obstacle or floor point, or maxR.
func (s *Sim) rangeAlong(d *DeviceSpec, maxR float64) float64 {
	dir := d.Frame.Apply(hal.Vec3{1, 0, 0})
	return s.rangeDir(d, dir, maxR)
}

// rangeDir casts a ray from device d along the robot-frame direction dir.
func (s *Sim) rangeDir(d *DeviceSpec, dir hal.Vec3, maxR float64) float64 {
	r, _ := s.rangeHit(d, dir, maxR)
	return r
}

// rangeHit casts a ray from device d along the robot-frame direction dir
// and returns the distance to the first wall, obstacle or floor point
// within maxR and that surface's infra-red reflection factor (walls
// erebus.WallInfraRed, obstacles erebus.ObstacleInfraRed, the floor
// erebus.FloorInfraRed), or maxR and 0 when it hits nothing.
func (s *Sim) rangeHit(d *DeviceSpec, dir hal.Vec3, maxR float64) (float64, float64) {
	o := s.toWorld(d.Pos[0], d.Pos[2])
	y := s.y + d.Pos[1]
	h := math.Hypot(dir[0], dir[2])
	n := math.Sqrt(h*h + dir[1]*dir[1])
	if n == 0 {
		return maxR, 0
	}
	best, f := maxR, 0.0
	if dir[1] < 0 {
		if t := (y - world.FloorY) / (-dir[1] / n); t < best {
			best, f = math.Max(t, 0), erebus.FloorInfraRed
		}
	}
	if h/n < 1e-6 {
		return best, f
	}
	wd := s.dirToWorld(dir[0]/h, dir[2]/h)
	hit := s.geo.cast(o, wd, best*h/n, y, false)
	if hit.solid >= 0 {
		r := hit.t * n / h
		if y+r*dir[1]/n <= hit.top && r < best {
			best, f = r, erebus.WallInfraRed
			if hit.isObst {
				f = erebus.ObstacleInfraRed
			}
		}
	}
	return best, f
}

// vecSensor is a three-component sensor.
type vecSensor struct {
	sensorBase
	spec *DeviceSpec
	val  hal.Vec3
}

// Values returns the latest sample, NaN before the first one.
func (v *vecSensor) Values() hal.Vec3 {
	if !v.has {
		return hal.Vec3{math.NaN(), math.NaN(), math.NaN()}
	}
	return v.val
}

// gps measures the device's world position.
type gps struct {
	vecSensor
	speed float64
}

var _ hal.GPS = (*gps)(nil)

func (g *gps) sample(s *Sim) {
	p := s.toWorld(g.spec.Pos[0], g.spec.Pos[2])
	// The GPS's own accuracy (σ per coordinate, Webots gps.md) and the
	// optional extra noise, independent: their σ add in quadrature.
	sd := math.Hypot(g.spec.Accuracy, s.cfg.Noise.GPS)
	g.val = hal.Vec3{p.X + s.noise(sd), s.y + g.spec.Pos[1] + s.noise(sd), p.Z + s.noise(sd)}
	g.speed = math.Sqrt(s.vel[0]*s.vel[0] + s.vel[1]*s.vel[1] + s.vel[2]*s.vel[2])
}

// Speed returns the ground speed in m/s, NaN before the first sample.
func (g *gps) Speed() float64 {
	if !g.has {
		return math.NaN()
	}
	return g.speed
}

// gyro measures the angular velocity in its own axes.
type gyro struct{ vecSensor }

var _ hal.Gyro = (*gyro)(nil)

func (g *gyro) sample(s *Sim) {
	v := g.spec.Frame.ApplyT(hal.Vec3{0, s.vel[4], 0})
	sd := s.cfg.Noise.Gyro
	g.val = hal.Vec3{v[0] + s.noise(sd), v[1] + s.noise(sd), v[2] + s.noise(sd)}
}

// accelerometer measures the specific force in its own axes.
type accelerometer struct{ vecSensor }

var _ hal.Accelerometer = (*accelerometer)(nil)

func (a *accelerometer) sample(s *Sim) {
	v := a.spec.Frame.ApplyT(hal.Vec3(s.accel))
	sd, rel := s.cfg.Noise.Accelerometer, a.spec.RelNoise
	for i := range v {
		// The lookup table's noise is relative to the reading (Webots
		// distancesensor.md "Lookup Table"); Noise.Accelerometer is
		// absolute.
		v[i] = clamp100(v[i] + s.noise(rel*math.Abs(v[i])) + s.noise(sd))
	}
	a.val = v
}

func clamp100(v float64) float64 { return math.Max(-100, math.Min(100, v)) }

// inertialUnit measures roll, pitch and yaw.
type inertialUnit struct{ vecSensor }

var _ hal.InertialUnit = (*inertialUnit)(nil)

func (u *inertialUnit) sample(s *Sim) {
	u.val = hal.Vec3{0, 0, s.pose.Yaw + s.noise(s.cfg.Noise.Gyro)}
}

// RollPitchYaw returns (0, 0, yaw): the robot stays level; yaw is the world
// yaw (0 facing −Z, counter-clockwise seen from above).
func (u *inertialUnit) RollPitchYaw() hal.Vec3 { return u.Values() }

// emitter sends packets to the supervisor.
type emitter struct {
	s  *Sim
	ch int
}

var _ hal.Emitter = (*emitter)(nil)

func (e *emitter) Name() string { return "emitter" }

// Send queues a copy of data for the supervisor; it arrives one basic step
// later when the emitter is on the supervisor's channel (or −1, broadcast),
// and is lost otherwise.
func (e *emitter) Send(data []byte) error {
	if len(data) == 0 {
		return errors.New("sim: emitter: refusing an empty packet")
	}
	if e.s.ended {
		return hal.ErrEnded
	}
	if e.ch != supervisorChannel && e.ch != -1 {
		return nil
	}
	e.s.toSup = append(e.s.toSup, packet{data: append([]byte(nil), data...), avail: e.s.now + int64(e.s.basic)})
	return nil
}

func (e *emitter) Channel() int      { return e.ch }
func (e *emitter) SetChannel(ch int) { e.ch = ch }

// receiver receives the supervisor's packets.
type receiver struct {
	sensorBase
	ch      int
	pending []packet
	queue   [][]byte
}

var _ hal.Receiver = (*receiver)(nil)

func (r *receiver) sample(*Sim) {}

func (r *receiver) push(p packet) { r.pending = append(r.pending, p) }

// deliver moves the packets due by now into the queue when the receiver is
// enabled and on the supervisor's channel; others are lost.
func (r *receiver) deliver(now int64) {
	if len(r.pending) == 0 {
		return
	}
	k := 0
	for _, p := range r.pending {
		if p.avail > now {
			r.pending[k] = p
			k++
			continue
		}
		if r.period > 0 && (r.ch == supervisorChannel || r.ch == -1) {
			r.queue = append(r.queue, p.data)
		}
	}
	clear(r.pending[k:])
	r.pending = r.pending[:k]
}

// Disable stops receiving and empties the queue.
func (r *receiver) Disable() {
	r.sensorBase.Disable()
	r.queue = nil
}

func (r *receiver) QueueLength() int { return len(r.queue) }

// Data returns a copy of the head packet, or nil.
func (r *receiver) Data() []byte {
	if len(r.queue) == 0 {
		return nil
	}
	return append([]byte(nil), r.queue[0]...)
}

// NextPacket drops the head packet.
func (r *receiver) NextPacket() {
	if len(r.queue) == 0 {
		return
	}
	r.queue[0] = nil
	r.queue = r.queue[1:]
}

func (r *receiver) Channel() int      { return r.ch }
func (r *receiver) SetChannel(ch int) { r.ch = ch }
