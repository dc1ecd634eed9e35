package host

// Abort ends the plugin at once, without Kill's grace period: it SIGKILLs
// the plugin's process group, then does what Kill does (which no longer
// waits, the process being gone). It is for a runner that is itself being
// interrupted. A plugin attached in debug mode is not the runner's process:
// Abort asks it to shut down, as Kill does.
func (p *Plugin) Abort() {
	if !p.attach {
		killGroup(p.pid)
	}
	p.Kill()
}
