package nav

import (
	"fmt"
	"strings"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// RulesWatch tells which Erebus version a game is played by. The
// supervisor never says (its messages are the same in v25.0.1 and v26.1,
// docs/erebus-v26.md §2), so a behavior's "rules" parameter names it, or,
// set to "auto", the watch tells it from the GPS: Erebus v26.1 gives the
// GPS of every robot a noise of σ erebus.V26Rules.GPSAccuracy per axis
// (the default robot's PROTO and the ones ProtoGenerator writes,
// docs/erebus-v26.md §9), v25.0.1 none. Once it has rulesSamples GPS
// second differences (GPSNoise) it decides: v26.1 when their σ is above
// a fraction of v26.1's, so that rescuekit's own seeded noise (σ 1 mm in
// `runner eval`) is told from v26.1's. Until then it assumes v26.1.
type RulesWatch struct {
	auto    bool
	given   erebus.Rules // the version given, or the one assumed until decided
	noise   GPSNoise
	decided bool
	v26     bool
}

const (
	// rulesSamples is how many GPS second differences (two per step, x
	// and z) the watch looks at before it decides.
	rulesSamples = 240
	// rulesNoiseShare is the share of v26.1's GPS σ above which the noise
	// is v26.1's.
	rulesNoiseShare = 0.6
)

// RulesParamHelp describes the "rules" parameter the behaviors share.
const RulesParamHelp = "the Erebus version played, v25 or v26 (swamp multipliers, obstacles in the map); auto: v26 when the GPS shows v26.1's noise"

// NewRulesWatch reads a "rules" parameter: auto, v25 or v26.
func NewRulesWatch(param string) (RulesWatch, error) {
	if strings.EqualFold(strings.TrimSpace(param), "auto") {
		return RulesWatch{auto: true, given: erebus.V26Rules}, nil
	}
	v, err := erebus.ParseVersion(param)
	if err != nil {
		return RulesWatch{}, fmt.Errorf("param rules: %w (or auto)", err)
	}
	r, err := erebus.RulesFor(v)
	return RulesWatch{given: r}, err
}

// Add takes the GPS reading of step (nil: none).
func (w *RulesWatch) Add(step uint64, gps *pluginpb.Vec3) {
	if !w.auto || w.decided || gps == nil {
		return
	}
	w.noise.Add(step, geom.Vec2{X: gps.GetX(), Z: gps.GetZ()})
	if w.noise.Samples() >= rulesSamples {
		w.v26 = w.noise.SD() > rulesNoiseShare*erebus.V26Rules.GPSAccuracy
		w.decided = true
	}
}

// Rules returns the rule set played now: the one given, or with auto the
// one the GPS noise showed (v26.1, the costlier swamps, until it is known).
// The zero RulesWatch plays v26.1.
func (w *RulesWatch) Rules() erebus.Rules {
	switch {
	case w.auto && w.decided && !w.v26:
		return erebus.V25Rules
	case w.given.Version == "":
		return erebus.V26Rules
	}
	return w.given
}

// ObstaclesInAnswer reports whether the map matrix marks obstacles: when
// the version is known to write them (v26.1), so not while auto is
// undecided.
func (w *RulesWatch) ObstaclesInAnswer() bool {
	if w.auto {
		return w.decided && w.v26
	}
	return w.Rules().ObstaclesInAnswer
}
