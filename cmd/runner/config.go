package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/framework"
)

func init() { register(newConfigCmd) }

func newConfigCmd() *cobra.Command {
	var check string
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
			if _, err := framework.LoadConfig(check); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: valid\n", check)
			return nil
		},
	}
	cmd.Flags().StringVar(&check, "check", "", "validate this config file instead of printing the default")
	return cmd
}
