// Package sdktest is the conformance test every behavior plugin should
// pass, in the manner of testing/fstest.TestFS: call TestBehavior from the
// plugin's own tests.
//
//	func TestConformance(t *testing.T) {
//		sdktest.TestBehavior(t, func() sdk.Behavior { return explore.New() })
//	}
package sdktest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// TestBehavior checks the Behavior that newBehavior returns (called for
// each fresh instance it needs):
//
//   - its Description is valid;
//   - as a Configurer, it accepts its own declared defaults;
//   - it steps without panicking through a scripted game: sensors absent
//     and present, every state it drives, driver and not, supervisor
//     messages, comms errors;
//   - a watcher, or a plugin that is not the driver of a step, sends no
//     wheel, LED or outbound command (they would be ignored or refused);
//   - it writes only the blackboard keys it declares, and requests only
//     non-empty events;
//   - two instances configured with the same seed answer the same script
//     with the same actions (runs replay exactly).
func TestBehavior(t *testing.T, newBehavior func() sdk.Behavior) {
	t.Helper()
	if err := Check(newBehavior); err != nil {
		t.Error(err)
	}
}

// Check runs the checks TestBehavior runs and returns every problem found,
// joined, or nil.
func Check(newBehavior func() sdk.Behavior) error {
	b := newBehavior()
	if b == nil {
		return errors.New("sdktest: newBehavior returned nil")
	}
	desc := b.Describe()
	if err := desc.Validate(); err != nil {
		return fmt.Errorf("sdktest: Description: %w", err)
	}
	script := Script(desc)
	first, err := run(b, desc, script)
	if err != nil {
		return err
	}
	b2 := newBehavior()
	if b2 == nil {
		return errors.New("sdktest: newBehavior returned nil the second time")
	}
	second, err := run(b2, desc, script)
	if err != nil {
		return err
	}
	for i := range first {
		if !proto.Equal(first[i], second[i]) {
			return fmt.Errorf("sdktest: step %d: same seed, same observations, different actions:\n%v\n%v", script[i].GetStep(), first[i], second[i])
		}
	}
	return nil
}

// run serves b in process with the SDK's own service (sdk.InProcess, the
// code a plugin process runs), configures it with its declared defaults and
// seed 1, and steps it through the script, checking each action.
func run(b sdk.Behavior, desc sdk.Description, script []*pluginpb.Observation) ([]*pluginpb.Action, error) {
	p := sdk.NewInProcess(b)
	defer p.Kill()
	ctx := context.Background()
	if err := p.Configure(ctx, nil, 1); err != nil {
		return nil, fmt.Errorf("sdktest: Configure with the declared defaults: %w", err)
	}
	var actions []*pluginpb.Action
	var problems []error
	for _, obs := range script {
		act, err := step(ctx, p, obs)
		if err != nil {
			return nil, fmt.Errorf("sdktest: step %d (state %q, driver %v): %w", obs.GetStep(), obs.GetState(), obs.GetDriver(), err)
		}
		problems = append(problems, check(desc, obs, act)...)
		actions = append(actions, act)
	}
	return actions, errors.Join(problems...)
}

// step steps p, naming a panic. A Step error is allowed (the runner
// copes), so it is not reported: it counts as an empty Action.
func step(ctx context.Context, p *sdk.InProcess, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	act, err := p.Step(ctx, obs)
	if pe := (*sdk.PanicError)(nil); errors.As(err, &pe) {
		return nil, fmt.Errorf("Step panicked: %v", pe.Value)
	}
	if err != nil {
		return nil, err
	}
	if act.GetError() != "" {
		return &pluginpb.Action{}, nil
	}
	return act, nil
}

func check(desc sdk.Description, obs *pluginpb.Observation, act *pluginpb.Action) []error {
	var errs []error
	at := fmt.Sprintf("sdktest: step %d (state %q, driver %v)", obs.GetStep(), obs.GetState(), obs.GetDriver())
	if desc.IsWatcher() || !obs.GetDriver() {
		if act.GetWheels() != nil || len(act.GetLeds()) > 0 || len(act.GetOutbound()) > 0 {
			errs = append(errs, fmt.Errorf("%s: a plugin that does not drive sent wheels %v, LEDs %v or outbound %v", at, act.GetWheels(), act.GetLeds(), act.GetOutbound()))
		}
	}
	if w := act.GetWheels(); w != nil && (math.IsNaN(w.GetLeft()) || math.IsNaN(w.GetRight()) || math.IsInf(w.GetLeft(), 0) || math.IsInf(w.GetRight(), 0)) {
		errs = append(errs, fmt.Errorf("%s: wheel command %v is not finite", at, w))
	}
	for _, key := range slices.Sorted(maps.Keys(act.GetBlackboard())) {
		if !slices.Contains(desc.BlackboardWrites, key) {
			errs = append(errs, fmt.Errorf("%s: writes blackboard key %q, not declared in BlackboardWrites %v", at, key, desc.BlackboardWrites))
		}
	}
	for _, ev := range act.GetEvents() {
		if ev == "" {
			errs = append(errs, fmt.Errorf("%s: requests an empty event", at))
		}
	}
	return errs
}

// Script returns the observations TestBehavior plays: for each state the
// plugin drives (or one state for a watcher), as driver and not, with
// sensors absent, then present, with supervisor messages and errors.
func Script(desc sdk.Description) []*pluginpb.Observation {
	states := desc.States
	if len(states) == 0 {
		states = []string{"explore"}
	}
	var script []*pluginpb.Observation
	var n uint64
	next := func(state string, driver bool, full bool) *pluginpb.Observation {
		n++
		obs := &pluginpb.Observation{Step: n, SimTime: float64(n) * 0.016, State: state, Driver: driver && !desc.IsWatcher()}
		if full {
			fill(obs, desc, n)
		}
		return obs
	}
	for _, s := range states {
		script = append(script, next(s, true, false), next(s, false, false))
		for range 3 {
			script = append(script, next(s, true, true))
		}
		script = append(script, next(s, false, true))
	}
	last := next(states[0], true, true)
	last.Inbox = []*pluginpb.Inbound{
		{Kind: &pluginpb.Inbound_GameInfo{GameInfo: &pluginpb.GameInfo{Score: 12.5, GameSecondsLeft: 400, RealSecondsLeft: 700}}},
		{Kind: &pluginpb.Inbound_LackOfProgress{LackOfProgress: &pluginpb.LackOfProgress{}}},
	}
	last.Errors = []string{"comms: report refused: the robot has not stood still for 1 s"}
	last.StillSeconds = 2
	return append(script, last)
}

// fill sets every sensor to plausible values of the default Erebus robot.
func fill(obs *pluginpb.Observation, desc sdk.Description, n uint64) {
	f := float64(n)
	obs.Gps = &pluginpb.Vec3{X: 0.1 + f*0.001, Y: 0.03, Z: -0.2}
	obs.Gyro = &pluginpb.Vec3{Y: 0.01}
	obs.Accelerometer = &pluginpb.Vec3{Y: 9.81}
	obs.InertialUnit = &pluginpb.InertialUnit{Yaw: 0.01 * f}
	obs.WheelPositions = &pluginpb.WheelPositions{Left: f * 0.1, Right: f * 0.1}
	obs.Distance = []float64{0.8, 0.8, 0.05, 0.8, 0.8, 0.8, 0.8, 0.8}
	obs.Colour = &pluginpb.Colour{R: 250, G: 250, B: 250}
	if desc.Lidar {
		const res, layers = 512, 4
		ranges := make([]float32, res*layers)
		for i := range ranges {
			ranges[i] = 0.3
		}
		ranges[0] = float32(math.Inf(1))
		obs.Lidar = &pluginpb.Lidar{Ranges: ranges, HorizontalResolution: res, Layers: layers, Fov: 2 * math.Pi, MinRange: 0.006, MaxRange: 0.8}
	}
	for _, name := range desc.Cameras {
		frame := make([]byte, 64*40*4)
		for i := range frame {
			frame[i] = byte(i)
		}
		obs.Cameras = append(obs.Cameras, &pluginpb.CameraFrame{Name: name, Width: 64, Height: 40, Bgra: frame})
	}
	obs.Blackboard = map[string][]byte{}
	for _, k := range desc.BlackboardReads {
		obs.Blackboard[k] = []byte{}
	}
}
