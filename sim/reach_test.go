package sim

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestReachSigns is a tool, not a test: with RESCUEKIT_REACH_WORLD set to
// an Erebus world (.wbt, the path absolute) it prints, for every sign, the
// nearest place Erebus takes a report of it from (within 0.09 m, on its
// front side: docs/erebus-rules.md §1.3) that the default robot reaches
// from the start (newReachSpace: the simulator's own collision and fall
// tests). "none" is a sign no robot of this shape can report, whatever its
// behaviors; a sign a camera cannot see (one inside a wall) is not told
// apart.
//
//	RESCUEKIT_REACH_WORLD=$PWD/../shared/erebus/v26/worlds/world4.wbt go test ./sim -run ReachSigns -v
func TestReachSigns(t *testing.T) {
	path := os.Getenv("RESCUEKIT_REACH_WORLD")
	if path == "" {
		t.Skip("RESCUEKIT_REACH_WORLD not set")
	}
	w, err := world.LoadWith(path, world.ParseOptions{PROTODirs: []string{sharedtest.Path(t, "erebus", "protos")}})
	if err != nil {
		t.Fatal(err)
	}
	sp := newReachSpace(t, w)
	if i, ok := sp.index(w.Start.Pos); !ok || !sp.in[i] {
		fmt.Printf("the body does not fit at the start (%.3f, %.3f): it reaches nothing\n", w.Start.Pos.X, w.Start.Pos.Z)
	}
	for i, s := range w.Signs {
		d, at, ok := sp.nearest(s.Pos, s.Normal, erebus.ReportRadius)
		where := "none"
		if ok {
			where = fmt.Sprintf("%.4f m, at (%.3f, %.3f)", d, at.X, at.Z)
		}
		letter := string(rune(s.Letter))
		if s.Letter == 0 {
			letter = "-" // a target of no letter (an invalid sum)
		}
		fmt.Printf("%s sign %d %s at (%.3f, %.3f) facing (%.2f, %.2f): nearest place to report from that the body reaches: %s\n",
			strings.TrimSuffix(filepath.Base(path), ".wbt"), i, letter, s.Pos.X, s.Pos.Z, s.Normal.X, s.Normal.Z, where)
	}
}

// reachSpace is the set of places, reachStep apart, that the robot's
// centre reaches from its start.
type reachSpace struct {
	x0, z0 float64
	n      int
	in     []bool
}

// reachStep is the spacing of reachSpace's places (m).
const reachStep = 0.002

// newReachSpace floods w from the start: a place is reached when the
// collision shape of the default robot of w's version fits there at one of
// 16 yaws (Sim.penetration) and a robot there does not fall (Sim.fallsAt:
// over a hole's opening, erebus.HoleRim inside the trap tile's sides, where
// Erebus relocates a robot that sinks below y −0.035, docs/erebus-rules.md
// §2.3; or off the floor).
func newReachSpace(t testing.TB, w *world.World) *reachSpace {
	t.Helper()
	s, err := New(w, Config{})
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := w.Start.Pos, w.Start.Pos
	for _, sd := range s.geo.solids {
		lo = geom.Vec2{X: min(lo.X, sd.min.X), Z: min(lo.Z, sd.min.Z)}
		hi = geom.Vec2{X: max(hi.X, sd.max.X), Z: max(hi.Z, sd.max.Z)}
	}
	sp := &reachSpace{x0: lo.X, z0: lo.Z, n: int(math.Ceil(max(hi.X-lo.X, hi.Z-lo.Z)/reachStep)) + 1}
	sp.in = make([]bool, sp.n*sp.n)
	fits := func(p geom.Vec2) bool {
		if s.fallsAt(p) {
			return false
		}
		for k := range 16 {
			if pen, _ := s.penetration(p, float64(k)*math.Pi/8); pen <= 0 {
				return true
			}
		}
		return false
	}
	start, ok := sp.index(w.Start.Pos)
	if !ok || !fits(w.Start.Pos) {
		return sp
	}
	tried := make([]bool, len(sp.in))
	stack := []int{start}
	tried[start], sp.in[start] = true, true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, c := i/sp.n, i%sp.n
		for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			rr, cc := r+d[0], c+d[1]
			if rr < 0 || cc < 0 || rr >= sp.n || cc >= sp.n {
				continue
			}
			j := rr*sp.n + cc
			if tried[j] {
				continue
			}
			tried[j] = true
			if fits(sp.pos(j)) {
				sp.in[j] = true
				stack = append(stack, j)
			}
		}
	}
	return sp
}

func (sp *reachSpace) index(p geom.Vec2) (int, bool) {
	r := int(math.Round((p.Z - sp.z0) / reachStep))
	c := int(math.Round((p.X - sp.x0) / reachStep))
	if r < 0 || c < 0 || r >= sp.n || c >= sp.n {
		return 0, false
	}
	return r*sp.n + c, true
}

func (sp *reachSpace) pos(i int) geom.Vec2 {
	return geom.Vec2{X: sp.x0 + float64(i%sp.n)*reachStep, Z: sp.z0 + float64(i/sp.n)*reachStep}
}

// nearest returns the reached place nearest to a sign at p facing n within
// radius on its front side (Erebus: the angle between n and the way from
// the sign to the robot under 90°), its distance, and ok.
func (sp *reachSpace) nearest(p, n geom.Vec2, radius float64) (float64, geom.Vec2, bool) {
	best, at := math.Inf(1), geom.Vec2{}
	k := int(math.Ceil(radius / reachStep))
	i0, ok := sp.index(p)
	if !ok {
		return best, at, false
	}
	r0, c0 := i0/sp.n, i0%sp.n
	for r := r0 - k; r <= r0+k; r++ {
		for c := c0 - k; c <= c0+k; c++ {
			if r < 0 || c < 0 || r >= sp.n || c >= sp.n || !sp.in[r*sp.n+c] {
				continue
			}
			q := sp.pos(r*sp.n + c)
			rel := q.Sub(p)
			if d := rel.Len(); d <= radius && d < best && (n.Len() == 0 || n.Dot(rel) > 0) {
				best, at = d, q
			}
		}
	}
	return best, at, !math.IsInf(best, 1)
}

// TestReachSpace: in a corridor of two tiles, the robot reaches a sign on
// the far end wall from 0.09 m and nearer, and no place in front of a sign
// on the far side of a wall; with a hole across the corridor, not the far
// end either.
func TestReachSpace(t *testing.T) {
	for _, tc := range []struct {
		name, ascii string
		p, n        geom.Vec2 // the sign, from the start tile's centre
		ok          bool
		within      float64 // the distance found is at most this
	}{
		{"on the far end wall, facing back", "+-+-+-+-+\n|S S    |\n+ + + + +\n|S S    |\n+-+-+-+-+\n",
			geom.Vec2{X: 0.18 - erebus.SignWallOffset}, geom.Vec2{X: -1}, true, erebus.BodyRadius + erebus.SignWallOffset + 0.01},
		{"behind the far end wall", "+-+-+-+-+\n|S S    |\n+ + + + +\n|S S    |\n+-+-+-+-+\n",
			geom.Vec2{X: 0.18 + erebus.SignWallOffset}, geom.Vec2{X: 1}, false, 0},
		{"on the far end wall past a hole", "+-+-+-+-+-+-+\n|S S X X    |\n+ + + + + + +\n|S S X X    |\n+-+-+-+-+-+-+\n",
			geom.Vec2{X: 0.30 - erebus.SignWallOffset}, geom.Vec2{X: -1}, false, 0},
	} {
		w, err := world.ParseASCII(tc.name, tc.ascii)
		if err != nil {
			t.Fatal(err)
		}
		sp := newReachSpace(t, w)
		d, _, ok := sp.nearest(w.Start.Pos.Add(tc.p), tc.n, erebus.ReportRadius)
		if ok != tc.ok || ok && d > tc.within {
			t.Errorf("%s: reached %v at %.4f m; want %v within %.4f m", tc.name, ok, d, tc.ok, tc.within)
		}
	}
}
