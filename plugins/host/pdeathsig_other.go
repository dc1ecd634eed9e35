//go:build !linux

package host

import (
	"os"
	"os/exec"
)

// setPdeathsig does nothing outside Linux: there, plugins are ended by
// Kill.
func setPdeathsig(*exec.Cmd) {}

// killGroup kills the plugin process pgid alone outside Linux (its children
// are not in a group of its own there).
func killGroup(pgid int) {
	if pgid > 1 {
		if p, err := os.FindProcess(pgid); err == nil {
			_ = p.Kill()
		}
	}
}
