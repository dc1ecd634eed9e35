package nav

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// cloneMap returns a deep copy of m, caches and search buffers included.
func cloneMap(m *Map) *Map {
	c := *m
	c.robot.Distance = slices.Clone(m.robot.Distance)
	c.hits, c.frees = slices.Clone(m.hits), slices.Clone(m.frees)
	c.obst, c.holeNear = slices.Clone(m.obst), slices.Clone(m.holeNear)
	c.votes, c.floor = slices.Clone(m.votes), slices.Clone(m.floor)
	c.fixedWall, c.fixedObst = slices.Clone(m.fixedWall), slices.Clone(m.fixedObst)
	c.obstSeen = slices.Clone(m.obstSeen)
	c.nodeCost = slices.Clone(m.nodeCost)
	c.search.dist, c.search.parent = slices.Clone(m.search.dist), slices.Clone(m.search.parent)
	c.search.h.e = slices.Clone(m.search.h.e)
	return &c
}

// contentDiff names the first field in which a and b differ in what they
// hold (caches, search buffers and the version left out), or "".
func contentDiff(a, b *Map) string {
	switch {
	case a.cfg != b.cfg:
		return "cfg"
	case !reflect.DeepEqual(a.robot, b.robot):
		return "robot"
	case a.origin != b.origin:
		return "origin"
	case !slices.Equal(a.hits, b.hits):
		return "hits"
	case !slices.Equal(a.frees, b.frees):
		return "frees"
	case !slices.Equal(a.obst, b.obst):
		return "obst"
	case !slices.Equal(a.holeNear, b.holeNear):
		return "holeNear"
	case !slices.Equal(a.votes, b.votes):
		return "votes"
	case !slices.Equal(a.floor, b.floor):
		return "floor"
	case (a.fixedWall == nil) != (b.fixedWall == nil) || !slices.Equal(a.fixedWall, b.fixedWall):
		return "fixedWall"
	case (a.fixedObst == nil) != (b.fixedObst == nil) || !slices.Equal(a.fixedObst, b.fixedObst):
		return "fixedObst"
	case !sameSeen(a, b):
		return "obstSeen"
	case [4]int{a.t0r, a.t0c, a.t1r, a.t1c} != [4]int{b.t0r, b.t0c, b.t1r, b.t1c}:
		return "bounds"
	case a.sensed != b.sensed:
		return "sensed"
	}
	return ""
}

// stateDiff is contentDiff that also compares the version, the cost cache
// and the search buffers (all but the Field's map pointer), or "".
func stateDiff(a, b *Map) string {
	if d := contentDiff(a, b); d != "" {
		return d
	}
	fa, fb := a.search.field, b.search.field
	field := func(f Field) [5]int { return [5]int{f.r0, f.c0, f.r1, f.c1, f.n} }
	switch {
	case a.version != b.version:
		return "version"
	case a.costVer != b.costVer || a.costKey != b.costKey || !slices.Equal(a.nodeCost, b.nodeCost):
		return "cost cache"
	case !slices.Equal(a.search.dist, b.search.dist) || !slices.Equal(a.search.parent, b.search.parent):
		return "search buffers"
	case !slices.Equal(a.search.h.e, b.search.h.e) || field(fa) != field(fb) || fa.start != fb.start:
		return "search heap or field"
	}
	return ""
}

// searchDiff plans on a and b from p under k and describes the first node
// whose cost or parent differs, or returns "".
func searchDiff(a, b *Map, p geom.Vec2, k Costs) string {
	fa, fb := a.Search(p, k), b.Search(p, k)
	if [4]int{fa.r0, fa.c0, fa.r1, fa.c1} != [4]int{fb.r0, fb.c0, fb.r1, fb.c1} || fa.n != fb.n {
		return fmt.Sprintf("window or reach: %v %d vs %v %d", [4]int{fa.r0, fa.c0, fa.r1, fa.c1}, fa.n, [4]int{fb.r0, fb.c0, fb.r1, fb.c1}, fb.n)
	}
	for nr := fa.r0; nr <= fa.r1; nr++ {
		for nc := fa.c0; nc <= fa.c1; nc++ {
			n := nr*gridNodes + nc
			if math.Float32bits(fa.dist[n]) != math.Float32bits(fb.dist[n]) || fa.parent[n] != fb.parent[n] {
				return fmt.Sprintf("node (%d, %d): %v/%d vs %v/%d", nr, nc, fa.dist[n], fa.parent[n], fb.dist[n], fb.parent[n])
			}
		}
	}
	return ""
}

// sensedMap returns a map built from a few sensor readings (walls, an
// obstacle, floors, a hole seen at a tile edge) with a search run on it,
// so that its caches are filled.
func sensedMap(seed byte) *Map {
	r := DefaultRobot()
	m := NewMap(geom.Vec2{X: 0.1, Z: -0.2}, r, DefaultMapConfig())
	p := Pose{Vec2: m.Start(), Yaw: float64(seed%4) * math.Pi / 2}
	d := make([]float64, len(r.Distance))
	for i := range d {
		d[i] = 0.02 + 0.03*float64((int(seed)+i)%9)
	}
	for i := 0; i < 3; i++ {
		m.Integrate(&pluginpb.Observation{Distance: d, Colour: &pluginpb.Colour{R: 162, G: 162, B: 162}}, p)
		p.Vec2 = p.Forward(0.05)
	}
	m.Integrate(&pluginpb.Observation{Colour: &pluginpb.Colour{R: 0, G: 0, B: 0}}, p)
	m.Search(m.Start(), DefaultCosts())
	return m
}

// roomMap returns a decoded map of a walled rows×cols room with floor f
// on one tile, searched once.
func roomMap(rows, cols int, f Floor) *Map {
	m := NewMap(geom.Vec2{X: -0.3, Z: 0.4}, DefaultRobot(), DefaultMapConfig())
	sr, sc := m.StartTile()
	wallRoom(m, rows, cols)
	m.SetFloor(sr+rows-1, sc+cols-1, f)
	b, _ := m.MarshalBinary()
	d, err := DecodeMap(b, DefaultRobot())
	if err != nil {
		panic(err)
	}
	d.Search(d.Start(), DefaultCosts())
	return d
}

// wallRoom walls in a room of rows×cols tiles whose top left tile is the
// start tile, its floors plain.
func wallRoom(m *Map, rows, cols int) {
	sr, sc := m.StartTile()
	for c := 0; c <= 4*cols; c++ {
		m.SetWall(4*sr, 4*sc+c)
		m.SetWall(4*sr+4*rows, 4*sc+c)
	}
	for r := 0; r <= 4*rows; r++ {
		m.SetWall(4*sr+r, 4*sc)
		m.SetWall(4*sr+r, 4*sc+4*cols)
	}
	for r := range rows {
		for c := range cols {
			m.SetFloor(sr+r, sc+c, FloorPlain)
		}
	}
}

// checkLoad loads b into m and checks it against DecodeMap: the same
// error, or the same content, encoding and searches, with a new version;
// on an error m must be unchanged.
func checkLoad(t *testing.T, m *Map, b []byte) {
	t.Helper()
	before := cloneMap(m)
	want, werr := DecodeMap(b, m.robot)
	err := m.Load(b)
	if (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
		t.Fatalf("Load error %v, DecodeMap error %v", err, werr)
	}
	if err != nil {
		if d := stateDiff(m, before); d != "" {
			t.Fatalf("a failed Load (%v) changed the map: %s", err, d)
		}
		return
	}
	if d := contentDiff(m, want); d != "" {
		t.Fatalf("Load and DecodeMap differ in %s", d)
	}
	if m.Version() <= before.Version() {
		t.Fatalf("version %d after Load, was %d", m.Version(), before.Version())
	}
	got, _ := m.MarshalBinary()
	exp, _ := want.MarshalBinary()
	if !slices.Equal(got, exp) {
		t.Fatal("Load and DecodeMap encode differently")
	}
	r0, c0, r1, c1 := m.Bounds()
	for i, p := range []geom.Vec2{m.Start(), m.TileCenter((r0+r1)/2, (c0+c1)/2)} {
		k := []Costs{DefaultCosts(), {Swamp: 5, Unknown: 0.5, IgnoreObstacles: true}}[i]
		if d := searchDiff(m, want, p, k); d != "" {
			t.Fatalf("searches from %v differ: %s", p, d)
		}
	}
}

func TestLoad(t *testing.T) {
	small, _ := roomMap(2, 2, FloorHole).MarshalBinary()
	big, _ := roomMap(4, 6, FloorSwamp).MarshalBinary()
	sensed, _ := sensedMap(3).MarshalBinary()
	badCell := slices.Clone(big)
	badCell[28+7] = 2
	badNode := slices.Clone(big)
	badNode[len(badNode)-1] = 4
	badFloor := slices.Clone(small)
	badFloor[28+9*9] = byte(nFloor)
	starts := map[string]func() *Map{
		"new":     func() *Map { return NewMap(geom.Vec2{X: 1, Z: 2}, DefaultRobot(), DefaultMapConfig()) },
		"small":   func() *Map { return roomMap(2, 2, FloorHole) },
		"big":     func() *Map { return roomMap(4, 6, FloorSwamp) },
		"sensed":  func() *Map { return sensedMap(5) },
		"minhits": func() *Map { return NewMap(geom.Vec2{}, DefaultRobot(), MapConfig{MinHits: 0, FreeRatio: 0}) },
	}
	inputs := map[string][]byte{
		"small": small, "big": big, "sensed": sensed,
		"bad cell": badCell, "bad node": badNode, "bad floor": badFloor,
		"short": big[:len(big)-1], "empty": nil, "magic": []byte("RKM2"),
	}
	for sn, start := range starts {
		for in, b := range inputs {
			t.Run(sn+"/"+in, func(t *testing.T) { checkLoad(t, start(), b) })
		}
	}
	t.Run("again and again", func(t *testing.T) {
		m := sensedMap(1)
		for _, b := range [][]byte{big, small, badCell, sensed, sensed, big, nil, small} {
			checkLoad(t, m, b)
		}
	})
}

// FuzzLoad: loading any input into a map in any state does what
// DecodeMap does, and a failed Load leaves the map as it was.
func FuzzLoad(f *testing.F) {
	small, _ := roomMap(2, 2, FloorHole).MarshalBinary()
	big, _ := roomMap(3, 5, FloorSwamp).MarshalBinary()
	sensed, _ := sensedMap(2).MarshalBinary()
	f.Add(byte(0), small, big)
	f.Add(byte(1), big, small)
	f.Add(byte(2), sensed, big)
	f.Add(byte(3), small, []byte("RKM2"))
	f.Add(byte(1), sensed, sensed)
	// The maps loaded into, made once: each run loads into a copy.
	bases := []*Map{
		NewMap(geom.Vec2{X: 0.2}, DefaultRobot(), DefaultMapConfig()),
		sensedMap(1), sensedMap(6),
		roomMap(1, 1, FloorCheckpoint), roomMap(3, 2, FloorHole),
		NewMap(geom.Vec2{}, DefaultRobot(), MapConfig{MinHits: 0}),
	}
	f.Fuzz(func(t *testing.T, how byte, first, b []byte) {
		m := cloneMap(bases[int(how)%len(bases)])
		if err := m.Load(first); err == nil && how&0x80 != 0 {
			m.Search(m.Start(), DefaultCosts())
		}
		checkLoad(t, m, b)
	})
}

// benchMap is the encoding of a 10×12-tile room with a swamp.
func benchMap() []byte {
	b, _ := roomMap(10, 12, FloorSwamp).MarshalBinary()
	return b
}

func BenchmarkDecodeMap(b *testing.B) {
	enc := benchMap()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeMap(enc, DefaultRobot()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoad(b *testing.B) {
	enc := benchMap()
	m := NewMap(geom.Vec2{}, DefaultRobot(), DefaultMapConfig())
	b.ReportAllocs()
	for b.Loop() {
		if err := m.Load(enc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearch searches a 10×12-tile room from its start tile, the
// node weights cached.
func BenchmarkSearch(b *testing.B) {
	m := roomMap(10, 12, FloorSwamp)
	b.ReportAllocs()
	for b.Loop() {
		m.Search(m.Start(), DefaultCosts())
	}
}

// sameSeen reports whether a and b hold the same obstacle evidence, none
// being the same as all zero.
func sameSeen(a, b *Map) bool {
	for n := range gridNodes * gridNodes {
		if a.seen(n) != b.seen(n) {
			return false
		}
	}
	return true
}
