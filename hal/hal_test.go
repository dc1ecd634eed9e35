package hal_test

import (
	"errors"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/hal"
)

// stubRobot is the smallest hal.Robot: a fixed set of devices, no stepping.
type stubRobot struct{ devs map[string]hal.Device }

func (s stubRobot) Step(int) error        { return hal.ErrEnded }
func (s stubRobot) Time() float64         { return 0 }
func (s stubRobot) BasicTimeStep() int    { return 16 }
func (s stubRobot) DeviceNames() []string { return names(s.devs) }
func (s stubRobot) Device(name string) (hal.Device, error) {
	d, ok := s.devs[name]
	if !ok {
		return nil, hal.UnknownDevice(name, names(s.devs))
	}
	return d, nil
}

func names(m map[string]hal.Device) []string {
	var out []string
	for n := range m {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

type stubMotor struct {
	name string
	lim  hal.VelocityLimit
	v    float64
}

func (m *stubMotor) Name() string { return m.name }
func (m *stubMotor) SetVelocity(v float64) error {
	var err error
	m.v, err = m.lim.Clamp(v)
	return err
}
func (m *stubMotor) Velocity() float64    { return m.v }
func (m *stubMotor) MaxVelocity() float64 { return m.lim.Max }

func newStub() stubRobot {
	return stubRobot{devs: map[string]hal.Device{
		"wheel1 motor": &stubMotor{name: "wheel1 motor", lim: hal.VelocityLimit{Name: "wheel1 motor", Max: 6.28}},
		"led0":         hal.NewLEDState("led0", hal.LEDMode{Colors: []hal.RGB{{R: 255}}}),
	}}
}

func TestLookup(t *testing.T) {
	r := newStub()
	t.Run("right kind", func(t *testing.T) {
		m, err := hal.Lookup[hal.Motor](r, "wheel1 motor")
		if err != nil || m.Name() != "wheel1 motor" {
			t.Fatalf("Lookup motor = %v, %v", m, err)
		}
		l, err := hal.Lookup[hal.LED](r, "led0")
		if err != nil || l.Name() != "led0" {
			t.Fatalf("Lookup LED = %v, %v", l, err)
		}
	})
	t.Run("wrong kind", func(t *testing.T) {
		_, err := hal.Lookup[hal.Camera](r, "wheel1 motor")
		if !errors.Is(err, hal.ErrWrongDeviceType) {
			t.Fatalf("err = %v, want ErrWrongDeviceType", err)
		}
		for _, w := range []string{`"wheel1 motor"`, "hal.Camera"} {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("error %q does not name %s", err, w)
			}
		}
	})
	t.Run("unknown", func(t *testing.T) {
		_, err := hal.Lookup[hal.Motor](r, "wheel3 motor")
		if !errors.Is(err, hal.ErrUnknownDevice) {
			t.Fatalf("err = %v, want ErrUnknownDevice", err)
		}
		if errors.Is(err, hal.ErrWrongDeviceType) {
			t.Errorf("unknown device also reported as wrong type: %v", err)
		}
	})
}

func TestUnknownDevice(t *testing.T) {
	have := []string{"ps1", "gps", "ps0"}
	err := hal.UnknownDevice("compass", have)
	if !errors.Is(err, hal.ErrUnknownDevice) {
		t.Fatalf("err = %v, want ErrUnknownDevice", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, `"compass"`) {
		t.Errorf("message %q does not name the unknown device", msg)
	}
	if !strings.Contains(msg, "gps, ps0, ps1") {
		t.Errorf("message %q does not list the names sorted", msg)
	}
	if have[0] != "ps1" {
		t.Errorf("UnknownDevice sorted the caller's slice: %v", have)
	}
}

func TestVelocityLimit(t *testing.T) {
	type call struct {
		in      float64
		want    float64
		clamped bool // a *VelocityClampedError is expected
		fails   bool // some other error is expected
	}
	tests := []struct {
		name  string
		calls []call
	}{
		{"within range never reports", []call{{1, 1, false, false}, {-6.28, -6.28, false, false}, {6.28, 6.28, false, false}, {0, 0, false, false}}},
		{"first clamp reported, later not", []call{{7, 6.28, true, false}, {100, 6.28, false, false}, {-100, -6.28, false, false}, {3, 3, false, false}, {9, 6.28, false, false}}},
		{"negative first", []call{{-7, -6.28, true, false}, {7, 6.28, false, false}}},
		{"infinite", []call{{math.Inf(1), 6.28, true, false}, {math.Inf(-1), -6.28, false, false}}},
		{"NaN holds still", []call{{2, 2, false, false}, {math.NaN(), 0, false, true}, {math.NaN(), 0, false, true}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := hal.VelocityLimit{Name: "wheel1 motor", Max: 6.28}
			for i, c := range tc.calls {
				got, err := l.Clamp(c.in)
				if got != c.want {
					t.Errorf("call %d: Clamp(%g) = %g, want %g", i, c.in, got, c.want)
				}
				var ce *hal.VelocityClampedError
				switch {
				case c.clamped:
					if !errors.As(err, &ce) || !errors.Is(err, hal.ErrVelocityClamped) {
						t.Fatalf("call %d: err = %v, want *VelocityClampedError", i, err)
					}
					if ce.Motor != "wheel1 motor" || ce.Max != 6.28 || ce.Requested != c.in {
						t.Errorf("call %d: error fields %+v", i, *ce)
					}
					if !strings.Contains(err.Error(), "wheel1 motor") {
						t.Errorf("call %d: message %q does not name the motor", i, err)
					}
				case c.fails:
					if err == nil || errors.Is(err, hal.ErrVelocityClamped) {
						t.Errorf("call %d: err = %v, want a NaN error", i, err)
					}
				default:
					if err != nil {
						t.Errorf("call %d: Clamp(%g) err = %v, want nil", i, c.in, err)
					}
				}
			}
		})
	}
}

func TestCheckStep(t *testing.T) {
	for _, tc := range []struct {
		ms, basic int
		ok        bool
	}{
		{16, 16, true},
		{32, 16, true},
		{160, 16, true},
		{0, 16, false},
		{-16, 16, false},
		{8, 16, false},
		{17, 16, false},
		{24, 16, false},
		{16, 0, false},
		{16, -16, false},
	} {
		err := hal.CheckStep(tc.ms, tc.basic)
		if tc.ok != (err == nil) {
			t.Errorf("CheckStep(%d, %d) = %v, want ok=%v", tc.ms, tc.basic, err, tc.ok)
		}
		if err != nil && !errors.Is(err, hal.ErrBadStep) {
			t.Errorf("CheckStep(%d, %d) = %v, want ErrBadStep", tc.ms, tc.basic, err)
		}
	}
}
