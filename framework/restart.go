package framework

import (
	"context"
	"time"
)

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
