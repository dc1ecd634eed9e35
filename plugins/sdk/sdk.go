// Package sdk is the author side of a rescuekit behavior plugin.
//
// A plugin's main is one line:
//
//	func main() { sdk.Serve(sdk.New(desc, step)) }
//
// Serve owns everything between the behavior and the runner: the go-plugin
// handshake and protocol versions, the gRPC service, the long-lived Step
// stream, the --describe flag, the debug mode and the logger.
//
// # Logging and printing
//
// Logger returns a zap logger that writes to the process's original stderr
// in the JSON form go-plugin understands ("@level", "@message",
// "@timestamp"), so the runner re-emits every line in its own log, under
// the plugin's name, at the right level. Once Serve has started, anything
// the plugin prints with fmt.Print (os.Stdout) or to os.Stderr is carried to
// the runner as well, which logs it line by line. Do not print to stdout
// before calling Serve: the first line on stdout is the handshake.
//
// # Describe
//
// Run with --describe (anywhere among the arguments), a plugin prints its
// Description as JSON on stdout and exits: name, version, protocol_version,
// states, watcher, every_n_steps, cameras, camera_every_n_steps, lidar,
// blackboard keys and params.
//
// # Debug mode
//
// With RESCUEKIT_PLUGIN_DEBUG=1 in its environment a plugin does not wait to
// be started by a runner: it serves on its own (so it can run under a
// debugger, e.g. `RESCUEKIT_PLUGIN_DEBUG=1 dlv debug ./cmd/my-plugin`),
// prints one Reattach JSON line on stdout such as
//
//	{"protocol":"grpc","protocol_version":1,"network":"unix","address":"/tmp/plugin123","pid":4242}
//
// and waits until a runner attaches (host.Config.Reattach, parsed with
// host.ParseReattach) and detaches, or until interrupted. Its log then goes
// to the terminal.
//
// # Steps
//
// Step is called with one Observation at a time, never concurrently with
// another Step or with Configure. An Observation that arrives while Step is
// still busy with an older one replaces it: the behavior always works on
// the newest Observation, and the inbox and errors of the replaced ones are
// prepended to it so that no message is lost. A Step that returns an error
// answers an empty Action carrying the error (the runner keeps the robot
// safe and logs it); a Step that panics crashes the plugin, and the runner
// restarts it.
package sdk

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// Behavior is what a plugin implements: its metadata and one control step.
type Behavior interface {
	// Describe returns the plugin's metadata; it is called once, at start.
	Describe() Description
	// Step answers one Observation. A nil Action means "no command".
	Step(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error)
}

// Configurer is implemented by a Behavior that takes parameters. Configure
// is called once before the first Step, with every declared parameter set
// (to its default when the runner's configuration does not set it).
type Configurer interface {
	Configure(ctx context.Context, cfg Config) error
}

// Config is a plugin's configuration.
type Config struct {
	// Params holds a value for every parameter the Description declares.
	Params map[string]string
	// Seed makes the plugin's own randomness reproducible.
	Seed int64
}

// Func is a step function; like http.HandlerFunc it adapts a plain
// function to the Step method. Combine it with a Description using New.
type Func func(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error)

// Step calls f(ctx, obs).
func (f Func) Step(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	return f(ctx, obs)
}

// New returns a Behavior that describes itself with desc and steps with
// step.
func New(desc Description, step Func) Behavior {
	return funcBehavior{desc: desc, step: step}
}

type funcBehavior struct {
	desc Description
	step Func
}

var _ Behavior = funcBehavior{}

func (b funcBehavior) Describe() Description { return b.desc }

func (b funcBehavior) Step(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	if b.step == nil {
		return nil, errors.New("sdk: New was given a nil step function")
	}
	return b.step(ctx, obs)
}

// Description is a plugin's metadata, as the runner sees it.
type Description struct {
	// Name identifies the plugin (letters, digits, '-', '_').
	Name string
	// Version is the plugin's own version, e.g. "1.2.0".
	Version string
	// States are the FSM states the plugin can drive. A plugin that lists
	// none is a watcher: it runs beside the driver and never drives; it may
	// only request events and write the blackboard. The runner refuses a
	// config that makes a plugin drive a state not listed here.
	States []string
	// Watcher is optional: a plugin with no States is a watcher whether or
	// not it is set (IsWatcher), and setting it with States is an error.
	Watcher bool
	// EveryNSteps makes the plugin run every N steps while it does not
	// drive (0 or 1: every step): a watcher that needs fewer, or a driver
	// that keeps no state between its turns. The plugin driving the current
	// state runs every step.
	EveryNSteps int
	// Cameras names the camera frames the plugin wants.
	Cameras []string
	// CameraEveryNSteps attaches frames every N steps (0 or 1: every step).
	CameraEveryNSteps int
	// Lidar is true when the plugin wants the lidar ranges.
	Lidar bool
	// BlackboardReads and BlackboardWrites list the blackboard keys used.
	BlackboardReads  []string
	BlackboardWrites []string
	// Params declares the parameters the plugin accepts, by name.
	Params map[string]Param
}

// IsWatcher reports whether the plugin is a watcher: it lists no States.
func (d Description) IsWatcher() bool { return len(d.States) == 0 }

// Param documents one parameter.
type Param struct {
	Default     string
	Description string
}

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)

// Validate reports the first thing wrong with d, if any.
func (d Description) Validate() error {
	switch {
	case !nameRE.MatchString(d.Name):
		return fmt.Errorf("sdk: plugin name %q: want letters, digits, '-' or '_', starting with a letter or digit", d.Name)
	case d.Watcher && len(d.States) > 0:
		return fmt.Errorf("sdk: plugin %s is a watcher and lists states %v: a watcher never drives, leave States empty", d.Name, d.States)
	case d.EveryNSteps < 0:
		return fmt.Errorf("sdk: plugin %s: EveryNSteps is %d, want 0 or more", d.Name, d.EveryNSteps)
	case d.CameraEveryNSteps < 0:
		return fmt.Errorf("sdk: plugin %s: CameraEveryNSteps is %d, want 0 or more", d.Name, d.CameraEveryNSteps)
	}
	for _, s := range d.States {
		if s == "" {
			return fmt.Errorf("sdk: plugin %s: empty state name in States", d.Name)
		}
	}
	for _, c := range d.Cameras {
		if c == "" {
			return fmt.Errorf("sdk: plugin %s: empty camera name in Cameras", d.Name)
		}
	}
	for k := range d.Params {
		if k == "" {
			return fmt.Errorf("sdk: plugin %s: empty parameter name in Params", d.Name)
		}
	}
	return nil
}

// Proto returns d as the wire Description, stamped with the protocol
// version this SDK speaks.
func (d Description) Proto() *pluginpb.Description {
	return d.proto(pluginpb.ProtocolVersion)
}

func (d Description) proto(protocolVersion uint32) *pluginpb.Description {
	p := &pluginpb.Description{
		Name:              d.Name,
		Version:           d.Version,
		ProtocolVersion:   protocolVersion,
		States:            slices.Clone(d.States),
		Watcher:           d.IsWatcher(), // for runners that read it; the runner derives it from States
		EveryNSteps:       uint32(max(d.EveryNSteps, 0)),
		Cameras:           slices.Clone(d.Cameras),
		CameraEveryNSteps: uint32(max(d.CameraEveryNSteps, 0)),
		Lidar:             d.Lidar,
		BlackboardReads:   slices.Clone(d.BlackboardReads),
		BlackboardWrites:  slices.Clone(d.BlackboardWrites),
	}
	if len(d.Params) > 0 {
		p.Params = make(map[string]*pluginpb.Param, len(d.Params))
		for k, v := range d.Params {
			p.Params[k] = &pluginpb.Param{Default: v.Default, Description: v.Description}
		}
	}
	return p
}
