package victimdetect

import (
	"math"

	"github.com/rescuekit/rescuekit/plugins/sdk/signs"
)

// Pixel classes of a sign's picture.
type class uint8

const (
	clsOther  class = iota
	clsWhite        // the sign's paper
	clsBlack        // letters, hazard rims and fills
	clsRed          // F, top of O
	clsYellow       // bottom of O
)

// classify returns the class of one BGRA pixel. The thresholds separate the
// sign colours (pure white, black, red, yellow) from every other colour the
// arena shows: walls are at most (205,210,215), checkpoints (225,230,240),
// the sky (45,45,55).
func classify(b, g, r uint8) class {
	switch {
	case r >= 240 && g >= 240 && b >= 240:
		return clsWhite
	case r <= 40 && g <= 40 && b <= 40:
		return clsBlack
	case r >= 160 && g <= 90 && b <= 90:
		return clsRed
	case r >= 190 && g >= 180 && b <= 90:
		return clsYellow
	}
	return clsOther
}

// blob is one sign-like region of a camera image.
type blob struct {
	// x0, x1, y0, y1 are the inclusive pixel bounds.
	x0, x1, y0, y1 int
	// top[i], bot[i] are the first and last sign row of column x0+i.
	top, bot []int
	// vtop[i], vbot[i] are the continuous top and bottom boundaries of
	// the sign in column x0+i: top[i] and bot[i]+1, or, in a column cut by
	// the image's top or bottom border, where the sign's edge must be.
	vtop, vbot []float64
	n          int // pixels in the component
	white      int // white pixels
	// cutSide, cutTop, cutBottom: the blob touches these image borders;
	// ok is false when its shape cannot be completed.
	cutSide, cutTop, cutBottom bool
	ok                         bool
	label                      int32
}

func (b *blob) w() int { return b.x1 - b.x0 + 1 }

// h is the sign's height in pixels, borders completed.
func (b *blob) h() float64 {
	m := 0.0
	for i := range b.vtop {
		m = max(m, b.vbot[i]-b.vtop[i])
	}
	return m
}

// Heights of a sign's edges relative to the cameras (RULES.md §2.2: signs
// are 0.016 m squares centred 0.03 m above the floor, as in every shipped
// and generated world; the cameras are 0.028 m above the floor): the top is
// 0.010 m above the optical axis, the bottom 0.006 m below.
const (
	signTopAbove    = 0.010
	signBottomBelow = 0.006
)

// image is one decoded camera frame: a class per pixel.
type image struct {
	w, h int
	cls  []class
	bgra []byte
	lab  []int32 // component label per pixel, 0 none
}

// load classifies the pixels of a BGRA frame into im, reusing its buffers.
func (im *image) load(bgra []byte, w, h int) bool {
	if w <= 0 || h <= 0 || len(bgra) < w*h*4 {
		return false
	}
	im.w, im.h, im.bgra = w, h, bgra
	n := w * h
	if cap(im.cls) < n {
		im.cls = make([]class, n)
		im.lab = make([]int32, n)
	}
	im.cls, im.lab = im.cls[:n], im.lab[:n]
	for i := 0; i < n; i++ {
		p := bgra[4*i : 4*i+3]
		im.cls[i] = classify(p[0], p[1], p[2])
		im.lab[i] = 0
	}
	return true
}

// maxBlobs bounds the regions examined in one frame, so that a frame full
// of noise cannot blow the step's time budget.
const maxBlobs = 24

// blobs finds the connected regions (4-connected) of sign-coloured pixels
// that contain white paper, appending them to dst (at most maxBlobs).
// stack is scratch space.
func (im *image) blobs(dst []blob, stack []int32) ([]blob, []int32) {
	w, h := im.w, im.h
	label := int32(0)
	for start := range im.cls {
		if im.cls[start] != clsWhite || im.lab[start] != 0 {
			continue
		}
		if label == maxBlobs {
			break
		}
		label++
		b := blob{x0: w, y0: h, x1: -1, y1: -1, label: label}
		stack = append(stack[:0], int32(start))
		im.lab[start] = label
		for len(stack) > 0 {
			p := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			x, y := p%w, p/w
			b.n++
			if im.cls[p] == clsWhite {
				b.white++
			}
			b.x0, b.x1 = min(b.x0, x), max(b.x1, x)
			b.y0, b.y1 = min(b.y0, y), max(b.y1, y)
			push := func(q int) {
				if im.cls[q] != clsOther && im.lab[q] == 0 {
					im.lab[q] = label
					stack = append(stack, int32(q))
				}
			}
			if x > 0 {
				push(p - 1)
			}
			if x < w-1 {
				push(p + 1)
			}
			if y > 0 {
				push(p - w)
			}
			if y < h-1 {
				push(p + w)
			}
		}
		b.cutSide = b.x0 == 0 || b.x1 == w-1
		b.cutTop, b.cutBottom = b.y0 == 0, b.y1 == h-1
		b.top = make([]int, b.w())
		b.bot = make([]int, b.w())
		for i := range b.top {
			b.top[i], b.bot[i] = -1, -1
			x := b.x0 + i
			for y := b.y0; y <= b.y1; y++ {
				if im.lab[y*w+x] == label {
					if b.top[i] < 0 {
						b.top[i] = y
					}
					b.bot[i] = y
				}
			}
		}
		b.complete(h)
		dst = append(dst, b)
	}
	return dst, stack
}

// complete fills vtop and vbot. A sign cut by the top (or bottom) border of
// an image h pixels high has its missing edge where the geometry puts it:
// the visible edge's distance from the optical axis times 10/6 (or 6/10).
// A blob cut on both, or on a side, is not completed (ok false).
func (b *blob) complete(h int) {
	b.vtop = make([]float64, len(b.top))
	b.vbot = make([]float64, len(b.top))
	b.ok = !b.cutSide && !(b.cutTop && b.cutBottom)
	mid := float64(h) / 2
	for i := range b.top {
		if b.top[i] < 0 {
			b.ok = false
			continue
		}
		b.vtop[i], b.vbot[i] = float64(b.top[i]), float64(b.bot[i]+1)
		switch {
		case b.top[i] == 0 && b.cutTop:
			below := b.vbot[i] - mid
			if below < 1 {
				b.ok = false
				continue
			}
			b.vtop[i] = mid - below*signTopAbove/signBottomBelow
		case b.bot[i] == h-1 && b.cutBottom:
			above := mid - b.vtop[i]
			if above < 1 {
				b.ok = false
				continue
			}
			b.vbot[i] = mid + above*signBottomBelow/signTopAbove
		}
	}
}

// fill is the fraction of the blob's column spans that belong to it: 1 for
// a clean quadrilateral.
func (im *image) fill(b *blob) float64 {
	tot, in := 0, 0
	for i := range b.top {
		if b.top[i] < 0 {
			return 0
		}
		for y := b.top[i]; y <= b.bot[i]; y++ {
			tot++
			if im.lab[y*im.w+b.x0+i] == b.label {
				in++
			}
		}
	}
	if tot == 0 {
		return 0
	}
	return float64(in) / float64(tot)
}

// heights returns the sign's height in pixels at its left and right edges
// (continuous columns x0 and x1+1), from a least-squares line through the
// column spans.
func (b *blob) heights() (hl, hr float64) {
	n := float64(len(b.top))
	var sx, sy, sxx, sxy float64
	for i := range b.top {
		x := float64(i) + 0.5
		y := b.vbot[i] - b.vtop[i]
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	den := n*sxx - sx*sx
	if n < 3 || den == 0 {
		m := sy / n
		return m, m
	}
	k := (n*sxy - sx*sy) / den
	c := (sy - k*sx) / n
	return math.Max(c, 1), math.Max(c+k*n, 1)
}

// texSize is the side of the reference pictures.
const texSize = signs.GlyphSize

// template is a sign's reference picture as pixel classes, row-major from
// the top-left seen from the front.
type template [texSize * texSize]class

// hazardClass is the class of hazard l at (u, v), both −0.5..0.5 from the
// sign's centre (v down): a diamond |u|+|v| ≤ 0.46 with a black rim from
// 0.40 on white paper; F red, P white with a black centre disc of radius
// 0.14, C white above and black below, O red above and yellow below.
func hazardClass(l byte, u, v float64) class {
	m := math.Abs(u) + math.Abs(v)
	switch {
	case m > 0.46:
		return clsWhite
	case m > 0.40:
		return clsBlack
	}
	switch l {
	case 'F':
		return clsRed
	case 'P':
		if u*u+v*v < 0.14*0.14 {
			return clsBlack
		}
		return clsWhite
	case 'C':
		if v < 0 {
			return clsWhite
		}
		return clsBlack
	case 'O':
		if v < 0 {
			return clsRed
		}
		return clsYellow
	}
	return clsOther
}

// templates are the seven signs in the order of signs.Letters.
var templates = func() [7]template {
	var ts [7]template
	for k, l := range []byte("HSUFPCO") {
		t := &ts[k]
		for y := range texSize {
			for x := range texSize {
				if rows, ok := signs.Glyphs[l]; ok {
					t[y*texSize+x] = clsWhite
					if rows[y][x] == '#' {
						t[y*texSize+x] = clsBlack
					}
					continue
				}
				t[y*texSize+x] = hazardClass(l, (float64(x)+0.5)/texSize-0.5, (float64(y)+0.5)/texSize-0.5)
			}
		}
	}
	return ts
}()

// match scores the blob against every template: the fraction of the
// blob's pixels whose class equals the template's at the same place. Each
// column's span is mapped to the sign's full height, and columns are mapped
// across the sign projectively from the heights at its two edges, so an
// oblique view is undistorted. The sign's true edges lie within half a
// pixel of the blob's bounds; for small blobs every template is tried with
// each edge moved by ±0.35 pixel and keeps its best score.
func (im *image) match(b *blob) (scores [7]float64) {
	hl, hr := b.heights()
	offs := []float64{-0.35, 0, 0.35}
	if b.h() >= 16 || b.cutTop || b.cutBottom {
		offs = offs[1:2]
	}
	total := 0
	for i := range b.top {
		if b.top[i] >= 0 {
			total += b.bot[i] - b.top[i] + 1
		}
	}
	if total == 0 {
		return scores
	}
	for _, dl := range offs {
		for _, dr := range offs {
			left := float64(b.x0) + dl
			width := float64(b.x1+1) + dr - left
			for _, dt := range offs {
				for _, db := range offs {
					var hits [7]int
					for i := range b.top {
						if b.top[i] < 0 {
							continue
						}
						a := float64(b.x0+i) + 0.5 - left
						if a < 0 || a >= width {
							continue
						}
						u := hr * a / (hr*a + hl*(width-a))
						tu := min(int(u*texSize), texSize-1)
						top := b.vtop[i] + dt
						span := b.vbot[i] + db - top
						for y := b.top[i]; y <= b.bot[i]; y++ {
							v := (float64(y) + 0.5 - top) / span
							if v < 0 || v >= 1 {
								continue
							}
							tv := int(v * texSize)
							c := im.cls[y*im.w+b.x0+i]
							k := tv*texSize + tu
							for t := range templates {
								if templates[t][k] == c {
									hits[t]++
								}
							}
						}
					}
					for t := range scores {
						scores[t] = max(scores[t], float64(hits[t])/float64(total))
					}
				}
			}
		}
	}
	return scores
}
