package world

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// ParseOptions controls how a world is read.
type ParseOptions struct {
	// Version is the Erebus version to play a world in when the world does
	// not tell it (neither DEF TARGETGROUP nor DEF HAZARDGROUP), as the
	// `--rules v25|v26` flag gives it; "" means v25.0.1 for such a world. A
	// world that tells its version must agree with a non-empty Version: the
	// supervisor of the other version crashes on it (v26 §1, MS l.122, 182).
	Version erebus.Version
	// PROTODirs are directories searched for a PROTO file (by its base
	// name, e.g. Area4_2.proto) that is not where the world's EXTERNPROTO
	// line puts it, such as an Erebus installation's game/protos.
	PROTODirs []string
}

// LoadWith is Load with options: it reads and parses a .wbt world file,
// looking for the PROTO files of prebuilt rooms where the world's
// EXTERNPROTO lines put them, then in o.PROTODirs.
func LoadWith(path string, o ParseOptions) (*World, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("world: %w", err)
	}
	return parseWith(&extractor{file: filepath.Base(path), src: src, dir: filepath.Dir(path), protoDirs: o.PROTODirs}, o)
}

// EnvErebus names the environment variable that points at an Erebus
// installation (the folder holding game/): LoadRules then also looks for
// PROTO files (the prebuilt area-4 rooms) in its game/protos.
const EnvErebus = "RESCUEKIT_EREBUS"

// LoadRules loads a world for a command line: rules is the value of a
// `--rules` flag ("", "v25", "v26", "25", "v26.1", …), the version played
// when the world has neither a DEF TARGETGROUP nor a DEF HAZARDGROUP. PROTO
// files are looked for beside the world and in $RESCUEKIT_EREBUS/game/protos.
func LoadRules(path, rules string) (*World, error) {
	var o ParseOptions
	if dir := os.Getenv(EnvErebus); dir != "" {
		o.PROTODirs = append(o.PROTODirs, filepath.Join(dir, "game", "protos"))
	}
	if rules != "" {
		v, err := erebus.ParseVersion(rules)
		if err != nil {
			return nil, err
		}
		o.Version = v
	}
	return LoadWith(path, o)
}

// detectVersion tells the Erebus version of a world from its sign group:
// DEF TARGETGROUP is v26.1, DEF HAZARDGROUP v25.0.1 (v26 §1: Victim.py v26
// l.314, 320 read TARGETGROUP; v25 l.306, 312 read HAZARDGROUP), and a world
// with neither is played in o.Version (v25.0.1 when that is empty).
func (x *extractor) detectVersion(nodes []*vNode, o ParseOptions) (erebus.Rules, error) {
	if o.Version != "" {
		if _, err := erebus.RulesFor(o.Version); err != nil {
			return erebus.Rules{}, err
		}
	}
	tg, hg := findDEF(nodes, erebus.V26Rules.HazardGroup), findDEF(nodes, erebus.V25Rules.HazardGroup)
	switch {
	case tg != nil && hg != nil:
		return erebus.Rules{}, x.errorf(tg.Line, "the world has both DEF %s (Erebus %s) and DEF %s (line %d, Erebus %s): keep the group of one version",
			erebus.V26Rules.HazardGroup, erebus.V26, erebus.V25Rules.HazardGroup, hg.Line, erebus.V25)
	case tg != nil:
		if o.Version != "" && o.Version != erebus.V26 {
			return erebus.Rules{}, x.errorf(tg.Line, "rules %s asked for, but DEF %s makes this an Erebus %s world (the %s supervisor cannot load it)", o.Version, erebus.V26Rules.HazardGroup, erebus.V26, o.Version)
		}
		return erebus.V26Rules, nil
	case hg != nil:
		if o.Version != "" && o.Version != erebus.V25 {
			return erebus.Rules{}, x.errorf(hg.Line, "rules %s asked for, but DEF %s makes this an Erebus %s world (the %s supervisor cannot load it)", o.Version, erebus.V25Rules.HazardGroup, erebus.V25, o.Version)
		}
		return erebus.V25Rules, nil
	case o.Version != "":
		return erebus.RulesFor(o.Version)
	}
	return erebus.V25Rules, nil
}

// GameRules returns the rule set the world is played in: the version its
// file tells (or the one ParseOptions gave), and v25.0.1 for a World built
// in code that leaves Rules unset.
func (w *World) GameRules() erebus.Rules {
	if w.Rules.Version == "" {
		return erebus.V25Rules
	}
	return w.Rules
}

// target reads a CognitiveTarget node (v26.1) with the PROTO defaults
// (CognitiveTarget.proto l.3-11: translation 0 0 0, rotation 0 0 0 0, found
// FALSE, name "Cognitive Target", type "KRYGB", scoreWorth 10), then applies
// load_cognitive_targets (MainSupervisor.py v26 l.198-209): a type that is
// not ^[KRYGB]{5}$ is blanked (type "blank", worth 0, invisible, never
// matched). Letter is the ring sum's letter (F P C O), 0 for a blank target
// or an invalid sum (v26 §3).
func (x *extractor) target(n *vNode) (Sign, error) {
	s := Sign{Kind: Hazard, Target: true}
	var err error
	if s.Type, err = x.str(n, "type", "KRYGB"); err != nil {
		return s, err
	}
	if s.Name, err = x.str(n, "name", "Cognitive Target"); err != nil {
		return s, err
	}
	if s.Worth, err = x.int(n, "scoreWorth", 10); err != nil {
		return s, err
	}
	if s.Found, err = x.bool(n, "found", false); err != nil {
		return s, err
	}
	tr, err := x.vec3(n, "translation", [3]float64{})
	if err != nil {
		return s, err
	}
	s.Pos, s.Y = geom.Vec2{X: tr[0], Z: tr[2]}, tr[1]
	if s.Rotation, err = x.rotation(n, "rotation", [4]float64{0, 0, 0, 0}); err != nil {
		return s, err
	}
	if !erebus.ValidTargetCode(s.Type) {
		s.Type, s.Worth, s.Blank = BlankTarget, 0, true
	}
	s.Letter = s.reportLetter()
	return s, nil
}

// BlankTarget is the type the v26.1 supervisor gives a cognitive target
// whose type is not five ring letters (MainSupervisor.py v26 l.203-209).
const BlankTarget = "blank"

// Fake is a fake victim of a v26.1 world (DEF FAKES, Fake.proto): a raised
// Φ, Ψ or Ω letter on a white plate that no supervisor file reads, so a
// report next to it matches nothing (v26 §1, §3, §12).
type Fake struct {
	// Type is "phi", "psi" or "omega" (Fake.proto l.7, default "omega").
	Type string
	Name string
	// Pos is the translation in XZ, Y its height.
	Pos geom.Vec2
	Y   float64
	// Rotation is the node's axis-angle rotation.
	Rotation [4]float64
	// Normal is the unit vector the fake faces, computed as for a sign.
	Normal geom.Vec2
	// Worth is the node's scoreWorth, which nothing uses.
	Worth int
}

// FakeTypes are the types a Fake node may have, in Fake.proto's order
// (l.11-21): omega, phi, psi.
var FakeTypes = []string{"omega", "phi", "psi"}

// fake reads a Fake node with the PROTO defaults (Fake.proto l.3-9).
func (x *extractor) fake(n *vNode) (Fake, error) {
	var f Fake
	var err error
	if f.Type, err = x.str(n, "type", "omega"); err != nil {
		return f, err
	}
	known := false
	for _, t := range FakeTypes {
		known = known || t == f.Type
	}
	if !known {
		return f, x.errorf(n.Line, "Fake type %q: expected omega, phi or psi (Fake.proto l.11-21)", clip(f.Type))
	}
	if f.Name, err = x.str(n, "name", "Fake"); err != nil {
		return f, err
	}
	if f.Worth, err = x.int(n, "scoreWorth", 10); err != nil {
		return f, err
	}
	tr, err := x.vec3(n, "translation", [3]float64{})
	if err != nil {
		return f, err
	}
	f.Pos, f.Y = geom.Vec2{X: tr[0], Z: tr[2]}, tr[1]
	if f.Rotation, err = x.rotation(n, "rotation", [4]float64{0, 0, 0, 0}); err != nil {
		return f, err
	}
	f.Normal = normalOf(f.Rotation)
	return f, nil
}

// normalOf is a sign's facing, (−R[0][2], −R[2][2]) normalised (Victim.py
// get_surface_normal; rules §1.3 c), or the zero vector when degenerate.
func normalOf(rot [4]float64) geom.Vec2 {
	m := rotMatrix(rot)
	n := geom.Vec2{X: -m[0][2], Z: -m[2][2]}
	if l := math.Hypot(n.X, n.Z); l > 0 {
		n = geom.Vec2{X: n.X / l, Z: n.Z / l}
	}
	return n
}

// reportLetter is the letter a correct report of s carries: a victim's
// erebus.VictimLetter, a cognitive target's ring-sum letter (0 for a blank
// or invalid-sum target), a hazmat placard's type letter upper-cased.
func (s *Sign) reportLetter() byte {
	if s.Target {
		l, _ := erebus.TargetLetter(s.Type)
		return l
	}
	return signLetter(s.Kind, s.Type)
}

// signs reads the victims (HUMANGROUP), the hazards (HAZARDGROUP, v25) or
// cognitive targets (TARGETGROUP, v26) and the fakes (FAKES) into w.
func (x *extractor) signs(nodes []*vNode, w *World) error {
	groups := []struct {
		def  string
		kind SignKind
	}{{"HUMANGROUP", Victim}, {erebus.V25Rules.HazardGroup, Hazard}, {erebus.V26Rules.HazardGroup, Hazard}}
	for _, g := range groups {
		n := findDEF(nodes, g.def)
		if n == nil {
			continue
		}
		for _, c := range n.childNodes("children") {
			if c.Use {
				return x.errorf(c.Line, "USE in %s is not supported", g.def)
			}
			var s Sign
			var err error
			if g.def == erebus.V26Rules.HazardGroup {
				if c.Type != erebus.V26Rules.HazardProto {
					return x.errorf(c.Line, "%s holds a %s: expected %s nodes (Erebus %s)", g.def, clip(c.Type), erebus.V26Rules.HazardProto, erebus.V26)
				}
				s, err = x.target(c)
			} else {
				s, err = x.sign(c, g.kind)
			}
			if err != nil {
				return err
			}
			w.Signs = append(w.Signs, s)
		}
	}
	if n := findDEF(nodes, "FAKES"); n != nil {
		for _, c := range n.childNodes("children") {
			if c.Use {
				return x.errorf(c.Line, "USE in FAKES is not supported")
			}
			if c.Type != "Fake" {
				return x.errorf(c.Line, "FAKES holds a %s: expected Fake nodes (Fake.proto, Erebus %s)", clip(c.Type), erebus.V26)
			}
			f, err := x.fake(c)
			if err != nil {
				return err
			}
			w.Fakes = append(w.Fakes, f)
		}
	}
	return nil
}
