package framework

import (
	"context"
	"errors"
	"fmt"

	"github.com/looplab/fsm"
	"go.uber.org/zap"
)

// machine is the shared state machine. Only the runner goroutine touches it:
// plugins request events through their Actions, and the runner applies them
// between steps. Callbacks only record; they never fire events.
type machine struct {
	f           *fsm.FSM
	log         *zap.Logger
	transitions map[string]int // "from->to" counts, for the summary
	stopNext    bool           // set by the "stop" callback: hold the wheels for one step
	at          stepInfo       // the step being applied, for log fields
}

type stepInfo struct {
	step uint64
	time float64
}

func newMachine(c FSMConfig, log *zap.Logger) *machine {
	m := &machine{log: log, transitions: map[string]int{}}
	events := make([]fsm.EventDesc, 0, len(c.Events))
	for _, e := range c.Events {
		events = append(events, fsm.EventDesc{Name: e.Name, Src: e.From, Dst: e.To})
	}
	callbacks := fsm.Callbacks{}
	for key, names := range c.Callbacks {
		fns := make([]func(*fsm.Event), 0, len(names))
		for _, n := range names {
			fns = append(fns, m.callback(n))
		}
		callbacks[key] = func(_ context.Context, e *fsm.Event) {
			for _, fn := range fns {
				fn(e)
			}
		}
	}
	m.f = fsm.NewFSM(c.Initial, events, callbacks)
	return m
}

// callback returns the runner callback of a validated name.
func (m *machine) callback(name string) func(*fsm.Event) {
	switch name {
	case "log":
		return func(e *fsm.Event) {
			m.log.Info("state change", zap.Uint64("step", m.at.step), zap.Float64("sim_time", m.at.time),
				zap.String("event", e.Event), zap.String("from", e.Src), zap.String("to", e.Dst))
		}
	case "count":
		return func(e *fsm.Event) { m.transitions[e.Src+"->"+e.Dst]++ }
	case "stop":
		return func(*fsm.Event) { m.stopNext = true }
	}
	// Validate rejects unknown names before a machine is built.
	return func(*fsm.Event) {}
}

// Current is the current state.
func (m *machine) Current() string { return m.f.Current() }

// Apply fires event, returning a clear error if the event is not possible in
// the current state. An event that keeps the state (e.g. lack_of_progress
// from exit to exit) is not an error.
func (m *machine) Apply(at stepInfo, event string) error {
	m.at = at
	err := m.f.Event(context.Background(), event)
	var noTrans fsm.NoTransitionError
	if err == nil || errors.As(err, &noTrans) {
		return nil
	}
	var inv fsm.InvalidEventError
	if errors.As(err, &inv) {
		return fmt.Errorf("event %q is not possible in state %q (possible: %v)", event, m.f.Current(), m.f.AvailableTransitions())
	}
	var unknown fsm.UnknownEventError
	if errors.As(err, &unknown) {
		return fmt.Errorf("unknown event %q", event)
	}
	return fmt.Errorf("event %q: %w", event, err)
}
