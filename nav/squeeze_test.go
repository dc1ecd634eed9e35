package nav

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// squeezeCorridor is a corridor one tile wide and four long whose second
// tile holds obstacle readings off the top wall, at distance off from the
// corridor's middle line, right above that tile's centre (a box jutting
// out of the wall, as beside a rotated obstacle in R2D2__7_ of
// shared/more-worlds, where readings of its corner landed 4.0–4.3 cm from
// the only nodes through a passage 10 cm wide).
func squeezeCorridor(t *testing.T, off float64, readings int) (m *Map, from, to, mid geom.Vec2) {
	t.Helper()
	m = NewMap(geom.Vec2{}, DefaultRobot(), DefaultMapConfig())
	sr, sc := m.StartTile()
	r0, c0 := 4*sr, 4*sc
	for c := 0; c <= 16; c++ {
		m.SetWall(r0, c0+c)
		m.SetWall(r0+4, c0+c)
	}
	for r := 0; r <= 4; r++ {
		m.SetWall(r0+r, c0)
		m.SetWall(r0+r, c0+16)
	}
	for i := range 4 {
		m.SetFloor(sr, sc+i, FloorPlain)
	}
	mid = m.TileCenter(sr, sc+1)
	for range readings {
		m.obstacleAt(geom.Vec2{X: mid.X, Z: mid.Z - off}, geom.Vec2{})
	}
	return m, m.Start(), m.TileCenter(sr, sc+3), mid
}

func TestSqueezePastObstacle(t *testing.T) {
	noSqueeze := DefaultCosts()
	noSqueeze.Squeeze = 0
	cases := []struct {
		name      string
		off       float64
		k         Costs
		reachable bool
	}{
		// The robot (3.8 cm to either side of its heading) clears readings
		// 4.2 cm away: the passage is open, at a price.
		{"readings beyond the robot, squeeze allowed", 0.042, DefaultCosts(), true},
		// Without Squeeze the margin closes it (the failure: the robot drove
		// round through unseen tiles, or found no way).
		{"readings beyond the robot, no squeeze", 0.042, noSqueeze, false},
		// Readings the body would touch keep the node blocked.
		{"readings within the body's reach", 0.030, DefaultCosts(), false},
		{"readings within the sensors' reach", 0.039, DefaultCosts(), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, from, to, mid := squeezeCorridor(t, c.off, 3)
			if !m.Blocked(mid) {
				t.Fatalf("the tile's centre is not blocked by the readings %.3f m away", c.off)
			}
			path, _, ok := m.PlanTo(from, to, c.k)
			if ok != c.reachable {
				t.Fatalf("reachable %v, want %v (path %v)", ok, c.reachable, path)
			}
			if got := !m.BlockedFor(mid, c.k); got != c.reachable {
				t.Errorf("BlockedFor the tile's centre %v, want %v", !got, !c.reachable)
			}
			// A decoded copy (report plans on the map explore publishes)
			// plans alike.
			d := published(t, m)
			if _, _, dok := d.PlanTo(from, to, c.k); dok != ok {
				t.Errorf("decoded map: reachable %v, want %v as the map's", dok, ok)
			}
		})
	}
}

// TestSqueezeCostsMore: a squeeze is taken only when going round costs more
// than Squeeze per node squeezed past.
func TestSqueezeCostsMore(t *testing.T) {
	m, from, to, mid := squeezeCorridor(t, 0.042, 3)
	k := DefaultCosts()
	_, cost, ok := m.PlanTo(from, to, k)
	if !ok {
		t.Fatal("no path")
	}
	k.Squeeze = 0
	m.obst[func() int { n, _ := m.nodeAt(mid); return n }()] = 0
	m.version++
	_, free, ok := m.PlanTo(from, to, k)
	if !ok {
		t.Fatal("no path without the readings")
	}
	if want := free + 0.06*DefaultCosts().Squeeze*0.99; cost < want {
		t.Errorf("cost through the squeeze %.3f, want at least %.3f (free %.3f + the squeeze)", cost, want, free)
	}
}
