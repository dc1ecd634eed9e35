package sim

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/hal/haltest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// recorder is a scripted supervisor: it records its inputs and answers
// with the output scripted for each step (1-based).
type recorder struct {
	ins  []referee.Input
	outs map[int]referee.Output
}

func (r *recorder) Step(in referee.Input) referee.Output {
	r.ins = append(r.ins, in)
	return r.outs[len(r.ins)]
}

func TestRadioToSupervisor(t *testing.T) {
	w := mustWorld(t, arena(2, 2, nil))
	sup := &recorder{}
	s := mustSim(t, w, Config{Supervisor: sup})
	e, _ := hal.Lookup[hal.Emitter](s, "emitter")
	steps(t, s, 2)
	// Three packets sent in one robot step reach the supervisor one per
	// basic step, from the next basic step on.
	for _, p := range []string{"a", "bb", "ccc"} {
		if err := e.Send([]byte(p)); err != nil {
			t.Fatal(err)
		}
	}
	steps(t, s, 5)
	var got []string
	for i, in := range sup.ins {
		if in.Packet != nil {
			got = append(got, string(in.Packet))
			if i < 2 {
				t.Errorf("packet %q seen at supervisor step %d, before it was sent", in.Packet, i+1)
			}
		}
		if !near(in.Time, float64(i+1)*0.016, 1e-12) || in.Dt != 0.016 || in.RealElapsed != in.Time {
			t.Errorf("step %d: Time %g Dt %g RealElapsed %g", i+1, in.Time, in.Dt, in.RealElapsed)
		}
	}
	want := []string{"a", "bb", "ccc"}
	if len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("supervisor got %q, want %q", got, want)
	}
	if string(sup.ins[2].Packet) != "a" || string(sup.ins[3].Packet) != "bb" || string(sup.ins[4].Packet) != "ccc" {
		t.Errorf("packets not delivered one per step from the step after sending: %q %q %q", sup.ins[2].Packet, sup.ins[3].Packet, sup.ins[4].Packet)
	}
	// Another channel: nobody hears it.
	e.SetChannel(2)
	_ = e.Send([]byte("lost"))
	steps(t, s, 2)
	for _, in := range sup.ins[7:] {
		if in.Packet != nil {
			t.Errorf("packet %q on channel 2 reached the supervisor", in.Packet)
		}
	}
}

func TestRadioFromSupervisorRelocateEnd(t *testing.T) {
	w := mustWorld(t, arena(3, 3, nil))
	to := world.Pose{Pos: w.TileCenter(2, 2), Yaw: 1}
	sup := &recorder{outs: map[int]referee.Output{
		2: {Send: [][]byte{[]byte("L"), []byte("G123")}},
		4: {Relocate: &to},
		6: {Ended: true},
	}}
	s := mustSim(t, w, Config{Supervisor: sup, RealClock: func() float64 { return 42 }})
	rc, _ := hal.Lookup[hal.Receiver](s, "receiver")
	rc.Enable(16)
	setWheels(t, s, 3, 3)
	steps(t, s, 2)
	if n := rc.QueueLength(); n != 0 {
		t.Fatalf("packets sent at supervisor step 2 readable after step 2 (%d)", n)
	}
	steps(t, s, 1)
	if n := rc.QueueLength(); n != 2 {
		t.Fatalf("after step 3 the queue has %d packets, want 2", n)
	}
	if d := rc.Data(); !bytes.Equal(d, []byte("L")) {
		t.Errorf("head %q, want L", d)
	}
	rc.NextPacket()
	if d := rc.Data(); !bytes.Equal(d, []byte("G123")) {
		t.Errorf("second %q, want G123", d)
	}
	steps(t, s, 1)
	if p := s.Pose(); p != to {
		t.Errorf("after relocation pose %+v, want %+v", p, to)
	}
	if v := s.Velocity(); v != [6]float64{} {
		t.Errorf("velocity after relocation %v, want 0", v)
	}
	if sup.ins[0].RealElapsed != 42 {
		t.Errorf("RealElapsed %g, want the RealClock's 42", sup.ins[0].RealElapsed)
	}
	err := s.Step(32) // steps 5 and 6; the game ends in step 6
	if !errors.Is(err, hal.ErrEnded) {
		t.Fatalf("Step after Ended = %v, want hal.ErrEnded", err)
	}
	if err := s.Step(16); !errors.Is(err, hal.ErrEnded) {
		t.Errorf("Step after the end = %v, want hal.ErrEnded", err)
	}
	if len(sup.ins) != 6 {
		t.Errorf("supervisor stepped %d times, want 6", len(sup.ins))
	}
}

func TestStillnessWithNoise(t *testing.T) {
	w := mustWorld(t, arena(3, 3, nil))
	sup := &recorder{}
	s := mustSim(t, w, Config{Supervisor: sup, Seed: 7, Noise: Noise{GPS: 0.01, Gyro: 0.01, WheelSlip: 0.2, Distance: 0.01, Accelerometer: 0.1}})
	enableAll(t, s, 16)
	setWheels(t, s, 4, 2)
	steps(t, s, 10)
	setWheels(t, s, 0, 0)
	steps(t, s, 100)
	for _, in := range sup.ins[10:] {
		for i, v := range in.Velocity {
			if math.Abs(v) >= 0.001 || v != 0 {
				t.Fatalf("velocity[%d] = %g while stopped, want exactly 0", i, v)
			}
		}
	}
	g, _ := hal.Lookup[hal.GPS](s, "gps")
	if v := g.Values(); v[0] == s.Pose().Pos.X {
		t.Error("GPS noise is on but GPS equals the pose exactly")
	}
}

func TestConformance(t *testing.T) {
	w := mustWorld(t, arena(3, 3, map[[2]int]byte{{1, 1}: 'S'}))
	s := mustSim(t, w, Config{Supervisor: &recorder{}})
	if err := haltest.TestRobot(s, haltest.Options{Inject: s.Inject}); err != nil {
		t.Fatal(err)
	}
}

func TestConformanceCustomRobot(t *testing.T) {
	spec, err := ParseRobotJSON([]byte(customJSON))
	if err != nil {
		t.Fatal(err)
	}
	w := mustWorld(t, arena(3, 3, nil))
	s := mustSim(t, w, Config{Robot: spec})
	devs := []haltest.DeviceSpec{
		{Name: "left motor", Kind: haltest.Motor}, {Name: "right sensor", Kind: haltest.PositionSensor},
		{Name: "front", Kind: haltest.DistanceSensor}, {Name: "cam", Kind: haltest.Camera},
		{Name: "lidar", Kind: haltest.Lidar}, {Name: "imu", Kind: haltest.InertialUnit},
		{Name: "emitter", Kind: haltest.Emitter}, {Name: "receiver", Kind: haltest.Receiver},
		{Name: "led8", Kind: haltest.LED}, {Name: "led9", Kind: haltest.LED},
	}
	if err := haltest.TestRobot(s, haltest.Options{Devices: devs, Inject: s.Inject}); err != nil {
		t.Fatal(err)
	}
}

// driver is a simple wall-avoiding controller used by the determinism test
// and the benchmark.
type driver struct {
	l, r hal.Motor
	ps   [8]hal.DistanceSensor
}

func newDriver(t testing.TB, s *Sim) *driver {
	d := &driver{}
	var err error
	if d.l, err = hal.Lookup[hal.Motor](s, "wheel1 motor"); err != nil {
		t.Fatal(err)
	}
	if d.r, err = hal.Lookup[hal.Motor](s, "wheel2 motor"); err != nil {
		t.Fatal(err)
	}
	for i := range d.ps {
		d.ps[i], _ = hal.Lookup[hal.DistanceSensor](s, "ps"+string(rune('0'+i)))
		d.ps[i].Enable(16)
	}
	return d
}

func (d *driver) control() {
	front := min(d.ps[0].Value(), d.ps[7].Value(), d.ps[1].Value(), d.ps[6].Value())
	switch {
	case math.IsNaN(front):
		_ = d.l.SetVelocity(0)
		_ = d.r.SetVelocity(0)
	case front < 0.06:
		_ = d.l.SetVelocity(3)
		_ = d.r.SetVelocity(-3)
	case d.ps[2].Value() < 0.03:
		_ = d.l.SetVelocity(4)
		_ = d.r.SetVelocity(6.28)
	default:
		_ = d.l.SetVelocity(6.28)
		_ = d.r.SetVelocity(5.5)
	}
}

func TestDeterminism(t *testing.T) {
	w := mustWorld(t, arena(4, 4, map[[2]int]byte{{3, 3}: 'X', {1, 2}: '~', {2, 0}: 'b'}, "obstacle 0.0 0.0 0.01 0.02 0.5 0.05", "sign H tile 0 0 left"))
	run := func(seed uint64) ([]byte, []byte) {
		s := mustSim(t, w, Config{Seed: seed, Supervisor: &recorder{}, Noise: Noise{GPS: 0.005, Gyro: 0.01, WheelSlip: 0.1, Distance: 0.005}})
		s.SetPose(world.Pose{Pos: w.TileCenter(1, 1)})
		d := newDriver(t, s)
		enableAll(t, s, 32)
		for _, ps := range d.ps {
			ps.Enable(16)
		}
		for i := 0; i < 1000; i++ {
			d.control()
			steps(t, s, 1)
		}
		g, _ := hal.Lookup[hal.GPS](s, "gps")
		var gb []byte
		for _, v := range g.Values() {
			b := math.Float64bits(v)
			for k := 0; k < 8; k++ {
				gb = append(gb, byte(b>>(8*k)))
			}
		}
		var img []byte
		for _, n := range []string{"camera_left", "camera_centre", "camera_right", "colour_sensor"} {
			c, _ := hal.Lookup[hal.Camera](s, n)
			img = append(img, c.Image(nil)...)
		}
		return gb, img
	}
	g1, i1 := run(11)
	g2, i2 := run(11)
	if !bytes.Equal(g1, g2) || !bytes.Equal(i1, i2) {
		t.Fatal("two runs with the same seed differ")
	}
	g3, _ := run(12)
	if bytes.Equal(g1, g3) {
		t.Error("runs with different seeds give the same GPS bytes: is noise applied?")
	}
}

func TestNewRefusesBadInput(t *testing.T) {
	good := func() *world.World { return mustWorld(t, arena(2, 2, nil)) }
	nan := math.NaN()
	tests := []struct {
		name string
		w    func() *world.World
		cfg  Config
		want string
	}{
		{"nil world", func() *world.World { return nil }, Config{}, "nil world"},
		{"NaN wall", func() *world.World { w := good(); w.Walls[0].A.X = nan; return w }, Config{}, "wall 0"},
		{"infinite obstacle", func() *world.World {
			w := good()
			w.Obstacles = append(w.Obstacles, world.Obstacle{Half: geom.Vec2{X: math.Inf(1)}})
			return w
		}, Config{}, "obstacle 0"},
		{"negative noise", good, Config{Noise: Noise{GPS: -1}}, "Noise.GPS"},
		{"NaN noise", good, Config{Noise: Noise{WheelSlip: nan}}, "Noise.WheelSlip"},
		{"robot without wheels", good, Config{Robot: RobotSpec{BodyRadius: 0.03, WheelRadius: 0.02, MaxVelocity: 6}}, "no wheel"},
		{"bad camera", good, Config{Robot: RobotSpec{BodyRadius: 0.03, WheelRadius: 0.02, MaxVelocity: 6,
			Devices: []DeviceSpec{{Kind: KindWheel, Name: "w"}, {Kind: KindCamera, Name: "c", Width: 0, Height: 4, FOV: 1}}}}, "camera"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.w(), tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New = %v, want an error mentioning %q", err, tc.want)
			}
		})
	}
}
