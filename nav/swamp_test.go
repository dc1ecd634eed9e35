package nav

import (
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// twoSwamps returns a room of 2×3 tiles, the start tile at its top left,
// whose middle column is two swamp tiles: the way from the start to the
// top right tile crosses the top one (a) straight, or the bottom one (b)
// with a detour.
func twoSwamps() (m *Map, a, b [2]int) {
	m = NewMap(geom.Vec2{X: 0.3, Z: -0.2}, DefaultRobot(), DefaultMapConfig())
	sr, sc := m.StartTile()
	wallRoom(m, 2, 3)
	a, b = [2]int{sr, sc + 1}, [2]int{sr + 1, sc + 1}
	m.SetFloor(a[0], a[1], FloorSwamp)
	m.SetFloor(b[0], b[1], FloorSwamp)
	return m, a, b
}

// TestSwampClockEntries: the game clock's multiplier in a swamp tile, and
// the one its next entry costs, entry after entry: ×5 always in v25.0.1;
// in v26.1 ×5 on a tile's first entry and one more on every entry after,
// up to ×10, a step straight into the next swamp tile an entry into it
// (docs/erebus-v26.md §5).
func TestSwampClockEntries(t *testing.T) {
	m, a, b := twoSwamps()
	pa, pb, out := m.TileCenter(a[0], a[1]), m.TileCenter(b[0], b[1]), m.Start()
	for _, c := range []struct {
		rules erebus.Rules
		walk  []geom.Vec2
		want  []float64 // the clock's multiplier after each step of walk
		nextA float64   // NextMult of a once outside
	}{
		{erebus.V25Rules, []geom.Vec2{pa, out, pa, out, pa, pb, pa, out}, []float64{5, 1, 5, 1, 5, 5, 5, 1}, 5},
		{erebus.V26Rules, []geom.Vec2{pa, out, pa, out, pa, pb, pa, out}, []float64{5, 1, 6, 1, 7, 5, 8, 1}, 9},
		{erebus.V26Rules, []geom.Vec2{pa, out, pa, out, pa, out, pa, out, pa, out, pa, out, pa, out}, []float64{5, 1, 6, 1, 7, 1, 8, 1, 9, 1, 10, 1, 10, 1}, 10},
	} {
		var k SwampClock
		for i, p := range c.walk {
			if got := k.Update(m, p, c.rules); got != c.want[i] || k.Mult() != got {
				t.Errorf("%s, step %d: multiplier %g (Mult %g), want %g", c.rules.Version, i, got, k.Mult(), c.want[i])
			}
		}
		if got := k.NextMult(a[0], a[1]); got != c.nextA {
			t.Errorf("%s: next entry into a ×%g, want ×%g", c.rules.Version, got, c.nextA)
		}
	}
	var k SwampClock
	if k.Mult() != 1 || k.NextMult(a[0], a[1]) != erebus.V26Rules.SwampMult {
		t.Errorf("zero clock: multiplier %g, next entry ×%g; want 1 and v26.1's first entry", k.Mult(), k.NextMult(a[0], a[1]))
	}
}

// TestPlanAvoidsWornSwamp: with the swamp clock in the costs, a plan takes
// the detour through a fresh swamp tile rather than the straight way
// through one entered five times before (its next entry ×10 against ×5, in
// v26.1); in v25.0.1, and without the clock, it goes straight.
func TestPlanAvoidsWornSwamp(t *testing.T) {
	inTile := func(m *Map, path Path, tile [2]int) bool {
		for i := 1; i < len(path); i++ {
			for f := 0.0; f <= 1; f += 0.05 {
				p := geom.Vec2{X: path[i-1].X + f*(path[i].X-path[i-1].X), Z: path[i-1].Z + f*(path[i].Z-path[i-1].Z)}
				if r, c, ok := m.TileOf(p); ok && r == tile[0] && c == tile[1] {
					return true
				}
			}
		}
		return false
	}
	for _, c := range []struct {
		name     string
		rules    erebus.Rules
		clock    bool
		throughA bool // the path crosses a, not b (else b, not a)
	}{
		{"v26.1 with the clock", erebus.V26Rules, true, false},
		{"v25.0.1 with the clock", erebus.V25Rules, true, true},
		{"v26.1 without the clock", erebus.V26Rules, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, a, b := twoSwamps()
			sr, sc := m.StartTile()
			goal := m.TileCenter(sr, sc+2)
			var k SwampClock
			for range 5 {
				k.Update(m, m.TileCenter(a[0], a[1]), c.rules)
				k.Update(m, m.Start(), c.rules)
			}
			costs := DefaultCosts()
			if c.clock {
				costs.Swamps = &k
			}
			path, _, ok := m.PlanTo(m.Start(), goal, costs)
			if !ok {
				t.Fatal("no path")
			}
			if inA, inB := inTile(m, path, a), inTile(m, path, b); inA != c.throughA || inB == c.throughA {
				t.Errorf("path %v: through a %v, through b %v; want through a %v, b %v", path, inA, inB, c.throughA, !c.throughA)
			}
		})
	}
}

// TestSwampWeightsFollowClock: the map's cached weights follow the clock
// the costs hold. The same costs plan a dearer way to the goal once tile a
// was entered five times, and once the robot has left a (its next time
// there is its next entry, not the multiplier it had in it); either way as
// a map that never cached any weights plans.
func TestSwampWeightsFollowClock(t *testing.T) {
	for _, c := range []struct {
		name          string
		before, after string // where the robot steps before the first plan and between the two: a (in tile a) or o (out)
	}{
		{"entered five times", "o", "aoaoaoaoao"},
		{"left", "a", "o"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, a, _ := twoSwamps()
			sr, sc := m.StartTile()
			goal := m.TileCenter(sr, sc+2)
			var k SwampClock
			costs := DefaultCosts()
			costs.Swamps = &k
			walk := func(s string) {
				for _, w := range s {
					p := m.Start()
					if w == 'a' {
						p = m.TileCenter(a[0], a[1])
					}
					k.Update(m, p, erebus.V26Rules)
				}
			}
			walk(c.before)
			_, first, _ := m.PlanTo(m.Start(), goal, costs)
			walk(c.after)
			_, got, _ := m.PlanTo(m.Start(), goal, costs)
			fresh, _, _ := twoSwamps()
			_, want, _ := fresh.PlanTo(fresh.Start(), goal, costs)
			if got != want || !(got > first) {
				t.Errorf("cost to the goal %.3f (%.3f before), want %.3f as on a map planned afresh, and more than before", got, first, want)
			}
		})
	}
}
