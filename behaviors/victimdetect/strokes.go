package victimdetect

// Stroke features of the victim letters H, S and U that hold for every
// design of them, rescuekit's pixel glyphs (signs.Glyphs) and Erebus's sans
// serif (its victim_*_not_found.png): the ink met going down the letter's
// middle, and on which half its left and right strokes stand.
//
//   - H: one stroke across the middle; the middle's top and bottom are paper.
//   - U: one stroke across the bottom; the middle's top and centre are paper.
//   - S: three strokes across, top, middle and bottom; the left stroke is in
//     the upper half, the right one in the lower half (together their ink
//     leans a quarter of a half's pixels that way).
//
// v26.1's Φ Ψ Ω (report letters H S U) likewise, in both designs
// (greekTemplates, Erebus's v26 victim_*_not_found.png):
//
//   - Φ: a stem down the middle; the sides hold ink across the middle
//     third (the bowl) and little above or below it.
//   - Ψ: a stem down the middle; the sides hold ink in the upper part (the
//     arms) and little in the lower.
//
// They confirm a template match (detect.go) that names the same letter
// without the lead a classification needs.

// strokeBins are the rows the middle of a sign is cut into.
const strokeBins = 8

// strokeLetter reads blob b's letter from its stroke features: 'H', 'S',
// 'U', or 0 when they fit none clearly.
func (im *image) strokeLetter(b *blob) byte {
	hl, hr := b.heights()
	left, width := float64(b.x0), float64(b.x1+1-b.x0)
	var mid [strokeBins][2]int // ink, pixels
	var side [2][2][2]int      // [left, right][upper, lower]: ink, pixels
	// rows[band][k]: bit 0 set when row bin k of the band was seen, bit 1
	// when it held ink.
	var rows [2][strokeBins * 2]uint8
	for i := range b.top {
		if b.top[i] < 0 {
			continue
		}
		a := float64(b.x0+i) + 0.5 - left
		u := hr * a / (hr*a + hl*(width-a))
		band := -1
		switch {
		case u >= 0.38 && u < 0.62:
			band = 2
		case u >= 0.1 && u < 0.35:
			band = 0
		case u >= 0.65 && u < 0.9:
			band = 1
		}
		if band < 0 {
			continue
		}
		span := b.vbot[i] - b.vtop[i]
		for y := b.top[i]; y <= b.bot[i]; y++ {
			v := (float64(y) + 0.5 - b.vtop[i]) / span
			if v < 0 || v >= 1 {
				continue
			}
			ink := 0
			if im.pixelClass(y*im.w+b.x0+i) == clsBlack {
				ink = 1
			}
			if band == 2 {
				k := int(v * strokeBins)
				mid[k][0] += ink
				mid[k][1]++
				continue
			}
			if v < 0.12 || v >= 0.88 {
				continue
			}
			rows[band][int(v*strokeBins*2)] |= 1 | uint8(ink)<<1
			h := 0
			if v >= 0.5 {
				h = 1
			}
			side[band][h][0] += ink
			side[band][h][1]++
		}
	}
	// The strokes across the middle: runs of rows mostly ink, each named
	// by the third of the height its centre is in.
	var runs []int
	start := -1
	for k := 0; k <= strokeBins; k++ {
		on := k < strokeBins && mid[k][1] > 0 && 2*mid[k][0] >= mid[k][1]
		switch {
		case on && start < 0:
			start = k
		case !on && start >= 0:
			runs = append(runs, (start+k)*3/(2*strokeBins))
			start = -1
		}
	}
	frac := func(c [2]int) float64 {
		if c[1] == 0 {
			return -1
		}
		return float64(c[0]) / float64(c[1])
	}
	lu, ll, ru, rl := frac(side[0][0]), frac(side[0][1]), frac(side[1][0]), frac(side[1][1])
	if lu < 0 || ll < 0 || ru < 0 || rl < 0 {
		return 0
	}
	// Full-height strokes at both sides: every row seen holds ink.
	bars := true
	for band := range rows {
		for _, r := range rows[band] {
			bars = bars && r != 1
		}
	}
	// zone is the share of the row bins of both sides, between v0 and
	// v1, that hold ink.
	zone := func(v0, v1 float64) float64 {
		seen, ink := 0, 0
		for band := range rows {
			for k, r := range rows[band] {
				if v := (float64(k) + 0.5) / (2 * strokeBins); v >= v0 && v < v1 && r != 0 {
					seen++
					ink += int(r >> 1)
				}
			}
		}
		if seen == 0 {
			return -1
		}
		return float64(ink) / float64(seen)
	}
	// A stem: the middle is ink from top to bottom (Φ, Ψ), a third of
	// its width or more, in every row bin but the paper's margins.
	stem := true
	for k := 1; k < strokeBins-1; k++ {
		stem = stem && mid[k][1] > 0 && 3*mid[k][0] >= mid[k][1]
	}
	upper, middle, lower := zone(0.12, 0.35), zone(0.35, 0.65), zone(0.65, 0.88)
	switch {
	case stem && middle >= 0.8 && upper >= 0 && upper <= 0.7 && lower >= 0 && lower <= 0.7:
		return 'H' // Φ
	case stem && upper >= 0.8 && lower >= 0 && lower <= 0.4:
		return 'S' // Ψ
	case len(runs) == 1 && runs[0] == 1 && bars:
		return 'H'
	case len(runs) == 1 && runs[0] == 2 && bars:
		return 'U'
	case len(runs) == 3 && runs[0] == 0 && runs[1] == 1 && runs[2] == 2 && lu > ll && rl > ru && lu-ll+rl-ru >= 0.25:
		return 'S'
	}
	return 0
}

// strokeMinScore is the least template agreement a letter its strokes
// confirm needs.
const strokeMinScore = 0.75
