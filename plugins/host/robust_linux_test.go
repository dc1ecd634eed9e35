package host

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	plugin "github.com/hashicorp/go-plugin"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// killReturns runs p.Kill and fails t if it has not returned within five
// KillGraces. Kill promises to return after at most two (the plugin's own
// shutdown, then go-plugin's after SIGKILL); go-plugin alone waits for a
// spinning plugin for ten seconds or more.
func killReturns(t *testing.T, p *Plugin) {
	t.Helper()
	done := make(chan struct{})
	go func() { p.Kill(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * KillGrace):
		t.Fatalf("Kill did not return within %v", 5*KillGrace)
	}
}

// A plugin spinning on its one thread does not answer go-plugin's graceful
// shutdown: Kill must still end it, and return.
func TestKillSpinningPlugin(t *testing.T) {
	p := start(t, Config{})
	pid := p.Pid()
	if _, err := step(t, p, &pluginpb.Observation{Step: 1, State: "spin"}, 200*time.Millisecond); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("step in state spin: err = %v, want DeadlineExceeded", err)
	}
	killReturns(t, p)
	waitFor(t, "the spinning plugin to die", func() bool { return !alive(pid) })
}

// The children a plugin starts die with it, and a child that holds the
// plugin's stdout and stderr does not hold up Kill, when the plugin crashed.
func TestKillReachesChildren(t *testing.T) {
	p := start(t, Config{})
	act, err := step(t, p, &pluginpb.Observation{Step: 1, State: "fork"}, bounded)
	if err != nil {
		t.Fatalf("step in state fork: %v", err)
	}
	child, err := strconv.Atoi(string(act.GetBlackboard()["child"]))
	if err != nil || !alive(child) {
		t.Fatalf("the plugin's child %q is not running (%v)", act.GetBlackboard()["child"], err)
	}
	t.Cleanup(func() { killGroup(child) })
	if _, err := step(t, p, &pluginpb.Observation{Step: 2, State: "panic"}, bounded); !errors.Is(err, ErrExited) {
		t.Fatalf("step in state panic: err = %v, want ErrExited", err)
	}
	killReturns(t, p)
	waitFor(t, "the plugin's child to die", func() bool { return !alive(child) })
}

// A plugin's Unix socket lives in its private directory, which Kill removes:
// a crashed plugin leaves no socket file behind.
func TestNoSocketLeftBehind(t *testing.T) {
	p := start(t, Config{})
	addr := p.client.ReattachConfig().Addr
	if addr.Network() != "unix" {
		t.Skipf("plugin listens on %s, not a Unix socket", addr.Network())
	}
	if filepath.Dir(addr.String()) != p.dir {
		t.Fatalf("socket %s is not in the plugin's directory %s", addr, p.dir)
	}
	if _, err := step(t, p, &pluginpb.Observation{Step: 1, State: "panic"}, bounded); !errors.Is(err, ErrExited) {
		t.Fatalf("step in state panic: err = %v, want ErrExited", err)
	}
	killReturns(t, p)
	if _, err := os.Stat(addr.String()); !os.IsNotExist(err) {
		t.Errorf("socket %s still exists after Kill (%v)", addr, err)
	}
	if _, err := os.Stat(p.dir); !os.IsNotExist(err) {
		t.Errorf("plugin directory %s still exists after Kill (%v)", p.dir, err)
	}
}

// Configure (like Describe) has a deadline of its own.
func TestConfigureTimeout(t *testing.T) {
	old := callTimeout
	callTimeout = 300 * time.Millisecond
	t.Cleanup(func() { callTimeout = old })
	p := start(t, Config{})
	err := p.Configure(context.Background(), map[string]string{"configure_sleep": "1h"}, 0)
	if err == nil || !errors.Is(err, context.DeadlineExceeded) && !strings.Contains(err.Error(), "DeadlineExceeded") {
		t.Fatalf("Configure of a plugin that sleeps: err = %v, want a deadline error", err)
	}
	killReturns(t, p)
}

// A pinned plugin runs from a private copy of the bytes that were hashed,
// not from the path, which could be swapped between the check and the exec.
func TestPinRunsTheCheckedBytes(t *testing.T) {
	buildPlugins(t)
	sum, err := FileSHA256(behaveBin)
	if err != nil {
		t.Fatal(err)
	}
	p := start(t, Config{SHA256: sum})
	exe, err := os.Readlink("/proc/" + strconv.Itoa(p.Pid()) + "/exe")
	if err != nil {
		t.Fatal(err)
	}
	if exe == behaveBin || filepath.Dir(exe) != p.dir {
		t.Fatalf("the pinned plugin runs %s; want a private copy in %s", exe, p.dir)
	}
	got, err := FileSHA256(exe)
	if err != nil || got != sum {
		t.Fatalf("the running copy's SHA-256 is %s (%v), want the pin %s", got, err, sum)
	}
}

// Attaching to an address that accepts connections and never answers is
// an error after the start timeout, not a hang.
func TestReattachSilentPeer(t *testing.T) {
	dir := t.TempDir()
	ln, err := net.Listen("unix", filepath.Join(dir, "silent.sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // holds the connection open, says nothing
		}
	}()
	// go-plugin kills a reattached plugin's pid: give it one of its own.
	stand := exec.Command("sleep", "300")
	if err := stand.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stand.Process.Kill(); _ = stand.Wait() })
	rc := &plugin.ReattachConfig{Protocol: plugin.ProtocolGRPC, ProtocolVersion: pluginpb.ProtocolVersion, Addr: ln.Addr(), Pid: stand.Process.Pid}
	done := make(chan error, 1)
	go func() {
		p, err := Start(context.Background(), Config{Name: "silent", Reattach: rc, StartTimeout: 500 * time.Millisecond})
		if err == nil {
			_, err = p.Describe(context.Background())
			p.Kill()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("attaching to a silent peer succeeded")
		}
	case <-time.After(bounded):
		t.Fatal("attaching to a silent peer hangs")
	}
}
