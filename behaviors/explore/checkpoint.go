package explore

import (
	"math"

	"github.com/rescuekit/rescuekit/nav"
)

// Checkpoints. Erebus gives erebus.CheckpointPoints × the room's multiplier
// for the first visit of each checkpoint tile: the first checkpoint box
// (the tile's square, checkpoint{i}min..max) that holds the robot's centre
// (shared/erebus/RULES.md §1.5, Robot.update_checkpoints). The colour
// sensor looks ahead of the centre, so the map knows a checkpoint's floor
// from the robot passing at its side, and a tile whose floor is known was
// no goal of exploring: on more-worlds as v26.1 (seeds 1-4) the robot left
// 76 of the 368 checkpoint visits it could make unmade (R2D2__chiquito_'s,
// in a pocket the robot cannot leave, not counted), 25 with this. A
// checkpoint tile the centre has not stood in is a goal as an unseen floor
// is: its centre, planned to when it is the cheapest goal.

// checkpointInside is how far inside a checkpoint tile's sides (m) the
// estimated centre must stand for the visit to count: more than the
// estimate's error (v26.1's GPS noise, erebus.V26Rules.GPSAccuracy per
// axis, four times over).
const checkpointInside = 0.01

// visitCheckpoint notes the checkpoint tile the robot's centre (pose)
// stands in, checkpointInside or more inside its sides, if any.
func (e *Explore) visitCheckpoint(pose nav.Pose) {
	tr, tc, ok := e.m.TileOf(pose.Vec2)
	if !ok || e.m.Floor(tr, tc) != nav.FloorCheckpoint {
		return
	}
	c := e.m.TileCenter(tr, tc)
	const h = nav.TileSize/2 - checkpointInside
	if math.Abs(pose.X-c.X) <= h && math.Abs(pose.Z-c.Z) <= h {
		e.visited[tileID(tr, tc)] = true
	}
}

// checkpointGoal reports whether tile (tr, tc) is a checkpoint the robot's
// centre has not stood in.
func (e *Explore) checkpointGoal(tr, tc int) bool {
	return e.m.Floor(tr, tc) == nav.FloorCheckpoint && !e.visited[tileID(tr, tc)]
}
