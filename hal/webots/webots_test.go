//go:build webots && webotsfake

package webots

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"os/signal"
	"slices"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/hal"
)

func TestGameLoopEndsWithMinusOne(t *testing.T) {
	for _, n := range []int{0, 1, 25} {
		t.Run("", func(t *testing.T) {
			r, _ := openErebus(t, Options{})
			defer r.Close()
			fakeSetEndAfter(n)
			steps := 0
			var err error
			for steps < 1000 {
				if err = r.Step(16); err != nil {
					break
				}
				steps++
			}
			if !errors.Is(err, hal.ErrEnded) {
				t.Fatalf("loop ended with %v, want hal.ErrEnded", err)
			}
			if steps != n || fakeSteps() != n {
				t.Fatalf("ran %d steps (fake counted %d), want %d", steps, fakeSteps(), n)
			}
			if want := float64(n) * 0.016; math.Abs(r.Time()-want) > 1e-9 {
				t.Errorf("Time = %v, want %v", r.Time(), want)
			}
			if !r.Ended() {
				t.Error("Ended() = false after −1")
			}
			for i := 0; i < 3; i++ {
				if err := r.Step(16); !errors.Is(err, hal.ErrEnded) {
					t.Fatalf("Step after the end = %v, want hal.ErrEnded", err)
				}
			}
			if got := fakeStepsAfterEnd(); got != 0 {
				t.Fatalf("wb_robot_step called %d times after it returned −1; libController would exit()", got)
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			if got := fakeCleanupsAfterEnd(); got != 0 {
				t.Errorf("wb_robot_cleanup called %d times after wb_robot_step returned −1; the real libController would exit the process there", got)
			}
			if err := r.Step(16); !errors.Is(err, ErrClosed) || !errors.Is(err, hal.ErrEnded) {
				t.Errorf("Step after Close = %v, want ErrClosed wrapping hal.ErrEnded", err)
			}
		})
	}
}

func TestBadStep(t *testing.T) {
	r, _ := openErebus(t, Options{})
	defer r.Close()
	for _, ms := range []int{0, -16, 8, 17, 24} {
		if err := r.Step(ms); !errors.Is(err, hal.ErrBadStep) {
			t.Errorf("Step(%d) = %v, want hal.ErrBadStep", ms, err)
		}
	}
	if fakeSteps() != 0 {
		t.Errorf("a bad step reached wb_robot_step (%d calls)", fakeSteps())
	}
	if err := r.Step(32); err != nil {
		t.Errorf("Step(32) = %v", err)
	}
}

func TestOpenErrors(t *testing.T) {
	t.Run("basic time step", func(t *testing.T) {
		for _, b := range []float64{0, -16, 8.5, math.NaN()} {
			setupErebus(t)
			fakeSetBasic(b)
			r, err := Open(Options{})
			if err == nil {
				r.Close()
				t.Fatalf("Open with basic time step %v succeeded", b)
			}
		}
	})
	t.Run("twice", func(t *testing.T) {
		r, _ := openErebus(t, Options{})
		defer r.Close()
		if r2, err := Open(Options{}); !errors.Is(err, ErrAlreadyOpen) {
			if r2 != nil {
				r2.Close()
			}
			t.Fatalf("second Open = %v, want ErrAlreadyOpen", err)
		}
		if fakeInitCount() != 1 {
			t.Errorf("wb_robot_init called %d times, want 1", fakeInitCount())
		}
	})
}

func TestWrongThread(t *testing.T) {
	r, _ := openErebus(t, Options{})
	defer r.Close()
	done := make(chan error)
	go func() { done <- r.Step(16) }()
	if err := <-done; !errors.Is(err, ErrWrongThread) {
		t.Fatalf("Step from another goroutine = %v, want ErrWrongThread", err)
	}
	if fakeSteps() != 0 {
		t.Fatal("the refused step reached wb_robot_step")
	}
	if err := r.Step(16); err != nil {
		t.Fatalf("Step from the opening goroutine = %v", err)
	}
}

func TestDeviceTable(t *testing.T) {
	r, tags := openErebus(t, Options{})
	defer r.Close()
	var want []string
	for _, d := range erebusDevices {
		want = append(want, d[0])
	}
	sort.Strings(want)
	if got := r.DeviceNames(); !slices.Equal(got, want) {
		t.Fatalf("DeviceNames = %v, want %v", got, want)
	}
	for name, tag := range tags {
		d, err := r.Device(name)
		if err != nil {
			t.Fatal(err)
		}
		if d.Name() != name {
			t.Errorf("Device(%q).Name() = %q", name, d.Name())
		}
		if o, ok := d.(*Other); ok {
			if o.NodeType() != "Speaker" {
				t.Errorf("%q: NodeType %q", name, o.NodeType())
			}
			continue
		}
		if got := tagOf(d); got != tag || fakeDeviceTag(name) != tag {
			t.Errorf("%q: table tag %d, wb_robot_get_device %d, want %d", name, got, fakeDeviceTag(name), tag)
		}
	}
	kinds := []struct {
		name string
		ok   func(hal.Device) bool
	}{
		{"wheel1 motor", func(d hal.Device) bool { _, ok := d.(hal.Motor); return ok }},
		{"wheel1 sensor", func(d hal.Device) bool { _, ok := d.(hal.PositionSensor); return ok }},
		{"ps3", func(d hal.Device) bool { _, ok := d.(hal.DistanceSensor); return ok }},
		{"camera_centre", func(d hal.Device) bool { _, ok := d.(hal.Camera); return ok }},
		{"colour_sensor", func(d hal.Device) bool { _, ok := d.(hal.Camera); return ok }},
		{"lidar", func(d hal.Device) bool { _, ok := d.(hal.Lidar); return ok }},
		{"gps", func(d hal.Device) bool { _, ok := d.(hal.GPS); return ok }},
		{"gyro", func(d hal.Device) bool { _, ok := d.(hal.Gyro); return ok }},
		{"accelerometer", func(d hal.Device) bool { _, ok := d.(hal.Accelerometer); return ok }},
		{"inertial_unit", func(d hal.Device) bool { _, ok := d.(hal.InertialUnit); return ok }},
		{"emitter", func(d hal.Device) bool { _, ok := d.(hal.Emitter); return ok }},
		{"receiver", func(d hal.Device) bool { _, ok := d.(hal.Receiver); return ok }},
		{"led9", func(d hal.Device) bool { _, ok := d.(hal.LED); return ok }},
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			d, err := r.Device(k.name)
			if err != nil {
				t.Fatal(err)
			}
			if !k.ok(d) {
				t.Errorf("%q is a %T", k.name, d)
			}
		})
	}
	if _, err := r.Device("wheel3 motor"); !errors.Is(err, hal.ErrUnknownDevice) {
		t.Errorf("unknown device: %v", err)
	}
	if _, err := hal.Lookup[hal.Camera](r, "ps0"); !errors.Is(err, hal.ErrWrongDeviceType) {
		t.Errorf("wrong type: %v", err)
	}
	if r.BasicTimeStep() != 16 {
		t.Errorf("BasicTimeStep = %d", r.BasicTimeStep())
	}
}

func TestDuplicateNameKeepsFirst(t *testing.T) {
	if err := fakeReset(); err != nil {
		t.Fatal(err)
	}
	first := fakeAdd("ps0", "DistanceSensor")
	fakeAdd("ps0", "Camera")
	r, err := Open(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	d, err := hal.Lookup[*DistanceSensor](r, "ps0")
	if err != nil {
		t.Fatal(err)
	}
	if tagOf(d) != first || len(r.DeviceNames()) != 1 {
		t.Errorf("duplicate: tag %d names %v", tagOf(d), r.DeviceNames())
	}
}

func TestMotors(t *testing.T) {
	r, tags := openErebus(t, Options{})
	defer r.Close()
	for _, name := range []string{"wheel1 motor", "wheel2 motor"} {
		pos, vel := fakeMotor(tags[name])
		if !math.IsInf(pos, 1) || vel != 0 {
			t.Errorf("%s after Open: position %v velocity %v, want +Inf and 0", name, pos, vel)
		}
	}
	m, err := hal.Lookup[hal.Motor](r, "wheel1 motor")
	if err != nil {
		t.Fatal(err)
	}
	tag := tags["wheel1 motor"]
	cases := []struct {
		in, want float64
		clampErr bool
		otherErr bool
	}{
		{3, 3, false, false},
		{-6.28, -6.28, false, false},
		{10, 6.28, true, false},
		{-10, -6.28, false, false}, // reported once
		{math.NaN(), 0, false, true},
	}
	for _, c := range cases {
		err := m.SetVelocity(c.in)
		var ce *hal.VelocityClampedError
		if got := errors.As(err, &ce); got != c.clampErr {
			t.Errorf("SetVelocity(%v) err %v, want clamp error %v", c.in, err, c.clampErr)
		}
		if c.otherErr && err == nil {
			t.Errorf("SetVelocity(%v) gave no error", c.in)
		}
		if !c.clampErr && !c.otherErr && err != nil {
			t.Errorf("SetVelocity(%v) = %v", c.in, err)
		}
		if _, v := fakeMotor(tag); v != c.want || m.Velocity() != c.want {
			t.Errorf("SetVelocity(%v): Webots has %v, Velocity() %v, want %v", c.in, v, m.Velocity(), c.want)
		}
	}
	if m.MaxVelocity() != 6.28 {
		t.Errorf("MaxVelocity = %v", m.MaxVelocity())
	}
}

// TestSensorsNaNBeforeFirstStep checks every scalar and vector sensor: NaN
// while disabled, NaN after Enable until a step has ended, then the value;
// and that a disabled sensor is never read from C.
func TestSensorsNaNBeforeFirstStep(t *testing.T) {
	r, tags := openErebus(t, Options{})
	defer r.Close()
	type reading struct {
		name string
		read func() []float64
	}
	get := func(name string) hal.Device {
		d, err := r.Device(name)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	vec := func(v hal.Vec3) []float64 { return v[:] }
	readings := []reading{
		{"ps2", func() []float64 { return []float64{get("ps2").(hal.DistanceSensor).Value()} }},
		{"wheel2 sensor", func() []float64 { return []float64{get("wheel2 sensor").(hal.PositionSensor).Value()} }},
		{"gps", func() []float64 {
			g := get("gps").(hal.GPS)
			return append(vec(g.Values()), g.Speed())
		}},
		{"gyro", func() []float64 { return vec(get("gyro").(hal.Gyro).Values()) }},
		{"accelerometer", func() []float64 { return vec(get("accelerometer").(hal.Accelerometer).Values()) }},
		{"inertial_unit", func() []float64 { return vec(get("inertial_unit").(hal.InertialUnit).RollPitchYaw()) }},
	}
	for i, rd := range readings {
		base := float64(10 * (i + 1))
		fakeSetValue(tags[rd.name], base+1, base+2, base+3, base+4)
	}
	allNaN := func(v []float64) bool {
		for _, x := range v {
			if !math.IsNaN(x) {
				return false
			}
		}
		return true
	}
	// Disabled: NaN, before and after a step.
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	for _, rd := range readings {
		if v := rd.read(); !allNaN(v) {
			t.Errorf("%s disabled: %v, want NaN", rd.name, v)
		}
	}
	// No subtests here: Step must stay on the goroutine that opened the robot.
	for i, rd := range readings {
		func() {
			s := get(rd.name).(hal.Sensor)
			s.Enable(16)
			if s.SamplingPeriod() != 16 {
				t.Errorf("%s: SamplingPeriod = %d", rd.name, s.SamplingPeriod())
			}
			if v := rd.read(); !allNaN(v) {
				t.Errorf("%s before the first step after Enable: %v, want NaN", rd.name, v)
			}
			if err := r.Step(16); err != nil {
				t.Fatal(err)
			}
			base := float64(10 * (i + 1))
			v := rd.read()
			for k, x := range v {
				if x != base+float64(k+1) {
					t.Errorf("%s after a step: %v", rd.name, v)
					break
				}
			}
			s.Disable()
			if s.SamplingPeriod() != 0 {
				t.Errorf("%s: SamplingPeriod after Disable = %d", rd.name, s.SamplingPeriod())
			}
			if v := rd.read(); !allNaN(v) {
				t.Errorf("%s after Disable: %v, want NaN", rd.name, v)
			}
		}()
	}
	if n := fakeDisabledReads(); n != 0 {
		t.Errorf("%d reads of disabled sensors reached libController", n)
	}
	if ds := get("ps0").(hal.DistanceSensor); ds.MaxValue() != 0.8 {
		t.Errorf("ps0 MaxValue = %v", ds.MaxValue())
	}
}

func TestCameraCopy(t *testing.T) {
	r, tags := openErebus(t, Options{})
	defer r.Close()
	cam, err := hal.Lookup[hal.Camera](r, "camera_centre")
	if err != nil {
		t.Fatal(err)
	}
	if cam.Width() != 64 || cam.Height() != 40 || cam.FOV() != 1 {
		t.Fatalf("camera %dx%d fov %v", cam.Width(), cam.Height(), cam.FOV())
	}
	frame := func(seed byte) []byte {
		b := make([]byte, 64*40*4)
		for i := range b {
			b[i] = seed + byte(i*7)
		}
		return b
	}
	a, b := frame(1), frame(100)
	if !fakeSetImage(tags["camera_centre"], a) {
		t.Fatal("fake image")
	}
	cam.Enable(16)
	if img := cam.Image(nil); len(img) != 0 {
		t.Fatalf("image before the first step: %d bytes", len(img))
	}
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	img1 := cam.Image(nil)
	if !bytes.Equal(img1, a) {
		t.Fatal("first frame differs from the scene")
	}
	fakeSetImage(tags["camera_centre"], b)
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	// The fake poisoned the previous frame's C buffer: a kept pointer would
	// show 0xDD bytes.
	if !bytes.Equal(img1, a) {
		t.Fatal("a copy handed out before the step changed after it")
	}
	buf := make([]byte, 0, 64*40*4)
	img2 := cam.Image(buf)
	if !bytes.Equal(img2, b) {
		t.Fatal("second frame differs from the scene")
	}
	if &img2[0] != &buf[:1][0] {
		t.Error("Image did not reuse dst's storage")
	}
	img2[0] ^= 0xFF
	if again := cam.Image(nil); !bytes.Equal(again, b) {
		t.Error("writing to a returned image changed the backend's frame")
	}
	cam.Disable()
	if img := cam.Image(nil); len(img) != 0 {
		t.Errorf("image after Disable: %d bytes", len(img))
	}
}

func TestLidarCopy(t *testing.T) {
	r, tags := openErebus(t, Options{})
	defer r.Close()
	l, err := hal.Lookup[hal.Lidar](r, "lidar")
	if err != nil {
		t.Fatal(err)
	}
	if l.HorizontalResolution() != 512 || l.NumberOfLayers() != 4 || l.FOV() != 6.2832 ||
		l.VerticalFOV() != 0.2 || l.MinRange() != 0.01 || l.MaxRange() != 1 {
		t.Fatalf("lidar properties %d %d %v %v %v %v", l.HorizontalResolution(), l.NumberOfLayers(), l.FOV(), l.VerticalFOV(), l.MinRange(), l.MaxRange())
	}
	scene := func(k float32) []float32 {
		s := make([]float32, 512*4)
		for i := range s {
			s[i] = k + float32(i)/1000
		}
		s[7] = float32(math.Inf(1))
		return s
	}
	a, b := scene(0.1), scene(0.5)
	fakeSetRangeImage(tags["lidar"], a)
	l.Enable(16)
	if img := l.RangeImage(nil); len(img) != 0 {
		t.Fatalf("range image before the first step: %d values", len(img))
	}
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	img1 := l.RangeImage(nil)
	fakeSetRangeImage(tags["lidar"], b)
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(img1, a) {
		t.Fatal("first range image wrong or changed by the next step")
	}
	if img2 := l.RangeImage(make([]float32, 3)); !slices.Equal(img2, b) {
		t.Fatal("second range image differs from the scene")
	}
}

func TestReceiverDrain(t *testing.T) {
	r, tags := openErebus(t, Options{})
	defer r.Close()
	rc, err := hal.Lookup[hal.Receiver](r, "receiver")
	if err != nil {
		t.Fatal(err)
	}
	tag := tags["receiver"]
	fakePushPacket(tag, []byte("dropped: receiver disabled"))
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	if rc.QueueLength() != 0 || rc.Data() != nil {
		t.Fatal("a disabled receiver got a packet")
	}
	rc.Enable(16)
	packets := [][]byte{[]byte("L"), bytes.Repeat([]byte{0xAB}, 16), []byte{0, 1, 2, 3, 4, 5, 6, 7, 'H'}}
	for _, p := range packets {
		fakePushPacket(tag, p)
	}
	if rc.QueueLength() != 0 {
		t.Fatal("packets visible before the step")
	}
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	if n := fakeCQueueLength(tag); n != 0 {
		t.Fatalf("libController still holds %d packets after the step; they must be drained", n)
	}
	if rc.QueueLength() != 3 {
		t.Fatalf("QueueLength = %d, want 3", rc.QueueLength())
	}
	// Packets survive later steps until NextPacket.
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	for i, want := range packets {
		if rc.QueueLength() != len(packets)-i {
			t.Fatalf("QueueLength = %d before packet %d", rc.QueueLength(), i)
		}
		got := rc.Data()
		if !bytes.Equal(got, want) {
			t.Fatalf("packet %d = %q, want %q", i, got, want)
		}
		got[0] ^= 0xFF
		if !bytes.Equal(rc.Data(), want) {
			t.Fatalf("packet %d: Data is not a copy", i)
		}
		rc.NextPacket()
	}
	if rc.QueueLength() != 0 || rc.Data() != nil {
		t.Fatal("queue not empty after draining")
	}
	rc.NextPacket() // on an empty queue: nothing
	fakePushPacket(tag, []byte("x"))
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	rc.Disable()
	if rc.QueueLength() != 0 {
		t.Error("Disable kept the queue")
	}
}

// TestEmitterSupervisor sends through the emitter to the fake's scripted
// supervisor and reads its replies from the receiver.
func TestEmitterSupervisor(t *testing.T) {
	cases := []struct {
		name    string
		channel int
		send    []byte
		reply   func([]byte) bool
	}{
		{"game info", 1, []byte("G"), func(b []byte) bool {
			return len(b) == 16 && b[0] == 'G' && b[1] == 0 && b[2] == 0 && b[3] == 0 &&
				math.Float32frombits(binary.LittleEndian.Uint32(b[4:])) == 12.5 &&
				int32(binary.LittleEndian.Uint32(b[8:])) == 470 &&
				int32(binary.LittleEndian.Uint32(b[12:])) == 590
		}},
		{"lack of progress", 1, []byte("L"), func(b []byte) bool { return bytes.Equal(b, []byte("L")) }},
		{"broadcast channel", -1, []byte("L"), func(b []byte) bool { return bytes.Equal(b, []byte("L")) }},
		{"other channel", 2, []byte("G"), nil},
		{"report gets no echo", 1, []byte{0, 0, 0, 0, 0, 0, 0, 0, 'H'}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, _ := openErebus(t, Options{})
			defer r.Close()
			fakeSetGameInfo(12.5, 470, 590)
			em, err := hal.Lookup[hal.Emitter](r, "emitter")
			if err != nil {
				t.Fatal(err)
			}
			rc, err := hal.Lookup[hal.Receiver](r, "receiver")
			if err != nil {
				t.Fatal(err)
			}
			rc.Enable(16)
			if em.Channel() != 1 || rc.Channel() != 1 {
				t.Fatalf("channels %d %d, want 1", em.Channel(), rc.Channel())
			}
			em.SetChannel(c.channel)
			if em.Channel() != c.channel {
				t.Fatalf("SetChannel(%d): %d", c.channel, em.Channel())
			}
			data := append([]byte(nil), c.send...)
			if err := em.Send(data); err != nil {
				t.Fatal(err)
			}
			data[0] = 'Z' // Send copied it
			var got [][]byte
			for i := 0; i < 5; i++ {
				if err := r.Step(16); err != nil {
					t.Fatal(err)
				}
				for rc.QueueLength() > 0 {
					got = append(got, rc.Data())
					rc.NextPacket()
				}
			}
			sent := fakeSent()
			if len(sent) != 1 || !bytes.Equal(sent[0], c.send) {
				t.Fatalf("Webots got %q, want %q", sent, c.send)
			}
			if c.reply == nil {
				if len(got) != 0 {
					t.Fatalf("unexpected packets %q", got)
				}
				return
			}
			if len(got) != 1 || !c.reply(got[0]) {
				t.Fatalf("reply %q", got)
			}
		})
	}
	t.Run("refused", func(t *testing.T) {
		r, _ := openErebus(t, Options{})
		defer r.Close()
		em, _ := hal.Lookup[hal.Emitter](r, "emitter")
		if err := em.Send(nil); err == nil {
			t.Error("empty packet accepted")
		}
		fakeSetEndAfter(0)
		if err := r.Step(16); !errors.Is(err, hal.ErrEnded) {
			t.Fatal(err)
		}
		if err := em.Send([]byte("E")); !errors.Is(err, hal.ErrEnded) {
			t.Errorf("Send after the end = %v", err)
		}
		if len(fakeSent()) != 0 {
			t.Error("a refused packet reached Webots")
		}
	})
}

func TestLEDModes(t *testing.T) {
	red, green := hal.RGB{R: 255}, hal.RGB{G: 255}
	opts := Options{LEDModes: map[string]hal.LEDMode{
		"led0": {Colors: []hal.RGB{red, green}},
		"led1": {Colors: []hal.RGB{{R: 200, G: 100}}, Gradual: true},
		"led2": {Gradual: true},
	}}
	cases := []struct {
		led     string
		value   int
		ok      bool
		display hal.RGB
	}{
		{"led0", 2, true, green},
		{"led0", 1, true, red},
		{"led0", 3, false, red},
		{"led0", -1, false, red},
		{"led0", 0, true, hal.RGB{}},
		{"led1", 255, true, hal.RGB{R: 200, G: 100}},
		{"led1", 256, false, hal.RGB{R: 200, G: 100}},
		{"led2", 0xFF8000, true, hal.RGB{R: 255, G: 128}},
		{"led2", 0x1000000, false, hal.RGB{R: 255, G: 128}},
		{"led5", 1, true, red}, // not in the map: DefaultLEDMode
		{"led5", 2, false, red},
	}
	r, tags := openErebus(t, opts)
	defer r.Close()
	for _, c := range cases {
		l, err := hal.Lookup[hal.LED](r, c.led)
		if err != nil {
			t.Fatal(err)
		}
		before := l.Get()
		err = l.Set(c.value)
		if (err == nil) != c.ok {
			t.Errorf("%s.Set(%#x) = %v, want ok=%v", c.led, c.value, err, c.ok)
		}
		if !c.ok && !errors.Is(err, hal.ErrLEDValue) {
			t.Errorf("%s.Set(%#x) error %v does not wrap hal.ErrLEDValue", c.led, c.value, err)
		}
		want := c.value
		if !c.ok {
			want = before
		}
		if l.Get() != want || fakeLED(tags[c.led]) != want {
			t.Errorf("%s.Set(%#x): Get %d, Webots %d, want %d", c.led, c.value, l.Get(), fakeLED(tags[c.led]), want)
		}
		if l.Displayed() != c.display {
			t.Errorf("%s.Set(%#x): Displayed %v, want %v", c.led, c.value, l.Displayed(), c.display)
		}
	}
}

func TestErebusLEDModes(t *testing.T) {
	r, _ := openErebus(t, Options{})
	defer r.Close()
	want := map[string]hal.RGB{"led0": {R: 255}, "led7": {R: 255}, "led8": {G: 255}, "led9": {R: 255, G: 77}}
	for name, c := range want {
		l, err := hal.Lookup[hal.LED](r, name)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Set(1); err != nil {
			t.Fatal(err)
		}
		if l.Displayed() != c || l.Mode().Gradual {
			t.Errorf("%s shows %v (mode %v), want %v non-gradual", name, l.Displayed(), l.Mode(), c)
		}
		if err := l.Set(2); !errors.Is(err, hal.ErrLEDValue) {
			t.Errorf("%s.Set(2) = %v", name, err)
		}
	}
}

var trappedSignals = []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGQUIT, syscall.SIGHUP}

// TestBareInitReplacesHandlers shows that the fake, like libController,
// takes over the signal handlers, so the restore test below means something.
func TestBareInitReplacesHandlers(t *testing.T) {
	if err := fakeReset(); err != nil {
		t.Fatal(err)
	}
	if got := fakeRawInitChangedHandlers(); got != len(trappedSignals) {
		t.Errorf("bare wb_robot_init replaced %d of the %d handlers", got, len(trappedSignals))
	}
}

func TestSignalHandlersRestored(t *testing.T) {
	type state struct{ h, f uint64 }
	before := map[syscall.Signal]state{}
	for _, sig := range trappedSignals {
		h, f, ok := signalState(int(sig))
		if !ok {
			t.Fatalf("sigaction(%v) failed", sig)
		}
		before[sig] = state{h, f}
	}
	r, _ := openErebus(t, Options{})
	defer r.Close()
	if fakeSignalsInstalled() != len(trappedSignals) {
		t.Fatalf("the fake wb_robot_init installed %d handlers, want %d", fakeSignalsInstalled(), len(trappedSignals))
	}
	for _, sig := range trappedSignals {
		h, f, _ := signalState(int(sig))
		if (state{h, f}) != before[sig] {
			t.Fatalf("%v: handler %#x flags %#x after Open, want %#x %#x", sig, h, f, before[sig].h, before[sig].f)
		}
	}
	// With the Go handler back, a SIGTERM reaches os/signal instead of the
	// library's exit.
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGTERM)
	defer signal.Stop(ch)
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-ch:
		if s != syscall.SIGTERM {
			t.Fatalf("got %v", s)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("SIGTERM never reached signal.Notify")
	}
	if err := r.Step(16); err != nil {
		t.Fatalf("Step after the signal: %v", err)
	}
}

func TestAfterEndNoCCalls(t *testing.T) {
	r, _ := openErebus(t, Options{})
	defer r.Close()
	ps, _ := hal.Lookup[hal.DistanceSensor](r, "ps0")
	ps.Enable(16)
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	fakeSetEndAfter(1)
	if err := r.Step(16); !errors.Is(err, hal.ErrEnded) {
		t.Fatal(err)
	}
	if v := ps.Value(); !math.IsNaN(v) {
		t.Errorf("value after the end = %v, want NaN", v)
	}
	m, _ := hal.Lookup[hal.Motor](r, "wheel1 motor")
	_, before := fakeMotor(tagOf(m))
	if err := m.SetVelocity(1); err != nil {
		t.Fatal(err)
	}
	if _, v := fakeMotor(tagOf(m)); v != before {
		t.Error("SetVelocity after the end reached Webots")
	}
}

// Close before the end releases the controller once; Close after the end
// (TestGameLoopEndsWithMinusOne) makes no libController call.
func TestCloseBeforeTheEndCleansUp(t *testing.T) {
	r, _ := openErebus(t, Options{})
	before := fakeCleanupCount()
	if err := r.Step(16); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if got := fakeCleanupCount() - before; got != 1 {
		t.Errorf("wb_robot_cleanup called %d times by two Closes before the end, want 1", got)
	}
}
