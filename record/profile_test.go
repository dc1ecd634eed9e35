package record_test

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/record"
	"github.com/rescuekit/rescuekit/sim/world"
)

// move is n steps of 32 ms in state, each going v m/s along x and turning
// w rad/s.
type move struct {
	state string
	n     int
	v, w  float64
}

// steps plays moves from the origin, one recorded step each 32 ms.
func steps(moves ...move) []record.Step {
	var out []record.Step
	var t, x, yaw float64
	out = append(out, record.Step{Step: 0, State: moves[0].state})
	for _, m := range moves {
		for range m.n {
			t += 0.032
			x += m.v * 0.032
			yaw += m.w * 0.032
			out = append(out, record.Step{Step: uint64(len(out)), Time: t, State: m.state,
				True: world.Pose{Pos: geom.Vec2{X: x}, Yaw: yaw}})
		}
	}
	return out
}

func TestTimeProfile(t *testing.T) {
	const dt = 0.032
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for _, tc := range []struct {
		name  string
		steps []record.Step
		want  []record.StateTime // Total and Distance are checked too
	}{
		{
			name:  "full speed, slower, on the spot, still",
			steps: steps(move{"explore", 10, 0.12, 0}, move{"explore", 5, 0.05, 1}, move{"explore", 4, 0.001, 3.8}, move{"explore", 3, 0, 0}),
			want: []record.StateTime{
				{State: "explore", Full: 10 * dt, Slow: 5 * dt, Spot: 4 * dt, Still: 3 * dt, Total: 22 * dt, Distance: 10*dt*0.12 + 5*dt*0.05 + 4*dt*0.001},
			},
		},
		{
			name:  "a body wobbling on wheels that stand is still",
			steps: steps(move{"report", 3, 0, 0.04}, move{"report", 2, 0, 0.5}),
			want:  []record.StateTime{{State: "report", Still: 3 * dt, Spot: 2 * dt, Total: 5 * dt}},
		},
		{
			name:  "states in order of first appearance, and a sum",
			steps: steps(move{"explore", 2, 0.12, 0}, move{"report", 3, 0, 0}, move{"explore", 1, 0.12, 0}),
			want: []record.StateTime{
				{State: "explore", Full: 3 * dt, Total: 3 * dt, Distance: 3 * dt * 0.12},
				{State: "report", Still: 3 * dt, Total: 3 * dt},
			},
		},
		{
			name: "a relocation is no motion, a gap no step",
			steps: func() []record.Step {
				s := steps(move{"explore", 3, 0.1, 0})
				s[2].True.Pos.X += 0.3 // put back on a checkpoint
				s[3].Time += 5         // no control step for 5 s
				return s
			}(),
			want: []record.StateTime{
				{State: "explore", Full: dt, Relocated: dt, Total: 2 * dt, Distance: dt * 0.1},
			},
		},
		{
			name:  "a turn across ±π is a small turn",
			steps: []record.Step{{Time: 0, State: "exit", True: world.Pose{Yaw: math.Pi - 0.01}}, {Time: dt, State: "exit", True: world.Pose{Yaw: -math.Pi + 0.01}}},
			want:  []record.StateTime{{State: "exit", Spot: dt, Total: dt}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := record.TimeProfile(&record.Recording{Steps: tc.steps})
			if len(got) != len(tc.want)+1 {
				t.Fatalf("%d rows, want %d and the sum: %+v", len(got), len(tc.want), got)
			}
			var sum record.StateTime
			for i, w := range tc.want {
				g := got[i]
				if g.State != w.State || !near(g.Full, w.Full) || !near(g.Slow, w.Slow) || !near(g.Spot, w.Spot) ||
					!near(g.Still, w.Still) || !near(g.Relocated, w.Relocated) || !near(g.Total, w.Total) || !near(g.Distance, w.Distance) {
					t.Errorf("row %d = %+v, want %+v", i, g, w)
				}
				sum.Total += w.Total
				sum.Distance += w.Distance
			}
			if all := got[len(got)-1]; all.State != "all" || !near(all.Total, sum.Total) || !near(all.Distance, sum.Distance) ||
				!near(all.Full+all.Slow+all.Spot+all.Still+all.Relocated, all.Total) {
				t.Errorf("sum row = %+v, want total %g, distance %g, classes adding up", all, sum.Total, sum.Distance)
			}
		})
	}
}

func TestTimeProfileEmpty(t *testing.T) {
	for _, s := range [][]record.Step{nil, steps(move{"explore", 0, 0, 0})} {
		got := record.TimeProfile(&record.Recording{Steps: s})
		if len(got) != 1 || got[0] != (record.StateTime{State: "all"}) {
			t.Errorf("TimeProfile(%d steps) = %+v, want one empty sum row", len(s), got)
		}
		var b bytes.Buffer
		if err := record.WriteTimeProfile(&b, got); err != nil || !strings.Contains(b.String(), "all") {
			t.Errorf("WriteTimeProfile = %q, %v", b.String(), err)
		}
	}
}

// Where a game's time went: a recording's true poses, step by step, by
// FSM state.
func ExampleTimeProfile() {
	rec := &record.Recording{Steps: []record.Step{
		{Time: 0.000, State: "explore"},
		{Time: 0.032, State: "explore", True: world.Pose{Pos: geom.Vec2{X: 0.004}}},
		{Time: 0.064, State: "explore", True: world.Pose{Pos: geom.Vec2{X: 0.008}}},
		{Time: 0.096, State: "report", True: world.Pose{Pos: geom.Vec2{X: 0.008}, Yaw: 0.12}},
		{Time: 0.128, State: "report", True: world.Pose{Pos: geom.Vec2{X: 0.008}, Yaw: 0.12}},
	}}
	rows := record.TimeProfile(rec)
	for _, r := range rows {
		fmt.Printf("%s: %.3f s, full %.3f, spot %.3f, still %.3f, %.3f m\n", r.State, r.Total, r.Full, r.Spot, r.Still, r.Distance)
	}
	// Output:
	// explore: 0.064 s, full 0.064, spot 0.000, still 0.000, 0.008 m
	// report: 0.064 s, full 0.000, spot 0.032, still 0.032, 0.000 m
	// all: 0.128 s, full 0.064, spot 0.032, still 0.032, 0.008 m
}
