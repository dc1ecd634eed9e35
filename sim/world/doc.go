// Package world is the arena model of the embedded simulator: it loads Erebus
// .wbt worlds (and a small ASCII arena format), builds the Erebus answer map
// bit-exactly (docs/erebus-rules.md §3), and draws arenas as text or PNG.
//
// Coordinates are Webots' NUE frame as Erebus uses it: X and Z horizontal, Y
// up. A robot with yaw θ (rotation (0,1,0,θ)) faces (−sin θ, −cos θ) in XZ:
// yaw 0 faces −Z ("top"), yaw −π/2 faces +X ("right").
//
// # Loading .wbt worlds
//
// [Parse] reads the Webots text format with a generic tokenizer and node
// tree parser (DEF/USE, SF and multi-line MF values, nested nodes, '#'
// comments, strings with escapes), then extracts the Erebus content: the
// WALLTILES tiles (worldTile, halfTile) in file order, the *BOUNDS groups,
// OBSTACLES, HUMANGROUP victims, HAZARDGROUP hazmat placards (Erebus
// v25.0.1) or TARGETGROUP cognitive targets and FAKES fake victims (v26.1),
// the MAINSUPERVISOR game time and WorldInfo basicTimeStep.
//
// The sign group tells the world's Erebus version (World.Rules): DEF
// TARGETGROUP is v26.1, DEF HAZARDGROUP v25.0.1; a world with neither is
// played in the version [ParseOptions] gives (v25.0.1 by default), and one
// asked to play in the other version is an error, since that version's
// supervisor cannot load it. A target whose type is not five of K R Y G B is
// blanked as the v26.1 supervisor does (Type "blank", Worth 0, Sign.Blank).
// [Answer] is the MapAnswer of the world's version. Fields a file leaves out take the PROTO
// defaults (ints 0, bools FALSE, tileColor 0 0 0, room 0, Victim type
// "harmed", HazardMap type "F", scoreWorth 10, rotation 0 0 0 0 =
// identity); a missing tile scale reads as 0.4 (the proto says 1.0, but the
// geometry, like every Erebus world, uses 0.4, and other scales are
// rejected). An integer that overflows int32 reads as 0, as in Webots. Bad
// input gets a *ParseError naming the file and line, e.g.
//
//	world1.wbt:1982: expected '}' to close Robot (opened at line 1969), got end of file
//
// # Geometry
//
// Walls are centre-line [Segment]s (solid WallThickness/2 on each side and
// SegmentCap beyond each end): tile sides (tile (x, z) centre = (x·0.12 −
// width·0.06, z·0.12 − height·0.06)) and half-tile quadrant sides, each
// the box worldTile.proto builds for its wall value (an end shortened or
// extended WallThickness/2 when the value is divisible by 2, 3 or 5, or by
// the neighbouring wall's value at the top-left corner), identical boxes
// between neighbours merged. Curved walls are quarter-circle [Arc]s of radius 0.06
// centred on a quadrant corner (curvedWall.proto). Area-4 tiles are
// ordinary tiles with room 4; their walls are whatever the tile fields
// give, plus, for a custom "Area4" Solid in WALLTILES, the footprint
// outline of its IndexedFaceSet walls (World.Area4Walls). The Area4_1 /
// Area4_2 PROTO rooms are expanded from their PROTO files (rooms.go,
// [LoadWith]); a part that cannot be built is a warning in World.Warnings.
//
// # ASCII arenas
//
// [ParseASCII] reads a drawing on the half-tile grid: a tile is 4
// characters wide and 4 lines high, neighbours sharing their border, so an
// arena of C×R tiles is 4C+1 characters by 4R+1 lines. In each tile's 5×5
// block (row r, column c from the tile's top-left):
//
//   - (even, even) are corners: '+' (or ' ', '.', '-', '|'; ignored);
//     every fourth line starts with '+';
//   - (even, odd) are horizontal half-sides: '-' is a wall;
//   - (odd, even) are vertical half-sides: '|' is a wall;
//   - (odd, odd) are the four quadrants: ' ' or '.' nothing, 'X' hole
//     (trap), '~' swamp, 'C' checkpoint, 'S' start (one tile at most),
//     'b' 'p' 'r' 'g' 'o' 'y' passage colour, '0'-'4' room (default 1),
//     and curved walls '7' (curve 1: top and right), 'J' (2: bottom and
//     right), 'L' (3: left and bottom), 'F' (4: left and top).
//
// A tile with a wall on its middle lines, only half of a side, or a curve
// becomes a halfTile. A wall between two tiles is set on both (as the
// Erebus generator does). After the grid, one directive per line ('#'
// starts a comment):
//
//	name <text>
//	time <seconds>                                   game time, default 480
//	sign <H|U|S|F|P|C|O> tile <x> <z> <top|right|bottom|left> [<along m>] [worth <n>] [found]
//	sign <H|U|S|F|P|C|O> at <X> <Z> <angle> [worth <n>] [found]
//	target <CODE> tile … | at …                      a v26.1 cognitive target, e.g. KRYGB
//	fake <phi|psi|omega> tile … | at … [worth <n>]   a v26.1 fake victim
//	rules <v25|v26>                                  the Erebus version
//	obstacle <X> <Z> <halfX> <halfZ> [<yaw> [<height>]]
//	wall <X1> <Z1> <X2> <Z2>                         an extra wall segment
//
// A "tile" sign sits 0.0056 m from the middle of that side, facing into
// the tile (angles 3.14, 1.57, 0, −1.57 as the generator writes them);
// "at" gives the position and the rotation angle about +Y. For example,
// a 2×1 arena with the start on the left, a half wall and a curve on the
// right, and a victim:
//
//	+-+-+-+-+
//	|S S|  7|
//	+ + + +-+
//	|S S|   |
//	+-+-+-+-+
//	sign H tile 0 0 left
//
// [FormatASCII] draws any World in this format ("runner world show") and
// [DrawPNG] renders it as an image.
package world
