package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/record"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/mapscore"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// recorder records one game of the embedded simulator (package record):
// each control step it fills a record.StepFrame from the simulated robot
// (the true pose, distance sensors, cameras, lidar), the referee (score,
// events, verdicts on reports, the map submitted), the runner (FSM state)
// and the plugins (their Observations and Actions, the pose they estimate,
// written under nav.KeyPose, and their log lines).
// All its hooks run on the runner goroutine except the log core.
type recorder struct {
	w    *record.Writer
	file *os.File      // the recording's file, nil when in memory
	mem  *bytes.Buffer // the recording in memory (--png alone)
	path string

	robot  *sim.Sim
	ref    *referee.Referee
	dists  []hal.DistanceSensor
	cams   []hal.Camera
	names  []string // camera names
	lidar  hal.Lidar
	light  bool // no cameras, no plugin IO: only what the picture needs
	answer [][]string

	io        []record.PluginIO
	est       *world.Pose // the plugins' last pose estimate (nav.KeyPose)
	camBuf    [][]byte
	ranges    []float32
	events    int
	verdicts  int
	lastMap   *string // the first cell of the last map seen, to tell a new one
	steps     int
	last      framework.StepInfo
	lastScore float64
	err       error

	logMu sync.Mutex
	logs  []record.Log
}

// newRecorder starts a recording of the game o describes into path, or in
// memory when path is "" (light: only what a picture needs). It installs
// its hooks in o (OnStart, OnPluginIO, OnStep wrapped, Logger teed) and must
// be closed on every path out of the game.
func newRecorder(path string, o *game.Options, rules string) (*recorder, error) {
	rc := &recorder{path: path, light: path == ""}
	var out io.Writer
	if path == "" {
		rc.mem = &bytes.Buffer{}
		out = rc.mem
	} else {
		if dir := filepath.Dir(path); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("--record: %w", err)
			}
		}
		f, err := os.Create(path)
		if err != nil {
			return nil, fmt.Errorf("--record: %w", err)
		}
		rc.file, out = f, f
	}
	meta := record.Meta{
		World: o.World, Answer: world.Answer(o.World), Seed: o.Seed, Rules: rules,
		MaxScore: game.MaxScore(o.World), DistanceNames: framework.DefaultDevices().Distance,
		Options: record.Options{NoPluginIO: rc.light, OwnChannelKeys: []string{nav.KeyPose}},
	}
	w, err := record.NewWriter(out, meta)
	if err != nil {
		if rc.file != nil {
			_ = rc.file.Close()
		}
		return nil, err
	}
	rc.w, rc.answer = w, meta.Answer
	o.OnStart = rc.start
	o.OnPluginIO = rc.pluginIO
	prev := o.OnStep
	o.OnStep = func(si framework.StepInfo, ref *referee.Referee) {
		if prev != nil {
			prev(si, ref)
		}
		rc.step(si)
	}
	if o.Logger != nil && !rc.light {
		o.Logger = rc.tee(o.Logger)
	}
	return rc, nil
}

// start opens the devices the recording reads.
func (rc *recorder) start(robot *sim.Sim, ref *referee.Referee) {
	rc.robot, rc.ref = robot, ref
	devs := framework.DefaultDevices()
	for _, n := range devs.Distance {
		if d, err := robot.Device(n); err == nil {
			if ds, ok := d.(hal.DistanceSensor); ok {
				rc.dists = append(rc.dists, ds)
			}
		}
	}
	if rc.light {
		return
	}
	for _, n := range devs.Cameras {
		if d, err := robot.Device(n); err == nil {
			if c, ok := d.(hal.Camera); ok {
				rc.cams, rc.names = append(rc.cams, c), append(rc.names, n)
			}
		}
	}
	rc.camBuf = make([][]byte, len(rc.cams))
	if d, err := robot.Device(devs.Lidar); err == nil {
		rc.lidar, _ = d.(hal.Lidar)
	}
}

func (rc *recorder) pluginIO(name string, obs *pluginpb.Observation, act *pluginpb.Action) {
	if e, ok := game.PoseOf(act); ok {
		rc.est = &world.Pose{Pos: geom.Vec2{X: e.X, Z: e.Z}, Yaw: e.Yaw}
	}
	if rc.light {
		return
	}
	p := record.PluginIO{Name: name, Observation: obs}
	if act != nil { // a nil *Action in the interface would not read as nil
		p.Action = act
	}
	rc.io = append(rc.io, p)
}

// step records one control step.
func (rc *recorder) step(si framework.StepInfo) {
	if rc.err != nil || rc.robot == nil {
		rc.io = rc.io[:0]
		return
	}
	f := record.StepFrame{
		Step: si.Step, SimTime: si.SimTime, True: rc.robot.Pose(), State: si.State, Score: rc.ref.Score(),
		// The last pose a plugin wrote under nav.KeyPose (explore's
		// tracker), nil until one does.
		Estimate: rc.est,
		Plugins:  rc.io,
	}
	for _, d := range rc.dists {
		f.Distance = append(f.Distance, d.Value())
	}
	if len(rc.cams) > 0 && rc.steps%record.DefaultCameraEvery == 0 {
		for i, c := range rc.cams {
			rc.camBuf[i] = c.Image(rc.camBuf[i])
			f.Cameras = append(f.Cameras, record.Camera{Name: rc.names[i], Width: c.Width(), Height: c.Height(), BGRA: rc.camBuf[i]})
		}
	}
	if rc.lidar != nil {
		rc.ranges = rc.lidar.RangeImage(rc.ranges)
		f.Lidar = &record.Lidar{
			Ranges: rc.ranges, HorizontalResolution: rc.lidar.HorizontalResolution(), Layers: rc.lidar.NumberOfLayers(),
			FOV: rc.lidar.FOV(), MinRange: rc.lidar.MinRange(), MaxRange: rc.lidar.MaxRange(),
		}
	}
	if evs := rc.ref.Events(); len(evs) > rc.events {
		for _, e := range evs[rc.events:] {
			f.Events = append(f.Events, record.Event{Time: e.Time, What: e.What, Points: e.Points})
		}
		rc.events = len(evs)
	}
	if vs := rc.ref.Verdicts(); len(vs) > rc.verdicts {
		for _, v := range vs[rc.verdicts:] {
			f.Reports = append(f.Reports, reportOf(v))
		}
		rc.verdicts = len(vs)
	}
	if m := rc.ref.SubmittedMap(); len(m) > 0 && len(m[0]) > 0 && &m[0][0] != rc.lastMap {
		rc.lastMap = &m[0][0]
		// Shown over the arena, the map is aligned on the start tile as
		// Erebus's scorer aligns it; the summary gives it as sent.
		if a, err := mapscore.Align(rc.answer, m); err == nil {
			f.Map = a
		} else {
			f.Map = m
			f.Logs = append(f.Logs, record.Log{Level: record.LevelWarning, Name: "record", Message: "map not aligned on the start tile: " + err.Error()})
		}
	}
	rc.logMu.Lock()
	f.Logs, rc.logs = append(f.Logs, rc.logs...), nil
	rc.logMu.Unlock()
	rc.err = rc.w.Step(f)
	rc.steps++
	rc.last, rc.lastScore = si, f.Score
	clear(rc.io)
	rc.io = rc.io[:0]
}

// final records, after the last step, what the referee did when the game
// ended (the exit and map bonuses come in the simulator step that ends the
// game, after which the runner calls no OnStep).
func (rc *recorder) final() {
	if rc.robot == nil || rc.steps == 0 || rc.err != nil {
		return
	}
	if len(rc.ref.Events()) == rc.events && rc.ref.Score() == rc.lastScore && len(rc.ref.Verdicts()) == rc.verdicts {
		return
	}
	clear(rc.io)
	rc.io = rc.io[:0]
	si := rc.last
	si.Step++
	si.SimTime = max(si.SimTime, rc.robot.Time())
	rc.step(si)
}

// reportOf turns a referee verdict into a recorded report.
func reportOf(v referee.Verdict) record.Report {
	out := record.OutcomeUnknown
	switch v.Outcome {
	case referee.OutcomeHit:
		out = record.Hit
	case referee.OutcomeWrongType:
		out = record.WrongType
	case referee.OutcomeMiss:
		out = record.Miss
	}
	why := v.Why
	if v.Outcome == referee.OutcomeIgnored {
		why = "ignored: " + why
	}
	sign := v.Sign
	if out == record.Miss {
		sign = -1 // the nearest sign is named in Why; none matched
	}
	var letter byte
	if v.Letter != "" {
		letter = v.Letter[0]
	}
	return record.Report{Letter: letter, Robot: v.Robot, Estimate: v.Estimate, Outcome: out, Sign: sign, Points: v.Points, Why: why}
}

// tee returns l with a second core that keeps Info and above for the
// recording's /log channel; plugin processes log through it too.
func (rc *recorder) tee(l *zap.Logger) *zap.Logger {
	return l.WithOptions(zap.WrapCore(func(c zapcore.Core) zapcore.Core {
		return zapcore.NewTee(c, &logCore{rc: rc, level: zapcore.InfoLevel})
	}))
}

// Close ends the recording: the summary section and the file. It is safe
// to call more than once and on a nil recorder.
func (rc *recorder) Close() error {
	if rc == nil || rc.w == nil {
		return nil
	}
	rc.final()
	err := rc.w.Close()
	rc.w = nil
	if rc.file != nil {
		err = errors.Join(err, rc.file.Close())
	}
	if rc.err != nil {
		err = errors.Join(rc.err, err)
	}
	return err
}

// recording reads the in-memory recording back (after Close).
func (rc *recorder) recording() (*record.Recording, error) {
	if rc.mem != nil {
		return record.Read(bytes.NewReader(rc.mem.Bytes()))
	}
	f, err := os.Open(rc.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return record.Read(f)
}

// logCore is a zap core that hands log lines to a recorder.
type logCore struct {
	rc     *recorder
	level  zapcore.Level
	fields []zapcore.Field
}

func (c *logCore) Enabled(l zapcore.Level) bool { return l >= c.level }

func (c *logCore) With(fs []zapcore.Field) zapcore.Core {
	return &logCore{rc: c.rc, level: c.level, fields: append(append([]zapcore.Field(nil), c.fields...), fs...)}
}

func (c *logCore) Check(e zapcore.Entry, ce *zapcore.CheckedEntry) *zapcore.CheckedEntry {
	if c.Enabled(e.Level) {
		return ce.AddCore(e, c)
	}
	return ce
}

func (c *logCore) Write(e zapcore.Entry, fs []zapcore.Field) error {
	enc := zapcore.NewMapObjectEncoder()
	for _, f := range c.fields {
		f.AddTo(enc)
	}
	for _, f := range fs {
		f.AddTo(enc)
	}
	var b strings.Builder
	b.WriteString(e.Message)
	for _, k := range slices.Sorted(maps.Keys(enc.Fields)) {
		if k == "step" || k == "sim_time" {
			continue // the recording's time says it
		}
		b.WriteString(" " + k + "=" + fmt.Sprint(enc.Fields[k]))
	}
	name := e.LoggerName
	if p, ok := enc.Fields["plugin"].(string); ok {
		name = p
	}
	if name == "" {
		name = "runner"
	}
	lvl := record.LevelInfo
	switch {
	case e.Level >= zapcore.FatalLevel:
		lvl = record.LevelFatal
	case e.Level >= zapcore.ErrorLevel:
		lvl = record.LevelError
	case e.Level >= zapcore.WarnLevel:
		lvl = record.LevelWarning
	}
	c.rc.logMu.Lock()
	if len(c.rc.logs) < 1000 { // a flood between two steps is cut
		c.rc.logs = append(c.rc.logs, record.Log{Level: lvl, Name: name, Message: b.String()})
	}
	c.rc.logMu.Unlock()
	return nil
}

func (c *logCore) Sync() error { return nil }

// recordName is the file name of the recording of world w's game with
// seed: the world's name made safe for a file name, and the seed.
func recordName(w string, seed int64) string {
	safe := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '_'
	}, w)
	if safe == "" {
		safe = "world"
	}
	return safe + "-seed" + strconv.FormatInt(seed, 10) + ".mcap"
}

// playRecorded plays o's game, recorded into dir (one file per game, named
// by world and seed) unless dir is "".
func playRecorded(ctx context.Context, o game.Options, dir string) (game.Result, error) {
	if dir == "" {
		return game.Play(ctx, o)
	}
	rc, err := newRecorder(filepath.Join(dir, recordName(o.World.Name, o.Seed)), &o, string(o.World.GameRules().Version))
	if err != nil {
		return game.Result{}, err
	}
	res, err := game.Play(ctx, o)
	if cerr := rc.Close(); cerr != nil && err == nil {
		err = fmt.Errorf("recording %s: %w", rc.path, cerr)
	}
	return res, err
}
