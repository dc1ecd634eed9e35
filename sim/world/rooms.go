package world

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/rescuekit/rescuekit/geom"
)

// The prebuilt area-4 rooms: a WALLTILES child `Area4_1 { X … Y … DIR … }`
// or `Area4_2 { … }` is an instance of Erebus's game/protos/Area4_1.proto or
// Area4_2.proto (v25.0.1; the same files in v26.1). The room's walls are in
// that PROTO, not in the world, so they are read from the PROTO file the
// world names (its EXTERNPROTO path, relative to the world file, as Webots
// resolves it) or from ParseOptions.PROTODirs, and expanded as the PROTO's
// template does:
//
//	xCoord = X·0.3·xScale − width·0.3·xScale/2
//	zCoord = Y·0.3·zScale − height·0.3·zScale/2, − 0.005 when DIR is 0
//	Solid { translation xCoord −0.03 zCoord  rotation 0 1 0 DIR·−1.57 … }
//
// (Area4_*.proto l.21-46; the PROTO tests `DIR == 1` … on an undefined
// Lua variable for DIR 1-3, so only DIR 0 gets its 5 mm offset, as here).
// Every wall piece under it, a Webots Wall (a box of the given size) or a
// Solid with an IndexedFaceSet (the curved walls), becomes the outline of
// its footprint, in World.Area4Walls. A room whose PROTO cannot be read
// or expanded is a warning (World.Warnings) and has no walls.

// protoRooms are the PROTOs of prebuilt rooms that can stand in WALLTILES.
var protoRooms = map[string]bool{"Area4_1": true, "Area4_2": true}

// childWalls returns the walls of a WALLTILES child that is not a tile: a
// prebuilt room (Area4_1, Area4_2) expanded from its PROTO, or the
// IndexedFaceSet walls of a custom Solid. A child whose walls cannot be
// built adds a warning to w naming it.
func (x *extractor) childWalls(c *vNode, w *World) ([]Segment, error) {
	if protoRooms[c.Type] {
		segs, err := x.protoRoom(c)
		if err != nil {
			w.Warnings = append(w.Warnings, fmt.Sprintf("%s:%d: %s room not built, the robot will drive through its walls: %v", x.file, c.Line, c.Type, err))
			return nil, nil
		}
		return segs, nil
	}
	segs, err := x.faceSetWalls(c, identity(), 0)
	if err == nil && len(segs) == 0 {
		w.Warnings = append(w.Warnings, fmt.Sprintf("%s:%d: WALLTILES child %s has no wall the simulator can build (no IndexedFaceSet): left out", x.file, c.Line, describeNode(c)))
	}
	return segs, err
}

func describeNode(n *vNode) string {
	if n.Def != "" {
		return "DEF " + n.Def + " " + n.Type
	}
	return n.Type
}

var externRe = regexp.MustCompile(`EXTERNPROTO\s+"([^"]*)"`)

// protoFile returns the text of PROTO name's file: where the world's
// EXTERNPROTO line for it points, relative to the world's directory, or
// name.proto in one of x.protoDirs.
func (x *extractor) protoFile(name string) ([]byte, error) {
	var tried []string
	if x.dir != "" {
		for _, m := range externRe.FindAllSubmatch(x.src, -1) {
			u := string(m[1])
			if filepath.Base(u) != name+".proto" || strings.Contains(u, "://") {
				continue
			}
			p := u
			if !filepath.IsAbs(p) {
				p = filepath.Join(x.dir, filepath.FromSlash(u))
			}
			if b, err := os.ReadFile(p); err == nil {
				return b, nil
			}
			tried = append(tried, p)
		}
	}
	for _, d := range x.protoDirs {
		p := filepath.Join(d, name+".proto")
		if b, err := os.ReadFile(p); err == nil {
			return b, nil
		}
		tried = append(tried, p)
	}
	if len(tried) == 0 {
		return nil, fmt.Errorf("its PROTO file %s.proto is not known here (load the world from its file, or give ParseOptions.PROTODirs, e.g. an Erebus installation's game/protos)", name)
	}
	return nil, fmt.Errorf("its PROTO file %s.proto was not found (tried %s)", name, strings.Join(tried, ", "))
}

var (
	protoFieldRe = regexp.MustCompile(`(?m)^\s*(?:hidden)?[fF]ield\s+SF(?:Int32|Float)\s+(\w+)\s+(\S+)`)
	templateRe   = regexp.MustCompile(`(?s)%\{.*?\}%`)
)

// protoRoom expands a prebuilt room instance c into its walls' footprint
// outlines.
func (x *extractor) protoRoom(c *vNode) ([]Segment, error) {
	src, err := x.protoFile(c.Type)
	if err != nil {
		return nil, err
	}
	text := string(src)
	head := strings.Index(text, "PROTO "+c.Type)
	if head < 0 {
		return nil, fmt.Errorf("%s.proto does not declare PROTO %s", c.Type, c.Type)
	}
	open := strings.Index(text[head:], "\n]")
	if open < 0 {
		return nil, fmt.Errorf("%s.proto: no end to its field list", c.Type)
	}
	header := text[head : head+open]
	body := text[head+open+2:]
	if i, j := strings.Index(body, "{"), strings.LastIndex(body, "}"); i >= 0 && j > i {
		body = body[i+1 : j]
	} else {
		return nil, fmt.Errorf("%s.proto: no PROTO body", c.Type)
	}
	// The PROTO's defaults, then the instance's fields.
	num := map[string]float64{}
	for _, m := range protoFieldRe.FindAllStringSubmatch(header, -1) {
		if v, err := strconv.ParseFloat(m[2], 64); err == nil {
			num[m[1]] = v
		}
	}
	for _, f := range []string{"X", "Y", "DIR", "width", "height", "xScale", "zScale"} {
		if _, ok := num[f]; !ok {
			return nil, fmt.Errorf("%s.proto has no field %s", c.Type, f)
		}
		v, err := x.float(c, f, num[f])
		if err != nil {
			return nil, err
		}
		num[f] = v
	}
	dir := num["DIR"]
	xCoord := num["X"]*0.3*num["xScale"] - num["width"]*(0.3*num["xScale"])/2
	zCoord := num["Y"]*0.3*num["zScale"] - num["height"]*(0.3*num["zScale"])/2
	if dir == 0 {
		zCoord -= 0.005
	}
	vals := map[string]float64{"xCoord": xCoord, "zCoord": zCoord, "rotAngle": dir * -1.57}
	// Comment lines go first: one holds template output nothing reads.
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			lines[i] = ""
		}
	}
	body = strings.Join(lines, "\n")
	var bad []string
	body = templateRe.ReplaceAllStringFunc(body, func(t string) string {
		inner := strings.TrimSpace(t[2 : len(t)-2])
		if !strings.HasPrefix(inner, "=") {
			return "" // a code block: its variables are computed above
		}
		if v, ok := vals[strings.TrimSpace(inner[1:])]; ok {
			return strconv.FormatFloat(v, 'g', -1, 64)
		}
		bad = append(bad, inner)
		return "0"
	})
	if len(bad) > 0 {
		return nil, fmt.Errorf("%s.proto: template expressions the simulator does not know: %s", c.Type, strings.Join(bad, ", "))
	}
	nodes, err := parseWorld(c.Type+".proto", []byte(body))
	if err != nil {
		return nil, err
	}
	px := &extractor{file: c.Type + ".proto"}
	var segs []Segment
	for _, n := range nodes {
		s, err := px.footprints(n, xform3{r: ident3}, 0)
		if err != nil {
			return nil, err
		}
		segs = append(segs, s...)
	}
	if len(segs) == 0 {
		return nil, fmt.Errorf("%s.proto holds no wall", c.Type)
	}
	return segs, nil
}

// xform3 is a rigid 3-D transform p' = r·p + t (row-major r).
type xform3 struct {
	r [3][3]float64
	t [3]float64
}

var ident3 = [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

func (a xform3) apply(p [3]float64) [3]float64 {
	var o [3]float64
	for i := 0; i < 3; i++ {
		o[i] = a.r[i][0]*p[0] + a.r[i][1]*p[1] + a.r[i][2]*p[2] + a.t[i]
	}
	return o
}

// then returns a∘b: b applied first.
func (a xform3) then(b xform3) xform3 {
	var o xform3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			o.r[i][j] = a.r[i][0]*b.r[0][j] + a.r[i][1]*b.r[1][j] + a.r[i][2]*b.r[2][j]
		}
	}
	o.t = a.apply(b.t)
	return o
}

// local3 returns a node's translation and rotation as a transform.
func (x *extractor) local3(n *vNode) (xform3, error) {
	tr, err := x.vec3(n, "translation", [3]float64{})
	if err != nil {
		return xform3{}, err
	}
	rot, err := x.rotation(n, "rotation", [4]float64{0, 1, 0, 0})
	if err != nil {
		return xform3{}, err
	}
	return xform3{r: rotMatrix(rot), t: tr}, nil
}

// footprints returns the footprint outlines of the walls under n: a
// Webots Wall's box (size x × z around its translation) and every
// IndexedFaceSet's bottom edges (the face edges whose ends are both at the
// set's lowest world height).
func (x *extractor) footprints(n *vNode, parent xform3, depth int) ([]Segment, error) {
	if n == nil || n.Use || depth > 64 {
		return nil, nil
	}
	cur := parent
	if n.field("translation") != nil || n.field("rotation") != nil {
		loc, err := x.local3(n)
		if err != nil {
			return nil, err
		}
		cur = parent.then(loc)
	}
	switch n.Type {
	case "Wall":
		// Webots' Wall PROTO: a Box of size x × y × z, centred on its
		// translation in x and z (its default size is 1 2.4 0.2).
		size, err := x.vec3(n, "size", [3]float64{1, 2.4, 0.2})
		if err != nil {
			return nil, err
		}
		hx, hz := size[0]/2, size[2]/2
		c := [4][3]float64{{-hx, 0, -hz}, {hx, 0, -hz}, {hx, 0, hz}, {-hx, 0, hz}}
		var out []Segment
		for i := range c {
			a, b := cur.apply(c[i]), cur.apply(c[(i+1)%4])
			out = append(out, Segment{geom.Vec2{X: a[0], Z: a[2]}, geom.Vec2{X: b[0], Z: b[2]}})
		}
		return out, nil
	case "IndexedFaceSet":
		return x.faceSetFootprint(n, cur)
	}
	var out []Segment
	for _, name := range []string{"children", "geometry"} {
		for _, c := range n.childNodes(name) {
			s, err := x.footprints(c, cur, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, s...)
		}
	}
	return out, nil
}

// faceSetFootprint returns the bottom edges of an IndexedFaceSet placed by
// tf, in world XZ.
func (x *extractor) faceSetFootprint(n *vNode, tf xform3) ([]Segment, error) {
	coords := n.childNodes("coord")
	if len(coords) == 0 {
		return nil, nil
	}
	pf := coords[0].field("point")
	idx := n.field("coordIndex")
	if pf == nil || idx == nil {
		return nil, nil
	}
	vals := pf.scalars()
	if len(vals)%3 != 0 {
		return nil, x.errorf(pf.Line, "Coordinate point: expected x y z triples, got %d numbers", len(vals))
	}
	pts := make([][3]float64, len(vals)/3)
	for i, t := range vals {
		v, ok := parseFloat(t.text)
		if t.kind != tokNumber || !ok {
			return nil, x.errorf(pf.Line, "Coordinate point: expected a number, got %s", t.describe())
		}
		pts[i/3][i%3] = v
	}
	minY := math.Inf(1)
	for i := range pts {
		pts[i] = tf.apply(pts[i])
		minY = math.Min(minY, pts[i][1])
	}
	maxY := math.Inf(-1)
	for i := range pts {
		maxY = math.Max(maxY, pts[i][1])
	}
	// The bottom: within a quarter of the set's height of its lowest point
	// (a rotation of 1.57, not π/2, tilts a wall's bottom by 0.05 mm).
	bottom := func(i int) bool { return pts[i][1]-minY <= 0.25*(maxY-minY) }
	var out []Segment
	var face []int
	flush := func() {
		for i := range face {
			a, b := face[i], face[(i+1)%len(face)]
			if a != b && bottom(a) && bottom(b) {
				out = append(out, Segment{geom.Vec2{X: pts[a][0], Z: pts[a][2]}, geom.Vec2{X: pts[b][0], Z: pts[b][2]}})
			}
		}
		face = face[:0]
	}
	for _, t := range idx.scalars() {
		v, ok := parseInt32(t.text)
		if t.kind != tokNumber || !ok {
			return nil, x.errorf(idx.Line, "coordIndex: expected an integer, got %s", t.describe())
		}
		if v < 0 {
			flush()
			continue
		}
		if v >= len(pts) {
			return nil, x.errorf(idx.Line, "coordIndex %d out of range (%d points)", v, len(pts))
		}
		face = append(face, v)
	}
	flush()
	return out, nil
}
