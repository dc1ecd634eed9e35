package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// builtins are the behaviors the runner binary serves when it re-executes
// itself as `runner plugin NAME`.
var builtins = map[string]func() sdk.Behavior{}

func init() { register(newPluginCmd) }

func newPluginCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "plugin NAME",
		Short: "plugin new NAME writes a plugin module; plugin NAME serves a built-in behavior (the runner starts this itself)",
		Args:  cobra.MinimumNArgs(1),
		// The plugin protocol owns stdout and the flags (--describe).
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			mk, ok := builtins[args[0]]
			if !ok {
				return fmt.Errorf("no built-in behavior %q (built in: %s)", args[0], strings.Join(slices.Sorted(maps.Keys(builtins)), ", "))
			}
			sdk.Serve(mk())
			return nil
		},
	}
	cmd.AddCommand(newPluginNewCmd())
	return cmd
}
