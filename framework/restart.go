package framework

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// restartDone is the outcome of a restart run in the background.
type restartDone struct {
	s    *slot
	conn PluginConn
	desc *pluginpb.Description
	err  error
}

// restartAsync starts s's plugin again in the background (real-time mode:
// the robot's time does not wait for the runner, so the step loop must not
// wait for a start). The slot stays down until collectRestarts adopts the
// plugin at a later step.
func (r *runner) restartAsync(s *slot) {
	if r.restarts == nil {
		r.restarts = make(chan restartDone, len(r.slots))
		r.rctx, r.rcancel = context.WithCancel(context.Background())
	}
	s.starting = true
	r.pending++
	go func() {
		conn, desc, err := r.launch(r.rctx, s)
		r.restarts <- restartDone{s, conn, desc, err}
	}()
}

// collectRestarts adopts the plugins whose background restart finished,
// or schedules another try for those whose restart failed.
func (r *runner) collectRestarts() {
	for r.pending > 0 {
		select {
		case d := <-r.restarts:
			r.pending--
			d.s.starting = false
			if d.err != nil {
				r.logw(r.log.Error, "plugin restart failed", zap.String("plugin", d.s.name), zap.Error(d.err))
				r.restartLater(d.s, "restart failed")
				continue
			}
			r.adopt(d.s, d.conn, d.desc)
			r.declare(d.s)
			r.logw(r.log.Info, "plugin restarted", zap.String("plugin", d.s.name), zap.Int("restarts", d.s.stats.Restarts))
		default:
			return
		}
	}
}

// abandonRestarts ends the restarts still in flight when the run ends: it
// cancels them and kills the plugins that started anyway.
func (r *runner) abandonRestarts() {
	if r.rcancel == nil {
		return
	}
	r.rcancel()
	for ; r.pending > 0; r.pending-- {
		if d := <-r.restarts; d.conn != nil {
			d.conn.Kill()
		}
	}
}

// restart starts s's plugin again mid-game. In lockstep the whole start
// (launch, Describe, Configure) has the hang timeout: the step loop waits
// for it, and a plugin that hangs while starting must not hold the game
// for longer than one that hangs in a step. In real-time mode the
// launcher's own timeouts apply (plugins/host.CallTimeout).
func (r *runner) restart(ctx context.Context, s *slot) error {
	if r.o.Lockstep {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(r.cfg.HangTimeout())*time.Millisecond)
		defer cancel()
	}
	return r.start(ctx, s)
}
