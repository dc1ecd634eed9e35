package host_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/plugins/host"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// Start a plugin, configure it, and run one step with a deadline.
//
// The example is compiled but not run, on purpose: it starts the runner
// binary as the built-in explore plugin (`runner plugin explore`), which a
// test binary is not; the package's tests start a real plugin instead.
func Example() {
	self, _ := os.Executable() // the runner
	p, err := host.Start(context.Background(), host.Config{
		Name:   "explore",
		Cmd:    []string{self, "plugin", "explore"}, // the runner serving a built-in behavior
		Logger: zap.NewExample(),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Kill()
	if err := p.Configure(context.Background(), map[string]string{"speed": "3"}, 1); err != nil {
		fmt.Println(err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 16*time.Millisecond)
	defer cancel()
	act, err := p.Step(ctx, &pluginpb.Observation{Step: 1, State: "explore", Driver: true})
	if err != nil {
		fmt.Println(err) // the robot holds still this step
		return
	}
	fmt.Println(act.GetWheels())
}

func ExampleParseReattach() {
	// The line a plugin started with RESCUEKIT_PLUGIN_DEBUG=1 prints.
	line := []byte(`{"protocol":"grpc","protocol_version":1,"network":"unix","address":"/tmp/plugin42","pid":4242}`)
	rc, err := host.ParseReattach(line)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rc.Pid, rc.Addr.Network(), rc.Addr)
	// host.Start(ctx, host.Config{Name: "explore", Reattach: rc}) attaches to it.
	// Output: 4242 unix /tmp/plugin42
}

func ExampleProtocolError() {
	fmt.Println(&host.ProtocolError{Plugin: "explore", PluginVersion: 1, RunnerVersion: 2})
	// Output: plugin explore speaks protocol 1, runner speaks 2: rebuild the plugin with the current rescuekit SDK
}
