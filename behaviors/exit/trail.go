package exit

import (
	"math"
	"slices"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// The trail: where the robot's centre went since the start, kept by exit
// itself as the last way home it can trust. The map explore publishes can
// close the start off behind the robot: Day_2-2-FIXED3 of
// shared/more-worlds at seed 2, where a wall cell read off an obstacle
// beside a passage and a hole's corner on the nodes the robot had crossed
// left no way home on the map, and exit drove straight at the start
// against a wall until the game time ran out (no exit bonus). Every place
// on the trail held the robot's body, so a way along it is one the robot
// fits through, whatever the map says now.

// Spacing of the trail.
const (
	// trailStep is how far (m) the centre moves before the trail keeps
	// its next position.
	trailStep = 0.03
	// trailLink is how near (m) two kept positions of different passes
	// must be for the way to cross from one to the other: the body
	// (erebus.BodyRadius, 3.7 cm) covered both, so nothing stands on the
	// 3.5 cm between them.
	trailLink = 0.035
	// trailJump is a move (m) between two steps no drive makes (the
	// wheels at erebus.MaxWheelVelocity and erebus.WheelRadius move the
	// centre 4 mm in a 32 ms step): a relocation, after which the trail
	// starts a new pass not linked to the last position.
	trailJump = 0.1
	// trailNear is how far (m) from the trail the robot may stand for a
	// way along it: a little less than two trailStep, so that the leg to
	// its nearest position is one the centre nearly drove.
	trailNear = 0.05
	// trailTol is how far (m) a simplified way along the trail strays
	// from the positions it leaves out.
	trailTol = 0.005
)

// trail keeps the robot's centre every trailStep, in passes: a relocation
// (a lack of progress) ends one and starts the next.
type trail struct {
	pts  []geom.Vec2
	pass []int32 // per position, its pass
	cur  int32
	last geom.Vec2 // the centre at the previous step
	have bool
	// cells holds the positions by square of trailLink's side; links,
	// per position, the others within trailLink of it but its neighbours
	// on its pass (found as each is kept).
	cells map[[2]int][]int32
	links [][]int32
	// The search's buffers, reused.
	dist []float64
	prev []int32
	q    nav.Heap[float64]
}

// add takes the centre p of one step; relocated reports that the robot was
// moved there (nav.Tracker.Relocated).
func (t *trail) add(p geom.Vec2, relocated bool) {
	if t.have && (relocated || p.Dist(t.last) > trailJump) {
		t.cur++
		t.keep(p)
	}
	t.last, t.have = p, true
	if n := len(t.pts); n == 0 || p.Dist(t.pts[n-1]) >= trailStep {
		t.keep(p)
	}
}

// keep appends p to the current pass.
func (t *trail) keep(p geom.Vec2) {
	if t.cells == nil {
		t.cells = map[[2]int][]int32{}
	}
	k := int32(len(t.pts))
	t.links = append(t.links, nil)
	c := cellOf(p)
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			for _, j := range t.cells[[2]int{c[0] + dx, c[1] + dz}] {
				if j != k-1 && p.Dist(t.pts[j]) <= trailLink {
					t.links[k] = append(t.links[k], j)
					t.links[j] = append(t.links[j], k)
				}
			}
		}
	}
	t.cells[c] = append(t.cells[c], k)
	t.pts, t.pass = append(t.pts, p), append(t.pass, t.cur)
}

// cellOf is the square of trailLink's side that holds q.
func cellOf(q geom.Vec2) [2]int {
	return [2]int{int(math.Floor(q.X / trailLink)), int(math.Floor(q.Z / trailLink))}
}

// way returns the shortest way along the trail from p to a kept position
// home accepts, ending at target, through no position skip rejects; false
// when p is farther than trailNear from the trail or no position home
// accepts is linked to it.
func (t *trail) way(p, target geom.Vec2, home, skip func(geom.Vec2) bool) (nav.Path, float64, bool) {
	n := len(t.pts)
	from, best := -1, trailNear
	for i, q := range t.pts {
		if skip(q) {
			continue
		}
		if d := p.Dist(q); d <= best {
			from, best = i, d
		}
	}
	if from < 0 {
		return nil, 0, false
	}
	t.dist, t.prev = slices.Grow(t.dist[:0], n)[:n], slices.Grow(t.prev[:0], n)[:n]
	dist, prev := t.dist, t.prev
	for i := range dist {
		dist[i], prev[i] = math.Inf(1), -1
	}
	dist[from] = best
	q := &t.q
	q.Reset()
	q.Push(int32(from), best)
	for q.Len() > 0 {
		n32, d := q.Pop()
		i := int(n32)
		if d > dist[i] {
			continue
		}
		if home(t.pts[i]) {
			return t.path(p, target, i, prev), dist[i] + t.pts[i].Dist(target), true
		}
		relax := func(j int32) {
			if d := dist[i] + t.pts[i].Dist(t.pts[j]); d < dist[j] {
				dist[j], prev[j] = d, int32(i)
				q.Push(j, d)
			}
		}
		if i > 0 && t.pass[i-1] == t.pass[i] && !skip(t.pts[i-1]) {
			relax(int32(i - 1))
		}
		if i+1 < n && t.pass[i+1] == t.pass[i] && !skip(t.pts[i+1]) {
			relax(int32(i + 1))
		}
		for _, j := range t.links[i] {
			if !skip(t.pts[j]) {
				relax(j)
			}
		}
	}
	return nil, 0, false
}

// path returns the way from p through the kept positions that lead back
// from end (prev) to target, simplified (simplify).
func (t *trail) path(p, target geom.Vec2, end int, prev []int32) nav.Path {
	var rev nav.Path
	for i := int32(end); i >= 0; i = prev[i] {
		rev = append(rev, t.pts[i])
	}
	out := nav.Path{p}
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	return simplify(append(out, target), trailTol)
}

// simplify drops the points of path that lie within tol of the line
// between the points kept before and after them (Douglas and Peucker).
func simplify(path nav.Path, tol float64) nav.Path {
	if len(path) < 3 {
		return path
	}
	keep := make([]bool, len(path))
	keep[0], keep[len(path)-1] = true, true
	var mark func(a, b int)
	mark = func(a, b int) {
		far, at := tol, -1
		for i := a + 1; i < b; i++ {
			if d := geom.SegmentDist(path[i], path[a], path[b]); d > far {
				far, at = d, i
			}
		}
		if at < 0 {
			return
		}
		keep[at] = true
		mark(a, at)
		mark(at, b)
	}
	mark(0, len(path)-1)
	out := path[:0:0]
	for i, q := range path {
		if keep[i] {
			out = append(out, q)
		}
	}
	return out
}
