package victimdetect

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/world"
)

// letterReads counts, per sign letter, the views of a sign and how the
// detector read them.
type letterReads map[byte]*[3]int // views, read right, read as another letter

func (lr letterReads) String() string {
	var ls []string
	for l, c := range lr {
		ls = append(ls, fmt.Sprintf("%c %d/%d (%d wrong)", l, c[1], c[0], c[2]))
	}
	sort.Strings(ls)
	return strings.Join(ls, ", ")
}

// readErebusSigns renders every sign of world w with the Erebus textures
// tex through the centre camera, 5, 7 and 9 cm away, face on and 20° to
// either side, with every sign found or none, and runs the detector on
// each frame. A reading counts when the detection lies within 5 cm of the
// sign.
func readErebusSigns(t *testing.T, w *world.World, tex *sim.ErebusTextures, found bool) letterReads {
	t.Helper()
	for i := range w.Signs {
		w.Signs[i].Found = found
	}
	s, err := sim.New(w, sim.Config{Textures: tex})
	if err != nil {
		t.Fatal(err)
	}
	m := DefaultMounts[1]
	cam, err := hal.Lookup[hal.Camera](s, m.Name)
	if err != nil {
		t.Fatal(err)
	}
	cam.Enable(16)
	det := NewDetector(DefaultDetectorConfig())
	reads := letterReads{}
	var dets []Detection
	for _, sg := range w.Signs {
		if sg.Target || sg.Blank {
			continue
		}
		for _, d := range []float64{0.05, 0.07, 0.09} {
			for _, adeg := range []float64{-20, 0, 20} {
				a := adeg * math.Pi / 180
				n := sg.Normal
				dir := geom.Vec2{X: n.X*math.Cos(a) - n.Z*math.Sin(a), Z: n.X*math.Sin(a) + n.Z*math.Cos(a)}
				c := geom.Vec2{X: sg.Pos.X + d*dir.X, Z: sg.Pos.Z + d*dir.Z}
				p := cameraPose(m, c, math.Atan2(-(sg.Pos.X-c.X), -(sg.Pos.Z-c.Z)))
				if clearance(w, p.Pos) < 0.042 || clearance(w, c) < 0.006 {
					continue
				}
				s.SetPose(p)
				if err := s.Step(16); err != nil {
					t.Fatal(err)
				}
				cnt := reads[sg.Letter]
				if cnt == nil {
					cnt = new([3]int)
					reads[sg.Letter] = cnt
				}
				cnt[0]++
				dets = det.Frame(dets[:0], cam.Image(nil), cam.Width(), cam.Height(), m, toNav(p))
				right := false
				for _, dt := range dets {
					if dt.Letter == 0 || math.Hypot(dt.Pos.X-sg.Pos.X, dt.Pos.Z-sg.Pos.Z) > 0.05 {
						continue
					}
					if dt.Letter == sg.Letter {
						right = true
					} else {
						cnt[2]++
					}
				}
				if right {
					cnt[1]++
				}
			}
		}
	}
	return reads
}

// TestDetectorReadsErebusPNGs renders every sign of Erebus's own worlds as
// Erebus draws it, from its PNGs (sim.LoadErebusTextures on
// ../shared/erebus for v25.0.1's H S U and F P C O, ../shared/erebus/v26
// for v26.1's Φ Ψ Ω), and checks the detector's reading of each letter:
// every letter of the set is seen, read right in at least two views in
// three and never read as another letter. Found, the signs show their
// _found pictures (grey letters, half-transparent placards), which must
// never be read as a letter either. docs/fidelity.md quotes the logged
// counts.
func TestDetectorReadsErebusPNGs(t *testing.T) {
	sets := []struct {
		tex     []string
		worlds  []string
		letters string
	}{
		{[]string{"erebus"}, []string{"erebus/worlds/world1.wbt", "erebus/worlds/world2.wbt"}, "HSUFPCO"},
		{[]string{"erebus", "v26"}, []string{"erebus/v26/worlds/world1.wbt", "erebus/v26/worlds/world2.wbt"}, "HSU"},
	}
	for _, set := range sets {
		t.Run(strings.Join(set.tex, "/"), func(t *testing.T) {
			tex, err := sim.LoadErebusTextures(sharedtest.Path(t, set.tex...))
			if err != nil {
				t.Fatal(err)
			}
			all, foundReads := letterReads{}, letterReads{}
			for _, wp := range set.worlds {
				for _, found := range []bool{false, true} {
					w, err := world.Load(sharedtest.Path(t, strings.Split(wp, "/")...))
					if err != nil {
						t.Fatal(err)
					}
					if w.GameRules().Version != tex.Version {
						t.Fatalf("%s: world %s, textures %s", wp, w.GameRules().Version, tex.Version)
					}
					into := all
					if found {
						into = foundReads
					}
					for l, c := range readErebusSigns(t, w, tex, found) {
						if into[l] == nil {
							into[l] = new([3]int)
						}
						for k := range c {
							into[l][k] += c[k]
						}
					}
				}
			}
			t.Logf("not found: %v", all)
			t.Logf("found: %v", foundReads)
			for _, l := range []byte(set.letters) {
				c := all[l]
				switch {
				case c == nil || c[0] == 0:
					t.Errorf("%c: no view", l)
				case 3*c[1] < 2*c[0] || c[2] > 0:
					t.Errorf("%c: read right in %d of %d views, %d times as another letter", l, c[1], c[0], c[2])
				}
			}
			for l, c := range foundReads {
				if c[1]+c[2] > 0 {
					t.Errorf("%c found: read as a letter in %d of %d views", l, c[1]+c[2], c[0])
				}
			}
		})
	}
}
