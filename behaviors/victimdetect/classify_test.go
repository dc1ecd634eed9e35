package victimdetect

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// sweepStats is what a sweep of rendered views measured.
type sweepStats struct {
	views      int            // renders where the target sign was in view and unobstructed enough to be found
	found      int            // the target detected
	classified int            // the target classified
	wrong      int            // classified as another letter (any detection, any sign)
	confusion  map[string]int // "true->got"
	errs       []float64      // position errors of classified detections
	snapped    int
	normalBad  int // classified detections whose normal is off by more than 45°
	byDist     map[float64][2]int
}

func (st *sweepStats) String() string {
	sort.Float64s(st.errs)
	p := func(q float64) float64 {
		if len(st.errs) == 0 {
			return math.NaN()
		}
		return st.errs[min(len(st.errs)-1, int(q*float64(len(st.errs))))]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "views %d found %d classified %d wrong %d snapped %d normal>45° %d; position error p50 %.4f p95 %.4f p99 %.4f max %.4f m\n",
		st.views, st.found, st.classified, st.wrong, st.snapped, st.normalBad, p(0.5), p(0.95), p(0.99), p(1))
	var ds []float64
	for d := range st.byDist {
		ds = append(ds, d)
	}
	sort.Float64s(ds)
	for _, d := range ds {
		v := st.byDist[d]
		fmt.Fprintf(&b, "  camera distance %.2f m: classified %d/%d\n", d, v[1], v[0])
	}
	if len(st.confusion) > 0 {
		fmt.Fprintf(&b, "  confusion: %v\n", st.confusion)
	}
	return b.String()
}

// sweep renders every sign of w from many distances, angles and cameras,
// and runs the detector on each frame.
func sweep(t *testing.T, w *world.World, dists []float64, st *sweepStats) {
	r := newRig(t, w)
	det := NewDetector(DefaultDetectorConfig())
	var dets []Detection
	for si, sg := range w.Signs {
		n := sg.Normal
		for _, d := range dists {
			for _, adeg := range []float64{-60, -40, -20, 0, 20, 40, 60} {
				c, look := viewpoint(sg.Pos, n, d, adeg)
				for _, m := range DefaultMounts {
					for _, off := range []float64{-0.25, 0, 0.25} {
						pose := cameraPose(m, c, look+off)
						if clearance(w, pose.Pos) < 0.042 || clearance(w, c) < 0.006 {
							continue
						}
						// A view counts when the whole width of the sign
						// projects inside the image and nothing stands between.
						v := newView(toNav(pose), m, 1, 64, 40)
						tan := geom.Vec2{X: n.Z, Z: -n.X}.Scale(signSize / 2)
						ps := sg.Pos
						cl, dl := v.column(ps.Sub(tan))
						cr, dr := v.column(ps.Add(tan))
						counted := dl > 0 && dr > 0 && min(cl, cr) > 1 && max(cl, cr) < 63 && visible(w, c, sg.Pos)
						frame := r.shoot(t, pose, m.Name)
						dets = det.Frame(dets[:0], frame, 64, 40, m, toNav(pose))
						target, classified := false, false
						for _, dt := range dets {
							// The true sign nearest the estimate.
							best, bd := -1, math.Inf(1)
							for k, o := range w.Signs {
								if e := math.Hypot(o.Pos.X-dt.Pos.X, o.Pos.Z-dt.Pos.Z); e < bd {
									best, bd = k, e
								}
							}
							if best == si {
								target = true
							}
							if dt.Letter == 0 {
								continue
							}
							truth := w.Signs[best].Letter
							if bd > 0.09 || dt.Letter != truth {
								st.wrong++
								st.confusion[fmt.Sprintf("%c->%c@%.2f", truth, dt.Letter, bd)]++
								continue
							}
							if best != si {
								continue
							}
							classified = true
							st.errs = append(st.errs, bd)
							if dt.Snapped {
								st.snapped++
							}
							if dt.Normal.Dot(w.Signs[best].Normal) < math.Sqrt2/2 {
								st.normalBad++
							}
						}
						if counted {
							st.views++
							vv := st.byDist[d]
							vv[0]++
							if target {
								st.found++
							}
							if classified {
								st.classified++
								vv[1]++
							}
							st.byDist[d] = vv
						}
					}
				}
			}
		}
	}
}

// TestClassifierOnRenderedSigns puts the robot in front of every sign of
// the shared worlds and of generated arenas at several distances, angles
// and cameras, and checks that no sign is misclassified, that close views
// are classified, and that every position estimate is well within the
// 0.09 m Erebus accepts.
func TestClassifierOnRenderedSigns(t *testing.T) {
	type src struct {
		name string
		w    func(t *testing.T) *world.World
	}
	srcs := []src{
		{"world1", func(t *testing.T) *world.World { return sharedWorld(t, "world1") }},
		{"world2", func(t *testing.T) *world.World { return sharedWorld(t, "world2") }},
		{"room4_small", func(t *testing.T) *world.World { return sharedWorld(t, "room4_small") }},
		{"gen1", func(t *testing.T) *world.World { return genWorld(t, 1) }},
		{"gen2", func(t *testing.T) *world.World { return genWorld(t, 2) }},
	}
	if testing.Short() {
		srcs = srcs[3:4]
	}
	dists := []float64{0.03, 0.05, 0.07, 0.1, 0.13, 0.17, 0.22, 0.3}
	total := &sweepStats{confusion: map[string]int{}, byDist: map[float64][2]int{}}
	for _, s := range srcs {
		t.Run(s.name, func(t *testing.T) {
			st := &sweepStats{confusion: map[string]int{}, byDist: map[float64][2]int{}}
			sweep(t, s.w(t), dists, st)
			t.Logf("%s: %v", s.name, st)
			total.views += st.views
			total.found += st.found
			total.classified += st.classified
			total.wrong += st.wrong
			total.errs = append(total.errs, st.errs...)
			for k, v := range st.confusion {
				total.confusion[k] += v
			}
			if st.wrong > 0 {
				t.Errorf("%d misclassifications: %v", st.wrong, st.confusion)
			}
			for _, e := range st.errs {
				if e >= 0.09 {
					t.Errorf("position error %.3f m ≥ 0.09", e)
					break
				}
			}
			// Close views (camera within 0.13 m) must mostly be classified.
			var n, c int
			for d, v := range st.byDist {
				if d >= 0.05 && d <= 0.13 {
					n, c = n+v[0], c+v[1]
				}
			}
			if n > 0 && float64(c) < 0.5*float64(n) {
				t.Errorf("only %d of %d close views classified", c, n)
			}
		})
	}
	t.Logf("total: views %d found %d classified %d wrong %d", total.views, total.found, total.classified, total.wrong)
}
