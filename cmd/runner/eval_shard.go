package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/evalplan"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/plugins/host"
	"github.com/rescuekit/rescuekit/sim"
)

// evalSettings are the eval settings a record's header carries for the
// report (and that its config hash covers).
type evalSettings struct {
	Mode     string     `json:"mode"`
	BudgetMs int        `json:"budget_ms"`
	Noise    *sim.Noise `json:"noise,omitempty"`
	// Plugins are the config's enabled plugins, by name, with the path of
	// their binary ("builtin" for a behavior the runner serves): the
	// report's plugins_played, with the header's SHA-256s.
	Plugins []evalPlugin `json:"plugins,omitempty"`
}

// evalPlugin is a plugin of the eval's config: its name and binary.
type evalPlugin struct {
	Name string `json:"name"`
	Path string `json:"path"`
}

// evalShard reads --shard: "" is the whole plan, "auto" the cluster
// engine's environment, else I/N.
func evalShard(v string, getenv func(string) string) (evalplan.Shard, error) {
	switch v {
	case "":
		return evalplan.Whole, nil
	case "auto":
		return evalplan.ShardFromEnv(getenv)
	}
	return evalplan.ParseShard(v)
}

// checkParams refuses a swept parameter that the plugin does not declare
// (the plugin would refuse it at every game's start) or a plugin the config
// does not run.
func checkParams(ctx context.Context, cfg framework.Config, params []evalplan.Param) error {
	described := map[string]map[string]bool{}
	for _, p := range params {
		pc, ok := cfg.Plugins[p.Plugin]
		if !ok || pc.Disabled {
			return fmt.Errorf("--param %s: the config runs no plugin %q (it runs %s)", p.Key(), p.Plugin, strings.Join(cfg.PluginNames(), ", "))
		}
		known, ok := described[p.Plugin]
		if !ok {
			known = map[string]bool{}
			if pc.Cmd == framework.Builtin {
				mk, ok := builtins[p.Plugin]
				if !ok {
					return fmt.Errorf("--param %s: no built-in behavior %q", p.Key(), p.Plugin)
				}
				for k := range mk().Describe().Params {
					known[k] = true
				}
			} else {
				dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
				d, err := host.Describe(dctx, append([]string{pc.Cmd}, pc.Args...))
				cancel()
				if err != nil {
					return fmt.Errorf("--param %s: describing plugin %s: %w", p.Key(), p.Plugin, err)
				}
				for k := range d.GetParams() {
					known[k] = true
				}
			}
			described[p.Plugin] = known
		}
		if !known[p.Name] {
			return fmt.Errorf("--param %s: plugin %s has no parameter %q (it has: %s; see `runner plugins describe`)", p.Key(), p.Plugin, p.Name, strings.Join(slices.Sorted(maps.Keys(known)), ", "))
		}
	}
	return nil
}

// pointConfig is cfg with the parameter point's values set.
func pointConfig(cfg framework.Config, pt evalplan.Point) framework.Config {
	if len(pt) == 0 {
		return cfg
	}
	c := cfg
	c.Plugins = maps.Clone(cfg.Plugins)
	for _, s := range pt {
		plugin, name, _ := strings.Cut(s.Key, ".")
		pc := c.Plugins[plugin]
		pc.Params = maps.Clone(pc.Params)
		if pc.Params == nil {
			pc.Params = map[string]string{}
		}
		pc.Params[name] = s.Value
		c.Plugins[plugin] = pc
	}
	return c
}

// pointMap is the point as a map, nil for no sweep.
func pointMap(pt evalplan.Point) map[string]string {
	if len(pt) == 0 {
		return nil
	}
	m := make(map[string]string, len(pt))
	for _, s := range pt {
		m[s.Key] = s.Value
	}
	return m
}

// dropStepTimes returns r without its per-step timings (the percentiles
// stay): an eval keeps only what its report needs, whatever its length.
func dropStepTimes(r game.Result) game.Result {
	r.Runner.Dispatch = nil
	if r.Runner.Plugins != nil {
		ps := make(map[string]framework.PluginStats, len(r.Runner.Plugins))
		for n, p := range r.Runner.Plugins {
			p.StepTimes = nil
			ps[n] = p
		}
		r.Runner.Plugins = ps
	}
	return r
}

// evalHeader builds the record header: build, config and world-set
// identity, the plan and the shard.
func evalHeader(f *evalFlags, cfg framework.Config, ids []evalplan.WorldID, plan evalplan.Plan, params []evalplan.Param, shard evalplan.Shard) (evalplan.Header, error) {
	exe, err := os.Executable()
	if err != nil {
		return evalplan.Header{}, err
	}
	bins := map[string]string{}
	for name, pc := range cfg.Plugins {
		if !pc.Disabled {
			bins[name] = pc.Cmd
		}
	}
	build, err := evalplan.ThisBuild(exe, bins)
	if err != nil {
		return evalplan.Header{}, err
	}
	set := evalSettings{Mode: evalMode(cfg), BudgetMs: cfg.Deadline(), Noise: noiseIf(f.noise)}
	for _, name := range cfg.PluginNames() {
		set.Plugins = append(set.Plugins, evalPlugin{Name: name, Path: cfg.Plugins[name].Cmd})
	}
	settings, err := json.Marshal(set)
	if err != nil {
		return evalplan.Header{}, err
	}
	confJSON, err := json.Marshal(struct {
		Config   framework.Config
		Settings json.RawMessage
	}{cfg, settings})
	if err != nil {
		return evalplan.Header{}, fmt.Errorf("hashing the config: %w", err)
	}
	return evalplan.Header{
		SchemaVersion: evalplan.SchemaVersion, Kind: evalplan.KindHeader,
		Build: build, ConfigSHA256: evalplan.SHA256(confJSON),
		Worlds: ids, WorldSetSHA256: evalplan.WorldSetSHA256(ids),
		Plan: plan, Params: params, Shard: shard, Settings: settings,
	}, nil
}

// evalRecord is the record an eval writes, with the games it already holds.
type evalRecord struct {
	w      *evalplan.Writer
	played map[int]evalplan.Line
	// temp tells that the record is the eval's own (no --out): removed
	// when the eval succeeds.
	temp bool
}

// openRecord starts or continues the eval's record: --resume FILE
// continues FILE (after checking that it is a record of the same command),
// --out FILE starts FILE, neither starts a record in the temp directory.
func openRecord(f *evalFlags, head evalplan.Header) (*evalRecord, error) {
	switch {
	case f.resume != "":
		old, err := evalplan.Read(f.resume)
		if errors.Is(err, os.ErrNotExist) {
			w, err := evalplan.Create(f.resume, head)
			return &evalRecord{w: w, played: map[int]evalplan.Line{}}, err
		}
		if err != nil {
			return nil, err
		}
		if err := evalplan.Compatible(old.Header, head); err != nil {
			return nil, fmt.Errorf("--resume %s: it is not a record of this command: %w", f.resume, err)
		}
		if old.Header.Shard != head.Shard {
			return nil, fmt.Errorf("--resume %s: it is the record of shard %s, not %s", f.resume, old.Header.Shard, head.Shard)
		}
		played, _ := old.Played()
		w, err := evalplan.Append(old)
		return &evalRecord{w: w, played: played}, err
	case f.out != "":
		w, err := evalplan.Create(f.out, head)
		return &evalRecord{w: w, played: map[int]evalplan.Line{}}, err
	}
	path := filepath.Join(os.TempDir(), fmt.Sprintf("runner-eval-%d-%d.jsonl", os.Getpid(), time.Now().UnixNano()))
	w, err := evalplan.Create(path, head)
	return &evalRecord{w: w, played: map[int]evalplan.Line{}, temp: true}, err
}
