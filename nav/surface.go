package nav

import (
	"maps"
	"math"
	"slices"

	"github.com/rescuekit/rescuekit/geom"
)

// Surfaces. A wall that is not on the map's lines (a curved wall, a wall
// at another angle in an area-4 room, an obstacle's side) leaves only
// obstacle evidence on the nodes, which says where the robot may not go,
// not where a sign may hang. A map that keeps surfaces (KeepSurfaces) also
// keeps every reading off the lines as a surface sample: per cell of the
// 3 cm grid and per octant of the direction back to the sensor (so that the
// two faces of a thin wall stay apart), the number of readings and the sum
// of their end points. A Surface is one such bin with enough readings, its
// point the mean end point and its normal fitted to the samples beside it.

// surfMinHits is the least number of readings a surface bin needs: a
// stray reading (noise, a ray grazing a wall's end) makes none.
const surfMinHits = 3

type surfBin struct {
	n      uint16
	sx, sz float32
}

// surfCell is one cell's samples, by octant of the direction from the
// end point back to the sensor (octant k centred on angle k·π/4 of
// atan2(z, x)).
type surfCell [8]surfBin

// Surface is a patch of wall off the map's lines seen by the distance
// sensors or the lidar.
type Surface struct {
	// P is the mean end point of the readings, N the unit normal of the
	// surface there, on the side the readings came from.
	P, N geom.Vec2
	// Key names the patch: the same cell and side give the same key.
	Key int
}

// KeepSurfaces makes Integrate keep the readings off the wall lines as
// surface samples from now on (Surfaces). A map decoded from an encoding
// has none.
func (m *Map) KeepSurfaces() {
	if m.surf == nil {
		m.surf = map[int32]*surfCell{}
	}
}

// surface records a reading off the lines that ended at q on a ray going
// along dir.
func (m *Map) surface(q, dir geom.Vec2) {
	if m.surf == nil {
		return
	}
	u, v := (q.X-m.origin.X)/CellSize, (q.Z-m.origin.Z)/CellSize
	if !(u >= 0 && v >= 0 && u < gridCells && v < gridCells) {
		return
	}
	k := int32(int(v+0.5)*gridCells + int(u+0.5))
	c := m.surf[k]
	if c == nil {
		c = new(surfCell)
		m.surf[k] = c
	}
	b := &c[octant(-dir.X, -dir.Z)]
	if b.n == math.MaxUint16 {
		return
	}
	b.n++
	b.sx += float32(q.X)
	b.sz += float32(q.Z)
}

// octant returns the octant (0-7) of the direction (x, z).
func octant(x, z float64) int {
	a := math.Atan2(z, x)
	return (int(math.Round(a/(math.Pi/4))) + 8) % 8
}

// SurfacesNear appends to dst the surfaces whose cell lies within r of p
// (all of them when r is +Inf) and returns it.
func (m *Map) SurfacesNear(dst []Surface, p geom.Vec2, r float64) []Surface {
	if len(m.surf) == 0 {
		return dst
	}
	if math.IsInf(r, 1) {
		// In key order, not the map's: callers pick the first of equal
		// costs, and a game must not depend on map iteration order.
		for _, k := range slices.Sorted(maps.Keys(m.surf)) {
			dst = m.appendSurfaces(dst, k, m.surf[k])
		}
		return dst
	}
	u0, v0 := (p.X-m.origin.X)/CellSize, (p.Z-m.origin.Z)/CellSize
	n := int(math.Ceil(r / CellSize))
	for row := int(v0+0.5) - n; row <= int(v0+0.5)+n; row++ {
		for col := int(u0+0.5) - n; col <= int(u0+0.5)+n; col++ {
			if row < 0 || col < 0 || row >= gridCells || col >= gridCells {
				continue
			}
			k := int32(row*gridCells + col)
			if c := m.surf[k]; c != nil {
				dst = m.appendSurfaces(dst, k, c)
			}
		}
	}
	return dst
}

// appendSurfaces appends the surfaces of cell k.
func (m *Map) appendSurfaces(dst []Surface, k int32, c *surfCell) []Surface {
	for o := range c {
		if c[o].n < surfMinHits {
			continue
		}
		p := geom.Vec2{X: float64(c[o].sx) / float64(c[o].n), Z: float64(c[o].sz) / float64(c[o].n)}
		dst = append(dst, Surface{P: p, N: m.surfNormal(k, o, p), Key: int(k)*8 + o})
	}
	return dst
}

// surfNormal fits the normal at p, the mean point of octant o of cell k:
// the direction of least spread of the mean points of the bins of the
// cells around (one cell each way) that face within an octant of o,
// turned towards octant o. With too few of them it is octant o's
// direction.
func (m *Map) surfNormal(k int32, o int, p geom.Vec2) geom.Vec2 {
	row, col := int(k)/gridCells, int(k)%gridCells
	oa := float64(o) * math.Pi / 4
	def := geom.Vec2{X: math.Cos(oa), Z: math.Sin(oa)}
	var pts [27]geom.Vec2
	n := 0
	for r := row - 1; r <= row+1; r++ {
		for c := col - 1; c <= col+1; c++ {
			if r < 0 || c < 0 || r >= gridCells || c >= gridCells {
				continue
			}
			sc := m.surf[int32(r*gridCells+c)]
			if sc == nil {
				continue
			}
			for _, d := range [3]int{7, 0, 1} {
				b := sc[(o+d)%8]
				if b.n < surfMinHits || n == len(pts) {
					continue
				}
				pts[n] = geom.Vec2{X: float64(b.sx) / float64(b.n), Z: float64(b.sz) / float64(b.n)}
				n++
			}
		}
	}
	if n < 3 {
		return def
	}
	var mx, mz float64
	for _, q := range pts[:n] {
		mx += q.X
		mz += q.Z
	}
	mx, mz = mx/float64(n), mz/float64(n)
	var sxx, sxz, szz float64
	for _, q := range pts[:n] {
		dx, dz := q.X-mx, q.Z-mz
		sxx += dx * dx
		sxz += dx * dz
		szz += dz * dz
	}
	// The principal axis is at angle θ = atan2(2sxz, sxx − szz)/2; the
	// normal is perpendicular to it.
	if sxx+szz < 1e-8 {
		return def
	}
	th := math.Atan2(2*sxz, sxx-szz) / 2
	nrm := geom.Vec2{X: -math.Sin(th), Z: math.Cos(th)}
	if nrm.X*def.X+nrm.Z*def.Z < 0 {
		nrm = geom.Vec2{X: -nrm.X, Z: -nrm.Z}
	}
	return nrm
}
