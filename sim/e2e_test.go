package sim

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// e2e drives the simulated robot through a scripted game: it plans on a
// 1 cm grid of the places the body fits (the simulator's own collision
// test), follows the plan with the wheel motors, and talks to the referee
// only through the emitter, with the bytes comms encodes.
type e2e struct {
	t                *testing.T
	s                *Sim
	ref              *referee.Referee
	w                *world.World
	left, right      hal.Motor
	tx               hal.Emitter
	min              geom.Vec2
	nx, nz           int
	free             []bool
	visited          map[int]bool // checkpoints the robot entered
	checkpointPoints float64      // what docs/erebus-rules.md §2.3 gives for them
}

const e2eCell = 0.01

func newE2E(t *testing.T, w *world.World) *e2e {
	ref, err := referee.New(w, referee.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(w, Config{Supervisor: ref})
	if err != nil {
		t.Fatal(err)
	}
	e := &e2e{t: t, s: s, ref: ref, w: w, visited: map[int]bool{}}
	e.left, _ = hal.Lookup[hal.Motor](s, "wheel1 motor")
	e.right, _ = hal.Lookup[hal.Motor](s, "wheel2 motor")
	e.tx, _ = hal.Lookup[hal.Emitter](s, "emitter")
	// The planning grid: cells where the body (plus 6 mm) touches no solid
	// and the floor is no hole.
	lo, hi := geom.Vec2{X: math.Inf(1), Z: math.Inf(1)}, geom.Vec2{X: math.Inf(-1), Z: math.Inf(-1)}
	for _, tl := range w.Tiles {
		c := w.TileCenter(tl.X, tl.Z)
		lo.X, lo.Z = math.Min(lo.X, c.X-0.06), math.Min(lo.Z, c.Z-0.06)
		hi.X, hi.Z = math.Max(hi.X, c.X+0.06), math.Max(hi.Z, c.Z+0.06)
	}
	e.min = lo
	e.nx, e.nz = int((hi.X-lo.X)/e2eCell)+1, int((hi.Z-lo.Z)/e2eCell)+1
	e.free = make([]bool, e.nx*e.nz)
	for i := range e.free {
		p := e.center(i)
		pen, _ := s.geo.maxPenetration(p, DefaultBodyRadius+0.006)
		q, ok := w.QuarterAt(p)
		e.free[i] = pen <= 0 && ok && q.Floor != world.FloorHole
	}
	return e
}

func (e *e2e) center(i int) geom.Vec2 {
	return geom.Vec2{X: e.min.X + (float64(i%e.nx)+0.5)*e2eCell, Z: e.min.Z + (float64(i/e.nx)+0.5)*e2eCell}
}

func (e *e2e) cell(p geom.Vec2) int {
	x, z := int((p.X-e.min.X)/e2eCell), int((p.Z-e.min.Z)/e2eCell)
	if x < 0 || z < 0 || x >= e.nx || z >= e.nz {
		return -1
	}
	return z*e.nx + x
}

// path returns the cell centres from the robot to goal (BFS, 8-connected),
// or nil when goal is out of reach.
func (e *e2e) path(goal geom.Vec2) []geom.Vec2 {
	from, to := e.cell(e.s.Pose().Pos), e.cell(goal)
	if from < 0 || to < 0 || !e.free[to] {
		return nil
	}
	prev := make([]int, len(e.free))
	for i := range prev {
		prev[i] = -2
	}
	prev[from] = -1
	q := []int{from}
	for len(q) > 0 && prev[to] == -2 {
		c := q[0]
		q = q[1:]
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			x, z := c%e.nx+d[0], c/e.nx+d[1]
			n := z*e.nx + x
			if x < 0 || z < 0 || x >= e.nx || z >= e.nz || !e.free[n] || prev[n] != -2 {
				continue
			}
			if d[0] != 0 && d[1] != 0 && (!e.free[c/e.nx*e.nx+x] || !e.free[z*e.nx+c%e.nx]) {
				continue // no corner cutting
			}
			prev[n] = c
			q = append(q, n)
		}
	}
	if prev[to] == -2 {
		return nil
	}
	var p []geom.Vec2
	for c := to; c != -1; c = prev[c] {
		p = append([]geom.Vec2{e.center(c)}, p...)
	}
	return p
}

// step runs one 16 ms step and records the checkpoints entered.
func (e *e2e) step() {
	e.t.Helper()
	if err := e.s.Step(16); err != nil {
		e.t.Fatalf("step: %v", err)
	}
	for i, b := range e.w.Checkpoints {
		if !e.visited[i] && b.Contains(e.s.Pose().Pos) {
			e.visited[i] = true
			mid := geom.Vec2{X: (b.Min.X + b.Max.X) / 2, Z: (b.Min.Z + b.Max.Z) / 2}
			e.checkpointPoints += 10 * referee.RoomMultiplier(e.w.RoomAt(mid))
		}
	}
}

// driveTo follows a planned path to goal and stops there.
func (e *e2e) driveTo(goal geom.Vec2) {
	e.t.Helper()
	p := e.path(goal)
	if p == nil {
		e.t.Fatalf("no path from %v to %v", e.s.Pose().Pos, goal)
	}
	for i := 0; i < len(p); {
		pose := e.s.Pose()
		// Aim at the point 4 cells ahead on the path (or the goal).
		j := min(i+4, len(p)-1)
		for i < len(p)-1 && math.Hypot(p[i].X-pose.Pos.X, p[i].Z-pose.Pos.Z) < 0.015 {
			i++
		}
		if i == len(p)-1 && math.Hypot(p[i].X-pose.Pos.X, p[i].Z-pose.Pos.Z) < 0.005 {
			break
		}
		tgt := p[j]
		want := math.Atan2(-(tgt.X - pose.Pos.X), -(tgt.Z - pose.Pos.Z)) // yaw facing tgt
		err := normAngle(want - pose.Yaw)
		fwd := 5.0
		if math.Abs(err) > 0.4 {
			fwd = 0
		}
		turn := 6 * err
		_ = e.left.SetVelocity(fwd - turn)
		_ = e.right.SetVelocity(fwd + turn)
		e.step()
		if e.s.Time() > 400 {
			e.t.Fatal("driving took too long")
		}
	}
	e.stop(0)
}

// stop holds the wheels at 0 for n steps.
func (e *e2e) stop(n int) {
	_ = e.left.SetVelocity(0)
	_ = e.right.SetVelocity(0)
	for range n {
		e.step()
	}
}

func (e *e2e) send(m comms.Message) {
	e.t.Helper()
	b, err := comms.Encode(m)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.tx.Send(b); err != nil {
		e.t.Fatal(err)
	}
}

// TestScriptedGameWorld1 plays a game on Erebus's world1 the way a
// controller would: drive to a victim, stop for more than 1 s, report it
// (docs/erebus-rules.md §1.3: +worth·m, +10·m for the right letter), send the map and
// 'M' (§1.4), drive back to the start tile and send 'E' (§1.7). The final
// score must be the rules' formula (§2.4): (S + round(0.1·S, 2)) · (1 + map).
func TestScriptedGameWorld1(t *testing.T) {
	d := sharedtest.Dir(t)
	w, err := world.Load(filepath.Join(d, "erebus", "worlds", "world1.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	e := newE2E(t, w)
	start := e.s.Pose().Pos

	// The nearest victim whose front the robot can reach.
	var sign world.Sign
	var front geom.Vec2
	best := math.Inf(1)
	for _, sg := range w.Signs {
		if sg.Kind != world.Victim {
			continue
		}
		f := geom.Vec2{X: sg.Pos.X + 0.055*sg.Normal.X, Z: sg.Pos.Z + 0.055*sg.Normal.Z}
		if p := e.path(f); p != nil && float64(len(p)) < best {
			best, sign, front = float64(len(p)), sg, f
		}
	}
	if math.IsInf(best, 1) {
		t.Fatal("no reachable victim in world1")
	}
	e.driveTo(front)
	e.stop(70) // 1.12 s standing still: Erebus needs ≥ 1.0 s (docs/erebus-rules.md §1.3)
	e.send(comms.Report{X: int32(math.Round(sign.Pos.X * 100)), Z: int32(math.Round(sign.Pos.Z * 100)), Type: sign.Letter})
	e.stop(5)
	m := referee.RoomMultiplier(w.RoomAt(sign.Pos))
	signPoints := (float64(sign.Worth) + 10) * m
	if got, want := e.ref.Score(), signPoints+e.checkpointPoints; math.Abs(got-want) > 1e-9 {
		t.Fatalf("after the report: score %.2f, want %.2f (sign %c worth %d ×%.2f, checkpoints %.2f)", got, want, sign.Letter, sign.Worth, m, e.checkpointPoints)
	}

	e.send(comms.Map{Cells: world.Answer(w)})
	e.stop(1)
	e.send(comms.Evaluate)
	e.stop(5)
	e.driveTo(start)
	e.stop(5)
	e.send(comms.Exit)
	for range 5 {
		if err := e.s.Step(16); err == hal.ErrEnded {
			break
		}
	}
	sum := e.ref.Summary()
	t.Logf("reported %c at (%.3f, %.3f), %.2f m of path from the start; checkpoints %.2f; final %.2f after %.1f s", sign.Letter, sign.Pos.X, sign.Pos.Z, best*0.01, e.checkpointPoints, sum.Score, e.s.Time())
	if !sum.Ended || sum.EndReason != referee.EndExit || !sum.ExitBonusGiven || sum.MapScore != 1 {
		t.Fatalf("summary %+v: want an exit with the bonus and a perfect map", sum)
	}
	round2 := func(x float64) float64 { return math.Round(x*100) / 100 }
	s := signPoints + e.checkpointPoints
	withExit := s + round2(0.1*s)
	if want := withExit + round2(withExit*1); math.Abs(sum.Score-want) > 1e-9 {
		t.Fatalf("final score %.2f, want %.2f = (S %.2f + exit bonus) × (1 + map 1.0)", sum.Score, want, s)
	}
}
