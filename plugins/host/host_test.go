package host

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// bounded is how long a test waits for something asynchronous to happen
// (a process to die, a log line to arrive) before failing.
const bounded = 15 * time.Second

func start(t *testing.T, cfg Config) *Plugin {
	t.Helper()
	buildPlugins(t)
	if cfg.Name == "" {
		cfg.Name = "behave"
	}
	if cfg.Cmd == nil && cfg.Reattach == nil {
		cfg.Cmd = []string{behaveBin}
	}
	p, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(p.Kill)
	return p
}

func step(t *testing.T, p *Plugin, obs *pluginpb.Observation, timeout time.Duration) (*pluginpb.Action, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return p.Step(ctx, obs)
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(bounded)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestStepRoundTrip(t *testing.T) {
	buildPlugins(t)
	p := start(t, Config{Cmd: []string{behaveBin, "explore"}, Name: "explore"})
	ctx := context.Background()

	d, err := p.Describe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if d.GetName() != "explore" || d.GetProtocolVersion() != pluginpb.ProtocolVersion || d.GetCameraEveryNSteps() != 4 {
		t.Errorf("Describe = %v, want name explore (from the argument), protocol %d, cameras every 4 steps", d, pluginpb.ProtocolVersion)
	}
	if err := p.Configure(ctx, map[string]string{"speed": "7"}, 42); err != nil {
		t.Fatalf("Configure: %v", err)
	}
	if err := p.Configure(ctx, map[string]string{"sped": "7"}, 42); err == nil || !strings.Contains(err.Error(), "no parameter sped (it accepts: configure_sleep, sleep, speed)") {
		t.Errorf("Configure with an unknown parameter: err = %v, want one naming it and the known ones", err)
	}
	if err := p.Ping(ctx); err != nil {
		t.Errorf("Ping: %v", err)
	}

	for _, s := range []uint64{0, 1, 2, 10, 11} {
		obs := &pluginpb.Observation{Step: s, State: "explore", Errors: []string{"refused " + strconv.FormatUint(s, 10)},
			Blackboard: map[string][]byte{"k": {byte(s)}}}
		act, err := step(t, p, obs, bounded)
		if err != nil {
			t.Fatalf("step %d: %v", s, err)
		}
		if act.GetStep() != s || act.GetWheels().GetLeft() != float64(s) || act.GetWheels().GetRight() != -float64(s) {
			t.Errorf("step %d: action %v, want step %d and wheels (%d, -%d)", s, act, s, s, s)
		}
		if len(act.GetEvents()) != 1 || act.GetEvents()[0] != obs.Errors[0] {
			t.Errorf("step %d: events %v, want %v", s, act.GetEvents(), obs.Errors)
		}
		if string(act.GetBlackboard()["speed"]) != "7" || act.GetBlackboard()["k"][0] != byte(s) {
			t.Errorf("step %d: blackboard %v, want speed=7 (configured) and k=%d", s, act.GetBlackboard(), s)
		}
	}
	if _, err := step(t, p, &pluginpb.Observation{Step: 11}, bounded); err == nil || !strings.Contains(err.Error(), "must increase") {
		t.Errorf("repeated step number: err = %v, want a refusal", err)
	}
	if _, err := step(t, p, nil, bounded); err == nil {
		t.Error("nil Observation: no error")
	}
	if p.Exited() {
		t.Error("Exited is true for a running plugin")
	}
}

func TestBehaviorError(t *testing.T) {
	p := start(t, Config{})
	_, err := step(t, p, &pluginpb.Observation{Step: 1, State: "fail"}, bounded)
	if !errors.Is(err, ErrBehavior) || !strings.Contains(err.Error(), "told to fail") {
		t.Fatalf("err = %v, want ErrBehavior with the plugin's message", err)
	}
	if act, err := step(t, p, &pluginpb.Observation{Step: 2}, bounded); err != nil || act.GetStep() != 2 {
		t.Fatalf("the step after a failed one: %v, %v", act, err)
	}
}

func TestPanicMidStream(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	p := start(t, Config{Logger: zap.New(core)})
	if _, err := step(t, p, &pluginpb.Observation{Step: 1}, bounded); err != nil {
		t.Fatalf("step 1: %v", err)
	}
	_, err := step(t, p, &pluginpb.Observation{Step: 2, State: "panic"}, bounded)
	if !errors.Is(err, ErrExited) {
		t.Fatalf("step 2 (plugin panics): err = %v, want ErrExited", err)
	}
	waitFor(t, "Exited after the crash", p.Exited)
	if _, err := step(t, p, &pluginpb.Observation{Step: 3}, bounded); !errors.Is(err, ErrExited) {
		t.Errorf("step after the crash: err = %v, want ErrExited", err)
	}
	waitFor(t, "the panic in the log", func() bool {
		return logs.FilterLevelExact(zapcore.ErrorLevel).FilterMessageSnippet("told to panic at step 2").Len() > 0
	})
}

func TestDeadline(t *testing.T) {
	p := start(t, Config{})
	if err := p.Configure(context.Background(), map[string]string{"sleep": "2s"}, 0); err != nil {
		t.Fatal(err)
	}
	_, err := step(t, p, &pluginpb.Observation{Step: 1, State: "sleep"}, 100*time.Millisecond)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("step 1 (plugin sleeps past the deadline): err = %v, want DeadlineExceeded", err)
	}
	if p.LateReplies() != 0 {
		t.Fatalf("LateReplies = %d before the late reply could exist", p.LateReplies())
	}
	act, err := step(t, p, &pluginpb.Observation{Step: 2}, bounded)
	if err != nil {
		t.Fatalf("step 2: %v", err)
	}
	if act.GetStep() != 2 || act.GetWheels().GetLeft() != 2 {
		t.Errorf("step 2 got %v: the late reply to step 1 was taken for step 2", act)
	}
	if n := p.LateReplies(); n != 1 {
		t.Errorf("LateReplies = %d, want 1 (step 1's)", n)
	}
}

func TestStdoutRouted(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	p := start(t, Config{Logger: zap.New(core).Named("runner")})
	if _, err := step(t, p, &pluginpb.Observation{Step: 5, State: "print"}, bounded); err != nil {
		t.Fatalf("step: %v", err)
	}
	cases := []struct {
		msg    string
		level  zapcore.Level
		stream string
	}{
		{"printed on stdout at step 5", zapcore.InfoLevel, "stdout"},
		{"printed on stderr at step 5", zapcore.WarnLevel, "stderr"},
		{"logged a warning", zapcore.WarnLevel, ""},
	}
	for _, c := range cases {
		t.Run(c.msg, func(t *testing.T) {
			waitFor(t, c.msg, func() bool { return logs.FilterMessage(c.msg).Len() > 0 })
			e := logs.FilterMessage(c.msg).All()[0]
			if e.Level != c.level || e.LoggerName != "runner.behave" {
				t.Errorf("entry %+v: want level %v under logger runner.behave", e.Entry, c.level)
			}
			if got, _ := e.ContextMap()["stream"].(string); got != c.stream {
				t.Errorf("stream field %q, want %q", got, c.stream)
			}
			if c.stream == "" {
				if got := e.ContextMap()["step"]; got != float64(5) {
					t.Errorf("the plugin's field step = %v (%T), want 5", got, got)
				}
			}
		})
	}
}

func TestProtocolMismatch(t *testing.T) {
	buildPlugins(t)
	cases := []struct {
		name   string
		bin    string
		runner int
		want   string
	}{
		{"old plugin", behaveBin, 2, "plugin explore speaks protocol 1, runner speaks 2: rebuild the plugin with the current rescuekit SDK"},
		{"new plugin", behaveV2Bin, 1, "plugin explore speaks protocol 2, runner speaks 1: the plugin was built with a newer rescuekit SDK: update and rebuild the runner, or rebuild the plugin with the runner's SDK"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Start(context.Background(), Config{Name: "explore", Cmd: []string{c.bin}, protocolVersion: c.runner})
			if err == nil {
				p.Kill()
				t.Fatal("Start succeeded")
			}
			if err.Error() != c.want {
				t.Errorf("err = %q\nwant  %q", err, c.want)
			}
			var pe *ProtocolError
			if !errors.As(err, &pe) {
				t.Errorf("err is %T, want *ProtocolError", err)
			}
		})
	}
}

func TestPin(t *testing.T) {
	buildPlugins(t)
	sum, err := FileSHA256(behaveBin)
	if err != nil {
		t.Fatal(err)
	}
	wrong := strings.Repeat("ab", 32)
	cases := []struct {
		name    string
		pin     string
		wantErr string
	}{
		{"matching pin", strings.ToUpper(sum), ""},
		{"other build", wrong, "refusing to start " + behaveBin + ": its SHA-256 is " + sum + " but the pin is " + wrong},
		{"malformed pin", "abc", "is not 64 hex digits"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Start(context.Background(), Config{Name: "behave", Cmd: []string{behaveBin}, SHA256: c.pin})
			if c.wantErr == "" {
				if err != nil {
					t.Fatalf("Start: %v", err)
				}
				p.Kill()
				return
			}
			if err == nil {
				p.Kill()
				t.Fatal("Start succeeded")
			}
			if !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("err = %v, want it to contain %q", err, c.wantErr)
			}
		})
	}
}

func TestStartErrors(t *testing.T) {
	buildPlugins(t)
	cases := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no name", Config{Cmd: []string{behaveBin}}, "Name is empty"},
		{"no command", Config{Name: "x"}, "Cmd is empty"},
		{"missing binary", Config{Name: "x", Cmd: []string{"./does-not-exist"}}, "cannot run ./does-not-exist"},
		{"not a plugin", Config{Name: "x", Cmd: []string{"sh", "-c", "exit 3"}, StartTimeout: bounded}, "exited during the handshake"},
		{"prints first", Config{Name: "x", Cmd: []string{"echo", "hello"}, StartTimeout: bounded}, "did not answer the handshake"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if len(c.cfg.Cmd) > 0 && !strings.HasPrefix(c.cfg.Cmd[0], ".") && c.cfg.Cmd[0] != behaveBin {
				if _, err := exec.LookPath(c.cfg.Cmd[0]); err != nil {
					t.Skipf("%s not installed", c.cfg.Cmd[0])
				}
			}
			p, err := Start(context.Background(), c.cfg)
			if err == nil {
				p.Kill()
				t.Fatal("Start succeeded")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want it to contain %q", err, c.want)
			}
		})
	}
}

func TestDescribeCommand(t *testing.T) {
	buildPlugins(t)
	d, err := Describe(context.Background(), []string{behaveBin, "victim-detect"})
	if err != nil {
		t.Fatal(err)
	}
	if d.GetName() != "victim-detect" || d.GetVersion() != "0.1.0" || len(d.GetStates()) != 7 || d.GetParams()["sleep"].GetDefault() != "1s" {
		t.Errorf("Describe = %v", d)
	}
	d, err = Describe(context.Background(), []string{behaveV2Bin})
	var pe *ProtocolError
	if !errors.As(err, &pe) || pe.PluginVersion != 2 || d.GetName() != "behave" {
		t.Errorf("Describe of a protocol-2 plugin: %v, %v; want the description and a *ProtocolError", d, err)
	}
	if _, err := Describe(context.Background(), nil); err == nil {
		t.Error("Describe(nil): no error")
	}
}

func TestReattachDebugMode(t *testing.T) {
	buildPlugins(t)
	cmd := exec.Command(behaveBin, "debugged")
	cmd.Env = append(os.Environ(), pluginpb.EnvDebug+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadBytes('\n')
	if err != nil {
		t.Fatalf("reading the reattach line: %v", err)
	}
	rc, err := ParseReattach(line)
	if err != nil {
		t.Fatalf("ParseReattach(%s): %v", line, err)
	}
	if rc.Pid != cmd.Process.Pid {
		t.Errorf("reattach pid %d, want %d", rc.Pid, cmd.Process.Pid)
	}
	p := start(t, Config{Name: "debugged", Reattach: rc})
	d, err := p.Describe(context.Background())
	if err != nil || d.GetName() != "debugged" {
		t.Fatalf("Describe over reattach: %v, %v", d, err)
	}
	if act, err := step(t, p, &pluginpb.Observation{Step: 3}, bounded); err != nil || act.GetStep() != 3 {
		t.Fatalf("Step over reattach: %v, %v", act, err)
	}
	p.Kill()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(bounded):
		t.Fatal("the debugged plugin still runs after Kill")
	}
}

func BenchmarkStep(b *testing.B) {
	buildPlugins(b)
	p, err := Start(context.Background(), Config{Name: "behave", Cmd: []string{behaveBin}})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Kill()
	ctx := context.Background()
	obs := &pluginpb.Observation{State: "explore", Distance: make([]float64, 8), Gps: &pluginpb.Vec3{X: 1}}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		o := &pluginpb.Observation{Step: uint64(i), State: obs.State, Distance: obs.Distance, Gps: obs.Gps}
		if _, err := p.Step(ctx, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPing(b *testing.B) {
	buildPlugins(b)
	p, err := Start(context.Background(), Config{Name: "behave", Cmd: []string{behaveBin}})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Kill()
	ctx := context.Background()
	for b.Loop() {
		if err := p.Ping(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
