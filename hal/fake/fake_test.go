package fake_test

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/hal/fake"
	"github.com/rescuekit/rescuekit/hal/haltest"
)

func TestConformance(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []fake.Option
		more []haltest.DeviceSpec
	}{
		{"default robot", nil, nil},
		{"with lidar and inertial unit", []fake.Option{fake.WithLidar(fake.LidarConfig{HorizontalResolution: 64, NumberOfLayers: 2}), fake.WithInertialUnit("")},
			[]haltest.DeviceSpec{{Name: "lidar", Kind: haltest.Lidar}, {Name: "inertial_unit", Kind: haltest.InertialUnit}}},
		{"mono and multi-colour LEDs", []fake.Option{
			fake.WithLEDMode("led0", hal.LEDMode{Colors: []hal.RGB{{R: 200, G: 100, B: 3}}, Gradual: true}),
			fake.WithLEDMode("led1", hal.LEDMode{Colors: []hal.RGB{{R: 1}, {G: 2}, {B: 3}}}),
		}, nil},
		{"basic step 32", []fake.Option{fake.WithBasicTimeStep(32)}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := fake.New(tc.opts...)
			devs := append(append([]haltest.DeviceSpec(nil), haltest.DefaultDevices...), tc.more...)
			if err := haltest.TestRobot(r, haltest.Options{Devices: devs, Inject: r.Inject}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func mustLookup[T hal.Device](t *testing.T, r hal.Robot, name string) T {
	t.Helper()
	d, err := hal.Lookup[T](r, name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func step(t *testing.T, r *fake.Robot, n int) {
	t.Helper()
	for range n {
		if err := r.Step(r.BasicTimeStep()); err != nil {
			t.Fatal(err)
		}
	}
}

func TestSensorsNaNUntilFirstSampleAfterEnable(t *testing.T) {
	r := fake.New()
	ps := mustLookup[hal.DistanceSensor](t, r, "ps3")
	if err := r.SetDistance("ps3", 0.25); err != nil {
		t.Fatal(err)
	}
	step(t, r, 1) // not enabled yet: nothing
	if !math.IsNaN(ps.Value()) {
		t.Fatalf("disabled sensor reads %g", ps.Value())
	}
	ps.Enable(32) // two basic steps
	step(t, r, 1)
	if !math.IsNaN(ps.Value()) {
		t.Fatalf("sensor with period 32 read %g after 16 ms", ps.Value())
	}
	step(t, r, 1)
	if ps.Value() != 0.25 {
		t.Fatalf("after one period: %g, want 0.25", ps.Value())
	}
	// A new truth shows only at the next sample, every 32 ms.
	if err := r.SetDistance("ps3", 0.5); err != nil {
		t.Fatal(err)
	}
	if ps.Value() != 0.25 {
		t.Fatalf("value changed between steps: %g", ps.Value())
	}
	step(t, r, 1)
	if ps.Value() != 0.25 {
		t.Fatalf("value changed before the period: %g", ps.Value())
	}
	step(t, r, 1)
	if ps.Value() != 0.5 {
		t.Fatalf("value after second period: %g, want 0.5", ps.Value())
	}
	ps.Disable()
	if !math.IsNaN(ps.Value()) || ps.SamplingPeriod() != 0 {
		t.Fatalf("disabled sensor reads %g, period %d", ps.Value(), ps.SamplingPeriod())
	}
}

func TestSettersAndHook(t *testing.T) {
	r := fake.New(fake.WithInertialUnit("imu"), fake.WithLidar(fake.LidarConfig{HorizontalResolution: 4, NumberOfLayers: 1}))
	gps := mustLookup[hal.GPS](t, r, "gps")
	gyro := mustLookup[hal.Gyro](t, r, "gyro")
	acc := mustLookup[hal.Accelerometer](t, r, "accelerometer")
	imu := mustLookup[hal.InertialUnit](t, r, "imu")
	cam := mustLookup[hal.Camera](t, r, "camera_centre")
	lid := mustLookup[hal.Lidar](t, r, "lidar")
	for _, s := range []hal.Sensor{gps, gyro, acc, imu, cam, lid} {
		s.Enable(16)
	}
	frame := bytes.Repeat([]byte{1, 2, 3, 255}, 64*40)
	var seen []int
	r.OnStep(func(step int, r *fake.Robot) {
		seen = append(seen, step)
		r.SetGPS(hal.Vec3{float64(step), 0, -float64(step)})
		r.SetSpeed(0.1)
		r.SetGyro(hal.Vec3{0, 1, 0})
		r.SetAccel(hal.Vec3{0, 9.81, 0})
		if err := r.SetRPY(hal.Vec3{0, 0, 1.5}); err != nil {
			t.Error(err)
		}
		frame[0] = byte(step)
		if err := r.SetImage("camera_centre", frame); err != nil {
			t.Error(err)
		}
		if err := r.SetRange("lidar", []float32{0.1, 0.2, float32(math.Inf(1)), 0.4}); err != nil {
			t.Error(err)
		}
	})
	step(t, r, 2)
	if len(seen) != 2 || seen[0] != 1 || seen[1] != 2 {
		t.Errorf("hook saw steps %v, want [1 2]", seen)
	}
	if got := gps.Values(); got != (hal.Vec3{2, 0, -2}) || gps.Speed() != 0.1 {
		t.Errorf("gps %v speed %g", got, gps.Speed())
	}
	if gyro.Values() != (hal.Vec3{0, 1, 0}) || acc.Values() != (hal.Vec3{0, 9.81, 0}) || imu.RollPitchYaw() != (hal.Vec3{0, 0, 1.5}) {
		t.Errorf("gyro %v acc %v imu %v", gyro.Values(), acc.Values(), imu.RollPitchYaw())
	}
	img := cam.Image(nil)
	if len(img) != 64*40*4 || img[0] != 2 || img[1] != 2 {
		t.Errorf("image starts %v", img[:4])
	}
	frame[1] = 99 // the caller's frame is copied by SetImage
	if cam.Image(nil)[1] != 2 {
		t.Error("SetImage kept the caller's slice")
	}
	if ri := lid.RangeImage(nil); len(ri) != 4 || ri[1] != 0.2 || !math.IsInf(float64(ri[2]), 1) {
		t.Errorf("range image %v", ri)
	}
}

func TestSetterErrors(t *testing.T) {
	r := fake.New()
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"distance unknown", r.SetDistance("ps9", 0.1), "ps9"},
		{"distance on a camera", r.SetDistance("camera_left", 0.1), "not a distance sensor"},
		{"distance too far", r.SetDistance("ps0", 0.9), "0 to 0.8"},
		{"distance NaN", r.SetDistance("ps0", math.NaN()), "0 to 0.8"},
		{"distance negative", r.SetDistance("ps0", -0.1), "0 to 0.8"},
		{"image short", r.SetImage("camera_left", make([]byte, 10)), "10240"},
		{"colour sensor image size", r.SetImage("colour_sensor", make([]byte, 8)), "4"},
		{"range without lidar", r.SetRange("lidar", nil), "lidar"},
		{"rpy without imu", r.SetRPY(hal.Vec3{}), "WithInertialUnit"},
		{"position unknown", r.SetPosition("wheel3 sensor", 1), "wheel3 sensor"},
		{"position of a motor", r.SetPosition("wheel1 motor", 1), "not a position sensor"},
		{"position inf", r.SetPosition("wheel1 sensor", math.Inf(1)), "finite"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
				t.Errorf("err = %v, want one saying %q", tc.err, tc.want)
			}
		})
	}
	if _, err := r.Velocity("led0"); !errors.Is(err, hal.ErrWrongDeviceType) {
		t.Errorf("Velocity(led0) = %v", err)
	}
	if _, err := r.LED("led10"); !errors.Is(err, hal.ErrUnknownDevice) {
		t.Errorf("LED(led10) = %v", err)
	}
}

func TestWheelsIntegrateVelocity(t *testing.T) {
	r := fake.New()
	m1 := mustLookup[hal.Motor](t, r, "wheel1 motor")
	m2 := mustLookup[hal.Motor](t, r, "wheel2 motor")
	p1 := mustLookup[hal.PositionSensor](t, r, "wheel1 sensor")
	p2 := mustLookup[hal.PositionSensor](t, r, "wheel2 sensor")
	p1.Enable(16)
	p2.Enable(16)
	if err := m1.SetVelocity(2); err != nil {
		t.Fatal(err)
	}
	if err := m2.SetVelocity(10); !errors.Is(err, hal.ErrVelocityClamped) {
		t.Fatalf("SetVelocity(10) = %v", err)
	}
	for range 10 {
		if err := r.Step(32); err != nil {
			t.Fatal(err)
		}
	}
	if v, _ := r.Velocity("wheel2 motor"); v != fake.WheelMaxVelocity {
		t.Errorf("Velocity(wheel2) = %g", v)
	}
	if got := p1.Value(); math.Abs(got-2*0.32) > 1e-12 {
		t.Errorf("wheel1 position %g, want 0.64", got)
	}
	if got := p2.Value(); math.Abs(got-6.28*0.32) > 1e-12 {
		t.Errorf("wheel2 position %g, want %g", got, 6.28*0.32)
	}
	if err := r.SetPosition("wheel1", 0); err != nil {
		t.Fatal(err)
	}
	step(t, r, 1)
	if got := p1.Value(); math.Abs(got-2*0.016) > 1e-12 {
		t.Errorf("after SetPosition(0) and a step, wheel1 reads %g, want 0.032", got)
	}
	if r.Time() != 0.336 || r.Steps() != 11 {
		t.Errorf("Time %g Steps %d, want 0.336 and 11", r.Time(), r.Steps())
	}
}

func TestEndAfter(t *testing.T) {
	for _, n := range []int{1, 2, 5} {
		r := fake.New()
		r.EndAfter(n)
		ok := 0
		for range n + 3 {
			err := r.Step(16)
			if err == nil {
				ok++
				continue
			}
			if !errors.Is(err, hal.ErrEnded) {
				t.Fatalf("EndAfter(%d): Step = %v", n, err)
			}
		}
		if ok != n-1 {
			t.Errorf("EndAfter(%d): %d steps succeeded, want %d", n, ok, n-1)
		}
		if r.Time() != float64(n-1)*0.016 {
			t.Errorf("EndAfter(%d): time %g after the end", n, r.Time())
		}
	}
	r := fake.New()
	step(t, r, 3)
	r.EndAfter(2) // already past: ended now
	if err := r.Step(16); !errors.Is(err, hal.ErrEnded) {
		t.Errorf("EndAfter below the current step: Step = %v", err)
	}
}

func TestRadioTiming(t *testing.T) {
	r := fake.New()
	em := mustLookup[hal.Emitter](t, r, "emitter")
	rx := mustLookup[hal.Receiver](t, r, "receiver")
	rx.Enable(16)
	var peerGot []string
	var peerAt []int
	r.Peer(func(pkt []byte) [][]byte {
		peerGot = append(peerGot, string(pkt))
		peerAt = append(peerAt, r.Steps())
		return [][]byte{append([]byte("re:"), pkt...), []byte("x")}
	})
	step(t, r, 1)
	if err := em.Send([]byte("a")); err != nil {
		t.Fatal(err)
	}
	if err := em.Send([]byte("bb")); err != nil {
		t.Fatal(err)
	}
	if err := em.Send(nil); err == nil {
		t.Error("Send(nil) accepted")
	}
	if len(peerGot) != 0 {
		t.Fatal("peer saw packets before a step")
	}
	step(t, r, 1) // step 2: the peer gets them
	if strings.Join(peerGot, ",") != "a,bb" || peerAt[0] != 2 {
		t.Fatalf("peer got %v at %v", peerGot, peerAt)
	}
	if rx.QueueLength() != 0 {
		t.Fatal("replies arrived in the step the peer answered")
	}
	step(t, r, 1) // step 3: replies arrive
	var got []string
	for rx.QueueLength() > 0 {
		got = append(got, string(rx.Data()))
		rx.NextPacket()
	}
	if strings.Join(got, ",") != "re:a,x,re:bb,x" {
		t.Errorf("received %q", got)
	}
	pk := r.SentPackets()
	if len(pk) != 2 || pk[0].Step != 1 || pk[1].Step != 1 || string(pk[1].Data) != "bb" || pk[0].Channel != 1 {
		t.Errorf("SentPackets %+v", pk)
	}
	sent := r.Sent()
	sent[0][0] = 'z'
	if string(r.Sent()[0]) != "a" {
		t.Error("Sent returned the fake's own slices")
	}

	// Another channel: the peer does not hear it, and the receiver drops
	// supervisor packets.
	em.SetChannel(2)
	rx.SetChannel(2)
	if em.Channel() != 2 || rx.Channel() != 2 {
		t.Fatal("SetChannel did not stick")
	}
	em.Send([]byte("ch2"))
	r.Inject([]byte("inj"))
	step(t, r, 3)
	if len(peerGot) != 2 || rx.QueueLength() != 0 {
		t.Errorf("channel 2: peer got %v, queue %d", peerGot, rx.QueueLength())
	}
}

func TestInjectFromHookArrivesNextStep(t *testing.T) {
	r := fake.New()
	rx := mustLookup[hal.Receiver](t, r, "receiver")
	rx.Enable(16)
	r.OnStep(func(step int, r *fake.Robot) {
		if step == 2 {
			r.Inject([]byte{byte(step)})
		}
	})
	step(t, r, 2)
	if rx.QueueLength() != 0 {
		t.Fatal("packet injected during step 2 arrived in step 2")
	}
	step(t, r, 1)
	if rx.QueueLength() != 1 || rx.Data()[0] != 2 {
		t.Fatalf("queue %d", rx.QueueLength())
	}
	rx.Disable()
	if rx.QueueLength() != 0 {
		t.Error("Disable kept the queue")
	}
	r.Inject([]byte("lost"))
	step(t, r, 1)
	rx.Enable(16)
	step(t, r, 1)
	if rx.QueueLength() != 0 {
		t.Error("a packet reached a disabled receiver")
	}
}

func TestBadOptions(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  fake.Option
		want string
	}{
		{"step", fake.WithBasicTimeStep(0), "WithBasicTimeStep"},
		{"lidar", fake.WithLidar(fake.LidarConfig{NumberOfLayers: -1}), "WithLidar"},
		{"lidar name clash", fake.WithLidar(fake.LidarConfig{Name: "gps"}), `"gps"`},
		{"led name clash", fake.WithLEDMode("ps0", hal.LEDMode{}), `"ps0"`},
		{"led empty name", fake.WithLEDMode("", hal.LEDMode{}), "empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := fake.New(tc.opt)
			err := r.Step(16)
			if err == nil || err != r.Err() || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Step = %v, want the option error saying %q", err, tc.want)
			}
		})
	}
}

func TestDefaultLEDs(t *testing.T) {
	r := fake.New()
	for _, n := range []string{"led0", "led8"} {
		m := mustLookup[hal.LED](t, r, n).Mode()
		if m.Gradual || len(m.Colors) != 1 || m.Colors[0] != (hal.RGB{R: 255}) {
			t.Errorf("%s mode %+v", n, m)
		}
	}
	l9 := mustLookup[hal.LED](t, r, "led9")
	if m := l9.Mode(); !m.Gradual || len(m.Colors) != 0 {
		t.Errorf("led9 mode %+v", m)
	}
	if err := l9.Set(0x00FF00); err != nil {
		t.Fatal(err)
	}
	if v, err := r.LED("led9"); v != 0x00FF00 || err != nil {
		t.Errorf("LED(led9) = %d, %v", v, err)
	}
}

func TestConcurrentReads(t *testing.T) {
	r := fake.New()
	em := mustLookup[hal.Emitter](t, r, "emitter")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 200 {
			_ = r.Sent()
			_, _ = r.Velocity("wheel1 motor")
			_ = r.Time()
		}
	}()
	for i := range 200 {
		em.Send([]byte{byte(i)})
		if err := r.Step(16); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
	if len(r.Sent()) != 200 {
		t.Errorf("sent %d", len(r.Sent()))
	}
}

// FuzzRadio checks that any script of sends, injections and steps keeps
// packets whole and in order and never panics.
func FuzzRadio(f *testing.F) {
	f.Add([]byte{0, 1, 2, 2, 1, 0, 2})
	f.Add([]byte{1, 1, 1, 2, 2, 2})
	f.Fuzz(func(t *testing.T, script []byte) {
		r := fake.New()
		em, _ := hal.Lookup[hal.Emitter](r, "emitter")
		rx, _ := hal.Lookup[hal.Receiver](r, "receiver")
		rx.Enable(16)
		r.Peer(func(pkt []byte) [][]byte { return [][]byte{pkt} })
		var sent, got []string
		for i, op := range script {
			switch op % 4 {
			case 0:
				p := []byte{'s', byte(i)}
				em.Send(p)
				sent = append(sent, string(p))
			case 1:
				r.Inject([]byte{'i', byte(i)})
			case 2:
				if err := r.Step(16); err != nil {
					t.Fatal(err)
				}
			case 3:
				for rx.QueueLength() > 0 {
					got = append(got, string(rx.Data()))
					rx.NextPacket()
				}
				rx.NextPacket()
			}
		}
		var echoed []string
		for _, g := range got {
			if g[0] == 's' {
				echoed = append(echoed, g)
			}
		}
		if len(echoed) > len(sent) {
			t.Fatalf("more echoes %v than sent %v", echoed, sent)
		}
		for i := range echoed {
			if echoed[i] != sent[i] {
				t.Fatalf("echo order %v vs sent %v", echoed, sent)
			}
		}
	})
}
