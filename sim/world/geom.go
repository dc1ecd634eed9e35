package world

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/rescuekit/rescuekit/geom"
)

// Half-tile geometry (halfTile.proto: quadrants are worldTiles at half
// scale, placed at ±0.03 m; curvedWall.proto: a quarter ring of radii
// 0.055-0.065 m that the PROTO does not scale, its centre line 0.06 m,
// one quadrant side).
const (
	halfTile    = TileSize / 2 // quadrant side
	curveRadius = halfTile
)

// Rebuild recomputes everything derived from Tiles, Signs and the bounds:
// Cols/Rows, Width/Height (when zero), the wall geometry (Walls, Arcs; the
// Area4Walls are appended), sign normals, letters and rooms, the start
// pose and the tile index. Parse and ParseASCII call it; code that builds
// or edits a World by hand calls it before use. It fails when there are no
// tiles.
func (w *World) Rebuild() error {
	if len(w.Tiles) == 0 {
		return errors.New("world has no tiles")
	}
	minX, maxX, minZ, maxZ := w.Tiles[0].X, w.Tiles[0].X, w.Tiles[0].Z, w.Tiles[0].Z
	w.tileIndex = make(map[[2]int]int, len(w.Tiles))
	for i, t := range w.Tiles {
		minX, maxX = min(minX, t.X), max(maxX, t.X)
		minZ, maxZ = min(minZ, t.Z), max(maxZ, t.Z)
		w.tileIndex[[2]int{t.X, t.Z}] = i
	}
	// Erebus sizes the answer as max-min+1 but indexes with xPos directly.
	w.Cols, w.Rows = maxX-minX+1, maxZ-minZ+1
	if w.Width == 0 && w.Height == 0 {
		w.Width, w.Height = w.Tiles[0].Width, w.Tiles[0].Height
	}
	// Drop the WALLTILES child list when Tiles was edited since Parse.
	if w.children != nil {
		n := 0
		for _, i := range w.children {
			if i >= 0 {
				if i != n {
					n = -1
					break
				}
				n++
			}
		}
		if n != len(w.Tiles) {
			w.children, w.lastChildDEF = nil, ""
		}
	}

	w.Walls, w.Arcs = nil, nil
	seen := map[[4]int64]bool{}
	addSeg := func(a, b geom.Vec2) {
		k1 := [4]int64{q6(a.X), q6(a.Z), q6(b.X), q6(b.Z)}
		k2 := [4]int64{q6(b.X), q6(b.Z), q6(a.X), q6(a.Z)}
		if seen[k1] || seen[k2] {
			return
		}
		seen[k1] = true
		w.Walls = append(w.Walls, Segment{a, b})
	}
	for _, t := range w.Tiles {
		c := tileCenterOf(t)
		addTileWalls(addSeg, c, TileSize/2, [4]int{t.Top, t.Right, t.Bottom, t.Left})
		if !t.Half {
			if a, ok := curveArcAt(c, TileSize/2, t.CurveDir); ok {
				w.Arcs = append(w.Arcs, a)
			}
			continue
		}
		for q := 0; q < 4; q++ {
			qc := quadCenter(c, q)
			addTileWalls(addSeg, qc, halfTile/2, t.QuarterWalls[q])
			if a, ok := curveArc(qc, t.Curves[q]); ok {
				w.Arcs = append(w.Arcs, a)
			}
		}
	}
	for _, s := range w.Area4Walls {
		addSeg(s.A, s.B)
	}

	for i := range w.Signs {
		s := &w.Signs[i]
		m := rotMatrix(s.Rotation)
		n := geom.Vec2{X: -m[0][2], Z: -m[2][2]}
		if l := math.Hypot(n.X, n.Z); l > 0 {
			n = geom.Vec2{X: n.X / l, Z: n.Z / l}
		}
		s.Normal = n
		if s.Letter == 0 {
			s.Letter = s.reportLetter()
		}
		s.Room = w.RoomAt(s.Pos)
	}

	for i := range w.Fakes {
		w.Fakes[i].Normal = normalOf(w.Fakes[i].Rotation)
	}

	st := w.startTile()
	box := w.StartBox()
	w.Start.Pos = geom.Vec2{X: (box.Min.X + box.Max.X) / 2, Z: (box.Min.Z + box.Max.Z) / 2}
	w.Start.Yaw = 0
	if st >= 0 {
		t := w.Tiles[st]
		const pi = 3.14 // Erebus uses pi = 3.14 here
		for _, side := range []struct {
			wall int
			yaw  float64
		}{{t.Top, 0}, {t.Right, -pi / 2}, {t.Bottom, pi}, {t.Left, pi / 2}} {
			if side.wall <= 0 {
				w.Start.Yaw = side.yaw
				break
			}
		}
	}
	return nil
}

func q6(v float64) int64 { return int64(math.Round(v * 1e6)) }

// Wall sides, in worldTile.proto's order of the fields [top, right,
// bottom, left].
const (
	sideTop = iota
	sideRight
	sideBottom
	sideLeft
)

// SegmentCap is how far a tile wall's solid reaches beyond each end of its
// [Segment]: the simulator builds a Segment as a box WallThickness wide and
// its length plus WallThickness long. addTileWalls therefore gives each
// wall the Segment of worldTile.proto's box pulled in by SegmentCap at
// each end.
const SegmentCap = WallThickness / 2

// protoTileHalf is half a worldTile's side in the proto's own units
// (worldTile.proto l.167, 204, 266, 307: size .3, before the scale).
const protoTileHalf = 0.15

// protoWallSpan returns the extent [lo, hi] of worldTile.proto's wall box
// on side of a tile with wall values walls ([top, right, bottom, left]),
// in the proto's units (the tile spans −0.15..0.15) along the wall: x for
// top and bottom, z for right and left. t is the proto's wallThickness
// (l.49: .025, doubled on a half-tile quadrant, l.53-54). ok is false
// when the side has no wall (value ≤ 0). It follows the proto's Lua line
// by line (size .3, shift 0, then each rule moves one end by t/2):
//
//	right  (l.166-179): %2 shortens the north (−z) end, %3 the south end;
//	bottom (l.203-225): %2 shortens the west (−x) end, %3 extends the east
//	                    end, %5 extends the west end;
//	top    (l.264-282): %2 shortens the west end, %3 extends the east end,
//	                    a left wall of value 1 or 3 extends the west end;
//	left   (l.305-323): %2 shortens the north end, %3 extends the south
//	                    end, a top wall of value 1 or 3 shortens the north
//	                    end.
//
// Lua's % is floored and Go's truncated; they agree here since only values
// > 0 get there.
func protoWallSpan(side int, walls [4]int, t float64) (lo, hi float64, ok bool) {
	v := walls[side]
	if v <= 0 {
		return 0, 0, false
	}
	size, shift := 2*protoTileHalf, 0.0
	switch side {
	case sideRight: // l.172-179
		if v%2 == 0 {
			size, shift = size-t/2, shift+t/2/2
		}
		if v%3 == 0 {
			size, shift = size-t/2, shift-t/2/2
		}
	case sideBottom: // l.209-216, 222-225
		if v%2 == 0 {
			size, shift = size-t/2, shift+t/2/2
		}
		if v%3 == 0 {
			size, shift = size+t/2, shift+t/2/2
		}
		if v%5 == 0 {
			size, shift = size+t/2, shift-t/2/2
		}
	case sideTop: // l.271-282
		if v%2 == 0 {
			size, shift = size-t/2, shift+t/2/2
		}
		if v%3 == 0 {
			size, shift = size+t/2, shift+t/2/2
		}
		if l := walls[sideLeft]; l == 1 || l == 3 {
			size, shift = size+t/2, shift-t/2/2
		}
	case sideLeft: // l.312-323
		if v%2 == 0 {
			size, shift = size-t/2, shift+t/2/2
		}
		if v%3 == 0 {
			size, shift = size+t/2, shift+t/2/2
		}
		if tp := walls[sideTop]; tp == 1 || tp == 3 {
			size, shift = size-t/2, shift+t/2/2
		}
	}
	return shift - size/2, shift + size/2, true
}

// addTileWalls adds the walls > 0 of [top, right, bottom, left] of the
// worldTile of half side h centred at c (h = TileSize/2 for a tile,
// halfTile/2 for a half-tile quadrant) as worldTile.proto builds them:
// each wall a box WallThickness thick centred on the tile's side
// (translation ±.15·scale, l.187, 229, 289, 330), its extent along the
// side from protoWallSpan times the scale (h/0.15: 0.4 for a tile, 0.2
// for a quadrant, halfTile.proto l.77-79), given as the Segment of that box
// (pulled in SegmentCap at each end). The proto's thickness is
// wallThickness·scale (l.196, 238, 298, 340), .025·0.4 on a tile and
// .05·0.2 on a quadrant: WallThickness either way. The proto scales the
// right wall's length by yScale (l.196) and the left wall's by xScale
// (l.340); every Erebus world has equal scales, 0.4 (Parse rejects other
// xScale/zScale), so one scale serves. The left wall's rotation 1.570796
// (l.331) is π/2 to 3e-7 rad, taken as π/2.
func addTileWalls(add func(a, b geom.Vec2), c geom.Vec2, h float64, walls [4]int) {
	scale := h / protoTileHalf
	t := 0.025 // l.49
	if h < TileSize/2-1e-12 {
		t *= 2 // isHalf, l.53-54
	}
	for side := sideTop; side <= sideLeft; side++ {
		lo, hi, ok := protoWallSpan(side, walls, t)
		if !ok {
			continue
		}
		lo, hi = lo*scale+SegmentCap, hi*scale-SegmentCap
		switch side {
		case sideTop:
			add(geom.Vec2{X: c.X + lo, Z: c.Z - h}, geom.Vec2{X: c.X + hi, Z: c.Z - h})
		case sideRight:
			add(geom.Vec2{X: c.X + h, Z: c.Z + lo}, geom.Vec2{X: c.X + h, Z: c.Z + hi})
		case sideBottom:
			add(geom.Vec2{X: c.X + lo, Z: c.Z + h}, geom.Vec2{X: c.X + hi, Z: c.Z + h})
		case sideLeft:
			add(geom.Vec2{X: c.X - h, Z: c.Z + lo}, geom.Vec2{X: c.X - h, Z: c.Z + hi})
		}
	}
}

// quadCenter returns the centre of half-tile quadrant q (0 TL, 1 TR, 2 BL,
// 3 BR) of the tile centred at c.
func quadCenter(c geom.Vec2, q int) geom.Vec2 {
	dx, dz := -1.0, -1.0
	if q%2 == 1 {
		dx = 1
	}
	if q >= 2 {
		dz = 1
	}
	return geom.Vec2{X: c.X + dx*halfTile/2, Z: c.Z + dz*halfTile/2}
}

// curveArc returns the curved wall of curve value v in the quadrant centred
// at qc. curvedWall.proto puts the circle's centre on a quadrant corner
// (rot 1 bottom-left, 2 top-left, 3 top-right, 4 bottom-right) with radius
// one quadrant side, so the arc joins the two neighbouring corners and
// bulges away from its centre (1 towards top-right, 2 bottom-right,
// 3 bottom-left, 4 top-left), matching the answer cells of docs/erebus-rules.md §3.
func curveArc(qc geom.Vec2, v int) (Arc, bool) {
	return curveArcAt(qc, halfTile/2, v)
}

// curveArcAt returns the curved wall of curve value v in the square of half
// side h centred at c. curvedWall.proto translates its Solid to the corner
// (±0.15·scale, i.e. ±h) but does not scale its IndexedFaceSet, a quarter
// ring of radii 0.055-0.065 m: on a quadrant of a half tile (scale 0.2) the
// arc joins the quadrant's two neighbouring corners, on a whole worldTile
// (scale 0.4, worldTile.proto l.423-431) the midpoints of its two sides
// beside that corner.
func curveArcAt(qc geom.Vec2, h float64, v int) (Arc, bool) {
	switch v {
	case 1:
		return Arc{Center: geom.Vec2{X: qc.X - h, Z: qc.Z + h}, Radius: curveRadius, From: -math.Pi / 2, To: 0}, true
	case 2:
		return Arc{Center: geom.Vec2{X: qc.X - h, Z: qc.Z - h}, Radius: curveRadius, From: 0, To: math.Pi / 2}, true
	case 3:
		return Arc{Center: geom.Vec2{X: qc.X + h, Z: qc.Z - h}, Radius: curveRadius, From: math.Pi / 2, To: math.Pi}, true
	case 4:
		return Arc{Center: geom.Vec2{X: qc.X + h, Z: qc.Z + h}, Radius: curveRadius, From: math.Pi, To: 3 * math.Pi / 2}, true
	}
	return Arc{}, false
}

// tileCenterOf is the worldTile proto's placement of a tile, from its own
// width/height fields.
func tileCenterOf(t Tile) geom.Vec2 {
	return geom.Vec2{X: float64(t.X)*TileSize - t.Width*TileSize/2, Z: float64(t.Z)*TileSize - t.Height*TileSize/2}
}

// TileCenter returns the centre of tile (xPos x, zPos z):
// (x·0.12 − Width·0.06, z·0.12 − Height·0.06).
func (w *World) TileCenter(x, z int) geom.Vec2 {
	return geom.Vec2{X: float64(x)*TileSize - w.Width*TileSize/2, Z: float64(z)*TileSize - w.Height*TileSize/2}
}

// lookup returns the index in Tiles of the tile at (x, z), or -1.
func (w *World) lookup(x, z int) int {
	if w.tileIndex != nil {
		if i, ok := w.tileIndex[[2]int{x, z}]; ok {
			return i
		}
		return -1
	}
	for i := len(w.Tiles) - 1; i >= 0; i-- {
		if w.Tiles[i].X == x && w.Tiles[i].Z == z {
			return i
		}
	}
	return -1
}

// TileAt returns the indices (xPos, zPos) of the tile whose square
// contains p; ok is false where there is no tile. A point on a shared
// border belongs to the tile on its right/bottom.
func (w *World) TileAt(p geom.Vec2) (x, z int, ok bool) {
	fx := (p.X + w.Width*TileSize/2 + TileSize/2) / TileSize
	fz := (p.Z + w.Height*TileSize/2 + TileSize/2) / TileSize
	if math.IsNaN(fx) || math.IsNaN(fz) || fx < 0 || fz < 0 || fx > 1e6 || fz > 1e6 {
		return 0, 0, false
	}
	x, z = int(math.Floor(fx)), int(math.Floor(fz))
	if w.lookup(x, z) < 0 {
		return 0, 0, false
	}
	return x, z, true
}

// Quarter returns the floor of the tile (the same on its four quarters):
// a trap is a hole whatever else it is; then start, checkpoint, swamp.
// Passage is the connection letter of its colour.
func (t Tile) Quarter() Quarter {
	q := Quarter{Passage: passageLetter(t.Color)}
	switch {
	case t.Trap:
		q.Floor = FloorHole
	case t.Start:
		q.Floor = FloorStart
	case t.Checkpoint:
		q.Floor = FloorCheckpoint
	case t.Swamp:
		q.Floor = FloorSwamp
	}
	return q
}

// QuarterAt returns the floor under p; false outside every tile and over
// a tile without floor (floor FALSE and not a trap: the worldTile proto
// then has no floor box at all, so such tiles are outside the arena).
func (w *World) QuarterAt(p geom.Vec2) (Quarter, bool) {
	x, z, ok := w.TileAt(p)
	if !ok {
		return Quarter{}, false
	}
	t := w.Tiles[w.lookup(x, z)]
	if !t.Floor && !t.Trap {
		return Quarter{}, false
	}
	return t.Quarter(), true
}

// RoomAt returns the room (area 1-4) of the tile under p with Erebus's
// TileManager.coord2grid semantics: the WALLTILES child number
// round((x+W·0.06)/0.12)·H + round((z+H·0.06)/0.12) (Python round, half to
// even), which assumes x-major child order. It returns 0 outside the
// children list, for a child that is not a tile, and for a tile whose room
// field is 0 (the proto default).
func (w *World) RoomAt(p geom.Vec2) int {
	fx := (p.X + w.Width*TileSize/2) / TileSize
	fz := (p.Z + w.Height*TileSize/2) / TileSize
	if math.IsNaN(fx) || math.IsNaN(fz) || math.Abs(fx) > 1e6 || math.Abs(fz) > 1e6 {
		return 0
	}
	idx := int(math.RoundToEven(fx))*int(w.Height) + int(math.RoundToEven(fz))
	if w.children == nil {
		if idx < 0 || idx >= len(w.Tiles) {
			return 0
		}
		return w.Tiles[idx].Room
	}
	if idx < 0 || idx >= len(w.children) || w.children[idx] < 0 {
		return 0
	}
	return w.Tiles[w.children[idx]].Room
}

// startTile returns the index of the DEF START_TILE tile (else the first
// tile with start set), or -1.
func (w *World) startTile() int {
	for i, t := range w.Tiles {
		if t.DEF == "START_TILE" {
			return i
		}
	}
	for i, t := range w.Tiles {
		if t.Start {
			return i
		}
	}
	return -1
}

// StartBox returns the start tile bounds start0min..start0max (the first
// STARTBOUNDS box); without one, the square of the start tile; without a
// start tile, the square of the first tile.
func (w *World) StartBox() Box {
	if len(w.Starts) > 0 {
		return w.Starts[0]
	}
	i := w.startTile()
	if i < 0 {
		i = 0
	}
	if len(w.Tiles) == 0 {
		return Box{}
	}
	c := tileCenterOf(w.Tiles[i])
	h := TileSize / 2
	return Box{Min: geom.Vec2{X: c.X - h, Z: c.Z - h}, Max: geom.Vec2{X: c.X + h, Z: c.Z + h}}
}

// round1 is Python's round(v, 1): correctly rounded, ties to even.
func round1(v float64) float64 { return roundN(v, 1) }

func roundN(v float64, n int) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	r, err := strconv.ParseFloat(strconv.FormatFloat(v, 'f', n, 64), 64)
	if err != nil {
		return v
	}
	return r
}

// passageColours are the tile colours (rounded to 1 decimal) that mark
// connection tiles, with their answer letters (MapAnswer.py).
var passageColours = []struct {
	rgb    [3]float64
	letter byte
}{
	{[3]float64{0.0, 0.8, 0.0}, 'g'},
	{[3]float64{0.1, 0.1, 0.9}, 'b'},
	{[3]float64{0.3, 0.1, 0.6}, 'p'},
	{[3]float64{0.9, 0.1, 0.1}, 'r'},
	{[3]float64{0.9, 0.6, 0.1}, 'o'},
	{[3]float64{0.9, 0.9, 0.1}, 'y'},
}

// passageLetter returns the connection letter of a tile colour, or 0.
func passageLetter(c [3]float64) byte {
	r := [3]float64{round1(c[0]), round1(c[1]), round1(c[2])}
	for _, p := range passageColours {
		if r == p.rgb {
			return p.letter
		}
	}
	return 0
}

// passageColour returns the colour the generator writes for a letter.
func passageColour(letter byte) ([3]float64, error) {
	for _, p := range passageColours {
		if p.letter == letter {
			return p.rgb, nil
		}
	}
	return [3]float64{}, fmt.Errorf("unknown passage letter %q", letter)
}
