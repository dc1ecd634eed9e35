//go:build linux

package host

import (
	"os/exec"
	"syscall"
)

// setPdeathsig makes the kernel SIGKILL the plugin when the runner dies,
// however it dies. The signal is tied to the thread that started the
// plugin; Go keeps its threads alive, so in practice it is the runner's
// death.
func setPdeathsig(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}
