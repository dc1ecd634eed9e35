package world

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// Load reads and parses a .wbt world file. Errors name the file's base name
// and the line.
func Load(path string) (*World, error) { return LoadWith(path, ParseOptions{}) }

// Parse parses the text of an Erebus .wbt world. name is used in error
// messages and as World.Name (without a .wbt suffix). PROTO defaults apply
// to fields a file leaves out (R2023 files omit them); integers that
// overflow int32 read as 0, as in Webots.
//
// The world's Erebus version is told by its sign group (DEF TARGETGROUP
// v26.1, DEF HAZARDGROUP v25.0.1); ParseWith gives the version of a world
// with neither.
func Parse(name string, src []byte) (*World, error) {
	return ParseWith(name, src, ParseOptions{})
}

// ParseWith is Parse with options.
func ParseWith(name string, src []byte, o ParseOptions) (*World, error) {
	return parseWith(&extractor{file: name, src: src, protoDirs: o.PROTODirs}, o)
}

// parseWith parses x.src.
func parseWith(x *extractor, o ParseOptions) (*World, error) {
	nodes, err := parseWorld(x.file, x.src)
	if err != nil {
		return nil, err
	}
	rules, err := x.detectVersion(nodes, o)
	if err != nil {
		return nil, err
	}
	w, err := x.world(nodes)
	if err != nil {
		return nil, err
	}
	w.Name = strings.TrimSuffix(x.file, ".wbt")
	w.Rules = rules
	return w, nil
}

// maxTiles bounds tile positions (Erebus arenas are about 20 tiles wide).
const maxTiles = 255

type extractor struct {
	file string
	// src is the world's text; dir its directory ("" when not loaded from
	// a file) and protoDirs ParseOptions.PROTODirs, where PROTO files are
	// looked for (rooms.go).
	src       []byte
	dir       string
	protoDirs []string
}

func (x *extractor) errorf(line int, format string, args ...any) error {
	return &ParseError{File: x.file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// findDEF finds a DEF'd node at the top level, or nil.
func findDEF(nodes []*vNode, def string) *vNode {
	for _, n := range nodes {
		if n.Def == def && !n.Use {
			return n
		}
	}
	return nil
}

func (x *extractor) world(nodes []*vNode) (*World, error) {
	w := &World{BasicTimeStep: 32, GameTime: 480}
	for _, n := range nodes {
		if n.Type == "WorldInfo" {
			v, err := x.float(n, "basicTimeStep", 32)
			if err != nil {
				return nil, err
			}
			if v < 1 || v > 1e6 {
				return nil, x.errorf(n.Line, "WorldInfo basicTimeStep %v out of range", v)
			}
			w.BasicTimeStep = int(v)
		}
	}

	wt := findDEF(nodes, "WALLTILES")
	if wt == nil {
		return nil, x.errorf(1, "expected a DEF WALLTILES Group holding the tiles, found none")
	}
	children := wt.childNodes("children")
	for _, c := range children {
		if c.Use {
			return nil, x.errorf(c.Line, "USE %s in WALLTILES is not supported (expected worldTile or halfTile nodes)", clip(c.Def))
		}
		switch c.Type {
		case "worldTile", "halfTile":
			t, err := x.tile(c)
			if err != nil {
				return nil, err
			}
			if err := x.tileParts(c, t, w); err != nil {
				return nil, err
			}
			w.children = append(w.children, len(w.Tiles))
			w.Tiles = append(w.Tiles, t)
		default:
			w.children = append(w.children, -1)
			segs, err := x.childWalls(c, w)
			if err != nil {
				return nil, err
			}
			w.Area4Walls = append(w.Area4Walls, segs...)
		}
	}
	if len(w.Tiles) == 0 {
		return nil, x.errorf(wt.Line, "WALLTILES holds no worldTile or halfTile")
	}
	if len(children) > 0 {
		w.lastChildDEF = children[len(children)-1].Def
	}

	for _, g := range []struct {
		def, kind string
		dst       *[]Box
	}{
		{"CHECKPOINTBOUNDS", "checkpoint", &w.Checkpoints},
		{"TRAPBOUNDS", "trap", &w.Traps},
		{"STARTBOUNDS", "start", &w.Starts},
		{"SWAMPBOUNDS", "swamp", &w.Swamps},
	} {
		n := findDEF(nodes, g.def)
		if n == nil {
			continue
		}
		boxes, err := x.bounds(n, g.kind)
		if err != nil {
			return nil, err
		}
		*g.dst = boxes
	}

	if n := findDEF(nodes, "OBSTACLES"); n != nil {
		for _, c := range n.childNodes("children") {
			if ok, err := x.obstaclePROTO(c, w); err != nil || ok {
				if err != nil {
					return nil, err
				}
				continue
			}
			o, ok, err := x.obstacle(c)
			if err != nil {
				return nil, err
			}
			if ok {
				w.Obstacles = append(w.Obstacles, o)
			}
		}
	}

	if err := x.signs(nodes, w); err != nil {
		return nil, err
	}

	if n := findDEF(nodes, "MAINSUPERVISOR"); n != nil {
		cd, err := x.str(n, "customData", "")
		if err != nil {
			return nil, err
		}
		w.GameTime = gameTime(cd)
	}

	w.Width, w.Height = w.Tiles[0].Width, w.Tiles[0].Height
	if err := w.Rebuild(); err != nil {
		return nil, x.errorf(wt.Line, "%v", err)
	}
	return w, nil
}

// gameTime reads the game time from MAINSUPERVISOR customData: the first
// comma-separated field as an integer, 480 when absent or not a number.
func gameTime(customData string) int {
	first := strings.TrimSpace(strings.SplitN(customData, ",", 2)[0])
	v, err := strconv.Atoi(first)
	if err != nil || v < 0 {
		return 480
	}
	return v
}

// tileDefaults are the PROTO defaults of worldTile/halfTile (protos in
// erebus game/protos): ints 0, bools FALSE, width/height 0, tileColor
// 0 0 0, room 0. The scales default to 1.0 in the proto, but every Erebus
// world uses 0.4 and the geometry assumes it, so a missing scale reads as
// 0.4.
func (x *extractor) tile(n *vNode) (Tile, error) {
	t := Tile{DEF: n.Def, Half: n.Type == "halfTile"}
	var err error
	ints := []struct {
		name string
		dst  *int
	}{
		{"xPos", &t.X}, {"zPos", &t.Z},
		{"topWall", &t.Top}, {"rightWall", &t.Right}, {"bottomWall", &t.Bottom}, {"leftWall", &t.Left},
		{"room", &t.Room},
	}
	for _, f := range ints {
		if *f.dst, err = x.int(n, f.name, 0); err != nil {
			return t, err
		}
	}
	bools := []struct {
		name string
		dst  *bool
	}{
		{"start", &t.Start}, {"trap", &t.Trap}, {"checkpoint", &t.Checkpoint}, {"swamp", &t.Swamp}, {"floor", &t.Floor},
	}
	for _, f := range bools {
		if *f.dst, err = x.bool(n, f.name, false); err != nil {
			return t, err
		}
	}
	floats := []struct {
		name string
		dst  *float64
		def  float64
	}{
		{"width", &t.Width, 0}, {"height", &t.Height, 0}, {"xScale", &t.XScale, 0.4}, {"zScale", &t.ZScale, 0.4},
	}
	for _, f := range floats {
		if *f.dst, err = x.float(n, f.name, f.def); err != nil {
			return t, err
		}
	}
	for _, f := range []struct {
		name  string
		value float64
	}{{"xScale", t.XScale}, {"zScale", t.ZScale}} {
		if math.Abs(f.value-0.4) > 1e-9 {
			return t, x.errorf(n.field(f.name).Line, "%s %v is not supported: the simulator models Erebus's 0.4-scale tiles (0.12 m)", f.name, f.value)
		}
	}
	if t.Width < 0 || t.Height < 0 || t.Width > 1000 || t.Height > 1000 {
		return t, x.errorf(n.Line, "tile width/height %v×%v out of range", t.Width, t.Height)
	}
	if t.X < 0 || t.Z < 0 || t.X > maxTiles || t.Z > maxTiles {
		return t, x.errorf(n.Line, "tile position xPos %d zPos %d out of range 0..%d", t.X, t.Z, maxTiles)
	}
	if t.Color, err = x.vec3(n, "tileColor", [3]float64{0, 0, 0}); err != nil {
		return t, err
	}
	if t.ID, err = x.str(n, "id", ""); err != nil {
		return t, err
	}
	if !t.Half {
		if t.CurveDir, err = x.int(n, "curveDir", 0); err != nil {
			return t, err
		}
	}
	if t.Half {
		for q := 0; q < 4; q++ {
			vals, err := x.mfInt(n, fmt.Sprintf("tile%dWalls", q+1))
			if err != nil {
				return t, err
			}
			copy(t.QuarterWalls[q][:], vals)
		}
		vals, err := x.mfInt(n, "curve")
		if err != nil {
			return t, err
		}
		copy(t.Curves[:], vals)
	}
	return t, nil
}

// bounds reads a *BOUNDS group: each child Group holds DEF <kind>{i}min and
// <kind>{i}max Transforms at opposite tile corners.
func (x *extractor) bounds(g *vNode, kind string) ([]Box, error) {
	var out []Box
	for _, c := range g.childNodes("children") {
		var minN, maxN *vNode
		for _, t := range c.childNodes("children") {
			if strings.HasPrefix(t.Def, kind) && strings.HasSuffix(t.Def, "min") {
				minN = t
			}
			if strings.HasPrefix(t.Def, kind) && strings.HasSuffix(t.Def, "max") {
				maxN = t
			}
		}
		if minN == nil || maxN == nil {
			return nil, x.errorf(c.Line, "expected DEF %s<i>min and %s<i>max Transforms in this %s bounds group", kind, kind, kind)
		}
		a, err := x.vec3(minN, "translation", [3]float64{})
		if err != nil {
			return nil, err
		}
		b, err := x.vec3(maxN, "translation", [3]float64{})
		if err != nil {
			return nil, err
		}
		out = append(out, Box{Min: geom.Vec2{X: a[0], Z: a[2]}, Max: geom.Vec2{X: b[0], Z: b[2]}})
	}
	return out, nil
}

// obstacle reads an OBSTACLES child: a Solid (or Transform/Pose) with a
// translation, a rotation and a Box shape somewhere below it, or an
// obstacle PROTO (width/depth/height, xPos/zPos, rotation). Children without
// a translation are ignored.
func (x *extractor) obstacle(n *vNode) (Obstacle, bool, error) {
	if n.Use {
		return Obstacle{}, false, nil
	}
	if n.Type == "obstacle" {
		var o Obstacle
		var err error
		var wd, dp, h, xp, zp, rot float64
		for _, f := range []struct {
			name string
			dst  *float64
			def  float64
		}{{"width", &wd, 0.1}, {"depth", &dp, 0.1}, {"height", &h, 0.1}, {"xPos", &xp, 0}, {"zPos", &zp, 0}, {"rotation", &rot, 0}} {
			if *f.dst, err = x.float(n, f.name, f.def); err != nil {
				return o, false, err
			}
		}
		o = Obstacle{Center: geom.Vec2{X: xp, Z: zp}, Half: geom.Vec2{X: wd / 2, Z: dp / 2}, Yaw: rot, Height: h}
		return o, true, nil
	}
	if n.field("translation") == nil {
		return Obstacle{}, false, nil
	}
	tr, err := x.vec3(n, "translation", [3]float64{})
	if err != nil {
		return Obstacle{}, false, err
	}
	rot, err := x.rotation(n, "rotation", [4]float64{0, 1, 0, 0})
	if err != nil {
		return Obstacle{}, false, err
	}
	size, found, err := x.findBox(n, 0)
	if err != nil {
		return Obstacle{}, false, err
	}
	if !found {
		size = [3]float64{0.1, 0.1, 0.1}
	}
	o := Obstacle{Center: geom.Vec2{X: tr[0], Z: tr[2]}, Half: geom.Vec2{X: size[0] / 2, Z: size[2] / 2}, Height: size[1], Yaw: yawOf(rot)}
	return o, true, nil
}

// yawOf returns the rotation about +Y of an axis-angle rotation, from its
// matrix: the angle that takes local +X to where R takes it.
func yawOf(r [4]float64) float64 {
	m := rotMatrix(r)
	return math.Atan2(-m[2][0], m[0][0])
}

// findBox finds the size of the first Box geometry under n (boundingObject
// first, then geometry, then children). found is false when there is none.
func (x *extractor) findBox(n *vNode, depth int) (size [3]float64, found bool, err error) {
	if n == nil || n.Use || depth > 64 {
		return size, false, nil
	}
	if n.Type == "Box" {
		size, err = x.vec3(n, "size", [3]float64{2, 2, 2})
		return size, err == nil, err
	}
	for _, name := range []string{"boundingObject", "geometry", "children"} {
		for _, c := range n.childNodes(name) {
			size, found, err = x.findBox(c, depth+1)
			if err != nil || found {
				return size, found, err
			}
		}
	}
	return size, false, nil
}

// sign reads a Victim or HazardMap node with the PROTO defaults
// (translation 0 0 0, rotation 0 0 0 0 i.e. identity, found FALSE, type
// "harmed"/"F", scoreWorth 10, name "Victim"/"Hazard Map").
func (x *extractor) sign(n *vNode, kind SignKind) (Sign, error) {
	s := Sign{Kind: kind}
	defType, defName := "harmed", "Victim"
	if kind == Hazard {
		defType, defName = "F", "Hazard Map"
	}
	var err error
	if s.Type, err = x.str(n, "type", defType); err != nil {
		return s, err
	}
	if s.Name, err = x.str(n, "name", defName); err != nil {
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
	s.Pos = geom.Vec2{X: tr[0], Z: tr[2]}
	s.Y = tr[1]
	if s.Rotation, err = x.rotation(n, "rotation", [4]float64{0, 0, 0, 0}); err != nil {
		return s, err
	}
	s.Letter = signLetter(kind, s.Type)
	return s, nil
}

// signLetter maps a proto type to the letter a report carries: a victim's
// erebus.VictimLetter, a hazmat placard's type letter upper-cased.
func signLetter(kind SignKind, typ string) byte {
	if l, ok := erebus.VictimLetter(typ); ok {
		return l
	}
	if len(typ) == 1 {
		c := typ[0]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		return c
	}
	return 0
}

// ---- field accessors --------------------------------------------------

func (x *extractor) oneScalar(n *vNode, name string) (*vField, *token, error) {
	f := n.field(name)
	if f == nil {
		return nil, nil, nil
	}
	s := f.scalars()
	if f.Val.IsNode || len(s) != 1 {
		return f, nil, x.errorf(f.Line, "field %s of %s: expected one value, got %d", name, clip(n.Type), len(s))
	}
	return f, &s[0], nil
}

func (x *extractor) int(n *vNode, name string, def int) (int, error) {
	f, t, err := x.oneScalar(n, name)
	if err != nil || f == nil {
		return def, err
	}
	if t.kind != tokNumber {
		return def, x.errorf(f.Line, "field %s: expected an integer, got %s", name, t.describe())
	}
	v, ok := parseInt32(t.text)
	if !ok {
		return def, x.errorf(f.Line, "field %s: expected an integer, got %s", name, t.describe())
	}
	return v, nil
}

func (x *extractor) float(n *vNode, name string, def float64) (float64, error) {
	f, t, err := x.oneScalar(n, name)
	if err != nil || f == nil {
		return def, err
	}
	if t.kind != tokNumber {
		return def, x.errorf(f.Line, "field %s: expected a number, got %s", name, t.describe())
	}
	v, ok := parseFloat(t.text)
	if !ok {
		return def, x.errorf(f.Line, "field %s: number %s out of range", name, t.describe())
	}
	return v, nil
}

func (x *extractor) bool(n *vNode, name string, def bool) (bool, error) {
	f, t, err := x.oneScalar(n, name)
	if err != nil || f == nil {
		return def, err
	}
	if t.kind != tokIdent {
		return def, x.errorf(f.Line, "field %s: expected TRUE or FALSE, got %s", name, t.describe())
	}
	return t.text == "TRUE", nil
}

func (x *extractor) str(n *vNode, name, def string) (string, error) {
	f, t, err := x.oneScalar(n, name)
	if err != nil || f == nil {
		return def, err
	}
	if t.kind != tokString {
		return def, x.errorf(f.Line, "field %s: expected a string, got %s", name, t.describe())
	}
	return t.text, nil
}

func (x *extractor) floats(n *vNode, name string, want int) ([]float64, *vField, error) {
	f := n.field(name)
	if f == nil {
		return nil, nil, nil
	}
	s := f.scalars()
	if f.Val.IsNode || len(s) != want {
		return nil, f, x.errorf(f.Line, "field %s of %s: expected %d numbers, got %d values", name, clip(n.Type), want, len(s))
	}
	out := make([]float64, want)
	for i, t := range s {
		if t.kind != tokNumber {
			return nil, f, x.errorf(f.Line, "field %s: expected a number, got %s", name, t.describe())
		}
		v, ok := parseFloat(t.text)
		if !ok {
			return nil, f, x.errorf(f.Line, "field %s: number %s out of range", name, t.describe())
		}
		out[i] = v
	}
	return out, f, nil
}

func (x *extractor) vec3(n *vNode, name string, def [3]float64) ([3]float64, error) {
	v, f, err := x.floats(n, name, 3)
	if err != nil || f == nil {
		return def, err
	}
	return [3]float64{v[0], v[1], v[2]}, nil
}

func (x *extractor) rotation(n *vNode, name string, def [4]float64) ([4]float64, error) {
	v, f, err := x.floats(n, name, 4)
	if err != nil || f == nil {
		return def, err
	}
	return [4]float64{v[0], v[1], v[2], v[3]}, nil
}

// mfInt reads an MFInt32 of 4 values (tile{q}Walls, curve). A missing field
// is the proto default [0,0,0,0]; missing elements read as 0.
func (x *extractor) mfInt(n *vNode, name string) ([]int, error) {
	out := make([]int, 4)
	f := n.field(name)
	if f == nil {
		return out, nil
	}
	if f.Val.IsNode {
		return nil, x.errorf(f.Line, "field %s: expected integers, got a node", name)
	}
	for i, t := range f.scalars() {
		if t.kind != tokNumber {
			return nil, x.errorf(f.Line, "field %s: expected an integer, got %s", name, t.describe())
		}
		v, ok := parseInt32(t.text)
		if !ok {
			return nil, x.errorf(f.Line, "field %s: expected an integer, got %s", name, t.describe())
		}
		if i < 4 {
			out[i] = v
		}
	}
	return out, nil
}

// ---- area-4 geometry ----------------------------------------------------

// affine is a rigid transform of the XZ plane (plus uniform-ish scale):
// p' = M·p + T with M a 2×2 matrix.
type affine struct {
	m [2][2]float64
	t geom.Vec2
}

func identity() affine { return affine{m: [2][2]float64{{1, 0}, {0, 1}}} }

func (a affine) apply(p geom.Vec2) geom.Vec2 {
	return geom.Vec2{X: a.m[0][0]*p.X + a.m[0][1]*p.Z + a.t.X, Z: a.m[1][0]*p.X + a.m[1][1]*p.Z + a.t.Z}
}

// then returns a∘b: b applied first.
func (a affine) then(b affine) affine {
	var r affine
	for i := 0; i < 2; i++ {
		for j := 0; j < 2; j++ {
			r.m[i][j] = a.m[i][0]*b.m[0][j] + a.m[i][1]*b.m[1][j]
		}
	}
	r.t = a.apply(b.t)
	return r
}

// local returns the XZ part of a node's translation/rotation/scale.
func (x *extractor) local(n *vNode) (affine, error) {
	tr, err := x.vec3(n, "translation", [3]float64{})
	if err != nil {
		return affine{}, err
	}
	rot, err := x.rotation(n, "rotation", [4]float64{0, 1, 0, 0})
	if err != nil {
		return affine{}, err
	}
	sc, err := x.vec3(n, "scale", [3]float64{1, 1, 1})
	if err != nil {
		return affine{}, err
	}
	r := rotMatrix(rot)
	a := affine{t: geom.Vec2{X: tr[0], Z: tr[2]}}
	a.m[0][0] = r[0][0] * sc[0]
	a.m[0][1] = r[0][2] * sc[2]
	a.m[1][0] = r[2][0] * sc[0]
	a.m[1][1] = r[2][2] * sc[2]
	return a, nil
}

// faceSetWalls collects wall segments from the IndexedFaceSets under n:
// for every face, the edges whose two points are both at the lowest y of
// the point set (the wall's footprint outline).
func (x *extractor) faceSetWalls(n *vNode, parent affine, depth int) ([]Segment, error) {
	if n == nil || n.Use || depth > 64 {
		return nil, nil
	}
	if n.Type == "IndexedFaceSet" {
		return x.faceSet(n, parent)
	}
	cur := parent
	if n.field("translation") != nil || n.field("rotation") != nil || n.field("scale") != nil {
		loc, err := x.local(n)
		if err != nil {
			return nil, err
		}
		cur = parent.then(loc)
	}
	var out []Segment
	for _, name := range []string{"children", "geometry"} {
		for _, c := range n.childNodes(name) {
			s, err := x.faceSetWalls(c, cur, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, s...)
		}
	}
	return out, nil
}

func (x *extractor) faceSet(n *vNode, tf affine) ([]Segment, error) {
	coords := n.childNodes("coord")
	if len(coords) == 0 {
		return nil, nil
	}
	pf := coords[0].field("point")
	if pf == nil {
		return nil, nil
	}
	vals := pf.scalars()
	if len(vals)%3 != 0 {
		return nil, x.errorf(pf.Line, "Coordinate point: expected x y z triples, got %d numbers", len(vals))
	}
	pts := make([][3]float64, len(vals)/3)
	minY := math.Inf(1)
	for i, t := range vals {
		v, ok := parseFloat(t.text)
		if t.kind != tokNumber || !ok {
			return nil, x.errorf(pf.Line, "Coordinate point: expected a number, got %s", t.describe())
		}
		pts[i/3][i%3] = v
		if i%3 == 1 && v < minY {
			minY = v
		}
	}
	idxF := n.field("coordIndex")
	if idxF == nil {
		return nil, nil
	}
	var out []Segment
	var face []int
	flush := func() {
		for i := range face {
			a, b := face[i], face[(i+1)%len(face)]
			if math.Abs(pts[a][1]-minY) < 1e-9 && math.Abs(pts[b][1]-minY) < 1e-9 && a != b {
				out = append(out, Segment{tf.apply(geom.Vec2{X: pts[a][0], Z: pts[a][2]}), tf.apply(geom.Vec2{X: pts[b][0], Z: pts[b][2]})})
			}
		}
		face = face[:0]
	}
	for _, t := range idxF.scalars() {
		v, ok := parseInt32(t.text)
		if t.kind != tokNumber || !ok {
			return nil, x.errorf(idxF.Line, "coordIndex: expected an integer, got %s", t.describe())
		}
		if v < 0 {
			flush()
			continue
		}
		if v >= len(pts) {
			return nil, x.errorf(idxF.Line, "coordIndex %d out of range (%d points)", v, len(pts))
		}
		face = append(face, v)
	}
	flush()
	return out, nil
}

// rotMatrix returns the 3×3 row-major matrix of an axis-angle rotation;
// a zero axis gives the identity.
func rotMatrix(r [4]float64) [3][3]float64 {
	x, y, z, a := r[0], r[1], r[2], r[3]
	l := math.Sqrt(x*x + y*y + z*z)
	if l == 0 || math.IsNaN(l) || math.IsInf(l, 0) {
		return [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	}
	x, y, z = x/l, y/l, z/l
	c, s := math.Cos(a), math.Sin(a)
	t := 1 - c
	return [3][3]float64{
		{t*x*x + c, t*x*y - s*z, t*x*z + s*y},
		{t*x*y + s*z, t*y*y + c, t*y*z - s*x},
		{t*x*z - s*y, t*y*z + s*x, t*z*z + c},
	}
}
