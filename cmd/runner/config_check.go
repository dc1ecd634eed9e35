package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
)

// checkConfigFile runs on the config file path every check `run` runs
// before it plays: the config itself (fields, with "did you mean" for near
// names, and values), the lockfile beside it, and every plugin started once:
// its binary and sha256 pin, the states it drives against its description,
// its parameter names and values.
func checkConfigFile(cmd *cobra.Command, path, lock string) error {
	f := gameFlags{config: path, lock: lock}
	cfg, err := f.loadConfig()
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	if err := framework.CheckPlugins(cmd.Context(), cfg, game.Launcher(exe, zap.NewNop(), nil)); err != nil {
		return fmt.Errorf("%s:\n%w", path, err)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "%s: valid (config, lockfile, and %d plugins started, described and configured)\n", path, len(cfg.PluginNames()))
	return nil
}
