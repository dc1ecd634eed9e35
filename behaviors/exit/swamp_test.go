package exit

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// swampWorld is an arena whose far half lies behind a band of swamp tiles,
// played with Erebus v26.1's progressive multipliers: every entry into a
// swamp tile the robot crossed before costs one more (×5, ×6, … ×10,
// docs/erebus-v26.md §5), so the way home through the band costs far more
// game time than ×5.
const swampWorld = `
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|S S ~ ~ ~ ~ ~ ~ ~ ~ ~ ~                |
+ + + + + + + + + + + + + + + + + + + + +
|S S ~ ~ ~ ~ ~ ~ ~ ~ ~ ~                |
+ + + + + + + + + + + + + + + + + + + + +
|    ~ ~ ~ ~ ~ ~ ~ ~ ~ ~                |
+ + + + + + + + + + + + + + + + + + + + +
|    ~ ~ ~ ~ ~ ~ ~ ~ ~ ~                |
+ + + + + + + + + + + + + + + + + + + + +
|    ~ ~ ~ ~ ~ ~ ~ ~ ~ ~                |
+ + + + + + + + + + + + + + + + + + + + +
|    ~ ~ ~ ~ ~ ~ ~ ~ ~ ~                |
+ + + + + + + + + + + + + + + + + + + + +
|    ~ ~ ~ ~ ~ ~ ~ ~ ~ ~                |
+ + + + + + + + + + + + + + + + + + + + +
|    ~ ~ ~ ~ ~ ~ ~ ~ ~ ~                |
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
name swamp-band
rules v26
time 200
`

// TestGameSwampBand: in a v26.1 game whose way home crosses a band of swamp
// tiles the robot has entered before, exit heads home in time: the map is
// evaluated and 'E' is sent on the start tile before the game clock runs
// out.
func TestGameSwampBand(t *testing.T) {
	w, err := world.ParseASCII("swamp-band", strings.TrimPrefix(swampWorld, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	r := playGame(t, w, 1, true)
	t.Logf("%v swamp entries %d game time %.0f", r, r.ref.SwampEntries, r.ref.GameTime)
	if !r.ref.MapEvaluated {
		t.Error("the map was not evaluated")
	}
	if !r.exitOnStart || r.ref.EndReason != referee.EndExit {
		t.Errorf("the game ended by %v, exit on the start tile %v: want 'E' sent on the start tile in time", r.ref.EndReason, r.exitOnStart)
	}
}

// swampRow is a map of one corridor of tiles, walled all round, from the
// start (0.3, 0.2) east: plain, swamp, swamp, plain, plain.
func swampRow(t *testing.T) (*nav.Map, []byte) {
	t.Helper()
	m := nav.NewMap(geom.Vec2{X: 0.3, Z: 0.2}, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc := m.StartTile()
	for i, f := range []nav.Floor{nav.FloorPlain, nav.FloorSwamp, nav.FloorSwamp, nav.FloorPlain, nav.FloorPlain} {
		m.SetFloor(sr, sc+i, f)
	}
	for c := 4 * sc; c <= 4*(sc+5); c++ {
		m.SetWall(4*sr, c)
		m.SetWall(4*sr+4, c)
	}
	for r := 4 * sr; r <= 4*sr+4; r++ {
		m.SetWall(r, 4*sc)
		m.SetWall(r, 4*(sc+5))
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return m, b
}

// drive feeds a watcher exit the GPS positions along xs (world X, on the
// row's centre line), 3 mm a step, from step *step on; inbox goes with the
// first Observation.
func drive(t *testing.T, x *Exit, bb map[string][]byte, step *uint64, xs []float64, inbox []*pluginpb.Inbound) {
	t.Helper()
	pos := xs[0]
	for _, target := range xs[1:] {
		for math.Abs(target-pos) > 1e-9 {
			pos += math.Copysign(math.Min(0.003, math.Abs(target-pos)), target-pos)
			*step++
			obs := &pluginpb.Observation{Step: *step, SimTime: 0.032 * float64(*step), State: "explore",
				Gps: &pluginpb.Vec3{X: pos, Z: 0.2}, Blackboard: bb, Inbox: inbox}
			inbox = nil
			if _, err := x.Step(context.Background(), obs); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestHomeTimeProgressiveSwamps: the estimate of the way home counts what
// each swamp tile on it will cost on its next entry (docs/erebus-v26.md
// §5: ×5 on the first entry into a tile, one more per entry before, up to
// ×10; v25.0.1: ×5 always). The robot entered the first swamp tile six
// times and the second once; from the fourth tile the way home crosses
// the second (its 2nd entry, ×6) and the first (its 7th, ×10).
func TestHomeTimeProgressiveSwamps(t *testing.T) {
	for _, c := range []struct {
		rules      string
		m1, m2     float64 // multipliers of the next entries into the first and second swamp tiles
		wantSwampN int
	}{
		{"v26", 10, 6, 0},
		{"v25", 5, 5, 0},
	} {
		t.Run(c.rules, func(t *testing.T) {
			m, b := swampRow(t)
			bb := map[string][]byte{nav.KeyMap: b}
			x := New().(*Exit)
			if err := x.Configure(context.Background(), sdk.Config{Params: map[string]string{"rules": c.rules}}); err != nil {
				t.Fatal(err)
			}
			st := m.Start()
			var step uint64
			// Into the first swamp tile and back, five times, then on to
			// the fourth tile.
			xs := []float64{st.X}
			for range 5 {
				xs = append(xs, st.X+0.09, st.X)
			}
			xs = append(xs, st.X+3*nav.TileSize)
			drive(t, x, bb, &step, xs, nil)
			// Wait for the next estimate.
			drive(t, x, bb, &step, []float64{st.X + 3*nav.TileSize, st.X + 3*nav.TileSize - 0.06, st.X + 3*nav.TileSize}, nil)
			// The supervisor's game time along the way home at speed_mps:
			// half the fourth tile, the two swamps, half the start tile.
			want := (0.06 + 0.12*c.m2 + 0.12*c.m1 + 0.06) / x.speed
			if got := x.HomeTime(); got < want || got > want*1.3+5 {
				t.Errorf("home time %.1f s, want at least the %.1f s the swamps cost on the way (and not far more)", got, want)
			}
		})
	}
}

// TestTimeLeftInSwamp: between two 'G' replies, the game clock runs at the
// swamp's multiplier while the robot is in a swamp tile (v26.1: ×5 on the
// first entry, ×6 on the second).
func TestTimeLeftInSwamp(t *testing.T) {
	m, b := swampRow(t)
	bb := map[string][]byte{nav.KeyMap: b}
	x := New().(*Exit)
	if err := x.Configure(context.Background(), sdk.Config{Params: map[string]string{"rules": "v26", "info_every_s": "60"}}); err != nil {
		t.Fatal(err)
	}
	st := m.Start()
	var step uint64
	info := []*pluginpb.Inbound{{Kind: &pluginpb.Inbound_GameInfo{GameInfo: &pluginpb.GameInfo{GameSecondsLeft: 300, RealSecondsLeft: 400}}}}
	// From the start tile's centre to the middle of the first swamp tile
	// (0.12 m, 0.06 of it in the swamp), back, and in again.
	drive(t, x, bb, &step, []float64{st.X, st.X + 0.12, st.X, st.X + 0.12}, info)
	el := 0.0
	for _, leg := range []struct{ plain, swamp, mult float64 }{{0.06, 0.06, 5}, {0.06, 0.06, 5}, {0.06, 0.06, 6}} {
		el += (leg.plain + leg.swamp*leg.mult) / 0.003 * 0.032
	}
	got := 300 - x.TimeLeft(0.032*float64(step))
	if math.Abs(got-el) > 0.032*12 {
		t.Errorf("game clock ran %.2f s, want %.2f s (×5 in the swamp on the first entry, ×6 on the second)", got, el)
	}
}
