package sim

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
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

// TestLoadErebusTextures reads ../shared/erebus (v25.0.1: 7 letters, found
// and not) and ../shared/erebus/v26 (v26.1, told by its
// CognitiveTarget.proto: the 6 victim pictures); a folder without textures
// is an error naming it.
func TestLoadErebusTextures(t *testing.T) {
	tests := []struct {
		dir     []string
		version erebus.Version
		loaded  int
	}{
		{[]string{"erebus"}, erebus.V25, 14},
		{[]string{"erebus", "v26"}, erebus.V26, 6},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.dir, "/"), func(t *testing.T) {
			et, err := LoadErebusTextures(sharedtest.Path(t, tc.dir...))
			if err != nil {
				t.Fatal(err)
			}
			if et.Version != tc.version || len(et.Loaded) != tc.loaded || len(et.Missing) != 0 {
				t.Errorf("version %s, loaded %d, missing %v; want %s, %d, none", et.Version, len(et.Loaded), et.Missing, tc.version, tc.loaded)
			}
		})
	}
	dir := t.TempDir()
	if _, err := LoadErebusTextures(dir); err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("empty folder: error %v, want one naming it", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "textures"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "textures", erebus.SignTextureFile(erebus.Harmed, false)), []byte("not a png"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadErebusTextures(dir); err == nil || !strings.Contains(err.Error(), "victim_harmed_not_found.png") {
		t.Errorf("bad PNG: error %v, want one naming the file", err)
	}
}

// TestBoxTexture: the box filter averages colours weighted by alpha,
// mixes a half-transparent texel with the wall colour and makes a
// transparent one see-through.
func TestBoxTexture(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	img.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255}) // top-left texel: red and blue, opaque
	img.SetNRGBA(1, 0, color.NRGBA{0, 0, 255, 255})
	img.SetNRGBA(2, 0, color.NRGBA{255, 255, 255, 64}) // top-right: white at alpha 64 and nothing
	tex := boxTexture(img, 2)
	if got := tex.px[0]; got != (rgb{128, 0, 128}) {
		t.Errorf("opaque texel %v, want the mean {128 0 128}", got)
	}
	if c, ok := tex.at(0.75, 0.25); ok {
		t.Errorf("top-right texel %v, want see-through (an eighth opaque)", c)
	}
	img.SetNRGBA(2, 1, color.NRGBA{255, 255, 255, 128})
	img.SetNRGBA(3, 1, color.NRGBA{255, 255, 255, 128})
	tex = boxTexture(img, 2)
	want := func(w uint8) uint8 { return uint8(math.Min(255, 255*128.0/255+(1-128.0/255)*float64(w)+0.5)) }
	if c, ok := tex.at(0.75, 0.75); !ok || c != (rgb{want(colWall.r), want(colWall.g), want(colWall.b)}) {
		t.Errorf("half-transparent white: %v %v, want it mixed with the wall %v", c, ok, colWall)
	}
}

// sampleTex samples tex at n×n points (texel centres of an n×n grid), as a
// camera of that resolution over the sign would; see-through texels read
// as the wall.
func sampleTex(tex *texture, n int) []rgb {
	out := make([]rgb, 0, n*n)
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			c, ok := tex.at((float64(x)+0.5)/float64(n), (float64(y)+0.5)/float64(n))
			if !ok {
				c = colWall
			}
			out = append(out, c)
		}
	}
	return out
}

// texDiff is the mean absolute channel difference (0-255) of a and b and
// the fraction of samples where some channel differs by more than 64.
func texDiff(a, b []rgb) (mean, frac float64) {
	d := func(x, y uint8) float64 { return math.Abs(float64(x) - float64(y)) }
	n := 0
	for i := range a {
		dr, dg, db := d(a[i].r, b[i].r), d(a[i].g, b[i].g), d(a[i].b, b[i].b)
		mean += (dr + dg + db) / 3
		if max(dr, dg, db) > 64 {
			n++
		}
	}
	return mean / float64(len(a)), float64(n) / float64(len(a))
}

// TestErebusTexturesVsOwnDesigns measures how close rescuekit's own sign
// designs are to Erebus's PNGs (../shared/erebus/textures and
// v26/textures), both sampled 16×16 (a 16 mm sign 6 cm from a 64×40
// camera of fov 1 spans about 16 pixels): the mean channel difference and
// the share of samples off by more than 64 in a channel, per sign, logged
// (docs/fidelity.md quotes them). The bounds are the figures measured when
// the test was written, rounded up: a design that drifts further from
// Erebus's fails.
func TestErebusTexturesVsOwnDesigns(t *testing.T) {
	type bound struct{ mean, frac float64 }
	tests := []struct {
		dir   []string
		rules erebus.Rules
		max   bound
	}{
		{[]string{"erebus"}, erebus.V25Rules, bound{maxMeanV25, maxFracV25}},
		{[]string{"erebus", "v26"}, erebus.V26Rules, bound{maxMeanV26, maxFracV26}},
	}
	const n = 16
	for _, tc := range tests {
		et, err := LoadErebusTextures(sharedtest.Path(t, tc.dir...))
		if err != nil {
			t.Fatal(err)
		}
		own := newTextures()
		var rows []string
		var worst bound
		for _, name := range et.Loaded {
			var key texKey
			for k, v := range et.byKey {
				if erebus.SignTextureFile(k.letter, k.found) == name {
					key, _ = k, v
				}
			}
			kind := world.Victim
			if erebus.VictimType(key.letter) == "" {
				kind = world.Hazard
			}
			sg := world.Sign{Kind: kind, Letter: key.letter, Found: key.found}
			mine := own.forSign(&sg, tc.rules)
			real := et.lookup(key.letter, key.found, tc.rules)
			if mine == nil || real == nil {
				t.Fatalf("%s: own %v, Erebus's %v", name, mine != nil, real != nil)
			}
			m, f := texDiff(sampleTex(mine, n), sampleTex(real, n))
			rows = append(rows, fmt.Sprintf("%-40s mean %5.1f  off %4.0f%%", name, m, 100*f))
			worst.mean, worst.frac = max(worst.mean, m), max(worst.frac, f)
		}
		t.Logf("%s, own designs against Erebus's PNGs at %d×%d:\n%s", tc.rules, n, n, strings.Join(rows, "\n"))
		if worst.mean > tc.max.mean || worst.frac > tc.max.frac {
			t.Errorf("%s: worst mean difference %.1f, worst share off %.2f; want ≤ %.1f and ≤ %.2f", tc.rules, worst.mean, worst.frac, tc.max.mean, tc.max.frac)
		}
	}
}

// FuzzReadTexturePNG: any bytes in a texture file give a texture or an
// error, never a panic.
func FuzzReadTexturePNG(f *testing.F) {
	var b bytes.Buffer
	img := image.NewNRGBA(image.Rect(0, 0, 3, 5))
	img.SetNRGBA(1, 1, color.NRGBA{10, 20, 30, 200})
	if err := png.Encode(&b, img); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Add([]byte("\x89PNG\r\n\x1a\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(dir, "t.png")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		tex, err := readTexturePNG(p)
		if err == nil && (tex == nil || len(tex.px) != erebusTexSize*erebusTexSize) {
			t.Fatalf("texture %v without an error", tex)
		}
	})
}

// Bounds of TestErebusTexturesVsOwnDesigns.
const (
	maxMeanV25, maxFracV25 = 80, 0.55 // measured 78.5 and 0.53 (found placards: rescuekit has no found design)
	maxMeanV26, maxFracV26 = 14, 0.09 // measured 12.4 and 0.07 (Ω); 37.8 and 0.18 before the designs were measured on the PNGs
)

// TestErebusTexturesOnCamera: with Config.Textures the centre camera in
// front of world1's first sign (H) draws Erebus's picture, not
// rescuekit's; once found it swaps to the _found picture, as Erebus's
// PROTO does; textures of another version than the game's are not drawn.
func TestErebusTexturesOnCamera(t *testing.T) {
	w, err := world.Load(sharedtest.Path(t, "erebus", "worlds", "world1.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	v25, err := LoadErebusTextures(sharedtest.Path(t, "erebus"))
	if err != nil {
		t.Fatal(err)
	}
	v26, err := LoadErebusTextures(sharedtest.Path(t, "erebus", "v26"))
	if err != nil {
		t.Fatal(err)
	}
	sg := w.Signs[0]
	shot := func(tex *ErebusTextures, found bool) []byte {
		s := mustSim(t, w, Config{Textures: tex})
		cam := s.devices["camera_centre"].(*camera)
		cam.Enable(16)
		// The robot 0.075 m off the sign along its normal, facing it.
		yaw := math.Atan2(sg.Normal.X, sg.Normal.Z)
		s.SetPose(world.Pose{Pos: geom.Vec2{X: sg.Pos.X + 0.075*sg.Normal.X, Z: sg.Pos.Z + 0.075*sg.Normal.Z}, Yaw: yaw})
		if found {
			s.showFound(0)
		}
		steps(t, s, 1)
		return cam.Image(nil)
	}
	own, real, realFound := shot(nil, false), shot(v25, false), shot(v25, true)
	if bytes.Equal(own, real) {
		t.Error("Erebus's textures drew the same frame as rescuekit's designs")
	}
	if bytes.Equal(real, realFound) {
		t.Error("a found sign kept its not-found picture")
	}
	if !bytes.Equal(own, shot(v26, false)) {
		t.Error("v26.1 textures were drawn in a v25.0.1 game")
	}
	// Every sign pixel of the frame is a texel of Erebus's picture (or of
	// the wall around it): the picture is drawn as loaded.
	pal := map[rgb]bool{}
	for _, c := range v25.lookup(sg.Letter, false, erebus.V25Rules).px {
		pal[c] = true
	}
	ownPal := map[rgb]bool{}
	for _, c := range newTextures().forLetter(sg.Letter).px {
		ownPal[c] = true
	}
	fresh := 0
	for k := 0; k < len(real); k += 4 {
		c := rgb{real[k+2], real[k+1], real[k]}
		if own[k] != real[k] || own[k+1] != real[k+1] || own[k+2] != real[k+2] {
			if !pal[c] {
				t.Fatalf("pixel %d: %v is no texel of %s", k/4, c, erebus.SignTextureFile(sg.Letter, false))
			}
			if !ownPal[c] {
				fresh++
			}
		}
	}
	if fresh == 0 {
		t.Error("no pixel shows a colour only Erebus's picture has")
	}
}
