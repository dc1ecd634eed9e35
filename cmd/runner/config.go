package main

import (
	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/framework"
)

func init() { register(newConfigCmd) }

func newConfigCmd() *cobra.Command {
	var check, lock string
	cmd := &cobra.Command{
		Use:   "config",
		Short: "print the default runner config (documented YAML), or check one",
		Example: `  runner config > my.yaml     # start your own config from the default
  runner config --check my.yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if check == "" {
				_, err := cmd.OutOrStdout().Write(framework.DefaultConfigYAML())
				return err
			}
			return checkConfigFile(cmd, check, lock)
		},
	}
	cmd.Flags().StringVar(&check, "check", "", "check this config file as run would (fields, values, lockfile, and each plugin: pin, states, parameters) instead of printing the default")
	cmd.Flags().StringVar(&lock, "lock", "", "with --check: the lockfile to verify (default: the one beside the config, if any; off: none)")
	return cmd
}
