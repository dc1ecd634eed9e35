package sdk

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"go.uber.org/zap"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// InProcess is a Behavior served inside the caller's process by the SDK's
// own service, the one Serve registers with gRPC: the parameter defaults and
// the unknown-name check, one Step at a time, the newest Observation winning
// with the messages of those it replaced, and a Step error answered in the
// Action are the same code a plugin process runs. Only the transport
// differs: Observations and Actions cross Go channels instead of a gRPC
// stream, each Observation is copied as a process would decode its own, and
// a panic ends the InProcess plugin as it would end the process.
//
// It has the methods of the runner's plugin connection (framework.PluginConn)
// and is safe for concurrent use; its Steps are serialised.
type InProcess struct {
	srv *service
	err error // the Description's problem, if any: every call returns it

	ctx    context.Context // the Step stream's context; Kill cancels it
	cancel context.CancelFunc
	in     chan *pluginpb.Observation // to the service's stream reader
	out    chan *pluginpb.Action      // from the service's Step loop
	done   chan struct{}              // closed when the service's Step returned

	stepMu sync.Mutex // serialises Step

	mu     sync.Mutex
	killed bool
	crash  error // the panic that ended the plugin, or the stream's end
}

// NewInProcess serves b in this process. An invalid Description (or a nil
// b) is not a panic: every method then returns the problem.
func NewInProcess(b Behavior) *InProcess {
	ctx, cancel := context.WithCancel(context.Background())
	p := &InProcess{ctx: ctx, cancel: cancel, in: make(chan *pluginpb.Observation), out: make(chan *pluginpb.Action), done: make(chan struct{})}
	if b == nil {
		p.err = errors.New("sdk: NewInProcess was given a nil Behavior")
	} else if err := b.Describe().Validate(); err != nil {
		p.err = err
	}
	if p.err != nil {
		cancel()
		close(p.done)
		return p
	}
	p.srv = newService(b, b.Describe().Proto(), zap.NewNop())
	go p.serve()
	return p
}

// serve runs the service's Step loop on the in-memory stream until Kill,
// recording a panic of the behavior as the plugin's crash.
func (p *InProcess) serve() {
	defer close(p.done)
	defer p.cancel() // the stream's reader goroutine ends with it
	defer p.recoverCrash()
	err := p.srv.Step(localStream{p})
	p.mu.Lock()
	if p.crash == nil && !p.killed {
		p.crash = fmt.Errorf("step stream ended: %w", err)
	}
	p.mu.Unlock()
}

// PanicError is the crash of an InProcess plugin whose behavior panicked:
// the panic's value and the stack, as a crashed plugin process prints them.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v\n%s", e.Value, e.Stack) }

// recoverCrash turns a panic of the behavior into the plugin's crash.
func (p *InProcess) recoverCrash() {
	if r := recover(); r != nil {
		p.mu.Lock()
		p.crash = &PanicError{Value: r, Stack: debug.Stack()}
		p.mu.Unlock()
	}
}

// Describe returns the behavior's Description.
func (p *InProcess) Describe(ctx context.Context) (*pluginpb.Description, error) {
	if p.err != nil {
		return nil, p.err
	}
	return p.srv.Describe(ctx, &pluginpb.DescribeRequest{})
}

// Configure hands the behavior its parameters and seed through the
// service: the Description's defaults fill in what params leaves out, and a
// name the Description does not declare is refused with the known ones.
func (p *InProcess) Configure(ctx context.Context, params map[string]string, seed int64) (err error) {
	if p.err != nil {
		return p.err
	}
	if p.Exited() {
		return fmt.Errorf("plugin has exited: %w", p.crashErr())
	}
	defer func() {
		if r := recover(); r != nil {
			crash := &PanicError{Value: r, Stack: debug.Stack()}
			p.mu.Lock()
			p.crash = crash
			p.mu.Unlock()
			p.cancel()
			err = fmt.Errorf("plugin crashed: %w", crash)
		}
	}()
	resp, err := p.srv.Configure(ctx, &pluginpb.ConfigureRequest{Params: params, Seed: seed})
	if err != nil {
		return err
	}
	if msg := resp.GetError(); msg != "" {
		return errors.New(msg)
	}
	return nil
}

// Step hands the behavior a copy of obs and waits for its Action until ctx
// ends. A behavior error comes back in the Action's Error, as from a plugin
// process; a panic ends the plugin with an error wrapping a *PanicError. At ctx's end Step returns ctx's error; the Observation stays with
// the service, which steps it (or a newer one carrying its messages) when
// the behavior is free, and the late Action is discarded.
func (p *InProcess) Step(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	if p.err != nil {
		return nil, p.err
	}
	p.stepMu.Lock()
	defer p.stepMu.Unlock()
	if p.Exited() {
		return nil, fmt.Errorf("plugin has exited: %w", p.crashErr())
	}
	// The behavior gets its own copy, as a plugin process decodes its own:
	// a Step that outlives ctx must not read the caller's buffers (camera
	// images, the blackboard) while the caller reuses them.
	step := obs.GetStep()
	select {
	case p.in <- proto.CloneOf(obs):
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-p.done:
		return nil, p.crashed()
	}
	for {
		select {
		case act := <-p.out:
			if act.GetStep() != step {
				continue // the late answer to an earlier Step
			}
			return act, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-p.done:
			return nil, p.crashed()
		}
	}
}

func (p *InProcess) crashed() error {
	return fmt.Errorf("plugin crashed: %w", p.crashErr())
}

func (p *InProcess) crashErr() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.crash != nil {
		return p.crash
	}
	return errors.New("killed")
}

// Exited reports whether the behavior panicked or was killed.
func (p *InProcess) Exited() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.killed || p.crash != nil || p.err != nil
}

// Kill ends the plugin: the service's Step loop returns (once a Step still
// running returns) and later calls fail. Kill is idempotent.
func (p *InProcess) Kill() {
	p.mu.Lock()
	p.killed = true
	p.mu.Unlock()
	p.cancel()
}

// localStream is the service's side of the in-memory Step stream. The
// service calls Context, Recv and Send only; the other methods of
// grpc.ServerStream (headers, trailers) belong to gRPC's transport and are
// not part of it.
type localStream struct{ p *InProcess }

var _ pluginpb.Behavior_StepServer = localStream{}

func (s localStream) Context() context.Context { return s.p.ctx }

func (s localStream) Recv() (*pluginpb.Observation, error) {
	select {
	case obs := <-s.p.in:
		return obs, nil
	case <-s.p.ctx.Done():
		return nil, s.p.ctx.Err()
	}
}

func (s localStream) Send(act *pluginpb.Action) error {
	select {
	case s.p.out <- act:
		return nil
	case <-s.p.ctx.Done():
		return s.p.ctx.Err()
	}
}

// errNotTransport is what the gRPC-only methods of localStream return.
var errNotTransport = errors.New("sdk: the in-process stream has no gRPC metadata")

func (localStream) SetHeader(metadata.MD) error  { return errNotTransport }
func (localStream) SendHeader(metadata.MD) error { return errNotTransport }
func (localStream) SetTrailer(metadata.MD)       {}
func (localStream) SendMsg(any) error            { return errNotTransport }
func (localStream) RecvMsg(any) error            { return errNotTransport }

var _ grpc.ServerStream = localStream{}
