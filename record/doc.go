// Package record writes a game as an MCAP recording and reads it back: a
// replay page (HTML, self-contained) and a picture (PNG) of the game.
//
// A recording uses Foxglove's protobuf schemas (package foxglovepb), each
// channel's Schema record carrying the schema's FileDescriptorSet, so that
// Foxglove and Rerun open it without plugins; rescuekit's own messages
// (package recordpb) and every plugin's Observation and Action
// (plugins/pluginpb) ride beside them. The channels:
//
//	/tf                          foxglove.FrameTransforms  world → robot, world → robot_estimate
//	/robot/pose                  foxglove.PoseInFrame      the true pose
//	/robot/estimate              foxglove.PoseInFrame      the pose the plugins estimated
//	/arena                       foxglove.SceneUpdate      walls, arcs, obstacles, holes, swamps, checkpoints, signs
//	/arena/model                 rescuekit.record.v1.Arena the same, as the simulator models it
//	/map/answer, /map/robot      foxglove.Grid             the answer and the robot's map, coloured by cell
//	/map/answer/cells, /map/robot/cells  rescuekit.record.v1.Matrix  the same matrices as strings
//	/reports                     foxglove.SceneUpdate      each report where it was made, coloured by outcome
//	/reports/outcome             rescuekit.record.v1.Report
//	/camera/NAME                 foxglove.CompressedImage  camera frames (PNG)
//	/lidar/layerN                foxglove.LaserScan        one lidar layer
//	/distance                    rescuekit.record.v1.Distance
//	/fsm, /events, /log          foxglove.Log              FSM states, referee events, plugin logs
//	/plugin/NAME/observation     rescuekit.plugin.v1.Observation
//	/plugin/NAME/action          rescuekit.plugin.v1.Action
//	/game                        rescuekit.record.v1.Game  written last in every step
//
// Foxglove's frame "world" is z-up: Webots x is Foxglove x and Webots z is
// Foxglove −y; the robot frames have x forward.
//
// A recording is readable to its last complete step even when the game is
// interrupted: the writer builds its own chunks, each holding whole steps,
// and writes a chunk to the output every Options.FlushEvery steps. Read
// reads such a file without its summary section.
//
// TimeProfile tells where a recorded game's time went, per FSM state: driving,
// turning on the spot, standing (runner replay --profile).
package record
