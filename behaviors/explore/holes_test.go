package explore

import (
	"context"
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// TestHoleAheadStopsEscape: a robot driving out of a wedge towards where
// its distance sensors see room stops and backs off when its colour sensor
// sees a hole (it used to drive on, and fall in: gen-40-8x6 seed 1).
func TestHoleAheadStopsEscape(t *testing.T) {
	e := New().(*Explore)
	e.scanDone = true // past the start scan
	ctx := context.Background()
	obs := func(step uint64, colour *pluginpb.Colour) *pluginpb.Observation {
		return &pluginpb.Observation{
			Step: step, SimTime: float64(step) * 0.032, Driver: true, State: "explore",
			Gps: &pluginpb.Vec3{X: 0.1, Z: 0.2}, InertialUnit: &pluginpb.InertialUnit{},
			WheelPositions: &pluginpb.WheelPositions{}, Colour: colour,
		}
	}
	plain := &pluginpb.Colour{R: 162, G: 162, B: 162}
	for s := uint64(1); s <= 3; s++ {
		if _, err := e.Step(ctx, obs(s, plain)); err != nil {
			t.Fatal(err)
		}
	}
	// Wedged: escaping, already turned to the escape direction.
	e.escape, e.escapeTurned = 8, true
	act, err := e.Step(ctx, obs(4, plain))
	if err != nil {
		t.Fatal(err)
	}
	if w := act.GetWheels(); w.GetLeft() <= 0 || w.GetRight() <= 0 {
		t.Fatalf("escaping on plain floor: wheels %v, want forward", w)
	}
	act, err = e.Step(ctx, obs(5, &pluginpb.Colour{}))
	if err != nil {
		t.Fatal(err)
	}
	if w := act.GetWheels(); w.GetLeft() >= 0 || w.GetRight() >= 0 {
		t.Errorf("escaping onto a hole: wheels %v, want backing off", w)
	}
	if e.escape != 0 {
		t.Errorf("escape steps left %d after a hole, want 0 (escape dropped)", e.escape)
	}
}

// TestApproaches: the places explore drives to for an unknown tile are its
// reachable centre and edge middles, never its corners; a tile none of
// whose own places is reachable (room4_small's area-4 corner, where an odd
// wall inside the tile keeps the robot out) is looked into from a known
// neighbour across an open edge.
func TestApproaches(t *testing.T) {
	e := New().(*Explore)
	m := nav.NewMap(geom.Vec2{}, e.robot, e.mcfg)
	e.m = m
	sr, sc := m.StartTile()
	// A 1×3 corridor of known tiles going east from the start, walled,
	// with the tile south of its middle unknown and open to it.
	r0, c0 := 4*sr, 4*sc
	for c := 0; c <= 12; c++ {
		m.SetWall(r0, c0+c)
		if c <= 4 || c >= 8 {
			m.SetWall(r0+4, c0+c)
		}
	}
	for r := 0; r <= 4; r++ {
		m.SetWall(r0+r, c0)
		m.SetWall(r0+r, c0+12)
	}
	for c := 0; c < 3; c++ {
		m.SetFloor(sr, sc+c, nav.FloorPlain)
	}
	ur, uc := sr+1, sc+1 // the unknown tile
	f := m.Search(m.Start(), e.costs)
	got := e.approaches(f, ur, uc)
	centre := m.TileCenter(ur, uc)
	if len(got) == 0 {
		t.Fatal("no approach to an open unknown tile")
	}
	for _, p := range got {
		if math.Abs(p.X-centre.X) > 0.01 && math.Abs(p.Z-centre.Z) > 0.01 {
			t.Errorf("approach %v is a tile corner", p)
		}
	}
	// Now the unknown tile walled round but for its north edge, with a
	// wall on its middle line from just inside that edge (as the map draws
	// an odd-shaped wall there): its own places are all blocked or out of
	// reach.
	for r := 4; r <= 8; r++ {
		m.SetWall(r0+r, c0+4)
		m.SetWall(r0+r, c0+8)
		if r >= 5 {
			m.SetWall(r0+r, c0+6)
		}
	}
	for c := 4; c <= 8; c++ {
		m.SetWall(r0+8, c0+c)
	}
	f = m.Search(m.Start(), e.costs)
	got = e.approaches(f, ur, uc)
	want := m.TileCenter(sr, sc+1)
	if len(got) != 1 || got[0].Dist(want) > 1e-9 {
		t.Errorf("approaches %v, want the known neighbour's centre %v only", got, want)
	}
	// With a wall on the shared edge there is nothing to look into.
	m.SetWall(r0+4, c0+6)
	f = m.Search(m.Start(), e.costs)
	if got := e.approaches(f, ur, uc); len(got) != 0 {
		t.Errorf("approaches %v across a walled edge, want none", got)
	}
}
