//go:build linux

package host

import (
	"os/exec"
	"syscall"
)

// setPdeathsig makes the kernel SIGKILL the plugin when the runner dies,
// however it dies, and starts the plugin in a process group of its own, so
// that killGroup reaches the children it starts. The parent-death signal is
// tied to the thread that started the plugin; Go keeps its threads alive,
// so in practice it is the runner's death.
func setPdeathsig(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	cmd.SysProcAttr.Setpgid = true
}

// killGroup sends SIGKILL to the process group pgid: the plugin and every
// child it started that stayed in its group. A group that is gone is no
// error.
func killGroup(pgid int) {
	if pgid > 1 {
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
	}
}
