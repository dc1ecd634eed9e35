// Package framework is the runner core of rescuekit: the step loop of
// DESIGN.md ("One control step"), the shared state machine (looplab/fsm), the
// blackboard, plugin supervision and the run summary.
//
// Run owns the robot: it steps the backend (the embedded simulator or
// Webots, through hal.Robot), reads the sensors into an Observation, sends it
// to every plugin concurrently, applies only the driver's wheel and LED
// commands, passes outbound messages through the comms gate and applies the
// requested FSM events between steps. Time comes from the simulation; the
// wall clock is used only for the plugins' per-step deadlines.
package framework

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// PluginConn is a started plugin as the runner uses it. plugins/host.Plugin
// satisfies it through a small adapter in cmd/runner; framework/inproc
// serves a behavior in-process.
type PluginConn interface {
	Describe(ctx context.Context) (*pluginpb.Description, error)
	Configure(ctx context.Context, params map[string]string, seed int64) error
	// Step sends one Observation and waits for its Action until ctx ends.
	Step(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error)
	// Exited reports whether the plugin process is gone.
	Exited() bool
	Kill()
}

// Launcher starts the plugin name as its configuration says.
type Launcher func(ctx context.Context, name string, pc PluginConfig) (PluginConn, error)

// Options are the inputs of Run.
type Options struct {
	Config Config
	Robot  hal.Robot
	Launch Launcher
	Logger *zap.Logger
	// Seed is passed to every plugin's Configure.
	Seed int64
	// Watch restarts a plugin whose binary changed on disk, at a step
	// boundary, keeping the blackboard.
	Watch bool
	// OnStep, when set, is called on the runner goroutine after every step.
	OnStep func(StepInfo)
	// Devices names the robot's devices; the zero value means the default
	// Erebus robot's names.
	Devices DeviceNames
}

// StepInfo is what OnStep learns after each control step.
type StepInfo struct {
	Step     uint64
	SimTime  float64
	State    string
	GameInfo *pluginpb.GameInfo // the last 'G' reply seen, or nil
}

// DeviceNames are the Webots names of the devices the runner reads.
type DeviceNames struct {
	LeftMotor, RightMotor   string
	LeftSensor, RightSensor string
	Distance                []string
	Cameras                 []string
	Colour                  string
	GPS, Gyro, Accel        string
	InertialUnit, Lidar     string
	Emitter, Receiver       string
	LEDs                    []string
}

// DefaultDevices are the default Erebus robot's device names (RULES.md §5).
func DefaultDevices() DeviceNames {
	d := DeviceNames{
		LeftMotor: "wheel1 motor", RightMotor: "wheel2 motor",
		LeftSensor: "wheel1 sensor", RightSensor: "wheel2 sensor",
		Cameras: []string{"camera_left", "camera_centre", "camera_right"},
		Colour:  "colour_sensor", GPS: "gps", Gyro: "gyro", Accel: "accelerometer",
		InertialUnit: "inertial_unit", Lidar: "lidar",
		Emitter: "emitter", Receiver: "receiver",
	}
	for i := range 8 {
		d.Distance = append(d.Distance, fmt.Sprintf("ps%d", i))
	}
	for i := range 10 {
		d.LEDs = append(d.LEDs, fmt.Sprintf("led%d", i))
	}
	return d
}

// PluginStats counts what happened to one plugin.
type PluginStats struct {
	Steps    int `json:"steps"`
	Misses   int `json:"misses"`
	Crashes  int `json:"crashes"`
	Restarts int `json:"restarts"`
	Errors   int `json:"errors"`
	// StepTimes are the plugin's round-trip times, for percentiles.
	StepTimes []time.Duration `json:"-"`
	// StepP50 and StepP99 are the median and 99th percentile of StepTimes:
	// the plugin's compute plus the transport (in-process: compute alone).
	StepP50 time.Duration `json:"step_p50_ns"`
	StepP99 time.Duration `json:"step_p99_ns"`
}

// percentile returns the q-quantile (0..1, nearest rank) of d.
func percentile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// Summary is the runner's record of a run.
type Summary struct {
	Steps          uint64                 `json:"steps"`
	SimTime        float64                `json:"sim_time_s"`
	WallTime       time.Duration          `json:"wall_time_ns"`
	EndReason      string                 `json:"end_reason"`
	FinalState     string                 `json:"final_state"`
	Plugins        map[string]PluginStats `json:"plugins"`
	CommsRefusals  map[string]int         `json:"comms_refusals"`
	PacketsSent    int                    `json:"packets_sent"`
	Transitions    map[string]int         `json:"transitions"`
	EventsRejected int                    `json:"events_rejected"`
	LackOfProgress int                    `json:"lack_of_progress_received"`
	// Startup is the wall time from Run's start to the first step: plugins
	// launched, described and configured.
	Startup time.Duration `json:"startup_ns"`
	// Dispatch holds, per step, the wall time from sending the first
	// Observation to receiving the last Action.
	Dispatch []time.Duration `json:"-"`
}

type slot struct {
	name   string
	cfg    PluginConfig
	conn   PluginConn
	desc   *pluginpb.Description
	inbox  []*pluginpb.Inbound
	errs   []string
	misses int
	stats  PluginStats

	down      bool
	restartAt float64 // sim time of the next start attempt
	binMod    time.Time
	binSize   int64

	act     *pluginpb.Action
	err     error
	elapsed time.Duration
	sent    bool // an Observation went out this step

	jobs chan stepJob // to the slot's worker
}

// stepJob is one Observation for a slot's worker to deliver.
type stepJob struct {
	s    *slot
	ctx  context.Context
	conn PluginConn
	obs  *pluginpb.Observation
}

// work is a slot's worker: it runs the slot's Step calls, one per job, and
// hands the slot to done when each has its answer or gave up. A long-lived
// worker per plugin spares each step a goroutine start (and its stack
// growth) and a timer per plugin. The runner goroutine resets act, err and
// elapsed only before sending a job, and reads them only after receiving
// the slot back.
func (s *slot) work(done chan<- *slot) {
	for j := range s.jobs {
		t0 := time.Now()
		s.act, s.err = j.conn.Step(j.ctx, j.obs)
		s.elapsed = time.Since(t0)
		done <- s
	}
}

type devices struct {
	left, right   hal.Motor
	lpos, rpos    hal.PositionSensor
	dist          []hal.DistanceSensor
	cams          []hal.Camera
	colour        hal.Camera
	gps           hal.GPS
	gyro          hal.Gyro
	accel         hal.Accelerometer
	imu           hal.InertialUnit
	lidar         hal.Lidar
	emitter       hal.Emitter
	receiver      hal.Receiver
	leds          []hal.LED
	ledByName     map[string]hal.LED
	camBuf        map[string][]byte
	colBuf        []byte
	lidarBuf      []float32
	clampReported bool
}

// runner is one Run's state, touched only by the runner goroutine (plugins
// run their Step calls concurrently but only write their own slot).
type runner struct {
	o       Options
	log     *zap.Logger
	cfg     Config
	robot   hal.Robot
	dev     devices
	fsm     *machine
	bb      *Blackboard
	gate    *comms.Gate
	still   *stillness
	slots   []*slot
	byName  map[string]*slot
	sum     Summary
	step    uint64
	now     float64
	game    *pluginpb.GameInfo
	ctlMs   int
	dt      float64
	drivers map[string]string // state -> plugin, from the config
	order   []*slot           // apply's buffer: the driver first, then the others by name
	backoff time.Duration
	done    chan *slot // the workers' answers
	jobs    []stepJob  // dispatch's buffer: this step's Observations
}

// Run plays one game: it starts the plugins, steps the robot until the
// simulation ends or ctx is cancelled, and returns the run's summary. Plugins
// are killed before Run returns.
func Run(ctx context.Context, o Options) (Summary, error) {
	if err := o.Config.Validate(); err != nil {
		return Summary{}, err
	}
	if o.Robot == nil || o.Launch == nil {
		return Summary{}, errors.New("framework: Options.Robot and Options.Launch are required")
	}
	if o.Logger == nil {
		o.Logger = zap.NewNop()
	}
	if o.Devices.LeftMotor == "" {
		o.Devices = DefaultDevices()
	}
	t0 := time.Now()
	r := &runner{
		o: o, log: o.Logger, cfg: o.Config, robot: o.Robot,
		fsm:   newMachine(o.Config.FSM, o.Logger),
		bb:    NewBlackboard(),
		gate:  comms.NewGate(comms.GateConfig{StillMargin: o.Config.Comms.StillMarginS, DuplicateRadius: o.Config.Comms.DuplicateRadiusM}),
		still: newStillness(),
		ctlMs: o.Config.ControlStepMs, byName: map[string]*slot{},
		drivers: o.Config.Drivers(),
	}
	r.dt = float64(r.ctlMs) / 1000
	r.sum.Plugins = map[string]PluginStats{}
	if basic := o.Robot.BasicTimeStep(); basic <= 0 || r.ctlMs%basic != 0 {
		return Summary{}, fmt.Errorf("framework: control_step_ms %d is not a multiple of the robot's basic time step %d ms", r.ctlMs, basic)
	}
	if err := r.openDevices(); err != nil {
		return Summary{}, err
	}
	defer r.killAll()
	defer r.stopWorkers()
	if err := r.startAll(ctx); err != nil {
		return Summary{}, err
	}
	start := time.Now()
	r.sum.Startup = start.Sub(t0)
	err := r.loop(ctx)
	r.sum.WallTime = time.Since(start)
	r.sum.Steps = r.step
	r.sum.SimTime = r.now
	r.sum.FinalState = r.fsm.Current()
	r.sum.CommsRefusals = r.gate.Refusals()
	r.sum.Transitions = r.fsm.transitions
	for _, s := range r.slots {
		s.stats.StepP50, s.stats.StepP99 = percentile(s.stats.StepTimes, 0.5), percentile(s.stats.StepTimes, 0.99)
		r.sum.Plugins[s.name] = s.stats
	}
	return r.sum, err
}

func (r *runner) openDevices() error {
	d, names := &r.dev, r.o.Devices
	var err error
	must := func(e error) {
		if err == nil && e != nil {
			err = e
		}
	}
	var e error
	d.left, e = hal.Lookup[hal.Motor](r.robot, names.LeftMotor)
	must(e)
	d.right, e = hal.Lookup[hal.Motor](r.robot, names.RightMotor)
	must(e)
	if err != nil {
		return fmt.Errorf("framework: the robot needs its two wheel motors: %w", err)
	}
	period := r.robot.BasicTimeStep()
	// Optional devices: absent ones are simply not reported.
	opt := func(name string) hal.Device {
		if name == "" {
			return nil
		}
		dv, err := r.robot.Device(name)
		if err != nil {
			return nil
		}
		if s, ok := dv.(hal.Sensor); ok {
			s.Enable(period)
		}
		return dv
	}
	d.lpos, _ = opt(names.LeftSensor).(hal.PositionSensor)
	d.rpos, _ = opt(names.RightSensor).(hal.PositionSensor)
	for _, n := range names.Distance {
		if s, ok := opt(n).(hal.DistanceSensor); ok {
			d.dist = append(d.dist, s)
		}
	}
	d.camBuf = map[string][]byte{}
	for _, n := range names.Cameras {
		if c, ok := opt(n).(hal.Camera); ok {
			d.cams = append(d.cams, c)
		}
	}
	d.colour, _ = opt(names.Colour).(hal.Camera)
	d.gps, _ = opt(names.GPS).(hal.GPS)
	d.gyro, _ = opt(names.Gyro).(hal.Gyro)
	d.accel, _ = opt(names.Accel).(hal.Accelerometer)
	d.imu, _ = opt(names.InertialUnit).(hal.InertialUnit)
	d.lidar, _ = opt(names.Lidar).(hal.Lidar)
	d.emitter, _ = opt(names.Emitter).(hal.Emitter)
	d.receiver, _ = opt(names.Receiver).(hal.Receiver)
	d.ledByName = map[string]hal.LED{}
	for _, n := range names.LEDs {
		if l, ok := opt(n).(hal.LED); ok {
			d.leds = append(d.leds, l)
			d.ledByName[n] = l
		}
	}
	r.setWheels(0, 0)
	return nil
}

func (r *runner) startAll(ctx context.Context) error {
	r.backoff = time.Duration(r.cfg.RestartBackoffMs) * time.Millisecond
	for _, name := range r.cfg.PluginNames() {
		s := &slot{name: name, cfg: r.cfg.Plugins[name]}
		r.slots = append(r.slots, s)
		r.byName[name] = s
	}
	r.done = make(chan *slot, len(r.slots))
	for _, s := range r.slots {
		s.jobs = make(chan stepJob, 1)
		go s.work(r.done)
	}
	// Start concurrently: each start is a process launch and a handshake.
	var wg sync.WaitGroup
	errs := make([]error, len(r.slots))
	for i, s := range r.slots {
		wg.Go(func() { errs[i] = r.start(ctx, s) })
	}
	wg.Wait()
	for _, s := range r.slots {
		if s.desc != nil {
			r.bb.Declare(s.name, s.desc.GetBlackboardWrites())
		}
	}
	return errors.Join(errs...)
}

// start launches, describes and configures the plugin of s. It touches only
// s, so several starts may run at once; the caller declares the plugin's
// blackboard keys afterwards.
func (r *runner) start(ctx context.Context, s *slot) error {
	conn, err := r.o.Launch(ctx, s.name, s.cfg)
	if err != nil {
		return fmt.Errorf("plugin %s: %w", s.name, err)
	}
	desc, err := conn.Describe(ctx)
	if err == nil {
		err = conn.Configure(ctx, s.cfg.Params, r.o.Seed)
	}
	if err != nil {
		conn.Kill()
		return fmt.Errorf("plugin %s: %w", s.name, err)
	}
	s.conn, s.desc, s.down, s.misses = conn, desc, false, 0
	if fi, err := os.Stat(s.cfg.Cmd); err == nil {
		s.binMod, s.binSize = fi.ModTime(), fi.Size()
	}
	return nil
}

// stopWorkers ends the slots' workers; none is busy between steps.
func (r *runner) stopWorkers() {
	for _, s := range r.slots {
		if s.jobs != nil {
			close(s.jobs)
		}
	}
}

func (r *runner) killAll() {
	for _, s := range r.slots {
		if s.conn != nil {
			s.conn.Kill()
		}
	}
}

// logw logs with the step and simulation time every loop line carries.
func (r *runner) logw(level func(string, ...zap.Field), msg string, fields ...zap.Field) {
	level(msg, append([]zap.Field{zap.Uint64("step", r.step), zap.Float64("sim_time", r.now)}, fields...)...)
}

func (r *runner) loop(ctx context.Context) error {
	for {
		if ctx.Err() != nil {
			r.sum.EndReason = "interrupted"
			return nil
		}
		if err := r.robot.Step(r.ctlMs); err != nil {
			if errors.Is(err, hal.ErrEnded) {
				r.sum.EndReason = "simulation ended"
				return nil
			}
			return fmt.Errorf("framework: step %d: %w", r.step+1, err)
		}
		r.step++
		r.now = r.robot.Time()
		base := r.observe()
		r.superviseRestarts(ctx)
		r.dispatch(ctx, base)
		r.apply()
		if r.o.Watch && r.step%16 == 0 {
			r.watch(ctx)
		}
		if r.o.OnStep != nil {
			r.o.OnStep(StepInfo{Step: r.step, SimTime: r.now, State: r.fsm.Current(), GameInfo: r.game})
		}
	}
}

// observe reads the sensors and the radio into the Observation every plugin
// shares, and handles the supervisor's messages.
func (r *runner) observe() *pluginpb.Observation {
	d := &r.dev
	obs := &pluginpb.Observation{Step: r.step, SimTime: r.now}
	var wheels [2]float64
	if d.lpos != nil && d.rpos != nil {
		wheels = [2]float64{d.lpos.Value(), d.rpos.Value()}
		obs.WheelPositions = &pluginpb.WheelPositions{Left: wheels[0], Right: wheels[1]}
	} else {
		wheels = [2]float64{math.NaN(), math.NaN()}
	}
	if d.gps != nil {
		v := d.gps.Values()
		obs.Gps = &pluginpb.Vec3{X: v[0], Y: v[1], Z: v[2]}
	}
	if d.gyro != nil {
		v := d.gyro.Values()
		obs.Gyro = &pluginpb.Vec3{X: v[0], Y: v[1], Z: v[2]}
	}
	if d.accel != nil {
		v := d.accel.Values()
		obs.Accelerometer = &pluginpb.Vec3{X: v[0], Y: v[1], Z: v[2]}
	}
	if d.imu != nil {
		v := d.imu.RollPitchYaw()
		obs.InertialUnit = &pluginpb.InertialUnit{Roll: v[0], Pitch: v[1], Yaw: v[2]}
	}
	if len(d.dist) > 0 {
		obs.Distance = make([]float64, len(d.dist))
		for i, s := range d.dist {
			obs.Distance[i] = s.Value()
		}
	}
	if d.colour != nil {
		d.colBuf = d.colour.Image(d.colBuf)
		if len(d.colBuf) >= 3 {
			obs.Colour = &pluginpb.Colour{B: uint32(d.colBuf[0]), G: uint32(d.colBuf[1]), R: uint32(d.colBuf[2])}
		}
	}
	if d.lidar != nil && r.anyWants(func(s *slot) bool { return s.desc.GetLidar() }) {
		d.lidarBuf = d.lidar.RangeImage(d.lidarBuf)
		obs.Lidar = &pluginpb.Lidar{Ranges: d.lidarBuf, HorizontalResolution: uint32(d.lidar.HorizontalResolution()),
			Layers: uint32(d.lidar.NumberOfLayers()), Fov: d.lidar.FOV(), VerticalFov: d.lidar.VerticalFOV(),
			MinRange: d.lidar.MinRange(), MaxRange: d.lidar.MaxRange()}
	}
	r.readRadio()
	obs.StillSeconds = r.still.update(r.dt, wheels)
	return obs
}

func (r *runner) anyWants(f func(*slot) bool) bool {
	return slices.ContainsFunc(r.slots, func(s *slot) bool { return !s.down && s.desc != nil && f(s) })
}

// readRadio drains the receiver, decodes each packet and queues it for every
// plugin. A lack-of-progress notice resets the stillness count (Erebus resets
// its stop timer on relocation) and fires lack_of_progress.
func (r *runner) readRadio() {
	rx := r.dev.receiver
	if rx == nil {
		return
	}
	for rx.QueueLength() > 0 {
		pkt := rx.Data()
		rx.NextPacket()
		in, err := comms.DecodeSupervisor(pkt)
		if err != nil {
			r.logw(r.log.Warn, "undecodable packet from the supervisor", zap.Binary("packet", pkt), zap.Error(err))
			continue
		}
		var msg *pluginpb.Inbound
		switch v := in.(type) {
		case comms.GameInfo:
			r.game = &pluginpb.GameInfo{Score: float64(v.Score), GameSecondsLeft: v.GameSecondsLeft, RealSecondsLeft: v.RealSecondsLeft}
			msg = &pluginpb.Inbound{Kind: &pluginpb.Inbound_GameInfo{GameInfo: r.game}}
		case comms.LackOfProgressNotice:
			r.sum.LackOfProgress++
			r.still.reset()
			r.logw(r.log.Warn, "lack of progress: the supervisor relocated the robot", zap.String("state", r.fsm.Current()))
			if err := r.fsm.Apply(stepInfo{r.step, r.now}, "lack_of_progress"); err != nil {
				r.logw(r.log.Debug, "lack_of_progress event not applied", zap.Error(err))
			}
			msg = &pluginpb.Inbound{Kind: &pluginpb.Inbound_LackOfProgress{LackOfProgress: &pluginpb.LackOfProgress{}}}
		}
		for _, s := range r.slots {
			s.inbox = append(s.inbox, msg)
		}
	}
}

// isDue reports whether s gets an Observation at this step, and whether it
// gets camera frames.
func (r *runner) isDue(s *slot, driver bool) (obs, cams bool) {
	if s.down || s.conn == nil {
		return false, false
	}
	n := max(1, uint64(s.desc.GetEveryNSteps()))
	obs = driver || r.step%n == 0
	cn := max(1, uint64(s.desc.GetCameraEveryNSteps()))
	return obs, obs && len(s.desc.GetCameras()) > 0 && r.step%cn == 0
}

// dispatch sends each due plugin its Observation concurrently and waits for
// all answers or deadlines.
func (r *runner) dispatch(ctx context.Context, base *pluginpb.Observation) {
	state := r.fsm.Current()
	driver := r.drivers[state]
	frames := r.frames()
	bb := r.bb.Snapshot()
	// One deadline for the step: every Observation goes out at once.
	sctx, cancel := context.WithTimeout(ctx, time.Duration(r.cfg.Deadline())*time.Millisecond)
	defer cancel()
	// Build every Observation first, then hand them to the workers at once.
	jobs := r.jobs[:0]
	for _, s := range r.slots {
		s.act, s.err, s.sent = nil, nil, false
		isDriver := s.name == driver
		ok, cams := r.isDue(s, isDriver)
		if !ok {
			continue
		}
		obs := &pluginpb.Observation{
			Step: base.Step, SimTime: base.SimTime, State: state, Driver: isDriver,
			Gps: base.Gps, Gyro: base.Gyro, Accelerometer: base.Accelerometer, InertialUnit: base.InertialUnit,
			WheelPositions: base.WheelPositions, Distance: base.Distance, Colour: base.Colour,
			StillSeconds: base.StillSeconds, Inbox: s.inbox, Blackboard: bb, Errors: s.errs,
		}
		if s.desc.GetLidar() {
			obs.Lidar = base.Lidar
		}
		if cams {
			for _, name := range s.desc.GetCameras() {
				if f, ok := frames[name]; ok {
					obs.Cameras = append(obs.Cameras, f)
				}
			}
		}
		s.inbox, s.errs, s.sent = nil, nil, true
		jobs = append(jobs, stepJob{s: s, ctx: sctx, conn: s.conn, obs: obs})
	}
	if len(jobs) > 0 {
		t0 := time.Now()
		for _, j := range jobs {
			j.s.jobs <- j
		}
		for range jobs {
			<-r.done
		}
		r.sum.Dispatch = append(r.sum.Dispatch, time.Since(t0))
	}
	clear(jobs) // let the Observations go
	r.jobs = jobs[:0]
}

// frames reads the camera images some plugin wants this step.
func (r *runner) frames() map[string]*pluginpb.CameraFrame {
	var out map[string]*pluginpb.CameraFrame
	state := r.fsm.Current()
	driver := r.drivers[state]
	for _, c := range r.dev.cams {
		wanted := r.anyWants(func(s *slot) bool {
			_, cams := r.isDue(s, s.name == driver)
			return cams && slices.Contains(s.desc.GetCameras(), c.Name())
		})
		if !wanted {
			continue
		}
		if out == nil {
			out = map[string]*pluginpb.CameraFrame{}
		}
		buf := c.Image(r.dev.camBuf[c.Name()])
		r.dev.camBuf[c.Name()] = buf
		out[c.Name()] = &pluginpb.CameraFrame{Name: c.Name(), Width: uint32(c.Width()), Height: uint32(c.Height()), Bgra: buf}
	}
	return out
}

// apply handles every plugin's answer: supervision, the driver's wheels and
// LEDs, outbound messages through the gate, events and blackboard writes.
func (r *runner) apply() {
	state := r.fsm.Current()
	driver := r.drivers[state]
	driverOK := false
	var events []struct {
		s     *slot
		event string
	}
	// The driver first, then the others by name, so that events and
	// messages apply in a fixed order.
	order := r.order[:0]
	if d := r.byName[driver]; d != nil {
		order = append(order, d)
	}
	for _, s := range r.slots { // r.slots is sorted by name
		if s.name != driver {
			order = append(order, s)
		}
	}
	r.order = order
	for _, s := range order {
		if !s.sent {
			continue
		}
		if !r.supervise(s) {
			continue
		}
		act := s.act
		if s.name == driver {
			driverOK = true
			r.driverCommands(s, act)
		}
		for _, out := range act.GetOutbound() {
			r.offer(s, s.name == driver, out)
		}
		for _, e := range act.GetEvents() {
			events = append(events, struct {
				s     *slot
				event string
			}{s, e})
		}
		if len(act.GetBlackboard()) > 0 {
			if err := r.bb.Write(s.name, act.GetBlackboard()); err != nil {
				r.plugErr(s, err.Error())
			}
		}
	}
	if !driverOK || r.fsm.stopNext {
		// Safe action: the driver missed, crashed or is restarting, or a
		// "stop" callback asked to hold for one step.
		r.setWheels(0, 0)
		r.fsm.stopNext = false
	}
	r.release()
	changedBy := ""
	for _, ev := range events {
		if changedBy != "" {
			r.plugErr(ev.s, fmt.Sprintf("event %q dropped: the state changed to %q by event %q this step", ev.event, r.fsm.Current(), changedBy))
			r.sum.EventsRejected++
			continue
		}
		before := r.fsm.Current()
		if err := r.fsm.Apply(stepInfo{r.step, r.now}, ev.event); err != nil {
			r.plugErr(ev.s, err.Error())
			r.sum.EventsRejected++
			continue
		}
		if r.fsm.Current() != before {
			changedBy = ev.event
		}
	}
}

// supervise accounts for one plugin's answer and reports whether its action
// can be used.
func (r *runner) supervise(s *slot) bool {
	switch {
	case s.err == nil && s.act.GetError() == "":
		s.stats.Steps++
		s.stats.StepTimes = append(s.stats.StepTimes, s.elapsed)
		s.misses = 0
		return true
	case s.err == nil:
		s.stats.Steps++
		s.stats.Errors++
		r.logw(r.log.Warn, "plugin step failed", zap.String("plugin", s.name), zap.String("error", s.act.GetError()))
		return false
	case errors.Is(s.err, context.DeadlineExceeded) && !s.conn.Exited():
		s.misses++
		s.stats.Misses++
		s.errs = append(s.errs, fmt.Sprintf("%s step %d: no answer within the %d ms deadline; the action was not applied", pluginpb.ErrDroppedPrefix, r.step, r.cfg.Deadline()))
		r.logw(r.log.Warn, "plugin missed its deadline: safe action", zap.String("plugin", s.name),
			zap.Int("in_a_row", s.misses), zap.Int("deadline_ms", r.cfg.Deadline()))
		if s.misses >= r.cfg.MaxMisses {
			r.restartLater(s, fmt.Sprintf("missed %d steps in a row", s.misses))
		}
		return false
	case s.conn.Exited():
		s.stats.Crashes++
		r.logw(r.log.Error, "plugin crashed", zap.String("plugin", s.name), zap.Error(s.err))
		r.restartLater(s, "crashed")
		return false
	default:
		// The plugin is alive but the step failed (its behavior returned an
		// error, or the stream hiccuped): a safe action, counted like a miss.
		s.misses++
		s.stats.Errors++
		s.errs = append(s.errs, fmt.Sprintf("%s step %d: %v", pluginpb.ErrDroppedPrefix, r.step, s.err))
		r.logw(r.log.Warn, "plugin step failed", zap.String("plugin", s.name), zap.Error(s.err), zap.Int("in_a_row", s.misses))
		if s.misses >= r.cfg.MaxMisses {
			r.restartLater(s, fmt.Sprintf("failed %d steps in a row", s.misses))
		}
		return false
	}
}

// restartLater kills a plugin and schedules its restart with backoff, in
// simulation time; the game goes on meanwhile.
func (r *runner) restartLater(s *slot, why string) {
	s.conn.Kill()
	s.down = true
	wait := r.backoff << min(s.stats.Restarts, 16)
	if maxWait := time.Duration(r.cfg.RestartBackoffMaxMs) * time.Millisecond; wait > maxWait {
		wait = maxWait
	}
	s.restartAt = r.now + wait.Seconds()
	r.logw(r.log.Warn, "plugin will be restarted", zap.String("plugin", s.name), zap.String("why", why),
		zap.Duration("backoff", wait))
}

func (r *runner) superviseRestarts(ctx context.Context) {
	for _, s := range r.slots {
		if !s.down || r.now < s.restartAt {
			continue
		}
		s.stats.Restarts++
		if err := r.start(ctx, s); err != nil {
			r.logw(r.log.Error, "plugin restart failed", zap.String("plugin", s.name), zap.Error(err))
			r.restartLater(s, "restart failed")
			continue
		}
		r.bb.Declare(s.name, s.desc.GetBlackboardWrites())
		r.logw(r.log.Info, "plugin restarted", zap.String("plugin", s.name), zap.Int("restarts", s.stats.Restarts))
	}
}

// watch restarts plugins whose binary changed on disk.
func (r *runner) watch(ctx context.Context) {
	for _, s := range r.slots {
		if s.cfg.Cmd == Builtin || s.down {
			continue
		}
		fi, err := os.Stat(s.cfg.Cmd)
		if err != nil || (fi.ModTime().Equal(s.binMod) && fi.Size() == s.binSize) {
			continue
		}
		r.logw(r.log.Info, "plugin binary changed: restarting it", zap.String("plugin", s.name), zap.String("path", s.cfg.Cmd))
		s.conn.Kill()
		s.stats.Restarts++
		if err := r.start(ctx, s); err != nil {
			r.logw(r.log.Error, "plugin restart failed", zap.String("plugin", s.name), zap.Error(err))
			r.restartLater(s, "restart after change failed")
			continue
		}
		r.bb.Declare(s.name, s.desc.GetBlackboardWrites())
	}
}

func (r *runner) plugErr(s *slot, msg string) {
	s.errs = append(s.errs, msg)
	r.logw(r.log.Info, "refused", zap.String("plugin", s.name), zap.String("why", msg))
}

func (r *runner) driverCommands(s *slot, act *pluginpb.Action) {
	if w := act.GetWheels(); w != nil {
		r.setWheels(w.GetLeft(), w.GetRight())
	}
	for _, l := range act.GetLeds() {
		led := r.dev.ledByName[l.GetName()]
		if l.GetName() == "" && int(l.GetIndex()) < len(r.dev.leds) {
			led = r.dev.leds[l.GetIndex()]
		}
		if led == nil {
			r.plugErr(s, fmt.Sprintf("no LED %q (index %d)", l.GetName(), l.GetIndex()))
			continue
		}
		if err := led.Set(int(l.GetValue())); err != nil {
			r.plugErr(s, err.Error())
		}
	}
}

func (r *runner) setWheels(left, right float64) {
	for _, m := range []struct {
		m hal.Motor
		v float64
	}{{r.dev.left, left}, {r.dev.right, right}} {
		if err := m.m.SetVelocity(m.v); err != nil {
			r.logw(r.log.Warn, "wheel command", zap.Error(err))
		}
	}
}

// offer converts one outbound message and passes it to the gate.
func (r *runner) offer(s *slot, isDriver bool, out *pluginpb.Outbound) {
	var msg comms.Message
	switch k := out.GetKind().(type) {
	case *pluginpb.Outbound_Report:
		t := k.Report.GetType()
		if len(t) != 1 {
			r.plugErr(s, fmt.Sprintf("report type %q: one letter of H S U F P C O", t))
			return
		}
		msg = comms.Report{X: k.Report.GetXCm(), Z: k.Report.GetZCm(), Type: t[0]}
	case *pluginpb.Outbound_Map:
		cells := make([][]string, len(k.Map.GetRows()))
		for i, row := range k.Map.GetRows() {
			cells[i] = row.GetCells()
		}
		msg = comms.Map{Cells: cells}
	case *pluginpb.Outbound_Evaluate:
		msg = comms.Evaluate
	case *pluginpb.Outbound_LackOfProgress:
		msg = comms.LackOfProgress
	case *pluginpb.Outbound_GameInfoRequest:
		msg = comms.GameInfoRequest
	case *pluginpb.Outbound_Exit:
		msg = comms.Exit
	default:
		r.plugErr(s, "empty outbound message")
		return
	}
	if !isDriver && msg != comms.Message(comms.GameInfoRequest) {
		r.plugErr(s, fmt.Sprintf("%v refused: only the driver of state %q may send it (a watcher may send only a game-info request)", msg, r.fsm.Current()))
		return
	}
	if err := r.gate.Offer(msg, r.still.stillFor); err != nil {
		r.plugErr(s, err.Error())
	}
}

// release sends at most the one packet the gate lets out this step.
func (r *runner) release() {
	pkt, err := r.gate.Next(r.now, r.still.stillFor)
	if err != nil {
		if d := r.byName[r.drivers[r.fsm.Current()]]; d != nil {
			r.plugErr(d, err.Error())
		} else {
			r.logw(r.log.Warn, "gate refused a queued message", zap.Error(err))
		}
	}
	if pkt == nil {
		return
	}
	if r.dev.emitter == nil {
		r.logw(r.log.Error, "no emitter: packet dropped", zap.Binary("packet", pkt))
		return
	}
	if err := r.dev.emitter.Send(pkt); err != nil {
		r.logw(r.log.Error, "emitter", zap.Error(err))
		return
	}
	r.sum.PacketsSent++
	r.logw(r.log.Debug, "sent", zap.Binary("packet", pkt))
}
