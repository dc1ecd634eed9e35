package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// signalContext returns a context that ends on the first SIGINT or SIGTERM,
// and a function that names the signal received (nil while none came). The
// caller's stop ends the catching: a signal after it has its default effect.
func signalContext() (ctx context.Context, got func() os.Signal, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	var (
		mu  sync.Mutex
		sig os.Signal
	)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			mu.Lock()
			sig = s
			mu.Unlock()
			cancel()
		case <-done:
		}
	}()
	got = func() os.Signal {
		mu.Lock()
		defer mu.Unlock()
		return sig
	}
	var once sync.Once
	stop = func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel()
		})
	}
	return ctx, got, stop
}

// exitError is an error that asks for a process exit code of its own.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// ExitCode is the code main exits with.
func (e *exitError) ExitCode() int { return e.code }

// interrupted returns the error of a command ended by signal sig: exit
// code 128 + the signal's number, the shell's convention (130 for Ctrl-C,
// 143 for SIGTERM). what says what was kept.
func interrupted(sig os.Signal, what string) error {
	code := 1
	if s, ok := sig.(syscall.Signal); ok {
		code = 128 + int(s)
	}
	return &exitError{code: code, msg: fmt.Sprintf("interrupted by %v: %s", sig, what)}
}
