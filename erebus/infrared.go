package erebus

// Colours of what the default robot's infra-red distance sensors see, and
// the Webots infra-red response (rules §5).

// WallColour is the diffuseColor of every wall Erebus builds: worldTile.proto
// l.192, 234 (0.2 0.466667 0.521569 at l.252, 294, 336), wall.proto l.14,
// curvedWall.proto l.44, Area4_1.proto l.61…179, Area4_2.proto l.61…179
// (v25.0.1). The appearance is a plain Appearance/Material, so Webots sees
// roughness 0 and occlusion 0.
var WallColour = [3]float64{0.2, 0.47, 0.52}

// ObstacleColour is the diffuseColor of an obstacle PROTO's shapes
// (obstacle.proto l.46, 76, 107, 141).
var ObstacleColour = [3]float64{0.45, 0.45, 0.45}

// FloorColour is the tileColor the Erebus worlds give a plain floor tile
// (worldTile.proto l.100 `diffuseColor IS tileColor`; 0.635 0.635 0.635 in
// world1.wbt, world2.wbt, NewPassages.wbt and room4_small.wbt).
var FloorColour = [3]float64{0.635, 0.635, 0.635}

// InfraRedFactor is the reflection factor of a surface for a Webots
// "infra-red" DistanceSensor: f = 0.2 + 0.8·red·(1 − 0.5·roughness)·
// (1 − 0.5·occlusion), and the sensor feeds d / f to its lookup table
// instead of the distance d (Webots reference, docs/reference/
// distancesensor.md, "Infra-Red Sensors"). red, roughness and occlusion
// are in [0, 1].
func InfraRedFactor(red, roughness, occlusion float64) float64 {
	return 0.2 + 0.8*red*(1-0.5*roughness)*(1-0.5*occlusion)
}

// WallInfraRed is InfraRedFactor of an Erebus wall (red 0.2, roughness and
// occlusion 0): 0.36. A default-robot distance sensor reads a wall at d
// metres as min(d/0.36, 0.8), so it sees walls up to 0.288 m away.
var WallInfraRed = InfraRedFactor(WallColour[0], 0, 0)

// ObstacleInfraRed is InfraRedFactor of an obstacle (red 0.45): 0.56.
var ObstacleInfraRed = InfraRedFactor(ObstacleColour[0], 0, 0)

// FloorInfraRed is InfraRedFactor of a plain floor tile (red 0.635): 0.708.
var FloorInfraRed = InfraRedFactor(FloorColour[0], 0, 0)

// DistanceSensorType is the Webots type of the default robot's and of every
// customised robot's distance sensors (E-puck-custom-default-FLU.proto
// l.265…370; ProtoGenerator.py "Distance Sensor").
const DistanceSensorType = "infra-red"
