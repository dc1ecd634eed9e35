// Package haltest is the conformance test every hal backend must pass, in
// the style of testing/fstest.TestFS: the embedded simulator, the Webots
// backend and the scripted fake all call TestRobot from one of their tests.
//
//	func TestConformance(t *testing.T) {
//		r := fake.New()
//		if err := haltest.TestRobot(r, haltest.Options{Inject: r.Inject}); err != nil {
//			t.Fatal(err)
//		}
//	}
//
// TestRobot needs a freshly built robot: no sensor enabled, every LED off and
// no motor clamped yet (a clamp is reported once per motor). It takes six
// basic steps (at most MaxSteps), so it never ends an Erebus game, and it
// sends one 7-byte packet, "haltest", which the Erebus supervisor drops as
// malformed. It leaves every motor at 0 and every LED off, but the sensors
// enabled at the basic time step.
//
// What it checks: the basic time step and Time; refused step durations;
// that every expected device exists with its kind, DeviceNames is sorted
// and unknown names give hal.ErrUnknownDevice listing the devices; sensors
// read NaN or empty until the first step after Enable and numbers after;
// camera and lidar images have their sizes and are copies; motors clamp to
// their maximum and report it once; LEDs follow their mode and refuse values
// outside it unchanged; the robot never hears its own packets; and, with
// Options.Inject, injected packets arrive after exactly one step, whole and
// in order, with Webots' next-packet semantics.
package haltest

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/rescuekit/rescuekit/hal"
)

// MaxSteps is the most basic time steps TestRobot takes.
const MaxSteps = 8

// Kind is the kind of a device: the hal interface it must implement.
type Kind int

// The kinds of device, one per hal interface.
const (
	Motor          Kind = iota + 1 // hal.Motor
	PositionSensor                 // hal.PositionSensor
	DistanceSensor                 // hal.DistanceSensor
	Camera                         // hal.Camera
	GPS                            // hal.GPS
	Gyro                           // hal.Gyro
	Accelerometer                  // hal.Accelerometer
	InertialUnit                   // hal.InertialUnit
	Lidar                          // hal.Lidar
	Emitter                        // hal.Emitter
	Receiver                       // hal.Receiver
	LED                            // hal.LED
)

var kindNames = map[Kind]string{
	Motor: "hal.Motor", PositionSensor: "hal.PositionSensor", DistanceSensor: "hal.DistanceSensor",
	Camera: "hal.Camera", GPS: "hal.GPS", Gyro: "hal.Gyro", Accelerometer: "hal.Accelerometer",
	InertialUnit: "hal.InertialUnit", Lidar: "hal.Lidar", Emitter: "hal.Emitter",
	Receiver: "hal.Receiver", LED: "hal.LED",
}

// String returns the name of the hal interface, e.g. "hal.Motor".
func (k Kind) String() string {
	if s, ok := kindNames[k]; ok {
		return s
	}
	return fmt.Sprintf("haltest.Kind(%d)", int(k))
}

// Is reports whether device d implements kind k's interface.
func (k Kind) Is(d hal.Device) bool {
	var ok bool
	switch k {
	case Motor:
		_, ok = d.(hal.Motor)
	case PositionSensor:
		_, ok = d.(hal.PositionSensor)
	case DistanceSensor:
		_, ok = d.(hal.DistanceSensor)
	case Camera:
		_, ok = d.(hal.Camera)
	case GPS:
		_, ok = d.(hal.GPS)
	case Gyro:
		_, ok = d.(hal.Gyro)
	case Accelerometer:
		_, ok = d.(hal.Accelerometer)
	case InertialUnit:
		_, ok = d.(hal.InertialUnit)
	case Lidar:
		_, ok = d.(hal.Lidar)
	case Emitter:
		_, ok = d.(hal.Emitter)
	case Receiver:
		_, ok = d.(hal.Receiver)
	case LED:
		_, ok = d.(hal.LED)
	}
	return ok
}

// DeviceSpec is a device a robot must have.
type DeviceSpec struct {
	Name string
	Kind Kind
}

// DefaultDevices are the devices of the default Erebus robot (docs/erebus-rules.md §5),
// the default of Options.Devices. Treat it as read-only.
var DefaultDevices = defaultDevices()

func defaultDevices() []DeviceSpec {
	d := []DeviceSpec{
		{"wheel1 motor", Motor}, {"wheel2 motor", Motor},
		{"wheel1 sensor", PositionSensor}, {"wheel2 sensor", PositionSensor},
	}
	for i := range 8 {
		d = append(d, DeviceSpec{fmt.Sprintf("ps%d", i), DistanceSensor})
	}
	d = append(d,
		DeviceSpec{"camera_left", Camera}, DeviceSpec{"camera_right", Camera}, DeviceSpec{"camera_centre", Camera},
		DeviceSpec{"colour_sensor", Camera},
		DeviceSpec{"gps", GPS}, DeviceSpec{"gyro", Gyro}, DeviceSpec{"accelerometer", Accelerometer},
		DeviceSpec{"emitter", Emitter}, DeviceSpec{"receiver", Receiver},
	)
	for i := range 10 {
		d = append(d, DeviceSpec{fmt.Sprintf("led%d", i), LED})
	}
	return d
}

// Options tells TestRobot what to expect of a backend.
type Options struct {
	// Devices are the devices the robot must have, each of its kind; it may
	// have more. Nil means DefaultDevices; an empty non-nil slice expects
	// none. Every device the robot lists is checked by its kind, expected
	// or not.
	Devices []DeviceSpec
	// Inject, when set, makes the backend's supervisor side send pkt to the
	// robot on the radio: it must reach the robot's receiver at the end of
	// the next step, whole and in order. Without it the reception checks
	// are skipped.
	Inject func(pkt []byte)
}

// selfPacket is what the robot sends to check it never hears itself: 7
// bytes, which the Erebus supervisor drops as malformed map data (shorter
// than its 8-byte header) without penalty (docs/erebus-rules.md §1.2).
var selfPacket = []byte("haltest")

// TestRobot checks that robot r behaves as package hal specifies and returns
// an error joining every failure found, or nil. See the package doc for
// what it needs of r.
func TestRobot(r hal.Robot, opts Options) error {
	t := &tester{r: r, opts: opts}
	if t.opts.Devices == nil {
		t.opts.Devices = DefaultDevices
	}
	t.run()
	return errors.Join(t.errs...)
}

type tester struct {
	r     hal.Robot
	opts  Options
	errs  []error
	basic int
	steps int
	ended bool
	// devices found, by kind
	motors    []hal.Motor
	leds      []hal.LED
	sensors   []hal.Sensor
	cameras   []hal.Camera
	lidars    []hal.Lidar
	emitters  []hal.Emitter
	receivers []hal.Receiver
}

func (t *tester) errorf(format string, args ...any) {
	t.errs = append(t.errs, fmt.Errorf("haltest: "+format, args...))
}

func (t *tester) run() {
	t.basic = t.r.BasicTimeStep()
	if t.basic <= 0 {
		t.errorf("BasicTimeStep() = %d, want > 0", t.basic)
		return
	}
	t.checkBadSteps()
	t.checkDevices()
	t.checkBeforeFirstStep()
	t.checkMotors()
	t.checkLEDs()
	for _, s := range t.sensors {
		s.Enable(t.basic)
		if p := s.SamplingPeriod(); p != t.basic {
			t.errorf("%q: SamplingPeriod() = %d after Enable(%d)", s.Name(), p, t.basic)
		}
	}
	t.checkEnabledNotSampled()
	if !t.step(t.basic) {
		return
	}
	t.checkSampled()
	kept := t.keepImages()
	if !t.step(2 * t.basic) {
		return
	}
	t.checkKeptImages(kept)
	t.checkRadio()
}

// step steps the robot and checks the time advanced by exactly ms.
func (t *tester) step(ms int) bool {
	if t.ended {
		return false
	}
	if t.steps+ms/t.basic > MaxSteps {
		t.errorf("internal: TestRobot would take more than %d steps", MaxSteps)
		return false
	}
	before := t.r.Time()
	err := t.r.Step(ms)
	t.steps += ms / t.basic
	if err != nil {
		t.ended = true
		t.errorf("Step(%d) after %d basic steps of TestRobot = %v; the remaining checks were skipped (does the backend end too early?)", ms, t.steps-ms/t.basic, err)
		return false
	}
	if d, want := t.r.Time()-before, float64(ms)/1000; math.Abs(d-want) > 1e-9 {
		t.errorf("Step(%d) advanced Time() by %.9f s, want exactly %g s", ms, d, want)
	}
	return true
}

func (t *tester) checkBadSteps() {
	bad := []int{0, -t.basic}
	if t.basic > 1 {
		bad = append(bad, t.basic+1, 2*t.basic-1)
	}
	for _, ms := range bad {
		before := t.r.Time()
		err := t.r.Step(ms)
		if !errors.Is(err, hal.ErrBadStep) {
			t.errorf("Step(%d) with basic time step %d = %v, want an error wrapping hal.ErrBadStep", ms, t.basic, err)
		}
		if after := t.r.Time(); after != before {
			t.errorf("Step(%d) was refused but Time() moved from %g to %g s", ms, before, after)
		}
	}
}

func (t *tester) checkDevices() {
	names := t.r.DeviceNames()
	if !sort.StringsAreSorted(names) {
		t.errorf("DeviceNames() is not sorted: %v", names)
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			t.errorf("DeviceNames() lists %q twice", n)
		}
		seen[n] = true
	}
	for _, spec := range t.opts.Devices {
		if !seen[spec.Name] {
			t.errorf("DeviceNames() does not list %q (%s)", spec.Name, spec.Kind)
		}
		d, err := t.r.Device(spec.Name)
		if err != nil {
			t.errorf("Device(%q) = %v, want a %s", spec.Name, err, spec.Kind)
			continue
		}
		if !spec.Kind.Is(d) {
			t.errorf("Device(%q) is a %T, which does not implement %s", spec.Name, d, spec.Kind)
		}
	}
	var nonMotor string
	for _, n := range names {
		d, err := t.r.Device(n)
		if err != nil {
			t.errorf("Device(%q) = %v, but DeviceNames() lists it", n, err)
			continue
		}
		if d == nil {
			t.errorf("Device(%q) = nil, nil", n)
			continue
		}
		if d.Name() != n {
			t.errorf("Device(%q).Name() = %q", n, d.Name())
		}
		if _, ok := d.(hal.Motor); !ok && nonMotor == "" {
			nonMotor = n
		}
		t.collect(d)
	}

	const unknown = "haltest: no such device"
	_, err := t.r.Device(unknown)
	switch {
	case !errors.Is(err, hal.ErrUnknownDevice):
		t.errorf("Device(%q) = %v, want an error wrapping hal.ErrUnknownDevice", unknown, err)
	default:
		for _, n := range names {
			if !strings.Contains(err.Error(), n) {
				t.errorf("the error of Device(%q) does not list the device %q: %v", unknown, n, err)
				break
			}
		}
	}
	if _, err := hal.Lookup[hal.Motor](t.r, unknown); !errors.Is(err, hal.ErrUnknownDevice) {
		t.errorf("Lookup[hal.Motor](%q) = %v, want hal.ErrUnknownDevice", unknown, err)
	}
	if nonMotor != "" {
		if _, err := hal.Lookup[hal.Motor](t.r, nonMotor); !errors.Is(err, hal.ErrWrongDeviceType) {
			t.errorf("Lookup[hal.Motor](%q) = %v, want hal.ErrWrongDeviceType", nonMotor, err)
		}
	}
}

// collect sorts a device into the lists later checks use.
func (t *tester) collect(d hal.Device) {
	if m, ok := d.(hal.Motor); ok {
		t.motors = append(t.motors, m)
	}
	if l, ok := d.(hal.LED); ok {
		t.leds = append(t.leds, l)
	}
	if s, ok := d.(hal.Sensor); ok {
		t.sensors = append(t.sensors, s)
	}
	if c, ok := d.(hal.Camera); ok {
		t.cameras = append(t.cameras, c)
	}
	if l, ok := d.(hal.Lidar); ok {
		t.lidars = append(t.lidars, l)
	}
	if e, ok := d.(hal.Emitter); ok {
		t.emitters = append(t.emitters, e)
	}
	if q, ok := d.(hal.Receiver); ok {
		t.receivers = append(t.receivers, q)
	}
}

// readings returns the numbers a sensor reads now, or nil for a sensor
// whose readings are not numbers (cameras, lidars, receivers).
func readings(s hal.Sensor) []float64 {
	switch s := s.(type) {
	case hal.GPS:
		v := s.Values()
		return []float64{v[0], v[1], v[2], s.Speed()}
	case hal.InertialUnit:
		v := s.RollPitchYaw()
		return v[:]
	case hal.Gyro: // also hal.Accelerometer: same methods
		v := s.Values()
		return v[:]
	case hal.DistanceSensor:
		return []float64{s.Value()}
	case hal.PositionSensor:
		return []float64{s.Value()}
	}
	return nil
}

func (t *tester) checkUnsampled(when string) {
	for _, s := range t.sensors {
		for i, v := range readings(s) {
			if !math.IsNaN(v) {
				t.errorf("%q reads %g (value %d) %s, want NaN", s.Name(), v, i, when)
				break
			}
		}
	}
	for _, c := range t.cameras {
		if img := c.Image(nil); len(img) != 0 {
			t.errorf("camera %q returns a %d-byte image %s, want none", c.Name(), len(img), when)
		}
	}
	for _, l := range t.lidars {
		if ri := l.RangeImage(nil); len(ri) != 0 {
			t.errorf("lidar %q returns %d ranges %s, want none", l.Name(), len(ri), when)
		}
	}
	for _, q := range t.receivers {
		if n := q.QueueLength(); n != 0 {
			t.errorf("receiver %q has %d packets %s, want 0", q.Name(), n, when)
		}
	}
}

func (t *tester) checkBeforeFirstStep() {
	for _, s := range t.sensors {
		if p := s.SamplingPeriod(); p != 0 {
			t.errorf("%q is already enabled (period %d ms): TestRobot needs a freshly built robot", s.Name(), p)
		}
	}
	t.checkUnsampled("before Enable")
}

func (t *tester) checkEnabledNotSampled() {
	t.checkUnsampled("after Enable but before a step")
}

func (t *tester) checkSampled() {
	for _, s := range t.sensors {
		for i, v := range readings(s) {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				t.errorf("%q reads %g (value %d) one step after Enable, want a number", s.Name(), v, i)
				break
			}
		}
		if d, ok := s.(hal.DistanceSensor); ok {
			if v, m := d.Value(), d.MaxValue(); !(m > 0) || v < 0 || v > m {
				t.errorf("distance sensor %q reads %g with MaxValue %g, want 0 ≤ value ≤ MaxValue and MaxValue > 0", d.Name(), v, m)
			}
		}
	}
	for _, c := range t.cameras {
		t.checkCamera(c)
	}
	for _, l := range t.lidars {
		t.checkLidar(l)
	}
}

func (t *tester) checkCamera(c hal.Camera) {
	w, h := c.Width(), c.Height()
	if w <= 0 || h <= 0 || !(c.FOV() > 0) {
		t.errorf("camera %q: Width %d, Height %d, FOV %g, want all > 0", c.Name(), w, h, c.FOV())
		return
	}
	n := w * h * 4
	img := c.Image(nil)
	if len(img) != n {
		t.errorf("camera %q: one step after Enable, Image returns %d bytes, want %d×%d×4 = %d", c.Name(), len(img), w, h, n)
		return
	}
	orig := slices.Clone(img)
	for i := range img {
		img[i] ^= 0xFF
	}
	if again := c.Image(nil); !bytes.Equal(again, orig) {
		t.errorf("camera %q: changing the slice Image returned changed the next image: Image must return a copy", c.Name())
	}
	dst := make([]byte, 3, n+16)
	res := c.Image(dst)
	switch {
	case len(res) != n || !bytes.Equal(res, orig):
		t.errorf("camera %q: Image(dst) returns %d bytes unequal to Image(nil)", c.Name(), len(res))
	case &res[0] != &dst[:1][0]:
		t.errorf("camera %q: Image(dst) with room for the frame did not copy into dst[:0]", c.Name())
	default:
		for i := range res {
			res[i] = 0x5A
		}
		if again := c.Image(nil); !bytes.Equal(again, orig) {
			t.errorf("camera %q: changing dst after Image(dst) changed the next image", c.Name())
		}
	}
}

func (t *tester) checkLidar(l hal.Lidar) {
	hr, nl := l.HorizontalResolution(), l.NumberOfLayers()
	if hr <= 0 || nl <= 0 || !(l.FOV() > 0) || !(l.MaxRange() > l.MinRange()) || l.MinRange() < 0 {
		t.errorf("lidar %q: resolution %d, layers %d, FOV %g, range %g–%g: want positive sizes and FOV, 0 ≤ MinRange < MaxRange",
			l.Name(), hr, nl, l.FOV(), l.MinRange(), l.MaxRange())
		return
	}
	ri := l.RangeImage(nil)
	if len(ri) != hr*nl {
		t.errorf("lidar %q: one step after Enable, RangeImage returns %d values, want %d×%d = %d", l.Name(), len(ri), hr, nl, hr*nl)
		return
	}
	for i, v := range ri {
		if v != v || v < 0 {
			t.errorf("lidar %q: range %d is %g, want ≥ 0 or +Inf", l.Name(), i, v)
			break
		}
	}
	orig := slices.Clone(ri)
	for i := range ri {
		ri[i] = -1
	}
	if again := l.RangeImage(nil); !slices.Equal(again, orig) {
		t.errorf("lidar %q: changing the slice RangeImage returned changed the next range image: it must return a copy", l.Name())
	}
}

type keptImage struct {
	c         hal.Camera
	img, copy []byte
}

// keepImages takes an image of each camera, to check after a step that the
// backend never writes to a slice it returned.
func (t *tester) keepImages() []keptImage {
	var out []keptImage
	for _, c := range t.cameras {
		img := c.Image(nil)
		out = append(out, keptImage{c, img, slices.Clone(img)})
	}
	return out
}

func (t *tester) checkKeptImages(kept []keptImage) {
	for _, k := range kept {
		if !bytes.Equal(k.img, k.copy) {
			t.errorf("camera %q: an image returned before a step changed during the step: the backend wrote to a slice it handed out", k.c.Name())
		}
	}
}

func (t *tester) checkMotors() {
	for _, m := range t.motors {
		name, vmax := m.Name(), m.MaxVelocity()
		if !(vmax > 0) || math.IsInf(vmax, 0) {
			t.errorf("motor %q: MaxVelocity() = %g, want a positive number", name, vmax)
			continue
		}
		type call struct {
			v, want float64
			report  bool
		}
		for i, c := range []call{
			{vmax / 2, vmax / 2, false},
			{-vmax, -vmax, false},
			{2 * vmax, vmax, true},
			{3 * vmax, vmax, false},
			{-2 * vmax, -vmax, false},
			{0, 0, false},
		} {
			err := m.SetVelocity(c.v)
			var ce *hal.VelocityClampedError
			switch {
			case c.report && (!errors.Is(err, hal.ErrVelocityClamped) || !errors.As(err, &ce)):
				t.errorf("motor %q: the first SetVelocity above max (%g > %g) = %v, want a *hal.VelocityClampedError", name, c.v, vmax, err)
			case !c.report && err != nil:
				t.errorf("motor %q: SetVelocity(%g) (call %d; a clamp is reported only once) = %v, want nil", name, c.v, i+1, err)
			}
			if got := m.Velocity(); got != c.want {
				t.errorf("motor %q: Velocity() after SetVelocity(%g) = %g, want %g", name, c.v, got, c.want)
			}
		}
	}
}

// expectedColour is seeds/led.md's displayed colour for value v of mode m,
// written independently of hal.LEDMode.Display.
func expectedColour(m hal.LEDMode, v int) hal.RGB {
	switch {
	case v == 0:
		return hal.RGB{}
	case !m.Gradual:
		return m.Colors[v-1]
	case len(m.Colors) == 1:
		c, f := m.Colors[0], float64(v)/255
		return hal.RGB{R: uint8(math.Round(float64(c.R) * f)), G: uint8(math.Round(float64(c.G) * f)), B: uint8(math.Round(float64(c.B) * f))}
	default:
		return hal.RGB{R: uint8(v >> 16 & 0xFF), G: uint8(v >> 8 & 0xFF), B: uint8(v & 0xFF)}
	}
}

func (t *tester) checkLEDs() {
	for _, l := range t.leds {
		name, m := l.Name(), l.Mode()
		if g, d := l.Get(), l.Displayed(); g != 0 || d != (hal.RGB{}) {
			t.errorf("LED %q: a fresh LED has Get %d, Displayed %+v, want 0 and black", name, g, d)
		}
		var good, bad []int
		switch {
		case m.Gradual && len(m.Colors) > 1:
			t.errorf("LED %q: Mode() is gradual with %d colours, which Webots does not define", name, len(m.Colors))
			continue
		case !m.Gradual:
			for k := 1; k <= len(m.Colors); k++ {
				good = append(good, k)
			}
			bad = []int{len(m.Colors) + 1, -1}
		case len(m.Colors) == 1:
			good = []int{255, 128, 1}
			bad = []int{256, -1}
		default:
			good = []int{0x123456, 0xFFFFFF, 0x0000FF}
			bad = []int{0x1000000, -1}
		}
		for _, v := range good {
			if err := l.Set(v); err != nil {
				t.errorf("LED %q (%s): Set(%d) = %v, want nil", name, m, v, err)
				continue
			}
			if g := l.Get(); g != v {
				t.errorf("LED %q: Get() after Set(%d) = %d", name, v, g)
			}
			if d, want := l.Displayed(), expectedColour(m, v); d != want {
				t.errorf("LED %q (%s): Displayed() after Set(%d) = %+v, want %+v", name, m, v, d, want)
			}
		}
		last, shown := l.Get(), l.Displayed()
		for _, v := range bad {
			if err := l.Set(v); !errors.Is(err, hal.ErrLEDValue) {
				t.errorf("LED %q (%s): Set(%d) = %v, want an error wrapping hal.ErrLEDValue", name, m, v, err)
			}
			if g, d := l.Get(), l.Displayed(); g != last || d != shown {
				t.errorf("LED %q: refused Set(%d) changed the LED to Get %d, Displayed %+v (was %d, %+v)", name, v, g, d, last, shown)
			}
		}
		if err := l.Set(0); err != nil || l.Get() != 0 || l.Displayed() != (hal.RGB{}) {
			t.errorf("LED %q: Set(0) = %v, then Get %d Displayed %+v, want off and black", name, err, l.Get(), l.Displayed())
		}
	}
}

// drain empties a receiver's queue.
func drain(q hal.Receiver) {
	for i := 0; q.QueueLength() > 0 && i < 10000; i++ {
		q.NextPacket()
	}
}

func (t *tester) checkRadio() {
	if len(t.emitters) == 0 || len(t.receivers) == 0 {
		return
	}
	e := t.emitters[0]
	for _, q := range t.receivers {
		drain(q)
	}
	if err := e.Send(selfPacket); err != nil {
		t.errorf("emitter %q: Send(%q) = %v", e.Name(), selfPacket, err)
	}
	if !t.step(t.basic) {
		return
	}
	for _, q := range t.receivers {
		for i := q.QueueLength(); i > 0; i-- {
			if bytes.Equal(q.Data(), selfPacket) {
				t.errorf("receiver %q received the robot's own packet %q: a robot never receives its own packets", q.Name(), selfPacket)
				break
			}
			q.NextPacket()
		}
	}
	if t.opts.Inject != nil {
		t.checkInject()
	}
}

func (t *tester) checkInject() {
	q := t.receivers[0]
	for _, r := range t.receivers {
		if r.Name() == "receiver" {
			q = r
		}
	}
	drain(q)
	pkts := [][]byte{[]byte("G"), {0, 1, 2, 0xFF, 0, 9, 8, 7, 6}, bytes.Repeat([]byte("rescuekit"), 20)}
	for _, p := range pkts {
		t.opts.Inject(slices.Clone(p))
	}
	if n := q.QueueLength(); n != 0 {
		t.errorf("receiver %q: %d packets arrived immediately on Inject, want them only after the next step", q.Name(), n)
		drain(q)
		return
	}
	if !t.step(t.basic) {
		return
	}
	if n := q.QueueLength(); n != len(pkts) {
		t.errorf("receiver %q: %d packets one step after injecting %d, want all of them", q.Name(), n, len(pkts))
		drain(q)
		return
	}
	for i, p := range pkts {
		d := q.Data()
		if !bytes.Equal(d, p) {
			t.errorf("receiver %q: packet %d is %q, want %q (whole and in order)", q.Name(), i, d, p)
		} else {
			d[0] ^= 0xFF
			if again := q.Data(); !bytes.Equal(again, p) {
				t.errorf("receiver %q: changing the slice Data returned changed the packet: Data must return a copy", q.Name())
			}
		}
		if n := q.QueueLength(); n != len(pkts)-i {
			t.errorf("receiver %q: QueueLength %d before NextPacket %d, want %d", q.Name(), n, i+1, len(pkts)-i)
		}
		q.NextPacket()
	}
	if n, d := q.QueueLength(), q.Data(); n != 0 || d != nil {
		t.errorf("receiver %q: after reading every packet, QueueLength %d and Data %q, want 0 and nil", q.Name(), n, d)
	}
	q.NextPacket() // a no-op on an empty queue
	if n := q.QueueLength(); n != 0 {
		t.errorf("receiver %q: NextPacket on an empty queue left QueueLength %d", q.Name(), n)
	}
	if !t.step(t.basic) {
		return
	}
	for n := q.QueueLength(); n > 0; n-- {
		if bytes.Equal(q.Data(), pkts[0]) {
			t.errorf("receiver %q: an injected packet arrived twice", q.Name())
			break
		}
		q.NextPacket()
	}
}
