package nav

import (
	"math"
	"slices"

	"github.com/rescuekit/rescuekit/geom"
)

// Costs weighs the nodes of a path. The cost of a step is its length
// times the mean weight of its two nodes; a plain known node weighs 1.
type Costs struct {
	// Swamp multiplies the weight of nodes on swamp tiles (a swamp runs the
	// game clock ×5).
	Swamp float64
	// Swamps, when not nil, scales Swamp tile by tile to what the robot's
	// next time in the tile costs: Swamp·NextMult/SwampMult of the clock's
	// rules (v26.1 raises a tile's multiplier on every entry, from ×5 up
	// to ×10; docs/erebus-v26.md §5). Nil weighs every swamp tile Swamp.
	Swamps *SwampClock
	// Unknown is added to the weight of nodes on tiles whose floor has not
	// been seen.
	Unknown float64
	// Edge is added to the weight of nodes on tile borders, so that paths
	// keep to the middle of corridors.
	Edge float64
	// IgnoreObstacles plans through nodes blocked only by readings off the
	// wall lines, and through every node of the trail (the robot's centre
	// stood on it), holes beside it or not: a fallback when nothing else
	// is reachable.
	IgnoreObstacles bool
	// UnseenCorner is added to the weight of tile corners beside a tile
	// whose floor has not been seen. The robot's centre there is a hair
	// from that tile while its colour sensor, ahead of the centre, looks
	// elsewhere: a hole there is seen too late (robots reporting signs fell
	// in that way). Edge middles, from which the sensor looks into the
	// tile first, are the way into unseen tiles; a corner is taken only
	// when nothing else leads on (a half wall, a curved wall).
	UnseenCorner float64
	// Squeeze, when above 0, makes squeezable nodes passable at this extra
	// weight: nodes blocked only by obstacle readings none of which the
	// body there would touch (squeeze.go). 0 keeps them blocked.
	Squeeze float64
	// Corner, when above 0, lets a diagonal step cross a quarter whose two
	// other corners are blocked by wall ends or hole tiles' corners alone
	// (corner.go), at this extra weight. 0 keeps such steps closed.
	Corner float64
	// Stuck is added to the weight of the nodes where the robot got stuck
	// stuckStrikes times (Map.Stuck; stuck.go), so that plans go round a
	// place the body wedges in when another way is not much longer.
	Stuck float64
}

// DefaultCosts returns Swamp 5, Unknown 0, Edge 0.3, UnseenCorner 10,
// Squeeze 10, Corner 10, Stuck 10.
func DefaultCosts() Costs {
	return Costs{Swamp: 5, Unknown: 0, Edge: 0.3, UnseenCorner: 10, Squeeze: 10, Corner: 10, Stuck: 10}
}

// Path is a list of points to drive through, in order.
type Path []geom.Vec2

// Length returns the path's length from its first point.
func (p Path) Length() float64 {
	var l float64
	for i := 1; i < len(p); i++ {
		l += p[i].Dist(p[i-1])
	}
	return l
}

var inf32 = float32(math.Inf(1))

// tilesOfNode calls f with each tile a node touches (one, two on a tile
// border, four on a tile corner).
func tilesOfNode(nr, nc int, f func(tr, tc int)) {
	r, c := 2*nr, 2*nc
	rs := [2]int{r / 4, -1}
	if r%4 == 0 {
		rs = [2]int{r/4 - 1, r / 4}
	}
	cs := [2]int{c / 4, -1}
	if c%4 == 0 {
		cs = [2]int{c/4 - 1, c / 4}
	}
	for _, tr := range rs {
		for _, tc := range cs {
			if tr >= 0 && tc >= 0 && tr < gridTiles && tc < gridTiles {
				f(tr, tc)
			}
		}
	}
}

// Blocked reports whether the robot's centre may not stand on the node
// nearest to p: a wall within 3 cm, an obstacle, a hole tile touching it,
// or a hole seen right next to it (HoleNear).
func (m *Map) Blocked(p geom.Vec2) bool {
	n, ok := m.nodeAt(p)
	if !ok {
		return true
	}
	return m.blocked(n)
}

func (m *Map) nodeAt(p geom.Vec2) (int, bool) {
	nr := int(math.Round((p.Z - m.origin.Z) / QuarterSize))
	nc := int(math.Round((p.X - m.origin.X) / QuarterSize))
	if nr < 0 || nc < 0 || nr >= gridNodes || nc >= gridNodes {
		return 0, false
	}
	return nr*gridNodes + nc, true
}

func (m *Map) blocked(n int) bool { return m.blockedBy(n, true) }

func (m *Map) blockedBy(n int, obstacles bool) bool {
	nr, nc := n/gridNodes, n%gridNodes
	if (obstacles && m.obstacle(n)) || m.holeNear[n] {
		return true
	}
	// A node of the trail is not blocked by the walls of its five cells
	// either (see trailTol): the robot's centre stood within trailTol of
	// it, and an Erebus wall covers whole quarter sides, so a wall on any
	// of the four sides meeting at the node would have passed within
	// trailTol of the centre, inside the body.
	if !m.trail[n] && m.wallAt(n) {
		return true
	}
	hole := false
	tilesOfNode(nr, nc, func(tr, tc int) {
		if m.floor[tr*gridTiles+tc] == FloorHole {
			hole = true
		}
	})
	return hole
}

// holeCentre reports whether node n is the centre of a hole tile.
func (m *Map) holeCentre(n int) bool {
	r, c := 2*(n/gridNodes), 2*(n%gridNodes)
	return r%4 != 0 && c%4 != 0 && m.floor[(r/4)*gridTiles+c/4] == FloorHole
}

// weight is the node's weight under costs k, +Inf when blocked.
func (m *Map) weight(n int, k Costs) float32 {
	squeeze := false
	switch {
	case k.IgnoreObstacles && m.trail[n] && !m.holeCentre(n):
		// The fallback plan takes every node the robot's centre stood
		// on, on a hole's rim too: the body was there, and Erebus
		// relocates a robot only once its centre is over a trap's sunk
		// floor (RULES.md §2.3, robot y < −0.035), which spans the hole
		// tile's opening, a rim (erebus.HoleRim, 1.6 cm) inside its sides:
		// of a hole tile's nodes only its centre lies there, where a
		// robot that fell in stood last. A way the robot drove along a
		// hole's rim into a room was no way out of it once the room's
		// walls were seen (Day_2-2-FIXED3 of shared/more-worlds at seed
		// 7: explored called at 230 s, hemmed in, half the arena unseen).
	case m.blockedBy(n, !k.IgnoreObstacles):
		if k.Squeeze <= 0 || k.IgnoreObstacles || !m.squeezable(n) || m.blockedBy(n, false) {
			return inf32
		}
		squeeze = true
	}
	nr, nc := n/gridNodes, n%gridNodes
	w := 1.0
	swamp, unknown := false, false
	swampMult := 0.0 // the largest next multiplier of the node's swamp tiles
	tilesOfNode(nr, nc, func(tr, tc int) {
		switch m.floor[tr*gridTiles+tc] {
		case FloorSwamp:
			swamp = true
			if k.Swamps != nil {
				swampMult = max(swampMult, k.Swamps.NextMult(tr, tc))
			}
		case FloorUnknown:
			unknown = true
		}
	})
	if unknown {
		w += k.Unknown
		if (2*nr)%4 == 0 && (2*nc)%4 == 0 {
			w += k.UnseenCorner
		}
	}
	if (2*nr)%4 == 0 || (2*nc)%4 == 0 {
		w += k.Edge
	}
	if squeeze {
		w += k.Squeeze
	}
	if k.Stuck > 0 && m.stuckAt[n] >= stuckStrikes {
		w += k.Stuck
	}
	if swamp && k.Swamp > 1 {
		if k.Swamps != nil {
			w *= k.Swamp * swampMult / k.Swamps.baseMult()
		} else {
			w *= k.Swamp
		}
	}
	return float32(w)
}

// Field is the result of a search: the cost of the cheapest path from the
// start to every node of the searched window, and the paths themselves.
type Field struct {
	m      *Map
	dist   []float32
	parent []int32
	r0, c0 int
	r1, c1 int
	start  geom.Vec2
	n      int
}

// Reached returns how many nodes the search reached.
func (f *Field) Reached() int { return f.n }

type searchState struct {
	dist   []float32
	parent []int32
	h      Heap[float32]
	field  Field
}

// Heap is a priority queue of ids by cost, the searches' (Search, and
// exit's trail): a binary min-heap. Its pushes and pops order the ids,
// ties included, exactly as container/heap would (the same sift-up and
// sift-down), without boxing every entry in an interface. The zero Heap is
// empty.
type Heap[C float32 | float64] struct {
	e []heapEntry[C]
}

type heapEntry[C float32 | float64] struct {
	d C
	n int32
}

// Len returns the number of entries.
func (h *Heap[C]) Len() int { return len(h.e) }

// Reset empties the heap, keeping its memory.
func (h *Heap[C]) Reset() { h.e = h.e[:0] }

// Push adds id n with cost d.
func (h *Heap[C]) Push(n int32, d C) {
	h.e = append(h.e, heapEntry[C]{d, n})
	e := h.e
	j := len(e) - 1
	for j > 0 {
		i := (j - 1) / 2 // parent
		if !(e[j].d < e[i].d) {
			break
		}
		e[i], e[j] = e[j], e[i]
		j = i
	}
}

// Pop removes and returns the cheapest id and its cost; the heap must not
// be empty.
func (h *Heap[C]) Pop() (int32, C) {
	e := h.e
	last := len(e) - 1
	e[0], e[last] = e[last], e[0]
	i := 0
	for {
		j := 2*i + 1 // left child
		if j >= last {
			break
		}
		if r := j + 1; r < last && e[r].d < e[j].d {
			j = r
		}
		if !(e[j].d < e[i].d) {
			break
		}
		e[i], e[j] = e[j], e[i]
		i = j
	}
	top := e[last]
	h.e = e[:last]
	return top.n, top.d
}

// weights refreshes the cached node weights for costs k.
func (m *Map) weights(k Costs) []float32 {
	if m.nodeCost != nil && m.costVer == m.version && m.costKey == k && m.costSwamps == k.Swamps.generation() {
		return m.nodeCost
	}
	if m.nodeCost == nil {
		m.nodeCost = make([]float32, gridNodes*gridNodes)
	}
	r0, c0, r1, c1 := m.window()
	for nr := r0; nr <= r1; nr++ {
		for nc := c0; nc <= c1; nc++ {
			n := nr*gridNodes + nc
			m.nodeCost[n] = m.weight(n, k)
		}
	}
	m.costVer, m.costKey, m.costSwamps = m.version, k, k.Swamps.generation()
	return m.nodeCost
}

// window is the node rectangle searches cover: the tiles with evidence and
// two tiles around them.
func (m *Map) window() (r0, c0, r1, c1 int) {
	r0 = max(0, 2*(m.t0r-2))
	c0 = max(0, 2*(m.t0c-2))
	r1 = min(gridNodes-1, 2*(m.t1r+3))
	c1 = min(gridNodes-1, 2*(m.t1c+3))
	return
}

// Search finds the cheapest paths from p to every node around the mapped
// area, under costs k. The Field stays valid until the next Search on m,
// which reuses it (and its memory).
func (m *Map) Search(p geom.Vec2, k Costs) *Field {
	w := m.weights(k)
	r0, c0, r1, c1 := m.window()
	s := &m.search
	if s.dist == nil {
		s.dist = make([]float32, gridNodes*gridNodes)
		s.parent = make([]int32, gridNodes*gridNodes)
	}
	for nr := r0; nr <= r1; nr++ {
		for nc := c0; nc <= c1; nc++ {
			n := nr*gridNodes + nc
			s.dist[n] = inf32
			s.parent[n] = -1
		}
	}
	s.field = Field{m: m, dist: s.dist, parent: s.parent, r0: r0, c0: c0, r1: r1, c1: c1, start: p}
	f := &s.field
	h := &s.h
	h.Reset()
	// Seed with the free nodes around p (the corners of its quarter) that
	// the robot can drive to straight: a leg passing less than seedClear
	// from a blocked corner would graze the wall end or hole there. With
	// none such, the nearest free corner seeds; with no free corner, the
	// nearest node.
	fr := (p.Z - m.origin.Z) / QuarterSize
	fc := (p.X - m.origin.X) / QuarterSize
	var free, blocked, corners []int
	for _, d := range [4][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
		nr, nc := int(math.Floor(fr))+d[0], int(math.Floor(fc))+d[1]
		if nr < r0 || nc < c0 || nr > r1 || nc > c1 {
			continue
		}
		n := nr*gridNodes + nc
		if w[n] == inf32 {
			blocked = append(blocked, n)
		} else {
			free = append(free, n)
		}
	}
	// Standing in a gap between wall ends that CloseCorners closed, the
	// corner beyond the gap is no seed: the leg there is the diagonal that
	// closed.
	free = slices.DeleteFunc(free, func(n int) bool {
		return m.acrossClosedGap(int(math.Floor(fr))*gridNodes+int(math.Floor(fc)), p, n, blocked)
	})
	for _, n := range free {
		clear := true
		for _, b := range blocked {
			if geom.SegmentDist(m.nodePos(b), p, m.nodePos(n)) < seedClear {
				clear = false
			}
		}
		if clear {
			corners = append(corners, n)
		}
	}
	if len(corners) == 0 && len(free) > 0 {
		nearest := free[0]
		for _, n := range free[1:] {
			if m.nodePos(n).Dist(p) < m.nodePos(nearest).Dist(p) {
				nearest = n
			}
		}
		corners = []int{nearest}
	}
	seeded := false
	for _, n := range corners {
		c := float32(m.nodePos(n).Dist(p) * float64(w[n]))
		if c < s.dist[n] {
			s.dist[n] = c
			h.Push(int32(n), c)
			seeded = true
		}
	}
	if !seeded {
		n, ok := m.nodeAt(p)
		if tl := int(math.Floor(fr))*gridNodes + int(math.Floor(fc)); ok && m.acrossClosedGap(tl, p, n, blocked) {
			// The nearest node lies beyond a closed gap: start from the
			// quarter's corner opposite it, on this side of the gap.
			n = 2*tl + gridNodes + 1 - n
		}
		nr, nc := n/gridNodes, n%gridNodes
		if !ok || nr < r0 || nc < c0 || nr > r1 || nc > c1 {
			return f
		}
		s.dist[n] = 0
		h.Push(int32(n), 0)
	}
	const diag = float32(math.Sqrt2 * QuarterSize)
	const straight = float32(QuarterSize)
	for h.Len() > 0 {
		en, ed := h.Pop()
		n := int(en)
		if ed > s.dist[n] {
			continue
		}
		f.n++
		nr, nc := n/gridNodes, n%gridNodes
		wn := w[n]
		if wn == inf32 {
			wn = 1 // a blocked start node: leave it
		}
		// The weights of the four straight neighbours, +Inf outside the
		// window. The eight neighbours are relaxed in a fixed order (N, S,
		// W, E, NW, NE, SW, SE): the order of the pushes decides which of
		// two nodes of equal cost pops first, and so the parents.
		wN, wS, wW, wE := inf32, inf32, inf32, inf32
		if nr > r0 {
			wN = w[n-gridNodes]
		}
		if nr < r1 {
			wS = w[n+gridNodes]
		}
		if nc > c0 {
			wW = w[n-1]
		}
		if nc < c1 {
			wE = w[n+1]
		}
		if wN != inf32 {
			s.relax(n, n-gridNodes, ed+straight*(wn+wN)/2)
		}
		if wS != inf32 {
			s.relax(n, n+gridNodes, ed+straight*(wn+wS)/2)
		}
		if wW != inf32 {
			s.relax(n, n-1, ed+straight*(wn+wW)/2)
		}
		if wE != inf32 {
			s.relax(n, n+1, ed+straight*(wn+wE)/2)
		}
		// A diagonal passes 4.2 cm from the two other corners of the
		// quarter: both must be free nodes (inside the window), no wall
		// near them, unless the robot drove it (driven.go).
		// Across a quarter whose other two corners are blocked by wall
		// ends alone, at k.Corner more (corner.go).
		for _, d := range [4]struct {
			wa, wb float32 // the weights of the quarter's other corners
			oa, ob int     // their offsets from n
			in     bool    // the diagonal node is inside the window
		}{
			{wN, wW, -gridNodes, -1, nr > r0 && nc > c0},
			{wN, wE, -gridNodes, 1, nr > r0 && nc < c1},
			{wS, wW, gridNodes, -1, nr < r1 && nc > c0},
			{wS, wE, gridNodes, 1, nr < r1 && nc < c1},
		} {
			if !d.in {
				continue
			}
			a := n + d.oa + d.ob
			wa := w[a]
			if wa == inf32 {
				continue
			}
			switch {
			case d.wa != inf32 && d.wb != inf32, m.drivenStep(n, a, d.oa, d.ob):
				s.relax(n, a, ed+diag*(wn+wa)/2)
			case k.Corner > 0 && d.wa == inf32 && d.wb == inf32 && m.cornerPassable(n+d.oa) && m.cornerPassable(n+d.ob) && m.cornerOpen(n, a):
				s.relax(n, a, ed+diag*((wn+wa)/2+float32(k.Corner)))
			}
		}
	}
	return f
}

// relax lowers the cost of node a to c, reached from node from, when c is
// cheaper than its cost so far.
func (s *searchState) relax(from, a int, c float32) {
	if c < s.dist[a] {
		s.dist[a] = c
		s.parent[a] = int32(from)
		s.h.Push(int32(a), c)
	}
}

// seedClear is how far a search's first leg keeps from a blocked corner of
// the start's quarter: the body's radius (3.7 cm), the 5 mm a wall reaches
// past its end cell, and a margin for the driving.
const seedClear = 0.05

// Cost returns the cost of the cheapest path to the node nearest q, +Inf
// when it cannot be reached.
func (f *Field) Cost(q geom.Vec2) float64 {
	n, ok := f.node(q)
	if !ok {
		return math.Inf(1)
	}
	return float64(f.dist[n])
}

func (f *Field) node(q geom.Vec2) (int, bool) {
	n, ok := f.m.nodeAt(q)
	if !ok {
		return 0, false
	}
	nr, nc := n/gridNodes, n%gridNodes
	if nr < f.r0 || nc < f.c0 || nr > f.r1 || nc > f.c1 {
		return 0, false
	}
	return n, true
}

// PathTo returns the path to the node nearest q, with straight runs merged
// into their end points; nil when q cannot be reached.
func (f *Field) PathTo(q geom.Vec2) Path {
	n, ok := f.node(q)
	if !ok || math.IsInf(float64(f.dist[n]), 1) {
		return nil
	}
	k := 0
	for j := n; j >= 0; j = int(f.parent[j]) {
		k++
		if k > gridNodes*gridNodes {
			return nil
		}
	}
	p := make(Path, k)
	for j := n; j >= 0; j = int(f.parent[j]) {
		k--
		p[k] = f.m.nodePos(j)
	}
	return simplify(p)
}

// simplify drops the points in the middle of straight runs, in place.
func simplify(p Path) Path {
	if len(p) < 3 {
		return p
	}
	// out never gets ahead of the point read: writing out[len(out)]
	// overwrites only points already read.
	out := p[:1]
	for i := 1; i < len(p)-1; i++ {
		a, b, c := out[len(out)-1], p[i], p[i+1]
		cross := (b.X-a.X)*(c.Z-b.Z) - (b.Z-a.Z)*(c.X-b.X)
		if math.Abs(cross) > 1e-9 {
			out = append(out, b)
		}
	}
	out = append(out, p[len(p)-1])
	return out[:len(out):len(out)]
}

// PlanTo returns the cheapest path from p to q under costs k and its cost;
// ok is false when q cannot be reached.
func (m *Map) PlanTo(p, q geom.Vec2, k Costs) (path Path, cost float64, ok bool) {
	f := m.Search(p, k)
	c := f.Cost(q)
	if math.IsInf(c, 1) {
		return nil, c, false
	}
	return f.PathTo(q), c, true
}

// Nodes calls visit with the position of every node of the searched window
// and its cost, cheapest first is not guaranteed; visit returns false to stop.
func (f *Field) Nodes(visit func(p geom.Vec2, cost float64) bool) {
	for nr := f.r0; nr <= f.r1; nr++ {
		for nc := f.c0; nc <= f.c1; nc++ {
			n := nr*gridNodes + nc
			if !visit(f.m.nodePos(n), float64(f.dist[n])) {
				return
			}
		}
	}
}

// TileNodes returns the centre, edge-middle and corner nodes of tile (row,
// col) that the robot's centre may stand on, centre first.
func (m *Map) TileNodes(row, col int) []geom.Vec2 { return m.AppendTileNodes(nil, row, col) }

// AppendTileNodes appends TileNodes(row, col) to dst and returns the
// extended slice: a caller looking at many tiles reuses one buffer.
func (m *Map) AppendTileNodes(dst []geom.Vec2, row, col int) []geom.Vec2 {
	out := dst
	for _, d := range [9][2]int{{1, 1}, {0, 1}, {2, 1}, {1, 0}, {1, 2}, {0, 0}, {0, 2}, {2, 0}, {2, 2}} {
		nr, nc := 2*row+d[0], 2*col+d[1]
		if nr < 0 || nc < 0 || nr >= gridNodes || nc >= gridNodes {
			continue
		}
		n := nr*gridNodes + nc
		if !m.blocked(n) {
			out = append(out, m.nodePos(n))
		}
	}
	return out
}
