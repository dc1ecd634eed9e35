package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/plugins/host"
)

// pinSep separates a --plugin path from the SHA-256 pin of the binary.
const pinSep = "@sha256:"

// applyPluginFlags applies --plugin NAME=PATH[@sha256:HEX] and
// --drop-pin NAME to cfg. A --plugin over a plugin the config pins must give
// the new binary's hash, or the pin must be dropped with --drop-pin: a pin
// is never lost without the command line saying so.
func applyPluginFlags(cfg *framework.Config, plugins, dropPins []string) error {
	known := func(flag, name string) (framework.PluginConfig, error) {
		pc, ok := cfg.Plugins[name]
		if !ok {
			return pc, fmt.Errorf("%s %s: the config has no plugin %q (it has %s)", flag, name, name, strings.Join(cfg.PluginNames(), ", "))
		}
		return pc, nil
	}
	for _, name := range dropPins {
		pc, err := known("--drop-pin", name)
		if err != nil {
			return err
		}
		pc.SHA256 = ""
		cfg.Plugins[name] = pc
	}
	for _, p := range plugins {
		name, path, ok := strings.Cut(p, "=")
		path, pin, pinned := strings.Cut(path, pinSep)
		if !ok || name == "" || path == "" || (pinned && pin == "") {
			return fmt.Errorf("--plugin %q: want NAME=PATH or NAME=PATH@sha256:HEX, e.g. --plugin explore=./bin/wallfollow", p)
		}
		pc, err := known("--plugin", name)
		if err != nil {
			return err
		}
		if _, err := os.Stat(path); err != nil {
			return fmt.Errorf("--plugin %s: %w", p, err)
		}
		dropped := slices.Contains(dropPins, name)
		switch {
		case pinned && dropped:
			return fmt.Errorf("--plugin %s with --drop-pin %s: give a new pin or drop it, not both", p, name)
		case pinned:
			pin = strings.ToLower(pin)
			if len(pin) != 64 || strings.Trim(pin, "0123456789abcdef") != "" {
				return fmt.Errorf("--plugin %s: the pin after %s must be 64 hex digits", p, pinSep)
			}
			pc.SHA256 = pin
		case pc.SHA256 != "":
			got, herr := host.FileSHA256(path)
			hint := "its SHA-256 is " + got
			if herr != nil {
				hint = herr.Error()
			}
			return fmt.Errorf("--plugin %s: the config pins plugin %s to sha256 %s; to run %s instead, give its hash (--plugin %s=%s%s<hex>; %s) or drop the pin (--drop-pin %s)",
				p, name, pc.SHA256, path, name, path, pinSep, hint, name)
		}
		pc.Cmd = path
		cfg.Plugins[name] = pc
	}
	return nil
}
