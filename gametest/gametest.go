// Package gametest plays whole Erebus games in the test's own process, on
// the embedded simulator, with the built-in behaviors and a team's own: the
// whole-game test of a plugin module that lives outside rescuekit.
//
// A plugin module's test swaps its behavior in for a built-in one, by the
// name the runner config gives it, and reads the score:
//
//	res, err := gametest.Play(ctx, gametest.Options{
//		Behaviors: map[string]func() sdk.Behavior{"explore": func() sdk.Behavior { return newExplorer() }},
//	})
//
// It is the game `runner run --plugin explore=./bin/PLUGIN` plays, without
// plugin processes: the same seed gives the same game.
package gametest

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/rescuekit/rescuekit/behaviors/exit"
	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/examples/worlds"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Result is the record of a game: the referee's score and events and the
// runner's summary (what `runner run --json` prints).
type Result = game.Result

// Options describe one game. The zero value plays the runner's default game:
// the embedded example world, seed 0, the default config, the built-in
// behaviors.
type Options struct {
	// World is the path of an Erebus world (.wbt); "" plays the embedded
	// example world `runner run` plays by default.
	World string
	// Seed seeds the simulator's noise and the plugins.
	Seed int64
	// Noise adds the seeded sensor and wheel noise `runner run --noise` adds.
	Noise bool
	// Config is the runner config; nil is the default one
	// (framework.DefaultConfig). It plays in lockstep with a generous
	// real-time budget, so that the game depends on its seed alone.
	Config *framework.Config
	// Behaviors replace the built-in behaviors by the config's plugin name
	// ("explore", "victimdetect", "report", "exit"); a name the config does
	// not have is an error.
	Behaviors map[string]func() sdk.Behavior
	// Params set plugin parameters by plugin name, over the config's.
	Params map[string]map[string]string
}

// Builtins returns constructors of the runner's built-in behaviors, by the
// name the default config gives them.
func Builtins() map[string]func() sdk.Behavior {
	return map[string]func() sdk.Behavior{
		"explore":      func() sdk.Behavior { return explore.New() },
		"victimdetect": func() sdk.Behavior { return victimdetect.New() },
		"report":       func() sdk.Behavior { return report.New() },
		"exit":         func() sdk.Behavior { return exit.New() },
	}
}

// Play plays one whole game to its end.
func Play(ctx context.Context, o Options) (Result, error) {
	cfg := framework.DefaultConfig()
	if o.Config != nil {
		cfg = *o.Config
	}
	cfg = game.Reproducible(cfg)
	cfg.Plugins = maps.Clone(cfg.Plugins)
	for name, params := range o.Params {
		pc, ok := cfg.Plugins[name]
		if !ok {
			return Result{}, fmt.Errorf("gametest: Params for plugin %q: the config has no such plugin (it has %s)", name, strings.Join(cfg.PluginNames(), ", "))
		}
		merged := maps.Clone(pc.Params)
		if merged == nil {
			merged = map[string]string{}
		}
		maps.Copy(merged, params)
		pc.Params = merged
		cfg.Plugins[name] = pc
	}
	behaviors := Builtins()
	for name, mk := range o.Behaviors {
		if _, ok := cfg.Plugins[name]; !ok {
			return Result{}, fmt.Errorf("gametest: behavior %q: the config has no plugin of that name (it has %s)", name, strings.Join(cfg.PluginNames(), ", "))
		}
		behaviors[name] = mk
	}
	for _, name := range cfg.PluginNames() {
		if _, ok := behaviors[name]; !ok {
			return Result{}, fmt.Errorf("gametest: the config's plugin %q is no built-in behavior: give it in Options.Behaviors (built in: %s)",
				name, strings.Join(slices.Sorted(maps.Keys(Builtins())), ", "))
		}
	}
	if err := cfg.Validate(); err != nil {
		return Result{}, fmt.Errorf("gametest: %w", err)
	}
	w, err := loadWorld(o.World)
	if err != nil {
		return Result{}, fmt.Errorf("gametest: %w", err)
	}
	opts := game.Options{World: w, Config: cfg, Launch: game.InProcess(behaviors), Seed: o.Seed}
	if o.Noise {
		opts.Noise = game.DefaultNoise
	}
	return game.Play(ctx, opts)
}

func loadWorld(path string) (*world.World, error) {
	if path == "" {
		name, data := worlds.Default()
		return world.Parse(name, data)
	}
	return world.Load(path)
}
