package record

import (
	"bytes"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/sim/world"
)

const demoArena = `
+-+-+-+-+-+-+-+-+
|S S|  7 C C X X|
+ + + +-+   +   +
|S S|~   C C X X|
+-+-+-+-+-+-+-+-+
sign H tile 0 0 left
sign F tile 2 0 top
obstacle 0.0 0.02 0.01 0.01
`

func demoWorld(t testing.TB) *world.World {
	t.Helper()
	w, err := world.ParseASCII("demo", demoArena[1:])
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// fakeCamera is a 64×40 BGRA frame whose colour depends on k.
func fakeCamera(name string, k int) Camera {
	c := Camera{Name: name, Width: 64, Height: 40, BGRA: make([]byte, 64*40*4)}
	for i := 0; i < len(c.BGRA); i += 4 {
		c.BGRA[i], c.BGRA[i+1], c.BGRA[i+2], c.BGRA[i+3] = byte(k), byte(i/256), byte(i%256), 255
	}
	return c
}

// demoGame is n steps of a robot driving a circle in w, with reports at
// steps 20 and 40, map changes every 25 steps, plugin messages, cameras and
// a lidar.
func demoGame(w *world.World, n int) []StepFrame {
	answer := world.Answer(w)
	var out []StepFrame
	state := "explore"
	for i := range n {
		a := float64(i) / 40
		p := world.Pose{Pos: geom.Vec2{X: 0.05 * math.Cos(a), Z: 0.05 * math.Sin(a)}, Yaw: normAngle(-a)}
		est := world.Pose{Pos: geom.Vec2{X: p.Pos.X + 0.01, Z: p.Pos.Z}, Yaw: p.Yaw}
		f := StepFrame{
			Step: uint64(i + 1), SimTime: float64(i+1) * 0.032, True: p, Estimate: &est,
			Score:    float64(i / 20 * 5),
			Distance: []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, float64(i) / 100},
			Cameras:  []Camera{fakeCamera("camera_left", i), fakeCamera("camera_centre", i+1), fakeCamera("camera_right", i+2)},
			Lidar:    &Lidar{Ranges: make([]float32, 2*16), HorizontalResolution: 16, Layers: 2, FOV: 2 * math.Pi, MinRange: 0.01, MaxRange: 0.5},
		}
		if i%30 == 29 {
			if state == "explore" {
				state = "report"
			} else {
				state = "explore"
			}
		}
		f.State = state
		if i%25 == 0 {
			m := make([][]string, len(answer))
			for r := range answer {
				m[r] = make([]string, len(answer[r]))
				for c := range answer[r] {
					m[r][c] = "0"
					if (r+c+i/25)%3 != 0 {
						m[r][c] = answer[r][c]
					}
				}
			}
			f.Map = m
		}
		if i == 20 {
			f.Reports = []Report{{Letter: 'H', Robot: p.Pos, Estimate: est.Pos, Outcome: Hit, Sign: 0, Points: 25, Why: "sign 0 within 9 cm"}}
			f.Events = []Event{{Time: f.SimTime, What: "Successful Victim Identification", Points: 15}}
		}
		if i == 40 {
			f.Reports = []Report{{Letter: 'C', Robot: p.Pos, Estimate: est.Pos, Outcome: Miss, Sign: -1, Points: -5, Why: "no hazard within 9 cm"}}
		}
		if i%50 == 0 {
			f.Logs = []Log{{Level: LevelInfo, Name: "explore", Message: "step log"}}
		}
		f.Plugins = []PluginIO{{
			Name:        "explore",
			Observation: &pluginpb.Observation{Step: f.Step, SimTime: f.SimTime, State: state, Distance: f.Distance, Cameras: []*pluginpb.CameraFrame{{Name: "camera_centre", Width: 64, Height: 40, Bgra: f.Cameras[1].BGRA}}},
			Action:      &pluginpb.Action{Step: f.Step},
		}}
		out = append(out, f)
	}
	return out
}

// writeGame records frames into a buffer; offsets[i] is the file size
// after step i was written (and flushed).
func writeGame(t testing.TB, w *world.World, frames []StepFrame, opt Options, closeIt bool) (data []byte, offsets []int) {
	t.Helper()
	var buf bytes.Buffer
	wr, err := NewWriter(&buf, Meta{World: w, Answer: world.Answer(w), Seed: 7, Rules: "v25.0.1", MaxScore: 100, Options: opt,
		DistanceNames: []string{"ps0", "ps1", "ps2", "ps3", "ps4", "ps5", "ps6", "ps7"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range frames {
		if err := wr.Step(f); err != nil {
			t.Fatal(err)
		}
		offsets = append(offsets, buf.Len())
	}
	if closeIt {
		if err := wr.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes(), offsets
}
