package victimdetect

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// Geometry of the arena and of the default robot's cameras (docs/erebus-rules.md §2.2,
// §5; sim/doc.go).
const (
	signSize   = erebus.SignSize       // side of a sign, m
	signOffset = erebus.SignWallOffset // sign centre from its wall's centre line, m
	wallHeight = erebus.WallHeight     // wall height above the floor, m
	camHeight  = 0.028                 // camera height above the floor, m
)

// Mount is where a camera sits on the robot.
type Mount struct {
	// Name is the camera's device name.
	Name string
	// X, Z is the camera's position in the robot frame (x right, z
	// backwards: forward is −z), metres.
	X, Z float64
	// Yaw is the angle of the optical axis from the robot's forward
	// direction, positive to the left (counter-clockwise from above).
	Yaw float64
}

// DefaultMounts are the default Erebus robot's cameras: camera_centre
// facing forward, camera_left and camera_right turned 30° to each side.
var DefaultMounts = []Mount{
	{Name: "camera_left", X: -0.01, Z: -0.033, Yaw: math.Pi / 6},
	{Name: "camera_centre", X: 0, Z: -0.035, Yaw: 0},
	{Name: "camera_right", X: 0.01, Z: -0.033, Yaw: -math.Pi / 6},
}

// view is a camera's pose in the world for one frame.
type view struct {
	c        geom.Vec2 // camera position
	fwd, rgt geom.Vec2 // optical axis and image right, unit
	f        float64   // focal length in pixels
	w, h     int
}

func newView(p nav.Pose, m Mount, fov float64, w, h int) view {
	cs, sn := math.Cos(p.Yaw), math.Sin(p.Yaw)
	c := geom.Vec2{X: p.X + m.X*cs + m.Z*sn, Z: p.Z - m.X*sn + m.Z*cs}
	a := p.Yaw + m.Yaw
	fwd := geom.Vec2{X: -math.Sin(a), Z: -math.Cos(a)}
	rgt := geom.Vec2{X: -fwd.Z, Z: fwd.X}
	// Image right of a camera facing −Z is +X: rgt = (−fwd.Z, fwd.X) gives
	// (1, 0) for fwd (0, −1).
	return view{c: c, fwd: fwd, rgt: rgt, f: float64(w) / 2 / math.Tan(fov/2), w: w, h: h}
}

// ray returns the unit horizontal direction through continuous column col
// (pixel i spans [i, i+1)) and the ratio of distance along the ray to depth
// along the optical axis.
func (v view) ray(col float64) (geom.Vec2, float64) {
	xo := (col - float64(v.w)/2) / v.f
	d := v.fwd.Add(v.rgt.Scale(xo))
	l := d.Len()
	return d.Scale(1 / l), l
}

// column projects a world point: its continuous column and its depth
// along the optical axis.
func (v view) column(p geom.Vec2) (float64, float64) {
	rel := p.Sub(v.c)
	depth := rel.Dot(v.fwd)
	if depth <= 1e-6 {
		return math.NaN(), depth
	}
	return float64(v.w)/2 + v.f*rel.Dot(v.rgt)/depth, depth
}

// estimate is one detection's position estimate.
type estimate struct {
	pos     geom.Vec2
	normal  geom.Vec2
	dist    float64 // camera to sign, m
	sigma   float64 // expected position error, m
	snapped bool
}

// locator turns a blob into a world position.
type locator struct {
	grid       float64   // wall line pitch (0.06)
	origin     geom.Vec2 // a point on the wall lines
	noSnap     bool
	wallColTol int
}

// locate estimates the world position of blob b seen in view v of image im.
func (lc *locator) locate(im *image, b *blob, v view) (estimate, bool) {
	hl, hr := b.heights()
	x0, x1 := float64(b.x0), float64(b.x1+1)
	// The column of the sign's centre, undoing perspective: the centre
	// is where the projective position across the sign is 1/2.
	colC := (hr*x0 + hl*x1) / (hl + hr)
	dir, l := v.ray(colC)
	hc := 2 * hl * hr / (hl + hr)
	// Inverse depth k = 1/s from the sign's height and from the wall's
	// floor and top edges, weighted by their quantisation variances.
	kSign := hc / (signSize * v.f)
	sdSign := 0.45 / (signSize * v.f)
	num, den := kSign/(sdSign*sdSign), 1/(sdSign*sdSign)
	for _, e := range lc.wallEdges(im, b, colC, v.f) {
		if math.Abs(e.k-kSign) > 3*sdSign+e.sd {
			continue
		}
		num += e.k / (e.sd * e.sd)
		den += 1 / (e.sd * e.sd)
	}
	k := num / den
	sdK := 1 / math.Sqrt(den)
	if k <= 0 {
		return estimate{}, false
	}
	s := 1 / k
	t := s * l
	sdT := t * (sdK / k) // relative error of k is that of the distance
	raw := estimate{pos: v.c.Add(dir.Scale(t)), normal: dir.Scale(-1), dist: t, sigma: math.Max(sdT, 0.003)}
	if lc.noSnap {
		return raw, true
	}
	best, bestCost := raw, math.Inf(1)
	for axis := range 2 {
		dc := dir.X
		cc := v.c.X
		if axis == 1 {
			dc, cc = dir.Z, v.c.Z
		}
		if math.Abs(dc) < 0.05 {
			continue
		}
		// The sign faces the camera: its face is signOffset from the wall
		// line, on the camera's side.
		side := -math.Copysign(1, dc)
		o := lc.origin.X
		if axis == 1 {
			o = lc.origin.Z
		}
		mid := cc + dc*t
		kMid := math.Round((mid - o) / lc.grid)
		for dk := -2.0; dk <= 2; dk++ {
			line := o + (kMid+dk)*lc.grid
			face := line + side*signOffset
			tc := (face - cc) / dc
			if tc <= 0.01 {
				continue
			}
			e1 := (tc - t) / math.Max(sdT, 0.002)
			if math.Abs(e1) > 3 {
				continue
			}
			n := geom.Vec2{X: side}
			if axis == 1 {
				n = geom.Vec2{Z: side}
			}
			p := v.c.Add(dir.Scale(tc))
			// Predicted edges of a sign there, against the measured ones.
			tan := geom.Vec2{X: n.Z, Z: -n.X}
			cl, dl := v.column(p.Sub(tan.Scale(signSize / 2)))
			cr, dr := v.column(p.Add(tan.Scale(signSize / 2)))
			if math.IsNaN(cl) || math.IsNaN(cr) {
				continue
			}
			wPred := math.Abs(cr - cl)
			e2 := (wPred - (x1 - x0)) / 0.8
			// Height ratio of the left and right edges.
			hlP, hrP := signSize*v.f/dl, signSize*v.f/dr
			if cl > cr {
				hlP, hrP = hrP, hlP
			}
			ratio := hl / hr
			rP := hlP / hrP
			sdR := rP * math.Hypot(0.7/hlP, 0.7/hrP)
			e3 := (ratio - rP) / sdR
			cost := e1*e1 + e2*e2 + e3*e3
			if cost < bestCost && math.Abs(e2) < 3.5 {
				sigma := 0.004 + 0.01*t // pose and column quantisation
				best, bestCost = estimate{pos: p, normal: n, dist: tc, sigma: sigma, snapped: true}, cost
			}
		}
	}
	return best, true
}

// edge is one inverse-depth measurement with its standard deviation.
type edge struct{ k, sd float64 }

// wallEdges measures the wall's floor and top edges in the columns around
// the sign's centre: the wall continues right below and above the sign; the
// first row whose colour departs from it is the floor (below) or the sky
// (above). It returns what it could measure.
func (lc *locator) wallEdges(im *image, b *blob, colC, f float64) []edge {
	var out []edge
	var bots, tops []float64
	c0 := int(colC)
	for _, x := range []int{c0 - 1, c0, c0 + 1} {
		i := x - b.x0
		if i < 0 || i >= len(b.top) || b.top[i] < 0 {
			continue
		}
		if r, ok := lc.scan(im, x, b.bot[i]+1, 1); ok {
			bots = append(bots, r)
		}
		if r, ok := lc.scan(im, x, b.top[i]-1, -1); ok {
			tops = append(tops, r+1)
		}
	}
	if len(bots) > 0 {
		r := median(bots)
		yo := (float64(im.h)/2 - r) / f // below the centre: negative
		if yo < -0.5/f {
			out = append(out, edge{k: -yo / camHeight, sd: 0.3 / f / camHeight})
		}
	}
	if len(tops) > 0 {
		r := median(tops)
		yo := (float64(im.h)/2 - r) / f
		if yo > 0.5/f {
			out = append(out, edge{k: yo / (wallHeight - camHeight), sd: 0.3 / f / (wallHeight - camHeight)})
		}
	}
	return out
}

// scan walks column x from row y0 in direction dy while the colour stays
// that of the wall at y0, and returns the first row where it departs.
func (lc *locator) scan(im *image, x, y0, dy int) (float64, bool) {
	if y0 < 0 || y0 >= im.h {
		return 0, false
	}
	at := func(y int) (int, int, int) {
		p := im.bgra[(y*im.w+x)*4:]
		return int(p[0]), int(p[1]), int(p[2])
	}
	if im.cls[y0*im.w+x] != clsOther {
		return 0, false
	}
	b0, g0, r0 := at(y0)
	// A wall is light grey; anything else is not the sign's wall.
	if r0 < 100 || g0 < 100 || b0 < 100 {
		return 0, false
	}
	tol := lc.wallColTol
	for y := y0 + dy; y >= 0 && y < im.h; y += dy {
		b, g, r := at(y)
		if abs(b-b0) > tol || abs(g-g0) > tol || abs(r-r0) > tol {
			return float64(y), true
		}
	}
	return 0, false
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

func median(v []float64) float64 {
	// Tiny slices: insertion sort.
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

// extent is the width of the sign that blob b shows in view v, over the
// sign's side: the distance between the points its left and right edges
// stand at, each edge's depth from its height in the image (heights),
// with every edge moved by up to 0.7 pixel (height) and 0.5 pixel
// (column) the way that makes it widest. A whole sign is a square
// (erebus.SignSize both ways), so its extent is 1 or more at any angle;
// a part of one (a sign cut by a wall or a corner in front of it, or
// sliced by the steps of a wall made of many short boxes) is narrower.
func (b *blob) extent(v view) float64 {
	const extentTol = 0.7 // of 2,822 views of whole signs (0.05-0.3 m, up to 75° off), none had an extent below 0.88
	hl, hr := b.heights()
	cx := float64(v.w) / 2
	best := 0.0
	for _, dl := range [2]float64{-extentTol, extentTol} {
		for _, dr := range [2]float64{-extentTol, extentTol} {
			zl := signSize * v.f / math.Max(hl+dl, 0.5)
			zr := signSize * v.f / math.Max(hr+dr, 0.5)
			xl := (float64(b.x0) - 0.5 - cx) * zl / v.f
			xr := (float64(b.x1+1) + 0.5 - cx) * zr / v.f
			best = math.Max(best, math.Hypot(xr-xl, zr-zl))
		}
	}
	return best / signSize
}
