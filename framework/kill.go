package framework

import "sync"

// aborter is implemented by a PluginConn that can end its plugin at once,
// with no grace period (plugins/host.Plugin.Abort).
type aborter interface{ Abort() }

// killAll ends every plugin, all at once, so that the slowest one alone
// bounds the wait. When the run was interrupted (a signal), a plugin that
// can be aborted is: the runner must end promptly, and a plugin that spins
// would otherwise take its whole kill grace.
func (r *runner) killAll(interrupted bool) {
	var wg sync.WaitGroup
	for _, s := range r.slots {
		conn := s.conn
		if conn == nil {
			continue
		}
		wg.Go(func() {
			if a, ok := conn.(aborter); ok && interrupted {
				a.Abort()
				return
			}
			conn.Kill()
		})
	}
	wg.Wait()
}
