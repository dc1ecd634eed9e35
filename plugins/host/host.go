// Package host is the runner side of rescuekit behavior plugins: it starts
// a plugin process (or attaches to one in debug mode), checks its binary
// pin and protocol version, and drives it over one long-lived gRPC Step
// stream.
//
// Plugins are started with go-plugin, gRPC only, without a shell between
// the runner and the plugin (the command is executed directly), and are
// killed when the runner dies, even by SIGKILL on Linux (the parent-death
// signal). Everything a plugin logs or prints reaches the runner's zap log
// under the plugin's name: its zap lines (sdk.Logger) with their levels,
// and its os.Stdout and os.Stderr output line by line.
package host

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	plugin "github.com/hashicorp/go-plugin"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"

	"github.com/rescuekit/rescuekit/plugins/internal/fastconn"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// DefaultStartTimeout is the start timeout when Config.StartTimeout is 0.
const DefaultStartTimeout = 10 * time.Second

// CallTimeout bounds Describe and Configure when their context has no
// earlier deadline: a plugin that hangs in either is an error, not a hung
// runner.
const CallTimeout = 10 * time.Second

// callTimeout is CallTimeout; tests shorten it.
var callTimeout = CallTimeout

// KillGrace is how long Kill lets a plugin shut down by itself before it
// SIGKILLs the plugin's process group, and how long it then waits for
// go-plugin to let go of the process.
const KillGrace = time.Second

// Errors that Step, Start and Describe wrap; test them with errors.Is.
var (
	// ErrExited: the plugin process died or closed its Step stream.
	ErrExited = errors.New("plugin exited")
	// ErrBehavior: the plugin answered the step with an error of its own.
	ErrBehavior = errors.New("plugin step failed")
	// ErrPinMismatch: the binary's SHA-256 differs from the pin.
	ErrPinMismatch = errors.New("plugin binary does not match its SHA-256 pin")
	// ErrStartTimeout: the plugin did not complete the handshake in time.
	ErrStartTimeout = errors.New("plugin did not start in time")
)

// Config says how to start (or attach to) one plugin.
type Config struct {
	// Name identifies the plugin in logs and errors.
	Name string
	// Cmd is the program and its arguments, executed directly (no shell),
	// e.g. {"./bin/my-explore"} or {os.Executable(), "plugin", "explore"}.
	Cmd []string
	// SHA256, when set, pins the program: a binary whose SHA-256 (64 hex
	// digits) differs is refused before it runs.
	SHA256 string
	// StartTimeout bounds the handshake (DefaultStartTimeout if 0).
	StartTimeout time.Duration
	// Logger receives the plugin's log under Logger.Named(Name); nil
	// discards it.
	Logger *zap.Logger
	// Reattach attaches to a plugin already running in debug mode instead
	// of starting Cmd (see ParseReattach); Cmd and SHA256 must then be empty.
	Reattach *plugin.ReattachConfig
	// Stdout and Stderr, when set, receive the raw bytes the plugin writes
	// to its os.Stdout and os.Stderr; when nil, each line is logged (info
	// for stdout, warn for stderr) with a "stream" field.
	Stdout io.Writer
	Stderr io.Writer
	// Env holds extra KEY=value entries for the plugin's environment, which
	// otherwise is the runner's own.
	Env []string

	// protocolVersion overrides pluginpb.ProtocolVersion (tests only).
	protocolVersion int
}

func (c *Config) runnerVersion() int {
	if c.protocolVersion != 0 {
		return c.protocolVersion
	}
	return pluginpb.ProtocolVersion
}

// ProtocolError is the refusal of a plugin that speaks another protocol
// version than the runner; its message says which side to rebuild.
type ProtocolError struct {
	Plugin        string
	PluginVersion int
	RunnerVersion int
}

func (e *ProtocolError) Error() string {
	if e.PluginVersion < e.RunnerVersion {
		return fmt.Sprintf("plugin %s speaks protocol %d, runner speaks %d: rebuild the plugin with the current rescuekit SDK",
			e.Plugin, e.PluginVersion, e.RunnerVersion)
	}
	return fmt.Sprintf("plugin %s speaks protocol %d, runner speaks %d: the plugin was built with a newer rescuekit SDK: update and rebuild the runner, or rebuild the plugin with the runner's SDK",
		e.Plugin, e.PluginVersion, e.RunnerVersion)
}

// Plugin is a started plugin. Its methods are safe for concurrent use;
// Step calls on one Plugin are serialised.
type Plugin struct {
	name   string
	log    *zap.Logger
	client *plugin.Client
	proto  plugin.ClientProtocol
	rpc    pluginpb.BehaviorClient
	stream pluginpb.Behavior_StepClient
	cancel context.CancelFunc
	attach bool

	stepMu   sync.Mutex // serialises Step
	stepped  bool
	lastStep uint64
	// answered (under stepMu) is true while every Observation sent has
	// been answered: the plugin has read all of them, so gRPC holds no
	// unsent bytes of the stream and a Send cannot block on flow control.
	// Step then sends itself instead of handing the Observation to
	// sendLoop.
	answered bool
	sendMu   sync.Mutex // serialises stream.Send (Step's and sendLoop's)
	sendCh   chan *pluginpb.Observation
	// reply carries the Action of the waiting Step; it is allocated once
	// and drained (under mu) before each Step, so a reply that raced a
	// deadline cannot answer the next step.
	reply chan *pluginpb.Action

	mu       sync.Mutex // guards waitStep and waiting
	waitStep uint64
	waiting  bool // a Step waits for the Action of waitStep on reply

	done     chan struct{} // closed when the stream ended
	failOnce sync.Once
	failErr  error

	late     atomic.Uint64
	killOnce sync.Once

	pid int    // the plugin's process (and process group) id; 0 if attached
	dir string // private directory (socket, pinned copy), removed by Kill
}

// Start starts the plugin cfg describes (or attaches to it), completes the
// handshake and opens its Step stream. On error nothing is left running.
func Start(ctx context.Context, cfg Config) (*Plugin, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	log := cfg.Logger
	if log == nil {
		log = zap.NewNop()
	}
	log = log.Named(cfg.Name)
	timeout := cfg.StartTimeout
	if timeout <= 0 {
		timeout = DefaultStartTimeout
	}
	cc := &plugin.ClientConfig{
		HandshakeConfig: plugin.HandshakeConfig{
			ProtocolVersion:  uint(cfg.runnerVersion()),
			MagicCookieKey:   pluginpb.MagicCookieKey,
			MagicCookieValue: pluginpb.MagicCookieValue,
		},
		Plugins:          plugin.PluginSet{pluginpb.PluginName: &grpcPlugin{}},
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		// Not managed: go-plugin would keep every client it ever started in
		// a global list (memory that grows with each restart); Kill ends a
		// plugin, and the parent-death signal ends it with the runner.
		Managed:         false,
		StartTimeout:    timeout,
		Logger:          newHCLogger(log),
		SyncStdout:      orLines(cfg.Stdout, log, zapcore.InfoLevel, "stdout"),
		SyncStderr:      orLines(cfg.Stderr, log, zapcore.WarnLevel, "stderr"),
		SkipHostEnv:     true,
		GRPCDialOptions: dialOptions(),
	}
	var dir string
	if cfg.Reattach != nil {
		if v := cfg.Reattach.ProtocolVersion; v != cfg.runnerVersion() {
			return nil, &ProtocolError{Plugin: cfg.Name, PluginVersion: v, RunnerVersion: cfg.runnerVersion()}
		}
		cc.Reattach = cfg.Reattach
	} else {
		path, err := exec.LookPath(cfg.Cmd[0])
		if err != nil {
			return nil, fmt.Errorf("plugin %s: cannot run %s: %w", cfg.Name, cfg.Cmd[0], err)
		}
		// The plugin's own directory holds its Unix socket (go-plugin's
		// PLUGIN_UNIX_SOCKET_DIR), so that a plugin that crashes leaves no
		// socket file behind, and the pinned copy of its binary.
		if dir, err = os.MkdirTemp("", "rescuekit-plugin-"); err != nil {
			return nil, fmt.Errorf("plugin %s: %w", cfg.Name, err)
		}
		if cfg.SHA256 != "" {
			if path, err = pinnedCopy(cfg, path, dir); err != nil {
				os.RemoveAll(dir)
				return nil, err
			}
		}
		cmd := exec.Command(path, cfg.Cmd[1:]...)
		cmd.Env = append(pluginEnv(cfg.Env, log), plugin.EnvUnixSocketDir+"="+dir)
		setPdeathsig(cmd)
		cc.Cmd = cmd
	}
	for try := 1; ; try++ {
		client := plugin.NewClient(cc)
		p, err := connect(ctx, client, cfg, log, timeout)
		if err == nil {
			p.dir, p.pid = dir, cmdPid(cc.Cmd)
			return p, nil
		}
		if ph := (*pendingHandshake)(nil); errors.As(err, &ph) {
			// go-plugin is still starting the process: clean up once it
			// is done, not now (the command is still being written).
			go func() {
				<-ph.over
				killClient(client, cmdPid(cc.Cmd), log)
				if dir != "" {
					os.RemoveAll(dir)
				}
			}()
			return nil, err
		}
		killClient(client, cmdPid(cc.Cmd), log)
		// A pinned copy just written can be "busy" for an instant: a
		// process forked at that moment by another goroutine holds the
		// write descriptor until it execs (golang/go#22315). Try again.
		if cc.Cmd != nil && try < 3 && strings.Contains(err.Error(), "text file busy") {
			cmd := exec.Command(cc.Cmd.Path, cc.Cmd.Args[1:]...)
			cmd.Env, cmd.SysProcAttr = cc.Cmd.Env, cc.Cmd.SysProcAttr
			cc.Cmd = cmd
			time.Sleep(time.Duration(try) * 10 * time.Millisecond)
			continue
		}
		if dir != "" {
			os.RemoveAll(dir)
		}
		return nil, err
	}
}

// cmdPid is the process id of a started command, 0 if there is none.
func cmdPid(cmd *exec.Cmd) int {
	if cmd != nil && cmd.Process != nil {
		return cmd.Process.Pid
	}
	return 0
}

// pinnedCopy reads the binary at path once, checks those bytes against the
// pin, and writes them to a private file in dir, which is what runs: a file
// swapped in at path after the check is never executed.
func pinnedCopy(cfg Config, path, dir string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("plugin %s: reading %s to check its pin: %w", cfg.Name, path, err)
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != strings.ToLower(cfg.SHA256) {
		return "", fmt.Errorf("plugin %s: refusing to start %s: its SHA-256 is %s but the pin is %s (a stale or modified build): rebuild it from the pinned source or update the pin: %w",
			cfg.Name, cfg.Cmd[0], got, strings.ToLower(cfg.SHA256), ErrPinMismatch)
	}
	copyPath := filepath.Join(dir, filepath.Base(path))
	if err := os.WriteFile(copyPath, b, 0o700); err != nil {
		return "", fmt.Errorf("plugin %s: writing the pinned copy of %s: %w", cfg.Name, path, err)
	}
	return copyPath, nil
}

// killClient ends a go-plugin client without blocking for longer than
// about 2·KillGrace: go-plugin's Kill asks the plugin to shut down and
// waits for it with no deadline, which a plugin spinning on its one thread
// never answers, so after KillGrace the process group is SIGKILLed.
func killClient(client *plugin.Client, pid int, log *zap.Logger) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		client.Kill()
	}()
	select {
	case <-done:
	case <-time.After(KillGrace):
		log.Warn("plugin did not shut down in time: killing its process group", zap.Int("pid", pid))
		killGroup(pid)
		select {
		case <-done:
		case <-time.After(KillGrace):
			log.Warn("plugin process killed, but go-plugin is still waiting for it; going on", zap.Int("pid", pid))
		}
	}
	// The plugin's children die with it, also when it ended on its own.
	killGroup(pid)
}

// dialOptions are the gRPC options of the runner's plugin connections:
// the static window (pluginpb.StreamWindow), and fastconn's cheaper socket
// path in place of go-plugin's insecure credentials (the runner does not
// use TLS).
func dialOptions() []grpc.DialOption {
	return []grpc.DialOption{
		grpc.WithStaticStreamWindowSize(pluginpb.StreamWindow),
		grpc.WithStaticConnWindowSize(pluginpb.StreamWindow),
		grpc.WithTransportCredentials(fastconn.Creds()),
	}
}

func (c *Config) startTimeout() time.Duration {
	if c.StartTimeout > 0 {
		return c.StartTimeout
	}
	return DefaultStartTimeout
}

func (c *Config) check() error {
	switch {
	case c.Name == "":
		return errors.New("host: Config.Name is empty: name the plugin")
	case c.Reattach != nil && (len(c.Cmd) > 0 || c.SHA256 != ""):
		return fmt.Errorf("plugin %s: Reattach attaches to a running plugin: leave Cmd and SHA256 empty", c.Name)
	case c.Reattach == nil && (len(c.Cmd) == 0 || c.Cmd[0] == ""):
		return fmt.Errorf("plugin %s: Config.Cmd is empty: give the program path (and its arguments)", c.Name)
	case c.Reattach != nil && c.Reattach.Addr == nil:
		return fmt.Errorf("plugin %s: Reattach has no address", c.Name)
	}
	if c.SHA256 != "" {
		if b, err := hex.DecodeString(c.SHA256); err != nil || len(b) != sha256.Size {
			return fmt.Errorf("plugin %s: SHA-256 pin %q is not 64 hex digits", c.Name, c.SHA256)
		}
	}
	return nil
}

// pluginEnv is the runner's environment without the debug switch (a
// plugin started by a runner must not serve in debug mode), with the
// runner's log level and the extra entries.
func pluginEnv(extra []string, log *zap.Logger) []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, pluginpb.EnvDebug+"=") || strings.HasPrefix(kv, pluginpb.EnvLogLevel+"=") {
			continue
		}
		env = append(env, kv)
	}
	env = append(env, pluginpb.EnvLogLevel+"="+lowestLevel(log.Core()).String())
	if !hasVar(env, "GOMAXPROCS") && !hasVar(extra, "GOMAXPROCS") {
		env = append(env, "GOMAXPROCS="+strconv.Itoa(DefaultPluginProcs))
	}
	if !hasVar(env, "GOGC") && !hasVar(extra, "GOGC") {
		env = append(env, "GOGC="+strconv.Itoa(DefaultPluginGOGC))
	}
	return append(env, extra...)
}

// DefaultPluginGOGC is the GOGC a plugin process gets unless the runner's
// environment or Config.Env sets GOGC. A plugin's live heap is small (a
// few MiB), so with Go's default of 100 it collects every few hundred steps
// (a camera frame alone is 10 KiB a step), and a collection on the
// plugin's one P delays the steps it overlaps by up to a millisecond: in
// `runner bench` those collections were most of the built-in behaviors'
// 99th-percentile dispatch time. At 400 they are four times rarer, for a
// heap goal of about 16 MiB per plugin.
const DefaultPluginGOGC = 400

// DefaultPluginProcs is the GOMAXPROCS a plugin process gets unless the
// runner's environment or Config.Env sets GOMAXPROCS. Several plugins and
// the runner share few cores and a plugin works in short bursts, one step
// at a time: with one P a plugin wakes one thread per step instead of
// also waking (and spinning) idle ones at every goroutine hand-off, which
// makes a step's round trip markedly cheaper. A plugin that computes in
// parallel can be given more with Config.Env ("GOMAXPROCS=4").
const DefaultPluginProcs = 1

// hasVar reports whether env sets name to a non-empty value.
func hasVar(env []string, name string) bool {
	for _, kv := range env {
		if strings.HasPrefix(kv, name+"=") && len(kv) > len(name)+1 {
			return true
		}
	}
	return false
}

func lowestLevel(core zapcore.Core) zapcore.Level {
	for l := zapcore.DebugLevel; l < zapcore.FatalLevel; l++ {
		if core.Enabled(l) {
			return l
		}
	}
	return zapcore.FatalLevel
}

var incompatibleRE = regexp.MustCompile(`incompatible API version with plugin\. Plugin version: (\d+)`)

// connect runs the handshake, dispenses the service and opens the stream.
func connect(ctx context.Context, client *plugin.Client, cfg Config, log *zap.Logger, timeout time.Duration) (*Plugin, error) {
	// The whole connection (handshake, dispense, the stream) has the start
	// timeout: a reattach address that accepts and never answers, or a
	// plugin that never opens its stream, is an error.
	ctx, stop := context.WithTimeout(ctx, timeout)
	defer stop()
	type result struct {
		proto plugin.ClientProtocol
		err   error
	}
	res := make(chan result, 1)
	go func() {
		cp, err := client.Client()
		res <- result{cp, err}
	}()
	var r result
	select {
	case r = <-res:
	case <-ctx.Done():
		return nil, handshakeCut(ctx, cfg, timeout, res)
	}
	if r.err != nil {
		return nil, startError(cfg, r.err)
	}
	raw, err := r.proto.Dispense(pluginpb.PluginName)
	if err != nil {
		return nil, fmt.Errorf("plugin %s: %w", cfg.Name, err)
	}
	rpc, ok := raw.(pluginpb.BehaviorClient)
	if !ok {
		return nil, fmt.Errorf("plugin %s: dispensed %T, not a Behavior client", cfg.Name, raw)
	}
	sctx, cancel := context.WithCancel(context.Background())
	type opened struct {
		stream pluginpb.Behavior_StepClient
		err    error
	}
	op := make(chan opened, 1)
	go func() {
		st, err := rpc.Step(sctx)
		op <- opened{st, err}
	}()
	var o opened
	select {
	case o = <-op:
	case <-ctx.Done():
		cancel()
		return nil, fmt.Errorf("plugin %s: the step stream did not open within %v: %w", cfg.Name, timeout, ErrStartTimeout)
	}
	stream, err := o.stream, o.err
	if err != nil {
		cancel()
		return nil, fmt.Errorf("plugin %s: opening the step stream: %w", cfg.Name, err)
	}
	p := &Plugin{
		name:   cfg.Name,
		log:    log,
		client: client,
		proto:  r.proto,
		rpc:    rpc,
		stream: stream,
		cancel: cancel,
		attach: cfg.Reattach != nil,
		sendCh: make(chan *pluginpb.Observation, 1),
		reply:  make(chan *pluginpb.Action, 1),
		// Nothing sent yet: nothing unanswered.
		answered: true,
		done:     make(chan struct{}),
	}
	go p.sendLoop()
	go p.recvLoop()
	return p, nil
}

// startError turns go-plugin's start errors into sentences that say what
// to do.
func startError(cfg Config, err error) error {
	msg := err.Error()
	switch {
	case incompatibleRE.MatchString(msg):
		v, _ := strconv.Atoi(incompatibleRE.FindStringSubmatch(msg)[1])
		return &ProtocolError{Plugin: cfg.Name, PluginVersion: v, RunnerVersion: cfg.runnerVersion()}
	case strings.Contains(msg, "timeout while waiting for plugin to start"):
		return fmt.Errorf("plugin %s: no handshake within %v: is %s a rescuekit plugin (its main must call sdk.Serve)? %w",
			cfg.Name, cfg.startTimeout(), cfg.Cmd[0], ErrStartTimeout)
	case strings.Contains(msg, "plugin exited before we could connect"),
		strings.Contains(msg, "Failed to read any lines from plugin's stdout"):
		return fmt.Errorf("plugin %s: %s exited during the handshake (see its log lines): %w", cfg.Name, cfg.Cmd[0], ErrExited)
	case strings.Contains(msg, "Unrecognized remote plugin message"):
		return fmt.Errorf("plugin %s: %s did not answer the handshake (does it print to stdout before sdk.Serve, or is it not a rescuekit plugin?): %v",
			cfg.Name, cfg.Cmd[0], firstLine(msg))
	}
	return fmt.Errorf("plugin %s: start: %w", cfg.Name, err)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Name returns the plugin's name.
func (p *Plugin) Name() string { return p.name }

// Pid returns the plugin's process id, or 0 if unknown.
func (p *Plugin) Pid() int {
	if rc := p.client.ReattachConfig(); rc != nil {
		return rc.Pid
	}
	return 0
}

// Describe asks the running plugin for its Description.
//
// It waits at most CallTimeout unless ctx ends sooner.
func (p *Plugin) Describe(ctx context.Context) (*pluginpb.Description, error) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	d, err := p.rpc.Describe(ctx, &pluginpb.DescribeRequest{})
	if err != nil {
		return nil, fmt.Errorf("plugin %s: describe: %w", p.name, err)
	}
	return d, nil
}

// Configure sends the plugin its parameters and seed. Unknown parameter
// names are refused by the plugin with an error that lists the known ones.
// It waits at most CallTimeout unless ctx ends sooner.
func (p *Plugin) Configure(ctx context.Context, params map[string]string, seed int64) error {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	resp, err := p.rpc.Configure(ctx, &pluginpb.ConfigureRequest{Params: params, Seed: seed})
	if err != nil {
		return fmt.Errorf("plugin %s: configure: %w", p.name, err)
	}
	if resp.GetError() != "" {
		return fmt.Errorf("plugin %s: configure: %s", p.name, resp.GetError())
	}
	return nil
}

// Ping makes one raw unary round trip to the plugin.
func (p *Plugin) Ping(ctx context.Context) error {
	if _, err := p.rpc.Ping(ctx, &pluginpb.PingRequest{}); err != nil {
		return fmt.Errorf("plugin %s: ping: %w", p.name, err)
	}
	return nil
}

// Step sends obs on the Step stream and waits for the Action that answers
// it, until ctx is done. Step numbers must increase from call to call.
//
// At ctx's deadline Step returns an error wrapping
// context.DeadlineExceeded even if the plugin hangs; the late Action, when
// it comes, is recognised by its step number and discarded. An Action
// carrying an error of the behavior gives an error wrapping ErrBehavior; a
// dead plugin or a closed stream gives one wrapping ErrExited.
//
// Step does not modify obs and does not keep it: once Step returns, the
// caller may reuse what obs points to (a late send goes out as a copy).
func (p *Plugin) Step(ctx context.Context, obs *pluginpb.Observation) (*pluginpb.Action, error) {
	if obs == nil {
		return nil, fmt.Errorf("plugin %s: Step given a nil Observation", p.name)
	}
	p.stepMu.Lock()
	defer p.stepMu.Unlock()
	step := obs.GetStep()
	if p.stepped && step <= p.lastStep {
		return nil, fmt.Errorf("plugin %s: step %d after step %d: step numbers must increase", p.name, step, p.lastStep)
	}
	select {
	case <-p.done:
		return nil, p.exitErr(step)
	default:
	}
	p.stepped, p.lastStep = true, step

	w := p.reply
	p.mu.Lock()
	select {
	case stale := <-w: // delivered to an earlier Step just as it gave up
		p.late.Add(1)
		p.log.Debug("late action discarded", zap.Uint64("step", stale.GetStep()))
	default:
	}
	p.waitStep, p.waiting = step, true
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		p.waiting = false
		p.mu.Unlock()
	}()

	if err := p.send(ctx, step, obs); err != nil {
		return nil, err
	}

	select {
	case act := <-w:
		p.answered = true
		if msg := act.GetError(); msg != "" {
			return nil, fmt.Errorf("plugin %s: step %d: %s: %w", p.name, step, msg, ErrBehavior)
		}
		return act, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("plugin %s: step %d: no action before the deadline: %w", p.name, step, ctx.Err())
	case <-p.done:
		return nil, p.exitErr(step)
	}
}

// send sends obs. When every earlier Observation has been answered it
// sends directly (a Send then cannot block); otherwise sendLoop sends it,
// so a plugin that stopped reading cannot hold Step past ctx's deadline.
func (p *Plugin) send(ctx context.Context, step uint64, obs *pluginpb.Observation) error {
	if p.answered && p.sendMu.TryLock() {
		p.answered = false
		err := p.stream.Send(obs)
		p.sendMu.Unlock()
		if err != nil {
			// The real cause is reported by Recv; this only ends the wait.
			p.fail(err)
			return p.exitErr(step)
		}
		return nil
	}
	p.answered = false
	// sendLoop sends obs after Step may have returned (at its deadline),
	// while the caller reuses what obs points to (camera buffers, the
	// blackboard) for the next step: send a copy.
	obs = proto.CloneOf(obs)
	// An Observation still queued means the sender is stuck in Send (the
	// plugin does not read): replace it, keeping its messages.
	select {
	case stale := <-p.sendCh:
		obs.Supersede(stale)
	default:
	}
	select {
	case p.sendCh <- obs:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("plugin %s: step %d: could not send before the deadline: %w", p.name, step, ctx.Err())
	case <-p.done:
		return p.exitErr(step)
	}
}

// LateReplies returns how many Actions arrived after their Step had given
// up and were discarded.
func (p *Plugin) LateReplies() uint64 { return p.late.Load() }

func (p *Plugin) sendLoop() {
	for {
		select {
		case obs := <-p.sendCh:
			p.sendMu.Lock()
			err := p.stream.Send(obs)
			p.sendMu.Unlock()
			if err != nil {
				// The real cause is reported by Recv; this only ends the wait.
				p.fail(err)
				return
			}
		case <-p.done:
			return
		}
	}
}

func (p *Plugin) recvLoop() {
	for {
		act, err := p.stream.Recv()
		if err != nil {
			p.fail(err)
			return
		}
		p.mu.Lock()
		if p.waiting && act.GetStep() == p.waitStep {
			p.reply <- act // never blocks: drained before waiting was set
			p.waiting = false
			p.mu.Unlock()
			continue
		}
		p.mu.Unlock()
		p.late.Add(1)
		p.log.Debug("late action discarded", zap.Uint64("step", act.GetStep()))
	}
}

func (p *Plugin) fail(err error) {
	p.failOnce.Do(func() {
		p.failErr = err
		close(p.done)
	})
}

func (p *Plugin) exitErr(step uint64) error {
	return fmt.Errorf("plugin %s: step %d: the plugin exited or closed its step stream (%v): %w", p.name, step, p.failErr, ErrExited)
}

// Exited reports whether the plugin is gone: its step stream closed (the
// first sign of a crash, before the process is reaped) or its process
// exited.
func (p *Plugin) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
	}
	return p.client.Exited()
}

// Kill ends the plugin: it closes the stream, asks the plugin to shut down
// and, after KillGrace, SIGKILLs its process group (the plugin and the
// children it started), so Kill never blocks for long, whatever the plugin
// does. It removes the plugin's private directory (its socket). A plugin
// attached in debug mode is asked to shut down. Kill is idempotent.
func (p *Plugin) Kill() {
	p.killOnce.Do(func() {
		p.cancel()
		if p.attach {
			done := make(chan struct{})
			go func() {
				defer close(done)
				_ = p.proto.Close()
				p.client.Kill()
			}()
			select {
			case <-done:
			case <-time.After(KillGrace):
				p.log.Warn("attached plugin did not shut down in time; going on")
			}
			return
		}
		killClient(p.client, p.pid, p.log)
		if p.dir != "" {
			os.RemoveAll(p.dir)
		}
	})
}

// FileSHA256 returns the SHA-256 of the file at path in lower-case hex,
// the form Config.SHA256 takes.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("host: hashing plugin binary: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("host: hashing %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// grpcPlugin is the runner side of the go-plugin plugin set.
type grpcPlugin struct {
	plugin.NetRPCUnsupportedPlugin
}

var _ plugin.GRPCPlugin = (*grpcPlugin)(nil)

func (*grpcPlugin) GRPCServer(*plugin.GRPCBroker, *grpc.Server) error {
	return errors.New("host: the runner does not serve plugins; plugins use plugins/sdk")
}

func (*grpcPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, conn *grpc.ClientConn) (any, error) {
	return pluginpb.NewBehaviorClient(conn), nil
}
