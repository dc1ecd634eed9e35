// Command runner is rescuekit's one CLI: it plays Erebus games on the
// embedded simulator or on Webots, evaluates strategies, and works with
// worlds and plugins.
//
// Each subcommand lives in a file of its own and registers itself in init
// with register, so subcommands never edit this file.
package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/hal/webots"
)

// commands holds the constructors of the subcommands, added by register.
var commands []func() *cobra.Command

// register adds a subcommand constructor; call it from init.
func register(c func() *cobra.Command) { commands = append(commands, c) }

// newRoot builds the root command with every registered subcommand.
func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "runner",
		Short: "rescuekit runner: play RoboCup Junior Rescue Simulation (Erebus) games with plugin behaviors",
		Long: `runner owns the robot's step loop, loads behavior plugins and plays Erebus games,
on the embedded simulator (the default, no Webots needed) or on Webots.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	for _, c := range commands {
		root.AddCommand(c())
	}
	setVersion(root)
	return root
}

// ConfigBesideBinary is the config file a runner started by Webots without
// arguments uses when it stands next to the binary.
const ConfigBesideBinary = "rescuekit.yaml"

// webotsArgs returns the arguments of a bare start by Webots (an uploaded
// Erebus controller gets none): play on Webots, with the config beside the
// binary when there is one. It returns nil when this is not such a start.
func webotsArgs(args []string, exe string, getenv func(string) string) []string {
	if len(args) > 0 || !webots.Built() {
		return nil
	}
	if getenv("WEBOTS_CONTROLLER_URL") == "" && !strings.HasPrefix(filepath.Base(exe), "robot0Controller") {
		return nil
	}
	run := []string{"run", "--backend", "webots"}
	if cfg := filepath.Join(filepath.Dir(exe), ConfigBesideBinary); fileExists(cfg) {
		run = append(run, "--config", cfg)
	}
	return run
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

func main() {
	root := newRoot()
	if exe, err := os.Executable(); err == nil {
		if args := webotsArgs(os.Args[1:], exe, os.Getenv); args != nil {
			root.SetArgs(args)
		}
	}
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "runner:", err)
		var ec interface{ ExitCode() int }
		if errors.As(err, &ec) {
			os.Exit(ec.ExitCode())
		}
		os.Exit(1)
	}
}
