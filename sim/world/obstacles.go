package world

import (
	"fmt"
	"math"

	"github.com/rescuekit/rescuekit/geom"
)

// Obstacles Erebus builds from PROTO fields rather than from explicit
// geometry: the obstacle PROTO (game/protos/obstacle.proto, v25.0.1) and a
// worldTile's own obstacle (worldTile.proto l.432-462).

// obstacleTilt is the obstacle PROTO's inner `Transform { rotation 1 0 0
// -1.56826 }` (obstacle.proto l.36): it lays the shapes over, so a Box of
// size w h d stands d tall on a w × h footprint.
var obstacleTilt = [4]float64{1, 0, 0, -1.56826}

// obstaclePROTO reads an OBSTACLES child that is an obstacle PROTO
// instance (obstacle.proto l.2-17: translation, rotation 0 0 0 0, width,
// depth, height 0.1, rectangular TRUE, cylindrical, conical, spherical
// FALSE) and appends its shapes to w.Obstacles; it reports false for any
// other node. Each shape the PROTO enables is a solid (l.40-130): the Box
// w × h × d, the Cylinder and the Cone of height h and radius
// √((d/2)² + (w/2)²), the Sphere of radius h/2, all turned by the PROTO's
// tilt and then by rotation. A box or a cylinder standing with an axis
// upright is exact; a cone, a sphere or a shape tilted off the vertical
// is its bounding box, with a warning.
func (x *extractor) obstaclePROTO(n *vNode, w *World) (bool, error) {
	if n.Use || n.Type != "obstacle" {
		return false, nil
	}
	tr, err := x.vec3(n, "translation", [3]float64{})
	if err != nil {
		return true, err
	}
	rot, err := x.rotation(n, "rotation", [4]float64{0, 0, 0, 0})
	if err != nil {
		return true, err
	}
	var wd, dp, h float64
	for _, f := range []struct {
		name string
		dst  *float64
	}{{"width", &wd}, {"depth", &dp}, {"height", &h}} {
		if *f.dst, err = x.float(n, f.name, 0.1); err != nil {
			return true, err
		}
		if !(*f.dst >= 0 && *f.dst < 100) {
			return true, x.errorf(n.Line, "obstacle %s %g: want 0 … 100 m", f.name, *f.dst)
		}
	}
	r := math.Sqrt((dp/2)*(dp/2) + (wd/2)*(wd/2))
	tf := mat3Mul(rotMatrix(rot), rotMatrix(obstacleTilt))
	for _, s := range []struct {
		flag, def bool
		name      string
		half      [3]float64 // half extents along the shape's own axes
		exact     bool       // the footprint is exactly a box when an axis is upright
	}{
		{def: true, name: "rectangular", half: [3]float64{wd / 2, h / 2, dp / 2}, exact: true},
		{name: "cylindrical", half: [3]float64{r, h / 2, r}, exact: true},
		{name: "conical", half: [3]float64{r, h / 2, r}},
		{name: "spherical", half: [3]float64{h / 2, h / 2, h / 2}},
	} {
		on, err := x.bool(n, s.name, s.def)
		if err != nil {
			return true, err
		}
		if !on {
			continue
		}
		o, upright := boxFootprint(tr, tf, s.half)
		// A cylinder lying down (axis horizontal) has a rectangular
		// footprint; standing up its footprint is a circle.
		if s.name == "cylindrical" && math.Abs(tf[1][1]) > 0.99 {
			upright = false
		}
		if !upright || !s.exact {
			w.Warnings = append(w.Warnings, fmt.Sprintf("%s:%d: obstacle (%s) built as its bounding box, %.3f × %.3f m", x.file, n.Line, s.name, 2*o.Half.X, 2*o.Half.Z))
		}
		w.Obstacles = append(w.Obstacles, o)
	}
	return true, nil
}

// tileParts adds what a worldTile builds beyond its walls and floor: its
// obstacle, and a warning for a curveDir curvedWall.proto cannot place.
func (x *extractor) tileParts(n *vNode, t Tile, w *World) error {
	if err := x.tileObstacle(n, t, w); err != nil {
		return err
	}
	return x.tileCurveWarning(n, w)
}

// tileObstacle appends the obstacle a worldTile with `obstacle TRUE`
// carries (worldTile.proto l.432-462): a Box of 0.1·xScale × 0.18·yScale ×
// 0.084·zScale, turned by obstacleRotation (default 0 1 0 2.477), at
// obstacleOffset (each clamped to ±0.15, times the scale) from the tile's
// centre, its centre at the tile's height 0.
func (x *extractor) tileObstacle(n *vNode, t Tile, w *World) error {
	if n.Type != "worldTile" {
		return nil
	}
	on, err := x.bool(n, "obstacle", false)
	if err != nil || !on {
		return err
	}
	rot, err := x.rotation(n, "obstacleRotation", [4]float64{0, 1, 0, 2.477})
	if err != nil {
		return err
	}
	off := [2]float64{}
	if vs, _, err := x.floats(n, "obstacleOffset", 2); err != nil {
		return err
	} else if vs != nil {
		off = [2]float64{vs[0], vs[1]}
	}
	clamp := func(v float64) float64 { return math.Max(-0.15, math.Min(0.15, v)) }
	sy, err := x.float(n, "yScale", 1)
	if err != nil {
		return err
	}
	c := tileCenterOf(t)
	pos := [3]float64{c.X + clamp(off[0])*t.XScale, 0, c.Z + clamp(off[1])*t.ZScale}
	o, upright := boxFootprint(pos, rotMatrix(rot), [3]float64{0.1 * t.XScale / 2, 0.18 * sy / 2, 0.084 * t.ZScale / 2})
	if !upright {
		w.Warnings = append(w.Warnings, fmt.Sprintf("%s:%d: worldTile obstacle tilted off the vertical, built as its bounding box", x.file, n.Line))
	}
	w.Obstacles = append(w.Obstacles, o)
	return nil
}

// tileCurveWarning warns of a worldTile's curveDir above 4: worldTile.proto
// (l.423-431) puts a curvedWall for any curveDir > 0, but curvedWall.proto
// places and turns it only for rot 1-4 (its rotVal table has four
// entries), so the simulator builds curveDir 1-4 (Tile.CurveDir, in
// Rebuild) and warns of the others.
func (x *extractor) tileCurveWarning(n *vNode, w *World) error {
	if n.Type != "worldTile" {
		return nil
	}
	d, err := x.int(n, "curveDir", 0)
	if err != nil || d <= 4 {
		return err
	}
	w.Warnings = append(w.Warnings, fmt.Sprintf("%s:%d: worldTile curveDir %d: curvedWall.proto places only rot 1-4, its curved wall is not built", x.file, n.Line, d))
	return nil
}

// boxFootprint returns the Obstacle of a box of half extents half along
// the columns of m (its axes in the world), centred at pos: when one axis is
// upright, the box on the other two; otherwise its axis-aligned bounding
// box (upright false). Height is the top's height above the floor.
func boxFootprint(pos [3]float64, m [3][3]float64, half [3]float64) (Obstacle, bool) {
	up := -1
	for k := 0; k < 3; k++ {
		if math.Abs(m[1][k]) > 0.99 {
			up = k
		}
	}
	var ext [3]float64 // world half extents of the bounding box
	for i := 0; i < 3; i++ {
		for k := 0; k < 3; k++ {
			ext[i] += math.Abs(m[i][k]) * half[k]
		}
	}
	top := pos[1] + ext[1] - FloorY
	if up < 0 {
		return Obstacle{Center: geom.Vec2{X: pos[0], Z: pos[2]}, Half: geom.Vec2{X: ext[0], Z: ext[2]}, Height: top}, false
	}
	// The two horizontal axes: a (for Half.X) and the other.
	a, b := (up+1)%3, (up+2)%3
	ax := geom.Vec2{X: m[0][a], Z: m[2][a]}
	l := math.Hypot(ax.X, ax.Z)
	ax = geom.Vec2{X: ax.X / l, Z: ax.Z / l}
	// Obstacle.Yaw maps the box's x to (cos, −sin) in XZ.
	yaw := math.Atan2(-ax.Z, ax.X)
	return Obstacle{Center: geom.Vec2{X: pos[0], Z: pos[2]}, Half: geom.Vec2{X: half[a], Z: half[b]}, Yaw: yaw, Height: top}, true
}

func mat3Mul(a, b [3][3]float64) [3][3]float64 {
	var o [3][3]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			o[i][j] = a[i][0]*b[0][j] + a[i][1]*b[1][j] + a[i][2]*b[2][j]
		}
	}
	return o
}
