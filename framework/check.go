package framework

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// CheckPlugins runs, for every enabled plugin of cfg, the checks Run runs
// when it starts the plugin, and returns every problem found, one a line:
// the binary starts (and matches its sha256 pin), the states it drives are
// ones its description lists, every parameter is one it declares, and its
// Configure accepts the values. The plugins are stopped before it returns.
func CheckPlugins(ctx context.Context, cfg Config, launch Launcher) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	var errs []error
	for _, name := range cfg.PluginNames() {
		pc := cfg.Plugins[name]
		conn, err := launch(ctx, name, pc)
		if err != nil {
			errs = append(errs, pluginError(name, err))
			continue
		}
		err = func() error {
			defer conn.Kill()
			desc, err := conn.Describe(ctx)
			if err != nil {
				return err
			}
			if err := checkDrives(name, pc, desc); err != nil {
				return err
			}
			if err := checkParams(name, pc, desc); err != nil {
				return err
			}
			return conn.Configure(ctx, pc.Params, 0)
		}()
		if err != nil {
			errs = append(errs, pluginError(name, err))
		}
	}
	return errors.Join(errs...)
}

// checkParams refuses a parameter the plugin's description does not
// declare, naming the nearest declared one.
func checkParams(name string, pc PluginConfig, desc *pluginpb.Description) error {
	declared := slices.Sorted(maps.Keys(desc.GetParams()))
	var errs []error
	for _, k := range slices.Sorted(maps.Keys(pc.Params)) {
		if _, ok := desc.GetParams()[k]; ok {
			continue
		}
		accepts := "none"
		if len(declared) > 0 {
			accepts = strings.Join(declared, ", ")
		}
		errs = append(errs, fmt.Errorf("%w: plugins.%s.params has %q, which the plugin (%s %s) does not declare%s (it accepts: %s)",
			ErrConfig, name, k, desc.GetName(), desc.GetVersion(), DidYouMean(k, declared), accepts))
	}
	return errors.Join(errs...)
}

// pluginError prefixes err with "plugin NAME: " unless it already says so
// (the host's errors do).
func pluginError(name string, err error) error {
	if strings.HasPrefix(err.Error(), "plugin "+name+": ") {
		return err
	}
	return fmt.Errorf("plugin %s: %w", name, err)
}
