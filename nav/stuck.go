package nav

import "github.com/rescuekit/rescuekit/geom"

// Places the body wedges in.
//
// The map keeps the robot's centre 3 cm off walls and off readings it has
// seen, but a body caught on what the map does not hold (the tip of a
// curved wall read as scattered readings off the lines, a wall end seen
// along its line) stands still where every plan says the way is free. The
// behaviors notice it (no progress for seconds), back off and give the
// goal up, and the next plan, to another goal, may lead through the same
// place again (R8 of shared/more-worlds: wedged at one point at 99, 102,
// 111, 115, 298, 301 and 304 s, on the way to five different tiles, 25 s
// in all). Stuck counts a strike against the nodes around the place; from
// stuckStrikes on, Costs.Stuck weighs them, so plans go round when another
// way is not much longer, and still pass when none is.

// stuckStrikes is how many times the robot must get stuck at a node before
// Costs.Stuck weighs it: the first time may be the path follower's error,
// as for the diagonals past wall ends (cornerStrikes).
const stuckStrikes = 2

// Stuck counts a strike against the nodes within closeRadius of p (the
// corners of the quarter the robot's centre stands in, and no farther than
// its body reaches along the lattice): the robot got stuck there.
func (m *Map) Stuck(p geom.Vec2) {
	nu, nv := (p.X-m.origin.X)/QuarterSize, (p.Z-m.origin.Z)/QuarterSize
	for nr := int(nv) - 1; nr <= int(nv)+2; nr++ {
		for nc := int(nu) - 1; nc <= int(nu)+2; nc++ {
			if nr < 0 || nc < 0 || nr >= gridNodes || nc >= gridNodes {
				continue
			}
			n := nr*gridNodes + nc
			if m.nodePos(n).Dist(p) > closeRadius {
				continue
			}
			if m.stuckAt == nil {
				m.stuckAt = map[int]int{}
			}
			if m.stuckAt[n]++; m.stuckAt[n] == stuckStrikes {
				m.version++
			}
		}
	}
}
