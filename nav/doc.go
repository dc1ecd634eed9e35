// Package nav holds the robot-side helpers every behavior may use: pose
// tracking, the robot's map at the resolution of the Erebus map matrix,
// shortest paths on it, a drive controller, the Erebus map-matrix builder
// and the blackboard encodings. It imports only the plugin contract
// (pluginpb), the Erebus facts (erebus) and the vector type (geom);
// behaviors use it as they use the SDK.
//
// # API summary
//
// Geometry (world XZ metres; yaw 0 faces −Z, counter-clockwise positive):
//
//	geom.Vec2{X, Z}                              // points: p.Dist(q), p.Add(q), p.Sub(q), …
//	type Pose struct{ geom.Vec2; Yaw float64 }   // p.Forward(d) geom.Vec2
//	func YawTowards(p, q geom.Vec2) float64; func WrapAngle(a float64) float64
//	const TileSize, QuarterSize, CellSize        // 0.12, 0.06, 0.03
//	type Robot struct{...}; func DefaultRobot() Robot
//
// Pose (one Tracker per plugin; feed it every Observation):
//
//	t := nav.NewTracker(nav.DefaultRobot())
//	pose := t.Update(obs)      // GPS position; yaw from IMU / wheels / gyro
//	t.YawKnown()               // false until the robot first drove straight ~3 cm
//	t.Relocated()              // this Observation saw a relocation (yaw reset to 0)
//	                           // skipped Observations: the encoders bridge the gap, not the gyro
//
// Map (explore builds it and publishes it under KeyMap; others decode it):
//
//	m := nav.NewMap(startCentre, nav.DefaultRobot(), nav.DefaultMapConfig())
//	m.Integrate(obs, pose) bool     // distance + colour sensors
//	m, err := nav.DecodeMap(obs.Blackboard[nav.KeyMap], nav.DefaultRobot())
//	err = m.Load(b)                 // the same into m, reusing its memory; m unchanged on error
//	var rd nav.MapReader            // rd.Robot = …; rd.Read(b) keeps one Map, skips unchanged encodings
//	m.TileOf(p) (row, col, ok); m.TileCenter(row, col) geom.Vec2; m.Floor(row, col) Floor
//	m.Start() geom.Vec2; m.Blocked(p) bool; m.Wall(row, col) bool (full-grid matrix cell)
//	m.HoleNear(p) bool               // a hole seen beside that node, tile unknown
//
// Paths (Dijkstra on a 6 cm lattice; walls, obstacles and holes blocked,
// swamps ×5, or with a SwampClock at what their next entry costs):
//
//	path, cost, ok := m.PlanTo(from, to, nav.DefaultCosts())
//	f := m.Search(from, costs); f.Cost(p); f.PathTo(p)   // one search, many goals
//	f.Reached() int                                      // nodes reached (few: hemmed in)
//	m.TileNodes(row, col) []geom.Vec2                    // free nodes of a tile
//	m.AppendTileNodes(dst, row, col) []geom.Vec2         // the same, into a reused buffer
//	Costs{Swamp, Swamps, Unknown, Edge, IgnoreObstacles, UnseenCorner, Squeeze, Corner, Stuck} // IgnoreObstacles: fallback
//	var c nav.SwampClock; c.Update(m, p, rules) // the game clock's swamp multiplier; costs.Swamps = &c
//	w, err := nav.NewRulesWatch("auto"); w.Add(step, gps); w.Rules() // the Erebus version, from the GPS noise
//	m.CloseCorners(p)                                    // stuck at p: no diagonal past wall ends there
//	m.Stuck(p)                                           // stuck at p: plans weigh the nodes there (Costs.Stuck)
//	m.PassWall(row, col) bool                            // plans pass that wall cell until a reading hits it again
//
// Driving (wheel rad/s; left, right):
//
//	d := nav.DefaultDriver()
//	l, r, arrived := d.Toward(pose, p, true)
//	l, r, done := d.Turn(pose, yaw)
//	var f nav.Follower; f.D = d; f.Set(path); l, r, done := f.Step(pose)
//	nav.HoleAhead(obs) bool          // colour sensor on a hole: stop and back off now
//	robot.EscapeYaw(pose, obs.Distance) // freest direction when wedged
//	m.EscapeYaw(robot, pose, obs.Distance) // the same, not towards a known hole
//	var h nav.HeldTurn; h.Held(pose) // each step of a turn: held (back off nav.HeldBackSteps)
//
// Map matrix and signs (exit takes the signs from signs.reported, which
// report writes):
//
//	m.Matrix(ss []signs.Sign) [][]string // docs/erebus-rules.md §3, ready for a Map outbound
//	m.SignCell(s) (row, col)         // the answer's cell of a sign
//
// # The map
//
// The map is a fixed grid of 4·n+1 × 4·n+1 cells (n = 2·MaxTiles+1 tiles)
// centred on the start tile, 3 cm apart, laid out exactly like the Erebus
// answer: even rows and columns are the lines walls stand on (tile edges
// and half-tile lines), odd-odd cells are quarter-tile centres. A distance
// reading that ends within SnapTol of a line votes for the nearest cell on
// it; a ray that passes through a line cell without ending votes against
// it; a cell is a wall with MinHits votes and at least FreeRatio times as
// many votes for as against (a little more in the middle of a quarter
// side, where no ray can graze past a wall's end). Curved walls come out as the answer draws
// them (two quarter edges, the corner left 0). Readings far from every
// line mark obstacles for planning only. The colour sensor gives each
// tile its floor; a hole is attributed to the tile just ahead of the
// sensor. A hole seen too near a tile edge to tell which tile it is on
// marks the node nearest the reading instead (HoleNear).
//
// The robot's centre travels on the nodes (cells with even row and
// column, 6 cm apart: tile centres, tile corners, middles of tile edges).
// A node is blocked when it or one of its four neighbouring cells is a
// wall, when an obstacle was seen within reach of the body, when it
// touches a hole tile or is marked HoleNear. Paths keep off tile corners
// beside tiles whose floor is unknown when they can (Costs.UnseenCorner:
// the colour sensor, ahead of the centre, never looks at the tiles beside
// the robot, so edge middles are the way into unseen tiles). A search from
// a point whose quarter has a blocked corner starts only from the corners
// the robot can drive to straight without grazing it.
package nav
