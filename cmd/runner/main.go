// Command runner is rescuekit's one CLI: it plays Erebus games on the
// embedded simulator or on Webots, evaluates strategies, and works with
// worlds and plugins.
//
// Each subcommand lives in a file of its own and registers itself in init
// with register, so subcommands never edit this file.
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
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
	return root
}

func main() {
	if err := newRoot().Execute(); err != nil {
		fmt.Fprintln(os.Stderr, "runner:", err)
		os.Exit(1)
	}
}
