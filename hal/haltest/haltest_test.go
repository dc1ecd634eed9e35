package haltest_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/hal/haltest"
)

// broken wraps a fake robot and breaks one thing about it.
type broken struct {
	*fake.Robot
	wrap      map[string]func(hal.Device) hal.Device
	wrapped   map[string]hal.Device
	afterStep []func()
	time      func(float64) float64
	step      func(ms int) error
	names     func([]string) []string
	unknown   func(name string, err error) error
}

func newBroken(opts ...fake.Option) *broken {
	return &broken{Robot: fake.New(opts...), wrap: map[string]func(hal.Device) hal.Device{}, wrapped: map[string]hal.Device{}}
}

func (b *broken) Device(name string) (hal.Device, error) {
	d, err := b.Robot.Device(name)
	if err != nil {
		if b.unknown != nil {
			return nil, b.unknown(name, err)
		}
		return nil, err
	}
	if w, ok := b.wrapped[name]; ok {
		return w, nil
	}
	if f := b.wrap[name]; f != nil {
		b.wrapped[name] = f(d)
		return b.wrapped[name], nil
	}
	return d, nil
}

func (b *broken) Step(ms int) error {
	var err error
	if b.step != nil {
		err = b.step(ms)
	} else {
		err = b.Robot.Step(ms)
	}
	for _, f := range b.afterStep {
		f()
	}
	return err
}

func (b *broken) Time() float64 {
	if b.time != nil {
		return b.time(b.Robot.Time())
	}
	return b.Robot.Time()
}

func (b *broken) DeviceNames() []string {
	if b.names != nil {
		return b.names(b.Robot.DeviceNames())
	}
	return b.Robot.DeviceNames()
}

// frameCam returns its internal frame, refreshed at each step, instead of a
// copy.
type frameCam struct {
	hal.Camera
	frame []byte
}

func (c *frameCam) Image([]byte) []byte { return c.frame }

// bufCam copies into its own buffer, ignoring dst, and returns the buffer.
type bufCam struct {
	hal.Camera
	buf []byte
}

func (c *bufCam) Image([]byte) []byte {
	c.buf = c.Camera.Image(c.buf[:0])
	return c.buf
}

// eagerDist reads a value as soon as it is enabled.
type eagerDist struct{ hal.DistanceSensor }

func (eagerDist) Value() float64 { return 0.5 }

// deadGPS never reads a number.
type deadGPS struct{ hal.GPS }

func (deadGPS) Values() hal.Vec3 { return hal.Vec3{math.NaN(), math.NaN(), math.NaN()} }

// loudMotor reports every clamp.
type loudMotor struct{ hal.Motor }

func (m loudMotor) SetVelocity(v float64) error {
	m.Motor.SetVelocity(v)
	if math.Abs(v) > m.MaxVelocity() {
		return &hal.VelocityClampedError{Motor: m.Name(), Requested: v, Max: m.MaxVelocity()}
	}
	return nil
}

// freeMotor does not clamp.
type freeMotor struct {
	hal.Motor
	v float64
}

func (m *freeMotor) SetVelocity(v float64) error { m.v = v; return nil }
func (m *freeMotor) Velocity() float64           { return m.v }

// laxLED accepts any value.
type laxLED struct {
	hal.LED
	v int
}

func (l *laxLED) Set(v int) error {
	if err := l.LED.Set(v); err != nil {
		l.v = v
		return nil
	}
	l.v = v
	return nil
}
func (l *laxLED) Get() int { return l.v }

// stickyLED refuses bad values but records them anyway.
type stickyLED struct {
	hal.LED
	v int
}

func (l *stickyLED) Set(v int) error { l.v = v; return l.LED.Set(v) }
func (l *stickyLED) Get() int        { return l.v }

// echoEmitter also delivers what it sends to the robot's own receiver.
type echoEmitter struct {
	hal.Emitter
	r *fake.Robot
}

func (e echoEmitter) Send(p []byte) error {
	e.r.Inject(p)
	return e.Emitter.Send(p)
}

// queueReceiver has its own queue, filled directly by an Inject that
// delivers immediately.
type queueReceiver struct {
	hal.Receiver
	q [][]byte
}

func (r *queueReceiver) QueueLength() int { return len(r.q) }
func (r *queueReceiver) Data() []byte {
	if len(r.q) == 0 {
		return nil
	}
	return slices.Clone(r.q[0])
}
func (r *queueReceiver) NextPacket() {
	if len(r.q) > 0 {
		r.q = r.q[1:]
	}
}

// aliasReceiver hands out the same slice for the head packet.
type aliasReceiver struct {
	hal.Receiver
	head []byte
}

func (r *aliasReceiver) Data() []byte {
	if r.head == nil {
		r.head = r.Receiver.Data()
	}
	return r.head
}
func (r *aliasReceiver) NextPacket() { r.head = nil; r.Receiver.NextPacket() }

// frameLidar returns its internal range image.
type frameLidar struct {
	hal.Lidar
	ri []float32
}

func (l *frameLidar) RangeImage([]float32) []float32 { return l.ri }

func TestTestRobotDetectsBrokenBackends(t *testing.T) {
	lidarDevs := append(slices.Clone(haltest.DefaultDevices), haltest.DeviceSpec{Name: "lidar", Kind: haltest.Lidar})
	tests := []struct {
		name  string
		build func() (hal.Robot, haltest.Options)
		want  string
	}{
		{"camera returns its internal frame", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			var c *frameCam
			b.wrap["camera_left"] = func(d hal.Device) hal.Device { c = &frameCam{Camera: d.(hal.Camera)}; return c }
			b.afterStep = append(b.afterStep, func() {
				if c != nil {
					c.frame = c.Camera.Image(c.frame[:0])
				}
			})
			return b, haltest.Options{}
		}, `camera "camera_left": changing the slice Image returned changed the next image`},
		{"camera ignores dst", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.wrap["camera_centre"] = func(d hal.Device) hal.Device { return &bufCam{Camera: d.(hal.Camera)} }
			return b, haltest.Options{}
		}, `camera "camera_centre": Image(dst) with room for the frame did not copy into dst[:0]`},
		{"camera rewrites a handed-out frame at the next step", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			var c *bufCam
			b.wrap["camera_right"] = func(d hal.Device) hal.Device { c = &bufCam{Camera: d.(hal.Camera)}; return c }
			n := 0
			b.Robot.OnStep(func(step int, r *fake.Robot) {
				n++
				frame := make([]byte, 64*40*4)
				frame[0] = byte(n)
				r.SetImage("camera_right", frame)
			})
			b.afterStep = append(b.afterStep, func() {
				if c != nil && len(c.buf) > 0 {
					c.buf = c.Camera.Image(c.buf[:0])
				}
			})
			return b, haltest.Options{}
		}, `camera "camera_right": an image returned before a step changed during the step`},
		{"lidar returns its internal range image", func() (hal.Robot, haltest.Options) {
			b := newBroken(fake.WithLidar(fake.LidarConfig{HorizontalResolution: 8, NumberOfLayers: 1}))
			var l *frameLidar
			b.wrap["lidar"] = func(d hal.Device) hal.Device { l = &frameLidar{Lidar: d.(hal.Lidar)}; return l }
			b.afterStep = append(b.afterStep, func() {
				if l != nil {
					l.ri = l.Lidar.RangeImage(l.ri[:0])
				}
			})
			return b, haltest.Options{Devices: lidarDevs}
		}, `lidar "lidar": changing the slice RangeImage returned changed the next range image`},
		{"sensor reads before the first step", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.wrap["ps2"] = func(d hal.Device) hal.Device { return eagerDist{d.(hal.DistanceSensor)} }
			return b, haltest.Options{}
		}, `"ps2" reads 0.5 (value 0) before Enable, want NaN`},
		{"sensor never reads a number", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.wrap["gps"] = func(d hal.Device) hal.Device { return deadGPS{d.(hal.GPS)} }
			return b, haltest.Options{}
		}, `"gps" reads NaN (value 0) one step after Enable`},
		{"clamp reported every time", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.wrap["wheel2 motor"] = func(d hal.Device) hal.Device { return loudMotor{d.(hal.Motor)} }
			return b, haltest.Options{}
		}, `motor "wheel2 motor": SetVelocity(18.84) (call 4; a clamp is reported only once)`},
		{"no clamp", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.wrap["wheel1 motor"] = func(d hal.Device) hal.Device { return &freeMotor{Motor: d.(hal.Motor)} }
			return b, haltest.Options{}
		}, `motor "wheel1 motor": the first SetVelocity above max`},
		{"LED accepts out-of-range values", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.wrap["led9"] = func(d hal.Device) hal.Device { return &laxLED{LED: d.(hal.LED)} }
			return b, haltest.Options{}
		}, `LED "led9" (gradual RGB LED): Set(16777216) = <nil>`},
		{"refused LED value changes the LED", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.wrap["led3"] = func(d hal.Device) hal.Device { return &stickyLED{LED: d.(hal.LED)} }
			return b, haltest.Options{}
		}, `LED "led3": refused Set(2) changed the LED`},
		{"LED mode invalid", func() (hal.Robot, haltest.Options) {
			b := newBroken(fake.WithLEDMode("led4", hal.LEDMode{Colors: make([]hal.RGB, 2), Gradual: true}))
			return b, haltest.Options{}
		}, `LED "led4": Mode() is gradual with 2 colours`},
		{"time drifts", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.time = func(s float64) float64 { return s * 1.001 }
			return b, haltest.Options{}
		}, `Step(16) advanced Time() by 0.016016000 s, want exactly 0.016 s`},
		{"bad step accepted", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.step = func(ms int) error {
				if ms > 0 && ms%16 != 0 {
					return b.Robot.Step(16)
				}
				return b.Robot.Step(ms)
			}
			return b, haltest.Options{}
		}, `Step(17) with basic time step 16 = <nil>, want an error wrapping hal.ErrBadStep`},
		{"names unsorted", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.names = func(n []string) []string { slices.Reverse(n); return n }
			return b, haltest.Options{}
		}, `DeviceNames() is not sorted`},
		{"unknown device error is not ErrUnknownDevice", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.unknown = func(name string, _ error) error { return fmt.Errorf("no device %q", name) }
			return b, haltest.Options{}
		}, `want an error wrapping hal.ErrUnknownDevice`},
		{"unknown device error lists nothing", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.unknown = func(name string, _ error) error { return fmt.Errorf("%w %q", hal.ErrUnknownDevice, name) }
			return b, haltest.Options{}
		}, `does not list the device "accelerometer"`},
		{"expected device missing", func() (hal.Robot, haltest.Options) {
			return newBroken(), haltest.Options{Devices: lidarDevs}
		}, `DeviceNames() does not list "lidar" (hal.Lidar)`},
		{"device of the wrong kind", func() (hal.Robot, haltest.Options) {
			return newBroken(), haltest.Options{Devices: []haltest.DeviceSpec{{Name: "gps", Kind: haltest.Camera}}}
		}, `Device("gps") is a *fake.gps, which does not implement hal.Camera`},
		{"robot hears itself", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.wrap["emitter"] = func(d hal.Device) hal.Device { return echoEmitter{d.(hal.Emitter), b.Robot} }
			return b, haltest.Options{}
		}, `receiver "receiver" received the robot's own packet "haltest"`},
		{"radio delivers immediately", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			var q *queueReceiver
			b.wrap["receiver"] = func(d hal.Device) hal.Device { q = &queueReceiver{Receiver: d.(hal.Receiver)}; return q }
			return b, haltest.Options{Inject: func(p []byte) { q.q = append(q.q, p) }}
		}, `receiver "receiver": 3 packets arrived immediately on Inject`},
		{"radio takes two steps", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			var pending [][]byte
			b.afterStep = append(b.afterStep, func() {
				for _, p := range pending {
					b.Robot.Inject(p)
				}
				pending = nil
			})
			return b, haltest.Options{Inject: func(p []byte) { pending = append(pending, p) }}
		}, `receiver "receiver": 0 packets one step after injecting 3`},
		{"radio loses a packet", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			n := 0
			return b, haltest.Options{Inject: func(p []byte) {
				if n++; n != 2 {
					b.Robot.Inject(p)
				}
			}}
		}, `receiver "receiver": 2 packets one step after injecting 3`},
		{"radio cuts packets", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			return b, haltest.Options{Inject: func(p []byte) { b.Robot.Inject(p[:min(len(p), 64)]) }}
		}, `receiver "receiver": packet 2 is`},
		{"received data aliased", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.wrap["receiver"] = func(d hal.Device) hal.Device { return &aliasReceiver{Receiver: d.(hal.Receiver)} }
			return b, haltest.Options{Inject: b.Robot.Inject}
		}, `changing the slice Data returned changed the packet`},
		{"simulation ends early", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			b.Robot.EndAfter(3)
			return b, haltest.Options{}
		}, `Step(16) after 3 basic steps of TestRobot = hal: simulation ended`},
		{"sensor already enabled", func() (hal.Robot, haltest.Options) {
			b := newBroken()
			d, _ := hal.Lookup[hal.Gyro](b, "gyro")
			d.Enable(16)
			b.Robot.Step(16)
			return b, haltest.Options{}
		}, `"gyro" is already enabled (period 16 ms): TestRobot needs a freshly built robot`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, opts := tc.build()
			err := haltest.TestRobot(r, opts)
			if err == nil {
				t.Fatalf("TestRobot passed a robot whose %s", tc.name)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("TestRobot error does not say %q:\n%v", tc.want, err)
			}
		})
	}
}

// TestUnbrokenWrapperPasses shows the wrapper itself is neutral, so the
// failures above come from what each case breaks.
func TestUnbrokenWrapperPasses(t *testing.T) {
	b := newBroken()
	if err := haltest.TestRobot(b, haltest.Options{Inject: b.Robot.Inject}); err != nil {
		t.Fatal(err)
	}
	if n := b.Robot.Steps(); n > haltest.MaxSteps {
		t.Errorf("TestRobot took %d steps, more than MaxSteps %d", n, haltest.MaxSteps)
	}
	// It leaves motors stopped and LEDs off.
	for _, n := range []string{"wheel1 motor", "wheel2 motor"} {
		if v, _ := b.Robot.Velocity(n); v != 0 {
			t.Errorf("%s left at %g", n, v)
		}
	}
	for i := range 10 {
		if v, _ := b.Robot.LED(fmt.Sprintf("led%d", i)); v != 0 {
			t.Errorf("led%d left at %d", i, v)
		}
	}
}

func TestEveryFailureIsReported(t *testing.T) {
	b := newBroken()
	b.names = func(n []string) []string { slices.Reverse(n); return n }
	b.time = func(s float64) float64 { return s * 2 }
	err := haltest.TestRobot(b, haltest.Options{Devices: []haltest.DeviceSpec{{Name: "compass", Kind: haltest.GPS}}})
	var joined interface{ Unwrap() []error }
	if !errors.As(err, &joined) || len(joined.Unwrap()) < 3 {
		t.Fatalf("want at least 3 joined failures (unsorted, missing compass, time), got %v", err)
	}
}

func TestKind(t *testing.T) {
	r := fake.New()
	for _, spec := range haltest.DefaultDevices {
		d, err := r.Device(spec.Name)
		if err != nil {
			t.Fatal(err)
		}
		if !spec.Kind.Is(d) {
			t.Errorf("%s: %T is not %s", spec.Name, d, spec.Kind)
		}
		if spec.Kind != haltest.Motor && haltest.Motor.Is(d) {
			t.Errorf("%s is a motor", spec.Name)
		}
	}
	if s := haltest.Kind(99).String(); s != "haltest.Kind(99)" {
		t.Errorf("String = %q", s)
	}
	if haltest.Kind(99).Is(nil) {
		t.Error("unknown kind matched")
	}
}
