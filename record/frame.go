package record

import (
	"google.golang.org/protobuf/proto"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Meta describes a game before its first step.
type Meta struct {
	// World is the arena; required.
	World *world.World
	// Answer is the Erebus answer matrix of World, or nil.
	Answer [][]string
	Seed   int64
	// Rules names the rule set, e.g. "v25.0.1".
	Rules string
	// MaxScore is the best score the world allows, 0 when unknown.
	MaxScore float64
	// DistanceNames are the distance sensors' names in reading order.
	DistanceNames []string
	Options       Options
}

// Options tune what a Writer records; the zero value is the default.
type Options struct {
	// FlushEvery writes the open chunk to the output every N steps (0: every
	// step), or sooner when it reaches 8 MiB. A game interrupted without
	// Close loses at most the last N−1 steps.
	FlushEvery int
	// CameraEvery records camera frames every N steps (0: DefaultCameraEvery).
	CameraEvery int
	// NoPluginIO leaves out the plugins' Observations and Actions.
	NoPluginIO bool
	// FullObservations records the plugins' Observations whole. By default
	// their camera pixels are cleared (the frames are on /camera/NAME; name
	// and size stay) and their blackboard is left out (its changes are on
	// /plugin/NAME/blackboard).
	FullObservations bool
	// OwnChannelKeys are blackboard keys whose value has a channel of its
	// own, left out of /plugin/NAME/blackboard: the pose estimate the
	// runner records as /robot/estimate ("pose", nav.KeyPose), which
	// changes every step and would be written again for every plugin.
	OwnChannelKeys []string
	// Compression compresses chunks: "" (none) or "zstd".
	Compression string
}

// DefaultCameraEvery is the camera recording period in steps when
// Options.CameraEvery is 0.
const DefaultCameraEvery = 4

// StepFrame is what happened in one control step, as plain values.
type StepFrame struct {
	Step    uint64
	SimTime float64 // s
	// True is where the robot really is; Estimate is where the plugins
	// think it is, nil when they published no estimate.
	True     world.Pose
	Estimate *world.Pose
	// State is the FSM state; a change is logged on /fsm.
	State string
	Score float64
	// Events are the referee events of this step.
	Events []Event
	// Distance are the distance sensors' readings (m).
	Distance []float64
	// Cameras are the camera frames of this step (written every
	// Options.CameraEvery steps).
	Cameras []Camera
	// Lidar is the lidar scan, nil when the robot has none.
	Lidar *Lidar
	// Map is the robot's map matrix when it changed (nil: unchanged);
	// Answer likewise for the answer matrix.
	Map, Answer [][]string
	// Reports are the reports the robot made this step.
	Reports []Report
	// Logs are plugin (or runner) log lines of this step.
	Logs []Log
	// Plugins are the Observation and Action of each plugin this step.
	Plugins []PluginIO
}

// Event is one referee event.
type Event struct {
	Time   float64 // the game clock (s)
	What   string
	Points float64
}

// Camera is one camera frame: Width×Height pixels of 4 bytes, BGRA, row after
// row, as Webots gives them.
type Camera struct {
	Name          string
	Width, Height int
	BGRA          []byte
}

// Lidar is one lidar scan: Layers layers of HorizontalResolution ranges
// each (m, +Inf for no hit), layer 0 the highest, each layer from the
// robot's left to its right over FOV radians.
type Lidar struct {
	Ranges               []float32
	HorizontalResolution int
	Layers               int
	FOV                  float64
	MinRange, MaxRange   float64
}

// Outcome is what the referee made of a report.
type Outcome int

// Outcomes.
const (
	OutcomeUnknown Outcome = iota
	// Hit: a sign was found and the letter was its type.
	Hit
	// WrongType: a sign was found with a letter that is not its type.
	WrongType
	// Miss: no sign matched (a misidentification).
	Miss
)

// String returns the outcome's name.
func (o Outcome) String() string {
	switch o {
	case Hit:
		return "hit"
	case WrongType:
		return "wrong type"
	case Miss:
		return "miss"
	}
	return "unknown"
}

// Report is one victim or hazard report.
type Report struct {
	Letter byte
	// Robot is where the robot truly was; Estimate the position the
	// report carried.
	Robot, Estimate geom.Vec2
	Outcome         Outcome
	// Sign is the index of the matched sign in World.Signs, -1 for none.
	Sign   int
	Points float64
	// Why says in words what decided the outcome.
	Why string
}

// Level is a log line's severity.
type Level int

// Levels, as Foxglove's Log counts them.
const (
	LevelDebug Level = 1 + iota
	LevelInfo
	LevelWarning
	LevelError
	LevelFatal
)

// Log is one log line.
type Log struct {
	Level   Level
	Name    string // the plugin or component
	Message string
}

// PluginIO is one plugin's Observation and Action of a step
// (*pluginpb.Observation and *pluginpb.Action); either may be nil.
type PluginIO struct {
	Name        string
	Observation proto.Message
	Action      proto.Message
}
