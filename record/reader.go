package record

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/foxglove/mcap/go/mcap"
	"google.golang.org/protobuf/proto"

	fg "github.com/rescuekit/rescuekit/record/foxglovepb"
	"github.com/rescuekit/rescuekit/record/recordpb"
	"github.com/rescuekit/rescuekit/sim/world"
)

// maxRecord bounds the size of one record (and of one decompressed chunk)
// Read accepts, so that a corrupted length cannot make it allocate without
// limit. A rescuekit chunk holds a few steps (kilobytes).
const maxRecord = 16 << 20

// ErrTruncated tells that a recording ended before its summary section (the
// game was interrupted); what Read returns with it is every complete step.
var ErrTruncated = errors.New("recording ends before its summary")

// Recording is a recording read back: the arena, the answer and every
// complete step with what happened in it.
type Recording struct {
	// Metadata is the game's metadata record (world, seed, rules, max_score).
	Metadata map[string]string
	Arena    *recordpb.Arena
	Answer   [][]string
	Steps    []Step
	// Maps are the robot's map matrices, each from the step it changed on.
	Maps    []MapAt
	Reports []*recordpb.Report
	// Frames are the camera frames (PNG) in time order.
	Frames []Frame
	// Events, FSM and Logs are the lines of /events, /fsm and /log.
	Events, FSM, Logs []Line
	// Channels lists every channel with its schema and how many of its
	// messages the file holds (complete steps or not).
	Channels []Channel
	// Complete tells that the file had its summary section (Close ran).
	Complete bool
}

// Step is one complete control step.
type Step struct {
	Step     uint64
	Time     float64 // s
	State    string
	Score    float64
	True     world.Pose
	Estimate *world.Pose
}

// MapAt is a map matrix and the index in Steps it appeared at.
type MapAt struct {
	Index int
	Cells [][]string
}

// Frame is one camera frame and the index in Steps it belongs to.
type Frame struct {
	Index  int
	Camera string
	Format string
	Data   []byte
}

// Line is one log line and the index in Steps it belongs to.
type Line struct {
	Index   int
	Time    float64
	Name    string
	Message string
}

// Channel is one channel of a recording.
type Channel struct {
	Topic, Schema string
	Messages      int
}

// pending collects a step's messages until its /game message.
type pending struct {
	true, est *world.Pose
	maps      [][][]string
	reports   []*recordpb.Report
	frames    []Frame
	events    []Line
	fsm, logs []Line
}

// Read reads a recording from r. A file cut short (an interrupted game)
// yields every complete step and an error wrapping ErrTruncated; a file
// that is not a recording yields an error and a nil Recording.
func Read(r io.Reader) (*Recording, error) {
	lex, err := mcap.NewLexer(r, &mcap.LexerOptions{ValidateChunkCRCs: true, MaxRecordSize: maxRecord, MaxDecompressedChunkSize: maxRecord})
	if err != nil {
		return nil, fmt.Errorf("record: not an MCAP file: %w", err)
	}
	defer lex.Close()
	rec := &Recording{}
	type chanInfo struct {
		topic, schema string
		n             int
	}
	schemas := map[uint16]string{}
	chans := map[uint16]*chanInfo{}
	var order []uint16
	var p pending
	var buf []byte
	for {
		tok, data, err := next(lex, buf)
		if cap(data) > cap(buf) {
			buf = data
		}
		if err != nil {
			rec.Channels = make([]Channel, 0, len(order))
			for _, id := range order {
				c := chans[id]
				rec.Channels = append(rec.Channels, Channel{Topic: c.topic, Schema: c.schema, Messages: c.n})
			}
			if errors.Is(err, io.EOF) && rec.Complete {
				return rec, nil
			}
			if rec.Arena == nil && len(rec.Steps) == 0 && !errors.Is(err, io.EOF) && !isTruncation(err) {
				return nil, fmt.Errorf("record: %w", err)
			}
			return rec, fmt.Errorf("record: %w after %d complete steps (%v)", ErrTruncated, len(rec.Steps), err)
		}
		switch tok {
		case mcap.TokenSchema:
			s, err := mcap.ParseSchema(data)
			if err != nil {
				return rec, fmt.Errorf("record: schema: %w", err)
			}
			schemas[s.ID] = s.Name
		case mcap.TokenChannel:
			c, err := mcap.ParseChannel(data)
			if err != nil {
				return rec, fmt.Errorf("record: channel: %w", err)
			}
			if _, ok := chans[c.ID]; !ok {
				chans[c.ID] = &chanInfo{topic: c.Topic, schema: schemas[c.SchemaID]}
				order = append(order, c.ID)
			}
		case mcap.TokenMetadata:
			m, err := mcap.ParseMetadata(data)
			if err == nil && m.Name == MetadataName {
				rec.Metadata = m.Metadata
			}
		case mcap.TokenFooter:
			rec.Complete = true
		case mcap.TokenMessage:
			m, err := mcap.ParseMessage(data)
			if err != nil {
				return rec, fmt.Errorf("record: message: %w", err)
			}
			c := chans[m.ChannelID]
			if c == nil {
				return rec, fmt.Errorf("record: message on unknown channel %d", m.ChannelID)
			}
			c.n++
			if err := rec.message(&p, c.topic, float64(m.LogTime)/1e9, m.Data); err != nil {
				return rec, err
			}
		}
	}
}

// next is lex.Next, with a panic of the lexer on a corrupted record (the
// mcap library does not check every length it reads) turned into an error.
func next(lex *mcap.Lexer, buf []byte) (tok mcap.TokenType, data []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			tok, data, err = mcap.TokenError, nil, fmt.Errorf("corrupted record: %v", p)
		}
	}()
	return lex.Next(buf)
}

func isTruncation(err error) bool {
	var tr *mcap.ErrTruncatedRecord
	return errors.As(err, &tr) || errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "crc")
}

// message decodes one message into p, or commits p on /game.
func (rec *Recording) message(p *pending, topic string, t float64, data []byte) error {
	dec := func(m proto.Message) error {
		if err := proto.Unmarshal(data, m); err != nil {
			return fmt.Errorf("record: %s at %.3f s: %w", topic, t, err)
		}
		return nil
	}
	idx := len(rec.Steps)
	switch {
	case topic == "/game":
		var g recordpb.Game
		if err := dec(&g); err != nil {
			return err
		}
		s := Step{Step: g.Step, Time: g.SimTime, State: g.State, Score: g.Score, Estimate: p.est}
		if p.true != nil {
			s.True = *p.true
		} else if idx > 0 {
			s.True = rec.Steps[idx-1].True
		}
		rec.Steps = append(rec.Steps, s)
		for _, m := range p.maps {
			rec.Maps = append(rec.Maps, MapAt{Index: idx, Cells: m})
		}
		rec.Reports = append(rec.Reports, p.reports...)
		rec.Frames = append(rec.Frames, p.frames...)
		rec.Events = append(rec.Events, p.events...)
		rec.FSM = append(rec.FSM, p.fsm...)
		rec.Logs = append(rec.Logs, p.logs...)
		*p = pending{}
	case topic == "/arena/model":
		var a recordpb.Arena
		if err := dec(&a); err != nil {
			return err
		}
		rec.Arena = &a
	case topic == "/map/answer/cells", topic == "/map/robot/cells":
		var m recordpb.Matrix
		if err := dec(&m); err != nil {
			return err
		}
		cells := make([][]string, len(m.Rows))
		for i, r := range m.Rows {
			cells[i] = r.Cells
		}
		if topic == "/map/answer/cells" {
			rec.Answer = cells
		} else {
			p.maps = append(p.maps, cells)
		}
	case topic == "/robot/pose", topic == "/robot/estimate":
		var m fg.PoseInFrame
		if err := dec(&m); err != nil {
			return err
		}
		pose := worldPose(m.Pose)
		if topic == "/robot/pose" {
			p.true = &pose
		} else {
			p.est = &pose
		}
	case topic == "/reports/outcome":
		var r recordpb.Report
		if err := dec(&r); err != nil {
			return err
		}
		p.reports = append(p.reports, &r)
	case strings.HasPrefix(topic, "/camera/"):
		var c fg.CompressedImage
		if err := dec(&c); err != nil {
			return err
		}
		p.frames = append(p.frames, Frame{Index: idx, Camera: strings.TrimPrefix(topic, "/camera/"), Format: c.Format, Data: c.Data})
	case topic == "/events", topic == "/fsm", topic == "/log":
		var l fg.Log
		if err := dec(&l); err != nil {
			return err
		}
		line := Line{Index: idx, Time: t, Name: l.Name, Message: l.Message}
		switch topic {
		case "/events":
			p.events = append(p.events, line)
		case "/fsm":
			p.fsm = append(p.fsm, line)
		default:
			p.logs = append(p.logs, line)
		}
	}
	return nil
}

// MapAtStep returns the robot's map as it stood at step index i, or nil.
func (rec *Recording) MapAtStep(i int) [][]string {
	k := sort.Search(len(rec.Maps), func(j int) bool { return rec.Maps[j].Index > i })
	if k == 0 {
		return nil
	}
	return rec.Maps[k-1].Cells
}
