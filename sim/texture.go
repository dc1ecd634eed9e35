package sim

import (
	"math"

	"github.com/rescuekit/rescuekit/signs"
)

// texSize is the side of a sign texture in texels.
const texSize = signs.GlyphSize

// rgb is a colour with 8 bits a channel.
type rgb struct{ r, g, b uint8 }

// Palette of the renderer (RGB). See the package documentation.
var (
	colWall      = rgb{205, 210, 215}
	colObstacle  = rgb{120, 85, 50}
	colSky       = rgb{45, 45, 55}
	colOutside   = rgb{70, 70, 70}
	colFloor     = rgb{162, 162, 162}
	colHole      = rgb{0, 0, 0}
	colSwamp     = rgb{140, 100, 45}
	colCheckpt   = rgb{225, 230, 240}
	colStart     = rgb{162, 162, 162}
	colWhite     = rgb{255, 255, 255}
	colBlack     = rgb{0, 0, 0}
	colRed       = rgb{220, 30, 30}
	colYellow    = rgb{245, 215, 20}
	colUnknownSg = rgb{128, 0, 128}
)

// passageColour is the floor colour of each passage letter (the tileColor
// values of docs/erebus-rules.md §3).
func passageColour(p byte) (rgb, bool) {
	f := func(r, g, b float64) rgb {
		return rgb{uint8(math.Round(r * 255)), uint8(math.Round(g * 255)), uint8(math.Round(b * 255))}
	}
	switch p {
	case 'g':
		return f(0, 0.8, 0), true
	case 'b':
		return f(0.1, 0.1, 0.9), true
	case 'p':
		return f(0.3, 0.1, 0.6), true
	case 'r':
		return f(0.9, 0.1, 0.1), true
	case 'o':
		return f(0.9, 0.6, 0.1), true
	case 'y':
		return f(0.9, 0.9, 0.1), true
	}
	return rgb{}, false
}

// texture is a sign's picture, n×n texels row-major from the top-left as
// seen from the front. clear, when not nil, marks see-through texels (the
// transparent corners of a cognitive target's plane).
type texture struct {
	n     int
	px    []rgb
	clear []bool
}

func newTexture(n int) *texture { return &texture{n: n, px: make([]rgb, n*n)} }

// at returns the texel at (u, v), both 0..1 from the top-left; ok is false
// where the texture is transparent.
func (t *texture) at(u, v float64) (c rgb, ok bool) {
	i := clampInt(int(v*float64(t.n)), 0, t.n-1)*t.n + clampInt(int(u*float64(t.n)), 0, t.n-1)
	if t.clear != nil && t.clear[i] {
		return rgb{}, false
	}
	return t.px[i], true
}

// fill sets every texel to f(u, v), u and v the texel centre's offset from
// the middle (−0.5..0.5, v down).
func (t *texture) fill(f func(u, v float64) rgb) {
	for y := 0; y < t.n; y++ {
		for x := 0; x < t.n; x++ {
			t.px[y*t.n+x] = f((float64(x)+0.5)/float64(t.n)-0.5, (float64(y)+0.5)/float64(t.n)-0.5)
		}
	}
}

// textures holds one texture per sign letter, and the v26.1 textures made
// on demand (cognitive targets by code, Φ Ψ Ω victims, fakes).
type textures struct {
	byLetter map[byte]*texture
	unknown  *texture
	v26      map[string]*texture
	// erebus, when not nil, are Erebus's own pictures (Config.Textures).
	erebus *ErebusTextures
}

func newTextures() *textures {
	t := &textures{byLetter: map[byte]*texture{}, v26: map[string]*texture{}}
	for l, g := range signs.Glyphs {
		tx := newTexture(texSize)
		for y := 0; y < texSize; y++ {
			for x := 0; x < texSize; x++ {
				c := colWhite
				if g[y][x] == '#' {
					c = colBlack
				}
				tx.px[y*texSize+x] = c
			}
		}
		t.byLetter[l] = tx
	}
	for _, l := range []byte{'F', 'P', 'C', 'O'} {
		tx := newTexture(texSize)
		tx.fill(func(u, v float64) rgb { return hazardTexel(l, u, v) })
		t.byLetter[l] = tx
	}
	unk := newTexture(texSize)
	unk.fill(func(u, v float64) rgb { return colUnknownSg })
	t.unknown = unk
	return t
}

// hazardTexel is the colour of a hazard sign at (u, v), both in −0.5..0.5
// from the centre (v down): a diamond |u|+|v| ≤ 0.46 with a black rim on a
// white square.
func hazardTexel(l byte, u, v float64) rgb {
	m := math.Abs(u) + math.Abs(v)
	if m > 0.46 {
		return colWhite
	}
	if m > 0.40 {
		return colBlack
	}
	switch l {
	case 'F': // flammable: red diamond
		return colRed
	case 'P': // poison: white diamond, black centre disc
		if u*u+v*v < 0.14*0.14 {
			return colBlack
		}
		return colWhite
	case 'C': // corrosive: white top half, black bottom half
		if v < 0 {
			return colWhite
		}
		return colBlack
	case 'O': // organic peroxide: red top half, yellow bottom half
		if v < 0 {
			return colRed
		}
		return colYellow
	}
	return colUnknownSg
}

// forLetter returns the texture of a sign letter (H S U F P C O); any other
// letter gets a plain purple square.
func (t *textures) forLetter(l byte) *texture {
	if l >= 'a' && l <= 'z' {
		l -= 'a' - 'A'
	}
	if tx, ok := t.byLetter[l]; ok {
		return tx
	}
	return t.unknown
}
