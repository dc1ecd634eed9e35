// Package framework is the runner core of rescuekit: the step loop of
// DESIGN.md ("One control step"), the shared state machine (looplab/fsm), the
// blackboard, plugin supervision and the run summary.
//
// Run owns the robot: it steps the backend (the embedded simulator or
// Webots, through hal.Robot), reads the sensors into an Observation, sends it
// to every plugin concurrently, applies only the driver's wheel and LED
// commands, passes outbound messages through the comms gate and applies the
// requested FSM events between steps. Time comes from the simulation; the
// wall clock only times the plugins.
//
// Two modes (docs/lockstep.md). In lockstep (Options.Lockstep, the embedded
// simulator's default) the runner waits for every plugin's answer, so a game
// depends on its inputs alone; a plugin that gives no answer within
// Config.HangTimeout is taken as hung and restarted. It measures each
// plugin's time per step against the per-step deadline (the real-time
// budget) and reports the steps that went over it. In real-time mode (Webots,
// or --realtime) a plugin that misses the deadline gets a safe action for
// that step.
package framework

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// PluginConn is a started plugin as the runner uses it. plugins/host.Plugin
// satisfies it through a small adapter in cmd/runner; sdk.InProcess
// serves a behavior in-process with the SDK's own service.
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
	// Lockstep waits for every plugin's answer (up to Config.HangTimeout)
	// instead of applying the per-step deadline. It is for backends whose
	// time stands still while the runner waits (the embedded simulator);
	// Webots leaves it false.
	Lockstep bool
	// Watch restarts a plugin whose binary changed on disk, at a step
	// boundary, keeping the blackboard.
	Watch bool
	// OnStep, when set, is called on the runner goroutine after every step.
	OnStep func(StepInfo)
	// OnPluginIO, when set, is told each plugin's Observation and Action of
	// every step (PluginIOFunc); nil costs nothing.
	OnPluginIO PluginIOFunc
	// Devices names the robot's devices; the zero value means the default
	// Erebus robot's names.
	Devices DeviceNames
	// WheelRadius is the robot's wheel radius in metres, from which the
	// runner tells from the wheel encoders whether the robot stands still.
	// 0 means the backend's, when Robot has a WheelRadius() float64 method,
	// else the default Erebus robot's (erebus.WheelRadius).
	WheelRadius float64
	// Rules is the Erebus version the comms gate checks messages against
	// (comms.GateConfig.Rules: the map legend); the zero value is v25.0.1.
	Rules erebus.Rules
}

// wheelRadius is implemented by a backend that knows its robot's wheels.
type wheelRadius interface{ WheelRadius() float64 }

// StepInfo is what OnStep learns after each control step.
type StepInfo struct {
	Step     uint64
	SimTime  float64
	State    string
	GameInfo *pluginpb.GameInfo // the last 'G' reply seen, or nil
}

// PluginStats counts what happened to one plugin.
type PluginStats struct {
	// Version is the plugin's own version, from its description.
	Version string `json:"version"`
	// Steps counts the answers received, Misses the steps with no answer
	// within the deadline (real-time mode: those got a safe action).
	Steps  int `json:"steps"`
	Misses int `json:"misses"`
	// OverBudget counts the answers that took longer than the deadline: in
	// lockstep the runner waited for them; on Webots they would have been
	// misses.
	OverBudget int `json:"over_budget"`
	// Hangs counts the steps with no answer within the hang timeout
	// (lockstep): the plugin was restarted.
	Hangs    int `json:"hangs"`
	Crashes  int `json:"crashes"`
	Restarts int `json:"restarts"`
	Errors   int `json:"errors"`
	// BlackboardRefused counts the blackboard writes refused: an
	// undeclared or other plugin's key, or a value over a limit.
	BlackboardRefused int `json:"blackboard_refused,omitempty"`
	// StepTimes are the plugin's round-trip times of the answered steps,
	// for percentiles.
	StepTimes []time.Duration `json:"-"`
	// StepP50, StepP99 and StepMax are the median, 99th percentile and
	// maximum of StepTimes: the plugin's compute plus the transport
	// (in-process: compute alone).
	StepP50 time.Duration `json:"step_p50_ns"`
	StepP99 time.Duration `json:"step_p99_ns"`
	StepMax time.Duration `json:"step_max_ns"`
}

// Summary is the runner's record of a run.
type Summary struct {
	// Mode is ModeLockstep or ModeRealtime.
	Mode string `json:"mode"`
	// BudgetMs is the per-step deadline (ms): the real-time budget in
	// lockstep, the deadline applied in real-time mode.
	BudgetMs int `json:"budget_ms"`
	// BudgetNote is one sentence naming the plugins that went over the
	// budget (lockstep) or missed the deadline (real-time), or "".
	BudgetNote     string                 `json:"budget_note,omitempty"`
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
	// Notices are what went wrong without stopping the game, each once, with
	// what to do (Notice).
	Notices []Notice `json:"notices"`
	// Startup is the wall time from Run's start to the first step: plugins
	// launched, described and configured.
	Startup time.Duration `json:"startup_ns"`
	// Dispatch holds, per step, the wall time from sending the first
	// Observation to receiving the last Action.
	Dispatch []time.Duration `json:"-"`
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
	notes   *notices
	step    uint64
	now     float64
	game    *pluginpb.GameInfo
	ctlMs   int
	dt      float64
	drivers map[string]string // state -> plugin, from the config
	order   []*slot           // apply's buffer: the driver first, then the others by name
	backoff time.Duration
	budget  time.Duration // the per-step deadline
	done    chan *slot    // the workers' answers
	jobs    []stepJob     // dispatch's buffer: this step's Observations
	// The plugins' outbound queues (outbox.go).
	fedBy     *slot // the plugin whose message the gate holds
	rr        int   // the next watcher queue to feed from
	queueFull int   // messages refused for a full queue
	// Background restarts (restart.go, real-time mode).
	restarts chan restartDone
	rctx     context.Context
	rcancel  context.CancelFunc
	pending  int
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
	if wr, ok := o.Robot.(wheelRadius); ok && o.WheelRadius <= 0 {
		o.WheelRadius = wr.WheelRadius()
	}
	t0 := time.Now()
	r := &runner{
		o: o, log: o.Logger, cfg: o.Config, robot: o.Robot,
		fsm:   newMachine(o.Config.FSM, o.Logger),
		bb:    NewBlackboard(),
		gate:  comms.NewGate(comms.GateConfig{StillMargin: o.Config.Comms.StillMarginS, DuplicateRadius: o.Config.Comms.DuplicateRadiusM, Rules: o.Rules}),
		still: newStillness(o.WheelRadius),
		ctlMs: o.Config.ControlStepMs, byName: map[string]*slot{},
		drivers: o.Config.Drivers(),
		notes:   newNotices(),
	}
	r.dt = float64(r.ctlMs) / 1000
	r.budget = time.Duration(o.Config.Deadline()) * time.Millisecond
	r.sum.Plugins = map[string]PluginStats{}
	r.sum.Mode, r.sum.BudgetMs = ModeRealtime, o.Config.Deadline()
	if o.Lockstep {
		r.sum.Mode = ModeLockstep
	}
	if basic := o.Robot.BasicTimeStep(); basic <= 0 || r.ctlMs%basic != 0 {
		return Summary{}, fmt.Errorf("framework: control_step_ms %d is not a multiple of the robot's basic time step %d ms", r.ctlMs, basic)
	}
	if err := r.openDevices(); err != nil {
		return Summary{}, err
	}
	defer func() { r.killAll(ctx.Err() != nil) }()
	defer r.stopWorkers()
	defer r.abandonRestarts()
	if err := r.startAll(ctx); err != nil {
		return Summary{}, err
	}
	r.noteStart()
	start := time.Now()
	r.sum.Startup = start.Sub(t0)
	err := r.loop(ctx)
	r.sum.WallTime = time.Since(start)
	r.sum.Steps = r.step
	r.sum.SimTime = r.now
	r.sum.FinalState = r.fsm.Current()
	r.sum.CommsRefusals = r.gate.Refusals()
	if r.queueFull > 0 {
		r.sum.CommsRefusals[RuleQueueFull] = r.queueFull
	}
	r.sum.Transitions = r.fsm.transitions
	for _, s := range r.slots {
		s.stats.StepP50, s.stats.StepP99 = percentile(s.stats.StepTimes, 0.5), percentile(s.stats.StepTimes, 0.99)
		s.stats.StepMax = percentile(s.stats.StepTimes, 1)
		r.sum.Plugins[s.name] = s.stats
	}
	r.sum.BudgetNote = budgetNote(r.sum)
	r.sum.Notices = r.notes.list()
	return r.sum, err
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
		if ctx.Err() != nil {
			// Interrupted while waiting for the plugins: their answers
			// to this step are cut short, not failures.
			r.sum.EndReason = "interrupted"
			return nil
		}
		r.apply()
		if r.o.Watch && r.step%16 == 0 {
			r.watch(ctx)
		}
		if r.o.OnStep != nil {
			r.o.OnStep(StepInfo{Step: r.step, SimTime: r.now, State: r.fsm.Current(), GameInfo: r.game})
		}
	}
}
