package nav

import (
	"container/heap"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// refHeap is container/heap's reference ordering of the same entries.
type refHeap struct{ n, d []float32 }

func (h *refHeap) Len() int           { return len(h.n) }
func (h *refHeap) Less(i, j int) bool { return h.d[i] < h.d[j] }
func (h *refHeap) Swap(i, j int) {
	h.n[i], h.n[j] = h.n[j], h.n[i]
	h.d[i], h.d[j] = h.d[j], h.d[i]
}
func (h *refHeap) Push(x any) {
	e := x.([2]float32)
	h.n, h.d = append(h.n, e[0]), append(h.d, e[1])
}
func (h *refHeap) Pop() any {
	k := len(h.n) - 1
	e := [2]float32{h.n[k], h.d[k]}
	h.n, h.d = h.n[:k], h.d[:k]
	return e
}

// TestNodeHeapOrder: Heap pops entries, ties included, in exactly the
// order container/heap does, over random mixes of pushes and pops with
// many equal costs (search results depend on that order).
func TestNodeHeapOrder(t *testing.T) {
	for _, costs := range []int{1, 3, 50, 1 << 20} {
		t.Run("", func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(costs), 7))
			var h Heap[float32]
			ref := &refHeap{}
			id := int32(0)
			for i := 0; i < 20000; i++ {
				if h.Len() != ref.Len() {
					t.Fatalf("lengths %d and %d", h.Len(), ref.Len())
				}
				if h.Len() > 0 && rng.IntN(5) < 2 {
					n, d := h.Pop()
					e := heap.Pop(ref).([2]float32)
					if float32(n) != e[0] || d != e[1] {
						t.Fatalf("pop %d: got node %d cost %v, container/heap %v cost %v", i, n, d, e[0], e[1])
					}
					continue
				}
				d := float32(rng.IntN(costs)) / 4
				h.Push(id, d)
				heap.Push(ref, [2]float32{float32(id), d})
				id++
			}
		})
	}
}

// refSearch is Search as it was first written (container/heap, a loop over
// the eight neighbours, fresh buffers): the reference the optimised Search
// must match exactly, costs and parents.
func refSearch(m *Map, p geom.Vec2, k Costs) *Field {
	w := m.weights(k)
	r0, c0, r1, c1 := m.window()
	s := &struct {
		dist   []float32
		parent []int32
	}{make([]float32, gridNodes*gridNodes), make([]int32, gridNodes*gridNodes)}
	for nr := r0; nr <= r1; nr++ {
		for nc := c0; nc <= c1; nc++ {
			n := nr*gridNodes + nc
			s.dist[n] = inf32
			s.parent[n] = -1
		}
	}
	f := &Field{m: m, dist: s.dist, parent: s.parent, r0: r0, c0: c0, r1: r1, c1: c1, start: p}
	h := &refHeap{}
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
			heap.Push(h, [2]float32{float32(n), c})
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
		heap.Push(h, [2]float32{float32(n), 0})
	}
	const diag = float32(math.Sqrt2 * QuarterSize)
	const straight = float32(QuarterSize)
	for h.Len() > 0 {
		e := heap.Pop(h).([2]float32)
		n := int(e[0])
		if e[1] > s.dist[n] {
			continue
		}
		f.n++
		nr, nc := n/gridNodes, n%gridNodes
		wn := w[n]
		if wn == inf32 {
			wn = 1 // a blocked start node: leave it
		}
		for _, d := range [8][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			ar, ac := nr+d[0], nc+d[1]
			if ar < r0 || ac < c0 || ar > r1 || ac > c1 {
				continue
			}
			a := ar*gridNodes + ac
			wa := w[a]
			if wa == inf32 {
				continue
			}
			step, extra := straight, float32(0)
			if d[0] != 0 && d[1] != 0 {
				// A diagonal passes 4.2 cm from the two other corners of
				// the quarter: both must be free nodes, no wall near them;
				// or, at k.Corner more, blocked by wall ends or hole corners alone.
				sa, sb := nr*gridNodes+ac, ar*gridNodes+nc
				if w[sa] == inf32 || w[sb] == inf32 {
					if k.Corner <= 0 || w[sa] != inf32 || w[sb] != inf32 || !m.cornerPassable(sa) || !m.cornerPassable(sb) || !m.cornerOpen(n, a) {
						continue
					}
					extra = float32(k.Corner)
				}
				step = diag
			}
			c := e[1] + step*((wn+wa)/2+extra)
			if c < s.dist[a] {
				s.dist[a] = c
				s.parent[a] = int32(n)
				heap.Push(h, [2]float32{float32(a), c})
			}
		}
	}
	return f
}

// TestSearchMatchesReference: Search gives exactly the costs, parents and
// reach of the reference search, from many points of sensed, decoded and
// hand-made maps, under several costs.
func TestSearchMatchesReference(t *testing.T) {
	maps := map[string]*Map{
		"room":   roomMap(5, 7, FloorSwamp),
		"hole":   roomMap(3, 3, FloorHole),
		"sensed": sensedMap(1),
	}
	rng := rand.New(rand.NewPCG(3, 4))
	walled := roomMap(6, 6, FloorPlain)
	sr, sc := walled.StartTile()
	for i := 0; i < 40; i++ { // random wall cells and floors inside
		walled.SetWall(4*sr+1+rng.IntN(23), 4*sc+1+rng.IntN(23))
		walled.SetFloor(sr+rng.IntN(6), sc+rng.IntN(6), Floor(rng.IntN(int(nFloor))))
	}
	maps["walled"] = walled
	costs := []Costs{DefaultCosts(), {Swamp: 5, Unknown: 0.5}, {Swamp: 5, Unknown: 1, Edge: 0.3, UnseenCorner: 10, IgnoreObstacles: true}}
	for name, m := range maps {
		t.Run(name, func(t *testing.T) {
			r0, c0, r1, c1 := m.Bounds()
			for i := 0; i < 60; i++ {
				p := m.TileCenter(r0, c0)
				p.X += rng.Float64() * float64(c1-c0+1) * TileSize
				p.Z += rng.Float64() * float64(r1-r0+1) * TileSize
				if i == 0 {
					p = m.Start()
				}
				k := costs[i%len(costs)]
				want := refSearch(m, p, k)
				got := m.Search(p, k)
				if got.n != want.n || [4]int{got.r0, got.c0, got.r1, got.c1} != [4]int{want.r0, want.c0, want.r1, want.c1} {
					t.Fatalf("from %v: reached %d in window %v, reference %d in %v", p, got.n, [4]int{got.r0, got.c0, got.r1, got.c1}, want.n, [4]int{want.r0, want.c0, want.r1, want.c1})
				}
				for nr := want.r0; nr <= want.r1; nr++ {
					for nc := want.c0; nc <= want.c1; nc++ {
						n := nr*gridNodes + nc
						if math.Float32bits(got.dist[n]) != math.Float32bits(want.dist[n]) || got.parent[n] != want.parent[n] {
							t.Fatalf("from %v node (%d, %d): cost %v parent %d, reference %v parent %d", p, nr, nc, got.dist[n], got.parent[n], want.dist[n], want.parent[n])
						}
					}
				}
			}
		})
	}
}
