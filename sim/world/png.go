package world

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"

	"github.com/rescuekit/rescuekit/geom"
)

// DrawPNG renders wld seen from above as a PNG: floors coloured by kind
// (grey plain or the tile colour, black holes, brown swamps, silver
// checkpoints, green start, passage colours; room-4 tiles darker), walls
// and curved walls in teal at their real thickness (at least 2 px),
// obstacles in grey, and signs as coloured squares carrying their letter.
// pixelsPerTile must be 8..400.
func DrawPNG(w io.Writer, wld *World, pixelsPerTile int) error {
	if wld == nil || len(wld.Tiles) == 0 {
		return errors.New("world: DrawPNG: empty world")
	}
	if pixelsPerTile < 8 || pixelsPerTile > 400 {
		return fmt.Errorf("world: DrawPNG: pixelsPerTile %d out of range 8..400", pixelsPerTile)
	}
	cols, rows := 0, 0
	for _, t := range wld.Tiles {
		cols, rows = max(cols, t.X+1), max(rows, t.Z+1)
	}
	if cols*pixelsPerTile > 16000 || rows*pixelsPerTile > 16000 {
		return fmt.Errorf("world: DrawPNG: image of %d×%d tiles at %d px per tile is too large", cols, rows, pixelsPerTile)
	}
	margin := pixelsPerTile / 4
	img := image.NewRGBA(image.Rect(0, 0, cols*pixelsPerTile+2*margin, rows*pixelsPerTile+2*margin))
	fill(img, img.Bounds(), color.RGBA{255, 255, 255, 255})
	scale := float64(pixelsPerTile) / TileSize
	left := -wld.Width*TileSize/2 - TileSize/2
	top := -wld.Height*TileSize/2 - TileSize/2
	toPx := func(p geom.Vec2) (float64, float64) {
		return (p.X-left)*scale + float64(margin), (p.Z-top)*scale + float64(margin)
	}
	toWorld := func(px, py int) geom.Vec2 {
		return geom.Vec2{X: (float64(px)+0.5-float64(margin))/scale + left, Z: (float64(py)+0.5-float64(margin))/scale + top}
	}

	for _, t := range wld.Tiles {
		if !t.Floor && !t.Trap {
			continue // no floor: outside the arena
		}
		c := wld.TileCenter(t.X, t.Z)
		x0, y0 := toPx(geom.Vec2{X: c.X - TileSize/2, Z: c.Z - TileSize/2})
		r := image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x0))+pixelsPerTile, int(math.Round(y0))+pixelsPerTile)
		fill(img, r, floorColour(t))
	}

	wallCol := color.RGBA{51, 120, 133, 255}
	ht := math.Max(WallThickness*scale/2, 1)
	for _, s := range wld.Walls {
		ax, ay := toPx(s.A)
		bx, by := toPx(s.B)
		r := image.Rect(int(math.Min(ax, bx)-ht-1), int(math.Min(ay, by)-ht-1), int(math.Max(ax, bx)+ht+2), int(math.Max(ay, by)+ht+2))
		paint(img, r, wallCol, func(px, py int) bool {
			return segDist(float64(px)+0.5, float64(py)+0.5, ax, ay, bx, by) <= ht
		})
	}
	for _, a := range wld.Arcs {
		cx, cy := toPx(a.Center)
		rad := a.Radius * scale
		r := image.Rect(int(cx-rad-ht-1), int(cy-rad-ht-1), int(cx+rad+ht+2), int(cy+rad+ht+2))
		paint(img, r, wallCol, func(px, py int) bool {
			p := toWorld(px, py)
			return arcDist(a, p)*scale <= ht
		})
	}
	for _, o := range wld.Obstacles {
		cx, cy := toPx(o.Center)
		ext := math.Hypot(o.Half.X, o.Half.Z) * scale
		r := image.Rect(int(cx-ext-1), int(cy-ext-1), int(cx+ext+2), int(cy+ext+2))
		cs, sn := math.Cos(o.Yaw), math.Sin(o.Yaw)
		paint(img, r, color.RGBA{115, 115, 115, 255}, func(px, py int) bool {
			p := toWorld(px, py)
			dx, dz := p.X-o.Center.X, p.Z-o.Center.Z
			// Inverse of the Webots yaw rotation (x' = x cos + z sin, z' = -x sin + z cos).
			lx, lz := dx*cs-dz*sn, dx*sn+dz*cs
			return math.Abs(lx) <= o.Half.X && math.Abs(lz) <= o.Half.Z
		})
	}
	k := max(1, pixelsPerTile/40)
	// Fakes (v26.1): a white square in a black frame; a blanked target is
	// invisible in Erebus and is not drawn; a target of an invalid sum has
	// no letter and shows in the unknown sign's magenta.
	for _, f := range wld.Fakes {
		cx, cy := toPx(f.Pos)
		x0, y0 := int(cx)-7*k/2, int(cy)-7*k/2
		fill(img, image.Rect(x0, y0, x0+7*k, y0+7*k), color.RGBA{0, 0, 0, 255})
		fill(img, image.Rect(x0+k, y0+k, x0+6*k, y0+6*k), color.RGBA{255, 255, 255, 255})
	}
	for _, s := range wld.Signs {
		if s.Blank {
			continue
		}
		cx, cy := toPx(s.Pos)
		x0, y0 := int(cx)-7*k/2, int(cy)-7*k/2
		fill(img, image.Rect(x0, y0, x0+7*k, y0+7*k), SignColour(s.Letter))
		glyph, ok := glyphs[s.Letter]
		if !ok {
			continue
		}
		for gy := 0; gy < 5; gy++ {
			for gx := 0; gx < 3; gx++ {
				if glyph[gy][gx] == '#' {
					fill(img, image.Rect(x0+(2+gx)*k, y0+(1+gy)*k, x0+(3+gx)*k, y0+(2+gy)*k), color.RGBA{255, 255, 255, 255})
				}
			}
		}
	}
	return png.Encode(w, img)
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

func paint(img *image.RGBA, r image.Rectangle, c color.RGBA, in func(x, y int) bool) {
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if in(x, y) {
				img.SetRGBA(x, y, c)
			}
		}
	}
}

func segDist(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l2))
	}
	return math.Hypot(px-(ax+t*dx), py-(ay+t*dy))
}

// arcDist is the distance from p to the arc a (its centre line).
func arcDist(a Arc, p geom.Vec2) float64 {
	dx, dz := p.X-a.Center.X, p.Z-a.Center.Z
	ang := math.Atan2(dz, dx)
	if angleIn(ang, a.From, a.To) {
		return math.Abs(math.Hypot(dx, dz) - a.Radius)
	}
	e1 := geom.Vec2{X: a.Center.X + a.Radius*math.Cos(a.From), Z: a.Center.Z + a.Radius*math.Sin(a.From)}
	e2 := geom.Vec2{X: a.Center.X + a.Radius*math.Cos(a.To), Z: a.Center.Z + a.Radius*math.Sin(a.To)}
	return math.Min(math.Hypot(p.X-e1.X, p.Z-e1.Z), math.Hypot(p.X-e2.X, p.Z-e2.Z))
}

// angleIn reports whether angle a lies on the counter-clockwise sweep from
// from to to (radians, any branch).
func angleIn(a, from, to float64) bool {
	span := math.Mod(to-from, 2*math.Pi)
	if span < 0 {
		span += 2 * math.Pi
	}
	d := math.Mod(a-from, 2*math.Pi)
	if d < 0 {
		d += 2 * math.Pi
	}
	return d <= span+1e-12
}

func rgb(c [3]float64) color.RGBA {
	f := func(v float64) uint8 { return uint8(math.Round(math.Max(0, math.Min(1, v)) * 255)) }
	return color.RGBA{f(c[0]), f(c[1]), f(c[2]), 255}
}

func floorColour(t Tile) color.RGBA {
	var c color.RGBA
	switch q := t.Quarter(); {
	case q.Floor == FloorHole:
		c = color.RGBA{20, 20, 20, 255}
	case q.Floor == FloorStart:
		c = rgb([3]float64{0.0313, 0.835, 0.0313})
	case q.Floor == FloorCheckpoint:
		c = color.RGBA{190, 190, 200, 255}
	case q.Floor == FloorSwamp:
		c = rgb([3]float64{0.517647, 0.392157, 0.192157})
	case q.Passage != 0 || t.Color != [3]float64{}:
		c = rgb(t.Color)
	default:
		c = rgb([3]float64{0.635, 0.635, 0.635})
	}
	if t.Room == 4 {
		c.R, c.G, c.B = uint8(int(c.R)*3/4), uint8(int(c.G)*3/4), uint8(int(c.B)*3/4)
	}
	return c
}

// SignColour is the colour drawings (world PNGs, recordings) give a sign by its letter: a display
// palette of rescuekit's, not a colour of Erebus's (the cameras see Erebus's designs).
func SignColour(letter byte) color.RGBA {
	switch letter {
	case 'H':
		return color.RGBA{210, 30, 30, 255}
	case 'S':
		return color.RGBA{220, 140, 0, 255}
	case 'U':
		return color.RGBA{30, 150, 30, 255}
	case 'F':
		return color.RGBA{255, 90, 0, 255}
	case 'P':
		return color.RGBA{130, 50, 190, 255}
	case 'C':
		return color.RGBA{50, 50, 50, 255}
	case 'O':
		return color.RGBA{200, 170, 0, 255}
	}
	return color.RGBA{255, 0, 255, 255}
}

// glyphs is a 3×5 bitmap font for the sign letters.
var glyphs = map[byte][5]string{
	'H': {"#.#", "#.#", "###", "#.#", "#.#"},
	'U': {"#.#", "#.#", "#.#", "#.#", "###"},
	'S': {"###", "#..", "###", "..#", "###"},
	'F': {"###", "#..", "##.", "#..", "#.."},
	'P': {"##.", "#.#", "##.", "#..", "#.."},
	'C': {".##", "#..", "#..", "#..", ".##"},
	'O': {".#.", "#.#", "#.#", "#.#", ".#."},
}
