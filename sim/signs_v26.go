package sim

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/signs"
	"github.com/rescuekit/rescuekit/sim/world"
)

// What the simulator draws for Erebus v26.1 (docs/erebus-v26.md §11, §12): cognitive
// targets, the Φ Ψ Ω victims and fake victims. The designs are rescuekit's
// own, built from the geometry the rules give; Erebus's PNGs are only
// compared with them in tests.

// targetRadius is a target texture's radius in texels: the texture is
// 2·targetRadius texels across and ring i spans radii (targetRadius −
// (i+1)·ring, targetRadius − i·ring], ring = targetRadius/5, as the v26.1
// supervisor draws its 1024-pixel image (radius 512, ring 512//5 = 102,
// MainSupervisor.py v26 l.222-227) but with rings of equal width.
const targetRadius = 80

// victimTexSize is the side of a Φ Ψ Ω victim texture in texels.
const victimTexSize = 64

// Colours of v26.1 signs.
var (
	// colGlyphFound is a found victim's glyph: grey 115 on white (the
	// victim_*_found.png textures, v26 §11).
	colGlyphFound = rgb{115, 115, 115}
	// colFakeFront and colFakeSide are a fake's letter, metalness 1 without
	// image-based light, so dark (Fake.proto l.46-60, v26 §12: inference),
	// its front face and its 4.8 mm sides.
	colFakeFront = rgb{24, 24, 24}
	colFakeSide  = rgb{48, 48, 48}
)

// fakeRelief is how far a fake's letter stands proud of its plate (m): the
// 6-unit-deep STL meshes scaled by 0.0008 (Fake.proto l.46-60, v26 §12).
const fakeRelief = 6 * 0.0008

// targetTexel is the colour of ring letter c, found or not: the BGRA colours
// of MainSupervisor.py v26 l.212-218 (erebus.TargetRingRGB), and for a
// found target each channel n → n+50 if n is 0, else n−25 (l.237).
func targetTexel(c byte, found bool) rgb {
	r, g, b, _ := erebus.TargetRingRGB(c)
	col := rgb{r, g, b}
	if found {
		f := func(n uint8) uint8 {
			if n == 0 {
				return 50
			}
			return n - 25
		}
		col = rgb{f(col.r), f(col.g), f(col.b)}
	}
	return col
}

// newTargetTexture draws a cognitive target: filled circles from the outside
// in, type[0] the outermost ring and type[4] the centre disc, transparent
// outside the outer circle (MainSupervisor.py v26 l.220-227). A code that is
// not five ring letters draws nothing (nil): the supervisor blanks it.
func newTargetTexture(code string, found bool) *texture {
	if !erebus.ValidTargetCode(code) {
		return nil
	}
	n := 2 * targetRadius
	t := newTexture(n)
	t.clear = make([]bool, n*n)
	ring := float64(targetRadius) / erebus.TargetRings
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			dx, dy := float64(x)+0.5-targetRadius, float64(y)+0.5-targetRadius
			r := math.Hypot(dx, dy)
			i := int((targetRadius - r) / ring)
			if r > targetRadius {
				t.clear[y*n+x] = true
				continue
			}
			t.px[y*n+x] = targetTexel(code[min(i, erebus.TargetRings-1)], found)
		}
	}
	return t
}

// newVictim26Texture draws a v26.1 victim: its glyph black on white, grey
// when found.
func newVictim26Texture(l byte, found bool) *texture {
	t := newTexture(victimTexSize)
	ink := colBlack
	if found {
		ink = colGlyphFound
	}
	t.fill(func(u, v float64) rgb {
		if signs.GreekInk(l, u, v) {
			return ink
		}
		return colWhite
	})
	return t
}

// fakeGlyph maps a Fake's type to the victim letter whose glyph it shows
// (update_maps_with_fakes.py l.20-26: harmed → phi, stable → psi, unharmed
// → omega).
func fakeGlyph(typ string) byte {
	switch typ {
	case "phi":
		return erebus.Harmed
	case "psi":
		return erebus.Stable
	}
	return erebus.Unharmed // "omega", the Fake.proto default
}

// newFakeTexture draws a fake's plate as seen face on: the self-lit white
// plate (emissiveColor 1 1 1, Fake.proto l.32-45) with the letter's front
// face, 12.8 mm of the 16 mm plate (v26 §12). The camera draws the letter's
// relief from it (signGeom.texel).
func newFakeTexture(typ string) *texture {
	t := newTexture(victimTexSize)
	l := fakeGlyph(typ)
	const scale = 16.0 / 12.8 // the letter spans 12.8 of the plate's 16 mm
	t.fill(func(u, v float64) rgb {
		if signs.GreekInk(l, u*scale*0.83, v*scale*0.83) {
			return colFakeFront
		}
		return colWhite
	})
	return t
}

// forSign returns the texture of a sign under the rules it is played in,
// or nil when the sign is not drawn (a blanked target). v26.1 draws
// cognitive targets by code and victims as Φ Ψ Ω, found ones in their
// found colours; v25.0.1 draws the letter textures.
func (t *textures) forSign(s *world.Sign, rules erebus.Rules) *texture {
	if s.Blank {
		return nil
	}
	if !s.Target {
		if tx := t.erebus.lookup(s.Letter, s.Found, rules); tx != nil {
			return tx
		}
	}
	key := ""
	var build func() *texture
	switch {
	case s.Target:
		key = "target:" + s.Type
		found := s.Found
		build = func() *texture { return newTargetTexture(s.Type, found) }
	case rules.Version == erebus.V26 && s.Kind == world.Victim && erebus.VictimType(s.Letter) != "":
		key = "victim:" + string(s.Letter)
		l, found := s.Letter, s.Found
		build = func() *texture { return newVictim26Texture(l, found) }
	case s.Found && s.Kind == world.Victim && erebus.VictimType(s.Letter) != "":
		// v25.0.1's found victim textures: the letter grey 116 (v26 §11).
		key = "v25victim:" + string(s.Letter)
		base := t.forLetter(s.Letter)
		build = func() *texture {
			tx := newTexture(base.n)
			for i, c := range base.px {
				if c == colBlack {
					c = rgb{116, 116, 116}
				}
				tx.px[i] = c
			}
			return tx
		}
	default:
		return t.forLetter(s.Letter)
	}
	if s.Found {
		key += ":found"
	}
	if tx, ok := t.v26[key]; ok {
		return tx
	}
	tx := build()
	if tx == nil {
		return nil
	}
	t.v26[key] = tx
	return tx
}

// forFake returns a fake's plate texture.
func (t *textures) forFake(f *world.Fake) *texture {
	key := "fake:" + f.Type
	if tx, ok := t.v26[key]; ok {
		return tx
	}
	tx := newFakeTexture(f.Type)
	t.v26[key] = tx
	return tx
}

// signSide is the side of a sign's square (m): a cognitive target's plane
// is 0.04 (CognitiveTarget.proto l.39), a victim, a placard or a fake's
// plate 0.016 (Victim.proto, HazardMap.proto, Fake.proto l.32-45).
func signSide(s *world.Sign) float64 {
	if s.Target {
		return erebus.CognitiveTargetSize
	}
	return world.SignSize
}

// newSignGeom is the renderer's view of sign i of w: ok is false when it is
// not drawn (no normal, or a blanked target).
func newSignGeom(w *world.World, i int, rules erebus.Rules, texs *textures) (signGeom, bool) {
	sg := &w.Signs[i]
	tex := texs.forSign(sg, rules)
	if tex == nil {
		return signGeom{}, false
	}
	g, ok := placeSign(sg.Pos, sg.Normal, sg.Y, signSide(sg), tex)
	g.src = i
	return g, ok
}

// showFound switches sign i of the world (an index in World.Signs, as the
// referee's Output.Found gives it) to its found texture, as Erebus does
// when it sets the node's found field (MainSupervisor.py v26 l.635;
// Victim.py l.99-106; CognitiveTarget.proto l.13-19). The world itself is
// not modified.
func (s *Sim) showFound(i int) {
	if i < 0 || i >= len(s.w.Signs) {
		return
	}
	found := s.w.Signs[i]
	found.Found = true
	for k := range s.geo.signs {
		if g := &s.geo.signs[k]; g.src == i && g.raised == 0 {
			if tex := s.geo.texs.forSign(&found, s.geo.rules); tex != nil {
				g.tex = tex
			}
		}
	}
}

// newFakeGeom is the renderer's view of a fake: its plate, with the letter
// standing fakeRelief proud of it towards the side it faces.
func newFakeGeom(f *world.Fake, texs *textures) (signGeom, bool) {
	g, ok := placeSign(f.Pos, f.Normal, f.Y, world.SignSize, texs.forFake(f))
	g.raised, g.src = fakeRelief, -1
	return g, ok
}

func placeSign(pos, n geom.Vec2, y, side float64, tex *texture) (signGeom, bool) {
	l := math.Hypot(n.X, n.Z)
	if l < 1e-9 {
		return signGeom{}, false
	}
	n = geom.Vec2{X: n.X / l, Z: n.Z / l}
	// The bounds leave room for a fake's relief.
	h := side/2 + fakeRelief
	s := signGeom{pos: pos, n: n, t: geom.Vec2{X: n.Z, Z: -n.X}, y: y, tex: tex, size: side}
	s.min = geom.Vec2{X: pos.X - h, Z: pos.Z - h}
	s.max = geom.Vec2{X: pos.X + h, Z: pos.Z + h}
	return s, true
}

// reliefHit is where a ray meets a fake's raised letter: the horizontal
// distance of the first of the samples from the letter's front face to the
// plate (t) that falls on the letter, ok false when the ray misses it. o, d,
// y0 and slope are the ray's origin, unit horizontal direction, height and
// rise per horizontal metre.
func (s *signGeom) reliefHit(o, d geom.Vec2, y0, slope, t float64) (float64, bool) {
	dn := -(d.X*s.n.X + d.Z*s.n.Z)
	if s.raised <= 0 || dn <= 1e-9 {
		return 0, false
	}
	tf := t - s.raised/dn
	const steps = 8
	for i := 0; i <= steps; i++ {
		ti := tf + (t-tf)*float64(i)/steps
		px, pz := o.X+ti*d.X-s.pos.X, o.Z+ti*d.Z-s.pos.Z
		u := (px*s.t.X+pz*s.t.Z)/s.size + 0.5
		v := (s.y + s.size/2 - (y0 + slope*ti)) / s.size
		if u < 0 || u >= 1 || v < 0 || v >= 1 {
			continue
		}
		if c, ok := s.tex.at(u, v); ok && c == colFakeFront {
			return ti, true
		}
	}
	return 0, false
}

// texel is the colour a camera ray sees on sign s, or ok false where the
// ray passes the sign (above, below, or through a transparent texel). o is
// the camera's position, d the ray's unit horizontal direction, camY its
// height and slope its rise per horizontal metre; t and u are where the ray
// meets the sign's plane (distance, 0..1 across). For a fake the ray is
// marched from the letter's front face, fakeRelief before the plate, to the
// plate: the letter's front, then its sides, hide the plate behind them.
func (s *signGeom) texel(o, d geom.Vec2, camY, slope, t, u float64) (rgb, bool) {
	vAt := func(t float64) float64 { return (s.y + s.size/2 - (camY + slope*t)) / s.size }
	if th, ok := s.reliefHit(o, d, camY, slope, t); ok {
		if dn := -(d.X*s.n.X + d.Z*s.n.Z); th <= t-s.raised/dn+1e-12 {
			return colFakeFront, true
		}
		return colFakeSide, true
	}
	v := vAt(t)
	if v < 0 || v >= 1 {
		return rgb{}, false
	}
	return s.tex.at(u, v)
}
