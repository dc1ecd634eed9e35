package worldgen

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Write writes wld as an Erebus .wbt world in the shape of the shipped
// worlds of its version (wld.GameRules: v25 world1.wbt, v26 world3.wbt):
// WorldInfo, Viewpoint, the WALLTILES group with its worldTile/halfTile
// children in the model's order, the CHECKPOINT, TRAP, START and SWAMP
// bounds groups, OBSTACLES (as Solid boxes), in v26.1 the FAKES group of
// Fake nodes when there are fakes, HUMANGROUP Victims, HAZARDGROUP
// HazardMaps (v25.0.1) or TARGETGROUP CognitiveTargets (v26.1) and the
// MAINSUPERVISOR robot with the game time as customData. Signs are written
// in the model's order, victims first; world.Parse reads the file back into
// the same model. A v25.0.1 world with fakes or cognitive targets, or a
// v26.1 world with hazmat placards, is an error.
func Write(w io.Writer, wld *world.World) error {
	if wld == nil || len(wld.Tiles) == 0 {
		return errors.New("worldgen: cannot write a world without tiles")
	}
	if len(wld.Area4Walls) > 0 {
		return errors.New("worldgen: cannot write custom area-4 wall geometry (Area4Walls); only tiles, bounds, obstacles and signs are written")
	}
	rules := wld.GameRules()
	for _, s := range wld.Signs {
		if s.Kind == world.Hazard && s.Target != rules.CognitiveTargets {
			return fmt.Errorf("worldgen: sign %q: an Erebus %s world has %s nodes for F P C O", s.Name, rules.Version, rules.HazardProto)
		}
	}
	if len(wld.Fakes) > 0 && !rules.FakeVictims {
		return fmt.Errorf("worldgen: an Erebus %s world has no fake victims (%d given)", rules.Version, len(wld.Fakes))
	}
	bw := bufio.NewWriter(w)
	p := printer{w: bw}
	p.header(wld, rules)
	p.line(0, "DEF WALLTILES Group {")
	p.line(1, "children [")
	for _, t := range wld.Tiles {
		p.tile(t)
	}
	p.line(1, "]")
	p.line(0, "}")
	for _, g := range []struct {
		def, kind string
		boxes     []world.Box
	}{
		{"CHECKPOINTBOUNDS", "checkpoint", wld.Checkpoints},
		{"TRAPBOUNDS", "trap", wld.Traps},
		{"STARTBOUNDS", "start", wld.Starts},
		{"SWAMPBOUNDS", "swamp", wld.Swamps},
	} {
		p.bounds(g.def, g.kind, g.boxes)
	}
	p.line(0, "DEF OBSTACLES Group {")
	p.line(1, "children [")
	for i, o := range wld.Obstacles {
		p.obstacle(i, o)
	}
	p.line(1, "]")
	p.line(0, "}")
	if len(wld.Fakes) > 0 {
		// DEF FAKES stands before DEF HUMANGROUP, as
		// scripts/update_maps_with_fakes.py inserts it (v26 §14).
		p.line(0, "DEF FAKES Group {")
		p.line(1, "children [")
		for _, f := range wld.Fakes {
			p.fake(f)
		}
		p.line(1, "]")
		p.line(0, "}")
	}
	for _, g := range []struct {
		def, proto string
		kind       world.SignKind
	}{{"HUMANGROUP", "Victim", world.Victim}, {rules.HazardGroup, rules.HazardProto, world.Hazard}} {
		p.line(0, "DEF "+g.def+" Group {")
		p.line(1, "children [")
		for _, s := range wld.Signs {
			if s.Kind == g.kind {
				p.sign(g.proto, s)
			}
		}
		p.line(1, "]")
		p.line(0, "}")
	}
	p.supervisor(wld)
	if p.err != nil {
		return fmt.Errorf("worldgen: %w", p.err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("worldgen: %w", err)
	}
	return nil
}

type printer struct {
	w   *bufio.Writer
	err error
}

func (p *printer) line(indent int, s string) {
	if p.err != nil {
		return
	}
	_, p.err = p.w.WriteString(strings.Repeat("  ", indent) + s + "\n")
}

// num formats v as the shortest decimal that reads back as the same
// float64, without an exponent.
func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func nums(v ...float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = num(x)
	}
	return strings.Join(s, " ")
}

// quote writes a VRML string: backslash and double quote escaped.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ").Replace(s) + `"`
}

func boolean(b bool) string {
	if b {
		return "TRUE"
	}
	return "FALSE"
}

func mfInt(v [4]int) string {
	return fmt.Sprintf("[ %d, %d, %d, %d ]", v[0], v[1], v[2], v[3])
}

// headerProtos returns the EXTERNPROTOs of a world's header in the shipped
// worlds' order: v25 world1.wbt; v26 world3.wbt, CognitiveTarget in
// HazardMap's place and Fake before Victim when the world has fakes
// (update_maps_to_2026.py l.31, update_maps_with_fakes.py l.51-55).
func headerProtos(rules erebus.Rules, fakes bool) []string {
	protos := []string{"TexturedBackgroundLight", "TexturedBackground", "curvedWall", "halfTile", rules.HazardProto, "obstacle"}
	if fakes {
		protos = append(protos, "Fake")
	}
	return append(protos, "Victim", "worldTile", "Area4_1", "Area4_2")
}

func (p *printer) header(wld *world.World, rules erebus.Rules) {
	p.line(0, "#VRML_SIM R2023b utf8")
	for _, proto := range headerProtos(rules, len(wld.Fakes) > 0) {
		p.line(0, `EXTERNPROTO "../protos/`+proto+`.proto"`)
	}
	p.line(0, `IMPORTABLE EXTERNPROTO "../protos/custom_robot.proto"`)
	p.line(0, "")
	step := wld.BasicTimeStep
	if step <= 0 {
		step = 16
	}
	p.line(0, "WorldInfo {")
	p.line(1, "basicTimeStep "+strconv.Itoa(step))
	p.line(1, `coordinateSystem "NUE"`)
	p.line(1, "contactProperties [")
	p.line(2, "ContactProperties {")
	p.line(3, `material1 "TILE"`)
	p.line(3, `material2 "NO_FRIC"`)
	p.line(3, "coulombFriction 0")
	p.line(3, "bounce 0")
	p.line(3, `bumpSound ""`)
	p.line(3, `rollSound ""`)
	p.line(3, `slideSound ""`)
	p.line(2, "}")
	p.line(1, "]")
	p.line(0, "}")
	// The shipped worlds place the camera by the number of rows.
	rows := wld.Height
	if rows <= 0 {
		rows = float64(wld.Rows)
	}
	p.line(0, "DEF Viewpoint Viewpoint {")
	p.line(1, "orientation -0.683263 0.683263 0.257493 2.63756")
	p.line(1, "position "+nums(-0.08, 0.2*rows, 0.17*rows))
	p.line(0, "}")
	p.line(0, "TexturedBackground {")
	p.line(0, "}")
	p.line(0, "TexturedBackgroundLight {")
	p.line(0, "}")
}

func (p *printer) tile(t world.Tile) {
	def := t.DEF
	if def == "" {
		def = "TILE"
	}
	proto := "worldTile"
	if t.Half {
		proto = "halfTile"
	}
	p.line(2, "DEF "+def+" "+proto+" {")
	p.line(3, "xPos "+strconv.Itoa(t.X))
	p.line(3, "zPos "+strconv.Itoa(t.Z))
	p.line(3, "floor "+boolean(t.Floor))
	p.line(3, "topWall "+strconv.Itoa(t.Top))
	p.line(3, "rightWall "+strconv.Itoa(t.Right))
	p.line(3, "bottomWall "+strconv.Itoa(t.Bottom))
	p.line(3, "leftWall "+strconv.Itoa(t.Left))
	if t.Half {
		for q := 0; q < 4; q++ {
			p.line(3, fmt.Sprintf("tile%dWalls %s", q+1, mfInt(t.QuarterWalls[q])))
		}
		p.line(3, "curve "+mfInt(t.Curves))
	}
	// The external flags only decorate the arena's border.
	p.line(3, "topExternal "+boolean(t.Z == 0))
	p.line(3, "rightExternal "+boolean(float64(t.X) == t.Width-1))
	p.line(3, "bottomExternal "+boolean(float64(t.Z) == t.Height-1))
	p.line(3, "leftExternal "+boolean(t.X == 0))
	p.line(3, "start "+boolean(t.Start))
	p.line(3, "trap "+boolean(t.Trap))
	p.line(3, "checkpoint "+boolean(t.Checkpoint))
	p.line(3, "swamp "+boolean(t.Swamp))
	p.line(3, "width "+num(t.Width))
	p.line(3, "height "+num(t.Height))
	p.line(3, "id "+quote(t.ID))
	xs, zs := t.XScale, t.ZScale
	if xs == 0 {
		xs = 0.4
	}
	if zs == 0 {
		zs = 0.4
	}
	p.line(3, "xScale "+num(xs))
	p.line(3, "yScale 0.4")
	p.line(3, "zScale "+num(zs))
	p.line(3, "tileColor "+nums(t.Color[:]...))
	p.line(3, "room "+strconv.Itoa(t.Room))
	p.line(2, "}")
}

func (p *printer) bounds(def, kind string, boxes []world.Box) {
	p.line(0, "DEF "+def+" Group {")
	p.line(1, "children [")
	for i, b := range boxes {
		p.line(2, "DEF boundary Group {")
		p.line(3, "children [")
		p.line(4, fmt.Sprintf("DEF %s%dmin Transform {", kind, i))
		p.line(5, "translation "+nums(b.Min.X, world.FloorY, b.Min.Z))
		p.line(4, "}")
		p.line(4, fmt.Sprintf("DEF %s%dmax Transform {", kind, i))
		p.line(5, "translation "+nums(b.Max.X, world.FloorY, b.Max.Z))
		p.line(4, "}")
		p.line(3, "]")
		p.line(2, "}")
	}
	p.line(1, "]")
	p.line(0, "}")
}

func (p *printer) obstacle(i int, o world.Obstacle) {
	size := nums(2*o.Half.X, o.Height, 2*o.Half.Z)
	p.line(2, "Solid {")
	p.line(3, "translation "+nums(o.Center.X, world.FloorY+o.Height/2, o.Center.Z))
	p.line(3, "rotation "+nums(0, 1, 0, o.Yaw))
	p.line(3, "children [")
	p.line(4, "Shape {")
	p.line(5, "geometry Box {")
	p.line(6, "size "+size)
	p.line(5, "}")
	p.line(4, "}")
	p.line(3, "]")
	p.line(3, fmt.Sprintf("name %q", "obstacle"+strconv.Itoa(i)))
	p.line(3, "boundingObject Box {")
	p.line(4, "size "+size)
	p.line(3, "}")
	p.line(2, "}")
}

func (p *printer) sign(proto string, s world.Sign) {
	p.line(2, proto+" {")
	p.line(3, "translation "+nums(s.Pos.X, s.Y, s.Pos.Z))
	p.line(3, "rotation "+nums(s.Rotation[:]...))
	p.line(3, "name "+quote(s.Name))
	p.line(3, "type "+quote(s.Type))
	p.line(3, "scoreWorth "+strconv.Itoa(s.Worth))
	if s.Found {
		p.line(3, "found TRUE")
	}
	p.line(2, "}")
}

// fake writes a Fake node with the fields the shipped v26 worlds give
// (world3.wbt; Fake.proto l.3-9).
func (p *printer) fake(f world.Fake) {
	p.line(2, "Fake {")
	p.line(3, "translation "+nums(f.Pos.X, f.Y, f.Pos.Z))
	p.line(3, "rotation "+nums(f.Rotation[:]...))
	p.line(3, "name "+quote(f.Name))
	p.line(3, "type "+quote(f.Type))
	p.line(3, "scoreWorth "+strconv.Itoa(f.Worth))
	p.line(2, "}")
}

func (p *printer) supervisor(wld *world.World) {
	gt := wld.GameTime
	if gt <= 0 {
		gt = 480
	}
	p.line(0, "DEF MAINSUPERVISOR Robot {")
	p.line(1, "children [")
	p.line(2, "Receiver {")
	p.line(3, "channel 1")
	p.line(2, "}")
	p.line(2, "Emitter {")
	p.line(3, "channel 1")
	p.line(2, "}")
	p.line(1, "]")
	p.line(1, "supervisor TRUE")
	p.line(1, `controller "MainSupervisor"`)
	p.line(1, "customData "+quote(strconv.Itoa(gt)))
	p.line(1, `window "MainSupervisorWindow"`)
	p.line(0, "}")
}
