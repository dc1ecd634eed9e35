// Command scripted is the plugin process the framework's process tests
// start. Its arguments: NAME MODE [STEP] [MARKER]. It drives the states its
// name drives in the default config (explore → explore, report → report,
// exit → exit; victimdetect is a watcher) and, by MODE:
//
//   - normal: answers every step (explore drives forward);
//   - panic: panics at step STEP, unless the file MARKER exists (it creates
//     it first), so the restarted process runs normally;
//   - sleep: sleeps 300 ms at step STEP;
//   - print: prints a line on stdout at every step up to STEP;
//   - bigbb: declares the blackboard keys k0 … k9 and, at step STEP, writes
//     450 KiB to each (4.5 MB in all: more than gRPC's 4 MiB limit if the
//     runner took them into every Observation);
//   - spin: at step STEP, unless the file MARKER exists (it creates it
//     first), spins on its one thread forever (a busy loop, GOMAXPROCS=1);
//   - crashhang: panics at step STEP, creating MARKER first; a process
//     started while MARKER exists hangs in Configure;
//   - declare: declares the blackboard key "map" and writes "MODE NAME" to
//     it at every step.
package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

func main() {
	args := append(os.Args[1:], "", "", "", "")
	name, mode, marker := args[0], args[1], args[3]
	at, _ := strconv.ParseUint(args[2], 10, 64)
	desc := sdk.Description{Name: name, Version: "1"}
	switch name {
	case "explore", "report", "exit":
		desc.States = []string{name}
	default:
		desc.Watcher = true
	}
	switch mode {
	case "bigbb":
		for i := range 10 {
			desc.BlackboardWrites = append(desc.BlackboardWrites, fmt.Sprintf("k%d", i))
		}
	case "declare":
		desc.BlackboardWrites = []string{"map"}
	}
	b := sdk.New(desc, func(_ context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
		var bb map[string][]byte
		switch {
		case (mode == "spin" || mode == "crashhang") && o.GetStep() == at:
			if _, err := os.Stat(marker); err == nil {
				break
			}
			_ = os.WriteFile(marker, []byte(mode), 0o644)
			if mode == "crashhang" {
				panic(fmt.Sprintf("scripted %s: panic at step %d", name, at))
			}
			for spins := 0; ; spins++ {
				if spins < 0 {
					break
				}
			}
		case mode == "bigbb" && o.GetStep() == at:
			bb = map[string][]byte{}
			for _, k := range desc.BlackboardWrites {
				bb[k] = bytes.Repeat([]byte{'x'}, 450<<10)
			}
			return &pluginpb.Action{Blackboard: bb}, nil
		case mode == "declare":
			a := &pluginpb.Action{Blackboard: map[string][]byte{"map": []byte("declare " + name)}}
			if o.GetDriver() {
				a.Wheels = &pluginpb.Wheels{Left: 2, Right: 2}
			}
			return a, nil
		case mode == "panic" && o.GetStep() == at:
			if _, err := os.Stat(marker); err != nil {
				_ = os.WriteFile(marker, []byte("panicked"), 0o644)
				panic(fmt.Sprintf("scripted %s: panic at step %d", name, at))
			}
		case mode == "sleep" && o.GetStep() == at:
			time.Sleep(300 * time.Millisecond)
		case mode == "print" && o.GetStep() <= at:
			fmt.Printf("hello from %s at step %d\n", name, o.GetStep())
		}
		if !o.GetDriver() {
			return nil, nil
		}
		return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 2, Right: 2}}, nil
	})
	if mode == "crashhang" {
		b = hangConfigure{b, marker}
	}
	sdk.Serve(b)
}

// hangConfigure hangs in Configure when its marker file exists.
type hangConfigure struct {
	sdk.Behavior
	marker string
}

func (h hangConfigure) Configure(context.Context, sdk.Config) error {
	if _, err := os.Stat(h.marker); err == nil {
		select {}
	}
	return nil
}
