package explore

import (
	"context"
	"testing"

	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/plugins/sdk/sdktest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// gapWorld is a 4×2 arena whose outer wall has a gap one tile wide on the
// right of tile (3, 0): nothing lies beyond it (issue 16: a robot left an
// arena through such a gap and drove outside for 430 s).
const gapWorld = `
+-+-+-+-+-+-+-+-+
|S S            .
+ + + + + + + + +
|S S            .
+ + + + + + + + +
|       |       |
+ + + + + + + + +
|       |       |
+-+-+-+-+-+-+-+-+
`

// TestNeverLeavesThroughAGap: explore maps the arena and never takes its
// centre past the outer wall's line, though the gap is wide enough to
// drive through.
func TestNeverLeavesThroughAGap(t *testing.T) {
	w, err := world.ParseASCII("outer-gap", gapWorld[1:])
	if err != nil {
		t.Fatal(err)
	}
	c0, c1 := w.TileCenter(0, 0), w.TileCenter(3, 1)
	minX, maxX := c0.X-world.TileSize/2, c1.X+world.TileSize/2
	minZ, maxZ := c0.Z-world.TileSize/2, c1.Z+world.TileSize/2
	e := New().(*Explore)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var explored bool
	var out int
	var far float64
	o := game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: 1, Noise: game.DefaultNoise,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore":      func() sdk.Behavior { return e },
			"victimdetect": sdktest.StandIn("victimdetect", nil, ""),
			"report":       sdktest.StandIn("report", []string{"report"}, "reported"),
			"exit":         sdktest.StandIn("exit", []string{"exit"}, ""),
		}),
		OnStep: func(si framework.StepInfo, _ *referee.Referee) {
			if e.tr != nil {
				p := e.Pose()
				if d := max(p.X-maxX, minX-p.X, p.Z-maxZ, minZ-p.Z); d > 0 {
					out++
					far = max(far, d)
				}
			}
			if si.State == "exit" {
				explored = true
				cancel()
			}
		},
	}
	if _, err := game.Play(ctx, o); err != nil {
		t.Fatal(err)
	}
	if out > 0 {
		t.Errorf("the robot's centre was outside the arena in %d steps, up to %.3f m past its outer wall", out, far)
	}
	if !explored {
		t.Error("explored never fired")
	}
	m := e.Map()
	for _, tl := range w.Tiles {
		if r, c, ok := m.TileOf(w.TileCenter(tl.X, tl.Z)); !ok || m.Floor(r, c) == nav.FloorUnknown {
			t.Errorf("tile %d,%d: floor not seen", tl.X, tl.Z)
		}
	}
}
