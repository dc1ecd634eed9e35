package erebus

// Arena geometry (rules §2.2; walls: wall.proto `size 0.12 0.06 0.01`).
const (
	// TileSize is the distance between tile centres: 0.3·xScale with xScale
	// 0.4 in every world (m).
	TileSize = 0.12
	// QuarterTile is half a tile's side (m): the side of one of the four
	// quarters of a tile (a halfTile's quadrants, the answer map's
	// quarter-tile cells).
	QuarterTile = TileSize / 2
	// WallThickness and WallHeight are a wall's (m).
	WallThickness = 0.01
	WallHeight    = 0.06
	// FloorY is the top of the floor (m); the robot spawns and every bound is
	// tested at this height.
	FloorY = -0.03
	// HoleFloorY is the floor of a hole (trap) tile (m).
	HoleFloorY = -0.082
	// SignSize is the side of a victim's or hazard placard's square (m).
	SignSize = 0.016
	// SignWallOffset is the distance of a sign's centre from its wall's
	// centre line (m).
	SignWallOffset = 0.0056
	// CognitiveTargetSize is the side of a v26.1 cognitive target's plane
	// (CognitiveTarget.proto l.39, `Plane { size 0.04 0.04 }`; v26 §11).
	CognitiveTargetSize = 0.04
)

// TimeStep is the basic time step of every Erebus world and of the
// supervisor (ms): `WorldInfo { basicTimeStep 16 }`, MainSupervisor.py
// TIME_STEP (v25 l.56; rules §2.1).
const TimeStep = 16
