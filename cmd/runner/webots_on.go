//go:build webots

package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/webots"
)

// runWebots plays the game Webots runs: the runner owns the robot's step loop
// through libController. Open and every step happen on this goroutine, as
// libController requires.
func runWebots(ctx context.Context, cmd *cobra.Command, cfg framework.Config, launch framework.Launcher, log *zap.Logger, f *runFlags) error {
	// libController gives no word of its own while it looks for Webots, and
	// ends the process itself (exit code 1) when it finds none after about
	// 50 s: say first what is happening.
	where := "the Webots running on this machine"
	if u := os.Getenv("WEBOTS_CONTROLLER_URL"); u != "" {
		where = u
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "runner: connecting to %s as robot controller; if no Webots (Erebus) is running there, libController retries for about 50 s and then exits with code 1\n", where)
	// The supervisor never tells the robot its Erebus version: the comms gate
	// checks the map legend of --rules, by default the season's (v26.1).
	rules, err := webotsRules(f.rules)
	if err != nil {
		return err
	}
	robot, err := webots.Open(webots.Options{})
	if err != nil {
		return fmt.Errorf("webots: %w", err)
	}
	// Close after the game makes no libController call (see webots.Robot.Close):
	// the summary below is written before it either way.
	defer func() { _ = robot.Close() }()
	sum, err := framework.Run(ctx, framework.Options{Config: cfg, Robot: robot, Launch: launch, Logger: log, Seed: f.seed, Watch: f.watch, Rules: rules})
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return printRunnerSummary(cmd, sum, f.json, playedPlugins(cfg, exe, sum))
}
