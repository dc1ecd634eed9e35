package main

import (
	"context"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/bench"
	"github.com/rescuekit/rescuekit/plugins/host"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

func init() {
	register(newBenchCmd)
	builtins[bench.NoopPlugin] = func() sdk.Behavior {
		// It lists every state of the default config: the no-op dispatch
		// game serves it under each plugin name, drivers included.
		return sdk.New(sdk.Description{Name: bench.NoopPlugin, Version: "1", States: framework.DefaultConfig().FSM.States},
			func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) { return nil, nil })
	}
}

func newBenchCmd() *cobra.Command {
	var (
		worldPath string
		pings     int
		steps     int
		asJSON    bool
	)
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "measure the per-step dispatch to plugin processes against raw gRPC pings",
		Long: `bench measures, in one run and the same way: one raw go-plugin gRPC ping to a plugin process,
four raw pings to four plugin processes issued concurrently (the transport's limit for the step's
work), the runner's per-step dispatch to four no-op plugins, and to the four built-in behaviors
playing a game. It prints medians, 99th percentiles and their ratios.

The four measurements take turns in ten blocks each (the two games wait between their blocks), so
that a change in the machine's load weighs on all of them alike; the first two samples of every
block are not kept. Like "runner run", the runner uses one thread unless GOMAXPROCS is set.`,
		Example: `  runner bench
  runner bench --steps 3000 --pings 5000 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			exe, err := os.Executable()
			if err != nil {
				return err
			}
			w, err := loadWorld(worldPath, "")
			if err != nil {
				return err
			}
			oneProcess() // as `runner run`: the dispatch measured is the one a game gets
			rep, err := bench.Run(cmd.Context(), bench.Options{Exe: exe, World: w, Pings: pings, Steps: steps})
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSONOut(cmd.OutOrStdout(), benchOutput{SchemaVersion: SchemaVersion, Report: rep})
			}
			rep.Print(cmd.OutOrStdout())
			return nil
		},
	}
	cmd.Flags().StringVar(&worldPath, "world", "", "world for the dispatch games (default: the embedded example world)")
	cmd.Flags().IntVar(&pings, "pings", 2000, "number of raw pings and of concurrent ping rounds")
	cmd.Flags().IntVar(&steps, "steps", 2000, "control steps of each dispatch game")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as JSON")
	return cmd
}

func init() { register(newPluginsCmd) }

func newPluginsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "plugins",
		Short: "work with behavior plugins",
	}
	describe := &cobra.Command{
		Use:   "describe PATH|builtin:NAME",
		Short: "print a plugin's description (name, version, protocol, states, sensors) as JSON",
		Example: `  runner plugins describe ./bin/wallfollow
  runner plugins describe builtin:explore`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			argv := []string{args[0]}
			if name, ok := strings.CutPrefix(args[0], "builtin:"); ok {
				exe, err := os.Executable()
				if err != nil {
					return err
				}
				argv = []string{exe, "plugin", name}
			} else if _, err := os.Stat(args[0]); err != nil {
				return err
			}
			d, err := host.Describe(cmd.Context(), argv)
			if err != nil {
				return err
			}
			return writeDescribe(cmd.OutOrStdout(), d)
		},
	}
	cmd.AddCommand(describe, newPluginsLockCmd())
	return cmd
}
