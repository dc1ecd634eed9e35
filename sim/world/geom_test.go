package world

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// wallBox is the extent of one wall's box: along its side from lo to hi
// (x for top and bottom, z for right and left, relative to the centre of
// its tile or quadrant), its centre line at cross (the other coordinate).
type wallBox struct{ lo, hi, cross float64 }

// boxOf returns the box the simulator builds for segment s (the segment
// extended SegmentCap at each end), relative to c, and whether s runs
// along x.
func boxOf(s Segment, c geom.Vec2) (wallBox, bool) {
	if math.Abs(s.A.Z-s.B.Z) < 1e-12 {
		return wallBox{min(s.A.X, s.B.X) - SegmentCap - c.X, max(s.A.X, s.B.X) + SegmentCap - c.X, s.A.Z - c.Z}, true
	}
	return wallBox{min(s.A.Z, s.B.Z) - SegmentCap - c.Z, max(s.A.Z, s.B.Z) + SegmentCap - c.Z, s.A.X - c.X}, false
}

// TestWallBoxesFollowWorldTileProto builds one tile (or one half-tile
// quadrant) per case and compares the box of each wall with the box
// worldTile.proto's Lua gives for those wall values. The expected numbers
// are worked out by hand from the proto: a tile is .3 proto units scaled
// 0.4 (0.12 m, ±0.06), wallThickness .025 (l.49) so an end moves
// t/2·0.4 = 0.005 m; a quadrant is scaled 0.2 (halfTile.proto l.77-79,
// ±0.03 m) with wallThickness .05 (isHalf, l.53-54), again 0.005 m.
func TestWallBoxesFollowWorldTileProto(t *testing.T) {
	const e = 0.005 // t/2 · scale
	tests := []struct {
		name  string
		half  bool   // a quadrant (BR, centre (0.03, 0.03)) of a half tile
		walls [4]int // top, right, bottom, left
		side  int
		want  [2]float64 // lo, hi
	}{
		// Value 1: size .3, no rule applies: exactly the side.
		{"top 1", false, [4]int{1, 0, 0, 0}, sideTop, [2]float64{-0.06, 0.06}},
		{"right 1", false, [4]int{0, 1, 0, 0}, sideRight, [2]float64{-0.06, 0.06}},
		{"bottom 1", false, [4]int{0, 0, 1, 0}, sideBottom, [2]float64{-0.06, 0.06}},
		{"left 1", false, [4]int{0, 0, 0, 1}, sideLeft, [2]float64{-0.06, 0.06}},
		// Right wall, l.172-179: %2 shortens the north end, %3 the south end.
		{"right 2", false, [4]int{0, 2, 0, 0}, sideRight, [2]float64{-0.06 + e, 0.06}},
		{"right 3", false, [4]int{0, 3, 0, 0}, sideRight, [2]float64{-0.06, 0.06 - e}},
		{"right 5 (no %5 rule)", false, [4]int{0, 5, 0, 0}, sideRight, [2]float64{-0.06, 0.06}},
		{"right 6", false, [4]int{0, 6, 0, 0}, sideRight, [2]float64{-0.06 + e, 0.06 - e}},
		// Bottom wall, l.209-216, 222-225: %2 shortens west, %3 extends
		// east, %5 extends west.
		{"bottom 2", false, [4]int{0, 0, 2, 0}, sideBottom, [2]float64{-0.06 + e, 0.06}},
		{"bottom 3", false, [4]int{0, 0, 3, 0}, sideBottom, [2]float64{-0.06, 0.06 + e}},
		{"bottom 5", false, [4]int{0, 0, 5, 0}, sideBottom, [2]float64{-0.06 - e, 0.06}},
		{"bottom 6", false, [4]int{0, 0, 6, 0}, sideBottom, [2]float64{-0.06 + e, 0.06 + e}},
		{"bottom 10", false, [4]int{0, 0, 10, 0}, sideBottom, [2]float64{-0.06, 0.06}},
		{"bottom 15", false, [4]int{0, 0, 15, 0}, sideBottom, [2]float64{-0.06 - e, 0.06 + e}},
		{"bottom 30", false, [4]int{0, 0, 30, 0}, sideBottom, [2]float64{-0.06, 0.06 + e}},
		// Top wall, l.271-282: %2 shortens west, %3 extends east, a left
		// wall 1 or 3 extends west.
		{"top 2", false, [4]int{2, 0, 0, 0}, sideTop, [2]float64{-0.06 + e, 0.06}},
		{"top 3", false, [4]int{3, 0, 0, 0}, sideTop, [2]float64{-0.06, 0.06 + e}},
		{"top 5 (no %5 rule)", false, [4]int{5, 0, 0, 0}, sideTop, [2]float64{-0.06, 0.06}},
		{"top 6", false, [4]int{6, 0, 0, 0}, sideTop, [2]float64{-0.06 + e, 0.06 + e}},
		{"top 1 left 1", false, [4]int{1, 0, 0, 1}, sideTop, [2]float64{-0.06 - e, 0.06}},
		{"top 2 left 3", false, [4]int{2, 0, 0, 3}, sideTop, [2]float64{-0.06, 0.06}},
		{"top 1 left 2", false, [4]int{1, 0, 0, 2}, sideTop, [2]float64{-0.06, 0.06}},
		// Left wall, l.312-323: %2 shortens north, %3 extends south, a top
		// wall 1 or 3 shortens north.
		{"left 2", false, [4]int{0, 0, 0, 2}, sideLeft, [2]float64{-0.06 + e, 0.06}},
		{"left 3", false, [4]int{0, 0, 0, 3}, sideLeft, [2]float64{-0.06, 0.06 + e}},
		{"left 6", false, [4]int{0, 0, 0, 6}, sideLeft, [2]float64{-0.06 + e, 0.06 + e}},
		{"left 1 top 1", false, [4]int{1, 0, 0, 1}, sideLeft, [2]float64{-0.06 + e, 0.06}},
		{"left 3 top 3", false, [4]int{3, 0, 0, 3}, sideLeft, [2]float64{-0.06 + e, 0.06 + e}},
		{"left 1 top 2", false, [4]int{2, 0, 0, 1}, sideLeft, [2]float64{-0.06, 0.06}},
		// Quadrants: the same rules on ±0.03.
		{"quarter right 6", true, [4]int{0, 6, 0, 0}, sideRight, [2]float64{-0.03 + e, 0.03 - e}},
		{"quarter right 1", true, [4]int{0, 1, 0, 0}, sideRight, [2]float64{-0.03, 0.03}},
		{"quarter bottom 27", true, [4]int{0, 0, 27, 0}, sideBottom, [2]float64{-0.03, 0.03 + e}},
		{"quarter bottom 125", true, [4]int{0, 0, 125, 0}, sideBottom, [2]float64{-0.03 - e, 0.03}},
		{"quarter left 3", true, [4]int{0, 0, 0, 3}, sideLeft, [2]float64{-0.03, 0.03 + e}},
		{"quarter top 1 left 1", true, [4]int{1, 0, 0, 1}, sideTop, [2]float64{-0.03 - e, 0.03}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Tile (1, 1) of a 2×2 world is centred at the origin.
			tile := Tile{X: 1, Z: 1, Width: 2, Height: 2, Floor: true, XScale: 0.4, ZScale: 0.4}
			c, h := geom.Vec2{}, TileSize/2
			if tt.half {
				tile.Half, tile.QuarterWalls[3] = true, tt.walls
				c, h = geom.Vec2{X: 0.03, Z: 0.03}, 0.03
			} else {
				tile.Top, tile.Right, tile.Bottom, tile.Left = tt.walls[0], tt.walls[1], tt.walls[2], tt.walls[3]
			}
			w := &World{Tiles: []Tile{tile}}
			if err := w.Rebuild(); err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, v := range tt.walls {
				if v > 0 {
					n++
				}
			}
			if len(w.Walls) != n {
				t.Fatalf("%d walls, want %d: %v", len(w.Walls), n, w.Walls)
			}
			// The side's centre line (translation ±.15·scale, l.187, 229,
			// 289, 330) and axis.
			cross := map[int]float64{sideTop: -h, sideRight: h, sideBottom: h, sideLeft: -h}[tt.side]
			alongX := tt.side == sideTop || tt.side == sideBottom
			found := false
			for _, s := range w.Walls {
				b, x := boxOf(s, c)
				if x != alongX || math.Abs(b.cross-cross) > 1e-12 {
					continue
				}
				found = true
				if math.Abs(b.lo-tt.want[0]) > 1e-12 || math.Abs(b.hi-tt.want[1]) > 1e-12 {
					t.Errorf("box %.4f..%.4f, want %.4f..%.4f", b.lo, b.hi, tt.want[0], tt.want[1])
				}
			}
			if !found {
				t.Errorf("no wall on the side in %v", w.Walls)
			}
		})
	}
}

// TestWallThicknessIsTheProtos checks that the proto's thickness,
// wallThickness·scale (l.196, 238, 298, 340), is WallThickness on a tile
// (.025 at scale 0.4, l.49) and on a half-tile quadrant (.05 at 0.2,
// l.53-54, halfTile.proto l.77-79), and that SegmentCap is half of it.
func TestWallThicknessIsTheProtos(t *testing.T) {
	for _, got := range []float64{0.025 * 0.4, 0.025 * 2 * 0.4 * 0.5} {
		if math.Abs(got-WallThickness) > 1e-15 {
			t.Errorf("proto thickness %v, WallThickness %v", got, WallThickness)
		}
	}
	if SegmentCap != WallThickness/2 {
		t.Errorf("SegmentCap %v", SegmentCap)
	}
}

// rectGap is the distance between two axis-aligned rectangles.
func rectGap(a, b Box) float64 {
	dx := max(0, a.Min.X-b.Max.X, b.Min.X-a.Max.X)
	dz := max(0, a.Min.Z-b.Max.Z, b.Min.Z-a.Max.Z)
	return math.Hypot(dx, dz)
}

// solidBox is the rectangle the simulator builds for tile wall s.
func solidBox(s Segment) Box {
	h := WallThickness / 2
	if math.Abs(s.A.Z-s.B.Z) < 1e-12 {
		return Box{geom.Vec2{X: min(s.A.X, s.B.X) - SegmentCap, Z: s.A.Z - h}, geom.Vec2{X: max(s.A.X, s.B.X) + SegmentCap, Z: s.A.Z + h}}
	}
	return Box{geom.Vec2{X: s.A.X - h, Z: min(s.A.Z, s.B.Z) - SegmentCap}, geom.Vec2{X: s.A.X + h, Z: max(s.A.Z, s.B.Z) + SegmentCap}}
}

// TestChiquitoDiagonalGap measures, in more-worlds' R2D2__chiquito_, the
// gap between the west end of the bottom wall of tile (1,6)'s BR quadrant
// (tile4Walls bottom 1: not extended) and the walls at the centre of tile
// (0,7): its TR quadrant's bottom wall (27: %3, extended east, l.213-215)
// and its BR quadrant's right wall (6: shortened at both ends,
// l.172-179). Relative to the centre of (0,7), by hand from the proto:
// the (1,6) wall's box is x 0.12..0.18, z −0.065..−0.055; the TR bottom
// box x 0..0.065, z −0.005..0.005; the BR right box x 0.055..0.065,
// z 0.005..0.055. The gap to the BR right wall is hypot(0.055, 0.06) =
// 0.0814 m (issue 15's figure; the old 5 mm extension of both walls made
// it hypot(0.05, 0.05) = 0.0707), and the narrowest, to the TR bottom
// wall, hypot(0.055, 0.05) = 0.0743 m.
func TestChiquitoDiagonalGap(t *testing.T) {
	w, err := Load(filepath.Join(sharedtest.Dir(t), "erebus", "more-worlds", "worlds", "R2D2__chiquito_.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	c := w.TileCenter(0, 7)
	rel := func(x0, z0, x1, z1 float64) Box {
		return Box{geom.Vec2{X: c.X + x0, Z: c.Z + z0}, geom.Vec2{X: c.X + x1, Z: c.Z + z1}}
	}
	near := func(a, b Box) bool {
		return math.Abs(a.Min.X-b.Min.X) < 1e-9 && math.Abs(a.Min.Z-b.Min.Z) < 1e-9 &&
			math.Abs(a.Max.X-b.Max.X) < 1e-9 && math.Abs(a.Max.Z-b.Max.Z) < 1e-9
	}
	want := map[string]Box{
		"(1,6) BR bottom": rel(0.12, -0.065, 0.18, -0.055),
		"(0,7) TR bottom": rel(0, -0.005, 0.065, 0.005),
		"(0,7) BR right":  rel(0.055, 0.005, 0.065, 0.055),
	}
	for name, b := range want {
		found := false
		for _, s := range w.Walls {
			if near(solidBox(s), b) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no wall box %v", name, b)
		}
	}
	if g := rectGap(want["(1,6) BR bottom"], want["(0,7) BR right"]); math.Abs(g-math.Hypot(0.055, 0.06)) > 1e-9 {
		t.Errorf("gap to the BR right wall %.4f", g)
	}
	// The narrowest gap from the (1,6) wall's end to any other wall.
	from := want["(1,6) BR bottom"]
	best := math.Inf(1)
	for _, s := range w.Walls {
		b := solidBox(s)
		if near(b, from) || b.Min.X >= from.Min.X {
			continue // itself, and walls on its east (not across the gap)
		}
		best = min(best, rectGap(from, b))
	}
	if math.Abs(best-math.Hypot(0.055, 0.05)) > 1e-9 {
		t.Errorf("narrowest gap %.4f m, want %.4f", best, math.Hypot(0.055, 0.05))
	}
}
