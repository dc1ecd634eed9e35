package nav

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// SwampClock follows the game clock's swamp multiplier as Erebus's
// supervisor applies it (docs/erebus-v26.md §5): while the robot's centre
// is in a swamp tile the clock runs SwampMult× (v25.0.1); in v26.1 each
// swamp tile has its own multiplier, taken on every entry into that tile
// and then raised by 1, up to SwampMaxMult (erebus.Rules). The robot is in
// a swamp when the map's floor of its tile is a swamp. The zero value is
// ready to use.
type SwampClock struct {
	entries map[[2]int]int // entries into each swamp tile so far
	in      [2]int         // the swamp tile the robot is in
	inSwamp bool
	mult    float64      // the clock's multiplier now
	rules   erebus.Rules // the rules of the last Update
	gen     int          // changes when NextMult may answer differently
}

// Update takes the robot's position p on map m under rules r; it returns
// the clock's multiplier from now on.
func (c *SwampClock) Update(m *Map, p geom.Vec2, r erebus.Rules) float64 {
	if c.entries == nil {
		c.entries = map[[2]int]int{}
	}
	if r != c.rules {
		c.rules = r
		c.gen++
	}
	c.mult = 1
	tr, tc, ok := 0, 0, false
	if m != nil {
		tr, tc, ok = m.TileOf(p)
	}
	if !ok || m.Floor(tr, tc) != FloorSwamp {
		if c.inSwamp {
			// Out of the tile: its next time there is its next entry.
			c.inSwamp = false
			c.gen++
		}
		return c.mult
	}
	t := [2]int{tr, tc}
	if !c.inSwamp || c.in != t {
		c.entries[t]++
		c.gen++
	}
	c.in, c.inSwamp = t, true
	c.mult = EntryMult(r, c.entries[t]-1)
	return c.mult
}

// Mult returns the clock's multiplier now (1 outside swamps).
func (c *SwampClock) Mult() float64 {
	if c.mult == 0 {
		return 1
	}
	return c.mult
}

// NextMult returns the multiplier the game clock runs at while the robot
// is in swamp tile (row, col) the next time it is there: the one it runs at
// now if the robot is in that tile, else that of its next entry.
func (c *SwampClock) NextMult(row, col int) float64 {
	t := [2]int{row, col}
	if c.inSwamp && c.in == t {
		return c.mult
	}
	return EntryMult(c.rules, c.entries[t])
}

// baseMult is the multiplier of a first entry under the clock's rules.
func (c *SwampClock) baseMult() float64 { return EntryMult(c.rules, 0) }

// generation changes whenever NextMult may answer differently (0 for a
// nil clock).
func (c *SwampClock) generation() int {
	if c == nil {
		return 0
	}
	return c.gen
}

// EntryMult is the game clock's multiplier on an entry into a swamp tile
// entered before times before, under rules r. Zero rules (a clock not
// updated yet) take v26.1's first entry, so that a plan made before the
// first Update weighs swamps as the costs' Swamp alone.
func EntryMult(r erebus.Rules, before int) float64 {
	if r.SwampMult == 0 {
		return erebus.V26Rules.SwampMult
	}
	if !r.SwampProgressive {
		return r.SwampMult
	}
	return math.Min(r.SwampMult+float64(before), r.SwampMaxMult)
}

// Extra returns the game seconds a path on map m driven at speed (m/s)
// costs under rules r beyond what a constant multiplier of r.SwampMult
// counts: in v26.1 each entry into a swamp tile entered before costs more
// (entries from c, and the path's own entries). In v25.0.1 it is 0.
func (c *SwampClock) Extra(m *Map, path Path, r erebus.Rules, speed float64) float64 {
	if !r.SwampProgressive || m == nil || len(path) < 2 {
		return 0
	}
	const ds = 0.01
	var extra float64
	seen := map[[2]int]int{}
	prev, havePrev := [2]int{}, false
	mult := 1.0
	for i := 1; i < len(path); i++ {
		a, b := path[i-1], path[i]
		l := a.Dist(b)
		n := max(1, int(math.Ceil(l/ds)))
		for k := 1; k <= n; k++ {
			f := float64(k) / float64(n)
			p := geom.Vec2{X: a.X + f*(b.X-a.X), Z: a.Z + f*(b.Z-a.Z)}
			tr, tc, ok := m.TileOf(p)
			t := [2]int{tr, tc}
			if !ok || m.Floor(tr, tc) != FloorSwamp {
				mult, havePrev = 1, false
				continue
			}
			if !havePrev || prev != t {
				if c.inSwamp && c.in == t && i == 1 && k == 1 {
					// Already inside: the clock keeps this entry's multiplier.
					mult = c.mult
				} else {
					mult = EntryMult(r, c.entries[t]+seen[t])
					seen[t]++
				}
			}
			prev, havePrev = t, true
			extra += l / float64(n) * (mult - r.SwampMult) / speed
		}
	}
	return math.Max(extra, 0)
}
