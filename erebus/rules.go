package erebus

import (
	"fmt"
	"strings"
)

// Version names an Erebus release whose rules rescuekit plays.
type Version string

// The versions rescuekit plays.
const (
	// V25 is Erebus v25.0.1 (robocup-junior/erebus 497a1e2, July 2025).
	V25 Version = "v25.0.1"
	// V26 is Erebus v26.1 (robocup-junior/erebus 8e56efe, May 2026), the 2026
	// season's.
	V26 Version = "v26.1"
)

// ParseVersion reads a version as a user writes it: "v25", "25", "v25.0.1",
// "v26", "26", "v26.1" (case-insensitive).
func ParseVersion(s string) (Version, error) {
	switch strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "v") {
	case "25", "25.0", "25.0.1":
		return V25, nil
	case "26", "26.1", "26.1.0":
		return V26, nil
	}
	return "", fmt.Errorf("erebus: unknown rules version %q: want v25 (Erebus v25.0.1) or v26 (Erebus v26.1)", s)
}

// Scoring and referee constants common to both versions (rules §1.3-§2.4;
// unchanged in v26.1, v26 §4).
const (
	// ReportRadius is the distance (m, in X-Z, inclusive) within which both the
	// robot and the reported point must be of a sign (Victim.py
	// check_position; rules §1.3 a, b).
	ReportRadius = 0.09
	// MinStoppedForReport is how long (s) the robot must have stood still when
	// a report is processed (MainSupervisor.py v25 l.629-630; rules §1.2).
	MinStoppedForReport = 1.0
	// StoppedVelocity bounds every component of a stopped robot's velocity
	// (Robot.py _is_stopped l.200-207).
	StoppedVelocity = 0.001
	// StoppedLoPTime is how long (s) standing still triggers an automatic lack
	// of progress (rules §2.3).
	StoppedLoPTime = 20.0
	// FallenY is the height below which the robot has fallen into a hole
	// (rules §2.3).
	FallenY = -0.035
	// DefaultGameTime is the max game time (s) when the supervisor's
	// customData does not set one (MainSupervisor.py v25 l.102).
	DefaultGameTime = 480

	// VictimTypeBonus and HazardTypeBonus are the correct-letter bonuses, ×
	// the room multiplier (MainSupervisor.py v25 l.460, 466; v26 l.547, 553).
	VictimTypeBonus = 10
	HazardTypeBonus = 20
	// CheckpointPoints is a checkpoint's first visit, × the room multiplier
	// (Robot.py l.464-465).
	CheckpointPoints = 10
	// MisidentPenalty and LackOfProgressPenalty are flat (no multiplier).
	MisidentPenalty       = -5
	LackOfProgressPenalty = -5
	// ExitBonusFraction is the exit bonus, a fraction of the score
	// (MainSupervisor.py v25 l.560-575; rules §1.7).
	ExitBonusFraction = 0.1
)

// RoomMult is Erebus's ROOM_MULT, the multiplier of areas 1-4 (Tile.py v25
// l.131, v26 l.139).
var RoomMult = [4]float64{1, 1.25, 1.5, 2}

// RealTimeLimit is the supervisor's real-time limit for a max game time of
// gameTime seconds: int(max(T+60, 1.25·T)) (MainSupervisor.py v25 l.116; v26
// l.118-119).
func RealTimeLimit(gameTime int) int {
	a, b := float64(gameTime+60), 1.25*float64(gameTime)
	if b > a {
		a = b
	}
	return int(a)
}

// Rules is the rule set of one Erebus version: every number or behaviour in
// which the versions differ. V25Rules and V26Rules are its two values; code
// reads a field, it never compares versions.
type Rules struct {
	// Version is the Erebus release.
	Version Version
	// HazardGroup is the DEF name of the group the F/P/C/O signs are in, and
	// HazardProto the PROTO of its children: HAZARDGROUP/HazardMap in v25,
	// TARGETGROUP/CognitiveTarget in v26 (v26 §1).
	HazardGroup, HazardProto string
	// CognitiveTargets is true when F/P/C/O signs are cognitive targets whose
	// type is a five-ring code (v26 §1, §3) rather than hazmat letters.
	CognitiveTargets bool
	// FakeVictims is true when the world may hold fake victims (DEF FAKES),
	// which the supervisor never loads (v26 §3).
	FakeVictims bool
	// VictimGlyphs are the symbols victims H, S, U show: "HSU" in v25, Φ Ψ Ω
	// in v26 (v26 §11).
	VictimGlyphs [3]string
	// SwampMult is the game-clock multiplier inside a swamp (Tile.py v25
	// l.132), and in v26 the multiplier of a swamp tile's first entry.
	SwampMult float64
	// SwampProgressive is true when each entry into the same swamp tile adds
	// 1 to its multiplier, up to SwampMaxMult (v26 §5: Rob l.467-488, Tile
	// l.77-92, 308-319).
	SwampProgressive bool
	SwampMaxMult     float64
	// MapBonusFactor multiplies the map correctness in the final score:
	// score·(1 + MapBonusFactor·correctness) (v25 MS l.338-342: 1; v26 MS
	// l.425-429: 1.2).
	MapBonusFactor float64
	// ObstaclesInAnswer is true when the answer map marks obstacles 'x' (v26
	// MA l.555-564), except over area 4 (v26.1 ee2fd66).
	ObstaclesInAnswer bool
	// GPSAccuracy is the default robot's GPS noise, σ per axis (m): 0 in v25,
	// 0.0025 in v26 (E-puck-custom-default-FLU.proto v26 l.256; v26 §9).
	GPSAccuracy float64
}

// V25Rules is Erebus v25.0.1's rule set (docs/erebus-rules.md).
var V25Rules = Rules{
	Version:      V25,
	HazardGroup:  "HAZARDGROUP",
	HazardProto:  "HazardMap",
	VictimGlyphs: [3]string{"H", "S", "U"},
	SwampMult:    5.0,
	SwampMaxMult: 5.0,
	// MapBonusFactor 1: v25 MainSupervisor.py l.338-342.
	MapBonusFactor: 1,
}

// V26Rules is Erebus v26.1's rule set (docs/erebus-v26.md).
var V26Rules = Rules{
	Version:          V26,
	HazardGroup:      "TARGETGROUP",
	HazardProto:      "CognitiveTarget",
	CognitiveTargets: true,
	FakeVictims:      true,
	// Φ harmed, Ψ stable, Ω unharmed (game/protos/textures/victim_*.png,
	// commit 3d5b7d8).
	VictimGlyphs:      [3]string{"Φ", "Ψ", "Ω"},
	SwampMult:         5.0,
	SwampProgressive:  true,
	SwampMaxMult:      10.0,
	MapBonusFactor:    1.2,
	ObstaclesInAnswer: true,
	GPSAccuracy:       0.0025,
}

// RulesFor returns the rule set of v.
func RulesFor(v Version) (Rules, error) {
	switch v {
	case V25:
		return V25Rules, nil
	case V26:
		return V26Rules, nil
	}
	return Rules{}, fmt.Errorf("erebus: no rules for version %q", v)
}

// String returns the version.
func (r Rules) String() string { return string(r.Version) }
