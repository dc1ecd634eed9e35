package record

import (
	"bytes"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

//go:embed assets/replay.html
var replayHTML string

//go:embed assets/replay.css
var replayCSS string

//go:embed assets/replay.js
var replayJS string

// HTMLOptions tune WriteHTML; the zero value is the default.
type HTMLOptions struct {
	// MaxFrames is the most frames of each camera the page carries, evenly
	// spread over the game (0: DefaultMaxFrames; negative: none).
	MaxFrames int
	// Title is the page's title; empty means the world's name.
	Title string
}

// DefaultMaxFrames is HTMLOptions.MaxFrames when it is 0.
const DefaultMaxFrames = 300

// replayData is the page's data, as JSON. Positions are in Webots x, z.
type replayData struct {
	Title    string                   `json:"title"`
	Meta     map[string]string        `json:"meta"`
	Arena    replayArena              `json:"arena"`
	Steps    replaySteps              `json:"steps"`
	States   []string                 `json:"states"`
	Answer   [][]string               `json:"answer"`
	Maps     []replayMap              `json:"maps"`
	Reports  []replayRep              `json:"reports"`
	Frames   map[string][]replayFrame `json:"frames"`
	Events   []replayLine             `json:"events"`
	Logs     []replayLine             `json:"logs"`
	MaxScore float64                  `json:"maxScore"`
	Complete bool                     `json:"complete"`
}

type replayArena struct {
	Left, Top, Tile, Thick float64
	Cols, Rows             int
	Walls                  [][4]float64
	Arcs                   [][5]float64
	Obstacles              [][5]float64 // cx, cz, hx, hz, yaw
	Areas                  [][6]float64 // minx, minz, maxx, maxz, rgb, kind
	Signs                  []replaySign
	Start                  [3]float64
}

type replaySign struct {
	L string     `json:"l"`
	P [4]float64 `json:"p"` // x, z, nx, nz
}

type replaySteps struct {
	T, X, Z, Yaw, Score []float64
	State               []int
	// EX, EZ hold the estimate, NaN-free: null where there is none.
	EX, EZ []*float64
}

type replayMap struct {
	I     int        `json:"i"`
	Cells [][]string `json:"cells"`
}

type replayRep struct {
	I       int     `json:"i"`
	T       float64 `json:"t"`
	Letter  string  `json:"letter"`
	RX, RZ  float64
	EX, EZ  float64
	Outcome string  `json:"outcome"`
	Points  float64 `json:"points"`
	Why     string  `json:"why"`
	Sign    int32   `json:"sign"`
}

type replayFrame struct {
	I   int    `json:"i"`
	Src string `json:"src"`
}

type replayLine struct {
	I   int     `json:"i"`
	T   float64 `json:"t"`
	Msg string  `json:"msg"`
}

func r4(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return math.Round(v*1e4) / 1e4
}

func (rec *Recording) replayData(opt HTMLOptions) (*replayData, error) {
	if rec == nil || rec.Arena == nil {
		return nil, errors.New("record: the recording has no arena (not a rescuekit recording, or cut before its first chunk)")
	}
	a := rec.Arena
	d := &replayData{
		Title: opt.Title, Meta: rec.Metadata, Answer: rec.Answer, MaxScore: a.MaxScore, Complete: rec.Complete,
		Frames: map[string][]replayFrame{},
	}
	if d.Title == "" {
		d.Title = a.Name
	}
	ar := &d.Arena
	ar.Left, ar.Top, ar.Tile, ar.Thick, ar.Cols, ar.Rows = a.Left, a.Top, a.Tile, a.WallThickness, int(a.Cols), int(a.Rows)
	for _, s := range a.Walls {
		ar.Walls = append(ar.Walls, [4]float64{r4(s.Ax), r4(s.Az), r4(s.Bx), r4(s.Bz)})
	}
	for _, c := range a.Arcs {
		ar.Arcs = append(ar.Arcs, [5]float64{r4(c.Cx), r4(c.Cz), r4(c.Radius), r4(c.From), r4(c.To)})
	}
	for _, o := range a.Obstacles {
		ar.Obstacles = append(ar.Obstacles, [5]float64{r4(o.Cx), r4(o.Cz), r4(o.Hx), r4(o.Hz), r4(o.Yaw)})
	}
	for _, x := range a.Areas {
		ar.Areas = append(ar.Areas, [6]float64{r4(x.MinX), r4(x.MinZ), r4(x.MaxX), r4(x.MaxZ), float64(x.Rgb), float64(x.Kind)})
	}
	for _, s := range a.Signs {
		ar.Signs = append(ar.Signs, replaySign{L: s.Letter, P: [4]float64{r4(s.X), r4(s.Z), r4(s.Nx), r4(s.Nz)}})
	}
	ar.Start = [3]float64{r4(a.StartX), r4(a.StartZ), r4(a.StartYaw)}
	state := map[string]int{}
	st := &d.Steps
	for _, s := range rec.Steps {
		k, ok := state[s.State]
		if !ok {
			k = len(d.States)
			state[s.State] = k
			d.States = append(d.States, s.State)
		}
		st.T = append(st.T, r4(s.Time))
		st.X = append(st.X, r4(s.True.Pos.X))
		st.Z = append(st.Z, r4(s.True.Pos.Z))
		st.Yaw = append(st.Yaw, r4(s.True.Yaw))
		st.Score = append(st.Score, r4(s.Score))
		st.State = append(st.State, k)
		if s.Estimate != nil {
			x, z := r4(s.Estimate.Pos.X), r4(s.Estimate.Pos.Z)
			st.EX, st.EZ = append(st.EX, &x), append(st.EZ, &z)
		} else {
			st.EX, st.EZ = append(st.EX, nil), append(st.EZ, nil)
		}
	}
	for _, m := range rec.Maps {
		d.Maps = append(d.Maps, replayMap{I: m.Index, Cells: AlignMap(m.Cells, rec.Answer)})
	}
	for _, r := range rec.Reports {
		d.Reports = append(d.Reports, replayRep{
			I: rec.stepIndex(r.Step), T: r4(r.SimTime), Letter: r.Letter, RX: r4(r.RobotX), RZ: r4(r.RobotZ), EX: r4(r.EstX), EZ: r4(r.EstZ),
			Outcome: Outcome(r.Outcome).String(), Points: r.Points, Why: r.Why, Sign: r.Sign,
		})
	}
	max := opt.MaxFrames
	if max == 0 {
		max = DefaultMaxFrames
	}
	if max > 0 {
		byCam := map[string][]Frame{}
		var names []string
		for _, f := range rec.Frames {
			if _, ok := byCam[f.Camera]; !ok {
				names = append(names, f.Camera)
			}
			byCam[f.Camera] = append(byCam[f.Camera], f)
		}
		for _, n := range names {
			fs := byCam[n]
			for k := range min(max, len(fs)) {
				f := fs[k*len(fs)/min(max, len(fs))]
				mime := "image/" + f.Format
				if f.Format == "jpg" {
					mime = "image/jpeg"
				}
				d.Frames[n] = append(d.Frames[n], replayFrame{I: f.Index, Src: "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(f.Data)})
			}
		}
	}
	for _, l := range rec.Events {
		d.Events = append(d.Events, replayLine{I: l.Index, T: r4(l.Time), Msg: l.Message})
	}
	for _, l := range rec.Logs {
		d.Logs = append(d.Logs, replayLine{I: l.Index, T: r4(l.Time), Msg: l.Name + ": " + l.Message})
	}
	return d, nil
}

// stepIndex is the index in Steps of step number n (the last step before
// it when n was not recorded).
func (rec *Recording) stepIndex(n uint64) int {
	lo, hi := 0, len(rec.Steps)
	for lo < hi {
		m := (lo + hi) / 2
		if rec.Steps[m].Step <= n {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return max(lo-1, 0)
}

// WriteHTML writes the replay page of rec to w: one self-contained HTML
// file (no network access) with the arena seen from above, the trajectory,
// a time slider and a play button, the robot's map against the answer cell
// by cell, the reports with their outcome, the score over time, the FSM
// states as a timeline, and the camera frames at the slider's time. The
// page opens at step K with the fragment #step=K.
func WriteHTML(w io.Writer, rec *Recording, opt HTMLOptions) error {
	d, err := rec.replayData(opt)
	if err != nil {
		return err
	}
	var data bytes.Buffer
	enc := json.NewEncoder(&data) // escapes <, > and &: safe inside <script>
	if err := enc.Encode(d); err != nil {
		return fmt.Errorf("record: replay data: %w", err)
	}
	page := strings.NewReplacer(
		"{{TITLE}}", html.EscapeString(d.Title),
		"{{CSS}}", replayCSS,
		"{{DATA}}", strings.TrimSpace(data.String()),
		"{{JS}}", replayJS,
	).Replace(replayHTML)
	_, err = io.WriteString(w, page)
	return err
}
