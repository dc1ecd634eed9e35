package exit

import (
	"fmt"
	"math"
	"strings"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// The Erebus version of the game. The supervisor never says which version
// it runs (its messages are the same in v25.0.1 and v26.1, docs/erebus-v26.md
// §2), so the "rules" parameter names it, or, set to "auto", exit tells it
// from the GPS: Erebus v26.1 gives the GPS of every robot a noise of σ
// erebus.V26Rules.GPSAccuracy per axis (the default robot's PROTO and the
// ones ProtoGenerator writes, docs/erebus-v26.md §9), v25.0.1 none.

// gpsSamples is how many GPS second differences (two per step, x and z)
// the detector looks at before it decides.
const gpsSamples = 240

// noiseDetector tells the version from the GPS noise (nav.GPSNoise, the
// median of the readings' second differences over consecutive steps): once
// it has gpsSamples of them, v26.1 when their σ is above threshold, a
// fraction of v26.1's σ, so that rescuekit's own seeded noise (σ 1 mm in
// `runner eval`) is told from v26.1's.
type noiseDetector struct {
	noise     nav.GPSNoise
	decided   bool
	v26       bool
	threshold float64 // σ (m) between "no noise" and v26.1's
}

func newNoiseDetector() noiseDetector {
	return noiseDetector{threshold: 0.6 * erebus.V26Rules.GPSAccuracy}
}

// add takes the GPS reading of step.
func (d *noiseDetector) add(step uint64, gps *pluginpb.Vec3) {
	if d.decided || gps == nil {
		return
	}
	d.noise.Add(step, geom.Vec2{X: gps.GetX(), Z: gps.GetZ()})
	if d.noise.Samples() >= gpsSamples {
		d.v26 = d.noise.SD() > d.threshold
		d.decided = true
	}
}

// rulesParam reads the "rules" parameter: auto, v25 or v26.
func rulesParam(s string) (auto bool, r erebus.Rules, err error) {
	if strings.EqualFold(strings.TrimSpace(s), "auto") {
		return true, erebus.V26Rules, nil
	}
	v, err := erebus.ParseVersion(s)
	if err != nil {
		return false, erebus.Rules{}, fmt.Errorf("exit: param rules: %w (or auto)", err)
	}
	r, err = erebus.RulesFor(v)
	return false, r, err
}

// swampClock follows the game clock's swamp multiplier as the supervisor
// applies it (docs/erebus-v26.md §5): inside a swamp tile the clock runs
// SwampMult× (v25.0.1); in v26.1 each swamp tile has its own multiplier,
// taken on every entry into that tile and then raised by 1, up to
// SwampMaxMult. The robot's centre is in a swamp when the map's floor of
// its tile is a swamp.
type swampClock struct {
	entries map[[2]int]int // entries into each swamp tile so far
	in      [2]int         // the swamp tile the robot is in
	inSwamp bool
	mult    float64 // the clock's multiplier now
}

// update takes the robot's position p on map m; it returns the clock's
// multiplier from now on.
func (c *swampClock) update(m *nav.Map, p geom.Vec2, r erebus.Rules) float64 {
	if c.entries == nil {
		c.entries = map[[2]int]int{}
	}
	c.mult = 1
	if m == nil {
		c.inSwamp = false
		return c.mult
	}
	tr, tc, ok := m.TileOf(p)
	if !ok || m.Floor(tr, tc) != nav.FloorSwamp {
		c.inSwamp = false
		return c.mult
	}
	t := [2]int{tr, tc}
	if !c.inSwamp || c.in != t {
		c.entries[t]++
	}
	c.in, c.inSwamp = t, true
	c.mult = entryMult(r, c.entries[t]-1)
	return c.mult
}

// entryMult is the clock's multiplier on an entry into a swamp tile
// entered before times before.
func entryMult(r erebus.Rules, before int) float64 {
	if !r.SwampProgressive {
		return r.SwampMult
	}
	return math.Min(r.SwampMult+float64(before), r.SwampMaxMult)
}

// extraSwamp returns the game seconds a path home costs beyond what a
// constant multiplier of SwampMult counts: in v26.1 each entry into a swamp
// tile entered before costs more (entries from c, and the path's own
// entries). In v25.0.1 it is 0.
func (c *swampClock) extraSwamp(m *nav.Map, path nav.Path, r erebus.Rules, speed float64) float64 {
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
			if !ok || m.Floor(tr, tc) != nav.FloorSwamp {
				mult, havePrev = 1, false
				continue
			}
			if !havePrev || prev != t {
				if c.inSwamp && c.in == t && i == 1 && k == 1 {
					// Already inside: the clock keeps this entry's multiplier.
					mult = c.mult
				} else {
					mult = entryMult(r, c.entries[t]+seen[t])
					seen[t]++
				}
			}
			prev, havePrev = t, true
			extra += l / float64(n) * (mult - r.SwampMult) / speed
		}
	}
	return math.Max(extra, 0)
}
