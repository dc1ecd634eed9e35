package sim

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Supervisor is the referee side of a game: the simulator calls Step once per
// basic time step, after the physics of that step.
type Supervisor interface {
	Step(in referee.Input) referee.Output
}

// Noise holds the standard deviations of the optional sensor and actuator
// noise, added to the noise the robot's devices have of their own (the
// default robot's accelerometer, 0.3 % of the reading; its GPS in v26.1,
// 2.5 mm: DeviceSpec.RelNoise, Accuracy). All zero (the default) adds
// none.
type Noise struct {
	// GPS is added to each GPS coordinate (metres).
	GPS float64
	// Gyro is added to each gyro component (rad/s).
	Gyro float64
	// WheelSlip is the relative error of each wheel's speed, drawn every
	// basic step: the wheel turns at ω·(1+N(0, WheelSlip)). A wheel
	// commanded 0 never moves.
	WheelSlip float64
	// Distance is added to distance sensor and lidar readings (metres)
	// before clamping to the sensor's range.
	Distance float64
	// Accelerometer is added to each accelerometer component (m/s²).
	Accelerometer float64
}

func (n Noise) validate() error {
	for _, f := range []struct {
		name string
		v    float64
	}{{"GPS", n.GPS}, {"Gyro", n.Gyro}, {"WheelSlip", n.WheelSlip}, {"Distance", n.Distance}, {"Accelerometer", n.Accelerometer}} {
		if !(f.v >= 0 && f.v < 1e6) {
			return fmt.Errorf("sim: Noise.%s = %g: want a finite standard deviation ≥ 0", f.name, f.v)
		}
	}
	return nil
}

// Config configures a Sim.
type Config struct {
	// Robot is the robot to simulate; the zero value is the default Erebus
	// robot of the rules' version (DefaultRobotFor).
	Robot RobotSpec
	// Rules is the rule set of the Erebus version played, which decides the
	// default robot (the v26.1 GPS has an accuracy of 2.5 mm); nil means
	// the world's own (World.GameRules: the version its file tells).
	Rules *erebus.Rules
	// Supervisor receives the robot's radio packets and moves, ends or talks
	// to the robot; nil means none (packets are dropped).
	Supervisor Supervisor
	// Seed seeds the noise generator (PCG). The same seed, world, robot and
	// commands give the same game bit for bit.
	Seed uint64
	// Noise is the optional noise; zero means none.
	Noise Noise
	// RealClock returns the real seconds elapsed, passed to the supervisor
	// as RealElapsed; nil uses the simulation time.
	RealClock func() float64
	// Textures, when set, are an Erebus installation's sign pictures
	// (LoadErebusTextures), drawn instead of rescuekit's designs in games
	// of their version; nil draws rescuekit's.
	Textures *ErebusTextures
}

// Physical constants of the model.
const (
	gravity = 9.81
	// fallenY is where a robot in a hole comes to rest (the trap floor).
	fallenY = -0.082
	// supervisorChannel is the supervisor's emitter/receiver channel.
	supervisorChannel = 1
)

// packet is a radio packet in flight or queued.
type packet struct {
	data  []byte
	avail int64 // simulation time (ms) from which it can be read
}

// Sim is the embedded simulator of one robot in one Erebus arena. It
// implements hal.Robot. Its methods must be called from one goroutine.
type Sim struct {
	w     *world.World
	cfg   Config
	spec  RobotSpec
	geo   *geometry
	floor *floorMap
	rng   *rand.Rand
	basic int
	now   int64 // ms

	pose      world.Pose
	y, vy     float64
	falling   bool
	vel       [6]float64
	prevSpeed float64 // forward speed of the previous step, for the accelerometer
	accel     [3]float64
	ended     bool

	devices map[string]hal.Device
	names   []string

	motors   []*motor
	wheelX   []float64
	samplers []sampler
	emitter  *emitter
	receiver *receiver

	toSup  []packet
	supHd  int
	maxDim float64

	// shape is the robot's collision shape in the robot frame: the body
	// circle, then the device spheres that stick out of it; reach bounds
	// it (the radius of a circle round the origin holding every part).
	shape []circle
	reach float64
	// contacts is contactPush's scratch list.
	contacts []contact
}

// circle is one part of the collision shape: centre (x, z) in the robot
// frame, radius r.
type circle struct{ x, z, r float64 }

var _ hal.Robot = (*Sim)(nil)

// sampler is a sensor the simulator samples when its period is due.
type sampler interface {
	base() *sensorBase
	sample(s *Sim)
}

// New builds a simulator of world w with the robot at w.Start.
func New(w *world.World, cfg Config) (*Sim, error) {
	if w == nil {
		return nil, errors.New("sim: nil world")
	}
	if err := cfg.Noise.validate(); err != nil {
		return nil, err
	}
	if err := checkWorld(w); err != nil {
		return nil, err
	}
	spec := cfg.Robot
	if spec.IsZero() {
		rules := w.GameRules()
		if cfg.Rules != nil {
			rules = *cfg.Rules
		}
		spec = DefaultRobotFor(rules)
	}
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	basic := w.BasicTimeStep
	if basic <= 0 {
		basic = 16
	}
	texs := newTextures()
	texs.erebus = cfg.Textures
	s := &Sim{
		w: w, cfg: cfg, spec: spec, basic: basic,
		geo:     newGeometry(w, texs),
		floor:   newFloorMap(w),
		rng:     rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15)),
		devices: map[string]hal.Device{},
	}
	s.maxDim = math.Hypot(float64(s.geo.nx), float64(s.geo.nz))*s.geo.cell + 1
	s.shape, s.reach = collisionShape(spec)
	s.setPose(w.Start)
	s.build()
	return s, nil
}

// checkWorld refuses geometry the simulator cannot use: non-finite or
// absurdly large coordinates (beyond ±1000 m).
func checkWorld(w *world.World) error {
	bad := func(vs ...float64) bool {
		for _, v := range vs {
			if !(v >= -1000 && v <= 1000) {
				return true
			}
		}
		return false
	}
	for i, sg := range w.Walls {
		if bad(sg.A.X, sg.A.Z, sg.B.X, sg.B.Z) {
			return fmt.Errorf("sim: wall %d has a non-finite or out-of-range end: %+v", i, sg)
		}
	}
	for i, a := range w.Arcs {
		if bad(a.Center.X, a.Center.Z, a.Radius, a.From, a.To) || a.Radius < 0 {
			return fmt.Errorf("sim: curved wall %d is invalid: %+v", i, a)
		}
	}
	for i, o := range w.Obstacles {
		if bad(o.Center.X, o.Center.Z, o.Half.X, o.Half.Z, o.Yaw, o.Height) {
			return fmt.Errorf("sim: obstacle %d is invalid: %+v", i, o)
		}
	}
	for i, sg := range w.Signs {
		if bad(sg.Pos.X, sg.Pos.Z, sg.Y, sg.Normal.X, sg.Normal.Z) {
			return fmt.Errorf("sim: sign %d (%s) is invalid: position %+v, y %g, normal %+v", i, sg.Name, sg.Pos, sg.Y, sg.Normal)
		}
	}
	if bad(w.Start.Pos.X, w.Start.Pos.Z, w.Start.Yaw) {
		return fmt.Errorf("sim: start pose %+v is invalid", w.Start)
	}
	if w.Cols < 0 || w.Rows < 0 || w.Cols > 500 || w.Rows > 500 {
		return fmt.Errorf("sim: arena of %d×%d tiles: want 0…500 each way", w.Cols, w.Rows)
	}
	return nil
}

func (s *Sim) add(d hal.Device) {
	s.devices[d.Name()] = d
	s.names = append(s.names, d.Name())
}

// build creates the devices of s.spec.
func (s *Sim) build() {
	for i := range s.spec.Devices {
		d := &s.spec.Devices[i]
		switch d.Kind {
		case KindWheel:
			m := &motor{name: d.Name + " motor", lim: hal.VelocityLimit{Name: d.Name + " motor", Max: s.spec.MaxVelocity}, maxV: s.spec.MaxVelocity}
			ps := &posSensor{sensorBase: newBase(s, d.Name+" sensor"), m: m}
			s.motors = append(s.motors, m)
			s.wheelX = append(s.wheelX, d.Pos[0])
			s.add(m)
			s.add(ps)
			s.samplers = append(s.samplers, ps)
		case KindDistanceSensor:
			ds := &distSensor{sensorBase: newBase(s, d.Name), spec: d}
			s.add(ds)
			s.samplers = append(s.samplers, ds)
		case KindCamera, KindColourSensor:
			c := newCamera(s, d)
			s.add(c)
			s.samplers = append(s.samplers, c)
		case KindGPS:
			g := &gps{vecSensor: vecSensor{sensorBase: newBase(s, d.Name), spec: d}}
			s.add(g)
			s.samplers = append(s.samplers, g)
		case KindGyro:
			g := &gyro{vecSensor{sensorBase: newBase(s, d.Name), spec: d}}
			s.add(g)
			s.samplers = append(s.samplers, g)
		case KindAccelerometer:
			a := &accelerometer{vecSensor{sensorBase: newBase(s, d.Name), spec: d}}
			s.add(a)
			s.samplers = append(s.samplers, a)
		case KindInertialUnit:
			u := &inertialUnit{vecSensor{sensorBase: newBase(s, d.Name), spec: d}}
			s.add(u)
			s.samplers = append(s.samplers, u)
		case KindLidar:
			l := newLidar(s, d)
			s.add(l)
			s.samplers = append(s.samplers, l)
		}
	}
	s.emitter = &emitter{s: s, ch: supervisorChannel}
	s.receiver = &receiver{sensorBase: newBase(s, "receiver"), ch: supervisorChannel}
	s.add(s.emitter)
	s.add(s.receiver)
	for _, l := range s.spec.LEDs {
		s.add(hal.NewLEDState(l.Name, l.Mode))
	}
	sort.Strings(s.names)
}

// setPose puts the robot at p on the floor, at rest.
func (s *Sim) setPose(p world.Pose) {
	s.pose = world.Pose{Pos: p.Pos, Yaw: normAngle(p.Yaw)}
	s.y, s.vy, s.falling = world.FloorY, 0, false
	s.vel = [6]float64{}
	s.prevSpeed = 0
	s.accel = [3]float64{}
}

// Pose returns the robot's position and yaw.
func (s *Sim) Pose() world.Pose { return s.pose }

// SetPose moves the robot to p (on the floor, at rest), as a supervisor's
// relocation does.
func (s *Sim) SetPose(p world.Pose) { s.setPose(p) }

// Y returns the height of the robot origin (−0.03 on the floor, lower in a
// hole).
func (s *Sim) Y() float64 { return s.y }

// Velocity returns the robot's velocity as Webots' getVelocity gives it:
// linear x, y, z (m/s) then angular x, y, z (rad/s).
func (s *Sim) Velocity() [6]float64 { return s.vel }

// Ended reports whether the supervisor has ended the game.
func (s *Sim) Ended() bool { return s.ended }

// World returns the simulated world.
func (s *Sim) World() *world.World { return s.w }

// Time returns the simulation time in seconds.
func (s *Sim) Time() float64 { return float64(s.now) / 1000 }

// BasicTimeStep returns the world's basic time step in milliseconds.
func (s *Sim) BasicTimeStep() int { return s.basic }

// Device returns the device named name.
func (s *Sim) Device(name string) (hal.Device, error) {
	if d, ok := s.devices[name]; ok {
		return d, nil
	}
	return nil, hal.UnknownDevice(name, s.names)
}

// DeviceNames lists the robot's device names, sorted.
func (s *Sim) DeviceNames() []string { return append([]string(nil), s.names...) }

// Step advances the simulation by ms milliseconds (a positive multiple of
// the basic time step), one basic step at a time. It returns hal.ErrEnded
// once the supervisor has ended the game.
func (s *Sim) Step(ms int) error {
	if s.ended {
		return hal.ErrEnded
	}
	if err := hal.CheckStep(ms, s.basic); err != nil {
		return err
	}
	for n := ms / s.basic; n > 0; n-- {
		s.basicStep()
		if s.ended {
			return hal.ErrEnded
		}
	}
	return nil
}

// basicStep runs one basic time step: physics, supervisor, radio, sensors.
func (s *Sim) basicStep() {
	dt := float64(s.basic) / 1000
	s.physics(dt)
	s.now += int64(s.basic)

	if s.cfg.Supervisor != nil {
		in := referee.Input{Time: s.Time(), Dt: dt, Pos: s.pose.Pos, Y: s.y, Velocity: s.vel}
		if s.supHd < len(s.toSup) && s.toSup[s.supHd].avail <= s.now {
			in.Packet = s.toSup[s.supHd].data
			s.toSup[s.supHd] = packet{}
			s.supHd++
		}
		if s.cfg.RealClock != nil {
			in.RealElapsed = s.cfg.RealClock()
		} else {
			in.RealElapsed = s.Time()
		}
		out := s.cfg.Supervisor.Step(in)
		for _, p := range out.Send {
			s.receiver.push(packet{data: append([]byte(nil), p...), avail: s.now + int64(s.basic)})
		}
		if out.Relocate != nil {
			s.setPose(*out.Relocate)
		}
		for _, i := range out.Found {
			s.showFound(i)
		}
		if out.Ended {
			s.ended = true
		}
	} else {
		// No supervisor: nobody listens; drop what has arrived.
		for s.supHd < len(s.toSup) && s.toSup[s.supHd].avail <= s.now {
			s.toSup[s.supHd] = packet{}
			s.supHd++
		}
	}
	if s.supHd == len(s.toSup) {
		s.toSup, s.supHd = s.toSup[:0], 0
	} else if s.supHd > 64 && s.supHd*2 > len(s.toSup) {
		n := copy(s.toSup, s.toSup[s.supHd:])
		clear(s.toSup[n:])
		s.toSup, s.supHd = s.toSup[:n], 0
	}
	s.receiver.deliver(s.now)

	for _, sm := range s.samplers {
		b := sm.base()
		if b.period > 0 && s.now >= b.next {
			sm.sample(s)
			b.has = true
			b.next = s.now + int64(b.period)
		}
	}
}

// physics moves the robot by one step of dt seconds.
func (s *Sim) physics(dt float64) {
	r := s.spec.WheelRadius
	slip := s.cfg.Noise.WheelSlip
	n := float64(len(s.motors))
	var sumS, sumX, sumXS, sumXX float64
	for i, m := range s.motors {
		w := m.vel
		if slip > 0 && w != 0 {
			w *= 1 + slip*s.rng.NormFloat64()
		}
		m.angle += w * dt
		sp := r * w
		x := s.wheelX[i]
		sumS += sp
		sumX += x
		sumXS += x * sp
		sumXX += x * x
	}
	// Least-squares rigid motion of the wheel contact speeds: speed at
	// lateral offset x is v + ω·x (turning left speeds up the right wheel).
	var v, om float64
	if n > 0 {
		mx, ms := sumX/n, sumS/n
		varX := sumXX/n - mx*mx
		if varX > 1e-12 {
			om = (sumXS/n - mx*ms) / varX
		}
		v = ms - om*mx
	}
	old := s.pose.Pos
	if !s.falling {
		// Webots' contact joints push an overlapping robot out (ERP).
		if push := s.contactPush(old, s.pose.Yaw); push.X != 0 || push.Z != 0 {
			q := geom.Vec2{X: old.X + push.X, Z: old.Z + push.Z}
			p0, _ := s.penetration(old, s.pose.Yaw)
			if p1, _ := s.penetration(q, s.pose.Yaw); p1 <= p0+overlapTol {
				s.pose.Pos = q
			}
		}
	}
	if s.falling {
		v, om = 0, 0
		s.vy -= gravity * dt
		s.y += s.vy * dt
		if s.y <= fallenY {
			s.y, s.vy = fallenY, 0
		}
	} else {
		// Exact for constant (v, ω): the chord of the arc, along the mean
		// heading.
		th := s.pose.Yaw + om*dt/2
		l := v * dt
		if h := om * dt / 2; h != 0 {
			l *= math.Sin(h) / h
		}
		d := geom.Vec2{X: -math.Sin(th) * l, Z: -math.Cos(th) * l}
		if d.X != 0 || d.Z != 0 || om != 0 {
			want := om * dt
			var turned float64
			s.pose.Pos, turned = s.move(s.pose.Pos, s.pose.Yaw, d, want)
			if turned != want {
				om = turned / dt // a blocked turn turns less
			}
			s.pose.Yaw = normAngle(s.pose.Yaw + turned)
		}
		if s.fallsAt(s.pose.Pos) {
			s.falling = true
		}
	}
	vx := (s.pose.Pos.X - old.X) / dt
	vz := (s.pose.Pos.Z - old.Z) / dt
	s.vel = [6]float64{vx, s.vy, vz, 0, om, 0}
	// Forward speed and the specific force in the robot frame.
	fwd := -math.Sin(s.pose.Yaw)*vx - math.Cos(s.pose.Yaw)*vz
	af := (fwd - s.prevSpeed) / dt
	s.prevSpeed = fwd
	// Robot frame: +x right, +y up, −z forward. Turning left (om > 0) pulls
	// towards −x.
	s.accel = [3]float64{-fwd * om, gravity, -af}
	if s.falling && s.vy != 0 {
		s.accel[1] = 0 // free fall
	}
}

// collisionShape returns the collision circles of spec in the robot frame
// and their reach: the body cylinder, and every device sphere
// (DeviceSpec.Sphere: the proto's boundingObjects, 3 mm for the distance
// sensors and 7 mm for the cameras) that sticks out of it. The parts are
// all at heights a wall (0.06 m tall) covers.
func collisionShape(spec RobotSpec) ([]circle, float64) {
	shape := []circle{{r: spec.BodyRadius}}
	reach := spec.BodyRadius
	for _, d := range spec.Devices {
		if d.Sphere <= 0 {
			continue
		}
		e := math.Hypot(d.Pos[0], d.Pos[2]) + d.Sphere
		if e <= spec.BodyRadius {
			continue
		}
		shape = append(shape, circle{x: d.Pos[0], z: d.Pos[2], r: d.Sphere})
		reach = math.Max(reach, e)
	}
	return shape, reach
}

// penetration returns the deepest overlap of the robot's collision shape at
// position p and yaw with any solid, and that solid's normal; a value ≤ 0
// means no overlap. A shape far from every solid costs one circle test.
func (s *Sim) penetration(p geom.Vec2, yaw float64) (float64, geom.Vec2) {
	pen, n := s.geo.maxPenetration(p, s.reach)
	if pen <= 0 || len(s.shape) == 1 {
		if len(s.shape) == 1 && pen > 0 {
			return s.geo.maxPenetration(p, s.shape[0].r)
		}
		return pen, n
	}
	c, sn := math.Cos(yaw), math.Sin(yaw)
	best, bn := math.Inf(-1), geom.Vec2{}
	for _, k := range s.shape {
		q := geom.Vec2{X: p.X + k.x*c + k.z*sn, Z: p.Z - k.x*sn + k.z*c}
		if pen, n := s.geo.maxPenetration(q, k.r); pen > best {
			best, bn = pen, n
		}
	}
	return best, bn
}

// contactERP is the share of a contact's penetration Webots' physics (ODE)
// corrects in one step: WorldInfo's ERP, 0.2 by default (Webots reference
// worldinfo.md; no Erebus world or PROTO sets it). ODE's contact joint
// asks for a separating velocity of ERP·depth/step along the contact
// normal (ODE manual, "Joint error and the error reduction parameter").
const contactERP = 0.2

// contactPush returns how far the contact joints move a robot at p and yaw
// that overlaps solids, in one step: ERP times the depth along the normal,
// for the deepest part of the shape in each solid, summed over the solids.
// Overlaps on opposite sides cancel: a robot wedged between equal overlaps
// is held where it is, as the opposed contact forces hold it in ODE. A
// robot that overlaps nothing (the usual case: move keeps it out) is not
// moved. The rotation contacts would add is left out.
func (s *Sim) contactPush(p geom.Vec2, yaw float64) geom.Vec2 {
	if pen, _ := s.penetration(p, yaw); pen <= 0 {
		return geom.Vec2{}
	}
	s.contacts = s.contacts[:0]
	c, sn := math.Cos(yaw), math.Sin(yaw)
	for _, k := range s.shape {
		q := geom.Vec2{X: p.X + k.x*c + k.z*sn, Z: p.Z - k.x*sn + k.z*c}
		s.geo.overlaps(q, k.r, func(i int32, pen float64, n geom.Vec2) {
			for j := range s.contacts {
				if s.contacts[j].solid == i {
					if pen > s.contacts[j].pen {
						s.contacts[j].pen, s.contacts[j].n = pen, n
					}
					return
				}
			}
			s.contacts = append(s.contacts, contact{solid: i, pen: pen, n: n})
		})
	}
	var d geom.Vec2
	for _, k := range s.contacts {
		d.X += contactERP * k.pen * k.n.X
		d.Z += contactERP * k.pen * k.n.Z
	}
	return d
}

// contact is the deepest overlap of the robot's shape with one solid.
type contact struct {
	solid int32
	pen   float64
	n     geom.Vec2
}

// move returns where the robot gets from position p and yaw by the
// translation d and the turn dyaw, the two taken one after the other: the
// translation if it is free, else slid along the contact, else none; then
// the turn if it is free there, else the turn with the robot pushed off the
// solid a device sphere swings into, else the turn's largest free part (to
// 1/256 of it, contactSkin short of the solid). A robot that already
// overlaps a solid may move to reduce the overlap. It returns the new
// position and the angle turned.
func (s *Sim) move(p geom.Vec2, yaw float64, d geom.Vec2, dyaw float64) (geom.Vec2, float64) {
	pen0, _ := s.penetration(p, yaw)
	// fits: at least skin off every solid, to within overlapTol (so that
	// sliding along a wall at the contact is not refused for rounding), or,
	// for a robot that overlaps already, no deeper than it was.
	fits := func(q geom.Vec2, a, skin float64) bool {
		pen, _ := s.penetration(q, yaw+a)
		return pen <= overlapTol-skin || (pen0 > 0 && pen <= pen0+overlapTol && skin == 0)
	}
	q := geom.Vec2{X: p.X + d.X, Z: p.Z + d.Z}
	if fits(q, dyaw, 0) {
		return q, dyaw
	}
	// The translation, at the start yaw: whole, else slid along the
	// contact, else none (it stops short of the contact by up to a step).
	if (d.X != 0 || d.Z != 0) && !fits(q, 0, 0) {
		q = p
		if _, nrm := s.penetration(geom.Vec2{X: p.X + d.X, Z: p.Z + d.Z}, yaw); d.X*nrm.X+d.Z*nrm.Z < 0 {
			dn := d.X*nrm.X + d.Z*nrm.Z
			if slid := (geom.Vec2{X: p.X + d.X - dn*nrm.X, Z: p.Z + d.Z - dn*nrm.Z}); fits(slid, 0, 0) {
				q = slid
			}
		}
	}
	// The turn, where the translation ended; a device sphere the turn
	// swings into a solid pushes the robot off it (a rigid contact pushes
	// the bodies apart), when that is free; else the turn stops short.
	if dyaw == 0 || fits(q, dyaw, 0) {
		return q, dyaw
	}
	if pen, n := s.penetration(q, yaw+dyaw); pen > 0 && pen < maxPush {
		if qp := (geom.Vec2{X: q.X + n.X*(pen+contactSkin), Z: q.Z + n.Z*(pen+contactSkin)}); fits(qp, dyaw, 0) {
			return qp, dyaw
		}
	}
	a := largestFree(func(t float64) bool { return fits(q, t*dyaw, contactSkin) })
	return q, a * dyaw
}

// largestFree returns the largest t in [0, 1] (to 1/256) for which free(t)
// holds, free(0) assumed.
func largestFree(free func(t float64) bool) float64 {
	lo, hi := 0.0, 1.0
	for i := 0; i < 8; i++ {
		t := (lo + hi) / 2
		if free(t) {
			lo = t
		} else {
			hi = t
		}
	}
	return lo
}

// fallsAt reports whether a robot whose centre is at p falls: over a hole
// tile's opening, or where the world has no floor.
func (s *Sim) fallsAt(p geom.Vec2) bool {
	return s.floor.isHole(p.X, p.Z) && s.overHoleOpening(p) || !s.floor.hasFloor(p.X, p.Z)
}

// overHoleOpening reports whether p lies over the opening of the tile it is
// on: a hole tile's 16 mm rims (erebus.HoleRim) are floor, so the robot
// falls only once its centre is over the 0.088 m opening.
func (s *Sim) overHoleOpening(p geom.Vec2) bool {
	x, z, ok := s.w.TileAt(p)
	if !ok {
		return true
	}
	c := s.w.TileCenter(x, z)
	const h = erebus.HoleOpening / 2
	return math.Abs(p.X-c.X) < h && math.Abs(p.Z-c.Z) < h
}

// maxPush bounds how far a blocked turn may push the robot off a solid in
// one basic step (m): at full speed a device sphere moves 1.2 mm a step.
const maxPush = 0.003

// overlapTol is the overlap (m) the collision test forgives: rounding.
const overlapTol = 1e-9

// contactSkin is the gap a blocked move leaves to the solid it meets (m),
// so that the robot can slide along it afterwards.
const contactSkin = 1e-4

// normAngle wraps a into (−π, π].
func normAngle(a float64) float64 {
	if a > math.Pi || a <= -math.Pi {
		a = math.Mod(a, 2*math.Pi)
		if a > math.Pi {
			a -= 2 * math.Pi
		} else if a <= -math.Pi {
			a += 2 * math.Pi
		}
	}
	return a
}

// toWorld returns the world XZ position of a robot-frame point (x, z).
func (s *Sim) toWorld(x, z float64) geom.Vec2 {
	c, sn := math.Cos(s.pose.Yaw), math.Sin(s.pose.Yaw)
	return geom.Vec2{X: s.pose.Pos.X + x*c + z*sn, Z: s.pose.Pos.Z - x*sn + z*c}
}

// dirToWorld returns the world XZ direction of a robot-frame direction.
func (s *Sim) dirToWorld(x, z float64) geom.Vec2 {
	c, sn := math.Cos(s.pose.Yaw), math.Sin(s.pose.Yaw)
	return geom.Vec2{X: x*c + z*sn, Z: -x*sn + z*c}
}

// noise returns N(0, sd), drawing from the generator only when sd > 0.
func (s *Sim) noise(sd float64) float64 {
	if sd <= 0 {
		return 0
	}
	return sd * s.rng.NormFloat64()
}

// Inject makes the supervisor side send pkt to the robot: a copy reaches the
// receiver at the end of the next basic step (if it is enabled and on
// channel 1). It is what haltest.Options.Inject needs.
func (s *Sim) Inject(pkt []byte) {
	s.receiver.push(packet{data: append([]byte(nil), pkt...), avail: s.now + int64(s.basic)})
}
