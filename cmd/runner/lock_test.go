package main

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/internal/game"
)

// teamConfig writes, in a temp dir, a config whose explore plugin is a
// binary of its own (a copy of the test binary serving the built-in
// explorer, as a team's plugin would be) and returns the config's path and
// the binary's.
func teamConfig(t *testing.T) (config, bin string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin = filepath.Join(dir, "bin", "myexplore")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := copyFile(exe, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	config = filepath.Join(dir, "team.yaml")
	yml := "plugins:\n  explore: {cmd: " + bin + ", args: [plugin, explore], drives: [explore]}\n" +
		"  victimdetect: {cmd: builtin}\n  report: {cmd: builtin, drives: [report]}\n  exit: {cmd: builtin, drives: [exit]}\n"
	if err := os.WriteFile(config, []byte(yml), 0o644); err != nil {
		t.Fatal(err)
	}
	return config, bin
}

func smallWorld() string { return filepath.Join("..", "..", "examples", "worlds", "small4x4.wbt") }

// TestLockRefusesAChangedBinary locks a config, plays it, changes the
// plugin binary by one byte and checks that run refuses, naming the plugin
// and the binary; --lock off plays anyway.
func TestLockRefusesAChangedBinary(t *testing.T) {
	config, bin := teamConfig(t)
	out, err := runRoot(t, "plugins", "lock", "--config", config)
	if err != nil {
		t.Fatalf("plugins lock: %v\n%s", err, out)
	}
	l, err := readLock(lockPathFor(config))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Plugins) != 4 || l.SchemaVersion != LockSchemaVersion {
		t.Fatalf("lockfile %+v: want the 4 plugins", l)
	}
	for _, p := range l.Plugins {
		if len(p.SHA256) != 64 || p.Version == "" || p.Path == "" {
			t.Errorf("locked %+v: want path, version and a SHA-256", p)
		}
	}
	play := func(extra ...string) error {
		_, err := runRoot(t, append([]string{"run", "--config", config, "--world", smallWorld(), "--log-level", "error", "--json"}, extra...)...)
		return err
	}
	if err := play(); err != nil {
		t.Fatalf("run with a matching lockfile: %v", err)
	}
	f, err := os.OpenFile(bin, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.Write([]byte{0})
	_ = f.Close()
	err = play()
	if err == nil || !strings.Contains(err.Error(), "plugin explore: "+bin+" changed since the lockfile") {
		t.Fatalf("run with a changed binary: err %v, want a refusal naming explore and %s", err, bin)
	}
	if strings.Contains(err.Error(), "plugin report") {
		t.Errorf("the refusal names unchanged plugins: %v", err)
	}
	if err := play("--lock", "off"); err != nil {
		t.Errorf("run --lock off: %v", err)
	}
}

func TestVerifyLockMismatches(t *testing.T) {
	config, _ := teamConfig(t)
	f := gameFlags{config: config, lock: "off"}
	cfg, err := f.loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	plugins, err := hashPlugins(t.Context(), cfg, exe, false)
	if err != nil {
		t.Fatal(err)
	}
	ok := lockFile{SchemaVersion: LockSchemaVersion, Plugins: plugins}
	if err := verifyLock(cfg, ok, "x.lock", exe); err != nil {
		t.Fatalf("the config's own lock: %v", err)
	}
	missing := ok
	missing.Plugins = plugins[1:] // exit
	extra := ok
	extra.Plugins = append(append([]pluginInfo{}, plugins...), pluginInfo{Name: "ghost", Path: "./ghost"})
	for _, c := range []struct {
		name string
		l    lockFile
		want string
	}{
		{"unlocked plugin", missing, "plugin exit (builtin) is not in the lockfile x.lock"},
		{"locked plugin the config lacks", extra, "locks plugin ghost (./ghost), which the config does not play"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := verifyLock(cfg, c.l, "x.lock", exe); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err %v, want %q", err, c.want)
			}
		})
	}
}

func FuzzReadLock(f *testing.F) {
	f.Add([]byte(`{"schema_version":1,"runner":"v1.0.0","plugins":[{"name":"a","path":"b","version":"1","sha256":"00"}]}`))
	f.Add([]byte(`{"schema_version":2}`))
	f.Add([]byte(`{"plugins":7}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		p := filepath.Join(dir, "f.lock")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		l, err := readLock(p)
		if err == nil && l.SchemaVersion != LockSchemaVersion {
			t.Errorf("accepted schema_version %d", l.SchemaVersion)
		}
	})
}

// TestBundlePlaysFromAnArchive bundles a team's config into a .tar.gz,
// unpacks it in a temp dir and plays a game on the embedded simulator with
// its start script, from another working directory: the bundled plugin
// plays, verified against the bundled lockfile.
func TestBundlePlaysFromAnArchive(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh: cannot run the bundle's start script")
	}
	config, _ := teamConfig(t)
	archive := filepath.Join(t.TempDir(), "robot.tar.gz")
	if out, err := runRoot(t, "bundle", "--config", config, archive); err != nil {
		t.Fatalf("bundle: %v\n%s", err, out)
	}
	dest := t.TempDir()
	untar(t, archive, dest)
	root := filepath.Join(dest, "robot")
	for _, f := range []string{"robot0Controller", "plugins/explore", "rescuekit.yaml", "rescuekit.lock", "play-sim.sh", "remote-tcp.sh", "remote-local.sh", "install-uploaded.sh", "play-sim.bat", "remote-tcp.bat", "remote-local.bat", "install-uploaded.bat", "README.txt"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Errorf("the bundle has no %s", f)
		}
	}
	script, err := os.ReadFile(filepath.Join(root, "remote-tcp.sh"))
	if err != nil || !strings.Contains(string(script), "--protocol=tcp") || !strings.Contains(string(script), "--port=1234 --robot-name=Erebus_Bot") {
		t.Errorf("remote-tcp.sh does not start webots-controller over TCP:\n%s", script)
	}
	world, err := filepath.Abs(smallWorld())
	if err != nil {
		t.Fatal(err)
	}
	c := exec.Command(sh, filepath.Join(root, "play-sim.sh"), "--json", "--world", world, "--log-level", "error")
	c.Dir = t.TempDir() // the script finds its files itself
	c.Env = append(os.Environ(), testAsRunner+"=1")
	c.Stderr = os.Stderr
	out, err := c.Output()
	if err != nil {
		t.Fatalf("play-sim.sh: %v\n%s", err, out)
	}
	var res game.Result
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("play-sim.sh --json: %v\n%s", err, out)
	}
	if p := res.Runner.Plugins["explore"]; p.Steps == 0 || p.Crashes != 0 || res.Referee.Score <= 0 {
		t.Errorf("the bundled explore played %d steps, %d crashes, score %.2f", p.Steps, p.Crashes, res.Referee.Score)
	}
	// A changed bundled plugin is refused.
	if err := os.WriteFile(filepath.Join(root, "plugins", "explore"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	c = exec.Command(sh, filepath.Join(root, "play-sim.sh"), "--world", world)
	c.Env = append(os.Environ(), testAsRunner+"=1")
	if b, err := c.CombinedOutput(); err == nil || !strings.Contains(string(b), "plugin explore: ") || !strings.Contains(string(b), "changed since the lockfile") {
		t.Errorf("a changed bundled plugin: err %v, output:\n%s", err, b)
	}
}

func untar(t *testing.T, archive, dest string) {
	t.Helper()
	f, err := os.Open(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dest, filepath.FromSlash(h.Name))
		if h.Typeflag == tar.TypeDir {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		out, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY, os.FileMode(h.Mode))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(out, tr); err != nil {
			t.Fatal(err)
		}
		_ = out.Close()
	}
}

// TestBundleWindowsScripts makes a bundle for Windows and reads its .bat
// scripts (no cmd.exe here to run them): every file they name from the
// bundle's folder (%~dp0NAME) is in the bundle, the lines end in CRLF, each
// route starts the runner as its .sh twin does, and the README names every
// script. A bundle for Linux has the same scripts, which say plainly that
// it holds no robot0Controller.exe.
func TestBundleWindowsScripts(t *testing.T) {
	config, _ := teamConfig(t)
	cfg, err := (&gameFlags{config: config}).loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := makeBundle(context.Background(), dir, cfg, exe, "windows"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"robot0Controller.exe", "plugins/explore.exe"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the Windows bundle has no %s", f)
		}
	}
	yml, err := os.ReadFile(filepath.Join(dir, bundleConfig))
	if err != nil || !strings.Contains(string(yml), "plugins/explore.exe") {
		t.Errorf("the Windows bundle's config does not name plugins/explore.exe:\n%s", yml)
	}
	readme, err := os.ReadFile(filepath.Join(dir, "README.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ref := regexp.MustCompile(`%~dp0([A-Za-z0-9_.-]+)`)
	want := map[string][]string{
		"play-sim.bat":     {`"%~dp0robot0Controller.exe" run --config "%~dp0rescuekit.yaml" %*`},
		"remote-tcp.bat":   {`--protocol=tcp --ip-address=%~1 --port=1234 --robot-name=Erebus_Bot "%~dp0robot0Controller.exe" run --backend webots`, `msys64\mingw64\bin\webots-controller.exe`},
		"remote-local.bat": {`"%WC%" --robot-name=Erebus_Bot "%~dp0robot0Controller.exe" run --backend webots --config "%~dp0rescuekit.yaml"`},
		"install-uploaded.bat": {`\game\controllers\robot0Controller"`, `copy /y "%~dp0robot0Controller.exe"`, `copy /y "%~dp0rescuekit.yaml"`,
			`copy /y "%~dp0rescuekit.lock"`, `xcopy /e /i /y /q "%~dp0plugins" "%DEST%\plugins"`},
	}
	for name, wants := range want {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if strings.Count(s, "\n") != strings.Count(s, "\r\n") || !strings.HasPrefix(s, "@echo off\r\n") {
			t.Errorf("%s: want @echo off and CRLF line ends:\n%q", name, s)
		}
		for _, m := range ref.FindAllStringSubmatch(s, -1) {
			if _, err := os.Stat(filepath.Join(dir, m[1])); err != nil {
				t.Errorf("%s names %s, which is not in the bundle", name, m[1])
			}
		}
		for _, w := range wants {
			if !strings.Contains(s, w) {
				t.Errorf("%s lacks %s:\n%s", name, w, s)
			}
		}
		if !strings.Contains(string(readme), name) || !strings.Contains(string(readme), strings.TrimSuffix(name, ".bat")+".sh") {
			t.Errorf("README.txt does not name %s and its .sh twin", name)
		}
	}
	for name, s := range bundleScripts("windows") {
		if strings.HasSuffix(name, ".sh") && !strings.Contains(s, "robot0Controller.exe ") {
			t.Errorf("%s of a Windows bundle does not name robot0Controller.exe:\n%s", name, s)
		}
	}

	for name, s := range bundleScripts("linux") {
		if strings.HasSuffix(name, ".bat") && !strings.Contains(s, `if not exist "%~dp0robot0Controller.exe" (echo no robot0Controller.exe in this bundle: it was made by a runner for linux`) {
			t.Errorf("%s of a Linux bundle does not say it holds no Windows runner:\n%s", name, s)
		}
		if strings.HasSuffix(name, ".sh") && strings.Contains(s, ".exe") {
			t.Errorf("%s of a Linux bundle names a .exe:\n%s", name, s)
		}
	}
}
