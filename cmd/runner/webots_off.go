//go:build !webots

package main

import (
	"context"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/framework"
)

// runWebots refuses: this build has no Webots backend.
func runWebots(context.Context, *cobra.Command, framework.Config, framework.Launcher, *zap.Logger, *runFlags) error {
	return errNoWebots
}
