package explore

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/signs"
)

// Wall faces. Signs hang on walls (docs/erebus-rules.md §2.2: 0.0056 m in front of the
// wall's centre line), so a floor that has been seen is not enough: every
// face of every wall must have been in front of a camera, close enough for
// a sign on it to be classified. The map's wall cells on the lines between
// two corners of a quarter (a cell with one odd and one even coordinate) are
// the faces' middles; each has two sides. Walls off the lines (curves,
// walls at other angles) are swept as the surfaces the map kept of them
// (nav.Surface), each with the normal fitted to its readings.
const (
	// signSize is the side of a sign (m) and signOffset its distance from
	// the wall's centre line (docs/erebus-rules.md §2.2).
	signSize   = 0.016
	signOffset = 0.0056
	// cameraFocalPx is the focal length in pixels of the default robot's
	// cameras: 64 pixels wide with a field of view of 1 rad (docs/erebus-rules.md §5),
	// 32/tan(0.5).
	cameraFocalPx = 58.26
	// classifyPx is the least height in pixels of a sign victim-detect
	// classifies (its classify_pixels default).
	classifyPx = 7
	// cameraAhead is how far the cameras sit ahead of the robot's centre (m).
	cameraAhead = 0.035
	// faceViewDist is the farthest distance (m, from the robot's centre)
	// at which a face counts as looked at: a sign there is classifyPx tall
	// in the image, with a 2 cm margin.
	faceViewDist = signSize*cameraFocalPx/classifyPx + cameraAhead - 0.02
	// targetTopAbove is how far the top of a v26.1 cognitive target
	// (erebus.CognitiveTargetSize across, its centre 0.03 m above the floor
	// as a sign's) stands above the cameras (0.028 m above the floor).
	targetTopAbove = 0.03 + erebus.CognitiveTargetSize/2 - 0.028
	// faceMinDist is the nearest distance (m, from the robot's centre) at
	// which a face counts as looked at: a target there fits in the upper
	// half of the image with a pixel to spare. Closer, victim-detect
	// cannot see it whole (it ignores a target cut by the image's border),
	// and a turn on the start tile, 0.06 m from its walls, looked at none
	// of the start tile's targets (a generated v26.1 world: a target on the
	// start tile's wall never reported).
	faceMinDist = cameraFocalPx*targetTopAbove/(erebus.CameraHeight/2-1) + cameraAhead
	// faceViewCos is the cosine of the largest angle between the heading
	// and a face looked at: the three cameras (axes 0 and ±30°, each 1 rad
	// wide) see ±58°; 40° keeps a sign whole in one image.
	faceViewCos = 0.766
	// faceIncidenceCos is the cosine of the largest angle between a face's
	// normal and the line of sight (a sign seen more obliquely is too
	// narrow to classify).
	faceIncidenceCos = 0.5
	// faceViewSteps is how many steps a face must be in view to count as
	// looked at: victim-detect raises a sign after two classified views,
	// and gets the cameras every other step.
	faceViewSteps = 4
	// faceHoldSteps is how many steps the robot stands facing a face it
	// drove to look at (two camera frames at least).
	faceHoldSteps = 6
	// faceFailures is how many failed attempts give a face up.
	faceFailures = 2
)

// gridCells is the side of the map's full grid of cells (nav's layout:
// 4·n+1 cells for n = 2·MaxTiles+1 tiles).
const gridCells = 4*(2*nav.MaxTiles+1) + 1

// startCell is the full-grid cell of the start tile's centre.
const startCell = 4*nav.MaxTiles + 2

// faceKey names one side of a face cell: (row·gridCells + col)·2 + side,
// side 0 the face looking towards −Z or −X, 1 towards +Z or +X.
type faceKey int32

func keyOf(row, col, side int) faceKey { return faceKey((row*gridCells+col)*2 + side) }

// cellPoint is the world position of full-grid cell (row, col) of m.
func cellPoint(m *nav.Map, row, col int) geom.Vec2 {
	s := m.Start()
	return geom.Vec2{X: s.X + float64(col-startCell)*nav.CellSize, Z: s.Z + float64(row-startCell)*nav.CellSize}
}

// isFace reports whether cell (row, col) is the middle of a quarter side.
func isFace(row, col int) bool { return (row%2 == 0) != (col%2 == 0) }

// faceNormal is the unit normal of side side of face cell (row, col).
func faceNormal(row, col, side int) geom.Vec2 {
	s := float64(2*side - 1)
	if row%2 == 0 { // on a horizontal line
		return geom.Vec2{Z: s}
	}
	return geom.Vec2{X: s}
}

// facePoint is where a sign on side side of face cell (row, col) would be.
func facePoint(m *nav.Map, row, col, side int) geom.Vec2 {
	c, n := cellPoint(m, row, col), faceNormal(row, col, side)
	return geom.Vec2{X: c.X + n.X*signOffset, Z: c.Z + n.Z*signOffset}
}

// faceFloorKnown reports whether the floor in front of the face is known
// and not a hole (a face looking out of the arena or into the unknown is
// not one to look at).
func faceFloorKnown(m *nav.Map, row, col, side int) bool {
	c, n := cellPoint(m, row, col), faceNormal(row, col, side)
	p := geom.Vec2{X: c.X + n.X*nav.CellSize, Z: c.Z + n.Z*nav.CellSize}
	tr, tc, ok := m.TileOf(p)
	if !ok {
		return false
	}
	f := m.Floor(tr, tc)
	return f != nav.FloorUnknown && f != nav.FloorHole
}

// faces remembers which wall faces a camera has looked at.
type faces struct {
	seen  map[faceKey]bool
	views map[faceKey]int // steps in view so far, of the faces not seen yet
	fail  map[faceKey]int

	surfBuf []nav.Surface // scratch
}

func newFaces() faces {
	return faces{seen: map[faceKey]bool{}, views: map[faceKey]int{}, fail: map[faceKey]int{}}
}

// see marks the faces the cameras look at from pose on map m.
func (fs *faces) see(m *nav.Map, pose nav.Pose) {
	r0, c0 := m.Cell(pose.Vec2)
	reach := int(math.Ceil(faceViewDist / nav.CellSize))
	head := geom.Vec2{X: -math.Sin(pose.Yaw), Z: -math.Cos(pose.Yaw)}
	for r := r0 - reach; r <= r0+reach; r++ {
		for c := c0 - reach; c <= c0+reach; c++ {
			if r < 0 || c < 0 || !isFace(r, c) || !m.Wall(r, c) {
				continue
			}
			for side := range 2 {
				k := keyOf(r, c, side)
				if fs.seen[k] || !visible(m, pose.Vec2, head, r, c, side) {
					continue
				}
				if fs.views[k]++; fs.views[k] >= faceViewSteps {
					fs.seen[k] = true
					delete(fs.views, k)
				}
			}
		}
	}
	fs.seeSurfaces(m, pose, head)
}

// visible reports whether side side of face cell (row, col) is in view
// from p with heading head: near enough, in front, not too oblique, and no
// wall of the map in between.
func visible(m *nav.Map, p, head geom.Vec2, row, col, side int) bool {
	return inView(m, p, head, facePoint(m, row, col, side), faceNormal(row, col, side), row, col)
}

// inView reports whether a face at fp with normal n is in view from p with
// heading head: near enough, in front, not too oblique, and no wall cell
// of the map but (row, col) in between.
func inView(m *nav.Map, p, head, fp, n geom.Vec2, row, col int) bool {
	vx, vz := fp.X-p.X, fp.Z-p.Z
	d := math.Hypot(vx, vz)
	if d > faceViewDist || d < faceMinDist {
		return false
	}
	if (vx*head.X+vz*head.Z)/d < faceViewCos || -(vx*n.X+vz*n.Z)/d < faceIncidenceCos {
		return false
	}
	// Line of sight: the samples short of the face must not fall on
	// another wall cell.
	const step = 0.01
	for t := step; t < d-nav.CellSize/2; t += step {
		q := geom.Vec2{X: p.X + vx*t/d, Z: p.Z + vz*t/d}
		qr, qc := m.Cell(q)
		if (qr%2 == 0 || qc%2 == 0) && (qr != row || qc != col) && m.Wall(qr, qc) {
			return false
		}
	}
	return true
}

// Faces off the map's lines: the surfaces the distance sensors and the
// lidar saw off the wall lines (nav.Map.KeepSurfaces: curved walls, walls
// at other angles, obstacles' sides), each looked at as a face of the
// lines is. Their keys follow the keys of the faces on the lines.
const surfKeyBase = 2 * gridCells * gridCells

func surfKey(s nav.Surface) faceKey { return faceKey(surfKeyBase + s.Key) }

// curveFace reports whether surface s lies on a face of an Erebus curved
// wall: its point CurveOuterRadius out along its normal from a corner of
// the quarter-tile lattice (the convex face), or CurveInnerRadius back
// (the concave one), within curveTol. Obstacles' sides (no sign hangs on
// an obstacle) seldom pass; sweeping them cost more game time than the
// signs it found (v26 world2 and world3).
func curveFace(m *nav.Map, s nav.Surface) bool {
	const curveTol = 0.006
	st := m.Start()
	for _, r := range [2]float64{erebus.CurveOuterRadius, -erebus.CurveInnerRadius} {
		c := geom.Vec2{X: s.P.X - s.N.X*r, Z: s.P.Z - s.N.Z*r}
		u := (c.X - st.X) / erebus.QuarterTile
		v := (c.Z - st.Z) / erebus.QuarterTile
		du, dv := (u-math.Round(u))*erebus.QuarterTile, (v-math.Round(v))*erebus.QuarterTile
		if math.Hypot(du, dv) <= curveTol {
			return true
		}
	}
	return false
}

// surfFloorKnown reports whether the floor just in front of surface s is
// known, not a hole, and inside the arena.
func surfFloorKnown(m *nav.Map, s nav.Surface) bool {
	p := geom.Vec2{X: s.P.X + s.N.X*0.02, Z: s.P.Z + s.N.Z*0.02}
	tr, tc, ok := m.TileOf(p)
	if !ok || m.OutsideArena(p) {
		return false
	}
	f := m.Floor(tr, tc)
	return f != nav.FloorUnknown && f != nav.FloorHole
}

// seeSurfaces marks the surfaces the cameras look at from pose.
func (fs *faces) seeSurfaces(m *nav.Map, pose nav.Pose, head geom.Vec2) {
	fs.surfBuf = m.SurfacesNear(fs.surfBuf[:0], pose.Vec2, faceViewDist)
	for _, s := range fs.surfBuf {
		k := surfKey(s)
		if fs.seen[k] || !curveFace(m, s) {
			continue
		}
		r, c := m.Cell(s.P)
		if !inView(m, pose.Vec2, head, s.P, s.N, r, c) {
			continue
		}
		if fs.views[k]++; fs.views[k] >= faceViewSteps {
			fs.seen[k] = true
			delete(fs.views, k)
		}
	}
}

// nextSurface returns the cheapest place (by f) to look at a surface not
// seen yet from, if cheaper than bestCost: a node of the 6 cm lattice
// around the points 9 and 6 cm out along its normal, from where the
// surface is in view facing it.
func (fs *faces) nextSurface(m *nav.Map, f *nav.Field, best faceGoal, bestCost float64) (faceGoal, float64) {
	fs.surfBuf = m.SurfacesNear(fs.surfBuf[:0], geom.Vec2{}, math.Inf(1))
	for _, s := range fs.surfBuf {
		k := surfKey(s)
		if fs.seen[k] || fs.fail[k] >= faceFailures || !curveFace(m, s) || !surfFloorKnown(m, s) {
			continue
		}
		r0, c0 := m.Cell(s.P)
		for _, out := range [2]float64{0.09, 0.06} {
			t := geom.Vec2{X: s.P.X + s.N.X*out, Z: s.P.Z + s.N.Z*out}
			tr, tc := m.Cell(t)
			tr, tc = tr&^1, tc&^1
			for _, d := range [4][2]int{{0, 0}, {0, 2}, {2, 0}, {2, 2}} {
				at := cellPoint(m, tr+d[0], tc+d[1])
				yaw := nav.YawTowards(at, s.P)
				head := geom.Vec2{X: -math.Sin(yaw), Z: -math.Cos(yaw)}
				if m.Blocked(at) || m.OutsideArena(at) || !inView(m, at, head, s.P, s.N, r0, c0) {
					continue
				}
				cost := f.Cost(at)
				if out < 0.09 {
					cost += 0.05 // close: the sign may not fit in the image
				}
				if cost < bestCost {
					best, bestCost = faceGoal{key: k, at: at, yaw: yaw}, cost
				}
			}
		}
	}
	return best, bestCost
}

// faceGoal is a place to look at an unseen face from.
type faceGoal struct {
	key faceKey
	at  geom.Vec2
	yaw float64
}

// next returns the cheapest place (by the search f from the robot) to look
// at a face not seen yet, over the faces of the walls within m's bounds
// and the surfaces off the lines (curved walls, walls at other angles).
func (fs *faces) next(m *nav.Map, f *nav.Field) (faceGoal, bool) {
	tr0, tc0, tr1, tc1 := m.Bounds()
	best, bestCost := faceGoal{}, math.Inf(1)
	for r := max(0, 4*tr0); r <= min(gridCells-1, 4*tr1+4); r++ {
		for c := max(0, 4*tc0); c <= min(gridCells-1, 4*tc1+4); c++ {
			if !isFace(r, c) || !m.Wall(r, c) {
				continue
			}
			for side := range 2 {
				k := keyOf(r, c, side)
				if fs.seen[k] || fs.fail[k] >= faceFailures || !faceFloorKnown(m, r, c, side) {
					continue
				}
				best, bestCost = fs.placeFor(m, f, r, c, side, best, bestCost)
			}
		}
	}
	best, bestCost = fs.nextSurface(m, f, best, bestCost)
	return best, !math.IsInf(bestCost, 1)
}

// placeFor returns the cheapest place (by f) to look at side side of face
// cell (row, col) from, if cheaper than bestCost: the nodes two and four
// cells in front of it, one cell to either side along the wall.
func (fs *faces) placeFor(m *nav.Map, f *nav.Field, r, c, side int, best faceGoal, bestCost float64) (faceGoal, float64) {
	k := keyOf(r, c, side)
	fp := facePoint(m, r, c, side)
	n := faceNormal(r, c, side)
	// Nodes have even coordinates.
	for _, out := range [2]int{4, 2} {
		for _, along := range [2]int{-1, 1} {
			nr, nc := r+int(n.Z)*out, c+int(n.X)*out
			if row := r%2 == 0; row {
				nc += along
			} else {
				nr += along
			}
			at := cellPoint(m, nr, nc)
			if m.Blocked(at) {
				continue
			}
			cost := f.Cost(at)
			if out == 2 {
				// Close: a sign may not fit in the image, and a
				// target does not (faceMinDist); only where no
				// place farther off is near.
				cost += 0.3
			}
			if cost < bestCost {
				best, bestCost = faceGoal{key: k, at: at, yaw: nav.YawTowards(at, fp)}, cost
			}
		}
	}
	return best, bestCost
}

// nextGlimpse returns the cheapest place (by f) to look from at a face of
// the map's lines where a sign was glimpsed (signs.KeyGlimpsed) and that no
// camera has looked at closely yet, if cheaper than bestCost. A glimpse
// beside a face's end (a sign near a corner of the quarter lattice) names
// the faces on both sides of that corner.
func (fs *faces) nextGlimpse(m *nav.Map, f *nav.Field, gs []signs.Glimpse, bestCost float64) (faceGoal, float64) {
	best := faceGoal{}
	for _, g := range gs {
		side := 0
		switch {
		case math.Abs(g.Normal.X) > 0.9:
			if g.Normal.X > 0 {
				side = 1
			}
		case math.Abs(g.Normal.Z) > 0.9:
			if g.Normal.Z > 0 {
				side = 1
			}
		default:
			continue // off the lines: the surfaces' sweep looks at those
		}
		w := geom.Vec2{X: g.Pos.X - g.Normal.X*signOffset, Z: g.Pos.Z - g.Normal.Z*signOffset}
		r0, c0 := m.Cell(w)
		for _, d := range [3]int{0, -1, 1} {
			r, c := r0, c0
			if math.Abs(g.Normal.X) > 0.9 {
				r += d // a wall along Z: its faces run along the rows
			} else {
				c += d
			}
			if r < 0 || c < 0 || !isFace(r, c) || !m.Wall(r, c) {
				continue
			}
			// The floor in front need not be known: the glimpse shows
			// the face looks into the arena.
			if k := keyOf(r, c, side); fs.seen[k] || fs.fail[k] >= faceFailures {
				continue
			}
			best, bestCost = fs.placeFor(m, f, r, c, side, best, bestCost)
		}
	}
	return best, bestCost
}
