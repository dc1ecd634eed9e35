package victimdetect

// Hazmat placards drawn as a diamond with nothing around it. rescuekit's own
// placards stand on a white square of paper, which the template match
// reads; Erebus's PNGs (placard-2-flammable-gas.png and the others, v25.0.1)
// are the diamond alone, their corners see-through, so the camera sees a
// diamond on the wall, and Erebus's organic peroxide shows no white at all.
// Such a blob is found from its red or yellow as well as its white
// (image.colours), recognised by its outline (diamond), and read by the
// colours of its two halves, which both designs share:
//
//	F flammable gas     red above, red below
//	O organic peroxide  red above, yellow below
//	C corrosive         white above, black below
//	P poison            white above, white below

// placardColours are the expected classes of the upper and lower halves of
// each placard, in the order of signs.Letters' F P C O.
var placardColours = [...]struct {
	letter       byte
	upper, lower class
}{
	{'F', clsRed, clsRed},
	{'P', clsWhite, clsWhite},
	{'C', clsWhite, clsBlack},
	{'O', clsRed, clsYellow},
}

// Thresholds of the diamond test and of its reading.
const (
	// diamondMinPixels is the least height of a diamond read.
	diamondMinPixels = 8
	// diamondTol is the largest mean deviation of a blob's column spans
	// from a diamond's, as a share of its height.
	diamondTol = 0.12
	// placardInner is |u|+|v| inside which a placard's colours are
	// counted (the diamond reaches 0.5; the rim and its edge are left out).
	placardInner = 0.36
)

// isPlacardColour reports whether a pixel (blue, green, red) has the red or
// yellow of a placard (classRanges: both have blue at most 90 and red at
// least 160).
func isPlacardColour(b, g, r uint8) bool {
	if b > 90 || r < 160 {
		return false
	}
	c := classify(b, g, r)
	return c == clsRed || c == clsYellow
}

// diamond reports whether blob b's outline is a diamond standing on a
// corner: column spans growing linearly from the sides to a peak at full
// height, centred on one row. peak is the column (index in b) of the
// diamond's vertical axis.
func (b *blob) diamond() (peak int, ok bool) {
	n := len(b.top)
	if n < 5 || b.cutTop || b.cutBottom || b.cutSide {
		return 0, false
	}
	hmax := 0
	for i := range b.top {
		if b.top[i] < 0 {
			return 0, false
		}
		if s := b.bot[i] - b.top[i] + 1; s > hmax {
			hmax, peak = s, i
		}
	}
	// The axis: the middle of the columns of full height.
	last := peak
	for last+1 < n && b.bot[last+1]-b.top[last+1]+1 == hmax {
		last++
	}
	peak = (peak + last) / 2
	h := float64(hmax)
	if h < diamondMinPixels {
		return 0, false
	}
	axis := float64(peak) + 0.5
	mid := float64(b.top[peak]+b.bot[peak]+1) / 2
	dev := 0.0
	for i := range b.top {
		x := float64(i) + 0.5
		var want float64
		if x < axis {
			want = h * x / axis
		} else {
			want = h * (float64(n) - x) / (float64(n) - axis)
		}
		s := float64(b.bot[i] - b.top[i] + 1)
		dev += abs64(s - want)
		if m := float64(b.top[i]+b.bot[i]+1) / 2; abs64(m-mid) > 1+0.1*h {
			return 0, false
		}
	}
	// The sides end in corners: a square's sides are as tall as its middle.
	if e := float64(max(b.bot[0]-b.top[0], b.bot[n-1]-b.top[n-1]) + 1); e > 0.45*h {
		return 0, false
	}
	return peak, dev/float64(n) <= diamondTol*h
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// square sets sq to the square sign around diamond blob b: every column
// spanning the diamond's full height, rows b.y0 to b.y1, so that it is
// located as a sign seen face on.
func (b *blob) square(sq *blob) {
	n := len(b.top)
	top, bot, vtop, vbot := resized(sq.top, n), resized(sq.bot, n), resized(sq.vtop, n), resized(sq.vbot, n)
	*sq = *b
	sq.top, sq.bot, sq.vtop, sq.vbot = top, bot, vtop, vbot
	for i := range n {
		sq.top[i], sq.bot[i] = b.y0, b.y1
		sq.vtop[i], sq.vbot[i] = float64(b.y0), float64(b.y1+1)
	}
}

// readPlacard reads the diamond blob b with axis column peak by the
// colours of its halves (placardColours): the letter whose colours cover
// most of the inner diamond, that share as its score, and its lead over
// the next placard.
func (im *image) readPlacard(b *blob, peak int) (letter byte, score, margin float64) {
	var hist [2][8]int // [upper, lower][class]
	var tot [2]int
	axis := float64(b.x0+peak) + 0.5
	lw, rw := axis-float64(b.x0), float64(b.x1+1)-axis
	y0, h := float64(b.y0), float64(b.y1+1-b.y0)
	for y := b.y0; y <= b.y1; y++ {
		v := (float64(y)+0.5-y0)/h - 0.5
		if abs64(v) < 0.04 {
			continue
		}
		half := 0
		if v > 0 {
			half = 1
		}
		for x := b.x0; x <= b.x1; x++ {
			var u float64
			if fx := float64(x) + 0.5; fx < axis {
				u = (fx - axis) / lw / 2
			} else {
				u = (fx - axis) / rw / 2
			}
			if abs64(u)+abs64(v) >= placardInner {
				continue
			}
			hist[half][im.pixelClass(y*im.w+x)&7]++
			tot[half]++
		}
	}
	if tot[0] == 0 || tot[1] == 0 {
		return 0, 0, 0
	}
	best, second := -1.0, -1.0
	for _, pc := range placardColours {
		s := (float64(hist[0][pc.upper])/float64(tot[0]) + float64(hist[1][pc.lower])/float64(tot[1])) / 2
		switch {
		case s > best:
			best, second, letter = s, best, pc.letter
		case s > second:
			second = s
		}
	}
	return letter, best, best - second
}

// placardMinScore and placardMinMargin: a placard is read when its colours
// cover this share of its halves, this much more than the next placard's.
const (
	placardMinScore  = 0.5
	placardMinMargin = 0.1
)
