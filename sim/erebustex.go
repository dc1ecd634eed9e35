package sim

import (
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"

	"github.com/rescuekit/rescuekit/erebus"
)

// ErebusTextures are the sign pictures of an Erebus installation, read by
// LoadErebusTextures: with Config.Textures set, the cameras draw them
// instead of rescuekit's own designs. Their zero value is not usable.
type ErebusTextures struct {
	// Dir is the folder the PNGs were read from.
	Dir string
	// Version is the installation's Erebus version: v26.1 when its
	// PROTOs include erebus.CognitiveTargetPROTO, else v25.0.1. The
	// textures are drawn only in games played under that version's rules
	// (the victims' files have the same names in both, with other
	// pictures).
	Version erebus.Version
	// Loaded names the files read; Missing the sign textures the folder
	// lacks (those signs keep rescuekit's design).
	Loaded, Missing []string
	byKey           map[texKey]*texture
}

// texKey names a sign texture: its report letter, found or not.
type texKey struct {
	letter byte
	found  bool
}

// erebusTexSize is the side (texels) a loaded picture is box-filtered to,
// about what Webots' mipmapping shows a 64×40 camera of a 16 mm sign (an
// ImageTexture filters by default, Webots imagetexture.md "filtering").
const erebusTexSize = 64

// textureDirs are where LoadErebusTextures looks in dir, with the PROTO
// folder beside each: an installation's game/protos/textures (the PROTOs
// open "./textures/NAME", erebus.SignTextureFile), a protos/textures, and
// a textures folder beside protos (the layout of ../shared/erebus).
var textureDirs = [][2]string{
	{"game/protos/textures", "game/protos"},
	{"protos/textures", "protos"},
	{"textures", "protos"},
}

// LoadErebusTextures reads the sign textures of the Erebus installation (or
// copy of its files) at dir: the victims' and, for v25.0.1, the hazmat
// placards', found and not found. It fails when dir holds none of them or
// a file cannot be decoded.
func LoadErebusTextures(dir string) (*ErebusTextures, error) {
	for _, d := range textureDirs {
		tdir := filepath.Join(dir, filepath.FromSlash(d[0]))
		if st, err := os.Stat(tdir); err != nil || !st.IsDir() {
			continue
		}
		et := &ErebusTextures{Dir: tdir, Version: erebus.V25, byKey: map[texKey]*texture{}}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(d[1]), erebus.CognitiveTargetPROTO)); err == nil {
			et.Version = erebus.V26
		}
		letters := erebus.Letters
		if et.Version == erebus.V26 {
			letters = "HSU" // v26.1 has no hazmat placards (v26 §1)
		}
		for _, l := range []byte(letters) {
			for _, found := range []bool{false, true} {
				name := erebus.SignTextureFile(l, found)
				tex, err := readTexturePNG(filepath.Join(tdir, name))
				if errors.Is(err, os.ErrNotExist) {
					et.Missing = append(et.Missing, name)
					continue
				}
				if err != nil {
					return nil, err
				}
				et.byKey[texKey{l, found}] = tex
				et.Loaded = append(et.Loaded, name)
			}
		}
		if len(et.Loaded) == 0 {
			continue
		}
		return et, nil
	}
	return nil, fmt.Errorf("sim: no Erebus sign textures (%s) in %s: want the folder holding game/protos/textures", erebus.SignTextureFile(erebus.Harmed, false), dir)
}

// readTexturePNG decodes a PNG into a texture of erebusTexSize texels,
// each the box average of the pixels it covers (alpha-weighted). A texel
// less than a quarter opaque is see-through (the wall behind shows); a
// partly transparent one (a found placard is half transparent) is mixed
// with the wall's colour, the wall a sign stands on.
func readTexturePNG(path string) (*texture, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("sim: texture %s: %w", path, err)
	}
	b := img.Bounds()
	if b.Dx() < 1 || b.Dy() < 1 || b.Dx() > 8192 || b.Dy() > 8192 {
		return nil, fmt.Errorf("sim: texture %s: %d×%d pixels, want 1…8192 each way", path, b.Dx(), b.Dy())
	}
	nrgba := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(nrgba, nrgba.Bounds(), img, b.Min, draw.Src)
	return boxTexture(nrgba, erebusTexSize), nil
}

// boxTexture box-filters img to an n×n texture (see readTexturePNG).
func boxTexture(img *image.NRGBA, n int) *texture {
	t := newTexture(n)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	for ty := 0; ty < n; ty++ {
		y0, y1 := ty*h/n, max((ty+1)*h/n, ty*h/n+1)
		for tx := 0; tx < n; tx++ {
			x0, x1 := tx*w/n, max((tx+1)*w/n, tx*w/n+1)
			var r, g, bl, a, cnt float64
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					p := img.NRGBAAt(x, y)
					al := float64(p.A) / 255
					r += float64(p.R) * al
					g += float64(p.G) * al
					bl += float64(p.B) * al
					a += al
					cnt++
				}
			}
			i := ty*n + tx
			mean := a / cnt
			if mean < 0.25 {
				if t.clear == nil {
					t.clear = make([]bool, n*n)
				}
				t.clear[i] = true
				continue
			}
			mix := func(sum float64, wall uint8) uint8 {
				return uint8(min(255, sum/cnt+(1-mean)*float64(wall)+0.5))
			}
			t.px[i] = rgb{mix(r, colWall.r), mix(g, colWall.g), mix(bl, colWall.b)}
		}
	}
	return t
}

// lookup returns the loaded texture of letter l (found or not) for a game
// under rules, or nil.
func (et *ErebusTextures) lookup(l byte, found bool, rules erebus.Rules) *texture {
	if et == nil || rules.Version != et.Version {
		return nil
	}
	if l >= 'a' && l <= 'z' {
		l -= 'a' - 'A'
	}
	return et.byKey[texKey{l, found}]
}
