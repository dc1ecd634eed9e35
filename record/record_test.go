package record

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/foxglove/mcap/go/mcap"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/record/recordpb"
	"github.com/rescuekit/rescuekit/sim/world"
)

func TestRoundTrip(t *testing.T) {
	w := demoWorld(t)
	frames := demoGame(w, 120)
	data, _ := writeGame(t, w, frames, Options{}, true)
	rec, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if !rec.Complete || len(rec.Steps) != len(frames) {
		t.Fatalf("complete %v, %d steps; want true, %d", rec.Complete, len(rec.Steps), len(frames))
	}
	for i, s := range rec.Steps {
		f := frames[i]
		if s.Step != f.Step || s.State != f.State || s.Score != f.Score || s.Time != f.SimTime {
			t.Fatalf("step %d: %+v, want %+v", i, s, f)
		}
		if d := math.Hypot(s.True.Pos.X-f.True.Pos.X, s.True.Pos.Z-f.True.Pos.Z); d > 1e-9 || math.Abs(normAngle(s.True.Yaw-f.True.Yaw)) > 1e-9 {
			t.Fatalf("step %d: pose %+v, want %+v", i, s.True, f.True)
		}
		if s.Estimate == nil || math.Abs(s.Estimate.Pos.X-f.Estimate.Pos.X) > 1e-9 {
			t.Fatalf("step %d: estimate %v, want %+v", i, s.Estimate, *f.Estimate)
		}
	}
	if rec.Arena == nil || rec.Arena.Name != "demo" || len(rec.Arena.Walls) != len(w.Walls) || len(rec.Arena.Signs) != 2 {
		t.Fatalf("arena %v", rec.Arena)
	}
	if !matrixEqual(rec.Answer, world.Answer(w)) {
		t.Errorf("answer %v", rec.Answer)
	}
	if len(rec.Maps) != 5 || rec.Maps[1].Index != 25 || !matrixEqual(rec.Maps[1].Cells, frames[25].Map) {
		t.Errorf("maps: %d, first at %v", len(rec.Maps), rec.Maps[0].Index)
	}
	if len(rec.Reports) != 2 || rec.Reports[0].Outcome != recordpb.Report_HIT || rec.Reports[1].Outcome != recordpb.Report_MISS || rec.Reports[1].Letter != "C" {
		t.Errorf("reports %v", rec.Reports)
	}
	// Cameras every DefaultCameraEvery steps, three each.
	if want := 3 * ((len(frames) + DefaultCameraEvery - 1) / DefaultCameraEvery); len(rec.Frames) != want {
		t.Errorf("%d camera frames, want %d", len(rec.Frames), want)
	}
	if len(rec.FSM) != 1+len(frames)/30 || len(rec.Events) != 1 || len(rec.Logs) != 3 {
		t.Errorf("fsm %d, events %d, logs %d", len(rec.FSM), len(rec.Events), len(rec.Logs))
	}
	if rec.Metadata["world"] != "demo" || rec.Metadata["seed"] != "7" || rec.Metadata["rules"] != "v25.0.1" {
		t.Errorf("metadata %v", rec.Metadata)
	}
	want := map[string]string{
		"/tf": "foxglove.FrameTransforms", "/robot/pose": "foxglove.PoseInFrame", "/robot/estimate": "foxglove.PoseInFrame",
		"/arena": "foxglove.SceneUpdate", "/reports": "foxglove.SceneUpdate", "/map/answer": "foxglove.Grid", "/map/robot": "foxglove.Grid",
		"/camera/camera_centre": "foxglove.CompressedImage", "/lidar/layer1": "foxglove.LaserScan", "/fsm": "foxglove.Log",
		"/events": "foxglove.Log", "/log": "foxglove.Log", "/plugin/explore/observation": "rescuekit.plugin.v1.Observation",
		"/plugin/explore/action": "rescuekit.plugin.v1.Action", "/game": "rescuekit.record.v1.Game",
	}
	got := map[string]Channel{}
	for _, c := range rec.Channels {
		got[c.Topic] = c
	}
	for topic, schema := range want {
		if got[topic].Schema != schema {
			t.Errorf("%s: schema %q, want %q", topic, got[topic].Schema, schema)
		}
	}
	if got["/tf"].Messages != len(frames) || got["/game"].Messages != len(frames) {
		t.Errorf("/tf %d, /game %d messages, want %d", got["/tf"].Messages, got["/game"].Messages, len(frames))
	}
}

// TestIndexedReader reads a closed recording with the mcap library's own
// indexed reader (summary, chunk indexes, message indexes) and decodes every
// message with nothing but the schema the file carries.
func TestIndexedReader(t *testing.T) {
	w := demoWorld(t)
	frames := demoGame(w, 60)
	data, _ := writeGame(t, w, frames, Options{FlushEvery: 7}, true)
	rd, err := mcap.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	info, err := rd.Info()
	if err != nil {
		t.Fatal(err)
	}
	if info.Statistics == nil || len(info.ChunkIndexes) == 0 {
		t.Fatalf("no summary: %+v", info)
	}
	it, err := rd.Messages(mcap.UsingIndex(true))
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	var total uint64
	var last uint64
	for {
		schema, ch, msg, err := it.NextInto(nil)
		if err != nil {
			break
		}
		if msg.LogTime < last {
			t.Fatalf("%s: message at %d after %d", ch.Topic, msg.LogTime, last)
		}
		last = msg.LogTime
		total++
		counts[ch.Topic]++
		// Decode with the schema's own FileDescriptorSet.
		var set descriptorpb.FileDescriptorSet
		if err := proto.Unmarshal(schema.Data, &set); err != nil {
			t.Fatalf("%s: schema data: %v", ch.Topic, err)
		}
		files, err := protodesc.NewFiles(&set)
		if err != nil {
			t.Fatalf("%s: descriptor set of %s: %v", ch.Topic, schema.Name, err)
		}
		d, err := files.FindDescriptorByName(protoreflect.FullName(schema.Name))
		if err != nil {
			t.Fatalf("%s: %s not in its schema: %v", ch.Topic, schema.Name, err)
		}
		md, ok := d.(protoreflect.MessageDescriptor)
		if !ok {
			t.Fatalf("%s: %s is not a message", ch.Topic, schema.Name)
		}
		m := dynamicpb.NewMessage(md)
		if err := proto.Unmarshal(msg.Data, m); err != nil {
			t.Fatalf("%s: %v", ch.Topic, err)
		}
	}
	if total != info.Statistics.MessageCount {
		t.Errorf("read %d messages, statistics say %d", total, info.Statistics.MessageCount)
	}
	if counts["/game"] != len(frames) || counts["/arena"] != 1 {
		t.Errorf("counts %v", counts)
	}
}

// TestTruncated cuts a recording at random points: it reads back to its last
// complete step, never further, never less.
func TestTruncated(t *testing.T) {
	w := demoWorld(t)
	frames := demoGame(w, 80)
	for _, every := range []int{1, 3} {
		data, offsets := writeGame(t, w, frames, Options{FlushEvery: every}, true)
		rng := rand.New(rand.NewPCG(1, uint64(every)))
		cuts := []int{0, 7, 8, offsets[0] - 1, offsets[0], offsets[len(offsets)-1], len(data) - 1}
		for range 60 {
			cuts = append(cuts, rng.IntN(len(data)))
		}
		for _, n := range cuts {
			rec, err := Read(bytes.NewReader(data[:n]))
			if n == len(data) {
				continue
			}
			if err == nil {
				t.Fatalf("cut at %d of %d: no error", n, len(data))
			}
			// Steps whose flush ended at or before n.
			want := 0
			for i, o := range offsets {
				if o <= n && (i+1)%every == 0 {
					want = i + 1
				}
			}
			if rec == nil {
				if n >= offsets[0] {
					t.Fatalf("cut at %d: %v", n, err)
				}
				continue
			}
			if !errors.Is(err, ErrTruncated) {
				t.Fatalf("cut at %d: %v, want ErrTruncated", n, err)
			}
			// A cut inside the message indexes after a chunk keeps the
			// chunk's steps.
			if got := len(rec.Steps); got != want && got != min(want+every, len(frames)) {
				t.Fatalf("flush every %d, cut at %d of %d: %d steps, want %d", every, n, len(data), len(rec.Steps), want)
			}
			for i, s := range rec.Steps {
				if s.Step != frames[i].Step {
					t.Fatalf("cut at %d: step %d is %d", n, i, s.Step)
				}
			}
		}
	}
}

// TestDeterministic: the same game gives the same bytes.
func TestDeterministic(t *testing.T) {
	w := demoWorld(t)
	for _, opt := range []Options{{}, {FlushEvery: 4, Compression: "zstd"}, {FullObservations: true}} {
		a, _ := writeGame(t, w, demoGame(w, 60), opt, true)
		b, _ := writeGame(t, w, demoGame(w, 60), opt, true)
		if !bytes.Equal(a, b) {
			t.Errorf("%+v: two recordings of one game differ", opt)
		}
	}
}

func TestWriterErrors(t *testing.T) {
	if _, err := NewWriter(nil, Meta{}); err == nil {
		t.Error("nil writer accepted")
	}
	if _, err := NewWriter(&bytes.Buffer{}, Meta{}); err == nil {
		t.Error("empty meta accepted")
	}
	if _, err := NewWriter(&bytes.Buffer{}, Meta{World: demoWorld(t), Options: Options{Compression: "lz5"}}); err == nil {
		t.Error("unknown compression accepted")
	}
	w := demoWorld(t)
	var buf bytes.Buffer
	wr, err := NewWriter(&buf, Meta{World: w})
	if err != nil {
		t.Fatal(err)
	}
	if err := wr.Step(StepFrame{Step: 1, SimTime: 1, Cameras: []Camera{{Name: "bad", Width: 64, Height: 40, BGRA: []byte{1}}}}); err != nil {
		t.Fatalf("bad camera: %v", err)
	}
	if err := wr.Step(StepFrame{Step: 2, SimTime: 1, Plugins: []PluginIO{{Name: "nil", Action: (*pluginpb.Action)(nil)}}}); err != nil {
		t.Fatalf("typed nil action: %v", err)
	}
	if err := wr.Step(StepFrame{Step: 2, SimTime: 0.5}); err == nil {
		t.Error("a step back in time was accepted")
	}
	if err := wr.Close(); err != nil {
		t.Fatal(err)
	}
	if err := wr.Step(StepFrame{Step: 3, SimTime: 2}); err == nil {
		t.Error("Step after Close accepted")
	}
	rec, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Logs) != 1 || rec.Logs[0].Name != "record" {
		t.Errorf("bad camera not logged: %v", rec.Logs)
	}
}

func TestReadNotMCAP(t *testing.T) {
	for _, in := range [][]byte{nil, []byte("hello"), []byte("\x89MCAP0\r\nxxxxxxxxxxxxxxxx")} {
		if rec, err := Read(bytes.NewReader(in)); err == nil || (rec != nil && len(rec.Steps) > 0) {
			t.Errorf("%q: %v, %v", in, rec, err)
		}
	}
}

func TestGridPlacesCells(t *testing.T) {
	w := demoWorld(t)
	ans := world.Answer(w)
	g := matrixGrid(Meta{World: w}, 0, ans)
	if int(g.ColumnCount) != len(ans[0]) || len(g.Data) != 4*len(ans)*len(ans[0]) {
		t.Fatalf("grid %d columns, %d bytes", g.ColumnCount, len(g.Data))
	}
	// Cell (r, c) of the matrix, in Foxglove's grid coordinates, must sit at
	// Webots x = left + c·CellSize, z = top + r·CellSize.
	left := -w.Width*0.12/2 - 0.06
	top := -w.Height*0.12/2 - 0.06
	for _, rc := range [][2]int{{0, 0}, {len(ans) - 1, 0}, {2, 3}} {
		r, c := rc[0], rc[1]
		gr := len(ans) - 1 - r // stored bottom-up
		x := g.Pose.Position.X + (float64(c)+0.5)*CellSize
		y := g.Pose.Position.Y + (float64(gr)+0.5)*CellSize
		if math.Abs(x-(left+float64(c)*CellSize)) > 1e-9 || math.Abs(-y-(top+float64(r)*CellSize)) > 1e-9 {
			t.Errorf("cell %v at (%.4f, %.4f), want (%.4f, %.4f)", rc, x, -y, left+float64(c)*CellSize, top+float64(r)*CellSize)
		}
		col := cellColour(ans[r][c])
		if off := 4 * (gr*len(ans[0]) + c); g.Data[off] != col.R || g.Data[off+1] != col.G {
			t.Errorf("cell %v colour %v, want %v", rc, g.Data[off:off+4], col)
		}
	}
}

func TestPoseConversion(t *testing.T) {
	for _, p := range []world.Pose{{}, {Pos: geom.Vec2{X: 1, Z: -2}, Yaw: 1}, {Yaw: -3}, {Yaw: math.Pi / 2}} {
		q := fgPose(p)
		back := worldPose(q)
		if math.Abs(back.Pos.X-p.Pos.X) > 1e-12 || math.Abs(back.Pos.Z-p.Pos.Z) > 1e-12 || math.Abs(normAngle(back.Yaw-p.Yaw)) > 1e-12 {
			t.Errorf("%+v → %+v", p, back)
		}
		// The robot frame's x axis is the simulator's forward (−sin, −cos).
		h := quatYaw(q.Orientation)
		fx, fy := math.Cos(h), math.Sin(h)
		if math.Abs(fx-(-math.Sin(p.Yaw))) > 1e-12 || math.Abs(-fy-(-math.Cos(p.Yaw))) > 1e-12 {
			t.Errorf("yaw %v: forward (%v, %v) in Foxglove", p.Yaw, fx, fy)
		}
	}
}

// TestCameraPNG: a recorded frame decodes to the camera's pixels, whether
// it has few colours (paletted PNG) or many.
func TestCameraPNG(t *testing.T) {
	few := Camera{Name: "few", Width: 64, Height: 40, BGRA: make([]byte, 64*40*4)}
	for i := 0; i < len(few.BGRA); i += 4 {
		few.BGRA[i], few.BGRA[i+1], few.BGRA[i+2] = byte(i/4%7*30), byte(i/4/64%8*5), 200
	}
	for _, c := range []Camera{few, fakeCamera("many", 3)} {
		var buf bytes.Buffer
		wr, err := NewWriter(&buf, Meta{World: demoWorld(t)})
		if err != nil {
			t.Fatal(err)
		}
		if err := wr.Step(StepFrame{Step: 1, SimTime: 0.032, Cameras: []Camera{c}}); err != nil {
			t.Fatal(err)
		}
		rec, _ := Read(bytes.NewReader(buf.Bytes()))
		if len(rec.Frames) != 1 || rec.Frames[0].Format != "png" {
			t.Fatalf("%s: frames %v", c.Name, rec.Frames)
		}
		img, err := png.Decode(bytes.NewReader(rec.Frames[0].Data))
		if err != nil {
			t.Fatal(err)
		}
		if _, pal := img.(*image.Paletted); pal != (c.Name == "few") {
			t.Errorf("%s: decoded as %T", c.Name, img)
		}
		for y := range c.Height {
			for x := range c.Width {
				i := 4 * (y*c.Width + x)
				r, g, b, _ := img.At(x, y).RGBA()
				if byte(r>>8) != c.BGRA[i+2] || byte(g>>8) != c.BGRA[i+1] || byte(b>>8) != c.BGRA[i] {
					t.Fatalf("%s (%T): pixel (%d, %d) is %d %d %d, camera BGRA %v", c.Name, img, x, y, r>>8, g>>8, b>>8, c.BGRA[i:i+4])
				}
			}
		}
	}
}

// TestOwnChannelKeys: a blackboard key listed in Options.OwnChannelKeys is
// left out of /plugin/NAME/blackboard, the other keys' changes stay.
func TestOwnChannelKeys(t *testing.T) {
	w := demoWorld(t)
	frames := demoGame(w, 20)
	for i := range frames {
		frames[i].Plugins[0].Observation.(*pluginpb.Observation).Blackboard = map[string][]byte{"pose": {byte(i)}, "map": {byte(i / 10)}}
	}
	for _, c := range []struct {
		own      []string
		wantPose int
	}{{nil, 20}, {[]string{"pose"}, 0}} {
		data, _ := writeGame(t, w, frames, Options{OwnChannelKeys: c.own}, true)
		rd, err := mcap.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		it, err := rd.Messages(mcap.UsingIndex(false))
		if err != nil {
			t.Fatal(err)
		}
		pose, maps := 0, 0
		for {
			_, ch, msg, err := it.NextInto(nil)
			if err != nil {
				break
			}
			if ch.Topic != "/plugin/explore/blackboard" {
				continue
			}
			var bb recordpb.Blackboard
			if err := proto.Unmarshal(msg.Data, &bb); err != nil {
				t.Fatal(err)
			}
			if _, ok := bb.Changed["pose"]; ok {
				pose++
			}
			if _, ok := bb.Changed["map"]; ok {
				maps++
			}
		}
		if pose != c.wantPose || maps != 2 {
			t.Errorf("OwnChannelKeys %v: pose changed in %d messages (want %d), map in %d (want 2)", c.own, pose, c.wantPose, maps)
		}
	}
}
