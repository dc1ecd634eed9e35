package victimdetect

// The original implementations of the pixel classification, of the blob
// search and of the template match, kept verbatim (but for their names) as
// the references equivalence_test.go compares the optimised code against.

// classifyReference is the original classify: it returns the class of one
// BGRA pixel. The thresholds separate the sign colours (pure white, black,
// red, yellow) from every other colour the arena shows: walls are at most
// (205,210,215), checkpoints (225,230,240), the sky (45,45,55).
func classifyReference(b, g, r uint8) class {
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

// blobsReference is the original blobs: it finds the connected regions
// (4-connected) of sign-coloured pixels that contain white paper,
// appending them to dst (at most maxBlobs). stack is scratch space. It
// needs every pixel of im classified.
func blobsReference(im *image, dst []blob, stack []int32) ([]blob, []int32) {
	w, h := im.w, im.h
	label := int32(0)
	// Seeds: every white pixel, then every red or yellow one.
	seed := func(pass, i int) bool {
		if pass == 0 {
			return im.cls[i] == clsWhite
		}
		return im.cls[i] == clsRed || im.cls[i] == clsYellow
	}
	for k := range 2 * len(im.cls) {
		pass, start := k/len(im.cls), k%len(im.cls)
		if !seed(pass, start) || im.lab[start] != 0 {
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
				if im.lab[q] != 0 {
					return
				}
				if im.cls[q] == clsOther {
					p := im.bgra[4*q:]
					if c := blendClass(p[0], p[1], p[2]); c != clsOther {
						im.cls[q] = c | clsBlend
					}
				}
				if im.cls[q] != clsOther {
					if im.cls[q]&clsBlend != 0 {
						b.blended = true
					}
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
		b.completeReference(h)
		dst = append(dst, b)
	}
	return dst, stack
}

// completeReference is the original complete: it fills vtop and vbot. A
// sign cut by the top (or bottom) border of an image h pixels high has its
// missing edge where the geometry puts it: the visible edge's distance
// from the optical axis times 10/6 (or 6/10). A blob cut on both, or on a
// side, is not completed (ok false).
func (b *blob) completeReference(h int) {
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

// matchReference is the original match: it scores the blob against every
// template: the fraction of the blob's pixels whose class equals the
// template's at the same place. Each
// column's span is mapped to the sign's full height, and columns are mapped
// across the sign projectively from the heights at its two edges, so an
// oblique view is undistorted. The sign's true edges lie within half a
// pixel of the blob's bounds; for small blobs every template is tried with
// each edge moved by ±0.35 pixel and keeps its best score.
func matchReference(im *image, b *blob) (scores [7]float64) {
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
							c := im.cls[y*im.w+b.x0+i] & 7
							if b.blended {
								c = im.pixelClass(y*im.w + b.x0 + i)
							}
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

// matchGreekReference is the plain loop matchGreek replaced: it scores the blob against the Φ Ψ Ω templates as match does
// against the v25 ones: the fraction of the blob's pixels whose class
// equals the template's at the same place, columns mapped projectively
// from the heights of the sign's two edges, and for a small blob the edges
// moved by ±0.35 pixel, the side edges first and then the top and bottom,
// keeping the best.
func matchGreekReference(im *image, b *blob) (scores [3]float64) {
	hl, hr := b.heights()
	offsAll := [3]float64{-0.35, 0, 0.35}
	offs := offsAll[:]
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
	// hitsAt counts each template's hits with the edges moved by dl, dr,
	// dt and db.
	hitsAt := func(dl, dr, dt, db float64) (hits [3]int) {
		left := float64(b.x0) + dl
		width := float64(b.x1+1) + dr - left
		for i := range b.top {
			if b.top[i] < 0 {
				continue
			}
			a := float64(b.x0+i) + 0.5 - left
			if a < 0 || a >= width {
				continue
			}
			u := hr * a / (hr*a + hl*(width-a))
			tu := min(int(u*greekSize), greekSize-1)
			top := b.vtop[i] + dt
			span := b.vbot[i] + db - top
			for y := b.top[i]; y <= b.bot[i]; y++ {
				v := (float64(y) + 0.5 - top) / span
				if v < 0 || v >= 1 {
					continue
				}
				k := int(v*greekSize)*greekSize + tu
				c := im.cls[y*im.w+b.x0+i] & 7
				if b.blended {
					c = im.pixelClass(y*im.w + b.x0 + i)
				}
				for t := range hits {
					if greekTemplates[t][k] == c {
						hits[t]++
					}
				}
			}
		}
		return hits
	}
	// The side edges first with the top and bottom where they are, then
	// the top and bottom with each template's best side edges.
	var best [3]int
	var side [3][2]float64
	for _, dl := range offs {
		for _, dr := range offs {
			for t, n := range hitsAt(dl, dr, 0, 0) {
				if n > best[t] {
					best[t], side[t] = n, [2]float64{dl, dr}
				}
			}
		}
	}
	if len(offs) > 1 {
		done := map[[2]float64]bool{}
		for _, sd := range side {
			if done[sd] {
				continue
			}
			done[sd] = true
			for _, dt := range offs {
				for _, db := range offs {
					for t, n := range hitsAt(sd[0], sd[1], dt, db) {
						if side[t] == sd {
							best[t] = max(best[t], n)
						}
					}
				}
			}
		}
	}
	for t := range scores {
		scores[t] = float64(best[t]) / float64(total)
	}
	return scores
}

// ringClassReference is the chain of comparisons ringClass's tables
// replaced.
func ringClassReference(b, g, r uint8) int8 {
	const lo, hi = 90, 150
	switch {
	case r <= 52 && g <= 52 && b <= 52: // a found target's K is 50 (target_v26.go)
		return 1
	case r >= hi && g <= lo && b <= lo:
		return 2
	case r >= hi && g >= hi && b <= lo:
		return 3
	case g >= hi && r <= lo && b <= lo:
		return 4
	case b >= hi && r <= lo && g <= lo:
		return 5
	}
	return 0
}
