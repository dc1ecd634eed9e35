package world

import (
	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// Erebus geometry, from package erebus (rules §2.2); the names stay here for
// the simulator's code, which reads them as world.TileSize etc.
const (
	TileSize      = erebus.TileSize      // metres between tile centres
	WallThickness = erebus.WallThickness // metres
	WallHeight    = erebus.WallHeight    // metres
	FloorY        = erebus.FloorY        // y of the floor top and of all bounds
	SignSize      = erebus.SignSize      // side of a sign's square, metres
)

// Box is an axis-aligned XZ rectangle, inclusive on all sides (Erebus's
// bounds test is inclusive).
type Box struct{ Min, Max geom.Vec2 }

// Contains reports whether p is inside b, borders included.
func (b Box) Contains(p geom.Vec2) bool {
	return p.X >= b.Min.X && p.X <= b.Max.X && p.Z >= b.Min.Z && p.Z <= b.Max.Z
}

// Segment is a straight wall piece: its centre line from A to B. Its solid
// extends WallThickness/2 on each side of the line and SegmentCap beyond
// each end, so a tile wall's Segment is worldTile.proto's wall box pulled
// in SegmentCap at each end (see addTileWalls).
type Segment struct{ A, B geom.Vec2 }

// Arc is a curved wall: the part of the circle of the given Radius around
// Center between angles From and To (radians, measured as atan2(z, x),
// counter-clockwise in that convention from From to To). Its solid extends
// WallThickness/2 on each side of the arc.
type Arc struct {
	Center   geom.Vec2
	Radius   float64
	From, To float64
}

// Obstacle is a solid box standing on the floor (DEF OBSTACLES).
type Obstacle struct {
	Center geom.Vec2
	Half   geom.Vec2 // half extents along the box's own x and z axes
	Yaw    float64   // rotation about +Y
	Height float64
}

// Floor is what covers a quarter tile.
type Floor uint8

// Floor kinds.
const (
	FloorPlain Floor = iota
	FloorHole
	FloorSwamp
	FloorCheckpoint
	FloorStart
)

// Quarter is the floor of one quarter tile.
type Quarter struct {
	Floor Floor
	// Passage is the connection colour letter ('b','p','r','g','o','y') of
	// a passage tile, or 0.
	Passage byte
}

// SignKind tells victims (HUMANGROUP) from hazards (HAZARDGROUP) and, in a
// v26.1 world, cognitive targets (TARGETGROUP), which are Hazard signs with
// Target set: both answer the F P C O reports.
type SignKind uint8

// Sign kinds.
const (
	Victim SignKind = iota
	Hazard
)

// Sign is a victim or hazard sign on a wall.
type Sign struct {
	Kind SignKind
	// Type is the proto's type field as written: "harmed", "unharmed",
	// "stable" for victims; "F", "P", "C", "O" for hazards.
	Type string
	// Letter is the letter a correct report carries: H, U, S, F, P, C or O.
	Letter byte
	Name   string
	// Pos is the sign's translation in XZ, Y its height.
	Pos geom.Vec2
	Y   float64
	// Rotation is the node's axis-angle rotation (x, y, z, angle).
	Rotation [4]float64
	// Normal is the unit vector the sign faces, (−R[0][2], −R[2][2])
	// normalised (docs/erebus-rules.md §1.3 c).
	Normal geom.Vec2
	Worth  int
	Found  bool
	// Room is the area (1–4) of the tile the sign stands on.
	Room int
	// Target is true for a v26.1 cognitive target (TARGETGROUP, Kind
	// Hazard): Type is its five-ring code, outermost ring first, and Letter
	// the ring sum's letter, 0 for a fake (invalid-sum) target that no
	// report can match (v26 §3).
	Target bool
	// Blank is true for a target whose type was not five ring letters: the
	// v26.1 supervisor blanks it (Type "blank", Worth 0), draws nothing and
	// never matches it (MainSupervisor.py v26 l.198-209).
	Blank bool
}

// Tile is one WALLTILES child as the file gives it, with PROTO defaults
// applied, in file order. Answer generation depends on this order.
type Tile struct {
	DEF  string // "TILE" or "START_TILE"
	Half bool   // a halfTile node
	X, Z int    // xPos, zPos

	Top, Right, Bottom, Left int // wall values: > 0 means a wall

	// QuarterWalls[q] = [top, right, bottom, left] of half-tile quadrant
	// q+1 (1 = TL, 2 = TR, 3 = BL, 4 = BR); Curves[q] is curve[q].
	QuarterWalls [4][4]int
	Curves       [4]int
	// CurveDir is a worldTile's curveDir (0 for a halfTile, whose
	// quadrants take theirs from Curves): a curved wall at a tile corner,
	// built as Curves' are but around the whole tile's corner
	// (worldTile.proto l.423-431, curvedWall.proto).
	CurveDir int

	Start, Trap, Checkpoint, Swamp bool
	Color                          [3]float64
	Room                           int
	Width, Height                  float64 // the world's tile counts, repeated on every tile

	// Floor is the proto's floor flag: TRUE on every arena tile; a tile
	// with neither floor nor trap has no floor box and lies outside the
	// arena (QuarterAt reports false there). Set it when building tiles
	// in code.
	Floor bool
	// XScale and ZScale are the proto's scale fields (0.4 in every Erebus
	// world; Parse rejects others because TileSize assumes 0.4).
	XScale, ZScale float64
	// ID is the proto's id field.
	ID string
}

// Pose is a position with a yaw (rotation about +Y).
type Pose struct {
	Pos geom.Vec2
	Yaw float64
}

// World is a loaded arena.
type World struct {
	Name          string
	BasicTimeStep int // ms
	GameTime      int // seconds of game time (MAINSUPERVISOR customData)

	// Cols and Rows are the arena size in tiles along X and Z.
	Cols, Rows int
	Tiles      []Tile

	// Geometry of everything solid.
	Walls     []Segment
	Arcs      []Arc
	Obstacles []Obstacle

	// Bounds from the CHECKPOINT/TRAP/START/SWAMP groups, in file order.
	Checkpoints, Traps, Starts, Swamps []Box

	// Signs holds HUMANGROUP victims then HAZARDGROUP hazards (v25) or
	// TARGETGROUP cognitive targets (v26), in file order.
	Signs []Sign
	// Fakes holds the DEF FAKES fake victims (v26.1), in file order.
	Fakes []Fake

	// Rules is the Erebus rule set the world is played in, as the file
	// tells it (see ParseOptions); GameRules reads it with the v25.0.1
	// default for a World built in code.
	Rules erebus.Rules

	// Start is where and how the robot is spawned (docs/erebus-rules.md §2.5).
	Start Pose

	// Width and Height are the width/height fields of the first tile: they
	// place the grid (tile (x, z) centre = (x·0.12 − Width·0.06,
	// z·0.12 − Height·0.06)) and size coord2grid.
	Width, Height float64

	// Area4Walls are wall pieces that come from area-4 geometry outside
	// the tile protos (the IndexedFaceSet walls of a custom "Area4" Solid
	// in WALLTILES): the bottom outline edges of each face set, as
	// segments. They are part of Walls too.
	Area4Walls []Segment

	// Warnings name the parts of the world the simulator could not build
	// (a prebuilt room whose PROTO file is missing, a WALLTILES child
	// without walls), each with its file and line.
	Warnings []string

	// children maps each WALLTILES child, in file order, to its index in
	// Tiles, or -1 for a child that is not a tile (a trailing Area4 node);
	// lastChildDEF is the DEF name of the last child. Nil for a World built
	// in code, where Tiles is taken as the children list.
	children     []int
	lastChildDEF string
	// tileIndex maps (xPos, zPos) to the index in Tiles (the last tile
	// given for that place).
	tileIndex map[[2]int]int
}
