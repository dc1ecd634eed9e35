package record_test

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/rescuekit/rescuekit/behaviors/exit"
	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/record"
	"github.com/rescuekit/rescuekit/record/recordpb"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// tap is a plugin connection that remembers its last Observation and
// Action, as the runner's wiring of record does.
type tap struct {
	framework.PluginConn
	name string
	mu   *sync.Mutex // the plugins step on goroutines of their own
	io   *[]record.PluginIO
}

func (t *tap) Step(ctx context.Context, o *pluginpb.Observation) (*pluginpb.Action, error) {
	a, err := t.PluginConn.Step(ctx, o)
	io := record.PluginIO{Name: t.name, Observation: o}
	if a != nil {
		io.Action = a
	}
	t.mu.Lock()
	*t.io = append(*t.io, io)
	t.mu.Unlock()
	return a, err
}

// playRecorded plays a game with the built-in behaviors in-process on w
// and hands every step to frame, with the camera frames when cams (nil:
// always) says so; it stops after maxSteps steps (0: the whole game).
func playRecorded(t testing.TB, w *world.World, maxSteps int, cams func() bool, frame func(record.StepFrame)) {
	t.Helper()
	ref, err := referee.New(w, referee.Config{})
	if err != nil {
		t.Fatal(err)
	}
	robot, err := sim.New(w, sim.Config{Supervisor: ref, Seed: 1, Noise: game.DefaultNoise})
	if err != nil {
		t.Fatal(err)
	}
	var io []record.PluginIO
	var ioMu sync.Mutex
	inner := game.InProcess(map[string]func() sdk.Behavior{
		"explore": explore.New, "victimdetect": victimdetect.New, "report": report.New, "exit": exit.New,
	})
	launch := func(ctx context.Context, name string, pc framework.PluginConfig) (framework.PluginConn, error) {
		c, err := inner(ctx, name, pc)
		if err != nil {
			return nil, err
		}
		return &tap{PluginConn: c, name: name, mu: &ioMu, io: &io}, nil
	}
	devs := framework.DefaultDevices()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := 0
	var waiting []record.Report
	var est *world.Pose // the plugins' pose estimate (nav.KeyPose), as the runner records it
	_, err = framework.Run(ctx, framework.Options{
		Config: game.Reproducible(framework.DefaultConfig()), Robot: robot, Launch: launch, Seed: 1,
		OnStep: func(si framework.StepInfo) {
			ioMu.Lock()
			defer ioMu.Unlock()
			f := record.StepFrame{Step: si.Step, SimTime: si.SimTime, True: robot.Pose(), State: si.State, Score: ref.Score(), Plugins: io}
			for _, n := range devs.Distance {
				if d, err := robot.Device(n); err == nil {
					f.Distance = append(f.Distance, d.(hal.DistanceSensor).Value())
				}
			}
			for _, n := range devs.Cameras {
				if cams != nil && !cams() {
					break
				}
				if d, err := robot.Device(n); err == nil {
					c := d.(hal.Camera)
					f.Cameras = append(f.Cameras, record.Camera{Name: n, Width: c.Width(), Height: c.Height(), BGRA: c.Image(nil)})
				}
			}
			evs := ref.Events()
			for _, e := range evs[events:] {
				f.Events = append(f.Events, record.Event{Time: e.Time, What: e.What, Points: e.Points})
			}
			for _, p := range io {
				a, _ := p.Action.(*pluginpb.Action)
				if e, ok := game.PoseOf(a); ok {
					est = &world.Pose{Pos: geom.Vec2{X: e.X, Z: e.Z}, Yaw: e.Yaw}
				}
				f.Estimate = est
				for _, o := range a.GetOutbound() {
					switch k := o.Kind.(type) {
					case *pluginpb.Outbound_Map:
						for _, row := range k.Map.Rows {
							f.Map = append(f.Map, row.Cells)
						}
					case *pluginpb.Outbound_Report:
						waiting = append(waiting, record.Report{
							Letter: k.Report.Type[0], Robot: robot.Pose().Pos, Sign: -1,
							Estimate: geom.Vec2{X: float64(k.Report.XCm) / 100, Z: float64(k.Report.ZCm) / 100},
						})
					}
				}
			}
			// The referee judges a report a step or two after it was sent:
			// the report goes into the step of its verdict.
			if out, pts := outcomeOf(evs[events:]); out != record.OutcomeUnknown && len(waiting) > 0 {
				r := waiting[0]
				waiting = waiting[1:]
				r.Outcome, r.Points = out, pts
				f.Reports = append(f.Reports, r)
			}
			events = len(evs)
			io = nil
			frame(f)
			if maxSteps > 0 && si.Step >= uint64(maxSteps) {
				cancel()
			}
		},
	})
	if err != nil && ctx.Err() == nil {
		t.Fatal(err)
	}
}

// outcomeOf reads a report's outcome and points from the referee's events
// of one step.
func outcomeOf(evs []referee.Event) (record.Outcome, float64) {
	o, pts := record.OutcomeUnknown, 0.0
	for _, e := range evs {
		switch {
		case strings.HasPrefix(e.What, "Misidentification"):
			return record.Miss, e.Points
		case strings.HasSuffix(e.What, "Type Correct Bonus"):
			o, pts = record.Hit, pts+e.Points
		case strings.HasSuffix(e.What, "Identification"):
			if o == record.OutcomeUnknown {
				o = record.WrongType
			}
			pts += e.Points
		}
	}
	return o, pts
}

func loadWorld(t testing.TB, name string) *world.World {
	t.Helper()
	w, err := world.Load(filepath.Join(sharedtest.Dir(t), "erebus", "worlds", name+".wbt"))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestRecordGame records the first steps of a real game on world1 and
// reads the trajectory back exactly.
func TestRecordGame(t *testing.T) {
	w := loadWorld(t, "world1")
	steps := 400
	if os.Getenv("RECORD_FULL") != "" {
		steps = 0
	}
	var opt record.Options
	// RECORD_FLUSH and RECORD_COMPRESSION set the options for a measurement.
	if s := os.Getenv("RECORD_FLUSH"); s != "" {
		opt.FlushEvery, _ = strconv.Atoi(s)
	}
	opt.Compression = os.Getenv("RECORD_COMPRESSION")
	var buf bytes.Buffer
	wr, err := record.NewWriter(&buf, record.Meta{World: w, Answer: world.Answer(w), Seed: 1, Rules: "v25.0.1", MaxScore: game.MaxScore(w), Options: opt})
	if err != nil {
		t.Fatal(err)
	}
	var poses []world.Pose
	playRecorded(t, w, steps, wr.CamerasDue, func(f record.StepFrame) {
		poses = append(poses, f.True)
		if err := wr.Step(f); err != nil {
			t.Fatal(err)
		}
	})
	if err := wr.Close(); err != nil {
		t.Fatal(err)
	}
	rec, err := record.Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Steps) != len(poses) || len(poses) == 0 {
		t.Fatalf("%d steps read, %d played", len(rec.Steps), len(poses))
	}
	moved := 0.0
	for i, s := range rec.Steps {
		if d := math.Hypot(s.True.Pos.X-poses[i].Pos.X, s.True.Pos.Z-poses[i].Pos.Z); d > 1e-9 {
			t.Fatalf("step %d: pose %+v, played %+v", i, s.True, poses[i])
		}
		moved = math.Max(moved, math.Hypot(s.True.Pos.X-poses[0].Pos.X, s.True.Pos.Z-poses[0].Pos.Z))
	}
	if moved < 0.05 {
		t.Errorf("the robot moved %.3f m at most: the game did not run", moved)
	}
	if len(rec.Frames) == 0 {
		t.Error("no camera frames recorded")
	}
	if len(rec.Reports) == 0 {
		t.Error("no report recorded (the behaviors report the first sign of world1 within 400 steps)")
	}
	for _, r := range rec.Reports {
		if r.Outcome == recordpb.Report_UNKNOWN || r.Points == 0 {
			t.Errorf("report %v: no verdict", r)
		}
	}
	counts := map[string]int{}
	for _, c := range rec.Channels {
		counts[c.Topic] = c.Messages
	}
	if counts["/plugin/explore/observation"] == 0 || counts["/plugin/explore/action"] == 0 {
		t.Errorf("no plugin messages: %v", counts)
	}
	t.Logf("%d steps (%.1f s), %d bytes (%.1f kB per simulated second), %d camera frames, %d maps, %d reports",
		len(rec.Steps), rec.Steps[len(rec.Steps)-1].Time, buf.Len(), float64(buf.Len())/1e3/rec.Steps[len(rec.Steps)-1].Time,
		len(rec.Frames), len(rec.Maps), len(rec.Reports))
	if out := os.Getenv("RECORD_OUT"); out != "" {
		if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
