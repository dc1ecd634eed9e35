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
	"runtime"
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

// bundleController is the runner's file name in a bundle made for goos:
// Webots runs a controller folder's NAME.exe on Windows and NAME elsewhere
// (docs/webots.md).
func bundleController(goos string) string {
	return erebus.ControllerName + exeSuffix(goos)
}

func exeSuffix(goos string) string {
	if goos == "windows" {
		return ".exe"
	}
	return ""
}

// windowsController is the runner the Windows start scripts start.
var windowsController = bundleController("windows")

// bundleScripts are the start scripts of a bundle made for goos, one for
// each way to play it: on the embedded simulator, and each way Erebus runs a
// controller (docs/webots.md, docs/erebus-rules.md §6). Every bundle has
// them twice: .sh for a POSIX shell (they start the runner the bundle holds)
// and .bat for Windows' cmd.exe (they start robot0Controller.exe and say
// so plainly when the bundle was made by a runner for another system).
func bundleScripts(goos string) map[string]string {
	ctl := bundleController(goos)
	head := "#!/bin/sh\n# Written by `runner bundle`.\nset -e\ncd \"$(dirname \"$0\")\"\n"
	wc := `WC="${WEBOTS_CONTROLLER:-${WEBOTS_HOME:-/usr/local/webots}/webots-controller}"` + "\n"
	run := fmt.Sprintf("./%s run --backend webots --config %s", ctl, bundleConfig)
	scripts := map[string]string{
		"play-sim.sh": head + "# A game on the embedded simulator (no Webots): arguments go to `runner run`.\n" +
			fmt.Sprintf("exec ./%s run --config %s \"$@\"\n", ctl, bundleConfig),
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
				erebus.ControllerName, ctl, bundleConfig, bundleLock, bundlePlugin),
	}
	// cmd.exe: %~dp0 is the script's folder (with its trailing \\), %* its
	// arguments; every line stands alone, so no variable is read inside a
	// block it is set in.
	bat := func(what string, lines ...string) string {
		return "@echo off\r\nrem Written by `runner bundle`.\r\nrem " + what + "\r\nsetlocal\r\ncd /d \"%~dp0\"\r\n" +
			fmt.Sprintf("if not exist \"%%~dp0%s\" (echo no %s in this bundle: it was made by a runner for %s; on Windows, bundle with a runner built for Windows, see docs/webots.md & exit /b 1)\r\n",
				windowsController, windowsController, goos) +
			strings.Join(lines, "\r\n") + "\r\n"
	}
	winWC := []string{
		`set "WC=%WEBOTS_CONTROLLER%"`,
		`if not defined WEBOTS_HOME set "WEBOTS_HOME=C:\Program Files\Webots"`,
		`if not defined WC set "WC=%WEBOTS_HOME%\msys64\mingw64\bin\webots-controller.exe"`,
		// Not a block: a path with parentheses (Program Files (x86)) would end it.
		`if exist "%WC%" goto start`,
		`echo webots-controller not found at %WC%: set WEBOTS_HOME to the Webots folder, or WEBOTS_CONTROLLER to the launcher`,
		`exit /b 1`,
		`:start`,
	}
	winRun := fmt.Sprintf(`"%%~dp0%s" run --backend webots --config "%%~dp0%s"`, windowsController, bundleConfig)
	scripts["play-sim.bat"] = bat("A game on the embedded simulator (no Webots): arguments go to `runner run`.",
		fmt.Sprintf(`"%%~dp0%s" run --config "%%~dp0%s" %%*`, windowsController, bundleConfig), "exit /b %ERRORLEVEL%")
	scripts["remote-tcp.bat"] = bat("Remote (extern) controller over TCP against an Erebus server (2026 Setup A): remote-tcp.bat SERVER_IP",
		append([]string{`if "%~1"=="" (echo usage: %~nx0 SERVER_IP, the Erebus server's address; Erebus must have Toggle Remote on & exit /b 2)`}, append(winWC,
			fmt.Sprintf(`"%%WC%%" --protocol=tcp --ip-address=%%~1 --port=%d --robot-name=%s %s`, erebus.ExternPort, erebus.RobotName, winRun), "exit /b %ERRORLEVEL%")...)...)
	scripts["remote-local.bat"] = bat("Remote (extern) controller against Erebus on this machine (Toggle Remote on).",
		append(winWC, fmt.Sprintf(`"%%WC%%" --robot-name=%s %s`, erebus.RobotName, winRun), "exit /b %ERRORLEVEL%")...)
	scripts["install-uploaded.bat"] = bat("The uploaded controller: copies the bundle into Erebus's controller folder: install-uploaded.bat EREBUS_DIR. Set \"keep controller\" in Erebus's config first, or Erebus wipes the folder at each load.",
		`if "%~1"=="" (echo usage: %~nx0 EREBUS_DIR, the folder holding game & exit /b 2)`,
		fmt.Sprintf(`set "DEST=%%~1\game\controllers\%s"`, erebus.ControllerName),
		`if not exist "%DEST%\" mkdir "%DEST%" || exit /b 1`,
		fmt.Sprintf(`copy /y "%%~dp0%s" "%%DEST%%\" >nul || exit /b 1`, windowsController),
		fmt.Sprintf(`copy /y "%%~dp0%s" "%%DEST%%\" >nul || exit /b 1`, bundleConfig),
		fmt.Sprintf(`copy /y "%%~dp0%s" "%%DEST%%\" >nul || exit /b 1`, bundleLock),
		fmt.Sprintf(`xcopy /e /i /y /q "%%~dp0%s" "%%DEST%%\%s" >nul || exit /b 1`, bundlePlugin, bundlePlugin),
		`echo installed in %DEST%`)
	return scripts
}

// makeBundle writes the bundle of cfg for the operating system goos into
// dir: the runner exe as robot0Controller (robot0Controller.exe for
// Windows), the team's plugin binaries under plugins/ (with .exe for
// Windows), the config with its plugins pointing there, a lockfile of them,
// the start scripts and a README.
func makeBundle(ctx context.Context, dir string, cfg framework.Config, exe, goos string) ([]pluginInfo, error) {
	if err := os.MkdirAll(filepath.Join(dir, bundlePlugin), 0o755); err != nil {
		return nil, err
	}
	if err := copyFile(exe, filepath.Join(dir, bundleController(goos)), 0o755); err != nil {
		return nil, fmt.Errorf("the runner: %w", err)
	}
	out := cfg
	out.Plugins = map[string]framework.PluginConfig{}
	for name, pc := range cfg.Plugins {
		if pc.Cmd != framework.Builtin && !pc.Disabled {
			rel := bundlePlugin + "/" + name + exeSuffix(goos)
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
	bundledExe := filepath.Join(dir, bundleController(goos))
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
	for name, s := range bundleScripts(goos) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o755); err != nil {
			return nil, err
		}
	}
	return plugins, os.WriteFile(filepath.Join(dir, "README.txt"), []byte(bundleReadme(goos)), 0o644)
}

func bundleReadme(goos string) string {
	return fmt.Sprintf(`A rescuekit robot, written by runner bundle, for %[5]s.

  %[1]s          the runner (it also serves the built-in behaviors)
  %[2]s/           the team's plugin binaries
  %[3]s       the runner config (plugin paths relative to it)
  %[4]s       the SHA-256 of every plugin binary; the runner refuses to play when one changed

Start it one of these ways (each script says how); the .sh scripts are for a POSIX shell (Linux, macOS),
the .bat scripts for Windows (cmd.exe, or double-click play-sim.bat):

  ./play-sim.sh                 play-sim.bat                 a game on the embedded simulator, no Webots
                                                             (arguments go to runner run)
  ./remote-tcp.sh SERVER_IP     remote-tcp.bat SERVER_IP     remote controller over TCP against an Erebus
                                                             server (2026 Setup A)
  ./remote-local.sh             remote-local.bat             remote controller against Erebus on this
                                                             machine (Toggle Remote)
  ./install-uploaded.sh EREBUS  install-uploaded.bat EREBUS  the uploaded controller: copies the bundle into
                                                             Erebus's controller folder (set "keep
                                                             controller" in Erebus's config first)

The remote scripts find webots-controller through WEBOTS_HOME (or WEBOTS_CONTROLLER, the launcher's path).
The .bat scripts start %[6]s: they need a bundle made by a runner built for Windows.
On Webots the runner must have been built with -tags webots on the operating system that runs it
(docs/webots.md); %[1]s version prints its versions.
`, bundleController(goos), bundlePlugin, bundleConfig, bundleLock, goos, windowsController)
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
of them, and a start script for each way to play (sh and Windows .bat): the embedded simulator, a remote controller
over TCP (the 2026 Setup A) or on this machine, and the uploaded controller (docs/webots.md). When the config has
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
			plugins, err := makeBundle(cmd.Context(), dir, cfg, exe, runtime.GOOS)
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
			fmt.Fprintf(w, "wrote %s (start scripts: play-sim, remote-tcp, remote-local, install-uploaded, each as .sh and .bat; see README.txt)\n", out)
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
