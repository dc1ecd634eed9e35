//go:build webots

package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/webots"
)

// runWebots plays the game Webots runs: the runner owns the robot's step loop
// through libController. Open and every step happen on this goroutine, as
// libController requires.
func runWebots(ctx context.Context, cmd *cobra.Command, cfg framework.Config, launch framework.Launcher, log *zap.Logger, f *runFlags) error {
	robot, err := webots.Open(webots.Options{})
	if err != nil {
		return fmt.Errorf("webots: %w", err)
	}
	defer func() { _ = robot.Close() }()
	sum, err := framework.Run(ctx, framework.Options{Config: cfg, Robot: robot, Launch: launch, Logger: log, Seed: f.seed, Watch: f.watch})
	if err != nil {
		return err
	}
	return printRunnerSummary(cmd, sum, f.json)
}
