package victimdetect

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// Cognitive targets (docs/erebus-v26.md §11): filled circles drawn from the outside
// in, ring i (0 the outermost, the code's first letter) spanning radii
// (1−(i+1)/5, 1−i/5] of the 40 mm disc, ring 4 the centre disc; outside the
// outer circle the plane is transparent, so the wall shows around it.

// ringCodes are the ring letters in the order of the classes ringClass
// returns (1-based).
const ringCodes = "KRYGB"

// ringRanges are the ring colours of a BGRA pixel, classes 1..5 for K R Y
// G B (the colours of erebus.TargetRingRGB): a pixel whose blue, green and
// red lie within an entry's inclusive bounds has its class, anything else
// 0. The bounds leave out the walls (at least 168 on every channel), the
// sky (blue 55) and the obstacles (red at most 120); the boxes are
// disjoint. K reaches 52 because a found target's black rings are drawn
// 50 grey (MainSupervisor.py v26 l.237, each channel 0 → 50): read as no
// ring colour, they split a found target into its inner rings, which read
// as a target of their own.
var ringRanges = [5]struct{ lo, hi [3]uint8 }{ // blue, green, red
	{[3]uint8{0, 0, 0}, [3]uint8{52, 52, 52}},       // K
	{[3]uint8{0, 0, 150}, [3]uint8{90, 90, 255}},    // R
	{[3]uint8{0, 150, 150}, [3]uint8{90, 255, 255}}, // Y
	{[3]uint8{0, 150, 0}, [3]uint8{90, 255, 90}},    // G
	{[3]uint8{150, 0, 0}, [3]uint8{255, 90, 90}},    // B
}

// ringMask[ch][v] has bit j set when value v of channel ch (blue, green,
// red) lies within ringRanges[j]; ringOf[m] is the class of the lowest bit
// of m (the boxes being disjoint, at most one is set). As classify does:
// three table loads instead of a chain of comparisons.
var ringMask, ringOf = func() (rm [3][256]uint8, ro [1 << len(ringRanges)]int8) {
	for ch := range rm {
		for v := range rm[ch] {
			for j, rr := range ringRanges {
				if uint8(v) >= rr.lo[ch] && uint8(v) <= rr.hi[ch] {
					rm[ch][v] |= 1 << j
				}
			}
		}
	}
	for m := range ro {
		for j := len(ringRanges) - 1; j >= 0; j-- {
			if m&(1<<j) != 0 {
				ro[m] = int8(j + 1)
			}
		}
	}
	return rm, ro
}()

// ringClass is the ring colour of a BGRA pixel: 1..5 for K R Y G B, 0 for
// anything else (see ringRanges).
func ringClass(b, g, r uint8) int8 {
	return ringOf[ringMask[0][b]&ringMask[1][g]&ringMask[2][r]&(1<<len(ringRanges)-1)]
}

// targetSize is the diameter of a target's outer circle, m (the plane of
// CognitiveTarget.proto l.39, erebus.CognitiveTargetSize).
const targetSize = erebus.CognitiveTargetSize

// Heights of a target's edges relative to the cameras: its centre is at
// the sign height, 0.03 m above the floor as victims (sim/world; docs/erebus-rules.md
// §2.2), the cameras 0.028 m.
const (
	targetTopAbove    = 0.03 + targetSize/2 - camHeight
	targetBottomBelow = camHeight - (0.03 - targetSize/2)
	targetCentreAbove = 0.03 - camHeight
)

// fitBounds' limits.
const (
	// boundRays is the number of points of a target's outer circle
	// projected to find its bounds in the picture.
	boundRays = 32
	// maxFitScale bounds the scale, less 1, that fits the projected
	// bounds onto the region's; the fit reads views the projection did not
	// only up to 0.2 (at 0.3 it also read C as O and O as C in views of
	// shared/more-worlds converted to v26.1, docs/eval-real-worlds.md).
	maxFitScale = 0.2
	// minFitAspect is the least width/height of a region fitted: a view
	// within about 60° of the target's normal; farther off, its rings are
	// about a pixel wide across.
	minFitAspect = 0.5
)

// Target detection thresholds.
const (
	// minTargetPixels is the least height of a target classified: each
	// ring is then at least a pixel wide (no misread in
	// TestClassifierOnV26Signs down to it).
	minTargetPixels = 10
	// minRingShare is the least share of a ring's samples that must show
	// its colour.
	minRingShare = 0.7
	// strongTargetPixels is the least height at which one view may count
	// as strong (see Detect's strong_score).
	strongTargetPixels = 20
	// minTargetAspect is the least width/height of a target off the wall
	// lines whose rings are read (a view within about 45° of its normal).
	minTargetAspect = 0.7
)

// vote counts pixel (x, y) of a w×h picture towards votes by its colour
// class when it belongs to blob label; it reports whether the pixel is in
// the picture (and so counts towards the total).
func (ts *targetScratch) vote(votes *[6]int, x, y, w, h int, label int32) bool {
	if x < 0 || y < 0 || x >= w || y >= h {
		return false
	}
	q := y*w + x
	if ts.lab[q] == label {
		votes[ts.cls[q]]++
	}
	return true
}

// ringColour is the ring colour class (1-5) with the most votes; ties go
// to the lower class.
func ringColour(votes *[6]int) int {
	best := 1
	for c := 2; c <= 5; c++ {
		if votes[c] > votes[best] {
			best = c
		}
	}
	return best
}

// targetScratch is the target pass's scratch space.
type targetScratch struct {
	cls    []int8
	lab    []int32
	stack  []int32
	bottom []int
}

// targetBlob is one ring-coloured region.
type targetBlob struct {
	x0, x1, y0, y1 int
	n              int
	border, white  int // boundary pixels outside it, and how many are white
}

// targets finds cognitive targets in one BGRA frame and appends their
// detections to dst: regions of ring colours, about round, bordered by the
// wall rather than white paper, straddling the cameras' horizon as a
// target 0.03 m above the floor does, not cut by the image's border. Each
// is decoded ring by ring; Letter is the ring sum's letter, 0 with
// NotSign set for a code whose sum names none (a fake target), 0 alone
// when the rings cannot be read.
func (d *Detector) targets(dst []Detection, bgra []byte, w, h int, m Mount, p nav.Pose) []Detection {
	if w <= 0 || h <= 0 || w > len(bgra)/4 || h > len(bgra)/4/w {
		return dst
	}
	// A target straddles the horizon (see target), so its region, which
	// covers every row from its top to its bottom, holds a pixel of row
	// h/2: a frame whose row h/2 shows no ring colour holds no target, and
	// the regions are grown from that row's pixels alone.
	mid := h / 2
	row := bgra[4*mid*w : 4*(mid+1)*w]
	var some int8
	for x := range w {
		some |= ringClass(row[4*x], row[4*x+1], row[4*x+2])
	}
	if some == 0 {
		return dst
	}
	ts := &d.ts
	n := w * h
	// Pixels are classified as the regions reach them (unknown −1): most
	// of a frame is never looked at.
	ts.cls = resized(ts.cls, n)
	ts.lab = resized(ts.lab, n)
	cls, px := ts.cls[:n], bgra[:4*n]
	for i := range cls {
		cls[i] = -1
	}
	class := func(q int) int8 {
		if c := cls[q]; c >= 0 {
			return c
		}
		c := ringClass(px[4*q], px[4*q+1], px[4*q+2])
		cls[q] = c
		return c
	}
	v := newView(p, m, d.cfg.FOV, w, h)
	label := int32(0)
	for start := mid * w; start < (mid+1)*w; start++ {
		if class(start) == 0 || ts.lab[start] != 0 {
			continue
		}
		if label == maxBlobs {
			break
		}
		label++
		tb := targetBlob{x0: w, y0: h, x1: -1, y1: -1}
		ts.stack = append(ts.stack[:0], int32(start))
		ts.lab[start] = label
		for len(ts.stack) > 0 {
			q := int(ts.stack[len(ts.stack)-1])
			ts.stack = ts.stack[:len(ts.stack)-1]
			x, y := q%w, q/w
			tb.n++
			tb.x0, tb.x1 = min(tb.x0, x), max(tb.x1, x)
			tb.y0, tb.y1 = min(tb.y0, y), max(tb.y1, y)
			for _, nb := range [4][3]int{{x - 1, y, q - 1}, {x + 1, y, q + 1}, {x, y - 1, q - w}, {x, y + 1, q + w}} {
				if nb[0] < 0 || nb[0] >= w || nb[1] < 0 || nb[1] >= h {
					continue
				}
				k := nb[2]
				if class(k) != 0 {
					if ts.lab[k] == 0 {
						ts.lab[k] = label
						ts.stack = append(ts.stack, int32(k))
					}
					continue
				}
				tb.border++
				if px := bgra[4*k : 4*k+3]; px[0] >= 240 && px[1] >= 240 && px[2] >= 240 {
					tb.white++
				}
			}
		}
		if det, ok := d.target(&tb, label, bgra, w, h, v); ok {
			dst = append(dst, det)
		}
	}
	return dst
}

// target checks and decodes one ring-coloured region.
func (d *Detector) target(tb *targetBlob, label int32, bgra []byte, w, h int, v view) (Detection, bool) {
	bw, bh := tb.x1-tb.x0+1, tb.y1-tb.y0+1
	if tb.x0 == 0 || tb.y0 == 0 || tb.x1 == w-1 || tb.y1 == h-1 {
		return Detection{}, false
	}
	if bh < d.cfg.MinPixels || float64(bw) > 1.2*float64(bh)+1 || float64(bw) < 0.3*float64(bh) {
		return Detection{}, false
	}
	// It straddles the horizon: its top is targetTopAbove above the
	// cameras, its bottom targetBottomBelow below.
	mid := float64(h) / 2
	top, bot := mid-float64(tb.y0), float64(tb.y1+1)-mid
	if top <= 0 || bot <= 0 {
		return Detection{}, false
	}
	if r := top / bot; math.Abs(math.Log(r/(targetTopAbove/targetBottomBelow))) > 0.6 {
		return Detection{}, false
	}
	// A disc fills π/4 of its bounds; paper around it makes it a v25 sign
	// or a victim, not a target. A disc whose sides are hidden (a target
	// on a concave curve: its flat plane's ends lie inside the curved
	// wall) fills more of its narrower bounds; it is read down its middle, and so
	// is one whose side is hidden by what stands in front of it (cutDisc).
	fill := float64(tb.n) / float64(bw*bh)
	if tb.white*10 > tb.border {
		return Detection{}, false
	}
	xc := -1
	if fill > minClippedFill {
		xc = d.clippedDisc(tb, label, w)
	}
	if xc < 0 {
		// A disc cut by one vertical line (a wall end, or a curve's next
		// facet, in front of it): located from its whole bounds, the cut
		// side mirrored, and read down its middle. When its rings do not
		// read so, it is read as a whole disc below, as every disc was
		// before (oblique views of whole discs often look cut).
		if cut, whole := d.cutDisc(tb, label, w); cut >= 0 {
			if det, ok := d.decodeTarget(tb, &whole, label, bgra, w, h, v, cut); ok && det.Code != "" {
				det.Sigma *= cutSigma
				return det, true
			}
		}
	}
	if xc < 0 && (fill < 0.65 || fill > 0.92) {
		return Detection{}, false
	}
	return d.decodeTarget(tb, tb, label, bgra, w, h, v, xc)
}

// decodeTarget places region label, located from the bounds of loc (tb's
// own, or a cut disc's whole ones), and reads its rings: down column xc
// when xc ≥ 0 (a clipped disc), else over the whole disc.
func (d *Detector) decodeTarget(tb, loc *targetBlob, label int32, bgra []byte, w, h int, v view, xc int) (Detection, bool) {
	ts := &d.ts
	bw, bh := tb.x1-tb.x0+1, tb.y1-tb.y0+1
	est, ok := d.loc.locateTarget(loc, v)
	if !ok {
		return Detection{}, false
	}
	// Off the wall lines, the wall's face from the floor edge below the
	// target (facing.go) gives its facing and place, when it agrees with
	// the distance its height gives.
	planar := est.snapped
	if !est.snapped {
		bottom := ts.bottom[:0]
		for x := tb.x0; x <= tb.x1; x++ {
			b := -1
			for y := tb.y1; y >= tb.y0; y-- {
				if ts.lab[y*w+x] == label {
					b = y + 1
					break
				}
			}
			bottom = append(bottom, b)
		}
		ts.bottom = bottom
		if pos, n, ok := wallFacing(bgra, w, h, tb.x0, bottom, v); ok {
			if dist := pos.Sub(v.c).Len(); math.Abs(dist-est.dist) < 0.25*est.dist {
				est.pos, est.normal, est.dist = pos, n, dist
				planar = true
			}
		}
	}
	det := Detection{Pos: est.pos, Normal: est.normal, Dist: est.dist, Sigma: est.sigma, Snapped: est.snapped,
		Camera: "", X0: tb.x0, X1: tb.x1, Y0: tb.y0, Y1: tb.y1, Target: true}
	// Where a point of the target's disc, at polar (rho, th) in its
	// plane (rho 1 the outer circle), is in the image. With the target on
	// a wall line it is projected from the plane, which undoes the
	// perspective of an oblique view; otherwise it is read from the
	// front only, the disc filling the region's bounds (seen obliquely
	// the near half is larger and the bounds' centre misses the disc's).
	cx, cy := float64(tb.x0)+float64(bw)/2, float64(tb.y0)+float64(bh)/2
	a, b := float64(bw)/2, float64(bh)/2
	at := func(rho, th float64) (int, int) {
		return int(math.Floor(cx + rho*a*math.Cos(th))), int(math.Floor(cy + rho*b*math.Sin(th)))
	}
	if xc >= 0 {
		// Down the middle column: the rings at their full height (the
		// disc's vertical diameter is not hidden), at most a column off.
		return d.readMiddle(det, tb, label, w, h, xc), true
	}
	var fitted func(rho, th float64) (int, int)
	if planar {
		tan := geom.Vec2{X: est.normal.Z, Z: -est.normal.X}
		proj := func(rho, th float64) (float64, float64, bool) {
			r := rho * targetSize / 2
			col, depth := v.column(est.pos.Add(tan.Scale(r * math.Cos(th))))
			if !(depth > 1e-3) || math.IsNaN(col) {
				return 0, 0, false
			}
			up := targetCentreAbove + r*math.Sin(th)
			return col, float64(h)/2 - v.f*up/depth, true
		}
		at = func(rho, th float64) (int, int) {
			col, row, ok := proj(rho, th)
			if !ok {
				return -1, -1
			}
			return int(math.Floor(col)), int(math.Floor(row))
		}
		if est.snapped {
			fitted = fitBounds(proj, tb)
		}
	} else if float64(bw) < minTargetAspect*float64(bh) {
		return det, true
	}
	if bh < minTargetPixels {
		return det, true
	}
	code, share, ok := ts.readRings(at, w, h, label)
	if !ok && fitted != nil {
		code, share, ok = ts.readRings(fitted, w, h, label)
	}
	if !ok {
		return det, true
	}
	det.Code = code
	det.Score, det.Margin = share, 2*share-1
	if bh < strongTargetPixels {
		det.Margin = min(det.Margin, 0.1)
	}
	if l, ok := erebus.TargetLetter(det.Code); ok {
		det.Letter = l
	} else {
		det.NotSign = true
	}
	return det, true
}

// readRings reads a target's rings at the points at gives for polar
// (rho, th) in its plane (rho 1 the outer circle): the code, outermost
// ring first, and the least share of a ring's samples that showed its
// colour; ok is false when a ring shows no clear colour.
func (ts *targetScratch) readRings(at func(rho, th float64) (int, int), w, h int, label int32) (string, float64, bool) {
	code := make([]byte, erebus.TargetRings)
	minShare := 1.0
	for i := range erebus.TargetRings {
		var votes [6]int
		total := 0
		radii := []float64{1 - (float64(i)+0.5)/erebus.TargetRings}
		if i == erebus.TargetRings-1 {
			radii = []float64{0, 0.1}
		}
		for _, rho := range radii {
			const rays = 16
			for k := range rays {
				th := 2 * math.Pi * float64(k) / rays
				x, y := at(rho, th)
				if ts.vote(&votes, x, y, w, h, label) {
					total++
				}
			}
		}
		bestC := ringColour(&votes)
		if total == 0 {
			return "", 0, false
		}
		share := float64(votes[bestC]) / float64(total)
		if share < minRingShare {
			return "", 0, false
		}
		minShare = min(minShare, share)
		code[i] = ringCodes[bestC-1]
	}
	return string(code), minShare, true
}

// fitBounds returns the points of a target's disc as proj places them
// (proj gives the picture's column and row of polar (rho, th) in its
// plane), moved and scaled so that the projected outer circle's bounds are
// the region's; nil when they differ by maxFitScale or more in width or
// height (a region cut by something in front, or another place), or when
// the region is narrower than minFitAspect of its height. A place
// snapped to a wall line is placed with the robot's pose, which is a few
// mm and hundredths of a radian off (nav's tracker), and its projection
// lands pixels off and reads the rings' neighbours; the plane still gives
// the disc's shape. A target whose rings the projection did not read is
// read again at these points.
func fitBounds(proj func(rho, th float64) (float64, float64, bool), tb *targetBlob) func(rho, th float64) (int, int) {
	left, right, top, bottom := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for k := range boundRays {
		col, row, ok := proj(1, 2*math.Pi*float64(k)/boundRays)
		if !ok {
			return nil
		}
		left, right = min(left, col), max(right, col)
		top, bottom = min(top, row), max(bottom, row)
	}
	bw, bh := float64(tb.x1-tb.x0+1), float64(tb.y1-tb.y0+1)
	if right-left <= 1 || bottom-top <= 1 || bw < minFitAspect*bh {
		return nil
	}
	sx, sy := bw/(right-left), bh/(bottom-top)
	if math.Abs(sx-1) >= maxFitScale || math.Abs(sy-1) >= maxFitScale {
		return nil
	}
	return func(rho, th float64) (int, int) {
		col, row, ok := proj(rho, th)
		if !ok {
			return -1, -1
		}
		return int(math.Floor(float64(tb.x0) + (col-left)*sx)), int(math.Floor(float64(tb.y0) + (row-top)*sy))
	}
}

// Clipped discs (a target whose sides are hidden behind a concave wall).
const (
	// maxClippedAspect is the widest a clipped disc's bounds may be,
	// width/height: a whole disc, or one seen obliquely, fills at most
	// π/4 of its bounds and is read whole.
	maxClippedAspect = 0.85
	// maxClippedEdge is the tallest a clipped disc's outermost columns may
	// be, as a share of its height: a disc cut at ±0.85 of its radius has
	// sides 0.53 of its height, a rectangle of ring colour 1.
	maxClippedEdge = 0.92
	// minClippedFill is the least share of its bounds a clipped disc
	// fills: a disc cut at ±0.85 of its radius fills 0.84 of them, at
	// ±0.6 0.93.
	minClippedFill = 0.83
)

// clippedDisc reports whether region label is a disc cut by two vertical
// lines (its bounds narrower than tall, its sides shorter than its
// middle, the tallest column the full height away from both sides) and
// returns its tallest column, or −1.
func (d *Detector) clippedDisc(tb *targetBlob, label int32, w int) int {
	bw, bh := tb.x1-tb.x0+1, tb.y1-tb.y0+1
	if float64(bw) > maxClippedAspect*float64(bh) || bw < 5 {
		return -1
	}
	height := func(x int) int { return d.ts.columnHeight(tb, label, w, x) }
	best, xc := -1, -1
	for x := tb.x0; x <= tb.x1; x++ {
		if hx := height(x); hx > best {
			best, xc = hx, x
		}
	}
	if best < bh-1 || xc-tb.x0 < 2 || tb.x1-xc < 2 {
		return -1
	}
	lim := maxClippedEdge * float64(bh)
	if float64(height(tb.x0)) > lim || float64(height(tb.x1)) > lim {
		return -1
	}
	return xc
}

// columnHeight is how many pixels of column x, within tb's rows, belong to
// region label (a w pixels wide picture).
func (ts *targetScratch) columnHeight(tb *targetBlob, label int32, w, x int) int {
	n := 0
	for y := tb.y0; y <= tb.y1; y++ {
		if ts.lab[y*w+x] == label {
			n++
		}
	}
	return n
}

// Discs cut on one side (cutDisc).
const (
	// maxCutEdge is the tallest the uncut side's outermost column may be,
	// as a share of the disc's height: a disc's outermost column of
	// pixels is about 2·sqrt(r) tall for a radius of r pixels, 0.44 of the
	// height at the least height read (minTargetPixels, r = 5).
	maxCutEdge = 0.6
	// minCutEdge is the least the cut side's outermost column must be, as
	// a share of the height: a disc cut 0.71 of its radius beyond its
	// centre has a side 0.7 of its height (R8 of shared/more-worlds as
	// v26.1: a P on a faceted curve, cut 0.6 of its radius from its centre
	// by the next facet).
	minCutEdge = 0.7
	// cutSigma multiplies a cut disc's expected position error: its centre
	// column is a guess from the tallest run, and its whole bounds are
	// mirrored about it. Over the targets of five `mw26` worlds
	// (R2D2__7___rotada___4_, R8, test_token_score_custom2, prueba_Day_2-6,
	// Day_2-2-FIXED3), seen from 0.06-0.25 m and up to 70° off by the three
	// cameras, the views read only so were placed 1.2-8 mm off (median of
	// each world; 90th percentile 2.3-16 mm), those read whole 0.5-1.6 mm
	// (2.3-9.7 mm): a track weighs a cut view a ninth of a whole one.
	cutSigma = 3
)

// cutDisc reports whether region label is a disc cut by one vertical line
// at or past its centre (a wall end in front of the target hides the rest): one
// outermost column as tall as a cut past the centre leaves it
// (minCutEdge), the other as short as a disc's edge (maxCutEdge), and
// columns of the full height (less a pixel) at least two columns from the
// cut, which a cut before the centre leaves none of. It returns the column
// of the disc's centre, the near end of that run of tallest columns moved
// by the half width such a run has on a disc seen from in front
// (sqrt(height/2) columns) and kept a column inside the cut, and the
// bounds of the whole disc (the uncut side mirrored about that column);
// −1 when it is no such disc.
func (d *Detector) cutDisc(tb *targetBlob, label int32, w int) (int, targetBlob) {
	bw, bh := tb.x1-tb.x0+1, tb.y1-tb.y0+1
	if bh < minTargetPixels || bw < 5 {
		return -1, targetBlob{}
	}
	height := func(x int) int { return d.ts.columnHeight(tb, label, w, x) }
	h0, h1 := float64(height(tb.x0)), float64(height(tb.x1))
	lo, hi := maxCutEdge*float64(bh), minCutEdge*float64(bh)
	// dir is the step from the uncut edge towards the cut.
	edge, cut, dir := tb.x0, tb.x1, 1
	switch {
	case h0 <= lo && h1 >= hi:
	case h1 <= lo && h0 >= hi:
		edge, cut, dir = tb.x1, tb.x0, -1
	default:
		return -1, targetBlob{}
	}
	start := -1 // the tallest run's end nearest the uncut edge
	for x := edge; x != cut+dir; x += dir {
		if height(x) >= bh-1 {
			start = x
			break
		}
	}
	if start < 0 || (cut-start)*dir < 2 {
		return -1, targetBlob{}
	}
	xc := start + dir*int(math.Round(math.Sqrt(float64(bh)/2)))
	if (cut-xc)*dir < 1 {
		xc = cut - dir
	}
	whole := *tb
	r := (xc - edge) * dir
	whole.x0, whole.x1 = xc-r, xc+r
	return xc, whole
}

// readMiddle decodes a clipped disc's rings down its column xc: each ring
// at its middle radius above and below the centre, in columns xc−1..xc+1.
// Such a view is never strong (Margin at most 0.1).
func (d *Detector) readMiddle(det Detection, tb *targetBlob, label int32, w, h, xc int) Detection {
	ts := &d.ts
	bh := tb.y1 - tb.y0 + 1
	if bh < minTargetPixels {
		return det
	}
	cy, b := float64(tb.y0)+float64(bh)/2, float64(bh)/2
	code := make([]byte, erebus.TargetRings)
	minShare := 1.0
	for i := range erebus.TargetRings {
		var votes [6]int
		total := 0
		ys := []float64{cy - (1-(float64(i)+0.5)/erebus.TargetRings)*b, cy + (1-(float64(i)+0.5)/erebus.TargetRings)*b}
		if i == erebus.TargetRings-1 {
			ys = []float64{cy - 0.5, cy + 0.5}
		}
		for _, yf := range ys {
			y := int(math.Floor(yf))
			for x := xc - 1; x <= xc+1; x++ {
				if ts.vote(&votes, x, y, w, h, label) {
					total++
				}
			}
		}
		bestC := ringColour(&votes)
		if total == 0 {
			return det
		}
		share := float64(votes[bestC]) / float64(total)
		if share < minRingShare {
			return det
		}
		minShare = min(minShare, share)
		code[i] = ringCodes[bestC-1]
	}
	det.Code = string(code)
	det.Score, det.Margin = minShare, min(2*minShare-1, 0.1)
	if l, ok := erebus.TargetLetter(det.Code); ok {
		det.Letter = l
	} else {
		det.NotSign = true
	}
	return det
}

// The pose's errors locateTarget allows for when it fits a target to a
// wall line: the default robot's GPS accuracy under v26.1
// (erebus.V26Rules.GPSAccuracy; v25's is 0, so this is the larger) and the
// tracker's yaw noise floor (about 0.02 rad, docs/eval-real-worlds.md,
// session 17).
var (
	poseSigma = erebus.V26Rules.GPSAccuracy
	yawSigma  = 0.02
)

// locateTarget estimates a target's position from its height in the image
// (targetSize tall) and its centre column, fitted to the wall lines as
// locate does for a sign (targets hang like victims, signOffset in front
// of the wall's centre line).
func (lc *locator) locateTarget(tb *targetBlob, v view) (estimate, bool) {
	hc := float64(tb.y1 - tb.y0 + 1)
	colC := float64(tb.x0+tb.x1+1) / 2
	dir, l := v.ray(colC)
	s := targetSize * v.f / hc
	if !(s > 0) || math.IsInf(s, 0) {
		return estimate{}, false
	}
	t := s * l
	sdT := t * 0.6 / hc
	raw := estimate{pos: v.c.Add(dir.Scale(t)), normal: dir.Scale(-1), dist: t, sigma: math.Max(sdT, 0.003)}
	if lc.noSnap {
		return raw, true
	}
	best, bestCost := raw, math.Inf(1)
	for axis := range 2 {
		dc, cc, o := dir.X, v.c.X, lc.origin.X
		if axis == 1 {
			dc, cc, o = dir.Z, v.c.Z, lc.origin.Z
		}
		if math.Abs(dc) < 0.05 {
			continue
		}
		side := -math.Copysign(1, dc)
		kMid := math.Round((cc + dc*t - o) / lc.grid)
		for dk := -2.0; dk <= 2; dk++ {
			face := o + (kMid+dk)*lc.grid + side*signOffset
			tc := (face - cc) / dc
			if tc <= 0.01 {
				continue
			}
			// The pose's error moves the face along the ray, the more the
			// more obliquely the ray meets it (poseSigma, yawSigma).
			cosI := math.Abs(dc)
			tanI := math.Sqrt(1-cosI*cosI) / cosI
			sd := math.Hypot(math.Max(sdT, 0.002), math.Hypot(poseSigma/cosI, tc*tanI*yawSigma))
			e1 := (tc - t) / sd
			if math.Abs(e1) > 3 {
				continue
			}
			n := geom.Vec2{X: side}
			if axis == 1 {
				n = geom.Vec2{Z: side}
			}
			// The target's edges are where the rays through the region's
			// left and right bounds meet the plane; its centre is midway.
			rl, _ := v.ray(float64(tb.x0))
			rr, _ := v.ray(float64(tb.x1 + 1))
			cl, cr := rl.X, rr.X
			if axis == 1 {
				cl, cr = rl.Z, rr.Z
			}
			if math.Abs(cl) < 1e-6 || math.Abs(cr) < 1e-6 {
				continue
			}
			tl, tr := (face-cc)/cl, (face-cc)/cr
			if tl <= 0.01 || tr <= 0.01 {
				continue
			}
			pl, pr := v.c.Add(rl.Scale(tl)), v.c.Add(rr.Scale(tr))
			pc := pl.Add(pr).Scale(0.5)
			// Its width there must be the target's, within a pixel or so.
			e2 := (pl.Dist(pr) - targetSize) / (1.2 * tc / v.f)
			cost := e1*e1 + e2*e2
			if cost < bestCost && math.Abs(e2) < 3.5 {
				best, bestCost = estimate{pos: pc, normal: n, dist: pc.Sub(v.c).Len(), sigma: 0.004 + 0.01*tc, snapped: true}, cost
			}
		}
	}
	return best, true
}
