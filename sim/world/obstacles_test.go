package world

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

const tileSrc = `DEF WALLTILES Group { children [
  worldTile { xPos 0 zPos 0 floor TRUE width 1 height 1 xScale 0.4 yScale 0.4 zScale 0.4 start TRUE %s }
] }
`

func parseObstacles(t *testing.T, tile, obstacles string) *World {
	t.Helper()
	src := strings.Replace(tileSrc, "%s", tile, 1) + "DEF OBSTACLES Group { children [ " + obstacles + " ] }\n"
	w, err := Parse("obstacles.wbt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// corners returns the footprint corners of o, sorted, with the Webots
// rotation about +Y (x, z) → (x·cos + z·sin, −x·sin + z·cos).
func corners(c geom.Vec2, hx, hz, yaw float64) [][2]float64 {
	var out [][2]float64
	for _, s := range [][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x, z := s[0]*hx, s[1]*hz
		out = append(out, [2]float64{c.X + x*math.Cos(yaw) + z*math.Sin(yaw), c.Z - x*math.Sin(yaw) + z*math.Cos(yaw)})
	}
	sort.Slice(out, func(i, j int) bool {
		if math.Abs(out[i][0]-out[j][0]) > 1e-9 {
			return out[i][0] < out[j][0]
		}
		return out[i][1] < out[j][1]
	})
	return out
}

func sameCorners(a, b [][2]float64, tol float64) bool {
	for i := range a {
		if math.Abs(a[i][0]-b[i][0]) > tol || math.Abs(a[i][1]-b[i][1]) > tol {
			return false
		}
	}
	return true
}

// TestObstaclePROTO reads obstacle PROTO instances as obstacle.proto builds
// them (l.2-130): translation and rotation honoured, the Box w × h × d laid
// over by the PROTO's tilt (1 0 0 −1.56826) onto a w × h footprint, d tall;
// a cylinder of radius √((d/2)² + (w/2)²) lying along h; a sphere as its
// bounding box, with a warning.
func TestObstaclePROTO(t *testing.T) {
	r := math.Sqrt(0.015*0.015 + 0.025*0.025)
	tests := []struct {
		name     string
		node     string
		c        geom.Vec2
		hx, hz   float64
		yaw      float64
		height   float64
		warnings int
	}{
		{"box turned", `obstacle { translation 0.1 0 -0.2 rotation 0 1 0 0.5 width 0.05 depth 0.03 height 0.08 }`,
			geom.Vec2{X: 0.1, Z: -0.2}, 0.025, 0.04, 0.5, 0.015 + 0.03, 0},
		{"box, no rotation", `obstacle { translation -0.03 0 0.04 width 0.05 depth 0.03 height 0.08 }`,
			geom.Vec2{X: -0.03, Z: 0.04}, 0.025, 0.04, 0, 0.045, 0},
		{"cylinder", `obstacle { translation 0 0 0 width 0.05 depth 0.03 height 0.08 rectangular FALSE cylindrical TRUE }`,
			geom.Vec2{}, r, 0.04, 0, r + 0.03, 0},
		{"sphere", `obstacle { translation 0 0 0 height 0.06 rectangular FALSE spherical TRUE }`,
			geom.Vec2{}, 0.03, 0.03, 0, 0.06, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := parseObstacles(t, "", tc.node)
			if len(w.Obstacles) != 1 {
				t.Fatalf("%d obstacles, want 1", len(w.Obstacles))
			}
			o := w.Obstacles[0]
			if got, want := corners(o.Center, o.Half.X, o.Half.Z, o.Yaw), corners(tc.c, tc.hx, tc.hz, tc.yaw); !sameCorners(got, want, 2e-4) {
				t.Errorf("footprint %v, want %v (obstacle %+v)", got, want, o)
			}
			if math.Abs(o.Height-tc.height) > 2e-4 {
				t.Errorf("top %.4f above the floor, want %.4f", o.Height, tc.height)
			}
			if len(w.Warnings) != tc.warnings {
				t.Errorf("warnings %q, want %d", w.Warnings, tc.warnings)
			}
		})
	}
}

// TestTileObstacleAndCurve: a worldTile's obstacle TRUE is its Box of
// 0.1·0.4 × 0.18·0.4 × 0.084·0.4 at the clamped offset, turned by
// obstacleRotation (worldTile.proto l.432-462); its curveDir is built
// (TestTileCurveDir).
func TestTileObstacleAndCurve(t *testing.T) {
	w := parseObstacles(t, "obstacle TRUE obstacleOffset 0.1 -0.2 curveDir 2", "")
	if len(w.Obstacles) != 1 {
		t.Fatalf("%d obstacles, want 1", len(w.Obstacles))
	}
	o := w.Obstacles[0]
	c := w.TileCenter(0, 0)
	want := corners(geom.Vec2{X: c.X + 0.1*0.4, Z: c.Z - 0.15*0.4}, 0.02, 0.0168, 2.477)
	if got := corners(o.Center, o.Half.X, o.Half.Z, o.Yaw); !sameCorners(got, want, 1e-9) {
		t.Errorf("footprint %v, want %v", got, want)
	}
	if math.Abs(o.Height-(0.036+0.03)) > 1e-9 {
		t.Errorf("top %g above the floor, want 0.066", o.Height)
	}
	if len(w.Warnings) != 0 || len(w.Arcs) != 1 {
		t.Errorf("warnings %q and %d arcs, want none and 1", w.Warnings, len(w.Arcs))
	}
}

// TestTileCurveDir builds a worldTile's curveDir as worldTile.proto
// (l.423-431) and curvedWall.proto do: the Solid at (∓0.15·0.4, ±0.15·0.4)
// turned about +Y by rotVal[rot] = {1.57, 0, 4.71, 3.14}, its unscaled mesh
// a quarter ring from (0.06, 0, 0) to (0, 0, 0.06) on its centre line. The
// mesh's points, put through that Webots transform, must lie on the arc
// the simulator builds; curveDir 5, which curvedWall.proto cannot place, is
// a warning.
func TestTileCurveDir(t *testing.T) {
	rotVal := []float64{1.57, 0, 4.71, 3.14}
	trans := [][2]float64{{-0.15, 0.15}, {-0.15, -0.15}, {0.15, -0.15}, {0.15, 0.15}}
	for rot := 1; rot <= 4; rot++ {
		t.Run(strconv.Itoa(rot), func(t *testing.T) {
			w := parseObstacles(t, "curveDir "+strconv.Itoa(rot), "")
			if len(w.Arcs) != 1 || len(w.Warnings) != 0 {
				t.Fatalf("%d arcs, warnings %q; want 1 arc, none", len(w.Arcs), w.Warnings)
			}
			a := w.Arcs[0]
			c := w.TileCenter(0, 0)
			th := rotVal[rot-1]
			for _, deg := range []float64{1, 45, 89} {
				x, z := 0.06*math.Cos(deg*math.Pi/180), 0.06*math.Sin(deg*math.Pi/180)
				p := geom.Vec2{X: c.X + trans[rot-1][0]*0.4 + x*math.Cos(th) + z*math.Sin(th), Z: c.Z + trans[rot-1][1]*0.4 - x*math.Sin(th) + z*math.Cos(th)}
				d := math.Hypot(p.X-a.Center.X, p.Z-a.Center.Z)
				ang := math.Atan2(p.Z-a.Center.Z, p.X-a.Center.X)
				for ang < a.From-1e-9 {
					ang += 2 * math.Pi
				}
				// rotVal's 1.57, 4.71, 3.14 are π/2, 3π/2, π to 0.002 rad.
				if math.Abs(d-a.Radius) > 1e-9 || ang > a.To+0.003 || ang < a.From-0.003 {
					t.Errorf("mesh point at %g° → %v: %.5f from the arc centre %v (radius %.3f), angle %.4f outside [%.4f, %.4f]",
						deg, p, d, a.Center, a.Radius, ang, a.From, a.To)
				}
			}
		})
	}
	w := parseObstacles(t, "curveDir 5", "")
	if len(w.Arcs) != 0 || len(w.Warnings) != 1 || !strings.Contains(w.Warnings[0], "curveDir 5") {
		t.Errorf("curveDir 5: %d arcs, warnings %q; want none and one warning", len(w.Arcs), w.Warnings)
	}
}
