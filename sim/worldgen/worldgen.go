// Package worldgen generates random Erebus arenas that obey the
// construction rules docs/erebus-rules.md states (areas 1–4 joined by coloured passage
// tiles, holes, swamps, checkpoints, signs on walls with their worth, a
// start tile, every tile reachable from the start), reproducibly from a
// seed, and writes worlds as .wbt files Erebus opens.
//
// Generated arenas use full tiles with straight walls only (no half tiles
// or curves). Write, however, writes any world.World, half tiles included.
package worldgen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Limits on the arena size Generate accepts.
const (
	MinSize = 2
	MaxSize = 30
)

// SignOffset is the distance of a sign's centre from its wall's centre
// line, towards the tile it faces (the shipped worlds' hazards).
const SignOffset = erebus.SignWallOffset

// Options controls Generate. Zero values pick defaults from the size; a
// negative count means none.
type Options struct {
	Seed int64
	// Cols and Rows are the arena size in tiles along X and Z (default 6).
	Cols, Rows int
	// Areas is the number of areas, 1–4 (default: by size, 1 below 12
	// tiles, 2 below 30, 3 below 56, else 4). Area 4 is an open room.
	Areas int
	// Counts of floor features and signs. The defaults scale with the
	// tile count n: max(1, n/16) holes, ⌈n/20⌉ swamps, ⌈(n−3)/12⌉
	// checkpoints, max(2, n/8) victims, ⌈n/12⌉ hazards (v25 hazmat
	// placards, or v26 cognitive targets of a valid ring sum).
	Holes, Swamps, Checkpoints, Victims, Hazards int
	// Rules is the Erebus version to write: erebus.V26 (the zero value,
	// the 2026 season's worlds, as `runner world generate` writes unless
	// told --rules v25) or erebus.V25 for the old format.
	Rules erebus.Version
	// FakeTargets and Fakes are v26.1's cognitive targets of an invalid
	// ring sum (default ⌈n/24⌉) and fake victims (DEF FAKES, default
	// ⌈n/16⌉); a v25.0.1 world has neither, and asking for them is an error.
	// Hazards counts the targets of a valid sum.
	FakeTargets, Fakes int
	// Name is the world's name (default "gen-<seed>-<cols>x<rows>").
	Name string
}

// side of a tile.
type side int

const (
	top side = iota
	right
	bottom
	left
)

// layout is the arena being generated: areas per tile and the walls.
type layout struct {
	cols, rows int
	area       []int  // z*cols+x → 1..4
	h          []bool // wall above tile (x, z): z*cols+x, z in 0..rows
	v          []bool // wall left of tile (x, z): z*(cols+1)+x, x in 0..cols
	passage    []int  // connection colour index+1 of a passage tile, or 0
	hole       []bool
	swamp      []bool
	checkpoint []bool
	start      int
}

func (l *layout) idx(x, z int) int { return z*l.cols + x }

// wall returns the flag of the wall on side s of tile (x, z).
func (l *layout) wall(x, z int, s side) *bool {
	switch s {
	case top:
		return &l.h[z*l.cols+x]
	case bottom:
		return &l.h[(z+1)*l.cols+x]
	case left:
		return &l.v[z*(l.cols+1)+x]
	default:
		return &l.v[z*(l.cols+1)+x+1]
	}
}

// neighbour returns the tile across side s, ok false at the border.
func (l *layout) neighbour(x, z int, s side) (nx, nz int, ok bool) {
	switch s {
	case top:
		nx, nz = x, z-1
	case bottom:
		nx, nz = x, z+1
	case left:
		nx, nz = x-1, z
	default:
		nx, nz = x+1, z
	}
	return nx, nz, nx >= 0 && nz >= 0 && nx < l.cols && nz < l.rows
}

// Passage colours per docs/erebus-rules.md §3, as the map editor writes them, and the
// pair of areas each joins.
var passages = []struct {
	a, b  int
	color [3]float64
}{
	{1, 2, [3]float64{0.10196078431372549, 0.10196078431372549, 0.9019607843137255}}, // blue b
	{2, 3, [3]float64{0.30196078431372547, 0.10196078431372549, 0.6}},                // purple p
	{3, 4, [3]float64{0.9058823529411765, 0.10196078431372549, 0.10196078431372549}}, // red r
	{1, 4, [3]float64{0.03137254901960784, 0.8352941176470589, 0.03137254901960784}}, // green g
	{2, 4, [3]float64{0.9058823529411765, 0.6, 0.10196078431372549}},                 // orange o
	{1, 3, [3]float64{0.9058823529411765, 0.9058823529411765, 0.10196078431372549}},  // yellow y
}

// Grey is the colour of a plain tile.
var Grey = [3]float64{0.635, 0.635, 0.635}

func passageFor(a, b int) int {
	if a > b {
		a, b = b, a
	}
	for i, p := range passages {
		if p.a == a && p.b == b {
			return i
		}
	}
	return -1
}

// withDefaults validates o and fills the defaults.
func (o Options) withDefaults() (Options, error) {
	if o.Cols == 0 {
		o.Cols = 6
	}
	if o.Rows == 0 {
		o.Rows = 6
	}
	if o.Cols < MinSize || o.Rows < MinSize || o.Cols > MaxSize || o.Rows > MaxSize {
		return o, fmt.Errorf("worldgen: arena size %dx%d out of range: columns and rows must be %d..%d", o.Cols, o.Rows, MinSize, MaxSize)
	}
	n := o.Cols * o.Rows
	if o.Areas == 0 {
		switch {
		case n < 12:
			o.Areas = 1
		case n < 30:
			o.Areas = 2
		case n < 56:
			o.Areas = 3
		default:
			o.Areas = 4
		}
	}
	if o.Areas < 1 || o.Areas > 4 {
		return o, fmt.Errorf("worldgen: %d areas requested; Erebus has areas 1 to 4", o.Areas)
	}
	if o.Areas > 1 && n < 2*o.Areas {
		return o, fmt.Errorf("worldgen: a %dx%d arena is too small for %d areas (each needs at least 2 tiles)", o.Cols, o.Rows, o.Areas)
	}
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
		if *v < 0 {
			*v = 0
		}
	}
	def(&o.Holes, max(1, n/16))
	def(&o.Swamps, (n+15)/20)
	def(&o.Checkpoints, (n+8)/12)
	def(&o.Victims, max(2, n/8))
	def(&o.Hazards, (n+11)/12)
	if o.Rules == "" {
		o.Rules = erebus.V26
	}
	if _, err := erebus.RulesFor(o.Rules); err != nil {
		return o, fmt.Errorf("worldgen: %w", err)
	}
	if o.Rules == erebus.V25 {
		if o.FakeTargets > 0 || o.Fakes > 0 {
			return o, fmt.Errorf("worldgen: Erebus %s has no fake targets or fake victims (%d, %d asked for); they are %s's", erebus.V25, o.FakeTargets, o.Fakes, erebus.V26)
		}
		o.FakeTargets, o.Fakes = -1, -1
	}
	def(&o.FakeTargets, (n+23)/24)
	def(&o.Fakes, (n+15)/16)
	if o.Name == "" {
		o.Name = fmt.Sprintf("gen-%d-%dx%d", o.Seed, o.Cols, o.Rows)
	}
	return o, nil
}

// Generate builds a random arena from o. The same Options give the same
// world. Every non-hole tile is reachable from the start without crossing
// a hole, areas are joined in a chain 1–2–3–4 by passage tiles coloured for
// the pair they join, and signs stand on walls facing into reachable
// tiles. The result is rebuilt (world.World.Rebuild) and ready to use;
// Write turns it into a .wbt file. Counts that do not fit the arena are
// reduced to what fits.
func Generate(o Options) (*world.World, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	seed := uint64(o.Seed)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	l := newLayout(o.Cols, o.Rows)
	if err := l.assignAreas(rng, o.Areas); err != nil {
		return nil, err
	}
	l.carve(rng)
	if err := l.connect(rng, o.Areas); err != nil {
		return nil, err
	}
	l.chooseStart(rng)
	l.placeHoles(rng, o.Holes)
	l.placeFloor(rng, l.swamp, o.Swamps)
	l.placeFloor(rng, l.checkpoint, o.Checkpoints)

	w := &world.World{
		Name:          o.Name,
		BasicTimeStep: 16,
		GameTime:      480,
		Width:         float64(o.Cols),
		Height:        float64(o.Rows),
	}
	l.fillTiles(w)
	spare := l.fillSigns(rng, w, o.Victims, o.Hazards)
	w.Rules, _ = erebus.RulesFor(o.Rules)
	if w.Rules.CognitiveTargets {
		makeV26(rng, w, spare, o.FakeTargets, o.Fakes)
	}
	if err := w.Rebuild(); err != nil {
		return nil, fmt.Errorf("worldgen: %w", err)
	}
	return w, nil
}

func newLayout(cols, rows int) *layout {
	n := cols * rows
	l := &layout{
		cols: cols, rows: rows,
		area:       make([]int, n),
		h:          make([]bool, (rows+1)*cols),
		v:          make([]bool, rows*(cols+1)),
		passage:    make([]int, n),
		hole:       make([]bool, n),
		swamp:      make([]bool, n),
		checkpoint: make([]bool, n),
	}
	for i := range l.h {
		l.h[i] = true
	}
	for i := range l.v {
		l.v[i] = true
	}
	return l
}

// assignAreas lays the areas out as rectangles: 2 areas side by side, 3 as
// one half plus two quarters, 4 as quadrants in the order 1 2 / 4 3, so
// that the chain 1–2–3–4 joins neighbours; then mirrors at random. Among
// the split lines that leave every area at least 2 tiles it prefers those
// nearest the middle; it fails when there are none.
func (l *layout) assignAreas(rng *rand.Rand, areas int) error {
	type cut struct{ sx, sz, dist int }
	var valid []cut
	minDist := math.MaxInt
	for sx := 1; sx < l.cols; sx++ {
		for sz := 1; sz < l.rows; sz++ {
			l.fillAreas(areas, sx, sz)
			if l.areasBigEnough(areas) {
				d := abs(2*sx-l.cols) + abs(2*sz-l.rows) // distance from the middle, doubled
				valid = append(valid, cut{sx, sz, d})
				minDist = min(minDist, d)
			}
		}
	}
	var ok []cut
	for _, c := range valid {
		if c.dist <= minDist+2 {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 {
		return fmt.Errorf("worldgen: a %dx%d arena cannot be split into %d areas of at least 2 tiles", l.cols, l.rows, areas)
	}
	c := ok[rng.IntN(len(ok))]
	l.fillAreas(areas, c.sx, c.sz)
	mx, mz := rng.IntN(2) == 1, rng.IntN(2) == 1
	out := make([]int, len(l.area))
	for z := 0; z < l.rows; z++ {
		for x := 0; x < l.cols; x++ {
			sx, sz := x, z
			if mx {
				sx = l.cols - 1 - x
			}
			if mz {
				sz = l.rows - 1 - z
			}
			out[l.idx(x, z)] = l.area[l.idx(sx, sz)]
		}
	}
	l.area = out
	return nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// fillAreas assigns the areas for split column sx and split row sz.
func (l *layout) fillAreas(areas, sx, sz int) {
	vertical := l.cols >= l.rows
	for z := 0; z < l.rows; z++ {
		for x := 0; x < l.cols; x++ {
			west, north := x < sx, z < sz
			a := 1
			switch areas {
			case 2:
				if (vertical && !west) || (!vertical && !north) {
					a = 2
				}
			case 3:
				switch {
				case west:
					a = 1
				case north:
					a = 2
				default:
					a = 3
				}
			case 4:
				switch {
				case west && north:
					a = 1
				case north:
					a = 2
				case west:
					a = 4
				default:
					a = 3
				}
			}
			l.area[l.idx(x, z)] = a
		}
	}
}

func (l *layout) areasBigEnough(areas int) bool {
	count := make([]int, 5)
	for _, a := range l.area {
		count[a]++
	}
	for a := 1; a <= areas; a++ {
		if areas > 1 && count[a] < 2 {
			return false
		}
	}
	return true
}

// carve opens a random spanning tree of walls inside each area (a maze in
// which every tile of the area is reachable), then opens about a third of
// the remaining inner walls so that the arena has loops and open spaces.
// Area 4 is one open room.
func (l *layout) carve(rng *rand.Rand) {
	seen := make([]bool, len(l.area))
	for start := range l.area {
		if seen[start] {
			continue
		}
		// Randomised depth-first search over the tiles of this area.
		stack := []int{start}
		seen[start] = true
		for len(stack) > 0 {
			cur := stack[len(stack)-1]
			x, z := cur%l.cols, cur/l.cols
			var opts []side
			for s := top; s <= left; s++ {
				nx, nz, ok := l.neighbour(x, z, s)
				if ok && !seen[l.idx(nx, nz)] && l.area[l.idx(nx, nz)] == l.area[cur] {
					opts = append(opts, s)
				}
			}
			if len(opts) == 0 {
				stack = stack[:len(stack)-1]
				continue
			}
			s := opts[rng.IntN(len(opts))]
			nx, nz, _ := l.neighbour(x, z, s)
			*l.wall(x, z, s) = false
			seen[l.idx(nx, nz)] = true
			stack = append(stack, l.idx(nx, nz))
		}
	}
	for z := 0; z < l.rows; z++ {
		for x := 0; x < l.cols; x++ {
			for _, s := range []side{right, bottom} {
				nx, nz, ok := l.neighbour(x, z, s)
				if !ok || l.area[l.idx(nx, nz)] != l.area[l.idx(x, z)] {
					continue
				}
				if l.area[l.idx(x, z)] == 4 || rng.IntN(3) == 0 {
					*l.wall(x, z, s) = false
				}
			}
		}
	}
}

// connect joins areas a and a+1 through one passage tile each: a tile of
// the lower area next to the higher one, coloured for the pair, with the
// wall between them opened.
func (l *layout) connect(rng *rand.Rand, areas int) error {
	for a := 1; a < areas; a++ {
		type edge struct {
			x, z int
			s    side
		}
		var cands []edge
		for z := 0; z < l.rows; z++ {
			for x := 0; x < l.cols; x++ {
				i := l.idx(x, z)
				if l.area[i] != a || l.passage[i] != 0 {
					continue
				}
				for s := top; s <= left; s++ {
					nx, nz, ok := l.neighbour(x, z, s)
					if ok && l.area[l.idx(nx, nz)] == a+1 {
						cands = append(cands, edge{x, z, s})
					}
				}
			}
		}
		if len(cands) == 0 {
			return fmt.Errorf("worldgen: areas %d and %d do not touch; cannot place a passage", a, a+1)
		}
		e := cands[rng.IntN(len(cands))]
		*l.wall(e.x, e.z, e.s) = false
		l.passage[l.idx(e.x, e.z)] = passageFor(a, a+1) + 1
	}
	return nil
}

// chooseStart picks the start among the plain tiles of area 1.
func (l *layout) chooseStart(rng *rand.Rand) {
	var cands []int
	for i, a := range l.area {
		if a == 1 && l.passage[i] == 0 {
			cands = append(cands, i)
		}
	}
	l.start = cands[rng.IntN(len(cands))]
}

// free reports whether tile i may take a floor feature: areas 1–3, not the
// start, a passage, a hole or another feature.
func (l *layout) free(i int) bool {
	return l.area[i] != 4 && i != l.start && l.passage[i] == 0 && !l.hole[i] && !l.swamp[i] && !l.checkpoint[i]
}

// reachable returns, for each tile, whether it can be reached from tile
// start by moving through open sides without entering a hole (a hole tile
// itself is reported reachable when a reachable neighbour opens onto it).
func (l *layout) reachable() []bool {
	seen := make([]bool, len(l.area))
	queue := []int{l.start}
	seen[l.start] = true
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if l.hole[cur] {
			continue
		}
		x, z := cur%l.cols, cur/l.cols
		for s := top; s <= left; s++ {
			nx, nz, ok := l.neighbour(x, z, s)
			if !ok || *l.wall(x, z, s) {
				continue
			}
			if j := l.idx(nx, nz); !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	return seen
}

func allTrue(b []bool) bool {
	for _, v := range b {
		if !v {
			return false
		}
	}
	return true
}

// placeHoles turns up to n free tiles into holes, keeping every other tile
// reachable from the start.
func (l *layout) placeHoles(rng *rand.Rand, n int) {
	for _, i := range rng.Perm(len(l.area)) {
		if n == 0 {
			return
		}
		if !l.free(i) {
			continue
		}
		l.hole[i] = true
		if !allTrue(l.reachable()) {
			l.hole[i] = false
			continue
		}
		n--
	}
}

// placeFloor marks up to n free tiles in flags.
func (l *layout) placeFloor(rng *rand.Rand, flags []bool, n int) {
	for _, i := range rng.Perm(len(l.area)) {
		if n == 0 {
			return
		}
		if l.free(i) {
			flags[i] = true
			n--
		}
	}
}

// tileCenter is the worldTile placement (x·0.12 − cols·0.06, …).
func (l *layout) tileCenter(x, z int) geom.Vec2 {
	return geom.Vec2{
		X: float64(x)*world.TileSize - float64(l.cols)*world.TileSize/2,
		Z: float64(z)*world.TileSize - float64(l.rows)*world.TileSize/2,
	}
}

func (l *layout) tileBox(i int) world.Box {
	c := l.tileCenter(i%l.cols, i/l.cols)
	h := world.TileSize / 2
	return world.Box{Min: geom.Vec2{X: c.X - h, Z: c.Z - h}, Max: geom.Vec2{X: c.X + h, Z: c.Z + h}}
}

// owner returns the tile that carries the wall on side s of tile (x, z) in
// the file: the start tile carries all of its own walls (Erebus reads the
// start yaw from them); otherwise a tile carries its top and left walls
// and the border tiles their bottom and right walls, so every wall is
// written once.
func (l *layout) owner(x, z int, s side) (ox, oz int, os side) {
	nx, nz, ok := l.neighbour(x, z, s)
	if !ok || l.idx(x, z) == l.start {
		return x, z, s
	}
	if l.idx(nx, nz) == l.start {
		return nx, nz, (s + 2) % 4
	}
	if s == top || s == left {
		return x, z, s
	}
	return nx, nz, (s + 2) % 4
}

// fillTiles writes the tiles in x-major order (xPos outer, zPos inner),
// which Erebus's coord2grid relies on, and the bounds groups.
func (l *layout) fillTiles(w *world.World) {
	walls := make([][4]int, len(l.area))
	for z := 0; z < l.rows; z++ {
		for x := 0; x < l.cols; x++ {
			for s := top; s <= left; s++ {
				if *l.wall(x, z, s) {
					ox, oz, os := l.owner(x, z, s)
					walls[l.idx(ox, oz)][os] = 1
				}
			}
		}
	}
	id := 0
	for x := 0; x < l.cols; x++ {
		for z := 0; z < l.rows; z++ {
			i := l.idx(x, z)
			t := world.Tile{
				DEF: "TILE", X: x, Z: z,
				Top: walls[i][top], Right: walls[i][right], Bottom: walls[i][bottom], Left: walls[i][left],
				Start: i == l.start, Trap: l.hole[i], Checkpoint: l.checkpoint[i], Swamp: l.swamp[i],
				Color: Grey, Room: l.area[i],
				Width: float64(l.cols), Height: float64(l.rows),
				Floor: true, XScale: 0.4, ZScale: 0.4, ID: strconv.Itoa(id),
			}
			if t.Start {
				t.DEF = "START_TILE"
			}
			if p := l.passage[i]; p > 0 {
				t.Color = passages[p-1].color
			}
			w.Tiles = append(w.Tiles, t)
			id++
			box := l.tileBox(i)
			switch {
			case t.Start:
				w.Starts = append(w.Starts, box)
			case t.Trap:
				w.Traps = append(w.Traps, box)
			case t.Checkpoint:
				w.Checkpoints = append(w.Checkpoints, box)
			case t.Swamp:
				w.Swamps = append(w.Swamps, box)
			}
		}
	}
}

// linearVertices reports which grid vertices are joined to the outer wall
// through walls. A wall touching such a vertex is "linear": a robot
// following the outer wall passes it. Walls are grid edges between grid
// vertices; a union-find over the vertices joins the two ends of every
// wall.
func (l *layout) linearVertices() func(x, z int) bool {
	w := l.cols + 1
	parent := make([]int, (l.cols+1)*(l.rows+1))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	union := func(a, b int) { parent[find(a)] = find(b) }
	for z := 0; z <= l.rows; z++ {
		for x := 0; x < l.cols; x++ {
			if l.h[z*l.cols+x] {
				union(z*w+x, z*w+x+1)
			}
		}
	}
	for z := 0; z < l.rows; z++ {
		for x := 0; x <= l.cols; x++ {
			if l.v[z*(l.cols+1)+x] {
				union(z*w+x, (z+1)*w+x)
			}
		}
	}
	outer := find(0) // the corner is on the outer wall, which is closed
	return func(x, z int) bool { return find(z*w+x) == outer }
}

// fillSigns puts victims and hazards on walls, at most one per wall, facing
// into a reachable tile that is not a hole. It returns the spots left over,
// as victims (Kind, Pos, Rotation and a victim's Worth) in random order.
func (l *layout) fillSigns(rng *rand.Rand, w *world.World, victims, hazards int) []world.Sign {
	linear := l.linearVertices()
	reach := l.reachable()
	type spot struct {
		x, z int
		s    side
	}
	var spots []spot
	used := map[*bool]bool{}
	for _, i := range rng.Perm(len(l.area)) {
		x, z := i%l.cols, i/l.cols
		if !reach[i] || l.hole[i] {
			continue
		}
		for _, s := range rng.Perm(4) {
			wp := l.wall(x, z, side(s))
			if *wp && !used[wp] {
				used[wp] = true
				spots = append(spots, spot{x, z, side(s)})
			}
		}
	}
	rng.Shuffle(len(spots), func(i, j int) { spots[i], spots[j] = spots[j], spots[i] })
	victimTypes := []string{"harmed", "unharmed", "stable"}
	hazardTypes := []string{"F", "P", "C", "O"}
	var hum, haz, spare []world.Sign
	for _, sp := range spots {
		full := len(hum) == victims && len(haz) == hazards
		kind := world.Victim
		if !full && (len(hum) == victims || (len(haz) < hazards && rng.IntN(victims+hazards) < hazards)) {
			kind = world.Hazard
		}
		// The wall's end vertices decide whether it is linear.
		ax, az, bx, bz := sp.x, sp.z, sp.x+1, sp.z
		switch sp.s {
		case bottom:
			az, bz = sp.z+1, sp.z+1
		case left:
			bx, bz = sp.x, sp.z+1
		case right:
			ax, bx, bz = sp.x+1, sp.x+1, sp.z+1
		}
		isLinear := linear(ax, az) || linear(bx, bz)
		room := l.area[l.idx(sp.x, sp.z)]
		s := world.Sign{Kind: kind, Rotation: [4]float64{0, 1, 0, 0}}
		worth := 15
		if kind == world.Hazard {
			worth = 30
		}
		if isLinear && room != 4 {
			worth /= 3 // 5 for a victim, 10 for a hazard
		}
		s.Worth = worth
		c := l.tileCenter(sp.x, sp.z)
		off := float64(rng.IntN(3)-1) * world.TileSize / 4
		edge := world.TileSize/2 - SignOffset
		switch sp.s {
		case top: // faces +Z
			s.Pos, s.Rotation[3] = geom.Vec2{X: c.X + off, Z: c.Z - edge}, 3.14
		case bottom: // faces −Z
			s.Pos, s.Rotation[3] = geom.Vec2{X: c.X + off, Z: c.Z + edge}, 0
		case left: // faces +X
			s.Pos, s.Rotation[3] = geom.Vec2{X: c.X - edge, Z: c.Z + off}, -1.57
		case right: // faces −X
			s.Pos, s.Rotation[3] = geom.Vec2{X: c.X + edge, Z: c.Z + off}, 1.57
		}
		switch {
		case full:
			spare = append(spare, s)
		case kind == world.Victim:
			s.Type = victimTypes[rng.IntN(len(victimTypes))]
			s.Name = "Victim" + strconv.Itoa(len(hum))
			hum = append(hum, s)
		default:
			s.Type = hazardTypes[rng.IntN(len(hazardTypes))]
			s.Name = "Hazard" + strconv.Itoa(len(haz))
			haz = append(haz, s)
		}
	}
	w.Signs = append(hum, haz...)
	return spare
}
