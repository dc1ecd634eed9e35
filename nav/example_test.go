package nav_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/signs"
)

// A robot plans its way across a 3×3 room with a hole in the middle and
// turns the map into the Erebus matrix.
func Example() {
	m := nav.NewMap(geom.Vec2{X: 0, Z: 0}, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc := m.StartTile()
	for i := 0; i <= 12; i++ { // the room's outer walls
		m.SetWall(4*sr, 4*sc+i)
		m.SetWall(4*sr+12, 4*sc+i)
		m.SetWall(4*sr+i, 4*sc)
		m.SetWall(4*sr+i, 4*sc+12)
	}
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			m.SetFloor(sr+r, sc+c, nav.FloorPlain)
		}
	}
	m.SetFloor(sr+1, sc+1, nav.FloorHole)
	m.SetFloor(sr+2, sc+2, nav.FloorCheckpoint)

	path, _, ok := m.PlanTo(m.Start(), m.TileCenter(sr+2, sc+2), nav.DefaultCosts())
	fmt.Printf("reachable %v, %.2f m\n", ok, path.Length())

	mat := m.Matrix([]signs.Sign{{Letter: 'H', Pos: geom.Vec2{X: -0.065, Z: 0.12}, Normal: geom.Vec2{X: 1}}})
	fmt.Printf("%d×%d cells (padded with '0')\n", len(mat), len(mat[0]))
	// The room's block: from the start tile's top-left corner.
	r0, c0 := -1, -1
	for i := range mat {
		for j := range mat[i] {
			if mat[i][j] == "5" && r0 < 0 {
				r0, c0 = i-1, j-1
			}
		}
	}
	for _, row := range mat[r0 : r0+13] {
		fmt.Println(row[c0 : c0+13])
	}
	// Output:
	// reachable true, 0.48 m
	// 121×121 cells (padded with '0')
	// [1 1 1 1 1 1 1 1 1 1 1 1 1]
	// [1 5 0 5 0 0 0 0 0 0 0 0 1]
	// [1 0 0 0 0 0 0 0 0 0 0 0 1]
	// [1 5 0 5 0 0 0 0 0 0 0 0 1]
	// [1 0 0 0 0 0 0 0 0 0 0 0 1]
	// [1 0 0 0 0 2 0 2 0 0 0 0 1]
	// [H 0 0 0 0 0 0 0 0 0 0 0 1]
	// [1 0 0 0 0 2 0 2 0 0 0 0 1]
	// [1 0 0 0 0 0 0 0 0 0 0 0 1]
	// [1 0 0 0 0 0 0 0 0 4 0 4 1]
	// [1 0 0 0 0 0 0 0 0 0 0 0 1]
	// [1 0 0 0 0 0 0 0 0 4 0 4 1]
	// [1 1 1 1 1 1 1 1 1 1 1 1 1]
}

// A plugin keeps its pose from the Observations it gets.
func ExampleTracker() {
	tr := nav.NewTracker(nav.DefaultRobot())
	// Feed tr.Update(obs) every step; once the robot has driven straight a
	// few centimetres, tr.YawKnown() is true and tr.Pose() is usable.
	fmt.Println("yaw known before moving:", tr.YawKnown())
	// Output: yaw known before moving: false
}

// A plugin that reads the map from the blackboard keeps one Map and loads
// each new encoding into it, reusing its memory; a bad encoding leaves the
// map as it was.
func ExampleMap_Load() {
	explored := nav.NewMap(geom.Vec2{X: 0.3, Z: -0.1}, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc := explored.StartTile()
	explored.SetFloor(sr, sc+1, nav.FloorSwamp)
	b, _ := explored.MarshalBinary() // what explore publishes under nav.KeyMap

	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	if err := m.Load(b); err != nil {
		fmt.Println(err)
	}
	st := m.Start()
	fmt.Printf("floor east of the start: %v, start (%.2f, %.2f)\n", m.Floor(sr, sc+1) == nav.FloorSwamp, st.X, st.Z)

	v := m.Version()
	err := m.Load(b[:10])
	fmt.Println("truncated:", err != nil, "map unchanged:", m.Version() == v && m.Floor(sr, sc+1) == nav.FloorSwamp)
	// Output:
	// floor east of the start: true, start (0.30, -0.10)
	// truncated: true map unchanged: true
}

// A plugin follows the game clock's swamp multiplier with a SwampClock fed
// its position every step, and plans with it in its costs: in Erebus
// v26.1 every entry into the same swamp tile costs one more, up to ×10.
func ExampleSwampClock() {
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	sr, sc := m.StartTile()
	m.SetFloor(sr, sc+1, nav.FloorSwamp)
	swamp, out := m.TileCenter(sr, sc+1), m.Start()

	var clock nav.SwampClock
	for range 3 {
		fmt.Print(clock.Update(m, swamp, erebus.V26Rules), " ")
		clock.Update(m, out, erebus.V26Rules)
	}
	fmt.Println("next:", clock.NextMult(sr, sc+1))

	costs := nav.DefaultCosts()
	_, flat, _ := m.PlanTo(out, swamp, costs)
	costs.Swamps = &clock // the swamp tile now weighs 8 where it weighed 5
	_, worn, _ := m.PlanTo(out, swamp, costs)
	fmt.Printf("cost into the swamp %.2f, with the clock %.2f\n", flat, worn)
	// Output:
	// 5 6 7 next: 8
	// cost into the swamp 0.57, with the clock 0.89
}
