package explore

import (
	"math"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/sim/world"
)

// openTop is a 2×2 arena whose top side has no wall: past it Erebus has no
// floor (more-worlds Awesome_world__4_ has no outer wall at all).
const openTop = `
+ + + + +
|S S    |
+ + + + +
|S S    |
+ + + + +
|       |
+ + + + +
|       |
+-+-+-+-+
`

// TestLearnsWhereItFell: explore drives into the unseen tiles past the
// open side, falls off the arena and is relocated (Erebus: y below
// −0.035). It marks the tile it fell on as a hole and does not fall there
// again: before, it fell over and over at the same tiles (366 relocations
// in Awesome_world__4_).
func TestLearnsWhereItFell(t *testing.T) {
	w, err := world.ParseASCII("open-top", openTop[1:])
	if err != nil {
		t.Fatal(err)
	}
	r, _ := playExploreMatrix(t, w, 1, true)
	t.Logf("explored=%v t=%.1fs map=%.3f coverage=%.3f lopAuto=%d", r.explored, r.simTime, r.mapScore, r.coverage, r.ref.LoPAutomatic)
	if !r.explored || r.coverage < 0.99 {
		t.Errorf("explored=%v coverage %.2f, want explored with every tile seen", r.explored, r.coverage)
	}
	// The open side is two tiles long: a fall at each tile past it, and
	// a few more at the tiles past the corners.
	if r.ref.LoPAutomatic > 6 {
		t.Errorf("%d automatic relocations (falls), want ≤ 6", r.ref.LoPAutomatic)
	}
}

// TestFallFromATileEdge: the robot tips once its centre is past a tile's
// edge, so the last pose before a fall may still lie on the tile the map
// knows (Awesome_world__4_ of shared/more-worlds: 0-1 mm inside the start
// tile's west side, six falls there in 13 s, 25 in the game). The tile
// marked a hole is then the one beyond, the way the robot drove; a tile
// already known is never marked, and a relocation that is no fall marks
// nothing.
func TestFallFromATileEdge(t *testing.T) {
	west, east := math.Pi/2, -math.Pi/2 // yaws facing −X and +X (nav.YawTowards)
	tests := []struct {
		name     string
		dx, yaw  float64 // the last pose: offset from the start tile's centre along X, and yaw
		from     float64 // where the robot last moved 3 cm from (movedPos): offset along X from the last pose
		movedAgo float64 // seconds since then
		hole     int     // the column (offset from the start's) marked a hole; 0: none
		inHole   bool    // the tile at column −1 is a hole the map knows
	}{
		{"forward off the west side", -0.0595, west, 0.02, 0.2, -1, false},
		{"backing off the east side", 0.0595, west, -0.02, 0.2, 1, false},
		{"centre already past the west side", -0.0605, west, 0.02, 0.2, -1, false},
		{"turning on the spot at the west side", -0.0595, west + 0.6, 0.02, 0.2, -1, false},
		{"not moved since, facing the west side", -0.0595, west, 0, 0.2, -1, false},
		{"going away from the west side", -0.0595, west, -0.02, 0.2, 0, false},
		{"not moved since, facing away", -0.0595, east, 0, 0.2, 0, false},
		{"stood still long before", -0.0595, west, 0.02, fallWindowS + 1, 0, false},
		{"into a hole the map knows, near its far side", -0.175, west, 0.02, 0.2, -1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := New().(*Explore)
			e.m = nav.NewMap(geom.Vec2{}, e.robot, e.mcfg)
			r, c := e.m.StartTile()
			e.m.SetFloor(r, c, nav.FloorPlain)
			if tt.inHole {
				e.m.SetFloor(r, c-1, nav.FloorHole)
			}
			now := 30.0
			s := e.m.Start()
			p := geom.Vec2{X: s.X + tt.dx, Z: s.Z}
			e.movedPos, e.movedT, e.lastLoP = geom.Vec2{X: p.X + tt.from, Z: p.Z}, now-tt.movedAgo, 0
			e.fell(nav.Pose{Vec2: p, Yaw: tt.yaw}, now)
			if e.m.Floor(r, c) != nav.FloorPlain {
				t.Errorf("the start tile's floor is %v now", e.m.Floor(r, c))
			}
			for _, dc := range []int{-2, -1, 1, 2} {
				want := nav.FloorUnknown
				if dc == tt.hole {
					want = nav.FloorHole
				}
				if got := e.m.Floor(r, c+dc); got != want {
					t.Errorf("tile at column %+d: floor %v, want %v", dc, got, want)
				}
			}
		})
	}
}

// noWalls is a 3×3 arena with no wall at all, as Awesome_world__4_ of
// shared/more-worlds.
const noWalls = `
+ + + + + + +
 S S . . . . 
+ + + + + + +
 S S . . . . 
+ + + + + + +
 . . . . . . 
+ + + + + + +
 . . . . . . 
+ + + + + + +
 . . . . . . 
+ + + + + + +
 . . . . . . 
+ + + + + + +
`

// TestFallsOncePerTileBeyond: in an arena with no outer wall the robot
// learns the arena's edge by falling off it, once at each tile beyond a
// side or a corner (12 and 4 here) at most. Before TestFallFromATileEdge's
// fix it fell 57, 26, 25 and 17 times at seeds 1-4, again and again at
// tiles whose edge its last pose had not crossed.
func TestFallsOncePerTileBeyond(t *testing.T) {
	w, err := world.ParseASCII("no-walls", noWalls[1:])
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range []int64{1, 2} {
		r, _ := playExploreMatrix(t, w, seed, true)
		t.Logf("seed %d: explored=%v t=%.1fs map=%.3f coverage=%.3f falls=%d", seed, r.explored, r.simTime, r.mapScore, r.coverage, r.ref.LoPAutomatic)
		if !r.explored || r.coverage < 0.99 {
			t.Errorf("seed %d: explored=%v coverage %.2f, want explored with every tile seen", seed, r.explored, r.coverage)
		}
		if r.ref.LoPAutomatic > 16 {
			t.Errorf("seed %d: %d falls, want at most 16 (one per tile beyond the arena's sides and corners)", seed, r.ref.LoPAutomatic)
		}
	}
}
