package sdk

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// service implements the Behavior gRPC service around a Behavior.
type service struct {
	pluginpb.UnimplementedBehaviorServer
	b    Behavior
	desc *pluginpb.Description
	log  *zap.Logger

	// mu serialises calls into the Behavior: Step and Configure never run
	// concurrently.
	mu sync.Mutex
}

var _ pluginpb.BehaviorServer = (*service)(nil)

func newService(b Behavior, desc *pluginpb.Description, log *zap.Logger) *service {
	return &service{b: b, desc: desc, log: log}
}

func (s *service) Describe(context.Context, *pluginpb.DescribeRequest) (*pluginpb.Description, error) {
	return s.desc, nil
}

func (s *service) Ping(_ context.Context, req *pluginpb.PingRequest) (*pluginpb.PingResponse, error) {
	return &pluginpb.PingResponse{Payload: req.GetPayload()}, nil
}

// Configure checks the parameter names against the Description, fills in
// the defaults and hands the result to the Behavior if it is a Configurer.
func (s *service) Configure(ctx context.Context, req *pluginpb.ConfigureRequest) (*pluginpb.ConfigureResponse, error) {
	params := make(map[string]string, len(s.desc.GetParams()))
	for name, p := range s.desc.GetParams() {
		params[name] = p.GetDefault()
	}
	var unknown []string
	for name, v := range req.GetParams() {
		if _, ok := params[name]; !ok {
			unknown = append(unknown, name)
			continue
		}
		params[name] = v
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		known := slices.Sorted(maps.Keys(s.desc.GetParams()))
		return &pluginpb.ConfigureResponse{Error: fmt.Sprintf("plugin %s has no parameter %s (it accepts: %s)",
			s.desc.GetName(), strings.Join(unknown, ", "), orNone(known))}, nil
	}
	c, ok := s.b.(Configurer)
	if !ok {
		return &pluginpb.ConfigureResponse{}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := c.Configure(ctx, Config{Params: params, Seed: req.GetSeed()}); err != nil {
		return &pluginpb.ConfigureResponse{Error: err.Error()}, nil
	}
	return &pluginpb.ConfigureResponse{}, nil
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// mailbox holds the newest Observation not yet stepped. Observations that
// arrive while the Behavior is busy are coalesced: the newest wins, and the
// inbox and errors of the ones it replaces are carried into it.
type mailbox struct {
	mu      sync.Mutex
	obs     *pluginpb.Observation
	skipped int
	err     error // the stream's receive error, once it ended
	ready   chan struct{}
}

func newMailbox() *mailbox { return &mailbox{ready: make(chan struct{}, 1)} }

func (m *mailbox) put(obs *pluginpb.Observation) {
	m.mu.Lock()
	if old := m.obs; old != nil {
		obs.Supersede(old)
		m.skipped++
	}
	m.obs = obs
	m.mu.Unlock()
	m.signal()
}

func (m *mailbox) close(err error) {
	m.mu.Lock()
	m.err = err
	m.mu.Unlock()
	m.signal()
}

func (m *mailbox) signal() {
	select {
	case m.ready <- struct{}{}:
	default:
	}
}

// take returns the pending Observation (nil if none), how many were
// coalesced into it, and the stream's end error if it ended.
func (m *mailbox) take() (*pluginpb.Observation, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	obs, skipped := m.obs, m.skipped
	m.obs, m.skipped = nil, 0
	return obs, skipped, m.err
}

// Step serves the long-lived stream: a reader goroutine fills the mailbox,
// this goroutine steps the Behavior on the newest Observation and answers.
func (s *service) Step(stream pluginpb.Behavior_StepServer) error {
	ctx := stream.Context()
	box := newMailbox()
	go func() {
		for {
			obs, err := stream.Recv()
			if err != nil {
				box.close(err)
				return
			}
			box.put(obs)
		}
	}()
	for {
		obs, skipped, rerr := box.take()
		if obs == nil {
			if rerr == io.EOF {
				return nil
			}
			if rerr != nil {
				return rerr
			}
			select {
			case <-box.ready:
				continue
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if skipped > 0 {
			s.log.Warn("step too slow: skipped stale observations", zap.Int("skipped", skipped), zap.Uint64("step", obs.GetStep()))
		}
		if err := stream.Send(s.step(ctx, obs)); err != nil {
			return err
		}
	}
}

func (s *service) step(ctx context.Context, obs *pluginpb.Observation) *pluginpb.Action {
	s.mu.Lock()
	act, err := s.b.Step(ctx, obs)
	s.mu.Unlock()
	if err != nil {
		s.log.Warn("step failed", zap.Uint64("step", obs.GetStep()), zap.Error(err))
		return &pluginpb.Action{Step: obs.GetStep(), Error: err.Error()}
	}
	if act == nil {
		act = &pluginpb.Action{}
	}
	act.Step = obs.GetStep()
	return act
}
