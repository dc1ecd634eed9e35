// Package inproc serves an sdk.Behavior inside the runner's process, as a
// framework.PluginConn. It is the importable fake of a plugin process for
// tests of the framework, and a way to measure the step loop without the
// transport: the behavior runs exactly as it would behind sdk.Serve, with its
// Step bounded by the per-step deadline, a panic turned into a crash, and the
// Description's parameter defaults applied before Configure.
package inproc

import (
	"context"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"

	"google.golang.org/protobuf/proto"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
)

// Conn is an in-process plugin connection.
type Conn struct {
	b sdk.Behavior
	// busy holds a token while the behavior's Step runs: Steps never
	// overlap, as sdk.Serve guarantees, even when one outlives its deadline.
	busy chan struct{}

	mu     sync.Mutex
	exited bool
	killed bool
	crash  error
	// carry keeps the messages of Observations that could not be handed
	// over because the previous Step was still running; they are prepended
	// to the next one, as the SDK merges waiting Observations.
	carryInbox []*pluginpb.Inbound
	carryErrs  []string
	carryDrop  []*pluginpb.DroppedStep
}

// New returns a connection to b.
func New(b sdk.Behavior) *Conn { return &Conn{b: b, busy: make(chan struct{}, 1)} }

// Describe returns the behavior's description.
func (c *Conn) Describe(context.Context) (*pluginpb.Description, error) {
	d := c.b.Describe()
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return d.Proto(), nil
}

// Configure applies the description's defaults, refuses unknown
// parameters, and calls the behavior's Configure if it has one.
func (c *Conn) Configure(ctx context.Context, params map[string]string, seed int64) error {
	d := c.b.Describe()
	full := map[string]string{}
	for k, p := range d.Params {
		full[k] = p.Default
	}
	var unknown []string
	for k, v := range params {
		if _, ok := d.Params[k]; !ok {
			unknown = append(unknown, k)
			continue
		}
		full[k] = v
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		known := slices.Sorted(maps.Keys(d.Params))
		return fmt.Errorf("plugin %s: unknown parameters %s (known: %s)", d.Name, strings.Join(unknown, ", "), strings.Join(known, ", "))
	}
	if cf, ok := c.b.(sdk.Configurer); ok {
		return cf.Configure(ctx, sdk.Config{Params: full, Seed: seed})
	}
	return nil
}

type result struct {
	act *pluginpb.Action
	err error
}

// Step runs the behavior's Step, bounded by ctx. A panic marks the plugin
// exited, as a crashed process would be.
func (c *Conn) Step(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	if c.Exited() {
		return nil, fmt.Errorf("plugin has exited: %w", c.crashErr())
	}
	select {
	case c.busy <- struct{}{}:
	case <-ctx.Done():
		c.mu.Lock()
		c.carryInbox = append(c.carryInbox, obs.GetInbox()...)
		c.carryErrs = append(c.carryErrs, obs.GetErrors()...)
		c.carryDrop = append(c.carryDrop, obs.GetDropped()...)
		c.mu.Unlock()
		return nil, ctx.Err()
	}
	// The behavior gets its own copy, as a plugin process gets its own
	// decoded one: a Step that outlives ctx (a missed deadline) must not read
	// the runner's buffers (camera images, the blackboard) while the runner
	// reuses them for the next step.
	own := proto.CloneOf(obs)
	c.mu.Lock()
	if len(c.carryInbox)+len(c.carryErrs)+len(c.carryDrop) > 0 {
		own.Inbox = append(c.carryInbox, own.GetInbox()...)
		own.Errors = append(c.carryErrs, own.GetErrors()...)
		own.Dropped = append(c.carryDrop, own.GetDropped()...)
		c.carryInbox, c.carryErrs, c.carryDrop = nil, nil, nil
	}
	c.mu.Unlock()
	obs = own
	done := make(chan result, 1)
	go func() {
		defer func() { <-c.busy }()
		defer func() {
			if p := recover(); p != nil {
				// Keep the stack, as a crashed plugin process prints it.
				crash := fmt.Errorf("panic: %v\n%s", p, debug.Stack())
				c.mu.Lock()
				c.exited, c.crash = true, crash
				c.mu.Unlock()
				done <- result{err: fmt.Errorf("plugin crashed: %w", crash)}
			}
		}()
		act, err := c.b.Step(ctx, obs)
		done <- result{act, err}
	}()
	select {
	case r := <-done:
		if r.err != nil && !c.Exited() {
			// A behavior error is reported in the Action, as the SDK does.
			return &pluginpb.Action{Step: obs.GetStep(), Error: r.err.Error()}, nil
		}
		if r.act == nil && r.err == nil {
			r.act = &pluginpb.Action{}
		}
		if r.act != nil {
			r.act.Step = obs.GetStep()
		}
		return r.act, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *Conn) crashErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.crash != nil {
		return c.crash
	}
	return fmt.Errorf("killed")
}

// Exited reports whether the behavior panicked or was killed.
func (c *Conn) Exited() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.exited || c.killed
}

// Kill marks the connection dead; later Steps fail.
func (c *Conn) Kill() {
	c.mu.Lock()
	c.killed = true
	c.mu.Unlock()
}
