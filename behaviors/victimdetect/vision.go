package victimdetect

import (
	"encoding/binary"
	"math"

	"github.com/rescuekit/rescuekit/signs"
)

// Pixel classes of a sign's picture.
type class uint8

const (
	clsOther  class = iota
	clsWhite        // the sign's paper
	clsBlack        // letters, hazard rims and fills
	clsRed          // F, top of O
	clsYellow       // bottom of O
	// clsGrey is a neutral grey halfway between black and white inside a
	// sign (blendClass): an anti-aliased edge, or the grey ink of an
	// Erebus victim once found. It belongs to the sign but matches no
	// template texel.
	clsGrey
	// clsBlend marks (or-ed with its class) a pixel of a blob that blends
	// the design's colours (blendClass); the template lanes read the
	// class in the low three bits.
	clsBlend class = 8
)

// classRanges define the pixel classes of a BGRA pixel: a pixel whose
// blue, green and red lie within an entry's inclusive bounds has its class,
// the first entry that fits winning; a pixel that fits none is clsOther.
// The thresholds separate the sign colours (pure white, black, red, yellow)
// from every other colour the arena shows: walls are at most
// (205,210,215), checkpoints (225,230,240), the sky (45,45,55).
var classRanges = [...]struct {
	cls    class
	lo, hi [3]uint8 // blue, green, red
}{
	{clsWhite, [3]uint8{240, 240, 240}, [3]uint8{255, 255, 255}},
	{clsBlack, [3]uint8{0, 0, 0}, [3]uint8{40, 40, 40}},
	{clsRed, [3]uint8{0, 0, 160}, [3]uint8{90, 90, 255}},
	{clsYellow, [3]uint8{0, 180, 190}, [3]uint8{90, 255, 255}},
}

// chanMask[ch][v] has bit j set when value v of channel ch (blue, green,
// red) lies within classRanges[j]; maskClass[m] is the class of the lowest
// bit of m. A pixel's class is maskClass of the AND of its three channel
// masks: three table loads instead of a chain of comparisons.
var chanMask, maskClass = func() (cm [3][256]uint8, mc [1 << len(classRanges)]class) {
	for ch := range cm {
		for v := range cm[ch] {
			for j, cr := range classRanges {
				if uint8(v) >= cr.lo[ch] && uint8(v) <= cr.hi[ch] {
					cm[ch][v] |= 1 << j
				}
			}
		}
	}
	for m := range mc {
		for j := len(classRanges) - 1; j >= 0; j-- {
			if m&(1<<j) != 0 {
				mc[m] = classRanges[j].cls
			}
		}
	}
	return cm, mc
}()

// classify returns the class of one BGRA pixel (see classRanges).
func classify(b, g, r uint8) class {
	return maskClass[chanMask[0][b]&chanMask[1][g]&chanMask[2][r]&(1<<len(classRanges)-1)]
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
	// blended is set when the blob holds blends of the design's colours
	// (blend.go): a design drawn with anti-aliased edges, such as
	// Erebus's PNGs, which the tolerant readings serve. rescuekit's own
	// designs are drawn in pure colours.
	blended bool
	ok      bool
	label   int32
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

// Heights of a sign's edges relative to the cameras (docs/erebus-rules.md §2.2: signs
// are 0.016 m squares centred 0.03 m above the floor, as in every shipped
// and generated world; the cameras are 0.028 m above the floor): the top is
// 0.010 m above the optical axis, the bottom 0.006 m below.
const (
	signTopAbove    = 0.010
	signBottomBelow = 0.006
)

// image is one decoded camera frame: a class per pixel (none when the
// frame holds no white paper, see load).
type image struct {
	w, h int
	cls  []class
	bgra []byte
	lab  []int32 // component label per pixel, 0 none
	// whites are the indices of the white pixels, in order; labelled
	// tells whether lab (to its capacity) may hold a label.
	whites []int32
	// colours are the indices of the red and yellow pixels, in order:
	// the seeds of a placard that shows no white (placard.go).
	colours  []int32
	labelled bool
	ms       matchScratch
}

// whiteMask selects the high nibbles of blue, green and red of a BGRA
// pixel read as a little-endian uint32: the pixel is white paper (all
// three at least 240, classRanges[0]) exactly when they are all set.
const whiteMask = 0x00F0F0F0

// hasWhite reports whether the BGRA pixels px hold a white one.
func hasWhite(px []byte) bool {
	for len(px) >= 8 {
		v := binary.LittleEndian.Uint64(px)
		if uint32(v)&whiteMask == whiteMask || uint32(v>>32)&whiteMask == whiteMask {
			return true
		}
		px = px[8:]
	}
	return len(px) >= 4 && binary.LittleEndian.Uint32(px)&whiteMask == whiteMask
}

// load classifies the pixels of a BGRA frame into im, reusing its buffers.
// A frame without white paper holds no sign, so its pixels are left
// unclassified: cls and lab are empty, and blobs finds nothing.
func (im *image) load(bgra []byte, w, h int) bool {
	// len(bgra) >= 4*w*h, written so that w*h cannot overflow.
	if w <= 0 || h <= 0 || w > len(bgra)/4 || h > len(bgra)/4/w {
		return false
	}
	im.w, im.h, im.bgra = w, h, bgra
	n := w * h
	if im.labelled {
		clear(im.lab[:cap(im.lab)])
		im.labelled = false
	}
	im.whites, im.colours = im.whites[:0], im.colours[:0]
	if !hasWhite(bgra[:4*n]) && !hasPlacardColour(bgra[:4*n]) {
		im.cls, im.lab = im.cls[:0], im.lab[:0]
		return true
	}
	if cap(im.cls) < n {
		im.cls = make([]class, n)
		im.lab = make([]int32, n)
	}
	im.cls, im.lab = im.cls[:n], im.lab[:n]
	cls, px := im.cls, bgra[:4*n]
	for i := range cls {
		p := px[4*i : 4*i+3 : 4*i+3]
		c := classify(p[0], p[1], p[2])
		cls[i] = c
		switch c {
		case clsWhite:
			im.whites = append(im.whites, int32(i))
		case clsRed, clsYellow:
			im.colours = append(im.colours, int32(i))
		}
	}
	return true
}

// hasPlacardColour reports whether the BGRA pixels px hold a red or yellow
// one (isPlacardColour). A pixel read as a little-endian uint32 can be one
// only when its red's top bit is set and its blue's clear (red at least
// 160, blue at most 90), which one mask tests.
func hasPlacardColour(px []byte) bool {
	const mask, want = 0x00800080, 0x00800000
	for i := 0; i+3 < len(px); i += 4 {
		if binary.LittleEndian.Uint32(px[i:])&mask == want && isPlacardColour(px[i], px[i+1], px[i+2]) {
			return true
		}
	}
	return false
}

// maxBlobs bounds the regions examined in one frame, so that a frame full
// of noise cannot blow the step's time budget.
const maxBlobs = 24

// blobs finds the connected regions (4-connected) of sign-coloured pixels
// that contain white paper, then those that contain a placard's red or
// yellow and no white, appending them to dst (at most maxBlobs).
// stack is scratch space. The column slices of the blobs in dst's spare
// capacity are reused.
func (im *image) blobs(dst []blob, stack []int32) ([]blob, []int32) {
	w, h := im.w, im.h
	label := int32(0)
scan:
	for _, seeds := range [2][]int32{im.whites, im.colours} { // every white pixel, in order, then every red or yellow one
		for _, start := range seeds {
			if im.lab[start] != 0 {
				continue
			}
			if label == maxBlobs {
				break scan
			}
			label++
			im.labelled = true
			var old blob
			if len(dst) < cap(dst) {
				old = dst[: len(dst)+1 : len(dst)+1][len(dst)]
			}
			b := blob{x0: w, y0: h, x1: -1, y1: -1, label: label, top: old.top, bot: old.bot, vtop: old.vtop, vbot: old.vbot}
			stack = append(stack[:0], start)
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
					if im.lab[q] != 0 {
						return
					}
					if im.cls[q] == clsOther {
						// A blend of the design's colours joins the
						// sign, as the colour it is nearest to (blend.go),
						// marked as a blend.
						if c := im.pixelClass(q); c != clsOther {
							im.cls[q] = c | clsBlend
						}
					}
					if c := im.cls[q]; c != clsOther {
						b.blended = b.blended || c&clsBlend != 0
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
			b.top = resized(b.top, b.w())
			b.bot = resized(b.bot, b.w())
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
	}
	return dst, stack
}

// resized returns s with length n and every element zero, reusing its
// storage when it is large enough.
func resized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// complete fills vtop and vbot. A sign cut by the top (or bottom) border of
// an image h pixels high has its missing edge where the geometry puts it:
// the visible edge's distance from the optical axis times 10/6 (or 6/10).
// A blob cut on both, or on a side, is not completed (ok false).
func (b *blob) complete(h int) {
	b.vtop = resized(b.vtop, len(b.top))
	b.vbot = resized(b.vbot, len(b.top))
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
			// A pixel of the blob, or one that blends the design's
			// colours (blend.go) in its outline.
			if k := y*im.w + b.x0 + i; im.lab[k] == b.label || b.blended && im.pixelClass(k) != clsOther {
				in++
			}
		}
	}
	if tot == 0 {
		return 0
	}
	return float64(in) / float64(tot)
}

// greyInk reports whether blob b's ink is grey (clsGrey) more than black:
// a victim already found (Erebus's victim_*_found.png, rescuekit's found
// designs).
func (im *image) greyInk(b *blob) bool {
	black, grey := 0, 0
	for i := range b.top {
		for y := b.top[i]; y >= 0 && y <= b.bot[i]; y++ {
			switch im.pixelClass(y*im.w + b.x0 + i) {
			case clsBlack:
				black++
			case clsGrey:
				grey++
			}
		}
	}
	return grey > black
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

// Lanes of the template match. A laneSet's table lanes[c<<shift|k] holds,
// for a pixel of class c at texel k, a 1 in the lane of each template t
// whose texel k is c: 16 bits per lane, templates 0-3 in word 0, 4-7 in
// word 1 and 8-11 in word 2, so that adding the entries of a run of pixels counts the hits
// of all its templates at once. Entries size*size and on of a class are
// zero: the texel row offset size*size (noRow) stands for a pixel outside
// the sign's height, which hits nothing.
const (
	laneBits = 16
	laneMax  = 1<<laneBits - 1 // largest count a lane holds
	// maxLaneTemplates is the most templates one laneSet holds.
	maxLaneTemplates = 12
)

// laneSet is a set of templates of one size prepared for matchLanes.
type laneSet struct {
	size  int // side of the templates in texels
	shift int // class shift: 1<<shift > noRow+size-1
	n     int // templates
	lanes [][3]uint64
}

// noRow is the texel row offset of a pixel outside the sign's height.
func (ls *laneSet) noRow() int32 { return int32(ls.size * ls.size) }

// newLaneSet prepares n templates of side size, whose texel k of template
// t has class at(t, k).
func newLaneSet(size, n int, at func(t, k int) class) *laneSet {
	ls := &laneSet{size: size, n: n}
	for 1<<ls.shift <= size*size+size-1 {
		ls.shift++
	}
	ls.lanes = make([][3]uint64, 8<<ls.shift)
	for c := range 8 {
		for k := range size * size {
			for t := range n {
				if at(t, k) == class(c) {
					ls.lanes[c<<ls.shift|k][t/4] |= 1 << (laneBits * (t % 4))
				}
			}
		}
	}
	return ls
}

// signLanes are the seven v25 templates (signs.Letters, lanes 0-6) and
// the three Φ Ψ Ω ones (greekLetters, lanes 7-9) at the Φ Ψ Ω templates'
// size, each v25 texel doubled in both directions: the texel a pixel falls
// in, int(u·32) halved, is int(u·16) for every u in [0, 1), so the counts
// are those of the v25 templates at their own size, and one pass counts
// both sets.
var signLanes = newLaneSet(greekSize, len(templates)+len(greekTemplates), func(t, k int) class {
	if t < len(templates) {
		x, y := k%greekSize, k/greekSize
		return templates[t][y/2*texSize+x/2]
	}
	return greekTemplates[t-len(templates)][k]
})

// greekLane is the lane of the first Φ Ψ Ω template in signLanes.
const greekLane = len(templates)

// The Φ Ψ Ω templates' side is twice the v25 ones' (a compile-time check:
// a negative array length fails).
var _ [greekSize - 2*texSize]struct{}
var _ [2*texSize - greekSize]struct{}

// lanesAdd adds the lane counts of the words e to hits.
func lanesAdd(hits *[maxLaneTemplates]int, e [3]uint64) {
	for t := range 4 {
		hits[t] += int(e[0] >> (laneBits * t) & laneMax)
		hits[4+t] += int(e[1] >> (laneBits * t) & laneMax)
		hits[8+t] += int(e[2] >> (laneBits * t) & laneMax)
	}
}

// maxSlots bounds the distinct texel columns one pixel column maps to (one
// per pair of left and right edge offsets).
const maxSlots = 9

// matchSegment is a run of at most laneMax pixels of one column of a blob.
type matchSegment struct {
	col    int // column index in the blob
	y0, y1 int // inclusive pixel rows
	off    int // index of its first pixel in matchScratch.cls and .row
}

// matchScratch is match's scratch space, kept between calls.
type matchScratch struct {
	seg  []matchSegment
	cls  []class                 // the segments' pixel classes
	row  []int32                 // the segments' pixels' class<<classShift | texel row offset tv*texSize (or noRow)
	slot []int8                  // [lr*ncol+i]: texel column slot of column i for edge pair lr, −1 none
	tu   []int32                 // [i*maxSlots+s]: texel column of slot s of column i
	ns   []int                   // slots of column i
	part [][3]uint64             // [seg*partStride+s]: lane counts of a segment's pixels at slot s
	pick []int32                 // [lr*nseg+seg]: the part that edge pair lr adds for a segment
	hits [][maxLaneTemplates]int // matchLanes' result
}

// partStride is the parts per segment: one per slot, and a last one that
// stays zero, which an edge pair that leaves the segment's column out adds.
const partStride = maxSlots + 1

// edgeOffsets are the offsets by which matching moves a small blob's
// edges: the sign's true edges lie within half a pixel of its bounds.
var edgeOffsets = [3]float64{-0.35, 0, 0.35}

// offsets returns the edge offsets tried for blob b: all three for a
// small blob not cut by the border, 0 alone otherwise.
func (b *blob) offsets() []float64 {
	if b.h() >= 16 || b.cutTop || b.cutBottom {
		return edgeOffsets[1:2]
	}
	return edgeOffsets[:]
}

// match scores the blob against every template: the fraction of the
// blob's pixels whose class equals the template's at the same place. Each
// column's span is mapped to the sign's full height, and columns are mapped
// across the sign projectively from the heights at its two edges, so an
// oblique view is undistorted. The sign's true edges lie within half a
// pixel of the blob's bounds; for small blobs every template is tried with
// each edge moved by ±0.35 pixel and keeps its best score.
func (im *image) match(b *blob) [7]float64 {
	return im.matchLanesV25(b, laneMax)
}

// matchLanesV25 is match with segments of at most lim pixels (see
// matchLanes).
func (im *image) matchLanesV25(b *blob, lim int) [7]float64 {
	v25, _ := im.matchBoth(b, lim)
	return v25
}

// matchBoth scores the blob against the v25 templates as match does and
// against the Φ Ψ Ω ones as matchGreek does, in one pass of matchLanes
// with segments of at most lim pixels.
func (im *image) matchBoth(b *blob, lim int) (v25 [7]float64, greek [3]float64) {
	hits, total := im.matchLanes(b, signLanes, lim)
	if total == 0 {
		return v25, greek
	}
	// The best count of each v25 template over every edge combination:
	// dividing by total is monotonic, so the best count divided by total
	// is the best score.
	var best [7]int
	for _, h := range hits {
		for t := range best {
			best[t] = max(best[t], h[t])
		}
	}
	for t := range v25 {
		v25[t] = float64(best[t]) / float64(total)
	}
	return v25, greekScores(hits, total, len(b.offsets()))
}

// matchLanes counts the hits of the templates of ls on blob b for every
// combination of edge offsets (b.offsets()): hits[(it*no+ib)*no*no +
// il*no+ir] for the top, bottom, left and right edges moved by offsets
// it, ib, il, ir (no of them); total is the blob's pixels. Segments are
// at most lim (1..laneMax) pixels long; lane sums are added across
// segments while they cannot exceed lim. The result does not depend on
// lim; tests use a small one to exercise the code for blobs of more than
// laneMax pixels. The slice is scratch space, valid until the next call.
//
// The cost is factored: a column's texel column depends only on the left
// and right edge offsets (dl, dr), a pixel's texel row only on the top and
// bottom ones (dt, db). So the texel columns are found once per column and
// (dl, dr), deduplicated into slots; for each (dt, db) each segment's lane
// counts are summed once per slot, and each (dl, dr) then adds one entry
// per segment. The floating-point expressions that decide a texel are
// those of the plain four-deep loop, so the counts are the same.
func (im *image) matchLanes(b *blob, ls *laneSet, lim int) (hits [][maxLaneTemplates]int, total int) {
	hl, hr := b.heights()
	offs := b.offsets()
	for i := range b.top {
		if b.top[i] >= 0 {
			total += b.bot[i] - b.top[i] + 1
		}
	}
	if total == 0 {
		return nil, 0
	}
	size, noRow, classShift, laneSize := ls.size, ls.noRow(), ls.shift, int32(len(ls.lanes))
	lim = max(1, min(lim, laneMax))
	ms := &im.ms
	ncol := len(b.top)
	nlr := len(offs) * len(offs)
	ms.hits = resized(ms.hits, nlr*nlr)

	// Texel columns per column and edge pair, deduplicated into slots.
	ms.slot = resized(ms.slot, nlr*ncol)
	ms.tu = resized(ms.tu, ncol*maxSlots)
	ms.ns = resized(ms.ns, ncol)
	lr := 0
	for _, dl := range offs {
		for _, dr := range offs {
			left := float64(b.x0) + dl
			width := float64(b.x1+1) + dr - left
			slot := ms.slot[lr*ncol : (lr+1)*ncol]
			for i := range b.top {
				slot[i] = -1
				if b.top[i] < 0 {
					continue
				}
				a := float64(b.x0+i) + 0.5 - left
				if a < 0 || a >= width {
					continue
				}
				u := hr * a / (hr*a + hl*(width-a))
				tu := int32(min(int(u*float64(size)), size-1))
				tus := ms.tu[i*maxSlots : i*maxSlots+ms.ns[i]]
				s := 0
				for s < len(tus) && tus[s] != tu {
					s++
				}
				if s == len(tus) {
					ms.tu[i*maxSlots+s] = tu
					ms.ns[i]++
				}
				slot[i] = int8(s)
			}
			lr++
		}
	}

	// Segments and their pixel classes.
	ms.seg = ms.seg[:0]
	ms.cls = resized(ms.cls, total)
	ms.row = resized(ms.row, total)
	off := 0
	for i := range b.top {
		if b.top[i] < 0 {
			continue
		}
		for y0 := b.top[i]; y0 <= b.bot[i]; y0 += lim {
			sg := matchSegment{col: i, y0: y0, y1: min(b.bot[i], y0+lim-1), off: off}
			for y := sg.y0; y <= sg.y1; y++ {
				if k := y*im.w + b.x0 + i; b.blended {
					ms.cls[off] = im.pixelClass(k)
				} else {
					ms.cls[off] = im.cls[k] & 7
				}
				off++
			}
			ms.seg = append(ms.seg, sg)
		}
	}
	nseg := len(ms.seg)
	ms.part = resized(ms.part, nseg*partStride)
	ms.pick = resized(ms.pick, nlr*nseg)
	for lr := range nlr {
		for si, sg := range ms.seg {
			s := int(ms.slot[lr*ncol+sg.col])
			if s < 0 {
				s = maxSlots
			}
			ms.pick[lr*nseg+si] = int32(si*partStride + s)
		}
	}
	packed := total <= lim // no lane sum across segments can overflow

	tb := 0
	for _, dt := range offs {
		for _, db := range offs {
			// Each segment's lane counts per slot.
			for si, sg := range ms.seg {
				i := sg.col
				n := ms.ns[i]
				if n == 0 {
					continue
				}
				top := b.vtop[i] + dt
				span := b.vbot[i] + db - top
				row := ms.row[sg.off : sg.off+sg.y1-sg.y0+1]
				cls := ms.cls[sg.off : sg.off+len(row)]
				for p := range row {
					y := sg.y0 + p
					c := int32(cls[p]&7) << classShift
					v := (float64(y) + 0.5 - top) / span
					if v < 0 || v >= 1 {
						row[p] = c | noRow
						continue
					}
					row[p] = c | int32(int(v*float64(size))*size)
				}
				for s, tu := range ms.tu[i*maxSlots : i*maxSlots+n] {
					var sum [3]uint64
					for _, r := range row {
						e := &ls.lanes[(r+tu)&(laneSize-1)]
						sum[0] += e[0]
						sum[1] += e[1]
						sum[2] += e[2]
					}
					ms.part[si*partStride+s] = sum
				}
			}
			// Each edge pair adds its slot of every segment.
			for lr := range nlr {
				hits := &ms.hits[tb*nlr+lr]
				pick := ms.pick[lr*nseg : (lr+1)*nseg]
				if packed {
					var sum [3]uint64
					for _, k := range pick {
						e := &ms.part[k]
						sum[0] += e[0]
						sum[1] += e[1]
						sum[2] += e[2]
					}
					lanesAdd(hits, sum)
				} else {
					for _, k := range pick {
						lanesAdd(hits, ms.part[k])
					}
				}
			}
			tb++
		}
	}
	return ms.hits, total
}
