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
				c, look := viewpoint(sg.Pos, sg.Normal, d, adeg)
				p := cameraPose(m, c, look)
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
// three (v25.0.1) or nine in ten (v26.1) and never read as another letter. Found, the signs show their
// _found pictures (grey letters, half-transparent placards), which must
// never be read as a letter either. docs/fidelity.md quotes the logged
// counts.
func TestDetectorReadsErebusPNGs(t *testing.T) {
	sets := []struct {
		tex     []string
		worlds  []string
		letters string
		least   float64 // share of a letter's views read right
	}{
		{[]string{"erebus"}, []string{"erebus/worlds/world1.wbt", "erebus/worlds/world2.wbt"}, "HSUFPCO", 2.0 / 3},
		// Measured 7/7, 18/18 and 12/12 (Ψ 16/18 before signs/greek.go's
		// designs, the detector's templates, were measured on the PNGs).
		{[]string{"erebus", "v26"}, []string{"erebus/v26/worlds/world1.wbt", "erebus/v26/worlds/world2.wbt"}, "HSU", 0.9},
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
				case float64(c[1]) < set.least*float64(c[0]) || c[2] > 0:
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

// The views explore counts as looking at a wall face
// (behaviors/explore/faces.go, inView): the robot's centre between
// faceMinDist (0.1025 m: a cognitive target fits in the image) and
// faceViewDist (0.148 m: a sign is classify_pixels tall) from the sign,
// the sign within 40° of the heading (faceViewCos) and seen at most 60°
// off its normal (faceIncidenceCos). Once explore has seen a face so, it
// does not drive back to it: a sign the detector cannot read from there is
// left unreported (v26.1 world4's Ψ with Erebus's PNG, seeds 4 and 6 of
// eval --runs 8).
const (
	lookedMinDist = 0.1025
	lookedMaxDist = 0.148
	lookedOffDeg  = 40
	lookedIncCos  = 0.5
)

// readLookedAt renders every victim sign of w from robot poses on a 2 cm
// grid and headings 20° apart that explore counts as looking at it, and
// counts per letter the poses where one of the three cameras reads the
// sign right, and those where one reads it as another letter (a letter
// read within 5 cm of the sign where no sign of that letter stands within
// 10 cm: the two signs of a corner are 5 cm apart).
func readLookedAt(t *testing.T, w *world.World, tex *sim.ErebusTextures, into letterReads) {
	t.Helper()
	s, err := sim.New(w, sim.Config{Textures: tex})
	if err != nil {
		t.Fatal(err)
	}
	cams := make([]hal.Camera, len(DefaultMounts))
	for k, m := range DefaultMounts {
		if cams[k], err = hal.Lookup[hal.Camera](s, m.Name); err != nil {
			t.Fatal(err)
		}
		cams[k].Enable(16)
	}
	det := NewDetector(DefaultDetectorConfig())
	var dets []Detection
	for _, sg := range w.Signs {
		if sg.Target || sg.Blank || sg.Kind != world.Victim {
			continue
		}
		cnt := into[sg.Letter]
		if cnt == nil {
			cnt = new([3]int)
			into[sg.Letter] = cnt
		}
		for i := -7; i <= 7; i++ {
			for j := -7; j <= 7; j++ {
				dx, dz := 0.02*float64(i), 0.02*float64(j)
				d := math.Hypot(dx, dz)
				if d < lookedMinDist || d > lookedMaxDist || (dx*sg.Normal.X+dz*sg.Normal.Z)/d < lookedIncCos {
					continue
				}
				p := geom.Vec2{X: sg.Pos.X + dx, Z: sg.Pos.Z + dz}
				if clearance(w, p) < 0.042 || !visible(w, p, sg.Pos) {
					continue
				}
				toward := math.Atan2(dx, dz) // the heading (−sin, −cos) towards the sign
				for off := -lookedOffDeg; off <= lookedOffDeg; off += 20 {
					pose := world.Pose{Pos: p, Yaw: toward + float64(off)*math.Pi/180}
					s.SetPose(pose)
					if err := s.Step(16); err != nil {
						t.Fatal(err)
					}
					right, wrong := false, false
					for k, m := range DefaultMounts {
						dets = det.Frame(dets[:0], cams[k].Image(nil), cams[k].Width(), cams[k].Height(), m, toNav(pose))
						for _, dt := range dets {
							if dt.Letter == 0 || math.Hypot(dt.Pos.X-sg.Pos.X, dt.Pos.Z-sg.Pos.Z) > 0.05 {
								continue
							}
							if dt.Letter == sg.Letter {
								right = true
								continue
							}
							near := false
							for _, o := range w.Signs {
								near = near || o.Letter == dt.Letter && math.Hypot(o.Pos.X-sg.Pos.X, o.Pos.Z-sg.Pos.Z) < 0.1
							}
							wrong = wrong || !near
						}
					}
					cnt[0]++
					if right {
						cnt[1]++
					}
					if wrong {
						cnt[2]++
					}
				}
			}
		}
	}
}

// TestDetectorReadsLookedAtFaces: from the poses where explore counts a
// face as looked at (above), the detector reads each v26.1 victim of
// Erebus's worlds right from at least 80 % of them and misreads none,
// drawn with rescuekit's designs and with Erebus's PNGs. Measured: Φ Ψ Ω
// 88, 92, 87 % with rescuekit's designs, 92, 92, 85 % with the PNGs;
// before signs/greek.go's designs (the detector's templates) were
// measured on the PNGs, 60, 61, 86 % and 62, 69, 72 % (world4's Ψ was
// then left unreported with the PNGs).
func TestDetectorReadsLookedAtFaces(t *testing.T) {
	tex, err := sim.LoadErebusTextures(sharedtest.Path(t, "erebus", "v26"))
	if err != nil {
		t.Fatal(err)
	}
	protos := sharedtest.Path(t, "erebus", "protos") // world4's area-4 rooms
	for _, design := range []struct {
		name string
		tex  *sim.ErebusTextures
	}{{"rescuekit's designs", nil}, {"Erebus's PNGs", tex}} {
		reads := letterReads{}
		for _, name := range []string{"world1", "world2", "world3", "world4", "mapping_example_1", "mapping_example_2", "mapping_example_3"} {
			w, err := world.LoadWith(sharedtest.Path(t, "erebus", "v26", "worlds", name+".wbt"), world.ParseOptions{PROTODirs: []string{protos}})
			if err != nil {
				t.Fatal(err)
			}
			readLookedAt(t, w, design.tex, reads)
		}
		t.Logf("%s: %v", design.name, reads)
		for _, l := range []byte("HSU") {
			c := reads[l]
			switch {
			case c == nil || c[0] == 0:
				t.Errorf("%s: %c: no view", design.name, l)
			case 100*c[1] < 80*c[0] || c[2] > 0:
				t.Errorf("%s: %c read right from %d of %d poses, as another letter from %d", design.name, l, c[1], c[0], c[2])
			}
		}
	}
}
