package sim

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// halfWall is half the thickness of a tile wall, around its centre line.
const halfWall = world.WallThickness / 2

// outlineHalf is half the thickness of a custom area-4 wall's outline edge:
// the edge is the wall's surface, so the solid stays within 0.5 mm of it.
const outlineHalf = 0.0005

// signTie is how far behind the surface a ray hits a sign may lie and still
// be drawn (m): a rounding allowance only. Webots draws what is nearest
// (a depth buffer), so a sign inside a wall is hidden; Erebus places a sign
// 0.6 mm in front of its tile wall's face (erebus.SignWallOffset 5.6 mm
// from the centre line, worldTile.proto l.49 wallThickness .025·0.4 = 1 cm),
// and a few worlds place one inside: v26.1 world4's P lies 0.4-2.2 mm
// behind the face of Area4_2's wavy wall (Area4_2.proto l.79-103, "wall4").
const signTie = 1e-4

type solidKind uint8

const (
	solidBox solidKind = iota
	solidArc
)

// solid is one piece of collision and ray geometry: an oriented box (wall
// segments, obstacles) or a thick arc (curved walls).
type solid struct {
	kind solidKind
	c    geom.Vec2 // box or arc centre
	// box: unit axes and half extents
	ax, az geom.Vec2
	hx, hz float64
	// arc: centre-line radius, start angle and CCW span
	r, from, span float64
	top           float64 // world y of the top
	obstacle      bool
	// skin is how far the solid stands proud of the real surface (m): an
	// area-4 outline edge is drawn outlineHalf thick on each side of it.
	skin     float64
	min, max geom.Vec2 // AABB
}

// sign is a victim or hazard sign as the renderer sees it.
type signGeom struct {
	pos      geom.Vec2
	n        geom.Vec2 // unit normal (the side it faces)
	t        geom.Vec2 // unit tangent: the right of a viewer facing it
	y        float64
	tex      *texture
	min, max geom.Vec2
	// size is the side of the sign's square (m); raised, for a fake, how
	// far its letter stands proud of the plate; src the sign's index in
	// World.Signs, −1 for a fake (sim/signs_v26.go).
	size, raised float64
	src          int
}

// geometry holds the solids and signs of a world in a uniform grid.
type geometry struct {
	solids []solid
	signs  []signGeom
	texs   *textures
	rules  erebus.Rules

	x0, z0     float64 // grid origin
	cell       float64
	nx, nz     int
	cellStart  []int32 // len nx*nz+1, into cellSolids
	cellSolids []int32
	signStart  []int32
	cellSigns  []int32

	stamp   []uint32 // per solid, for deduplicated area queries
	stampID uint32
}

func newBox(a, b geom.Vec2, half float64, top float64) solid {
	dx, dz := b.X-a.X, b.Z-a.Z
	l := math.Hypot(dx, dz)
	ax := geom.Vec2{X: 1}
	if l > 1e-12 {
		ax = geom.Vec2{X: dx / l, Z: dz / l}
	}
	s := solid{kind: solidBox, c: geom.Vec2{X: (a.X + b.X) / 2, Z: (a.Z + b.Z) / 2},
		ax: ax, az: geom.Vec2{X: -ax.Z, Z: ax.X}, hx: l/2 + half, hz: half, top: top}
	s.bounds()
	return s
}

func (s *solid) bounds() {
	switch s.kind {
	case solidBox:
		ex := math.Abs(s.ax.X)*s.hx + math.Abs(s.az.X)*s.hz
		ez := math.Abs(s.ax.Z)*s.hx + math.Abs(s.az.Z)*s.hz
		s.min = geom.Vec2{X: s.c.X - ex, Z: s.c.Z - ez}
		s.max = geom.Vec2{X: s.c.X + ex, Z: s.c.Z + ez}
	case solidArc:
		e := s.r + halfWall
		s.min = geom.Vec2{X: s.c.X - e, Z: s.c.Z - e}
		s.max = geom.Vec2{X: s.c.X + e, Z: s.c.Z + e}
	}
}

// newGeometry builds the solids of w and sorts them into a grid of cells
// of one tile.
func newGeometry(w *world.World, texs *textures) *geometry {
	g := &geometry{cell: world.TileSize}
	top := world.FloorY + world.WallHeight
	// A custom area-4 wall comes as the outline of its footprint
	// (World.Area4Walls): each edge is the wall's surface, not a centre line,
	// so it is drawn thin; a full thickness would bury the signs on it.
	outline := make(map[world.Segment]bool, len(w.Area4Walls))
	for _, sg := range w.Area4Walls {
		outline[sg] = true
	}
	for _, sg := range w.Walls {
		half := halfWall
		if outline[sg] {
			half = outlineHalf
		}
		b := newBox(sg.A, sg.B, half, top)
		if outline[sg] {
			b.skin = outlineHalf
		}
		g.solids = append(g.solids, b)
	}
	for _, a := range w.Arcs {
		span := a.To - a.From
		for span <= 0 {
			span += 2 * math.Pi
		}
		if span > 2*math.Pi {
			span = 2 * math.Pi
		}
		s := solid{kind: solidArc, c: a.Center, r: a.Radius, from: a.From, span: span, top: top}
		s.bounds()
		g.solids = append(g.solids, s)
	}
	for _, o := range w.Obstacles {
		c, sn := math.Cos(o.Yaw), math.Sin(o.Yaw)
		// A Webots rotation (0,1,0,yaw) maps local x to (cos, −sin) in XZ.
		ax := geom.Vec2{X: c, Z: -sn}
		s := solid{kind: solidBox, c: o.Center, ax: ax, az: geom.Vec2{X: sn, Z: c},
			hx: math.Abs(o.Half.X), hz: math.Abs(o.Half.Z), top: world.FloorY + o.Height, obstacle: true}
		s.bounds()
		g.solids = append(g.solids, s)
	}
	g.texs, g.rules = texs, w.GameRules()
	for i := range w.Signs {
		if s, ok := newSignGeom(w, i, g.rules, texs); ok {
			g.signs = append(g.signs, s)
		}
	}
	for i := range w.Fakes {
		if s, ok := newFakeGeom(&w.Fakes[i], texs); ok {
			g.signs = append(g.signs, s)
		}
	}
	g.stamp = make([]uint32, len(g.solids))

	// Grid extents: the arena plus everything solid, with a margin.
	minX, minZ := -float64(w.Cols)*world.TileSize/2-world.TileSize/2, -float64(w.Rows)*world.TileSize/2-world.TileSize/2
	maxX, maxZ := -minX, -minZ
	for _, s := range g.solids {
		minX, minZ = math.Min(minX, s.min.X), math.Min(minZ, s.min.Z)
		maxX, maxZ = math.Max(maxX, s.max.X), math.Max(maxZ, s.max.Z)
	}
	for _, s := range g.signs {
		minX, minZ = math.Min(minX, s.min.X), math.Min(minZ, s.min.Z)
		maxX, maxZ = math.Max(maxX, s.max.X), math.Max(maxZ, s.max.Z)
	}
	// Keep the grid bounded even for absurd worlds.
	const lim = 50.0
	minX, minZ = math.Max(minX, -lim), math.Max(minZ, -lim)
	maxX, maxZ = math.Min(maxX, lim), math.Min(maxZ, lim)
	g.x0, g.z0 = minX-g.cell, minZ-g.cell
	g.nx = int(math.Ceil((maxX-g.x0)/g.cell)) + 1
	g.nz = int(math.Ceil((maxZ-g.z0)/g.cell)) + 1

	fill := func(n int, box func(i int) (geom.Vec2, geom.Vec2)) ([]int32, []int32) {
		counts := make([]int32, g.nx*g.nz+1)
		each := func(i int, f func(c int)) {
			lo, hi := box(i)
			x0, z0 := g.cellOf(lo)
			x1, z1 := g.cellOf(hi)
			for z := z0; z <= z1; z++ {
				for x := x0; x <= x1; x++ {
					f(z*g.nx + x)
				}
			}
		}
		for i := 0; i < n; i++ {
			each(i, func(c int) { counts[c+1]++ })
		}
		for i := 1; i < len(counts); i++ {
			counts[i] += counts[i-1]
		}
		items := make([]int32, counts[len(counts)-1])
		pos := append([]int32(nil), counts...)
		for i := 0; i < n; i++ {
			each(i, func(c int) { items[pos[c]] = int32(i); pos[c]++ })
		}
		return counts, items
	}
	g.cellStart, g.cellSolids = fill(len(g.solids), func(i int) (geom.Vec2, geom.Vec2) { return g.solids[i].min, g.solids[i].max })
	g.signStart, g.cellSigns = fill(len(g.signs), func(i int) (geom.Vec2, geom.Vec2) { return g.signs[i].min, g.signs[i].max })
	return g
}

// cellOf returns the (clamped) cell holding p.
func (g *geometry) cellOf(p geom.Vec2) (int, int) {
	x := int(math.Floor((p.X - g.x0) / g.cell))
	z := int(math.Floor((p.Z - g.z0) / g.cell))
	return clampInt(x, 0, g.nx-1), clampInt(z, 0, g.nz-1)
}

func clampInt(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// penetration returns how deep a circle of radius r at p overlaps solid s
// (positive: overlap) and the unit normal pointing from the solid to p.
func (s *solid) penetration(p geom.Vec2, r float64) (float64, geom.Vec2) {
	switch s.kind {
	case solidBox:
		dx, dz := p.X-s.c.X, p.Z-s.c.Z
		lx := dx*s.ax.X + dz*s.ax.Z
		lz := dx*s.az.X + dz*s.az.Z
		cx := math.Max(-s.hx, math.Min(s.hx, lx))
		cz := math.Max(-s.hz, math.Min(s.hz, lz))
		ex, ez := lx-cx, lz-cz
		d := math.Hypot(ex, ez)
		if d > 1e-12 {
			nx, nz := ex/d, ez/d
			return r - d, geom.Vec2{X: nx*s.ax.X + nz*s.az.X, Z: nx*s.ax.Z + nz*s.az.Z}
		}
		// Centre inside the box: push out through the nearest face.
		px, pz := s.hx-math.Abs(lx), s.hz-math.Abs(lz)
		if px < pz {
			sg := math.Copysign(1, lx)
			return r + px, geom.Vec2{X: sg * s.ax.X, Z: sg * s.ax.Z}
		}
		sg := math.Copysign(1, lz)
		return r + pz, geom.Vec2{X: sg * s.az.X, Z: sg * s.az.Z}
	default:
		dx, dz := p.X-s.c.X, p.Z-s.c.Z
		ang := math.Atan2(dz, dx)
		if s.inSpan(ang) {
			dist := math.Hypot(dx, dz)
			if dist < 1e-12 {
				return r + halfWall - s.r, geom.Vec2{X: 1}
			}
			sg := 1.0
			if dist < s.r {
				sg = -1
			}
			return r + halfWall - math.Abs(dist-s.r), geom.Vec2{X: sg * dx / dist, Z: sg * dz / dist}
		}
		best, bn := math.Inf(-1), geom.Vec2{X: 1}
		for _, a := range [2]float64{s.from, s.from + s.span} {
			e := geom.Vec2{X: s.c.X + s.r*math.Cos(a), Z: s.c.Z + s.r*math.Sin(a)}
			ex, ez := p.X-e.X, p.Z-e.Z
			d := math.Hypot(ex, ez)
			pen := r + halfWall - d
			if pen > best {
				best = pen
				if d > 1e-12 {
					bn = geom.Vec2{X: ex / d, Z: ez / d}
				}
			}
		}
		return best, bn
	}
}

// inSpan reports whether angle a lies on the arc.
func (s *solid) inSpan(a float64) bool {
	d := math.Mod(a-s.from, 2*math.Pi)
	if d < 0 {
		d += 2 * math.Pi
	}
	return d <= s.span
}

// maxPenetration returns the deepest overlap of a circle at p with any solid
// and that solid's normal; a value ≤ 0 means no overlap.
func (g *geometry) maxPenetration(p geom.Vec2, r float64) (float64, geom.Vec2) {
	best, bn := math.Inf(-1), geom.Vec2{}
	g.near(p, r, func(_ int32, s *solid) {
		if pen, n := s.penetration(p, r); pen > best {
			best, bn = pen, n
		}
	})
	return best, bn
}

// overlaps calls f for every solid a circle at p of radius r overlaps, with
// the overlap's depth and the unit normal from the solid to p.
func (g *geometry) overlaps(p geom.Vec2, r float64, f func(i int32, pen float64, n geom.Vec2)) {
	g.near(p, r, func(i int32, s *solid) {
		if pen, n := s.penetration(p, r); pen > 0 {
			f(i, pen, n)
		}
	})
}

// near calls f once for every solid whose bounding box a circle at p of
// radius r touches, in the grid cells the circle covers.
func (g *geometry) near(p geom.Vec2, r float64, f func(i int32, s *solid)) {
	g.stampID++
	if g.stampID == 0 {
		clear(g.stamp)
		g.stampID = 1
	}
	x0, z0 := g.cellOf(geom.Vec2{X: p.X - r, Z: p.Z - r})
	x1, z1 := g.cellOf(geom.Vec2{X: p.X + r, Z: p.Z + r})
	for z := z0; z <= z1; z++ {
		for x := x0; x <= x1; x++ {
			c := z*g.nx + x
			for _, i := range g.cellSolids[g.cellStart[c]:g.cellStart[c+1]] {
				if g.stamp[i] == g.stampID {
					continue
				}
				g.stamp[i] = g.stampID
				s := &g.solids[i]
				if p.X+r < s.min.X || p.X-r > s.max.X || p.Z+r < s.min.Z || p.Z-r > s.max.Z {
					continue
				}
				f(i, s)
			}
		}
	}
}

// rayHit is the nearest hit of a ray.
type rayHit struct {
	t      float64 // distance along the (unit) ray; +Inf: none
	top    float64 // y of the top of the solid hit
	n      geom.Vec2
	solid  int32 // index of the solid, −1 none
	sign   int32 // nearest sign in front of the solid, −1 none
	signT  float64
	signU  float64 // 0..1 across the sign, left to right as seen
	isObst bool
	skin   float64 // the solid's skin (solid.skin)
}

// rayBox intersects the ray o + t·d (unit d) with box s; it returns the entry
// distance (0 when o is inside) and the face normal, or +Inf.
func (s *solid) rayBox(o, d geom.Vec2) (float64, geom.Vec2) {
	ox, oz := o.X-s.c.X, o.Z-s.c.Z
	lo := [2]float64{ox*s.ax.X + oz*s.ax.Z, ox*s.az.X + oz*s.az.Z}
	ld := [2]float64{d.X*s.ax.X + d.Z*s.ax.Z, d.X*s.az.X + d.Z*s.az.Z}
	h := [2]float64{s.hx, s.hz}
	tmin, tmax := math.Inf(-1), math.Inf(1)
	axis := 0
	for k := 0; k < 2; k++ {
		if math.Abs(ld[k]) < 1e-15 {
			if lo[k] < -h[k] || lo[k] > h[k] {
				return math.Inf(1), geom.Vec2{}
			}
			continue
		}
		t1, t2 := (-h[k]-lo[k])/ld[k], (h[k]-lo[k])/ld[k]
		if t1 > t2 {
			t1, t2 = t2, t1
		}
		if t1 > tmin {
			tmin, axis = t1, k
		}
		if t2 < tmax {
			tmax = t2
		}
	}
	if tmax < tmin || tmax < 0 {
		return math.Inf(1), geom.Vec2{}
	}
	var n geom.Vec2
	if axis == 0 {
		sg := -math.Copysign(1, ld[0])
		n = geom.Vec2{X: sg * s.ax.X, Z: sg * s.ax.Z}
	} else {
		sg := -math.Copysign(1, ld[1])
		n = geom.Vec2{X: sg * s.az.X, Z: sg * s.az.Z}
	}
	if tmin < 0 {
		return 0, n
	}
	return tmin, n
}

// rayArc intersects the ray with arc s (the ring of thickness WallThickness
// around the arc, without end caps).
func (s *solid) rayArc(o, d geom.Vec2) (float64, geom.Vec2) {
	ox, oz := o.X-s.c.X, o.Z-s.c.Z
	b := ox*d.X + oz*d.Z
	cc := ox*ox + oz*oz
	ro, ri := s.r+halfWall, s.r-halfWall
	disc := b*b - (cc - ro*ro)
	if disc < 0 {
		return math.Inf(1), geom.Vec2{}
	}
	sq := math.Sqrt(disc)
	t1, t2 := -b-sq, -b+sq
	if t2 < 0 {
		return math.Inf(1), geom.Vec2{}
	}
	// Inner circle crossings, when the ray meets it.
	u1, u2 := math.Inf(1), math.Inf(-1)
	if ri > 0 {
		if di := b*b - (cc - ri*ri); di >= 0 {
			q := math.Sqrt(di)
			u1, u2 = -b-q, -b+q
		}
	}
	at := func(t float64) (bool, geom.Vec2) {
		px, pz := ox+t*d.X, oz+t*d.Z
		return s.inSpan(math.Atan2(pz, px)), geom.Vec2{X: px, Z: pz}
	}
	// Entry through the outer circle at t1, through the inner one at u2.
	type cand struct {
		t     float64
		outer bool
	}
	cands := [2]cand{{t1, true}, {u2, false}}
	if u2 < t1 {
		cands[0], cands[1] = cands[1], cands[0]
	}
	// Origin inside the ring material?
	if cc <= ro*ro && cc >= ri*ri {
		if ok, _ := at(0); ok {
			return 0, geom.Vec2{X: -d.X, Z: -d.Z}
		}
	}
	for _, c := range cands {
		if c.t < 0 || math.IsInf(c.t, 0) {
			continue
		}
		if !c.outer && u1 == math.Inf(1) {
			continue
		}
		if ok, p := at(c.t); ok {
			l := math.Hypot(p.X, p.Z)
			if l < 1e-12 {
				return c.t, geom.Vec2{X: -d.X, Z: -d.Z}
			}
			if c.outer {
				return c.t, geom.Vec2{X: p.X / l, Z: p.Z / l}
			}
			return c.t, geom.Vec2{X: -p.X / l, Z: -p.Z / l}
		}
	}
	return math.Inf(1), geom.Vec2{}
}

// raySign intersects the ray with sign s from its front; it returns the
// distance and the position across the sign (0..1, left to right).
func (s *signGeom) raySign(o, d geom.Vec2) (float64, float64) {
	dn := d.X*s.n.X + d.Z*s.n.Z
	if dn > -1e-9 {
		return math.Inf(1), 0
	}
	t := ((s.pos.X-o.X)*s.n.X + (s.pos.Z-o.Z)*s.n.Z) / dn
	if t < 0 {
		return math.Inf(1), 0
	}
	px, pz := o.X+t*d.X-s.pos.X, o.Z+t*d.Z-s.pos.Z
	u := px*s.t.X + pz*s.t.Z
	h := s.size / 2
	if u < -h || u > h {
		return math.Inf(1), 0
	}
	return t, (u + h) / s.size
}

// cast traces the ray o + t·d (d unit) up to maxT through the grid and
// returns the nearest solid whose top is above minTop (pass −Inf for all),
// and, when wantSigns, the nearest sign in front of it.
func (g *geometry) cast(o, d geom.Vec2, maxT, minTop float64, wantSigns bool) rayHit {
	h := rayHit{t: math.Inf(1), solid: -1, sign: -1, signT: math.Inf(1)}
	// Enter the grid.
	gx1, gz1 := g.x0+float64(g.nx)*g.cell, g.z0+float64(g.nz)*g.cell
	t0 := 0.0
	if o.X < g.x0 || o.X > gx1 || o.Z < g.z0 || o.Z > gz1 {
		tin, tout := 0.0, maxT
		for k, lo, hi, oo, dd := 0, g.x0, gx1, o.X, d.X; k < 2; k, lo, hi, oo, dd = k+1, g.z0, gz1, o.Z, d.Z {
			if math.Abs(dd) < 1e-15 {
				if oo < lo || oo > hi {
					return h
				}
				continue
			}
			a, b := (lo-oo)/dd, (hi-oo)/dd
			if a > b {
				a, b = b, a
			}
			tin, tout = math.Max(tin, a), math.Min(tout, b)
		}
		if tin > tout {
			return h
		}
		t0 = tin + 1e-12
	}
	px, pz := o.X+t0*d.X, o.Z+t0*d.Z
	cx, cz := g.cellOf(geom.Vec2{X: px, Z: pz})
	stepX, stepZ := 1, 1
	tMaxX, tMaxZ := math.Inf(1), math.Inf(1)
	tDX, tDZ := math.Inf(1), math.Inf(1)
	if d.X > 1e-15 {
		tMaxX = t0 + (g.x0+float64(cx+1)*g.cell-px)/d.X
		tDX = g.cell / d.X
	} else if d.X < -1e-15 {
		stepX = -1
		tMaxX = t0 + (g.x0+float64(cx)*g.cell-px)/d.X
		tDX = -g.cell / d.X
	}
	if d.Z > 1e-15 {
		tMaxZ = t0 + (g.z0+float64(cz+1)*g.cell-pz)/d.Z
		tDZ = g.cell / d.Z
	} else if d.Z < -1e-15 {
		stepZ = -1
		tMaxZ = t0 + (g.z0+float64(cz)*g.cell-pz)/d.Z
		tDZ = -g.cell / d.Z
	}
	for {
		c := cz*g.nx + cx
		for _, i := range g.cellSolids[g.cellStart[c]:g.cellStart[c+1]] {
			s := &g.solids[i]
			if s.top <= minTop {
				continue
			}
			var t float64
			var n geom.Vec2
			if s.kind == solidBox {
				t, n = s.rayBox(o, d)
			} else {
				t, n = s.rayArc(o, d)
			}
			if t < h.t {
				h.t, h.n, h.solid, h.top, h.isObst, h.skin = t, n, i, s.top, s.obstacle, s.skin
			}
		}
		if wantSigns {
			for _, i := range g.cellSigns[g.signStart[c]:g.signStart[c+1]] {
				if t, u := g.signs[i].raySign(o, d); t < h.signT {
					h.signT, h.signU, h.sign = t, u, i
				}
			}
		}
		exit := math.Min(tMaxX, tMaxZ)
		if h.t <= exit || exit > maxT {
			break
		}
		if tMaxX < tMaxZ {
			cx += stepX
			tMaxX += tDX
			if cx < 0 || cx >= g.nx {
				break
			}
		} else {
			cz += stepZ
			tMaxZ += tDZ
			if cz < 0 || cz >= g.nz {
				break
			}
		}
	}
	if h.t > maxT {
		h.t, h.solid = math.Inf(1), -1
	}
	// A sign is drawn when it is in front of the real surface the ray hits:
	// the solid's skin, along the ray, plus signTie.
	slack := signTie
	if h.skin > 0 {
		slack += h.skin / math.Max(math.Abs(d.X*h.n.X+d.Z*h.n.Z), 0.2)
	}
	if h.sign >= 0 && !(h.signT <= h.t+slack && h.signT <= maxT) {
		h.sign, h.signT = -1, math.Inf(1)
	}
	return h
}
