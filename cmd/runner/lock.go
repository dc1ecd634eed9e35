package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/plugins/host"
)

// LockSchemaVersion is the version of the lockfile's shape.
const LockSchemaVersion = 1

// lockFile pins every plugin binary a config plays: `runner plugins lock`
// writes it, run and eval refuse to play when a binary no longer matches.
type lockFile struct {
	SchemaVersion int          `json:"schema_version"`
	Runner        string       `json:"runner"` // the runner module version that wrote it
	Plugins       []pluginInfo `json:"plugins"`
}

// pluginInfo says which binary plays a plugin: the name the config gives
// it, the path (framework.Builtin for the runner's own), the version its
// description gives and the binary's SHA-256.
type pluginInfo struct {
	Name    string `json:"name"`
	Path    string `json:"path"`
	Version string `json:"version"`
	SHA256  string `json:"sha256"`
}

// lockPathFor is the lockfile that belongs to a config file: beside it, with
// the extension .lock (rescuekit.yaml → rescuekit.lock).
func lockPathFor(config string) string {
	if config == "" {
		return "rescuekit.lock"
	}
	return strings.TrimSuffix(config, filepath.Ext(config)) + ".lock"
}

// pluginBinary is the file that runs plugin name of pc: the runner itself
// for a built-in one.
func pluginBinary(pc framework.PluginConfig, exe string) string {
	if pc.Cmd == framework.Builtin {
		return exe
	}
	return pc.Cmd
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// hashPlugins returns name, path and SHA-256 of every enabled plugin of cfg,
// sorted by name; with describe, the version too (each plugin is started
// once with --describe).
func hashPlugins(ctx context.Context, cfg framework.Config, exe string, describe bool) ([]pluginInfo, error) {
	var out []pluginInfo
	for _, name := range cfg.PluginNames() {
		pc := cfg.Plugins[name]
		bin := pluginBinary(pc, exe)
		sum, err := fileSHA256(bin)
		if err != nil {
			return nil, fmt.Errorf("plugin %s: %w", name, err)
		}
		pi := pluginInfo{Name: name, Path: pc.Cmd, SHA256: sum}
		if describe {
			argv := append([]string{bin}, pc.Args...)
			if pc.Cmd == framework.Builtin {
				argv = []string{exe, "plugin", name}
			}
			d, err := host.Describe(ctx, argv)
			if err != nil {
				return nil, fmt.Errorf("plugin %s: %w", name, err)
			}
			pi.Version = d.GetVersion()
		}
		out = append(out, pi)
	}
	return out, nil
}

// readLock reads a lockfile.
func readLock(path string) (lockFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return lockFile{}, err
	}
	var l lockFile
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return lockFile{}, fmt.Errorf("lockfile %s: %w", path, err)
	}
	if l.SchemaVersion != LockSchemaVersion {
		return lockFile{}, fmt.Errorf("lockfile %s: schema_version %d, this runner reads %d: run `runner plugins lock` again", path, l.SchemaVersion, LockSchemaVersion)
	}
	return l, nil
}

// verifyLock checks every enabled plugin of cfg against the lockfile: each
// must be locked, with a binary of the locked SHA-256, and the lockfile
// must lock no plugin the config lacks. The error has one line per
// mismatch, naming the binary.
func verifyLock(cfg framework.Config, l lockFile, lockPath, exe string) error {
	locked := map[string]pluginInfo{}
	for _, p := range l.Plugins {
		locked[p.Name] = p
	}
	var errs []error
	redo := "run `runner plugins lock` again to accept it"
	for _, name := range cfg.PluginNames() {
		pc := cfg.Plugins[name]
		lp, ok := locked[name]
		if !ok {
			errs = append(errs, fmt.Errorf("plugin %s (%s) is not in the lockfile %s: %s", name, pc.Cmd, lockPath, redo))
			continue
		}
		delete(locked, name)
		bin := pluginBinary(pc, exe)
		sum, err := fileSHA256(bin)
		if err != nil {
			errs = append(errs, fmt.Errorf("plugin %s: %w", name, err))
			continue
		}
		if sum != lp.SHA256 {
			what := bin
			if pc.Cmd == framework.Builtin {
				what = "the runner binary " + exe + " (built-in " + name + ")"
			}
			errs = append(errs, fmt.Errorf("plugin %s: %s changed since the lockfile %s was written (sha256 %s locked, %s now): rebuild the locked version (%s), or %s",
				name, what, lockPath, short(lp.SHA256), short(sum), orStr(lp.Version, "version unknown"), redo))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(locked)) {
		errs = append(errs, fmt.Errorf("the lockfile %s locks plugin %s (%s), which the config does not play: %s", lockPath, name, locked[name].Path, redo))
	}
	if len(errs) > 0 {
		return fmt.Errorf("lockfile mismatch, refusing to play:\n  %w", joinLines(errs))
	}
	return nil
}

// joinLines joins errors one a line, indented.
func joinLines(errs []error) error {
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	return errors.New(strings.Join(msgs, "\n  "))
}

func short(sum string) string {
	if len(sum) > 12 {
		return sum[:12] + "…"
	}
	return sum
}

// checkLock verifies the lockfile of a game's config: the one --lock names,
// else the one beside --config when it exists. --lock off skips it.
func (f *gameFlags) checkLock(cfg framework.Config) error {
	path := f.lock
	switch {
	case path == "off":
		return nil
	case path == "":
		if f.config == "" {
			return nil
		}
		path = lockPathFor(f.config)
		if !fileExists(path) {
			return nil
		}
	}
	l, err := readLock(path)
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	return verifyLock(cfg, l, path, exe)
}

func newPluginsLockCmd() *cobra.Command {
	var config, out string
	cmd := &cobra.Command{
		Use:   "lock",
		Short: "write a lockfile: name, path, version and SHA-256 of every plugin binary the config plays",
		Long: `lock writes the lockfile of a config: for every plugin the config plays, its name, path, version
(from its description) and the SHA-256 of its binary (the runner's own for a built-in one). run and eval
read the lockfile beside their --config (rescuekit.yaml → rescuekit.lock) or the one --lock names, and
refuse to play when a binary does not match, naming it.`,
		Example: `  runner plugins lock --config rescuekit.yaml        # writes rescuekit.lock
  runner run --config rescuekit.yaml                  # verifies it`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg := framework.DefaultConfig()
			if config != "" {
				var err error
				if cfg, err = framework.LoadConfig(config); err != nil {
					return err
				}
				resolveBesideConfig(&cfg, config)
			}
			exe, err := os.Executable()
			if err != nil {
				return err
			}
			plugins, err := hashPlugins(cmd.Context(), cfg, exe, true)
			if err != nil {
				return err
			}
			if out == "" {
				out = lockPathFor(config)
			}
			b, err := jsonIndent(lockFile{SchemaVersion: LockSchemaVersion, Runner: currentVersion().Module, Plugins: plugins})
			if err != nil {
				return err
			}
			if err := os.WriteFile(out, b, 0o644); err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			for _, p := range plugins {
				fmt.Fprintf(w, "%-13s %-8s %s  %s\n", p.Name, p.Version, short(p.SHA256), p.Path)
			}
			fmt.Fprintf(w, "wrote %s\n", out)
			return nil
		},
	}
	cmd.Flags().StringVar(&config, "config", "", "the runner config whose plugins to lock (default: the embedded one)")
	cmd.Flags().StringVar(&out, "out", "", "the lockfile to write (default: beside the config, with the extension .lock; rescuekit.lock without --config)")
	return cmd
}

// resolveBesideConfig makes a relative plugin path that does not exist
// from the working directory but does beside the config file point there,
// so that a bundle's config works wherever it is started from (Webots starts
// an uploaded controller in a directory of its choosing).
func resolveBesideConfig(cfg *framework.Config, config string) {
	if config == "" {
		return
	}
	dir := filepath.Dir(config)
	for name, pc := range cfg.Plugins {
		if pc.Cmd == framework.Builtin || pc.Cmd == "" || filepath.IsAbs(pc.Cmd) || fileExists(pc.Cmd) {
			continue
		}
		if p := filepath.Join(dir, pc.Cmd); fileExists(p) {
			pc.Cmd = p
			cfg.Plugins[name] = pc
		}
	}
}

// jsonIndent is v as indented JSON with a final newline.
func jsonIndent(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	return append(b, '\n'), err
}
