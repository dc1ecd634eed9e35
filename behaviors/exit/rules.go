package exit

import (
	"fmt"
	"math"
	"slices"
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

// gpsJump is the largest second difference (m) taken as noise: a bump or a
// relocation moves the robot farther in one step.
const gpsJump = 0.02

// noiseDetector tells the version from the GPS noise. With independent
// Gaussian noise of σ on each reading and a smooth path, the second
// difference p(t) − 2p(t−1) + p(t−2) of one coordinate is Gaussian with
// σ·√6, whose absolute value has the median 0.6745·σ·√6. The detector
// compares the median of the observed ones with what a noise of threshold
// σ would give, threshold being a fraction of v26.1's σ: rescuekit's own
// seeded noise (σ 1 mm in `runner eval`) is told from v26.1's.
type noiseDetector struct {
	prev      [2]geom.Vec2
	prevStep  [2]uint64
	n         int // readings in prev
	d2        []float64
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
	p := geom.Vec2{X: gps.GetX(), Z: gps.GetZ()}
	if d.n == 2 && step == d.prevStep[1]+1 && d.prevStep[1] == d.prevStep[0]+1 {
		// Consecutive steps only: a skipped Observation breaks the
		// differences.
		for _, v := range [2]float64{p.X - 2*d.prev[1].X + d.prev[0].X, p.Z - 2*d.prev[1].Z + d.prev[0].Z} {
			if math.Abs(v) < gpsJump {
				d.d2 = append(d.d2, math.Abs(v))
			}
		}
	}
	d.prev[0], d.prev[1] = d.prev[1], p
	d.prevStep[0], d.prevStep[1] = d.prevStep[1], step
	d.n = min(d.n+1, 2)
	if len(d.d2) >= gpsSamples {
		slices.Sort(d.d2)
		med := d.d2[len(d.d2)/2]
		d.v26 = med > 0.6745*math.Sqrt(6)*d.threshold
		d.decided = true
		d.d2 = nil
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
