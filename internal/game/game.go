// Package game assembles one Erebus game on the embedded simulator: a world,
// the simulated robot, the referee, the runner's step loop and the plugins.
// cmd/runner's run, eval and bench commands share it.
package game

import (
	"context"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/hashicorp/go-plugin"
	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/framework/inproc"
	"github.com/rescuekit/rescuekit/plugins/host"
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
	// Reports are the referee's verdicts on the reports, in order.
	Reports []referee.Verdict `json:"reports"`
	// Map is the last map matrix the robot submitted, nil for none.
	Map [][]string `json:"map"`
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
	cfg := sim.Config{Robot: o.Robot, Supervisor: ref, Seed: uint64(o.Seed), Noise: o.Noise}
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
	if o.OnStep != nil {
		opts.OnStep = func(si framework.StepInfo) { o.OnStep(si, ref) }
	}
	opts.OnPluginIO = o.OnPluginIO
	if o.OnStart != nil {
		o.OnStart(robot, ref)
	}
	sum, err := framework.Run(ctx, opts)
	if err != nil {
		return Result{}, err
	}
	return Result{
		World: o.World.Name, Seed: o.Seed, Runner: sum, Referee: ref.Summary(), Events: ref.Events(),
		MaxScore: MaxScore(o.World), Signs: reportable(o.World),
		Reports: slices.Clone(ref.Verdicts()), Map: ref.SubmittedMap(),
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
// (framework/inproc): no plugin processes, for tests and fast evaluation.
// Every name in the config must have a constructor.
func InProcess(behaviors map[string]func() sdk.Behavior) framework.Launcher {
	return func(_ context.Context, name string, _ framework.PluginConfig) (framework.PluginConn, error) {
		mk, ok := behaviors[name]
		if !ok {
			return nil, fmt.Errorf("no in-process behavior %q", name)
		}
		return inproc.New(mk()), nil
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
