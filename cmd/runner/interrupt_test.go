package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/internal/game"
)

// asRunnerEnv, set to 1, makes the test binary run main with its arguments:
// the tests that signal a runner start the test binary as one.
const asRunnerEnv = "RESCUEKIT_TEST_AS_RUNNER"

// buildBehave builds the plugins/host test plugin into dir.
func buildBehave(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "behave")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/rescuekit/rescuekit/plugins/internal/testplugins/behave").CombinedOutput()
	if err != nil {
		t.Fatalf("go build behave: %v\n%s", err, out)
	}
	return bin
}

// spinConfig is a config whose one plugin, behave, drives the one state,
// spin: it spins on its one thread in its first Step. The hang timeout is
// far longer than the test waits, so the runner is waiting for the spinning
// plugin when the signal comes.
func spinConfig(t *testing.T, dir, behave string) string {
	t.Helper()
	cfg := fmt.Sprintf(`hang_timeout_ms: 600000
fsm:
  initial: spin
  states: [spin]
  events: []
plugins:
  explore: null
  victimdetect: null
  report: null
  exit: null
  spinner:
    cmd: %s
    drives: [spin]
    env: {GOMAXPROCS: "1"}
`, behave)
	p := filepath.Join(dir, "spin.yaml")
	if err := os.WriteFile(p, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// cpuTicks returns the user+system clock ticks process pid has used, or -1.
func cpuTicks(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// Fields after the command name, which is in parentheses.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return -1
	}
	u, _ := strconv.Atoi(f[11])
	s, _ := strconv.Atoi(f[12])
	return u + s
}

// findProcess returns the pid of a process whose program is path, or 0.
func findProcess(path string) int {
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.HasPrefix(string(b), path+"\x00") {
			return pid
		}
	}
	return 0
}

// gone reports whether pid has exited (absent, or a zombie awaiting its reaper).
func gone(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	return len(f) > 0 && f[0] == "Z"
}

// TestRunSignalWhilePluginSpins starts `runner run` with a plugin spinning
// in Step on its one thread, sends SIGTERM (then, in a second game,
// SIGINT), and checks that the runner ends with the signal's exit code,
// the game's whole JSON record on stdout (ended "interrupted") and no
// plugin process left.
func TestRunSignalWhilePluginSpins(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc to watch the plugin process")
	}
	dir := t.TempDir()
	behave := buildBehave(t, dir)
	cfg := spinConfig(t, dir, behave)
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGTERM, 143}, {syscall.SIGINT, 130}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "run", "--json", "--config", cfg, "--log-level", "error")
			cmd.Env = append(os.Environ(), asRunnerEnv+"=1")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() { _ = cmd.Process.Kill() }()
			// Wait until the plugin is spinning: its process has used CPU.
			pid := 0
			for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(20 * time.Millisecond) {
				if pid == 0 {
					pid = findProcess(behave)
				}
				if pid != 0 && cpuTicks(pid) >= 20 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the plugin never spun (pid %d)\n%s", pid, stderr.String())
				}
			}
			t0 := time.Now()
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			waited := make(chan error, 1)
			go func() { waited <- cmd.Wait() }()
			var err error
			select {
			case err = <-waited:
			case <-time.After(30 * time.Second):
				t.Fatalf("runner still running 30 s after %v\n%s", tc.sig, stderr.String())
			}
			t.Logf("runner ended %v after %v", err, time.Since(t0))
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != tc.code {
				t.Errorf("runner ended with %v, want exit code %d\n%s", err, tc.code, stderr.String())
			}
			var res game.Result
			if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
				t.Fatalf("no whole JSON record on stdout: %v\n%s", err, stdout.String())
			}
			if res.Runner.EndReason != "interrupted" || res.Runner.Steps == 0 {
				t.Errorf("record: end %q after %d steps, want interrupted after ≥ 1", res.Runner.EndReason, res.Runner.Steps)
			}
			if !strings.Contains(stderr.String(), "interrupted by") {
				t.Errorf("stderr does not say the run was interrupted:\n%s", stderr.String())
			}
			for deadline := time.Now().Add(30 * time.Second); !gone(pid); time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("plugin process %d outlived the runner", pid)
				}
			}
		})
	}
}
