package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

var exploreDesc = Description{
	Name: "explore", Version: "1.0.0", States: []string{"explore"},
	Params: map[string]Param{"speed": {Default: "6.28", Description: "wheel speed (rad/s)"}},
}

func TestValidate(t *testing.T) {
	cases := []struct {
		name string
		d    Description
		want string // "" means valid
	}{
		{"driver", exploreDesc, ""},
		{"watcher", Description{Name: "victim-detect", Watcher: true, EveryNSteps: 4}, ""},
		{"no name", Description{States: []string{"x"}}, "plugin name"},
		{"bad name", Description{Name: "my plugin", States: []string{"x"}}, "plugin name"},
		{"watcher with states", Description{Name: "w", Watcher: true, States: []string{"x"}}, "leave States empty"},
		{"no states: a watcher, Watcher unset", Description{Name: "d"}, ""},
		{"negative rate", Description{Name: "w", Watcher: true, EveryNSteps: -1}, "EveryNSteps is -1"},
		{"negative camera rate", Description{Name: "d", States: []string{"x"}, CameraEveryNSteps: -2}, "CameraEveryNSteps is -2"},
		{"empty state", Description{Name: "d", States: []string{""}}, "empty state"},
		{"empty camera", Description{Name: "d", States: []string{"x"}, Cameras: []string{""}}, "empty camera"},
		{"empty param", Description{Name: "d", States: []string{"x"}, Params: map[string]Param{"": {}}}, "empty parameter"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.d.Validate()
			switch {
			case c.want == "" && err != nil:
				t.Errorf("Validate: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("Validate = %v, want an error containing %q", err, c.want)
			}
		})
	}
}

// TestWriteDescription checks the --describe document.
func TestWriteDescription(t *testing.T) {
	var buf bytes.Buffer
	if err := writeDescription(&buf, exploreDesc, protocolVersion()); err != nil {
		t.Fatal(err)
	}
	// The document is plain JSON with the proto field names.
	var doc map[string]any
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.String())
	}
	for _, key := range []string{"name", "version", "protocol_version", "states", "watcher", "cameras", "camera_every_n_steps", "lidar", "params"} {
		if _, ok := doc[key]; !ok {
			t.Errorf("key %q missing from\n%s", key, buf.String())
		}
	}
	var d pluginpb.Description
	if err := protojson.Unmarshal(buf.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	if d.GetName() != "explore" || d.GetProtocolVersion() != pluginpb.ProtocolVersion || d.GetParams()["speed"].GetDefault() != "6.28" {
		t.Errorf("decoded %v", &d)
	}
}

func TestServeRefusesBadInput(t *testing.T) {
	if err := serve(nil, nil, ""); err == nil || !strings.Contains(err.Error(), "nil Behavior") {
		t.Errorf("serve(nil) = %v", err)
	}
	if err := serve(New(Description{Name: "x", Watcher: true, States: []string{"s"}}, nil), nil, ""); err == nil || !strings.Contains(err.Error(), "leave States empty") {
		t.Errorf("serve(invalid description) = %v", err)
	}
}

// TestLoggerFormat checks the lines are what go-plugin parses: JSON with
// "@level" among hclog's names, "@message", and "@timestamp" in the one
// layout go-plugin accepts.
func TestLoggerFormat(t *testing.T) {
	cases := []struct {
		log  func(*zap.Logger)
		want string
	}{
		{func(l *zap.Logger) { l.Debug("m") }, "debug"},
		{func(l *zap.Logger) { l.Info("m") }, "info"},
		{func(l *zap.Logger) { l.Warn("m") }, "warn"},
		{func(l *zap.Logger) { l.Error("m") }, "error"},
		{func(l *zap.Logger) { l.DPanic("m") }, "error"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			var buf bytes.Buffer
			c.log(NewLogger(&buf, zapcore.DebugLevel).With(zap.Int("n", 3)))
			var line map[string]any
			if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
				t.Fatalf("not JSON: %q", buf.String())
			}
			if line["@level"] != c.want || line["@message"] != "m" || line["n"] != float64(3) {
				t.Errorf("line %v: want @level %s, @message m, n 3", line, c.want)
			}
			ts, _ := line["@timestamp"].(string)
			if _, err := time.Parse("2006-01-02T15:04:05.000000Z07:00", ts); err != nil {
				t.Errorf("@timestamp %q: %v", ts, err)
			}
		})
	}
}

func TestLevelFromEnv(t *testing.T) {
	for in, want := range map[string]zapcore.Level{"": zapcore.DebugLevel, "info": zapcore.InfoLevel, "WARN": zapcore.WarnLevel, "nonsense": zapcore.DebugLevel} {
		t.Run(in, func(t *testing.T) {
			t.Setenv(pluginpb.EnvLogLevel, in)
			if got := LevelFromEnv(); got != want {
				t.Errorf("LevelFromEnv() = %v, want %v", got, want)
			}
		})
	}
}

type configurable struct {
	Behavior
	got Config
	err error
}

func (c *configurable) Configure(_ context.Context, cfg Config) error {
	c.got = cfg
	return c.err
}

func TestConfigure(t *testing.T) {
	cases := []struct {
		name       string
		params     map[string]string
		behErr     error
		wantErr    string
		wantParams map[string]string
	}{
		{"defaults", nil, nil, "", map[string]string{"speed": "6.28"}},
		{"set", map[string]string{"speed": "3"}, nil, "", map[string]string{"speed": "3"}},
		{"unknown", map[string]string{"sped": "3", "a": "b"}, nil, "plugin explore has no parameter a, sped (it accepts: speed)", nil},
		{"refused", nil, errors.New("speed too high"), "speed too high", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := &configurable{Behavior: New(exploreDesc, nil), err: c.behErr}
			s := newService(b, exploreDesc.Proto(), zap.NewNop())
			resp, err := s.Configure(context.Background(), &pluginpb.ConfigureRequest{Params: c.params, Seed: 9})
			if err != nil {
				t.Fatal(err)
			}
			if resp.GetError() != c.wantErr {
				t.Errorf("error %q, want %q", resp.GetError(), c.wantErr)
			}
			if c.wantParams != nil && (b.got.Seed != 9 || len(b.got.Params) != len(c.wantParams) || b.got.Params["speed"] != c.wantParams["speed"]) {
				t.Errorf("Configure got %+v, want params %v and seed 9", b.got, c.wantParams)
			}
		})
	}
}

// dial serves b in-process and opens a Step stream to it.
func dial(t testing.TB, b Behavior) (pluginpb.BehaviorClient, pluginpb.Behavior_StepClient) {
	t.Helper()
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer()
	pluginpb.RegisterBehaviorServer(srv, newService(b, b.Describe().Proto(), zap.NewNop()))
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	conn, err := grpc.NewClient("passthrough:///bufconn",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	client := pluginpb.NewBehaviorClient(conn)
	stream, err := client.Step(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return client, stream
}

func gameInfo(secondsLeft int32) *pluginpb.Inbound {
	return &pluginpb.Inbound{Kind: &pluginpb.Inbound_GameInfo{GameInfo: &pluginpb.GameInfo{GameSecondsLeft: secondsLeft}}}
}

// TestMailboxCoalesces: observations put while none is taken collapse into
// the newest, which carries all their inbox messages and errors in order.
func TestMailboxCoalesces(t *testing.T) {
	m := newMailbox()
	for s := uint64(2); s <= 4; s++ {
		m.put(&pluginpb.Observation{Step: s, Errors: []string{fmt.Sprint("e", s)}, Inbox: []*pluginpb.Inbound{gameInfo(int32(s))}})
	}
	obs, skipped, err := m.take()
	if obs.GetStep() != 4 || skipped != 2 || err != nil {
		t.Fatalf("take = step %d, skipped %d, %v; want step 4, 2 skipped", obs.GetStep(), skipped, err)
	}
	var inbox []int32
	for _, in := range obs.GetInbox() {
		inbox = append(inbox, in.GetGameInfo().GetGameSecondsLeft())
	}
	if fmt.Sprint(inbox, obs.GetErrors()) != "[2 3 4] [e2 e3 e4]" {
		t.Errorf("merged inbox %v and errors %v, want [2 3 4] [e2 e3 e4]", inbox, obs.GetErrors())
	}
	if obs, _, _ := m.take(); obs != nil {
		t.Errorf("second take = %v, want nil", obs)
	}
	m.close(io.EOF)
	if _, _, err := m.take(); err != io.EOF {
		t.Errorf("take after close: %v, want io.EOF", err)
	}
}

// TestStepStream: whatever the timing, a slow behavior answers the newest
// Observation last, answers in increasing step order, and sees every inbox
// message and error exactly once.
func TestStepStream(t *testing.T) {
	release := make(chan struct{})
	b := New(exploreDesc, func(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
		if obs.GetStep() == 1 {
			<-release
		}
		var events []string
		for _, m := range obs.GetInbox() {
			events = append(events, fmt.Sprint("G", m.GetGameInfo().GetGameSecondsLeft()))
		}
		return &pluginpb.Action{Step: 999, Events: append(events, obs.GetErrors()...)}, nil
	})
	_, stream := dial(t, b)
	for s := uint64(1); s <= 4; s++ {
		obs := &pluginpb.Observation{Step: s, Errors: []string{fmt.Sprint("e", s)}, Inbox: []*pluginpb.Inbound{gameInfo(int32(s))}}
		if err := stream.Send(obs); err != nil {
			t.Fatal(err)
		}
	}
	close(release)
	if err := stream.CloseSend(); err != nil {
		t.Fatal(err)
	}
	var steps []uint64
	var events []string
	for {
		a, err := stream.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		steps = append(steps, a.GetStep())
		events = append(events, a.GetEvents()...)
	}
	if len(steps) == 0 || steps[len(steps)-1] != 4 {
		t.Fatalf("replies for steps %v: want 4 last (the SDK sets the step, not the behavior)", steps)
	}
	for i := 1; i < len(steps); i++ {
		if steps[i] <= steps[i-1] {
			t.Fatalf("replies for steps %v: not increasing", steps)
		}
	}
	slices.Sort(events)
	if got := strings.Join(events, " "); got != "G1 G2 G3 G4 e1 e2 e3 e4" {
		t.Errorf("events %q: every message exactly once wanted", got)
	}
}

func TestStepError(t *testing.T) {
	b := New(exploreDesc, func(_ context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
		if obs.GetStep() == 1 {
			return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 1}}, errors.New("lost")
		}
		return nil, nil
	})
	client, stream := dial(t, b)
	for _, c := range []struct {
		step    uint64
		wantErr string
	}{{1, "lost"}, {2, ""}} {
		if err := stream.Send(&pluginpb.Observation{Step: c.step}); err != nil {
			t.Fatal(err)
		}
		a, err := stream.Recv()
		if err != nil {
			t.Fatal(err)
		}
		if a.GetStep() != c.step || a.GetError() != c.wantErr || a.GetWheels() != nil {
			t.Errorf("step %d: %v, want error %q and no wheels", c.step, a, c.wantErr)
		}
	}
	if r, err := client.Ping(context.Background(), &pluginpb.PingRequest{Payload: []byte("x")}); err != nil || string(r.GetPayload()) != "x" {
		t.Errorf("Ping: %v, %v", r, err)
	}
	if d, err := client.Describe(context.Background(), &pluginpb.DescribeRequest{}); err != nil || d.GetName() != "explore" {
		t.Errorf("Describe: %v, %v", d, err)
	}
}
