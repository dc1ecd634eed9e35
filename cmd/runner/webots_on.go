//go:build webots

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"text/tabwriter"
	"time"

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
	robot, err := webots.Open(webots.Options{})
	if err != nil {
		return fmt.Errorf("webots: %w", err)
	}
	// Close after the game makes no libController call (see webots.Robot.Close):
	// the summary below is written before it either way.
	defer func() { _ = robot.Close() }()
	sum, err := framework.Run(ctx, framework.Options{Config: cfg, Robot: robot, Launch: launch, Logger: log, Seed: f.seed, Watch: f.watch})
	if err != nil {
		return err
	}
	return printRunnerSummary(cmd, sum, f.json)
}

// printRunnerSummary prints what the runner knows of a game played where the
// referee is not ours (Webots): the score is Erebus's to show.
func printRunnerSummary(cmd *cobra.Command, s framework.Summary, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(cmd.OutOrStdout())
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	}
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "ended: %s after %d steps (%.1f s simulated, %s wall time), final state %s\n",
		s.EndReason, s.Steps, s.SimTime, s.WallTime.Round(time.Millisecond), s.FinalState)
	fmt.Fprintf(w, "comms: %d packets sent, refusals: %s; transitions %s\n", s.PacketsSent, mapStr(s.CommsRefusals), mapStr(s.Transitions))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	printPlugins(func(k, format string, a ...any) { fmt.Fprintf(tw, "%s\t%s\n", k, fmt.Sprintf(format, a...)) }, s)
	_ = tw.Flush()
	if s.BudgetNote != "" {
		fmt.Fprintln(w, s.BudgetNote)
	}
	return nil
}
