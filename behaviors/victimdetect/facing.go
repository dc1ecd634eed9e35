package victimdetect

import (
	"math"

	"github.com/rescuekit/rescuekit/geom"
)

// The facing of a sign off the wall lines (a curved wall, a diagonal wall
// of area 4) comes from the image: in the columns of the sign, the wall
// runs down below it to the floor, and the row where the floor starts
// gives the wall's distance in that column (the cameras stand camHeight
// above the floor). Those floor points, one per column, lie along the
// wall's face; the line through them is the wall's direction there, and
// its perpendicular towards the camera the sign's normal.

// Floor-edge fit thresholds.
const (
	// minFloorColumns is the least columns with a floor edge that give a
	// facing.
	minFloorColumns = 4
	// maxFloorResidual is the largest RMS distance (m) of the floor points
	// from their line, relative to their mean distance from the camera.
	maxFloorResidual = 0.03
	// maxObliqueCos is the cosine of the largest angle between a face's
	// normal and the ray to it that gives a facing (60°): seen more
	// obliquely, a few pixels' error turns the facing far.
	maxObliqueCos = 0.5
)

// wallFacing estimates the wall face behind a sign seen in view v of the
// BGRA frame bgra (w×h): in each column x0..x1, bottom[x−x0] is the first
// row below the sign; the wall must be light grey from there to the floor.
// It returns the sign's centre on the face (midway between the rays
// through its edges, columns x0 and x0+len(bottom)), the face's normal
// towards the camera, and false when too few columns
// show the floor or the points do not lie on a line.
func wallFacing(bgra []byte, w, h int, x0 int, bottom []int, v view) (geom.Vec2, geom.Vec2, bool) {
	var pts [64]geom.Vec2
	n := 0
	mid := float64(h) / 2
	for i, y0 := range bottom {
		x := x0 + i
		if n == len(pts) || x < 0 || x >= w || y0 <= int(mid) || y0 >= h {
			continue
		}
		r, ok := floorRow(bgra, w, h, x, y0)
		if !ok || float64(r)-mid < 1 {
			continue
		}
		depth := camHeight * v.f / (float64(r) - mid)
		dir, l := v.ray(float64(x) + 0.5)
		pts[n] = v.c.Add(dir.Scale(depth * l))
		n++
	}
	if n < minFloorColumns {
		return geom.Vec2{}, geom.Vec2{}, false
	}
	// The principal axis of the points.
	var m geom.Vec2
	for _, p := range pts[:n] {
		m = m.Add(p)
	}
	m = m.Scale(1 / float64(n))
	var sxx, sxz, szz float64
	for _, p := range pts[:n] {
		d := p.Sub(m)
		sxx, sxz, szz = sxx+d.X*d.X, sxz+d.X*d.Z, szz+d.Z*d.Z
	}
	th := 0.5 * math.Atan2(2*sxz, sxx-szz)
	tan := geom.Vec2{X: math.Cos(th), Z: math.Sin(th)}
	nrm := geom.Vec2{X: -tan.Z, Z: tan.X}
	// The RMS distance from the line is the smaller eigenvalue's root.
	res := 0.0
	for _, p := range pts[:n] {
		d := p.Sub(m).Dot(nrm)
		res += d * d
	}
	res = math.Sqrt(res / float64(n))
	if res > maxFloorResidual*m.Sub(v.c).Len() {
		return geom.Vec2{}, geom.Vec2{}, false
	}
	if nrm.Dot(v.c.Sub(m)) < 0 {
		nrm = nrm.Scale(-1)
	}
	// The face's points on the rays through columns x0 and x1+1 (the
	// sign's edges); the centre is midway between them.
	hit := func(col float64) (geom.Vec2, bool) {
		dir, _ := v.ray(col)
		den := dir.Dot(nrm)
		if den > -maxObliqueCos { // seen too obliquely, or from behind
			return geom.Vec2{}, false
		}
		t := m.Sub(v.c).Dot(nrm) / den
		return v.c.Add(dir.Scale(t)), t > 0.01
	}
	pl, okL := hit(float64(x0))
	pr, okR := hit(float64(x0 + len(bottom)))
	if !okL || !okR {
		return geom.Vec2{}, geom.Vec2{}, false
	}
	return pl.Add(pr).Scale(0.5), nrm, true
}

// floorRow walks column x down from row y0 while the colour stays that of
// a wall (light grey, within 4 of the colour at y0) and returns the first
// row where it departs: the floor's edge.
func floorRow(bgra []byte, w, h, x, y0 int) (int, bool) {
	at := func(y int) (int, int, int) {
		p := bgra[(y*w+x)*4:]
		return int(p[0]), int(p[1]), int(p[2])
	}
	b0, g0, r0 := at(y0)
	if r0 < 100 || g0 < 100 || b0 < 100 || (r0 >= 240 && g0 >= 240 && b0 >= 240) {
		return 0, false
	}
	const tol = 4
	for y := y0 + 1; y < h; y++ {
		b, g, r := at(y)
		if abs(b-b0) > tol || abs(g-g0) > tol || abs(r-r0) > tol {
			return y, true
		}
	}
	return 0, false
}

// minPerspectivePixels is the least height (pixels) of a sign whose
// facing is read from its own perspective.
const minPerspectivePixels = 12

// perspectiveFacing estimates the facing of a sign of side size from its
// own perspective, where the floor does not show (close up): its heights
// hl and hr at its left and right edges (continuous columns xl and xr)
// give their distances, and the line between the two edge points is the
// sign's face. It returns false when the points are not about size apart.
func perspectiveFacing(hl, hr, xl, xr, size float64, v view) (geom.Vec2, geom.Vec2, bool) {
	if !(hl > 0) || !(hr > 0) {
		return geom.Vec2{}, geom.Vec2{}, false
	}
	dl, ll := v.ray(xl)
	dr, lr := v.ray(xr)
	pl := v.c.Add(dl.Scale(size * v.f / hl * ll))
	pr := v.c.Add(dr.Scale(size * v.f / hr * lr))
	tan := pr.Sub(pl)
	if l := tan.Len(); l < 0.6*size || l > 1.5*size {
		return geom.Vec2{}, geom.Vec2{}, false
	}
	nrm := geom.Vec2{X: -tan.Z, Z: tan.X}.Scale(1 / tan.Len())
	c := pl.Add(pr).Scale(0.5)
	if nrm.Dot(v.c.Sub(c)) < 0 {
		nrm = nrm.Scale(-1)
	}
	if to := c.Sub(v.c); nrm.Dot(to) > -maxObliqueCos*to.Len() {
		return geom.Vec2{}, geom.Vec2{}, false
	}
	return c, nrm, true
}
