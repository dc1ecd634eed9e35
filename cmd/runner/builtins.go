package main

import (
	"github.com/rescuekit/rescuekit/behaviors/exit"
	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// The built-in behaviors, served by `runner plugin NAME` and named
// "builtin" in the config. A team's custom runner adds its own here.
func init() {
	builtins["explore"] = func() sdk.Behavior { return explore.New() }
	builtins["victimdetect"] = func() sdk.Behavior { return victimdetect.New() }
	builtins["report"] = func() sdk.Behavior { return report.New() }
	builtins["exit"] = func() sdk.Behavior { return exit.New() }
}
