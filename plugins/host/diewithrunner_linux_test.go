package host

import (
	"bufio"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestPluginDiesWithRunner kills a runner with SIGKILL and checks its
// plugin dies too.
func TestPluginDiesWithRunner(t *testing.T) {
	buildPlugins(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	runner := exec.Command(self, "-test.run=^$")
	runner.Env = append(os.Environ(), helperEnv+"="+behaveBin)
	out, err := runner.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := runner.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		_ = runner.Process.Kill()
		t.Fatalf("reading the plugin pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || pid <= 0 {
		_ = runner.Process.Kill()
		t.Fatalf("helper runner said %q, want the plugin pid", line)
	}
	if !alive(pid) {
		t.Fatalf("plugin %d not running before the runner is killed", pid)
	}
	if err := runner.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = runner.Wait()
	waitFor(t, "the plugin to die with its runner", func() bool { return !alive(pid) })
}

// alive reports whether pid is a live process (a zombie is dead).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}
