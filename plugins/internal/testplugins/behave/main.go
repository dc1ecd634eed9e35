// Command behave is the one test plugin: the plugin process the tests of
// plugins/host, framework and cmd/runner start. Its arguments are
// [NAME [MODE [STEP [MARKER]]]]; NAME (default "behave") is its name.
//
// Without a MODE it drives the states explore, panic, sleep, print, fail,
// spin and fork, reads the camera "front" every 4th step, and the state of
// each Observation names what the step does (the acts below); in any other
// state it answers wheels (step, -step), echoes the Observation's errors as
// events and copies its blackboard, adding the key "speed".
//
// With a MODE it plays the role NAME has in the default config (explore,
// report and exit drive the state of their name; any other name is a
// watcher), answers wheels (2, 2) when it drives and nothing otherwise, and
// MODE names the act of step STEP:
//
//   - normal: no act;
//   - print: the act at every step up to STEP;
//   - bigbb: declares the blackboard keys k0 … k9 and, at step STEP, writes
//     450 KiB to each (4.5 MB in all: more than gRPC's 4 MiB limit if the
//     runner took them into every Observation);
//   - declare: declares the blackboard key "map" and writes "declare NAME"
//     to it at every step;
//   - crashhang: panics at step STEP; a process started while MARKER exists
//     hangs in Configure;
//   - late: from step STEP on, answers step N only once the file MARKER
//     holds a number of at least N (it polls it every millisecond; after 20 s
//     it answers anyway), so that a test can hold each answer until the
//     runner has moved on to the next step.
//
// When MARKER is given, an act that ends or wedges the process (panic,
// spin, crashhang) happens only while the file MARKER does not exist, and
// creates it first, so that the restarted process runs normally.
//
// The acts:
//
//   - panic: panics (the plugin crashes mid-stream);
//   - sleep: sleeps for the "sleep" parameter, then answers;
//   - print: prints "printed on stdout at step N" and "hello from NAME at
//     step N" on stdout and "printed on stderr at step N" on stderr, and
//     logs the warning "logged a warning";
//   - fail: returns an error;
//   - spin: spins on its one thread forever (a busy loop);
//   - fork: starts a child process (sleep 300) that shares its stdout and
//     stderr, and answers with the child's pid in the blackboard key
//     "child".
//
// Its parameters, in both forms: sleep (default 1s), speed (default 1, the
// value of the blackboard key "speed") and configure_sleep (default 0s, how
// long Configure takes).
package main

import (
	"bytes"
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

// behave is the test plugin; mode is "" when it was started without one.
type behave struct {
	name, mode, marker string
	at                 uint64

	mu    sync.Mutex
	sleep time.Duration
	speed string
}

func (b *behave) Describe() sdk.Description {
	d := sdk.Description{
		Name:    b.name,
		Version: "0.1.0",
		Params: map[string]sdk.Param{
			"sleep":           {Default: "1s", Description: "how long the act sleep takes"},
			"speed":           {Default: "1", Description: "a value echoed in the blackboard key speed"},
			"configure_sleep": {Default: "0s", Description: "how long Configure takes"},
		},
	}
	if b.mode == "" {
		d.States = []string{"explore", "panic", "sleep", "print", "fail", "spin", "fork"}
		d.Cameras, d.CameraEveryNSteps = []string{"front"}, 4
		return d
	}
	switch b.name {
	case "explore", "report", "exit":
		d.States = []string{b.name}
	}
	switch b.mode {
	case "bigbb":
		for i := range 10 {
			d.BlackboardWrites = append(d.BlackboardWrites, fmt.Sprintf("k%d", i))
		}
	case "declare":
		d.BlackboardWrites = []string{"map"}
	}
	return d
}

func (b *behave) Configure(_ context.Context, cfg sdk.Config) error {
	if b.mode == "crashhang" && b.markerExists() {
		select {}
	}
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

// act returns what step obs does: its state without a MODE, MODE at the
// steps MODE names otherwise ("" for none).
func (b *behave) act(obs *pluginpb.Observation) string {
	step := obs.GetStep()
	switch {
	case b.mode == "":
		return obs.GetState()
	case b.mode == "declare", b.mode == "print" && step <= b.at, b.mode == "late" && step >= b.at:
		return b.mode
	case step == b.at:
		return b.mode
	}
	return ""
}

func (b *behave) markerExists() bool {
	if b.marker == "" {
		return false
	}
	_, err := os.Stat(b.marker)
	return err == nil
}

// once reports whether an act that ends or wedges the process goes ahead:
// always without a MARKER; with one, only while it does not exist (it is
// created first).
func (b *behave) once() bool {
	if b.marker == "" {
		return true
	}
	if b.markerExists() {
		return false
	}
	_ = os.WriteFile(b.marker, []byte(b.mode), 0o644)
	return true
}

// waitRelease waits until the file b.marker holds a number of at least
// step, or 20 s.
func (b *behave) waitRelease(step uint64) {
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		data, err := os.ReadFile(b.marker)
		if n, perr := strconv.ParseUint(string(bytes.TrimSpace(data)), 10, 64); err == nil && perr == nil && n >= step {
			return
		}
	}
}

func (b *behave) Step(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	b.mu.Lock()
	sleep, speed := b.sleep, b.speed
	b.mu.Unlock()
	bb := map[string][]byte{}
	switch b.act(obs) {
	case "panic", "crashhang":
		if b.once() {
			panic(fmt.Sprintf("behave %s: told to panic at step %d", b.name, obs.GetStep()))
		}
	case "sleep":
		time.Sleep(sleep)
	case "late":
		b.waitRelease(obs.GetStep())
	case "print":
		fmt.Printf("printed on stdout at step %d\n", obs.GetStep())
		fmt.Printf("hello from %s at step %d\n", b.name, obs.GetStep())
		fmt.Fprintf(os.Stderr, "printed on stderr at step %d\n", obs.GetStep())
		sdk.Logger().Warn("logged a warning", zap.Uint64("step", obs.GetStep()))
	case "fail":
		return nil, errors.New("told to fail")
	case "spin":
		if b.once() {
			for spins := 0; ; spins++ {
				if spins < 0 {
					break
				}
			}
		}
	case "fork":
		child := exec.Command("sleep", "300")
		child.Stdout, child.Stderr = os.Stdout, os.Stderr
		if err := child.Start(); err != nil {
			return nil, fmt.Errorf("fork: %w", err)
		}
		bb["child"] = []byte(strconv.Itoa(child.Process.Pid))
	case "bigbb":
		for _, k := range b.Describe().BlackboardWrites {
			bb[k] = bytes.Repeat([]byte{'x'}, 450<<10)
		}
	case "declare":
		bb["map"] = []byte("declare " + b.name)
	}
	if b.mode != "" {
		a := &pluginpb.Action{}
		if len(bb) > 0 {
			a.Blackboard = bb
		}
		if obs.GetDriver() {
			a.Wheels = &pluginpb.Wheels{Left: 2, Right: 2}
		}
		return a, nil
	}
	bb["speed"] = []byte(speed)
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
	args := append(os.Args[1:], "", "", "", "")
	b := &behave{name: args[0], mode: args[1], marker: args[3], sleep: time.Second, speed: "1"}
	if b.name == "" || b.name == pluginpb.DescribeFlag {
		b.name, b.mode = "behave", ""
	}
	if b.mode == pluginpb.DescribeFlag {
		b.mode = ""
	}
	b.at, _ = strconv.ParseUint(args[2], 10, 64)
	sdk.Serve(b)
}
