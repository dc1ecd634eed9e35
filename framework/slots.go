package framework

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/comms"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

type slot struct {
	name     string
	cfg      PluginConfig
	conn     PluginConn
	desc     *pluginpb.Description
	inbox    []*pluginpb.Inbound
	errs     []string
	errsOver int             // errors left out of the next Observation (addErr)
	outbox   []comms.Message // messages waiting for the gate (outbox.go)
	starting bool            // a restart is in flight (restart.go)
	dropped  []*pluginpb.DroppedStep
	// misses counts the steps in a row that ended without an answer in
	// time; in real time a late answer to an earlier step resets it
	// (silent). late is the conn's late answers at the last supervise.
	misses int
	late   uint64
	stats  PluginStats

	down      bool
	restartAt float64 // sim time of the next start attempt
	binMod    time.Time
	binSize   int64

	act     *pluginpb.Action
	err     error
	elapsed time.Duration
	sent    bool // an Observation went out this step

	jobs chan stepJob // to the slot's worker
}

// stepJob is one Observation for a slot's worker to deliver.
type stepJob struct {
	s    *slot
	ctx  context.Context
	conn PluginConn
	obs  *pluginpb.Observation
}

// work is a slot's worker: it runs the slot's Step calls, one per job, and
// hands the slot to done when each has its answer or gave up. A long-lived
// worker per plugin spares each step a goroutine start (and its stack
// growth) and a timer per plugin. The runner goroutine resets act, err and
// elapsed only before sending a job, and reads them only after receiving
// the slot back.
func (s *slot) work(done chan<- *slot) {
	for j := range s.jobs {
		t0 := time.Now()
		s.act, s.err = j.conn.Step(j.ctx, j.obs)
		s.elapsed = time.Since(t0)
		done <- s
	}
}

func (r *runner) startAll(ctx context.Context) error {
	r.backoff = time.Duration(r.cfg.RestartBackoffMs) * time.Millisecond
	if err := r.ownConfigured(); err != nil {
		return err
	}
	for _, name := range r.cfg.PluginNames() {
		s := &slot{name: name, cfg: r.cfg.Plugins[name]}
		r.slots = append(r.slots, s)
		r.byName[name] = s
	}
	r.done = make(chan *slot, len(r.slots))
	for _, s := range r.slots {
		s.jobs = make(chan stepJob, 1)
		go s.work(r.done)
	}
	// Start concurrently: each start is a process launch and a handshake.
	var wg sync.WaitGroup
	errs := make([]error, len(r.slots))
	for i, s := range r.slots {
		wg.Go(func() { errs[i] = r.start(ctx, s) })
	}
	wg.Wait()
	for _, s := range r.slots {
		if s.desc != nil {
			r.declare(s)
		}
	}
	return errors.Join(errs...)
}

// start launches, describes and configures the plugin of s. It touches only
// s, so several starts may run at once; the caller declares the plugin's
// blackboard keys afterwards.
func (r *runner) start(ctx context.Context, s *slot) error {
	conn, desc, err := r.launch(ctx, s)
	if err != nil {
		return err
	}
	r.adopt(s, conn, desc)
	return nil
}

// launch launches, describes and configures the plugin of s, reading only
// s's name and config, which no one changes during a run.
func (r *runner) launch(ctx context.Context, s *slot) (PluginConn, *pluginpb.Description, error) {
	conn, err := r.o.Launch(ctx, s.name, s.cfg)
	if err != nil {
		return nil, nil, namedErr(s.name, err)
	}
	desc, err := conn.Describe(ctx)
	if err == nil {
		err = checkDrives(s.name, s.cfg, desc)
	}
	if err == nil {
		err = checkParams(s.name, s.cfg, desc)
	}
	if err == nil {
		err = conn.Configure(ctx, s.cfg.Params, r.o.Seed)
	}
	if err != nil {
		conn.Kill()
		return nil, nil, namedErr(s.name, err)
	}
	return conn, desc, nil
}

// adopt makes a started plugin s's.
func (r *runner) adopt(s *slot, conn PluginConn, desc *pluginpb.Description) {
	s.conn, s.desc, s.down, s.misses = conn, desc, false, 0
	s.late = lateReplies(conn)
	s.stats.Version = desc.GetVersion()
	if fi, err := os.Stat(s.cfg.Cmd); err == nil {
		s.binMod, s.binSize = fi.ModTime(), fi.Size()
	}
}

// checkDrives refuses a config that makes plugin name drive a state its
// Description does not list. A plugin that lists no states is a watcher
// (the Description's watcher field is not read: it is derived).
func checkDrives(name string, pc PluginConfig, desc *pluginpb.Description) error {
	for _, st := range pc.Drives {
		if slices.Contains(desc.GetStates(), st) {
			continue
		}
		lists := "no states: it is a watcher"
		if len(desc.GetStates()) > 0 {
			q := make([]string, len(desc.GetStates()))
			for i, d := range desc.GetStates() {
				q[i] = strconv.Quote(d)
			}
			lists = "only " + strings.Join(q, ", ")
		}
		return fmt.Errorf("%w: plugins.%s.drives has state %q, but the plugin's description (%s %s) lists %s",
			ErrConfig, name, st, desc.GetName(), desc.GetVersion(), lists)
	}
	return nil
}

// stopWorkers ends the slots' workers; none is busy between steps.
func (r *runner) stopWorkers() {
	for _, s := range r.slots {
		if s.jobs != nil {
			close(s.jobs)
		}
	}
}

// lateCounter is implemented by a PluginConn that counts the Actions that
// came after their Step had given up (plugins/host.Plugin.LateReplies).
type lateCounter interface{ LateReplies() uint64 }

// lateReplies returns conn's late answers so far, 0 if it does not count them.
func lateReplies(conn PluginConn) uint64 {
	if lc, ok := conn.(lateCounter); ok {
		return lc.LateReplies()
	}
	return 0
}

// answeredLate reports whether s's plugin sent a late answer (to an earlier
// step) since the last call: a plugin that does is slow, not hung.
func (s *slot) answeredLate() bool {
	n := lateReplies(s.conn)
	late := n != s.late
	s.late = n
	return late
}

// supervise accounts for one plugin's answer and reports whether its action
// can be used.
func (r *runner) supervise(s *slot) bool {
	late := s.answeredLate()
	switch {
	case s.err == nil && s.act.GetError() == "":
		s.stats.Steps++
		s.stats.StepTimes = append(s.stats.StepTimes, s.elapsed)
		s.overBudget(r.budget)
		s.misses = 0
		return true
	case s.err == nil:
		s.stats.Steps++
		s.stats.Errors++
		s.overBudget(r.budget)
		r.logw(r.log.Warn, "plugin step failed", zap.String("plugin", s.name), zap.String("error", s.act.GetError()))
		return false
	case errors.Is(s.err, context.DeadlineExceeded) && !s.conn.Exited() && r.o.Lockstep:
		s.stats.Hangs++
		s.drop(r.step, fmt.Sprintf("no answer within the %d ms hang timeout: the plugin was restarted", r.cfg.HangTimeout()))
		r.logw(r.log.Warn, "plugin hung: no answer within the hang timeout", zap.String("plugin", s.name),
			zap.Int("hang_timeout_ms", r.cfg.HangTimeout()))
		r.restartLater(s, "hung")
		return false
	case errors.Is(s.err, context.DeadlineExceeded) && !s.conn.Exited():
		// Only silent steps count towards max_misses: a plugin whose late
		// answers still arrive is slow (a loaded machine), not hung, and a
		// restart would only lose its behavior's state.
		if late {
			s.misses = 0
		} else {
			s.misses++
		}
		s.stats.Misses++
		s.drop(r.step, fmt.Sprintf("no answer within the %d ms deadline", r.cfg.Deadline()))
		// Info, not Warn: a loaded machine misses many steps, and the run
		// summary counts them in one line.
		r.logw(r.log.Info, "plugin missed its deadline: safe action", zap.String("plugin", s.name),
			zap.Int("silent_in_a_row", s.misses), zap.Bool("answered_late", late), zap.Int("deadline_ms", r.cfg.Deadline()))
		if s.misses >= r.cfg.MaxMisses {
			r.restartLater(s, fmt.Sprintf("missed %d steps in a row without any answer, not even late", s.misses))
		}
		return false
	case s.conn.Exited():
		s.stats.Crashes++
		r.logw(r.log.Error, "plugin crashed", zap.String("plugin", s.name), zap.Error(s.err))
		r.restartLater(s, "crashed")
		return false
	default:
		// The plugin is alive but the step failed (its behavior returned an
		// error, or the stream hiccuped): a safe action, counted like a miss.
		s.misses++
		s.stats.Errors++
		s.drop(r.step, s.err.Error())
		r.logw(r.log.Warn, "plugin step failed", zap.String("plugin", s.name), zap.Error(s.err), zap.Int("in_a_row", s.misses))
		if s.misses >= r.cfg.MaxMisses {
			r.restartLater(s, fmt.Sprintf("failed %d steps in a row", s.misses))
		}
		return false
	}
}

// drop tells the plugin, in its next Observation, that its Action for step
// was not applied.
func (s *slot) drop(step uint64, why string) {
	s.dropped = append(s.dropped, &pluginpb.DroppedStep{Step: step, Reason: why})
}

// restartLater kills a plugin and schedules its restart with backoff, in
// simulation time; the game goes on meanwhile.
func (r *runner) restartLater(s *slot, why string) {
	s.conn.Kill()
	s.down = true
	wait := r.backoff << min(s.stats.Restarts, 16)
	if maxWait := time.Duration(r.cfg.RestartBackoffMaxMs) * time.Millisecond; wait > maxWait {
		wait = maxWait
	}
	s.restartAt = r.now + wait.Seconds()
	r.logw(r.log.Warn, "plugin will be restarted", zap.String("plugin", s.name), zap.String("why", why),
		zap.Duration("backoff", wait))
}

func (r *runner) superviseRestarts(ctx context.Context) {
	r.collectRestarts()
	for _, s := range r.slots {
		if !s.down || s.starting || r.now < s.restartAt {
			continue
		}
		s.stats.Restarts++
		if !r.o.Lockstep {
			r.restartAsync(s)
			continue
		}
		if err := r.restart(ctx, s); err != nil {
			r.logw(r.log.Error, "plugin restart failed", zap.String("plugin", s.name), zap.Error(err))
			r.restartLater(s, "restart failed")
			continue
		}
		r.declare(s)
		r.logw(r.log.Info, "plugin restarted", zap.String("plugin", s.name), zap.Int("restarts", s.stats.Restarts))
	}
}

// watch restarts plugins whose binary changed on disk.
func (r *runner) watch(ctx context.Context) {
	for _, s := range r.slots {
		if s.cfg.Cmd == Builtin || s.down {
			continue
		}
		fi, err := os.Stat(s.cfg.Cmd)
		if err != nil || (fi.ModTime().Equal(s.binMod) && fi.Size() == s.binSize) {
			continue
		}
		r.logw(r.log.Info, "plugin binary changed: restarting it", zap.String("plugin", s.name), zap.String("path", s.cfg.Cmd))
		s.conn.Kill()
		s.stats.Restarts++
		if err := r.restart(ctx, s); err != nil {
			r.logw(r.log.Error, "plugin restart failed", zap.String("plugin", s.name), zap.Error(err))
			r.restartLater(s, "restart after change failed")
			continue
		}
		r.declare(s)
	}
}
