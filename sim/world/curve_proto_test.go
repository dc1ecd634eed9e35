package world

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// curvedWallRing reads the quarter ring of curvedWall.proto's
// IndexedFaceSet (l.49: "point [ x, y, z, ... ]"), keeping the XZ of each
// point.
func curvedWallRing(t *testing.T) []geom.Vec2 {
	t.Helper()
	src, err := os.ReadFile(sharedtest.Path(t, "erebus", "protos", "curvedWall.proto"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`point \[([^\]]*)\]`).FindSubmatch(src)
	if m == nil {
		t.Fatal("curvedWall.proto: no point list")
	}
	f := strings.FieldsFunc(string(m[1]), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' || r == '\r' })
	if len(f)%3 != 0 || len(f) == 0 {
		t.Fatalf("curvedWall.proto: %d coordinates", len(f))
	}
	var pts []geom.Vec2
	for i := 0; i < len(f); i += 3 {
		x, err1 := strconv.ParseFloat(f[i], 64)
		z, err2 := strconv.ParseFloat(f[i+2], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("curvedWall.proto: bad point %q %q", f[i], f[i+2])
		}
		pts = append(pts, geom.Vec2{X: x, Z: z})
	}
	return pts
}

// TestCurveArcsFollowCurvedWallProto places curvedWall.proto's own ring
// points as the PROTO does, for each rot and at the two scales Erebus uses
// (a halfTile quadrant: worldTile scale 0.4·0.5, halfTile.proto l.77 and
// l.92; a worldTile's curveDir: scale 0.4, worldTile.proto l.423-431), and
// checks that every point lies inside the simulator's arc solid (centre
// line ± WallThickness/2). The placement is the PROTO's: translation
// (∓0.15·scale, ±0.15·scale) per rot (l.24-35), then rotation about +Y by
// rotVal[rot] = {1.57, 0, 4.71, 3.14} (l.13, l.38, Lua 1-based), the
// ring's points not scaled (l.49).
func TestCurveArcsFollowCurvedWallProto(t *testing.T) {
	ring := curvedWallRing(t)
	rotVal := [5]float64{0, 1.57, 0, 4.71, 3.14}
	trans := [5][2]float64{{}, {-0.15, 0.15}, {-0.15, -0.15}, {0.15, -0.15}, {0.15, 0.15}}
	for _, tc := range []struct {
		name  string
		scale float64
		arc   func(v int) (Arc, bool)
	}{
		{"halfTile quadrant", 0.4 * 0.5, func(v int) (Arc, bool) { return curveArc(geom.Vec2{}, v) }},
		{"worldTile curveDir", 0.4, func(v int) (Arc, bool) { return curveArcAt(geom.Vec2{}, TileSize/2, v) }},
	} {
		for v := 1; v <= 4; v++ {
			a, ok := tc.arc(v)
			if !ok {
				t.Fatalf("%s rot %d: no arc", tc.name, v)
			}
			th := rotVal[v]
			worst := 0.0
			for _, p := range ring {
				// Webots' rotation about +Y: x' = x cos + z sin, z' = −x sin + z cos.
				q := geom.Vec2{
					X: p.X*math.Cos(th) + p.Z*math.Sin(th) + trans[v][0]*tc.scale,
					Z: -p.X*math.Sin(th) + p.Z*math.Cos(th) + trans[v][1]*tc.scale,
				}
				worst = max(worst, arcDist(a, q))
			}
			// 0.0016 rad of pi = 3.14 in rotVal moves a point 0.1 mm.
			if worst > WallThickness/2+2e-4 {
				t.Errorf("%s rot %d: a ring point lies %.4f m from the arc's centre line (solid: %.4f)", tc.name, v, worst, WallThickness/2)
			}
		}
	}
}

// TestCurveVictims2Geometry checks the simulator's curves against the signs
// the map's author put on them in test_curve_victims_2 (more-worlds): each
// of its 16 signs stands on a curved wall, SignWallOffset from its centre
// line as signs stand on walls (shared/erebus/RULES.md, "placed about
// 0.0056 m from the wall centre line"), within 1 mm; with any other quadrant or corner the signs would float centimetres
// off the arcs. It also pins the consequence: the start tile (curve [2,3,1,4])
// holds four arcs centred on its corners whose inner faces come within
// 0.0199 m of the tile's centre, where Erebus imports the robot
// (RULES.md: start0min/max mid-point), so the body overlaps each by 17 mm.
func TestCurveVictims2Geometry(t *testing.T) {
	for _, name := range []string{"test_curve_victims_2", "test_curve_victims_2__rotada_"} {
		w, err := Load(filepath.Join(sharedtest.Path(t, "erebus", "more-worlds", "worlds"), name+".wbt"))
		if err != nil {
			t.Fatal(err)
		}
		if len(w.Signs) != 16 {
			t.Fatalf("%s: %d signs, want 16", name, len(w.Signs))
		}
		for _, s := range w.Signs {
			d := 1.0
			for _, a := range w.Arcs {
				d = min(d, arcDist(a, s.Pos))
			}
			if math.Abs(d-erebus.SignWallOffset) > 0.001 {
				t.Errorf("%s: sign at %.3f,%.3f is %.4f m from the nearest arc's centre line", name, s.Pos.X, s.Pos.Z, d)
			}
		}
		st := w.Start.Pos
		var inner []float64
		for _, a := range w.Arcs {
			if d := arcDist(a, st) - WallThickness/2; d < erebus.BodyRadius {
				inner = append(inner, d)
			}
		}
		if len(inner) != 4 {
			t.Fatalf("%s: the start at %v overlaps %d arcs, want 4", name, st, len(inner))
		}
		for _, d := range inner {
			if math.Abs(d-0.0199) > 0.0002 || math.Abs(erebus.BodyRadius-d-0.017) > 0.0005 {
				t.Errorf("%s: an arc's inner face is %.4f m from the start", name, d)
			}
		}
	}
}
