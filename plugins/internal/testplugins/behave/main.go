// Command behave is the plugin the plugins/host tests start. What it does
// in a step depends on the Observation's state:
//
//   - "panic": panics (the plugin crashes mid-stream);
//   - "sleep": sleeps for the "sleep" parameter, then answers;
//   - "print": prints a line on stdout and one on stderr, logs a warning;
//   - "fail": returns an error;
//   - "spin": spins on its one thread forever (a busy loop);
//   - "fork": starts a child process (sleep 300) that shares its stdout and
//     stderr, and answers with the child's pid in the blackboard key
//     "child";
//   - anything else: answers wheels (step, -step), echoes the errors as
//     events and copies the blackboard.
//
// Its first argument, if any, becomes its name (default "behave").
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

type behave struct {
	name string

	mu    sync.Mutex
	sleep time.Duration
	speed string
}

func (b *behave) Describe() sdk.Description {
	return sdk.Description{
		Name:    b.name,
		Version: "0.1.0",
		States:  []string{"explore", "panic", "sleep", "print", "fail", "spin", "fork"},
		Cameras: []string{"front"}, CameraEveryNSteps: 4,
		Params: map[string]sdk.Param{
			"sleep":           {Default: "1s", Description: "how long a step in state sleep takes"},
			"speed":           {Default: "1", Description: "a value echoed in the blackboard key speed"},
			"configure_sleep": {Default: "0s", Description: "how long Configure takes"},
		},
	}
}

func (b *behave) Configure(_ context.Context, cfg sdk.Config) error {
	d, err := time.ParseDuration(cfg.Params["sleep"])
	if err != nil {
		return fmt.Errorf("param sleep: %w", err)
	}
	cs, err := time.ParseDuration(cfg.Params["configure_sleep"])
	if err != nil {
		return fmt.Errorf("param configure_sleep: %w", err)
	}
	time.Sleep(cs)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sleep, b.speed = d, cfg.Params["speed"]
	return nil
}

func (b *behave) Step(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	b.mu.Lock()
	sleep, speed := b.sleep, b.speed
	b.mu.Unlock()
	switch obs.GetState() {
	case "panic":
		panic(fmt.Sprintf("behave: told to panic at step %d", obs.GetStep()))
	case "sleep":
		time.Sleep(sleep)
	case "print":
		fmt.Printf("printed on stdout at step %d\n", obs.GetStep())
		fmt.Fprintf(os.Stderr, "printed on stderr at step %d\n", obs.GetStep())
		sdk.Logger().Warn("logged a warning", zap.Uint64("step", obs.GetStep()))
	case "fail":
		return nil, errors.New("told to fail")
	case "spin":
		for spins := 0; ; spins++ {
			if spins < 0 {
				break
			}
		}
	}
	bb := map[string][]byte{"speed": []byte(speed)}
	if obs.GetState() == "fork" {
		child := exec.Command("sleep", "300")
		child.Stdout, child.Stderr = os.Stdout, os.Stderr
		if err := child.Start(); err != nil {
			return nil, fmt.Errorf("fork: %w", err)
		}
		bb["child"] = []byte(strconv.Itoa(child.Process.Pid))
	}
	for k, v := range obs.GetBlackboard() {
		bb[k] = v
	}
	return &pluginpb.Action{
		Wheels:     &pluginpb.Wheels{Left: float64(obs.GetStep()), Right: -float64(obs.GetStep())},
		Events:     obs.GetErrors(),
		Blackboard: bb,
	}, nil
}

func main() {
	name := "behave"
	if len(os.Args) > 1 && os.Args[1] != pluginpb.DescribeFlag {
		name = os.Args[1]
	}
	sdk.Serve(&behave{name: name, sleep: time.Second, speed: "1"})
}
