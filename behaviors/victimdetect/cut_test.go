package victimdetect

import (
	"os"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestTargetCutByWallEndRead: prueba_Day_2-6 of shared/more-worlds as
// v26.1 (converted with seed 1, as docs/eval-real-worlds.md converts it) has
// a P on a wall beside a wall end that stands in front of it: seen from
// 0.08-0.12 m, up to 20° to the wall end's side, the disc is cut by one
// vertical line past its centre. A game at seed 1 saw it in 10 pictures,
// 28 pixels tall, and never read it. Read down its middle, it must be read
// in most of these views, as P, and placed within 1 cm.
func TestTargetCutByWallEndRead(t *testing.T) {
	src, err := os.ReadFile(sharedtest.Path(t, "erebus", "more-worlds", "worlds", "prueba_Day_2-6.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	v26, err := world.ConvertToV26(src, world.ConvertOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	w, err := world.Parse("prueba_Day_2-6", v26)
	if err != nil {
		t.Fatal(err)
	}
	si := -1
	for i, s := range w.Signs {
		if s.Target && s.Letter == 'P' && s.Pos.Dist(geom.Vec2{X: 0.150, Z: -0.234}) < 0.005 {
			si = i
		}
	}
	if si < 0 {
		t.Fatal("no P at (0.150, -0.234)")
	}
	sg := w.Signs[si]
	r := newRig(t, w)
	det := NewDetector(DefaultDetectorConfig())
	m := mountNamed(t, "camera_centre")
	var dets []Detection
	read, seen := 0, 0
	for _, d := range []float64{0.08, 0.10, 0.12} {
		for _, adeg := range []float64{-20, -10, 0} {
			c, look := viewpoint(sg.Pos, sg.Normal, d, adeg)
			pose := cameraPose(m, c, look)
			dets = det.Frame(dets[:0], r.shoot(t, pose, m.Name), 64, 40, m, toNav(pose))
			for _, dt := range dets {
				if !dt.Target || dt.Pos.Dist(sg.Pos) > 0.05 {
					continue
				}
				seen++
				if dt.Letter == 0 {
					continue
				}
				if dt.Letter != sg.Letter || dt.Pos.Dist(sg.Pos) > 0.01 {
					t.Errorf("%.2f m, %.0f°: read %c (%q) at %v, want %c at %v", d, adeg, dt.Letter, dt.Code, dt.Pos, sg.Letter, sg.Pos)
					continue
				}
				read++
			}
		}
	}
	t.Logf("read in %d of %d views that show it", read, seen)
	if seen == 0 || read < seen*2/3 {
		t.Errorf("the P beside the wall end read in %d of %d views, want at least %d", read, seen, seen*2/3)
	}
}

// TestCutDisc draws a disc of radius 8 pixels (17 rows) as region 1 of a
// 48×40 picture, hides the columns beyond a vertical cut, and asks cutDisc
// for its centre column: a cut at or past the centre on either side gives
// the centre within a column and the whole disc's columns within two; a
// whole disc, a cut before the centre (the centre hidden) or cuts on both
// sides give none.
func TestCutDisc(t *testing.T) {
	const w, h, cx, cy, r = 48, 40, 24, 20, 8.5
	for _, tc := range []struct {
		name   string
		keep   func(x int) bool // the columns not hidden
		wantXC int              // −1: no cut disc
	}{
		{"whole disc", func(int) bool { return true }, -1},
		{"cut at the centre, right", func(x int) bool { return x <= cx }, cx - 1},
		{"cut 3 columns past the centre, right", func(x int) bool { return x <= cx+3 }, cx},
		{"cut 5 columns past the centre, left", func(x int) bool { return x >= cx-5 }, cx},
		{"cut 3 columns before the centre, right", func(x int) bool { return x <= cx-3 }, -1},
		{"cut on both sides", func(x int) bool { return x >= cx-4 && x <= cx+4 }, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := NewDetector(DefaultDetectorConfig())
			d.ts.lab = make([]int32, w*h)
			tb := targetBlob{x0: w, y0: h, x1: -1, y1: -1}
			for y := range h {
				for x := range w {
					dx, dy := float64(x-cx), float64(y-cy)
					if dx*dx+dy*dy <= r*r && tc.keep(x) {
						d.ts.lab[y*w+x] = 1
						tb.n++
						tb.x0, tb.x1 = min(tb.x0, x), max(tb.x1, x)
						tb.y0, tb.y1 = min(tb.y0, y), max(tb.y1, y)
					}
				}
			}
			xc, whole := d.cutDisc(&tb, 1, w)
			if tc.wantXC < 0 {
				if xc >= 0 {
					t.Fatalf("cutDisc = %d, want none", xc)
				}
				return
			}
			if xc < tc.wantXC-1 || xc > tc.wantXC+1 {
				t.Fatalf("cutDisc = %d, want %d ± 1", xc, tc.wantXC)
			}
			if whole.x0 < cx-10 || whole.x0 > cx-6 || whole.x1 < cx+6 || whole.x1 > cx+10 {
				t.Errorf("whole disc's columns %d-%d, want %d-%d ± 2", whole.x0, whole.x1, cx-8, cx+8)
			}
		})
	}
}
