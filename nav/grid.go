package nav

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// Map size: the map is a fixed grid centred on the start tile, reaching
// MaxTiles tiles from it in every direction.
const (
	// MaxTiles is how many tiles the map reaches from the start tile.
	MaxTiles  = 32
	gridTiles = 2*MaxTiles + 1
	gridCells = 4*gridTiles + 1
	gridNodes = 2*gridTiles + 1
)

// Floor is what the colour sensor found on a tile.
type Floor uint8

// Floor kinds. The passage kinds are the connection tiles, by colour.
const (
	FloorUnknown Floor = iota
	FloorPlain
	FloorHole
	FloorSwamp
	FloorCheckpoint
	FloorBlue   // 'b', areas 1–2
	FloorPurple // 'p', areas 2–3
	FloorRed    // 'r', areas 3–4
	FloorGreen  // 'g', areas 1–4
	FloorOrange // 'o', areas 2–4
	FloorYellow // 'y', areas 1–3
	nFloor
)

var floorCodes = [nFloor]string{"0", "0", "2", "3", "4", "b", "p", "r", "g", "o", "y"}

// Code returns the floor's cell in the Erebus map matrix ("0" for plain or
// unknown floor).
func (f Floor) Code() string {
	if f >= nFloor {
		return "0"
	}
	return floorCodes[f]
}

// Passage reports whether f is a connection tile, and the two areas it joins.
func (f Floor) Passage() (a, b int, ok bool) {
	switch f {
	case FloorBlue:
		return 1, 2, true
	case FloorPurple:
		return 2, 3, true
	case FloorRed:
		return 3, 4, true
	case FloorGreen:
		return 1, 4, true
	case FloorOrange:
		return 2, 4, true
	case FloorYellow:
		return 1, 3, true
	}
	return 0, 0, false
}

// isPassage reports whether f is a connection tile's colour.
func (f Floor) isPassage() bool { _, _, ok := f.Passage(); return ok }

// palette is the colour each floor shows to the colour sensor (the
// embedded simulator's palette, which follows the worlds' tileColor).
var palette = []struct {
	rgb [3]float64
	f   Floor
}{
	{[3]float64{162, 162, 162}, FloorPlain},
	{[3]float64{0, 0, 0}, FloorHole},
	{[3]float64{140, 100, 45}, FloorSwamp},
	{[3]float64{225, 230, 240}, FloorCheckpoint},
	{[3]float64{26, 26, 230}, FloorBlue},
	{[3]float64{77, 26, 153}, FloorPurple},
	{[3]float64{230, 26, 26}, FloorRed},
	{[3]float64{0, 204, 0}, FloorGreen},
	{[3]float64{230, 153, 26}, FloorOrange},
	{[3]float64{230, 230, 26}, FloorYellow},
}

// ClassifyColour returns the floor whose colour is nearest to (r, g, b),
// or FloorUnknown when none is within 45 (Euclidean, 0–255 units); very
// dark readings are holes.
func ClassifyColour(r, g, b uint32) Floor {
	if r < 30 && g < 30 && b < 30 {
		return FloorHole
	}
	best, bd := FloorUnknown, 45.0*45
	for _, p := range palette {
		dr, dg, db := float64(r)-p.rgb[0], float64(g)-p.rgb[1], float64(b)-p.rgb[2]
		if d := dr*dr + dg*dg + db*db; d < bd {
			best, bd = p.f, d
		}
	}
	return best
}

// MapConfig tunes how sensor readings become walls.
type MapConfig struct {
	// MinHits is the number of distance readings a wall cell needs.
	MinHits int
	// FreeRatio: a cell is a wall when hits ≥ FreeRatio × (rays that
	// passed through it); in the middle of a quarter side (a cell with an
	// odd row or column), midFreeFactor times that.
	FreeRatio float64
	// MaxRange is the longest distance reading used (m).
	MaxRange float64
	// SnapTol is how far from a wall line a reading may be and still count
	// for it (m); farther readings are obstacles or curved walls.
	SnapTol float64
}

// DefaultMapConfig returns the defaults: 2 hits, ratio 1, 0.45 m, 0.011 m.
func DefaultMapConfig() MapConfig {
	return MapConfig{MinHits: 2, FreeRatio: 1, MaxRange: 0.45, SnapTol: 0.011}
}

// Map is the robot's map at the resolution of the Erebus map matrix: a
// grid of cells 3 cm apart whose even rows and columns are the lines walls
// stand on (tile edges and half-tile lines), with one floor per tile, and a
// lattice of nodes (the cells with even row and column, 6 cm apart) on
// which the robot's centre travels. Tile (MaxTiles, MaxTiles) is the start
// tile. A Map is not safe for concurrent use.
type Map struct {
	cfg    MapConfig
	robot  Robot
	origin geom.Vec2 // world position of cell (0, 0), the top-left corner of tile (0, 0)

	hits, frees []uint16         // per cell
	obst        []uint16         // per node: readings off the wall lines
	obstNear    []uint16         // per node: those the body there would touch (squeeze.go)
	obstSeen    []obstacleSeen   // per node: where those readings place the obstacle (obstacle.go); nil: none yet
	seenVer     uint64           // SeenVersion
	holeNear    []bool           // per node: a hole seen too near a tile edge to tell its tile
	trail       []bool           // per node: the robot's centre stood on it (Integrate)
	trailed     int              // nodes on the trail (Trailed)
	driven      []uint8          // per node: the diagonals down from it the robot's centre drove (driven.go)
	drive       driveTrack       // the centre since the last trail node (driven.go)
	votes       [][nFloor]uint16 // per tile
	floor       []Floor          // per tile, resolved
	fixedWall   []bool           // per cell, from a decoded map
	passed      []bool           // per cell, walls plans pass until hit again (PassWall); nil: none
	fixedObst   []bool           // per node, from a decoded map
	fixedSqz    []bool           // per node, from a decoded map: squeezable
	// closedCorner: strikes against the diagonals past wall ends of
	// quarters, by their top-left node (CloseCorners; corner.go).
	closedCorner map[int]int
	// closedToward: the heading the robot pushed into each struck quarter
	// with, when the striker gave one (CloseCornersToward).
	closedToward map[int]geom.Vec2
	// stuckAt: strikes against the nodes where the robot got stuck, by
	// node (Stuck; stuck.go).
	stuckAt map[int]int

	t0r, t0c, t1r, t1c int // bounding box of the tiles with evidence
	version            uint64
	// sensed: Integrate was called since the map was made or loaded, so
	// evidence may lie anywhere in the grid (Load clears it all).
	sensed bool

	costVer    uint64
	costKey    Costs
	costSwamps int // the generation of costKey.Swamps the weights are for
	nodeCost   []float32
	search     searchState
	arenaB     arenaBox            // arena.go
	surf       map[int32]*surfCell // surface.go; nil: not kept
	offLine    bool                // the last hit was off the wall lines
}

// NewMap returns an empty map whose start tile is centred at start.
func NewMap(start geom.Vec2, r Robot, cfg MapConfig) *Map {
	m := &Map{cfg: cfg, robot: r}
	off := float64(MaxTiles)*TileSize + TileSize/2
	m.origin = geom.Vec2{X: start.X - off, Z: start.Z - off}
	m.hits = make([]uint16, gridCells*gridCells)
	m.frees = make([]uint16, gridCells*gridCells)
	m.obst = make([]uint16, gridNodes*gridNodes)
	m.obstNear = make([]uint16, gridNodes*gridNodes)
	m.holeNear = make([]bool, gridNodes*gridNodes)
	m.trail = make([]bool, gridNodes*gridNodes)
	m.driven = make([]uint8, gridNodes*gridNodes)
	m.drive.last = -1
	m.votes = make([][nFloor]uint16, gridTiles*gridTiles)
	m.floor = make([]Floor, gridTiles*gridTiles)
	m.t0r, m.t0c, m.t1r, m.t1c = MaxTiles, MaxTiles, MaxTiles, MaxTiles
	m.version = 1
	return m
}

// Version changes whenever something that matters for planning changes.
func (m *Map) Version() uint64 { return m.version }

// Start returns the centre of the start tile.
func (m *Map) Start() geom.Vec2 { return m.TileCenter(MaxTiles, MaxTiles) }

// StartTile returns the start tile's (row, col).
func (m *Map) StartTile() (row, col int) { return MaxTiles, MaxTiles }

// TileCenter returns the centre of tile (row, col).
func (m *Map) TileCenter(row, col int) geom.Vec2 {
	return geom.Vec2{X: m.origin.X + (float64(col)+0.5)*TileSize, Z: m.origin.Z + (float64(row)+0.5)*TileSize}
}

// TileOf returns the tile (row, col) containing p; ok is false outside the map.
func (m *Map) TileOf(p geom.Vec2) (row, col int, ok bool) {
	fr, fc := (p.Z-m.origin.Z)/TileSize, (p.X-m.origin.X)/TileSize
	if !(fr >= 0 && fc >= 0 && fr < gridTiles && fc < gridTiles) {
		return 0, 0, false
	}
	return int(fr), int(fc), true
}

// Floor returns the floor of tile (row, col) (FloorUnknown until seen).
func (m *Map) Floor(row, col int) Floor {
	if row < 0 || col < 0 || row >= gridTiles || col >= gridTiles {
		return FloorUnknown
	}
	return m.floor[row*gridTiles+col]
}

// Wall reports whether matrix cell (row, col) of the full grid is a wall.
func (m *Map) Wall(row, col int) bool {
	if row < 0 || col < 0 || row >= gridCells || col >= gridCells {
		return false
	}
	return m.wall(row*gridCells + col)
}

func (m *Map) wall(i int) bool { return m.cellWall(i) }

// cellWall reports whether cell i is a wall: fixed, or enough readings
// against the rays that passed through it.
func (m *Map) cellWall(i int) bool {
	if m.fixedWall != nil && m.fixedWall[i] {
		return true
	}
	if int(m.hits[i]) < m.cfg.MinHits {
		return false
	}
	ratio := m.cfg.FreeRatio
	if (i/gridCells+i%gridCells)%2 == 1 {
		ratio *= midFreeFactor
	}
	return float64(m.hits[i]) >= ratio*float64(m.frees[i])
}

// midFreeFactor weighs the rays that passed through a cell in the middle
// of a quarter side (an odd row or column) more than those through a
// quarter's corner: a ray may graze past the end of a wall, never through
// its middle. An obstacle seen by the infra-red distance sensors reads
// closer than it is (erebus.ObstacleInfraRed against erebus.WallInfraRed),
// so its readings can land on a wall line in front of it, in the middle
// of a passage; the rays that passed there, before and after, outweigh
// them.
const midFreeFactor = 2

// obstacle reports whether node n is blocked by readings off the wall
// lines: each such reading adds 2 to the nodes around it, each ray that
// passes right through the node takes 1 away; 3 or more blocks. A node the
// robot's centre stood on (trail) is not: whatever the readings say, the
// body fitted there.
func (m *Map) obstacle(n int) bool {
	if m.trail[n] {
		return false
	}
	return m.obst[n] >= 3 || (m.fixedObst != nil && m.fixedObst[n])
}

// trailTol is how near a node the robot's centre must pass for the node to
// join the trail: the body (erebus.BodyRadius, 3.7 cm) then covered every
// point within 2.2 cm of the node, so no obstacle stands nearer, and the
// readings that block the node (within BodyRadius + 6 mm of it,
// obstacleAt) were read closer than they are (the infra-red factor) or
// were not of one obstacle (Day_2-2-FIXED3 of shared/more-worlds: an
// obstacle beside a passage the robot had driven through closed it behind
// the robot with readings on the nodes it had stood on, and the way home
// went through a real obstacle instead).
const trailTol = 0.015

// stoodOn adds the node nearest p to the trail when p is within trailTol
// of it, and follows the centre for the driven diagonals (driven.go).
func (m *Map) stoodOn(p geom.Vec2) {
	n, ok := m.nodeAt(p)
	if !ok || m.nodePos(n).Dist(p) > trailTol {
		m.drove(p, -1)
		return
	}
	m.drove(p, n)
	if m.trail[n] {
		return
	}
	// The node's weight changes for the usual plans when walls or
	// obstacle readings blocked it, and for the fallback plan when walls
	// or a hole beside it did (Costs.IgnoreObstacles).
	was, wasFallback := m.blockedBy(n, true), m.blockedBy(n, false) && !m.holeCentre(n)
	m.trail[n] = true
	m.trailed++
	if was != m.blockedBy(n, true) || wasFallback {
		m.version++
	}
}

// Trailed returns how many nodes the robot's centre stood on (the trail,
// which MarshalBinary encodes): a map whose Version, Trailed and
// SeenVersion are unchanged encodes the same.
func (m *Map) Trailed() int { return m.trailed }

// cellPos returns the world position of cell (row, col).
func (m *Map) cellPos(row, col int) geom.Vec2 {
	return geom.Vec2{X: m.origin.X + float64(col)*CellSize, Z: m.origin.Z + float64(row)*CellSize}
}

// NodePos returns the world position of node (row, col) (cell (2row, 2col)).
func (m *Map) nodePos(n int) geom.Vec2 {
	return m.cellPos(2*(n/gridNodes), 2*(n%gridNodes))
}

func (m *Map) grow(tr, tc int) {
	m.t0r, m.t0c = min(m.t0r, tr), min(m.t0c, tc)
	m.t1r, m.t1c = max(m.t1r, tr), max(m.t1c, tc)
}

// Integrate adds one Observation's distance and colour readings, taken at
// pose p, and reports whether the map changed in a way that matters for
// planning. Call it only when the pose's yaw is known.
func (m *Map) Integrate(obs *pluginpb.Observation, p Pose) bool {
	before := m.version
	m.sensed = true
	m.stoodOn(p.Vec2)
	f := m.robot.wallFactor()
	for i, d := range obs.GetDistance() {
		if i >= len(m.robot.Distance) || math.IsNaN(d) {
			continue
		}
		m.ray(p, m.robot.Distance[i], d*f, m.robot.DistanceMax*f)
	}
	if l := obs.GetLidar(); l != nil {
		m.lidar(p, l)
	}
	if c := obs.GetColour(); c != nil {
		m.colour(p, ClassifyColour(c.R, c.G, c.B))
	}
	return m.version != before
}

// LidarRays is how many points of a lidar scan's layer Integrate uses,
// evenly spread (a 512-point scan every 8th point): enough to see every wall
// of the tiles around, at a small cost per step.
const LidarRays = 64

// lidar integrates the scan's layer nearest the horizontal from above (it
// sees walls, not the floor), as if the lidar stood at the robot's centre
// facing forward. Point i of a layer looks FOV/2 − i·FOV/res to the left of
// forward, as Webots numbers them; +Inf is no hit within the range.
func (m *Map) lidar(p Pose, l *pluginpb.Lidar) {
	res, layers := int(l.GetHorizontalResolution()), int(l.GetLayers())
	r := l.GetRanges()
	if res <= 0 || layers <= 0 || len(r) < res*layers {
		return
	}
	k := (layers - 1) / 2 // layers run from the highest to the lowest
	phi := 0.0
	if vf := l.GetVerticalFov(); layers > 1 {
		phi = vf/2 - float64(k)*vf/float64(layers-1)
	}
	step := max(1, res/LidarRays)
	fov := l.GetFov()
	for i := 0; i < res; i += step {
		d := float64(r[k*res+i])
		if math.IsNaN(d) {
			continue
		}
		ray := Ray{Angle: fov/2 - float64(i)*fov/float64(res)}
		if math.IsInf(d, 1) {
			m.ray(p, ray, l.GetMaxRange(), l.GetMaxRange())
			continue
		}
		m.ray(p, ray, d*math.Cos(phi), l.GetMaxRange())
	}
}

// ray integrates one distance reading d of sensor s at pose p; a reading of
// maxRange or more is no hit.
func (m *Map) ray(p Pose, s Ray, d, maxRange float64) {
	sn, cs := math.Sin(p.Yaw), math.Cos(p.Yaw)
	o := geom.Vec2{X: p.X + s.X*cs + s.Z*sn, Z: p.Z - s.X*sn + s.Z*cs}
	a := p.Yaw + s.Angle
	dir := geom.Vec2{X: -math.Sin(a), Z: -math.Cos(a)}
	hit := d < maxRange-0.005 && d <= m.cfg.MaxRange
	free := math.Min(d, m.cfg.MaxRange) - 0.012
	if free > 0 {
		m.freeAlong(o, dir, free)
		m.clearAlong(o, dir, free)
	}
	if hit {
		m.hitAlong(geom.Vec2{X: o.X + dir.X*d, Z: o.Z + dir.Z*d}, dir)
		// The tile just before the wall is inside the arena.
		if tr, tc, ok := m.TileOf(geom.Vec2{X: o.X + dir.X*(d-0.012), Z: o.Z + dir.Z*(d-0.012)}); ok {
			m.grow(tr, tc)
		}
	}
}

// freeAlong counts the wall cells the ray from o along dir crosses within
// length l without a hit.
func (m *Map) freeAlong(o, dir geom.Vec2, l float64) {
	u0, v0 := (o.X-m.origin.X)/CellSize, (o.Z-m.origin.Z)/CellSize
	du, dv := dir.X*l/CellSize, dir.Z*l/CellSize
	const tol = 0.007 / CellSize
	// Vertical lines (even columns).
	if math.Abs(dir.X) > 0.3 {
		lo, hi := math.Min(u0, u0+du), math.Max(u0, u0+du)
		for c := 2 * int(math.Ceil(lo/2)); float64(c) <= hi; c += 2 {
			t := (float64(c) - u0) / du
			v := v0 + t*dv
			r := int(math.Round(v))
			if math.Abs(v-float64(r)) < tol {
				m.addFree(r, c)
			}
		}
	}
	if math.Abs(dir.Z) > 0.3 {
		lo, hi := math.Min(v0, v0+dv), math.Max(v0, v0+dv)
		for r := 2 * int(math.Ceil(lo/2)); float64(r) <= hi; r += 2 {
			t := (float64(r) - v0) / dv
			u := u0 + t*du
			c := int(math.Round(u))
			if math.Abs(u-float64(c)) < tol {
				m.addFree(r, c)
			}
		}
	}
}

// clearAlong takes obstacle evidence away from the nodes the free part of
// a ray passes right through.
func (m *Map) clearAlong(o, dir geom.Vec2, l float64) {
	for t := 0.0; t <= l; t += 0.02 {
		q := geom.Vec2{X: o.X + dir.X*t, Z: o.Z + dir.Z*t}
		n, ok := m.nodeAt(q)
		if !ok || m.obst[n] == 0 || m.nodePos(n).Dist(q) > 0.012 {
			continue
		}
		m.nearClear(n)
		was := m.obstacle(n)
		m.obst[n]--
		if was != m.obstacle(n) {
			m.version++
		}
	}
}

func (m *Map) addFree(r, c int) {
	if r < 0 || c < 0 || r >= gridCells || c >= gridCells {
		return
	}
	m.count(m.frees, r*gridCells+c)
}

// count adds one to counts[i] (hits or frees of wall cell i, saturating)
// and bumps the map's version when that changes whether i is a wall.
func (m *Map) count(counts []uint16, i int) {
	was := m.wall(i)
	if counts[i] < math.MaxUint16 {
		counts[i]++
	}
	if was != m.wall(i) {
		m.version++
	}
}

// hit counts a reading that ended at q, taken along ray direction dir
// (zero when not known).
func (m *Map) hit(q, dir geom.Vec2) {
	u, v := (q.X-m.origin.X)/CellSize, (q.Z-m.origin.Z)/CellSize
	if !(u >= 0 && v >= 0 && u < gridCells-1 && v < gridCells-1) {
		return
	}
	cl := 2 * math.Round(u/2) // nearest vertical line
	rl := 2 * math.Round(v/2) // nearest horizontal line
	dc, dr := math.Abs(u-cl)*CellSize, math.Abs(v-rl)*CellSize
	var r, c int
	switch {
	case dc <= dr && dc <= m.cfg.SnapTol:
		r, c = int(math.Round(v)), int(cl)
	case dr < dc && dr <= m.cfg.SnapTol:
		r, c = int(rl), int(math.Round(u))
	default:
		m.obstacleAt(q, dir)
		m.offLine = true
		return
	}
	if r < 0 || c < 0 || r >= gridCells || c >= gridCells {
		return
	}
	i := r*gridCells + c
	if m.passed != nil && m.passed[i] {
		// Read again: a wall for plans too (PassWall).
		m.passed[i] = false
		m.version++
	}
	m.count(m.hits, i)
}

// obstacleAt records a reading off the wall lines, taken along ray
// direction dir (zero when not known): the nodes a robot centre could not
// occupy are marked, and the reading's guess at the obstacle's centre is
// added to them (seeObstacle).
func (m *Map) obstacleAt(q, dir geom.Vec2) {
	reach := m.robot.BodyRadius + 0.006
	nu, nv := (q.X-m.origin.X)/QuarterSize, (q.Z-m.origin.Z)/QuarterSize
	for nr := int(nv) - 1; nr <= int(nv)+2; nr++ {
		for nc := int(nu) - 1; nc <= int(nu)+2; nc++ {
			if nr < 0 || nc < 0 || nr >= gridNodes || nc >= gridNodes {
				continue
			}
			n := nr*gridNodes + nc
			d := m.nodePos(n).Dist(q)
			if d > reach {
				continue
			}
			m.nearVote(n, d)
			m.seeObstacle(n, q, dir)
			was := m.obstacle(n)
			if m.obst[n] < 40 {
				m.obst[n] += 2
			}
			if was != m.obstacle(n) {
				m.version++
			}
		}
	}
}

// colour records the colour sensor's floor f at pose p.
func (m *Map) colour(p Pose, f Floor) {
	if f == FloorUnknown {
		return
	}
	off := m.robot.ColourOffset
	q := p.Forward(off)
	if f == FloorHole {
		// Attribute a hole to the tile just ahead of the sensor (the
		// robot drives into holes, never out of them), unless that point
		// is still too near a tile edge to tell the tile.
		q = p.Forward(off + 0.006)
		fx := math.Mod((q.X-m.origin.X)/TileSize, 1)
		fz := math.Mod((q.Z-m.origin.Z)/TileSize, 1)
		const mg = 0.004 / TileSize
		if fx < mg || fx > 1-mg || fz < mg || fz > 1-mg {
			// The hole is on one of the tiles meeting there. When that is
			// one tile besides the one the robot's centre stands over the
			// middle of, it is that one (holeAcross). Else keep the
			// robot's centre off the nodes next to the point instead, or
			// it would drive to the same edge again and again.
			var ok bool
			if q, ok = m.holeAcross(p.Vec2, q); !ok {
				m.markHoleNear(p.Forward(off))
				return
			}
		}
	} else {
		fx := math.Mod((q.X-m.origin.X)/TileSize, 1)
		fz := math.Mod((q.Z-m.origin.Z)/TileSize, 1)
		const mg = 0.012 / TileSize
		if fx < mg || fx > 1-mg || fz < mg || fz > 1-mg {
			return
		}
	}
	tr, tc, ok := m.TileOf(q)
	if !ok {
		return
	}
	if f == FloorHole {
		// The robot stands: the tile under its centre is no hole.
		if rr, rc, ok := m.TileOf(p.Vec2); ok && rr == tr && rc == tc {
			return
		}
	}
	t := tr*gridTiles + tc
	if m.votes[t][f] < math.MaxUint16 {
		m.votes[t][f]++
	}
	best, bn := FloorUnknown, 0
	for k := FloorPlain; k < nFloor; k++ {
		n := int(m.votes[t][k])
		if k == FloorHole {
			n *= 3
		}
		if n > bn {
			best, bn = k, n
		}
	}
	if best != m.floor[t] {
		m.floor[t] = best
		m.version++
	}
	m.grow(tr, tc)
}

// holeAcross tells, for a hole seen at q too near a tile edge to tell its
// tile, the tile it is on when the tiles within holeEdgeMargin of q are two:
// the one the robot's centre c stands on, and another. The robot's centre
// stands more than HoleRim+holeEdgeMargin from its tile's sides, over where
// that tile's opening would be: Erebus would have relocated a robot whose
// centre fell in (RULES.md §2.3: robot y < −0.035), so its tile is no hole,
// and the hole is the other one (Area123Joaco2 of shared/more-worlds: the
// robot saw the hole beside a sign across a tile edge, and the map only
// kept it off two nodes, which closed the way to the sign). It returns a
// point well inside that tile, and ok.
func (m *Map) holeAcross(c, q geom.Vec2) (geom.Vec2, bool) {
	cr, cc, ok := m.TileOf(c)
	if !ok {
		return q, false
	}
	ctr := m.TileCenter(cr, cc)
	if in := TileSize/2 - erebus.HoleRim - holeEdgeMargin; math.Abs(c.X-ctr.X) > in || math.Abs(c.Z-ctr.Z) > in {
		return q, false
	}
	other, found := [2]int{}, false
	for _, d := range [4][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		tr, tc, ok := m.TileOf(geom.Vec2{X: q.X + d[0]*holeEdgeMargin, Z: q.Z + d[1]*holeEdgeMargin})
		if !ok {
			return q, false
		}
		if tr == cr && tc == cc {
			continue
		}
		if found && other != [2]int{tr, tc} {
			return q, false // a corner: two tiles or more besides the robot's
		}
		other, found = [2]int{tr, tc}, true
	}
	if !found {
		return q, false
	}
	return m.TileCenter(other[0], other[1]), true
}

// holeEdgeMargin is how far (m) from a hole reading near a tile edge the
// tiles it may be on are looked for (holeAcross): the reading's own error
// and the robot's pose error, a few millimetres.
const holeEdgeMargin = 0.006

// holeNearRadius is how far from a black reading that no tile could be
// given nodes are kept free of the robot's centre: the node nearest the
// point on the tile edge, and no more.
const holeNearRadius = 0.035

// markHoleNear blocks the nodes within holeNearRadius of q, where the
// colour sensor saw a hole too near a tile edge to tell its tile.
func (m *Map) markHoleNear(q geom.Vec2) {
	nu, nv := (q.X-m.origin.X)/QuarterSize, (q.Z-m.origin.Z)/QuarterSize
	for nr := int(nv) - 1; nr <= int(nv)+2; nr++ {
		for nc := int(nu) - 1; nc <= int(nu)+2; nc++ {
			if nr < 0 || nc < 0 || nr >= gridNodes || nc >= gridNodes {
				continue
			}
			n := nr*gridNodes + nc
			if m.holeNear[n] || m.nodePos(n).Dist(q) > holeNearRadius {
				continue
			}
			m.holeNear[n] = true
			m.version++
		}
	}
	if tr, tc, ok := m.TileOf(q); ok {
		m.grow(tr, tc) // the map published covers the nodes marked
	}
}

// HoleNear reports whether the node nearest p is kept free because the
// colour sensor saw a hole next to it that it could not give a tile.
func (m *Map) HoleNear(p geom.Vec2) bool {
	n, ok := m.nodeAt(p)
	return ok && m.holeNear[n]
}

// SetFloor sets the floor of tile (row, col), as a decoded map or a test
// does.
func (m *Map) SetFloor(row, col int, f Floor) {
	if row < 0 || col < 0 || row >= gridTiles || col >= gridTiles || f >= nFloor {
		return
	}
	if m.floor[row*gridTiles+col] != f {
		m.floor[row*gridTiles+col] = f
		m.version++
	}
	if f != FloorUnknown {
		m.grow(row, col)
	}
}

// SetWall marks matrix cell (row, col) of the full grid as a wall.
func (m *Map) SetWall(row, col int) {
	if row < 0 || col < 0 || row >= gridCells || col >= gridCells {
		return
	}
	if m.fixedWall == nil {
		m.fixedWall = make([]bool, gridCells*gridCells)
	}
	i := row*gridCells + col
	if !m.fixedWall[i] {
		m.fixedWall[i] = true
		m.version++
	}
	m.grow(min(row/4, gridTiles-1), min(col/4, gridTiles-1))
}

// PassWall lets plans pass matrix cell (row, col) of the full grid, a wall
// made of readings, until a reading hits it again; Wall, the matrix and
// the published map still show it. It reports whether the cell was such a
// wall and plans passed it not already (a wall set with SetWall is never
// passed).
func (m *Map) PassWall(row, col int) bool {
	if row < 0 || col < 0 || row >= gridCells || col >= gridCells {
		return false
	}
	i := row*gridCells + col
	if !m.wall(i) || (m.fixedWall != nil && m.fixedWall[i]) || (m.passed != nil && m.passed[i]) {
		return false
	}
	if m.passed == nil {
		m.passed = make([]bool, gridCells*gridCells)
	}
	m.passed[i] = true
	m.version++
	return true
}

// planWall reports whether plans take cell i for a wall: a wall not let
// pass (PassWall).
func (m *Map) planWall(i int) bool {
	return m.wall(i) && (m.passed == nil || !m.passed[i])
}

// Bounds returns the tile rows and columns that hold any evidence.
func (m *Map) Bounds() (r0, c0, r1, c1 int) { return m.t0r, m.t0c, m.t1r, m.t1c }

// Cell returns the matrix cell (row, col) of the full grid nearest to p.
func (m *Map) Cell(p geom.Vec2) (row, col int) {
	return int(math.Round((p.Z - m.origin.Z) / CellSize)), int(math.Round((p.X - m.origin.X) / CellSize))
}

// HoleAhead reports whether the colour sensor sees a hole now. The robot's
// centre is still ColourOffset behind it: a driver should stop and back
// off at once (Erebus relocates a robot whose centre falls in, −5).
func HoleAhead(obs *pluginpb.Observation) bool {
	c := obs.GetColour()
	return c != nil && ClassifyColour(c.R, c.G, c.B) == FloorHole
}
