package record

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/foxglove/mcap/go/mcap"
	"github.com/klauspost/compress/zstd"
	"google.golang.org/protobuf/proto"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	fg "github.com/rescuekit/rescuekit/record/foxglovepb"
	"github.com/rescuekit/rescuekit/record/recordpb"
)

// Profile and library names written in the MCAP header.
const (
	library = "rescuekit record"
	// MetadataName names the MCAP metadata record that describes the game.
	MetadataName = "rescuekit"
)

// maxChunk is the size past which the open chunk is written at the end of a
// step whatever Options.FlushEvery says, well below what Read accepts.
const maxChunk = 8 << 20

// Frame names in the Foxglove scene.
const (
	FrameWorld    = "world"
	FrameRobot    = "robot"
	FrameEstimate = "robot_estimate"
)

// Writer writes one game as an MCAP recording. Its methods must be called
// from one goroutine. After an error every call returns that error.
type Writer struct {
	out  *bufio.Writer
	mw   *mcap.Writer
	meta Meta
	err  error

	schemas  map[string]uint16 // schema name → id
	channels map[string]uint16 // topic → id
	seq      map[uint16]uint32

	chunk        bytes.Buffer
	index        map[uint16]*mcap.MessageIndex
	indexOrder   []uint16
	start, end   uint64
	messages     int
	stepsPending int

	lastTime    uint64
	boards      map[string]map[string][]byte
	mo          proto.MarshalOptions
	mbuf        []byte
	pixSave     [][]byte
	colours     map[uint32]uint8
	palIdx      []uint8
	zenc        *zstd.Encoder
	zbuf        []byte
	lastState   string
	lastMap     [][]string
	answer      [][]string
	reports     int
	steps       int
	hasEstimate bool
	pngBuf      bytes.Buffer
	enc         png.Encoder
	closed      bool
}

// NewWriter starts a recording on w: it writes the header, the game's
// metadata, the arena and the answer, and flushes them. The caller closes w
// after Close.
func NewWriter(w io.Writer, meta Meta) (*Writer, error) {
	if w == nil {
		return nil, errors.New("record: NewWriter: nil io.Writer")
	}
	if meta.World == nil || len(meta.World.Tiles) == 0 {
		return nil, errors.New("record: NewWriter: Meta.World is empty (a recording needs the arena)")
	}
	if meta.Options.FlushEvery <= 0 {
		meta.Options.FlushEvery = 1
	}
	if meta.Options.CameraEvery <= 0 {
		meta.Options.CameraEvery = DefaultCameraEvery
	}
	out := bufio.NewWriterSize(w, 64<<10)
	mw, err := mcap.NewWriter(out, &mcap.WriterOptions{IncludeCRC: true, Chunked: false})
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	r := &Writer{
		out: out, mw: mw, meta: meta,
		schemas: map[string]uint16{}, channels: map[string]uint16{}, seq: map[uint16]uint32{},
		index: map[uint16]*mcap.MessageIndex{}, start: math.MaxUint64,
		enc: png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &onePool{}}, boards: map[string]map[string][]byte{},
		mo: proto.MarshalOptions{Deterministic: true},
	}
	switch meta.Options.Compression {
	case "":
	case "zstd":
		r.zenc, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
		if err != nil {
			return nil, fmt.Errorf("record: zstd: %w", err)
		}
	default:
		return nil, fmt.Errorf("record: compression %q: want \"\" (none) or \"zstd\"", meta.Options.Compression)
	}
	if err := mw.WriteHeader(&mcap.Header{Profile: "", Library: library}); err != nil {
		return nil, fmt.Errorf("record: header: %w", err)
	}
	md := map[string]string{
		"world": meta.World.Name, "seed": strconv.FormatInt(meta.Seed, 10), "rules": meta.Rules,
		"max_score": strconv.FormatFloat(meta.MaxScore, 'g', -1, 64),
	}
	if err := mw.WriteMetadata(&mcap.Metadata{Name: MetadataName, Metadata: md}); err != nil {
		return nil, fmt.Errorf("record: metadata: %w", err)
	}
	arena := arenaModel(meta)
	r.put("/arena/model", 0, arena)
	r.put("/arena", 0, arenaScene(arena))
	if meta.Answer != nil {
		r.putMatrix("/map/answer", 0, meta.Answer)
		r.answer = cloneMatrix(meta.Answer)
	}
	r.flush()
	if r.err != nil {
		return nil, r.err
	}
	return r, nil
}

// channel returns the id of topic's channel, writing its schema and
// channel records on first use.
func (r *Writer) channel(topic string, m proto.Message) uint16 {
	if id, ok := r.channels[topic]; ok {
		return id
	}
	name := string(m.ProtoReflect().Descriptor().FullName())
	sid, ok := r.schemas[name]
	if !ok {
		data, err := descriptorSet(m)
		if err != nil {
			r.fail(fmt.Errorf("schema %s: %w", name, err))
			return 0
		}
		sid = uint16(len(r.schemas) + 1)
		if err := r.mw.WriteSchema(&mcap.Schema{ID: sid, Name: name, Encoding: "protobuf", Data: data}); err != nil {
			r.fail(err)
			return 0
		}
		r.schemas[name] = sid
	}
	id := uint16(len(r.channels) + 1)
	if err := r.mw.WriteChannel(&mcap.Channel{ID: id, SchemaID: sid, Topic: topic, MessageEncoding: "protobuf", Metadata: map[string]string{}}); err != nil {
		r.fail(err)
		return 0
	}
	r.channels[topic] = id
	return id
}

func (r *Writer) fail(err error) {
	if r.err == nil {
		r.err = fmt.Errorf("record: %w", err)
	}
}

// put appends one message to the open chunk.
func (r *Writer) put(topic string, t uint64, m proto.Message) {
	if r.err != nil {
		return
	}
	id := r.channel(topic, m)
	if r.err != nil {
		return
	}
	data, err := r.mo.MarshalAppend(r.mbuf[:0], m)
	r.mbuf = data[:0]
	if err != nil {
		r.fail(fmt.Errorf("%s: %w", topic, err))
		return
	}
	idx, ok := r.index[id]
	if !ok {
		idx = &mcap.MessageIndex{ChannelID: id}
		r.index[id] = idx
		r.indexOrder = append(r.indexOrder, id)
	}
	idx.Add(t, uint64(r.chunk.Len()))
	var hdr [9 + 2 + 4 + 8 + 8]byte
	hdr[0] = byte(mcap.OpMessage)
	binary.LittleEndian.PutUint64(hdr[1:], uint64(2+4+8+8+len(data)))
	binary.LittleEndian.PutUint16(hdr[9:], id)
	binary.LittleEndian.PutUint32(hdr[11:], r.seq[id])
	binary.LittleEndian.PutUint64(hdr[15:], t)
	binary.LittleEndian.PutUint64(hdr[23:], t)
	r.chunk.Write(hdr[:])
	r.chunk.Write(data)
	r.seq[id]++
	r.start, r.end = min(r.start, t), max(r.end, t)
	r.messages++
	r.mw.Statistics.MessageCount++
	r.mw.Statistics.ChannelMessageCounts[id]++
}

// flush writes the open chunk with its message indexes and flushes the
// output.
func (r *Writer) flush() {
	if r.err != nil {
		return
	}
	r.stepsPending = 0
	if r.chunk.Len() > 0 {
		recs := r.chunk.Bytes()
		data, compression := recs, mcap.CompressionNone
		if r.zenc != nil {
			r.zbuf = r.zenc.EncodeAll(recs, r.zbuf[:0])
			data, compression = r.zbuf, mcap.CompressionZSTD
		}
		var idx []*mcap.MessageIndex
		for _, id := range r.indexOrder {
			idx = append(idx, r.index[id])
		}
		err := r.mw.WriteChunkWithIndexes(&mcap.Chunk{
			MessageStartTime: r.start, MessageEndTime: r.end,
			UncompressedSize: uint64(len(recs)), UncompressedCRC: crc32.ChecksumIEEE(recs),
			Compression: string(compression), Records: data,
		}, idx)
		if err != nil {
			r.fail(err)
			return
		}
		r.chunk.Reset()
		for _, i := range r.index {
			i.Reset()
		}
		r.indexOrder = r.indexOrder[:0]
		clear(r.index)
		r.start, r.end, r.messages = math.MaxUint64, 0, 0
	}
	if err := r.out.Flush(); err != nil {
		r.fail(err)
	}
}

// Step records one control step. Frames must come in step order. Step
// keeps nothing of f; it reads f's messages during the call, so they must
// not change concurrently.
func (r *Writer) Step(f StepFrame) error {
	if r.closed {
		return errors.New("record: Step after Close")
	}
	if r.err != nil {
		return r.err
	}
	t := nanos(f.SimTime)
	if t < r.lastTime {
		return fmt.Errorf("record: step %d at %.3f s is earlier than the step before", f.Step, f.SimTime)
	}
	r.lastTime = t
	ts := stamp(t)

	tf := &fg.FrameTransforms{Transforms: []*fg.FrameTransform{{
		Timestamp: ts, ParentFrameId: FrameWorld, ChildFrameId: FrameRobot,
		Translation: fgPoint(f.True.Pos, 0), Rotation: zRot(heading(f.True.Yaw)),
	}}}
	if f.Estimate != nil {
		tf.Transforms = append(tf.Transforms, &fg.FrameTransform{
			Timestamp: ts, ParentFrameId: FrameWorld, ChildFrameId: FrameEstimate,
			Translation: fgPoint(f.Estimate.Pos, 0), Rotation: zRot(heading(f.Estimate.Yaw)),
		})
	}
	r.put("/tf", t, tf)
	r.put("/robot/pose", t, &fg.PoseInFrame{Timestamp: ts, FrameId: FrameWorld, Pose: fgPose(f.True)})
	if f.Estimate != nil {
		r.hasEstimate = true
		r.put("/robot/estimate", t, &fg.PoseInFrame{Timestamp: ts, FrameId: FrameWorld, Pose: fgPose(*f.Estimate)})
	}
	if len(f.Distance) > 0 {
		d := &recordpb.Distance{Ranges: f.Distance}
		if _, ok := r.channels["/distance"]; !ok {
			d.Names = r.meta.DistanceNames
		}
		r.put("/distance", t, d)
	}
	if f.Lidar != nil {
		r.lidar(t, f.Lidar)
	}
	if len(f.Cameras) > 0 && r.CamerasDue() {
		for _, c := range f.Cameras {
			r.camera(t, c)
		}
	}
	if f.State != r.lastState {
		r.put("/fsm", t, &fg.Log{Timestamp: ts, Level: fg.Log_INFO, Name: "fsm", Message: f.State})
		r.lastState = f.State
	}
	for _, e := range f.Events {
		msg := e.What
		if e.Points != 0 {
			msg += " (" + strconv.FormatFloat(e.Points, 'f', -1, 64) + ")"
		}
		r.put("/events", t, &fg.Log{Timestamp: ts, Level: fg.Log_INFO, Name: "referee", Message: msg})
	}
	for _, l := range f.Logs {
		r.put("/log", t, &fg.Log{Timestamp: ts, Level: fg.Log_Level(l.Level), Name: l.Name, Message: l.Message})
	}
	if f.Answer != nil {
		r.putMatrix("/map/answer", t, f.Answer)
	}
	if f.Answer != nil {
		r.answer = cloneMatrix(f.Answer)
	}
	if f.Map != nil && !matrixEqual(f.Map, r.lastMap) {
		// The Grid shows the map where MapScorer places it on the answer;
		// the cells topic keeps it as sent.
		r.put("/map/robot", t, matrixGrid(r.meta, t, AlignMap(f.Map, r.answer)))
		r.put("/map/robot/cells", t, matrixMsg(f.Map))
		r.lastMap = cloneMatrix(f.Map)
	}
	for _, rep := range f.Reports {
		r.report(t, f, rep)
	}
	if !r.meta.Options.NoPluginIO {
		for _, p := range f.Plugins {
			if valid(p.Observation) {
				r.observation(t, p.Name, p.Observation)
			}
			if valid(p.Action) {
				r.put("/plugin/"+p.Name+"/action", t, p.Action)
			}
		}
	}
	r.put("/game", t, &recordpb.Game{Step: f.Step, SimTime: f.SimTime, State: f.State, Score: f.Score, EstimateKnown: f.Estimate != nil})
	r.steps++
	r.stepsPending++
	if r.stepsPending >= r.meta.Options.FlushEvery || r.chunk.Len() >= maxChunk {
		r.flush()
	}
	return r.err
}

// observation writes plugin name's Observation o, and before it the
// blackboard changes: without camera pixels and blackboard unless
// Options.FullObservations. It strips them for the time of the marshalling
// and puts them back.
func (r *Writer) observation(t uint64, name string, o proto.Message) {
	topic := "/plugin/" + name + "/observation"
	obs, ok := o.(*pluginpb.Observation)
	if !ok || r.meta.Options.FullObservations {
		r.put(topic, t, o)
		return
	}
	last := r.boards[name]
	if last == nil {
		last = map[string][]byte{}
		r.boards[name] = last
	}
	var bb *recordpb.Blackboard
	for k, v := range obs.Blackboard {
		if slices.Contains(r.meta.Options.OwnChannelKeys, k) {
			continue
		}
		if old, ok := last[k]; !ok || !bytes.Equal(old, v) {
			if bb == nil {
				bb = &recordpb.Blackboard{Step: obs.Step, Changed: map[string][]byte{}}
			}
			bb.Changed[k] = v
			last[k] = slices.Clone(v)
		}
	}
	for k := range last {
		if _, ok := obs.Blackboard[k]; !ok {
			if bb == nil {
				bb = &recordpb.Blackboard{Step: obs.Step}
			}
			bb.Removed = append(bb.Removed, k)
			delete(last, k)
		}
	}
	if bb != nil {
		slices.Sort(bb.Removed)
		r.put("/plugin/"+name+"/blackboard", t, bb)
	}
	board := obs.Blackboard
	pix := r.pixSave[:0]
	for _, c := range obs.Cameras {
		pix = append(pix, c.Bgra)
		c.Bgra = nil
	}
	obs.Blackboard = nil
	r.put(topic, t, obs)
	obs.Blackboard = board
	for i, c := range obs.Cameras {
		c.Bgra = pix[i]
	}
	clear(pix)
	r.pixSave = pix[:0]
}

func (r *Writer) camera(t uint64, c Camera) {
	if len(c.BGRA) == 0 {
		return // no frame yet (a camera not enabled, or before its first sample)
	}
	if c.Width <= 0 || c.Height <= 0 || len(c.BGRA) != 4*c.Width*c.Height {
		r.put("/log", t, &fg.Log{Timestamp: stamp(t), Level: fg.Log_WARNING, Name: "record",
			Message: fmt.Sprintf("camera %q: %d bytes for %d×%d pixels, frame not recorded", c.Name, len(c.BGRA), c.Width, c.Height)})
		return
	}
	var img image.Image
	if p := r.paletted(c); p != nil {
		img = p // the encoder skips filtering for paletted images: faster, smaller
	} else {
		n := image.NewNRGBA(image.Rect(0, 0, c.Width, c.Height))
		for i := 0; i < len(c.BGRA); i += 4 {
			n.Pix[i], n.Pix[i+1], n.Pix[i+2], n.Pix[i+3] = c.BGRA[i+2], c.BGRA[i+1], c.BGRA[i], 255
		}
		img = n
	}
	r.pngBuf.Reset()
	if err := r.enc.Encode(&r.pngBuf, img); err != nil {
		r.fail(err)
		return
	}
	r.put("/camera/"+c.Name, t, &fg.CompressedImage{Timestamp: stamp(t), FrameId: c.Name, Data: slices.Clone(r.pngBuf.Bytes()), Format: "png"})
}

// paletted returns c as a paletted image when it has at most 256 colours,
// else nil.
func (r *Writer) paletted(c Camera) *image.Paletted {
	if r.colours == nil {
		r.colours = map[uint32]uint8{}
	}
	clear(r.colours)
	if cap(r.palIdx) < c.Width*c.Height {
		r.palIdx = make([]uint8, c.Width*c.Height)
	}
	idx := r.palIdx[:c.Width*c.Height]
	var pal color.Palette
	for i := 0; i < len(c.BGRA); i += 4 {
		k := uint32(c.BGRA[i])<<16 | uint32(c.BGRA[i+1])<<8 | uint32(c.BGRA[i+2])
		j, ok := r.colours[k]
		if !ok {
			if len(pal) == 256 {
				return nil
			}
			j = uint8(len(pal))
			r.colours[k] = j
			pal = append(pal, color.RGBA{c.BGRA[i+2], c.BGRA[i+1], c.BGRA[i], 255})
		}
		idx[i/4] = j
	}
	return &image.Paletted{Pix: idx, Stride: c.Width, Rect: image.Rect(0, 0, c.Width, c.Height), Palette: pal}
}

func (r *Writer) lidar(t uint64, l *Lidar) {
	n := l.HorizontalResolution
	if n <= 0 || l.Layers <= 0 || len(l.Ranges) < n*l.Layers {
		return
	}
	for k := range l.Layers {
		rs := make([]float64, n)
		for i := range n {
			rs[i] = float64(l.Ranges[k*n+i])
		}
		// Webots lists a layer's points from the robot's left to its right:
		// counter-clockwise angles from +FOV/2 down.
		step := l.FOV / float64(n)
		r.put("/lidar/layer"+strconv.Itoa(k), t, &fg.LaserScan{
			Timestamp: stamp(t), FrameId: FrameRobot, Pose: &fg.Pose{Position: &fg.Vector3{}, Orientation: zRot(0)},
			StartAngle: l.FOV / 2, EndAngle: l.FOV/2 - step*float64(n-1), Ranges: rs,
		})
	}
}

func (r *Writer) report(t uint64, f StepFrame, rep Report) {
	r.reports++
	out := recordpb.Report_Outcome(rep.Outcome)
	if rep.Outcome < OutcomeUnknown || rep.Outcome > Miss {
		out = recordpb.Report_UNKNOWN
	}
	r.put("/reports/outcome", t, &recordpb.Report{
		Step: f.Step, SimTime: f.SimTime, Letter: string(rune(rep.Letter)),
		RobotX: rep.Robot.X, RobotZ: rep.Robot.Z, EstX: rep.Estimate.X, EstZ: rep.Estimate.Z,
		Outcome: out, Sign: int32(rep.Sign), Points: rep.Points, Why: rep.Why,
	})
	col := outcomeColour(rep.Outcome)
	id := "report-" + strconv.Itoa(r.reports)
	r.put("/reports", t, &fg.SceneUpdate{Entities: []*fg.SceneEntity{{
		Timestamp: stamp(t), FrameId: FrameWorld, Id: id, Lifetime: forever(),
		Metadata: []*fg.KeyValuePair{{Key: "outcome", Value: rep.Outcome.String()}, {Key: "why", Value: rep.Why}},
		Spheres: []*fg.SpherePrimitive{{
			Pose: &fg.Pose{Position: fgPoint(rep.Estimate, erebus.WallHeight), Orientation: zRot(0)},
			Size: &fg.Vector3{X: 0.02, Y: 0.02, Z: 0.02}, Color: col,
		}},
		Lines: []*fg.LinePrimitive{{
			Type: fg.LinePrimitive_LINE_LIST, Pose: &fg.Pose{Position: &fg.Vector3{}, Orientation: zRot(0)}, Thickness: 0.003,
			Points: []*fg.Point3{{X: rep.Robot.X, Y: -rep.Robot.Z, Z: erebus.WallHeight}, {X: rep.Estimate.X, Y: -rep.Estimate.Z, Z: erebus.WallHeight}},
			Color:  col,
		}},
		Texts: []*fg.TextPrimitive{{
			Pose:      &fg.Pose{Position: fgPoint(rep.Estimate, erebus.WallHeight+0.03), Orientation: zRot(0)},
			Billboard: true, FontSize: 14, ScaleInvariant: true, Color: col,
			Text: string(rune(rep.Letter)) + " " + rep.Outcome.String(),
		}},
	}}})
}

// putMatrix writes m as a coloured Grid on topic and as strings on
// topic+"/cells".
func (r *Writer) putMatrix(topic string, t uint64, m [][]string) {
	r.put(topic, t, matrixGrid(r.meta, t, m))
	r.put(topic+"/cells", t, matrixMsg(m))
}

// CamerasDue reports whether the next Step records camera frames (every
// Options.CameraEvery steps): a caller can skip reading the cameras
// otherwise.
func (r *Writer) CamerasDue() bool { return r.steps%r.meta.Options.CameraEvery == 0 }

// Steps returns the number of steps recorded so far.
func (r *Writer) Steps() int { return r.steps }

// Close writes the last chunk and the summary section (statistics, chunk
// indexes) and flushes the output; it does not close the io.Writer.
func (r *Writer) Close() error {
	if r.closed {
		return r.err
	}
	r.closed = true
	r.flush()
	if r.err != nil {
		return r.err
	}
	if err := r.mw.Close(); err != nil {
		r.fail(err)
		return r.err
	}
	if err := r.out.Flush(); err != nil {
		r.fail(err)
	}
	return r.err
}

func matrixEqual(a, b [][]string) bool {
	return slices.EqualFunc(a, b, func(x, y []string) bool { return slices.Equal(x, y) })
}

func cloneMatrix(m [][]string) [][]string {
	c := make([][]string, len(m))
	for i, row := range m {
		c[i] = slices.Clone(row)
	}
	return c
}

func matrixMsg(m [][]string) *recordpb.Matrix {
	out := &recordpb.Matrix{Rows: make([]*recordpb.Matrix_Row, len(m))}
	for i, row := range m {
		out.Rows[i] = &recordpb.Matrix_Row{Cells: row}
	}
	return out
}

// onePool keeps the PNG encoder's buffers from one frame to the next.
type onePool struct{ b *png.EncoderBuffer }

func (p *onePool) Get() *png.EncoderBuffer  { b := p.b; p.b = nil; return b }
func (p *onePool) Put(b *png.EncoderBuffer) { p.b = b }

// valid reports whether m is a message (not nil, nor a typed nil pointer).
func valid(m proto.Message) bool { return m != nil && m.ProtoReflect().IsValid() }
