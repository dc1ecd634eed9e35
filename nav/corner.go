package nav

import (
	"iter"
	"slices"

	"github.com/rescuekit/rescuekit/geom"
)

// Diagonals past wall ends.
//
// A diagonal step crosses one quarter, from one of its corners to the
// opposite one, 4.24 cm (half the quarter's diagonal) from the two other
// corners. Searches take it when both of those are free nodes. Two walls
// may end at those two corners, each going away from the quarter (a wall
// stub ending where another wall begins a quarter further on, round a
// corner): the only way between them is that diagonal, and both corners
// are blocked, so the map closes a passage the robot fits through
// (Area123Joaco2 of shared/more-worlds: the right two thirds of the arena
// lay behind one; Erebus builds each wall as a box WallThickness thick
// reaching at most WallThickness/2 past its end crossing, worldTile.proto
// l.172-323, so the gap between the two ends is at least 8.49 cm less
// √2·WallThickness, 7.1 cm, and 7.8 cm in that world, against the body's
// 7.4 cm). With Costs.Corner set, a search crosses such a quarter at that
// extra weight: it takes the gap only when going round costs more.

// wallEndOnly reports whether node n is blocked by a wall, and by no hole
// seen near it that the colour sensor could not give a tile (holeNear).
// Called for a corner of a quarter whose two diagonal corners are free
// nodes, it means walls end at n without entering the quarter: the cells
// within 3 cm of a free node are no walls, so none of the quarter's four
// sides has one. Readings off the wall lines near n do not count against
// it: the end of a wall seen along its line gives them (hitAlong), and an
// obstacle reaching towards the diagonal would have blocked one of the
// free corners.
//
// A hole tile that n lies on does not count against it either: the free
// corners touch no hole tile (a node touching one is blocked), so neither
// the quarter's tile nor a tile beside one of its sides is a hole, and a
// hole tile at n touches the quarter at the point n alone. The diagonal
// passes 4.24 cm from n, beyond the body's radius (erebus.BodyRadius, 3.7 cm),
// and Erebus's trap is its tile's square and no more (worldTile.proto
// l.347-380: the sunk FLOOR box and TRAPEDGEBOX are 0.3·scale wide).
// Day_2-2-FIXED3 of shared/more-worlds: the robot took such a diagonal
// into a tile beside a hole it had not seen yet, saw the hole, and the
// way back closed; it called the arena explored from there at 312 s with
// a third of it unseen.
func (m *Map) wallEndOnly(n int) bool {
	if m.holeNear[n] {
		return false
	}
	return m.wallAt(n)
}

// holeCornerOnly reports whether node n is blocked by a hole tile it lies
// on and by nothing else: no wall within 3 cm, no obstacle reading, no
// hole seen near it that the colour sensor could not give a tile
// (holeNear). Called for a corner of a quarter whose two diagonal corners
// are free nodes, the hole tile touches the quarter at the point n alone
// (a node touching a hole tile is blocked, so neither the quarter's tile
// nor a tile beside one of its sides is a hole: see wallEndOnly), and the
// diagonal passes 4.24 cm from n. Erebus relocates a robot that falls in
// (RULES.md §2.3: robot y < −0.035), which the robot does only with its
// centre over the trap's sunk floor, within its tile (worldTile.proto
// l.347-380): the diagonal's centre line never enters that tile. So a
// diagonal may pass a hole's corner as it passes a wall end (R1 and
// mapping_example_2 of shared/more-worlds: a tile whose way in runs
// between a wall end and the corner of a hole tile, where a sign stands).
func (m *Map) holeCornerOnly(n int) bool {
	if m.holeNear[n] || m.obstacle(n) || !m.blockedBy(n, false) {
		return false
	}
	return !m.wallAt(n) // blocked, by no wall, obstacle or holeNear: by a hole tile
}

// wallAt reports whether a wall cell lies on node n or on one of the four
// cells beside it (within 3 cm).
func (m *Map) wallAt(n int) bool {
	nr, nc := n/gridNodes, n%gridNodes
	r, c := 2*nr, 2*nc
	for _, d := range [5][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		rr, cc := r+d[0], c+d[1]
		if rr >= 0 && cc >= 0 && rr < gridCells && cc < gridCells && m.planWall(rr*gridCells+cc) {
			return true
		}
	}
	return false
}

// cornerPassable reports whether a diagonal may pass blocked node n, a
// corner of the quarter it crosses: a wall end (wallEndOnly) or a hole
// tile's corner (holeCornerOnly).
func (m *Map) cornerPassable(n int) bool {
	return m.wallEndOnly(n) || m.holeCornerOnly(n)
}

// cornerOpen reports whether a diagonal between nodes n and a may pass
// wall ends: the quarter between them is not closed.
func (m *Map) cornerOpen(n, a int) bool {
	q := min(n, a)
	if d := max(n, a) - q; d == gridNodes-1 {
		q-- // the quarter's top-left is left of the upper node
	}
	return m.closedCorner[q] < cornerStrikes
}

// cornerStrikes is how many times the robot must get stuck beside a
// quarter before its diagonals past wall ends close: the first time may be
// the path follower's error, which a second try corrects.
const cornerStrikes = 2

// closeRadius is how far from the robot's centre CloseCorners closes
// quarters: stuck in a gap too narrow for it, the robot stands within a
// body's radius of the quarter's centre.
const closeRadius = 0.05

// quartersNear yields the quarters (by their top-left node) whose centres
// lie within closeRadius of p.
func (m *Map) quartersNear(p geom.Vec2) iter.Seq[int] {
	return func(yield func(int) bool) {
		nu, nv := (p.X-m.origin.X)/QuarterSize, (p.Z-m.origin.Z)/QuarterSize
		for nr := int(nv) - 1; nr <= int(nv)+1; nr++ {
			for nc := int(nu) - 1; nc <= int(nu)+1; nc++ {
				if nr < 0 || nc < 0 || nr >= gridNodes-1 || nc >= gridNodes-1 {
					continue
				}
				c := geom.Vec2{X: m.origin.X + (float64(nc)+0.5)*QuarterSize, Z: m.origin.Z + (float64(nr)+0.5)*QuarterSize}
				if c.Dist(p) <= closeRadius && !yield(nr*gridNodes+nc) {
					return
				}
			}
		}
	}
}

// CloseCorners counts a strike against the diagonals past wall ends
// (Costs.Corner) of the quarters whose centres lie within closeRadius of
// p: the robot got stuck there. At cornerStrikes they close: the gap
// between the wall ends was too narrow after all (Erebus may extend each
// end by half a wall's thickness). Other steps are unchanged.
func (m *Map) CloseCorners(p geom.Vec2) { m.strikeCorners(p, 1) }

// strikeCorners counts n strikes against the quarters near p
// (CloseCorners); the map's Version changes when one of them closes.
func (m *Map) strikeCorners(p geom.Vec2, n int) {
	for q := range m.quartersNear(p) {
		if m.closedCorner == nil {
			m.closedCorner = map[int]int{}
		}
		was := m.closedCorner[q]
		m.closedCorner[q] += n
		if was < cornerStrikes && m.closedCorner[q] >= cornerStrikes {
			m.version++
		}
	}
}

// acrossClosedGap reports whether the straight leg from p, inside the
// quarter whose top-left node is tl, to that quarter's corner n crosses
// the gap CloseCorners closed there: the two corners beside n are blocked
// (blocked holds the quarter's blocked corners), and n lies on the side of
// the line between them that the robot pushed towards when it got stuck
// (CloseCornersToward), or else on the other side than p. Search seeds no such corner: a robot
// stuck in a gap between wall ends too narrow for it (7.4 cm in R2D2__7_
// of shared/more-worlds) was sent through it again by every plan, whose
// first leg went straight to the node beyond.
func (m *Map) acrossClosedGap(tl int, p geom.Vec2, n int, blocked []int) bool {
	if m.closedCorner[tl] < cornerStrikes {
		return false
	}
	var beside []int
	for _, c := range [4]int{tl, tl + 1, tl + gridNodes, tl + gridNodes + 1} {
		// The corners beside n share its row or its column.
		if c != n && (c/gridNodes == n/gridNodes || c%gridNodes == n%gridNodes) {
			if !slices.Contains(blocked, c) {
				return false
			}
			beside = append(beside, c)
		}
	}
	if len(beside) != 2 {
		return false
	}
	a, b := m.nodePos(beside[0]), m.nodePos(beside[1])
	side := func(q geom.Vec2) float64 { return (b.X-a.X)*(q.Z-a.Z) - (b.Z-a.Z)*(q.X-a.X) }
	if dir, ok := m.closedToward[tl]; ok {
		// n lies on the side the robot pushed towards.
		return side(geom.Vec2{X: a.X + dir.X, Z: a.Z + dir.Z})*side(m.nodePos(n)) > 0
	}
	return side(p)*side(m.nodePos(n)) < 0
}

// ShutCorners closes at once, as cornerStrikes strikes of CloseCorners
// would, the quarters near p (within closeRadius of the robot's centre at
// p): the robot stood wedged there until it asked for a lack of progress,
// which no error of the path follower explains (R2D2__7_ of
// shared/more-worlds: wedged 12 s in a diagonal gap 7.4 cm wide between
// two wall ends, relocated, and 76 s later wedged in it again for 12 s).
func (m *Map) ShutCorners(p geom.Vec2) { m.strikeCorners(p, cornerStrikes) }

// CloseCornersToward is CloseCorners for a robot stuck at p while driving
// with heading dir (a unit vector): it also remembers, for each quarter
// struck, the side of its gap the robot pushed towards. Stuck in a gap too
// narrow for it, the robot's centre may stand a few millimetres past the
// line between the wall ends (5.7 mm in R2D2__7_ of shared/more-worlds),
// so the side it stands on does not tell where it came from; the heading
// it pushed with does.
func (m *Map) CloseCornersToward(p, dir geom.Vec2) {
	for q := range m.quartersNear(p) {
		if m.closedToward == nil {
			m.closedToward = map[int]geom.Vec2{}
		}
		m.closedToward[q] = dir
	}
	m.CloseCorners(p)
}

// Tight reports whether the straight drive from a to b, two nodes of the
// map on one diagonal of the lattice, crosses a quarter whose two other
// corners are both blocked (the diagonal past wall ends above, or between
// any two things the map keeps the robot's centre off). Such a gap leaves
// the body a millimetre or two each side (7.8 cm for the default robot,
// whose distance-sensor spheres reach 3.8 cm each side of its heading,
// robot proto): the robot passes it only when it enters on the diagonal's
// line and heading along it (Follower.Tight).
func (m *Map) Tight(a, b geom.Vec2) bool {
	na, ok := m.nodeAt(a)
	if !ok || m.nodePos(na).Dist(a) > 1e-6 {
		return false
	}
	nb, ok := m.nodeAt(b)
	if !ok || m.nodePos(nb).Dist(b) > 1e-6 {
		return false
	}
	ar, ac, br, bc := na/gridNodes, na%gridNodes, nb/gridNodes, nb%gridNodes
	dr, dc := br-ar, bc-ac
	if dr == 0 || dc == 0 || (dr != dc && dr != -dc) {
		return false
	}
	sr, sc := sign(dr), sign(dc)
	for r, c := ar, ac; r != br; r, c = r+sr, c+sc {
		// The quarter's other corners: (r+sr, c) and (r, c+sc).
		if m.blocked((r+sr)*gridNodes+c) && m.blocked(r*gridNodes+c+sc) {
			return true
		}
	}
	return false
}

func sign(v int) int {
	if v < 0 {
		return -1
	}
	return 1
}
