// Package game assembles one Erebus game on the embedded simulator: a world,
// the simulated robot, the referee, the runner's step loop and the plugins.
// cmd/runner's run, eval and bench commands share it.
package game

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/hashicorp/go-plugin"
	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/host"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Options describe one game.
type Options struct {
	World  *world.World
	Config framework.Config
	Launch framework.Launcher
	Logger *zap.Logger
	Seed   int64
	Noise  sim.Noise
	Robot  sim.RobotSpec
	// WallClock measures the real-time limit with the wall clock, as Erebus
	// does; false uses the simulation time, which keeps games reproducible.
	WallClock bool
	Watch     bool
	// OnStep is called after every control step with the referee, whose
	// score it may read.
	OnStep func(framework.StepInfo, *referee.Referee)
	// OnStart, when set, is given the game's simulated robot and referee
	// before the first step (a recording reads them in OnStep).
	OnStart func(*sim.Sim, *referee.Referee)
	// OnPluginIO is framework.Options.OnPluginIO.
	OnPluginIO framework.PluginIOFunc
	// Textures are sim.Config.Textures: an Erebus installation's sign
	// pictures, nil for rescuekit's designs.
	Textures *sim.ErebusTextures
}

// Result is the record of a game.
type Result struct {
	World    string            `json:"world"`
	Seed     int64             `json:"seed"`
	Runner   framework.Summary `json:"runner"`
	Referee  referee.Summary   `json:"referee"`
	Events   []referee.Event   `json:"events"`
	MaxScore float64           `json:"max_score"`
	Signs    int               `json:"signs"`
	// Reports are the referee's verdicts on the reports, in order, each
	// with the plugins' estimate of the robot's pose when it arrived.
	Reports []Report `json:"reports"`
	// Map is the last map matrix the robot submitted, nil for none.
	Map [][]string `json:"map"`
}

// Report is the referee's verdict on one report (where the robot truly
// was, the position the report carried, the sign it matched and why) and
// RobotEstimate, where the plugins estimated the robot was when the report
// arrived: the last pose a plugin wrote under nav.KeyPose (the built-in
// explore writes its tracker's), nil when no plugin wrote one.
type Report struct {
	referee.Verdict
	RobotEstimate *Estimate `json:"robot_estimate,omitempty"`
}

// Estimate is a pose the plugins estimated (nav.KeyPose): position (m) and
// yaw (rad, Webots's: 0 faces −Z), and whether the yaw is known yet.
type Estimate struct {
	X        float64 `json:"x"`
	Z        float64 `json:"z"`
	Yaw      float64 `json:"yaw"`
	YawKnown bool    `json:"yaw_known"`
}

// PoseOf returns the pose estimate act writes under nav.KeyPose, if it
// writes one that decodes.
func PoseOf(act *pluginpb.Action) (Estimate, bool) {
	b, ok := act.GetBlackboard()[nav.KeyPose]
	if !ok {
		return Estimate{}, false
	}
	p, known, err := nav.DecodePose(b)
	if err != nil {
		return Estimate{}, false
	}
	return Estimate{X: p.X, Z: p.Z, Yaw: p.Yaw, YawKnown: known}, true
}

// estimates follows the plugins' pose estimate through a game and gives it
// to each verdict as it arrives.
type estimates struct {
	last    *Estimate
	reports []Report
}

func (e *estimates) pluginIO(_ string, _ *pluginpb.Observation, act *pluginpb.Action) {
	if est, ok := PoseOf(act); ok {
		e.last = &est
	}
}

func (e *estimates) step(ref *referee.Referee) {
	for _, v := range ref.Verdicts()[len(e.reports):] {
		e.reports = append(e.reports, Report{Verdict: v, RobotEstimate: e.last})
	}
}

// DefaultNoise is the noise `runner eval` plays with: small errors of the
// order real Erebus sensors show.
var DefaultNoise = sim.Noise{GPS: 0.001, Gyro: 0.002, WheelSlip: 0.02, Distance: 0.002, Accelerometer: 0.003}

// Play runs one game to its end.
func Play(ctx context.Context, o Options) (Result, error) {
	if o.Logger == nil {
		o.Logger = zap.NewNop()
	}
	ref, err := referee.New(o.World, referee.Config{})
	if err != nil {
		return Result{}, err
	}
	cfg := sim.Config{Robot: o.Robot, Supervisor: ref, Seed: uint64(o.Seed), Noise: o.Noise, Textures: o.Textures}
	if o.WallClock {
		start := time.Now()
		cfg.RealClock = func() float64 { return time.Since(start).Seconds() }
	}
	robot, err := sim.New(o.World, cfg)
	if err != nil {
		return Result{}, err
	}
	opts := framework.Options{Config: o.Config, Robot: robot, Launch: o.Launch, Logger: o.Logger, Seed: o.Seed, Watch: o.Watch,
		// Lockstep unless the config asks for real-time deadlines: the
		// simulator's time stands still while the runner waits.
		Lockstep:    !o.Config.Realtime,
		WheelRadius: o.Robot.WheelRadius, // 0 for the default robot: erebus.WheelRadius
		Rules:       o.World.GameRules(),
	}
	est := &estimates{}
	opts.OnStep = func(si framework.StepInfo) {
		est.step(ref)
		if o.OnStep != nil {
			o.OnStep(si, ref)
		}
	}
	opts.OnPluginIO = func(name string, obs *pluginpb.Observation, act *pluginpb.Action) {
		est.pluginIO(name, obs, act)
		if o.OnPluginIO != nil {
			o.OnPluginIO(name, obs, act)
		}
	}
	if o.OnStart != nil {
		o.OnStart(robot, ref)
	}
	sum, err := framework.Run(ctx, opts)
	if err != nil {
		return Result{}, err
	}
	est.step(ref) // a verdict of the game's end
	return Result{
		World: o.World.Name, Seed: o.Seed, Runner: sum, Referee: ref.Summary(), Events: ref.Events(),
		MaxScore: MaxScore(o.World), Signs: reportable(o.World),
		Reports: est.reports, Map: ref.SubmittedMap(),
	}, nil
}

// MaxScore is the best final score the world allows under its rules
// (referee.MaxScore).
func MaxScore(w *world.World) float64 { return referee.MaxScore(w) }

// reportable counts the signs a report can match: not fakes (never loaded),
// not targets of an invalid sum or blanked ones (v26 §3).
func reportable(w *world.World) int {
	n := 0
	for _, s := range w.Signs {
		if s.Letter != 0 && !s.Blank {
			n++
		}
	}
	return n
}

// Launcher starts plugins as processes: "builtin" re-executes exe (the runner
// itself) as `exe plugin NAME`; anything else is the plugin binary's path.
// A plugin named in attach is not started: the runner attaches to the
// plugin already running in debug mode (sdk's RESCUEKIT_PLUGIN_DEBUG). Plugin
// logs go to log under the plugin's name.
func Launcher(exe string, log *zap.Logger, attach map[string]*plugin.ReattachConfig) framework.Launcher {
	return func(ctx context.Context, name string, pc framework.PluginConfig) (framework.PluginConn, error) {
		if rc := attach[name]; rc != nil {
			return host.Start(ctx, host.Config{Name: name, Reattach: rc, Logger: log})
		}
		cmd := append([]string{pc.Cmd}, pc.Args...)
		if pc.Cmd == framework.Builtin {
			cmd = []string{exe, "plugin", name}
		} else if _, err := os.Stat(pc.Cmd); err != nil {
			return nil, fmt.Errorf("plugin binary: %w", err)
		}
		p, err := host.Start(ctx, host.Config{Name: name, Cmd: cmd, SHA256: pc.SHA256, Env: pc.EnvList(), Logger: log})
		if err != nil {
			return nil, err
		}
		return p, nil
	}
}

// InProcess returns a launcher that serves behaviors inside this process
// (sdk.InProcess, the SDK's own service): no plugin processes, for tests
// and fast evaluation. Every name in the config must have a constructor.
func InProcess(behaviors map[string]func() sdk.Behavior) framework.Launcher {
	return func(_ context.Context, name string, _ framework.PluginConfig) (framework.PluginConn, error) {
		mk, ok := behaviors[name]
		if !ok {
			return nil, fmt.Errorf("no in-process behavior %q", name)
		}
		return sdk.NewInProcess(mk()), nil
	}
}

// Reproducible returns cfg in lockstep (the embedded simulator's default)
// with a real-time budget so generous that no step goes over it: a game
// depends on its seed alone, and its summary carries no budget note. It is
// for tests and measurements of the behaviors, not for competition.
func Reproducible(cfg framework.Config) framework.Config {
	cfg.Realtime = false
	cfg.DeadlineMs, cfg.MaxMisses = 2000, 1000
	return cfg
}
