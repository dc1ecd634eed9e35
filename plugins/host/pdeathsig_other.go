//go:build !linux

package host

import "os/exec"

// setPdeathsig does nothing outside Linux: there, plugins are ended by
// Kill and CleanupAll (go-plugin's managed clients).
func setPdeathsig(*exec.Cmd) {}
