package host

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// pendingHandshake is connect's error when its context ended while
// go-plugin was still starting the plugin: over closes when go-plugin's
// start returns, after which the client may be killed and its command read.
type pendingHandshake struct {
	error
	over <-chan struct{}
}

func (p *pendingHandshake) Unwrap() error { return p.error }

// handshakeCut is the error of a handshake cut short by ctx (a timeout, or
// the caller cancelling the start); res delivers go-plugin's start result.
func handshakeCut[T any](ctx context.Context, cfg Config, timeout time.Duration, res <-chan T) error {
	over := make(chan struct{})
	go func() {
		<-res
		close(over)
	}()
	err := fmt.Errorf("plugin %s: no handshake within %v: %w", cfg.Name, timeout, ErrStartTimeout)
	if errors.Is(ctx.Err(), context.Canceled) {
		err = fmt.Errorf("plugin %s: start cancelled before the handshake: %w", cfg.Name, ctx.Err())
	}
	return &pendingHandshake{error: err, over: over}
}
