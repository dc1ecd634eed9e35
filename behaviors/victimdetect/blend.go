package victimdetect

// A camera that looks at a printed design sees, at the edges of its strokes,
// pixels that blend two of its colours: a typeface's anti-aliased edge (grey
// between black ink and white paper), a placard's white words on red (pink).
// rescuekit's own designs are drawn in pure colours, so their pictures hold
// none; Erebus's PNGs (sim.LoadErebusTextures, and Webots' filtering in
// Erebus itself) hold many. Inside a sign's outline such a pixel belongs to
// the sign: blendClass names the design colour it is nearest to.

// blendRefs are the design colours a blend is made of (red, green, blue):
// white paper, black ink, and the red and yellow of the placards (each
// between rescuekit's, sim/texture.go, and Erebus's, measured in
// placard-2-flammable-gas.png (212, 0, 20) and placard-5.2-organic-peroxide.png
// (255, 199, 0)).
var blendRefs = [...]struct {
	cls     class
	r, g, b float64
}{
	{clsWhite, 255, 255, 255},
	{clsBlack, 0, 0, 0},
	{clsRed, 216, 15, 25},
	{clsYellow, 250, 207, 10},
}

// Blend tolerances: the largest squared distance (channel units) of a
// pixel from the segment between two design colours. A grey between white
// and black must be neutral within greyTol (the arena's walls, a light grey
// tinted blue, sim/texture.go colWall, are 7 off the neutral line); a blend
// with red or yellow may be colourTol off the segment, which the
// differences between the two designs' reds and yellows need.
const (
	greyTol2   = 4 * 4
	colourTol2 = 30 * 30
)

// blendClass returns the class of a pixel (blue, green, red) that blends
// two design colours (blendRefs): the class of the nearer of the two
// (clsGrey for a grey in the middle half between black and white), or
// clsOther when the pixel lies near no segment between them.
func blendClass(b, g, r uint8) class {
	fr, fg, fb := float64(r), float64(g), float64(b)
	best, bestD := clsOther, 1e18
	for i := range blendRefs {
		for j := i + 1; j < len(blendRefs); j++ {
			p, q := &blendRefs[i], &blendRefs[j]
			dr, dg, db := q.r-p.r, q.g-p.g, q.b-p.b
			t := ((fr-p.r)*dr + (fg-p.g)*dg + (fb-p.b)*db) / (dr*dr + dg*dg + db*db)
			t = max(0, min(1, t))
			er, eg, eb := fr-p.r-t*dr, fg-p.g-t*dg, fb-p.b-t*db
			d := er*er + eg*eg + eb*eb
			tol := float64(colourTol2)
			if p.cls == clsWhite && q.cls == clsBlack {
				tol = greyTol2
			}
			if d > tol || d >= bestD {
				continue
			}
			bestD = d
			switch {
			case tol == greyTol2 && t > 0.25 && t < 0.75:
				best = clsGrey
			case t > 0.5:
				best = q.cls
			default:
				best = p.cls
			}
		}
	}
	return best
}

// pixelClass is the class of pixel i of the frame as part of a sign: its
// design colour's class (without the clsBlend mark) when it has one, else
// its blend class (blendClass).
func (im *image) pixelClass(i int) class {
	if c := im.cls[i]; c != clsOther {
		return c &^ clsBlend
	}
	p := im.bgra[4*i : 4*i+3 : 4*i+3]
	return blendClass(p[0], p[1], p[2])
}
