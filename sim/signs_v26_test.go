package sim

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestTargetTexture checks the cognitive-target drawing of MainSupervisor.py
// v26 l.211-242 (v26 §11): type[0] the outermost ring, type[4] the centre
// disc, each ring a fifth of the radius, transparent outside, found colours
// n → n+50 if n == 0 else n−25.
func TestTargetTexture(t *testing.T) {
	const code = "KRYGB"
	for _, found := range []bool{false, true} {
		tx := newTargetTexture(code, found)
		if tx == nil {
			t.Fatal("no texture for a valid code")
		}
		for i := 0; i < 5; i++ {
			// The middle of ring i, on the horizontal radius to the right.
			r := 1 - (float64(i)+0.5)/5
			c, ok := tx.at(0.5+r/2, 0.5)
			want := targetTexel(code[i], found)
			if !ok || c != want {
				t.Errorf("found %v ring %d (%c): %+v %v, want %+v", found, i, code[i], c, ok, want)
			}
		}
		if _, ok := tx.at(0.01, 0.01); ok {
			t.Error("the corner outside the rings is not transparent")
		}
	}
	if c := targetTexel('R', true); c != (rgb{230, 50, 50}) {
		t.Errorf("found R = %+v, want (230,50,50) (v26 §11)", c)
	}
	if c := targetTexel('K', true); c != (rgb{50, 50, 50}) {
		t.Errorf("found K = %+v, want (50,50,50)", c)
	}
	for _, bad := range []string{"blank", "KRYG", "krygb", "KRYGBK"} {
		if newTargetTexture(bad, false) != nil {
			t.Errorf("%q drawn; the supervisor blanks it (l.198-209)", bad)
		}
	}
}

// inkMask is the 64×64 ink mask of Erebus's texture file (block means
// below half grey).
func inkMask(t *testing.T, path string) []bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	im, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return maskOf(im, victimTexSize)
}

func maskOf(im image.Image, n int) []bool {
	b := im.Bounds()
	out := make([]bool, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			sum, cnt := 0.0, 0
			for yy := b.Min.Y + b.Dy()*y/n; yy < b.Min.Y+b.Dy()*(y+1)/n; yy++ {
				for xx := b.Min.X + b.Dx()*x/n; xx < b.Min.X+b.Dx()*(x+1)/n; xx++ {
					r, g, bb, _ := im.At(xx, yy).RGBA()
					sum += float64(r+g+bb) / 3 / 65535
					cnt++
				}
			}
			out[y*n+x] = sum/float64(cnt) < 0.5
		}
	}
	return out
}

func glyphMask(l byte) []bool {
	tx := newVictim26Texture(l, false)
	out := make([]bool, len(tx.px))
	for i, c := range tx.px {
		out[i] = c == colBlack
	}
	return out
}

func iou(a, b []bool) float64 {
	in, un := 0, 0
	for i := range a {
		if a[i] && b[i] {
			in++
		}
		if a[i] || b[i] {
			un++
		}
	}
	return float64(in) / float64(un)
}

// TestVictimGlyphsResembleErebus compares rescuekit's Φ Ψ Ω with Erebus
// v26.1's victim textures (../shared/erebus/v26/textures, read in place):
// each glyph overlaps its own texture's ink by at least half (intersection
// over union) and overlaps it more than either other texture, and its ink
// covers a share of the sign near the textures' 23-27 % (v26 §11).
func TestVictimGlyphsResembleErebus(t *testing.T) {
	dir := sharedtest.Path(t, "erebus", "v26", "textures")
	kinds := []struct {
		l    byte
		file string
	}{{erebus.Harmed, "harmed"}, {erebus.Stable, "stable"}, {erebus.Unharmed, "unharmed"}}
	real := make([][]bool, len(kinds))
	for i, k := range kinds {
		real[i] = inkMask(t, filepath.Join(dir, "victim_"+k.file+"_not_found.png"))
	}
	for i, k := range kinds {
		g := glyphMask(k.l)
		own := iou(g, real[i])
		ink := 0
		for _, b := range g {
			if b {
				ink++
			}
		}
		share := float64(ink) / float64(len(g))
		t.Logf("%s: IoU %.2f with its texture, ink %.0f %%", k.file, own, 100*share)
		if own < 0.5 {
			t.Errorf("%s: IoU %.2f with Erebus's texture, want ≥ 0.5", k.file, own)
		}
		for j := range kinds {
			if j != i && iou(g, real[j]) >= own {
				t.Errorf("%s overlaps %s's texture (%.2f) as much as its own (%.2f)", k.file, kinds[j].file, iou(g, real[j]), own)
			}
		}
		if share < 0.15 || share > 0.35 {
			t.Errorf("%s: ink %.0f %% of the sign, want near 23-27 %%", k.file, 100*share)
		}
	}
}

// targetWorld is a one-tile-wide corridor with a sign (or a fake) on the
// top wall of tile (0, 0), at camera height, the robot 5 cm from it.
func signSim(t *testing.T, sg *world.Sign, fake *world.Fake, standOff, sideOff float64) *Sim {
	t.Helper()
	w := mustWorld(t, arena(1, 2, nil))
	w.Rules = erebus.V26Rules
	c := w.TileCenter(0, 0)
	wallZ := c.Z - world.TileSize/2
	camY := world.FloorY + 0.028
	pos := geom.Vec2{X: c.X, Z: wallZ + 0.0056}
	if sg != nil {
		sg.Pos, sg.Y, sg.Normal = pos, camY, geom.Vec2{Z: 1}
		w.Signs = []world.Sign{*sg}
	}
	if fake != nil {
		fake.Pos, fake.Y, fake.Normal = pos, camY, geom.Vec2{Z: 1}
		w.Fakes = []world.Fake{*fake}
	}
	s := mustSim(t, w, Config{})
	s.SetPose(world.Pose{Pos: geom.Vec2{X: c.X + sideOff, Z: wallZ + 0.0056 + standOff + 0.035}})
	enableAll(t, s, 16)
	steps(t, s, 1)
	return s
}

// TestCameraRendersTargets checks that a camera sees a target's rings in
// order from the centre out (v26 §11), sees nothing of a blanked target,
// and that a 40 mm target is 2.5 times as wide as a 16 mm sign.
func TestCameraRendersTargets(t *testing.T) {
	const code = "BGYRK" // centre K, then R, Y, G, B outermost
	s := signSim(t, &world.Sign{Kind: world.Hazard, Target: true, Type: code}, nil, 0.05, 0)
	img, w, h := centreImage(t, s)
	// Walk right from the centre: the ring colours, inside out.
	var seen []rgb
	for x := w / 2; x < w; x++ {
		c := px(img, w, x, h/2)
		if len(seen) == 0 || seen[len(seen)-1] != c {
			seen = append(seen, c)
		}
	}
	want := []rgb{}
	for i := 4; i >= 0; i-- {
		want = append(want, targetTexel(code[i], false))
	}
	if len(seen) < 6 || fmt.Sprint(seen[:5]) != fmt.Sprint(want) {
		t.Errorf("colours from the centre out %v, want %v then the wall", seen, want)
	}
	// Width: columns of the outer ring's colour along the middle row.
	cols := 0
	for x := 0; x < w; x++ {
		if px(img, w, x, h/2) != seen[len(seen)-1] {
			cols++
		}
	}
	// 0.04 m at 0.05 m with a 1 rad FOV over 64 columns: ≈ 46.8 columns.
	wantCols := 0.04 / (2 * 0.05 * math.Tan(0.5)) * float64(w)
	if math.Abs(float64(cols)-wantCols) > 3 {
		t.Errorf("target spans %d columns, want about %.1f", cols, wantCols)
	}

	blank := signSim(t, &world.Sign{Kind: world.Hazard, Target: true, Blank: true, Type: world.BlankTarget}, nil, 0.05, 0)
	img, w, h = centreImage(t, blank)
	first := px(img, w, 0, h/2)
	for x := 0; x < w; x++ {
		if c := px(img, w, x, h/2); c != first {
			t.Fatalf("a blanked target drew %+v at column %d (the wall is %+v)", c, x, first)
		}
	}
}

// TestCameraRendersV26Victims checks that a v26.1 world's victims show
// their Φ Ψ Ω glyphs (v26 §11), the found ones in grey.
func TestCameraRendersV26Victims(t *testing.T) {
	for _, l := range []byte{erebus.Harmed, erebus.Stable, erebus.Unharmed} {
		for _, found := range []bool{false, true} {
			s := signSim(t, &world.Sign{Kind: world.Victim, Letter: l, Type: erebus.VictimType(l), Found: found}, nil, 0.05, 0)
			img, w, h := centreImage(t, s)
			ink := colBlack
			if found {
				ink = colGlyphFound
			}
			// The Φ's and Ψ's stems and the Ω's open bottom, in the middle column.
			mid := 0
			for y := 0; y < h; y++ {
				if px(img, w, w/2, y) == ink {
					mid++
				}
			}
			wantStem := l != erebus.Unharmed
			if (mid >= 10) != wantStem {
				t.Errorf("%c found %v: %d ink pixels in the middle column; stem expected %v", l, found, mid, wantStem)
			}
		}
	}
}

// TestCameraRendersFakes checks a fake (v26 §12): its self-lit white plate
// with the dark letter is visible face on, and seen from the side the
// letter's 4.8 mm relief shows its sides.
func TestCameraRendersFakes(t *testing.T) {
	count := func(s *Sim) (white, front, side int) {
		img, w, h := centreImage(t, s)
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				switch px(img, w, x, y) {
				case colWhite:
					white++
				case colFakeFront:
					front++
				case colFakeSide:
					side++
				}
			}
		}
		return
	}
	white, front, side := count(signSim(t, nil, &world.Fake{Type: "phi"}, 0.05, 0))
	if white < 50 || front < 30 {
		t.Errorf("face on: %d white, %d letter pixels; want the plate and the letter", white, front)
	}
	_, _, sideOblique := count(signSim(t, nil, &world.Fake{Type: "phi"}, 0.04, 0.018))
	t.Logf("face on: %d white, %d front, %d side; oblique: %d side", white, front, side, sideOblique)
	if sideOblique <= side {
		t.Errorf("letter sides: %d pixels from the side, %d face on; want more from the side", sideOblique, side)
	}
}

// TestEveryV26SignVisible puts the robot 7 cm in front of every cognitive
// target, victim and fake of the shipped v26.1 worlds, facing it, and checks
// that the centre camera sees it: a target's own ring colours, a victim's or
// a fake's white paper.
func TestEveryV26SignVisible(t *testing.T) {
	d := sharedtest.Dir(t)
	files, _ := filepath.Glob(filepath.Join(d, "erebus", "v26", "worlds", "*.wbt"))
	if len(files) == 0 {
		t.Fatal("no v26 worlds")
	}
	look := func(w *world.World, pos, n geom.Vec2, ok func(c rgb) bool) bool {
		s, err := New(w, Config{})
		if err != nil {
			t.Fatal(err)
		}
		cam, _ := hal.Lookup[hal.Camera](s, "camera_centre")
		cam.Enable(16)
		at := geom.Vec2{X: pos.X + 0.07*n.X, Z: pos.Z + 0.07*n.Z}
		s.SetPose(world.Pose{Pos: at, Yaw: math.Atan2(n.X, n.Z)})
		if err := s.Step(16); err != nil {
			t.Fatal(err)
		}
		img := cam.Image(nil)
		for i := 0; i+3 < len(img); i += 4 {
			if ok(rgb{img[i+2], img[i+1], img[i]}) {
				return true
			}
		}
		return false
	}
	for _, f := range files {
		w, err := world.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		for _, sg := range w.Signs {
			if sg.Blank {
				continue
			}
			ok := func(c rgb) bool { return c == colWhite }
			if sg.Target {
				code := sg.Type
				ok = func(c rgb) bool {
					for i := 0; i < len(code); i++ {
						if c == targetTexel(code[i], sg.Found) {
							return true
						}
					}
					return false
				}
			}
			if !look(w, sg.Pos, sg.Normal, ok) {
				t.Errorf("%s: %s %q at (%.3f, %.3f) is not visible from 7 cm in front", name, sg.Name, sg.Type, sg.Pos.X, sg.Pos.Z)
			}
		}
		for _, fk := range w.Fakes {
			if !look(w, fk.Pos, fk.Normal, func(c rgb) bool { return c == colWhite }) {
				t.Errorf("%s: fake %s at (%.3f, %.3f) is not visible", name, fk.Name, fk.Pos.X, fk.Pos.Z)
			}
		}
	}
}

// TestLidarSeesFakeRelief checks that a lidar reads a fake's raised letter
// (Webots' lidar reads the depth of what is drawn, lidar.md; the letter
// stands 4.8 mm proud, v26 §12): straight ahead onto the letter's stem the
// range is 4.8 mm shorter than onto the wall without the fake.
func TestLidarSeesFakeRelief(t *testing.T) {
	spec, err := ParseRobotJSON([]byte(customJSON))
	if err != nil {
		t.Fatal(err)
	}
	ranges := func(withFake bool) ([]float32, int, int) {
		w := mustWorld(t, arena(1, 2, nil))
		c := w.TileCenter(0, 0)
		wallZ := c.Z - world.TileSize/2
		s := mustSim(t, w, Config{Robot: spec})
		if withFake {
			var ly float64
			for _, d := range spec.Devices {
				if d.Kind == KindLidar {
					ly = s.y + d.Pos[1] // the lidar's height
				}
			}
			w.Fakes = []world.Fake{{Type: "phi", Pos: geom.Vec2{X: c.X, Z: wallZ + 0.0056}, Y: ly, Normal: geom.Vec2{Z: 1}}}
			s = mustSim(t, w, Config{Robot: spec})
		}
		s.SetPose(world.Pose{Pos: c})
		l, err := hal.Lookup[hal.Lidar](s, "lidar")
		if err != nil {
			t.Fatal(err)
		}
		l.Enable(16)
		steps(t, s, 1)
		return l.RangeImage(nil), l.HorizontalResolution(), l.NumberOfLayers()
	}
	plain, res, layers := ranges(false)
	fake, _, _ := ranges(true)
	// The two middle layers are ±0.033 rad, within the letter's height.
	// The letter (12.8 mm at 5 cm, about 15°) hides the wall from a few
	// points only; the nearest of them reads the letter's front face.
	for _, k := range []int{layers/2 - 1, layers / 2} {
		i, nearer := k*res, 0
		for j := k * res; j < (k+1)*res; j++ {
			if fake[j] < plain[j]-0.001 {
				nearer++
			}
			if fake[j] < fake[i] {
				i = j
			}
		}
		if nearer == 0 || nearer > res/16 {
			t.Errorf("layer %d: %d of %d points see the letter, want a few", k, nearer, res)
		}
		if d := float64(plain[i] - fake[i]); math.Abs(d-fakeRelief-0.0006) > 0.0008 {
			t.Errorf("layer %d: %.4f m without the fake, %.4f with it: %.4f nearer, want the plate's 0.6 mm + the relief's %.4f", k, plain[i], fake[i], d, fakeRelief)
		}
	}
}

// foundSupervisor reports sign 0 identified on its first step.
type foundSupervisor struct{ steps int }

func (f *foundSupervisor) Step(referee.Input) referee.Output {
	f.steps++
	if f.steps == 1 {
		return referee.Output{Found: []int{0}}
	}
	return referee.Output{}
}

// TestFoundTextureSwitch checks that a sign the supervisor identifies
// switches to its found texture (MainSupervisor.py v26 l.635; Victim.py
// l.99-106): a target's rings take their found colours.
func TestFoundTextureSwitch(t *testing.T) {
	w := mustWorld(t, arena(1, 2, nil))
	w.Rules = erebus.V26Rules
	c := w.TileCenter(0, 0)
	wallZ := c.Z - world.TileSize/2
	w.Signs = []world.Sign{{Kind: world.Hazard, Target: true, Type: "BGYRK", Pos: geom.Vec2{X: c.X, Z: wallZ + 0.0056}, Y: world.FloorY + 0.028, Normal: geom.Vec2{Z: 1}}}
	s := mustSim(t, w, Config{Supervisor: &foundSupervisor{}})
	s.SetPose(world.Pose{Pos: geom.Vec2{X: c.X, Z: wallZ + 0.0056 + 0.05 + 0.035}})
	enableAll(t, s, 16)
	steps(t, s, 2)
	img, wd, h := centreImage(t, s)
	if got, want := px(img, wd, wd/2, h/2), targetTexel('K', true); got != want {
		t.Errorf("centre after identification %+v, want the found K %+v", got, want)
	}
	if w.Signs[0].Found {
		t.Error("the world's sign was modified")
	}
}

// TestFoundTextures checks the found variants per version (v26 §11): v26.1
// victims' glyphs grey 115, v25.0.1's letters grey 116, a found target's
// rings in their found colours.
func TestFoundTextures(t *testing.T) {
	texs := newTextures()
	count := func(tx *texture, c rgb) int {
		n := 0
		for _, p := range tx.px {
			if p == c {
				n++
			}
		}
		return n
	}
	for _, tc := range []struct {
		rules      erebus.Rules
		ink, found rgb
	}{{erebus.V26Rules, colBlack, colGlyphFound}, {erebus.V25Rules, colBlack, rgb{116, 116, 116}}} {
		s := world.Sign{Kind: world.Victim, Letter: erebus.Harmed, Type: "harmed"}
		before := texs.forSign(&s, tc.rules)
		s.Found = true
		after := texs.forSign(&s, tc.rules)
		if count(before, tc.ink) == 0 || count(after, tc.ink) != 0 || count(after, tc.found) != count(before, tc.ink) {
			t.Errorf("%s: ink %d before; after: ink %d, found grey %d", tc.rules, count(before, tc.ink), count(after, tc.ink), count(after, tc.found))
		}
	}
	s := world.Sign{Kind: world.Hazard, Target: true, Type: "KKKKK", Found: true}
	if tx := texs.forSign(&s, erebus.V26Rules); count(tx, targetTexel('K', true)) == 0 {
		t.Error("a found target is not drawn in its found colours")
	}
}
