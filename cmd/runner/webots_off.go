//go:build !webots

package main

import (
	"context"
	"errors"

	"github.com/spf13/cobra"
	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/framework"
)

// runWebots refuses: this build has no Webots backend.
func runWebots(context.Context, *cobra.Command, framework.Config, framework.Launcher, *zap.Logger, *runFlags) error {
	return errNoWebots
}

// errNoWebots is returned by runWebots in a runner built without the tag.
var errNoWebots = errors.New("--backend webots: this runner was built without Webots support; rebuild it with `go build -tags webots ./cmd/runner` (see docs/webots.md)")
