package main

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/hal/webots"
)

func init() { register(newBundleCmd) }

// The files of a bundle.
const (
	bundleConfig = ConfigBesideBinary // the runner started by Webots finds it beside itself
	bundleLock   = "rescuekit.lock"
	bundlePlugin = "plugins" // the directory of the team's plugin binaries
)

// bundleScripts are the start scripts of a bundle, one for each way to play
// it: on the embedded simulator, and each way Erebus runs a controller
// (docs/webots.md, docs/erebus-rules.md §6).
func bundleScripts() map[string]string {
	head := "#!/bin/sh\n# Written by `runner bundle`.\nset -e\ncd \"$(dirname \"$0\")\"\n"
	wc := `WC="${WEBOTS_CONTROLLER:-${WEBOTS_HOME:-/usr/local/webots}/webots-controller}"` + "\n"
	run := fmt.Sprintf("./%s run --backend webots --config %s", erebus.ControllerName, bundleConfig)
	return map[string]string{
		"play-sim.sh": head + "# A game on the embedded simulator (no Webots): arguments go to `runner run`.\n" +
			fmt.Sprintf("exec ./%s run --config %s \"$@\"\n", erebus.ControllerName, bundleConfig),
		"remote-tcp.sh": head + "# Remote (extern) controller over TCP against an Erebus server (2026 Setup A):\n" +
			"#   ./remote-tcp.sh SERVER_IP\n# Erebus must have Toggle Remote on. WEBOTS_HOME (or WEBOTS_CONTROLLER) finds webots-controller.\n" +
			"SERVER=\"${1:?usage: $0 SERVER_IP (the Erebus server's address)}\"\n" + wc +
			fmt.Sprintf("exec \"$WC\" --protocol=tcp --ip-address=\"$SERVER\" --port=%d --robot-name=%s %s\n", erebus.ExternPort, erebus.RobotName, run),
		"remote-local.sh": head + "# Remote (extern) controller against Erebus on this machine (Toggle Remote on).\n" + wc +
			fmt.Sprintf("exec \"$WC\" --robot-name=%s %s\n", erebus.RobotName, run),
		"install-uploaded.sh": head + "# The uploaded controller: copies the bundle into Erebus's controller folder,\n" +
			"#   ./install-uploaded.sh EREBUS_DIR\n" +
			"# Set \"keep controller\" in Erebus's config first, or Erebus wipes the folder at each load.\n" +
			"# Webots then starts robot0Controller without arguments; it plays on Webots with the\n# rescuekit.yaml beside it.\n" +
			"EREBUS=\"${1:?usage: $0 EREBUS_DIR (the folder holding game/)}\"\n" +
			fmt.Sprintf("DEST=\"$EREBUS/game/controllers/%s\"\nmkdir -p \"$DEST\"\ncp -R %s %s %s %s \"$DEST/\"\necho \"installed in $DEST\"\n",
				erebus.ControllerName, erebus.ControllerName, bundleConfig, bundleLock, bundlePlugin),
	}
}

// makeBundle writes the bundle of cfg into dir: the runner exe as
// robot0Controller, the team's plugin binaries under plugins/, the config
// with its plugins pointing there, a lockfile of them, the start scripts and
// a README.
func makeBundle(ctx context.Context, dir string, cfg framework.Config, exe string) ([]pluginInfo, error) {
	if err := os.MkdirAll(filepath.Join(dir, bundlePlugin), 0o755); err != nil {
		return nil, err
	}
	if err := copyFile(exe, filepath.Join(dir, erebus.ControllerName), 0o755); err != nil {
		return nil, fmt.Errorf("the runner: %w", err)
	}
	out := cfg
	out.Plugins = map[string]framework.PluginConfig{}
	for name, pc := range cfg.Plugins {
		if pc.Cmd != framework.Builtin && !pc.Disabled {
			rel := bundlePlugin + "/" + name
			if err := copyFile(pc.Cmd, filepath.Join(dir, filepath.FromSlash(rel)), 0o755); err != nil {
				return nil, fmt.Errorf("plugin %s: %w", name, err)
			}
			pc.Cmd = rel
		}
		out.Plugins[name] = pc
	}
	b, err := yaml.Marshal(out)
	if err != nil {
		return nil, err
	}
	header := "# rescuekit runner config, written by `runner bundle`; plugin paths are relative to this file.\n"
	if err := os.WriteFile(filepath.Join(dir, bundleConfig), append([]byte(header), b...), 0o644); err != nil {
		return nil, err
	}
	// The lock is made from the copies, which is what will play.
	inBundle := out
	inBundle.Plugins = map[string]framework.PluginConfig{}
	for name, pc := range out.Plugins {
		if pc.Cmd != framework.Builtin {
			pc.Cmd = filepath.Join(dir, filepath.FromSlash(pc.Cmd))
		}
		inBundle.Plugins[name] = pc
	}
	bundledExe := filepath.Join(dir, erebus.ControllerName)
	plugins, err := hashPlugins(ctx, inBundle, bundledExe, true)
	if err != nil {
		return nil, err
	}
	for i := range plugins {
		plugins[i].Path = out.Plugins[plugins[i].Name].Cmd
	}
	lb, err := jsonIndent(lockFile{SchemaVersion: LockSchemaVersion, Runner: currentVersion().Module, Plugins: plugins})
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, bundleLock), lb, 0o644); err != nil {
		return nil, err
	}
	for name, s := range bundleScripts() {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o755); err != nil {
			return nil, err
		}
	}
	return plugins, os.WriteFile(filepath.Join(dir, "README.txt"), []byte(bundleReadme()), 0o644)
}

func bundleReadme() string {
	return fmt.Sprintf(`A rescuekit robot, written by runner bundle.

  %[1]s          the runner (it also serves the built-in behaviors)
  %[2]s/           the team's plugin binaries
  %[3]s       the runner config (plugin paths relative to it)
  %[4]s       the SHA-256 of every plugin binary; the runner refuses to play when one changed

Start it one of these ways (each script says how):

  ./play-sim.sh                 a game on the embedded simulator, no Webots (arguments go to runner run)
  ./remote-tcp.sh SERVER_IP     remote controller over TCP against an Erebus server (2026 Setup A)
  ./remote-local.sh             remote controller against Erebus on this machine (Toggle Remote)
  ./install-uploaded.sh EREBUS  the uploaded controller: copies the bundle into Erebus's controller folder
                                (set "keep controller" in Erebus's config first)

On Webots the runner must have been built with -tags webots on the operating system that runs it
(docs/webots.md); ./%[1]s version prints its versions.
`, erebus.ControllerName, bundlePlugin, bundleConfig, bundleLock)
}

func copyFile(src, dst string, mode fs.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// tarGz writes the files under dir into the gzipped tar file out, under the
// directory name base.
func tarGz(dir, base, out string) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	zw := gzip.NewWriter(f)
	tw := tar.NewWriter(zw)
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil || rel == "." {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		h, err := tar.FileInfoHeader(fi, "")
		if err != nil {
			return err
		}
		h.Name = base + "/" + filepath.ToSlash(rel)
		if d.IsDir() {
			h.Name += "/"
		}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		src, err := os.Open(p)
		if err != nil {
			return err
		}
		defer src.Close()
		_, err = io.Copy(tw, src)
		return err
	})
	return errors.Join(err, tw.Close(), zw.Close(), f.Close())
}

func newBundleCmd() *cobra.Command {
	var config, lock string
	cmd := &cobra.Command{
		Use:   "bundle OUT",
		Short: "put the runner, the team's plugins, the config and a lockfile in one folder (or OUT.tar.gz) with start scripts",
		Long: `bundle makes one folder (or, when OUT ends in .tar.gz, an archive of one) that holds everything a
robot needs: this runner named robot0Controller, the plugin binaries of the config, the config, a lockfile
of them, and a start script for each way to play: the embedded simulator, a remote controller over TCP
(the 2026 Setup A) or on this machine, and the uploaded controller (docs/webots.md). When the config has
a lockfile (rescuekit.lock beside it, or --lock), the binaries must match it.`,
		Example: `  runner bundle --config rescuekit.yaml out/robot
  runner bundle --config rescuekit.yaml robot.tar.gz`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f := gameFlags{config: config, lock: lock}
			cfg, err := f.loadConfig()
			if err != nil {
				return err
			}
			exe, err := os.Executable()
			if err != nil {
				return err
			}
			out := args[0]
			dir, archive := out, strings.HasSuffix(out, ".tar.gz")
			if archive {
				tmp, err := os.MkdirTemp("", "rescuekit-bundle-")
				if err != nil {
					return err
				}
				defer os.RemoveAll(tmp)
				dir = filepath.Join(tmp, "bundle")
			} else if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
				return fmt.Errorf("%s is not empty: give a new folder, or remove it", dir)
			}
			plugins, err := makeBundle(cmd.Context(), dir, cfg, exe)
			if err != nil {
				return err
			}
			if archive {
				if err := tarGz(dir, strings.TrimSuffix(filepath.Base(out), ".tar.gz"), out); err != nil {
					return err
				}
			}
			w := cmd.OutOrStdout()
			for _, p := range plugins {
				fmt.Fprintf(w, "%-13s %-8s %s  %s\n", p.Name, p.Version, short(p.SHA256), p.Path)
			}
			fmt.Fprintf(w, "wrote %s (start scripts: play-sim.sh, remote-tcp.sh, remote-local.sh, install-uploaded.sh; see README.txt)\n", out)
			if !webots.Built() {
				fmt.Fprintln(w, "note: this runner has no Webots backend (built without -tags webots): the bundle plays on the embedded simulator only; bundle with a runner built as docs/webots.md says")
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&config, "config", "", "the runner config to bundle (default: the embedded one)")
	cmd.Flags().StringVar(&lock, "lock", "", "lockfile the plugins must match (default: the one beside --config, if any; off: none)")
	return cmd
}
