package world

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

func readFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

func loadShared(t testing.TB, name string) *World {
	t.Helper()
	w, err := Load(filepath.Join(sharedtest.Dir(t), "erebus", "worlds", name+".wbt"))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func center(b Box) geom.Vec2 {
	return geom.Vec2{X: (b.Min.X + b.Max.X) / 2, Z: (b.Min.Z + b.Max.Z) / 2}
}

// TestBoundsAgreeWithTiles checks the tile placement formula against the
// bounds groups Erebus writes: every bounds box is the square of a tile
// carrying that flag.
func TestBoundsAgreeWithTiles(t *testing.T) {
	for _, name := range worldNames {
		t.Run(name, func(t *testing.T) {
			w := loadShared(t, name)
			groups := []struct {
				boxes []Box
				flag  func(Tile) bool
			}{
				{w.Checkpoints, func(t Tile) bool { return t.Checkpoint }},
				{w.Traps, func(t Tile) bool { return t.Trap }},
				{w.Starts, func(t Tile) bool { return t.Start }},
				{w.Swamps, func(t Tile) bool { return t.Swamp }},
			}
			for gi, g := range groups {
				for _, b := range g.boxes {
					x, z, ok := w.TileAt(center(b))
					if !ok {
						t.Fatalf("group %d box %v: no tile", gi, b)
					}
					tile := w.Tiles[w.lookup(x, z)]
					if !g.flag(tile) {
						t.Errorf("group %d box %v: tile (%d,%d) lacks the flag", gi, b, x, z)
					}
					c := w.TileCenter(x, z)
					if math.Abs(c.X-center(b).X) > 1e-9 || math.Abs(c.Z-center(b).Z) > 1e-9 ||
						math.Abs(b.Max.X-b.Min.X-TileSize) > 1e-9 {
						t.Errorf("box %v does not match tile (%d,%d) centred %v", b, x, z, c)
					}
				}
			}
			for _, tile := range w.Tiles {
				q, ok := w.QuarterAt(w.TileCenter(tile.X, tile.Z))
				if !tile.Floor && !tile.Trap {
					if ok {
						t.Errorf("floorless tile (%d,%d) has a floor", tile.X, tile.Z)
					}
					continue
				}
				if !ok {
					t.Fatalf("no quarter at tile (%d,%d)", tile.X, tile.Z)
				}
				if tile.Trap != (q.Floor == FloorHole) {
					t.Errorf("tile (%d,%d) trap %v but floor %v", tile.X, tile.Z, tile.Trap, q.Floor)
				}
			}
		})
	}
}

func TestRoomAtMatchesTiles(t *testing.T) {
	for _, name := range worldNames {
		t.Run(name, func(t *testing.T) {
			w := loadShared(t, name)
			for _, tile := range w.Tiles {
				c := w.TileCenter(tile.X, tile.Z)
				for _, d := range []geom.Vec2{{X: 0, Z: 0}, {X: 0.05, Z: 0.05}, {X: -0.05, Z: -0.05}, {X: 0.05, Z: -0.05}} {
					if got := w.RoomAt(geom.Vec2{X: c.X + d.X, Z: c.Z + d.Z}); got != tile.Room {
						t.Errorf("RoomAt tile (%d,%d)+%v = %d, want %d", tile.X, tile.Z, d, got, tile.Room)
					}
				}
			}
			if got := w.RoomAt(geom.Vec2{X: -10, Z: -10}); got != 0 {
				t.Errorf("RoomAt outside = %d", got)
			}
		})
	}
}

func TestWorldQueries(t *testing.T) {
	w := loadShared(t, "world1")
	tests := []struct {
		name  string
		p     geom.Vec2
		x, z  int
		ok    bool
		floor Floor
	}{
		{"start tile centre", geom.Vec2{X: -0.48, Z: -0.48}, 0, 0, true, FloorStart},
		{"trap (3,0)", geom.Vec2{X: -0.12, Z: -0.48}, 3, 0, true, FloorHole},
		{"swamp (7,0)", geom.Vec2{X: 0.36, Z: -0.5}, 7, 0, true, FloorSwamp},
		{"checkpoint (4,7)", geom.Vec2{X: 0.01, Z: 0.37}, 4, 7, true, FloorCheckpoint},
		{"plain (1,1)", geom.Vec2{X: -0.36, Z: -0.36}, 1, 1, true, FloorPlain},
		{"left of arena", geom.Vec2{X: -0.55, Z: 0}, 0, 0, false, 0},
		{"below arena", geom.Vec2{X: 0, Z: 0.55}, 0, 0, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, z, ok := w.TileAt(tt.p)
			if ok != tt.ok || (ok && (x != tt.x || z != tt.z)) {
				t.Fatalf("TileAt = %d,%d,%v; want %d,%d,%v", x, z, ok, tt.x, tt.z, tt.ok)
			}
			q, ok := w.QuarterAt(tt.p)
			if ok != tt.ok || q.Floor != tt.floor {
				t.Errorf("QuarterAt = %+v,%v; want floor %v", q, ok, tt.floor)
			}
		})
	}
	if b := w.StartBox(); b != (Box{geom.Vec2{X: -0.54, Z: -0.54}, geom.Vec2{X: -0.42, Z: -0.42}}) {
		t.Errorf("StartBox = %v", b)
	}
	if w.Start.Pos != (geom.Vec2{X: -0.48, Z: -0.48}) || w.Start.Yaw != -1.57 {
		t.Errorf("Start = %+v", w.Start)
	}
}

// TestWallGeometry checks that every tile wall is axis-aligned on the
// half-tile grid, that its box (the Segment plus SegmentCap at each end) is
// a tile or quadrant side shortened or extended by whole steps of
// WallThickness/2 (worldTile.proto l.166-323 move each end by at most
// t/2), that START_TILE's walls are there, and that no duplicate remains.
func TestWallGeometry(t *testing.T) {
	for _, name := range worldNames {
		t.Run(name, func(t *testing.T) {
			w := loadShared(t, name)
			seen := map[Segment]bool{}
			area4 := map[Segment]bool{}
			for _, s := range w.Area4Walls {
				area4[s] = true
			}
			for _, s := range w.Walls {
				if seen[s] || seen[Segment{s.B, s.A}] {
					t.Errorf("duplicate wall %v", s)
				}
				seen[s] = true
				if area4[s] {
					continue
				}
				var cross float64
				switch {
				case math.Abs(s.A.Z-s.B.Z) < 1e-12:
					cross = s.A.Z + w.Height*0.06
				case math.Abs(s.A.X-s.B.X) < 1e-12:
					cross = s.A.X + w.Width*0.06
				default:
					t.Errorf("wall %v is not axis-aligned", s)
					continue
				}
				if k := cross / 0.06; math.Abs(k-math.Round(k)) > 1e-6 {
					t.Errorf("wall %v is off the half-tile grid", s)
				}
				box := math.Hypot(s.B.X-s.A.X, s.B.Z-s.A.Z) + 2*SegmentCap
				ok := false
				for _, side := range []float64{TileSize, TileSize / 2} {
					d := (box - side) / (WallThickness / 2)
					if math.Abs(d) <= 2+1e-6 && math.Abs(d-math.Round(d)) < 1e-6 {
						ok = true
					}
				}
				if !ok {
					t.Errorf("wall %v: box length %v is no side ± k·%v", s, box, WallThickness/2)
				}
			}
			st := w.Tiles[w.startTile()]
			c := w.TileCenter(st.X, st.Z)
			if st.Top > 0 && !coversSide(w, geom.Vec2{X: c.X, Z: c.Z - 0.06}) {
				t.Error("START_TILE top wall missing")
			}
			if st.Left > 0 && !coversSide(w, geom.Vec2{X: c.X - 0.06, Z: c.Z}) {
				t.Error("START_TILE left wall missing")
			}
		})
	}
}

// coversSide reports whether a wall segment passes through p (the middle
// of a tile side).
func coversSide(w *World, p geom.Vec2) bool {
	for _, s := range w.Walls {
		if segDistance(p, s) < 1e-9 {
			return true
		}
	}
	return false
}

// segDistance is the distance from p to segment s.
func segDistance(p geom.Vec2, s Segment) float64 {
	dx, dz := s.B.X-s.A.X, s.B.Z-s.A.Z
	u := 0.0
	if l2 := dx*dx + dz*dz; l2 > 0 {
		u = max(0, min(1, ((p.X-s.A.X)*dx+(p.Z-s.A.Z)*dz)/l2))
	}
	return math.Hypot(p.X-s.A.X-u*dx, p.Z-s.A.Z-u*dz)
}

// TestCurveArcs checks, for each curve value, that the arc joins the two
// corners of the quadrant whose edges docs/erebus-rules.md §3 marks and passes inside the
// corner the answer writes 0.
func TestCurveArcs(t *testing.T) {
	qc := geom.Vec2{X: 0, Z: 0}
	h := 0.03
	tests := []struct {
		v            int
		end1, end2   geom.Vec2
		zeroCorner   geom.Vec2
		centreCorner geom.Vec2
	}{
		{1, geom.Vec2{X: -h, Z: -h}, geom.Vec2{X: h, Z: h}, geom.Vec2{X: h, Z: -h}, geom.Vec2{X: -h, Z: h}},
		{2, geom.Vec2{X: h, Z: -h}, geom.Vec2{X: -h, Z: h}, geom.Vec2{X: h, Z: h}, geom.Vec2{X: -h, Z: -h}},
		{3, geom.Vec2{X: h, Z: h}, geom.Vec2{X: -h, Z: -h}, geom.Vec2{X: -h, Z: h}, geom.Vec2{X: h, Z: -h}},
		{4, geom.Vec2{X: -h, Z: h}, geom.Vec2{X: h, Z: -h}, geom.Vec2{X: -h, Z: -h}, geom.Vec2{X: h, Z: h}},
	}
	for _, tt := range tests {
		a, ok := curveArc(qc, tt.v)
		if !ok {
			t.Fatalf("curve %d: no arc", tt.v)
		}
		if a.Center != tt.centreCorner || a.Radius != 0.06 {
			t.Errorf("curve %d: centre %v radius %v", tt.v, a.Center, a.Radius)
		}
		e1 := geom.Vec2{X: a.Center.X + a.Radius*math.Cos(a.From), Z: a.Center.Z + a.Radius*math.Sin(a.From)}
		e2 := geom.Vec2{X: a.Center.X + a.Radius*math.Cos(a.To), Z: a.Center.Z + a.Radius*math.Sin(a.To)}
		near := func(p, q geom.Vec2) bool { return math.Hypot(p.X-q.X, p.Z-q.Z) < 1e-12 }
		if !(near(e1, tt.end1) && near(e2, tt.end2) || near(e1, tt.end2) && near(e2, tt.end1)) {
			t.Errorf("curve %d: ends %v %v, want %v %v", tt.v, e1, e2, tt.end1, tt.end2)
		}
		mid := (a.From + a.To) / 2
		m := geom.Vec2{X: a.Center.X + a.Radius*math.Cos(mid), Z: a.Center.Z + a.Radius*math.Sin(mid)}
		// The arc's middle is nearer the zero corner than the centre is.
		if math.Hypot(m.X-tt.zeroCorner.X, m.Z-tt.zeroCorner.Z) >= math.Hypot(a.Center.X-tt.zeroCorner.X, a.Center.Z-tt.zeroCorner.Z) {
			t.Errorf("curve %d does not bulge towards %v", tt.v, tt.zeroCorner)
		}
	}
	if _, ok := curveArc(qc, 5); ok {
		t.Error("curve 5 made an arc")
	}
}

func TestFloorlessTilesAreOutside(t *testing.T) {
	w := loadShared(t, "room4_small")
	// Tile (1,4) has neither floor nor trap (fields omitted, defaults FALSE).
	c := w.TileCenter(1, 4)
	if _, _, ok := w.TileAt(c); !ok {
		t.Fatal("tile (1,4) missing")
	}
	if _, ok := w.QuarterAt(c); ok {
		t.Error("QuarterAt over a floorless tile reported a floor")
	}
	// Tile (1,1) is a trap without floor: a hole.
	if q, ok := w.QuarterAt(w.TileCenter(1, 1)); !ok || q.Floor != FloorHole {
		t.Errorf("trap tile = %+v %v", q, ok)
	}
}
