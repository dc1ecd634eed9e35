package referee

import (
	"testing"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// The test arena: 4 columns × 2 rows of tiles, area = column + 1.
//
//	z\x   0        1          2         3
//	0     START    CP (a2)    H1 (a3)   V3 (a4)
//	1     V1 (a1)  V2,V4 (a2) SWAMP(a3) CP (a4)
//	                          H2 at (0,0)
//
// Every sign hangs 0.055 m towards −Z from its tile centre, facing +Z.
const (
	testCols, testRows = 4, 2
	signOffset         = 0.055
)

// Sign indices in testWorld().Signs (victims first, then hazards).
const (
	sV1 = iota // harmed, area 1, worth 15
	sV2        // stable, area 2, worth 15
	sV4        // harmed, area 2, at the same spot as V2 (ties)
	sV3        // unharmed, area 4, worth 5
	sH1        // hazard F, area 3, worth 30
	sH2        // hazard O at the origin (exact distances), area 3, worth 10
)

func tileCenter(x, z int) geom.Vec2 {
	return geom.Vec2{
		X: float64(x)*world.TileSize - float64(testCols)*world.TileSize/2,
		Z: float64(z)*world.TileSize - float64(testRows)*world.TileSize/2,
	}
}

func tileBox(x, z int) world.Box {
	c := tileCenter(x, z)
	h := world.TileSize / 2
	return world.Box{Min: geom.Vec2{X: c.X - h, Z: c.Z - h}, Max: geom.Vec2{X: c.X + h, Z: c.Z + h}}
}

func signAt(x, z int) geom.Vec2 {
	c := tileCenter(x, z)
	return geom.Vec2{X: c.X, Z: c.Z - signOffset}
}

// testWorld builds the test arena by hand (no .wbt parser involved).
func testWorld() *world.World {
	w := &world.World{
		Name:          "test",
		BasicTimeStep: 16,
		GameTime:      480,
		Cols:          testCols,
		Rows:          testRows,
		Width:         testCols,
		Height:        testRows,
	}
	for x := 0; x < testCols; x++ { // x-major, as Erebus's WALLTILES
		for z := 0; z < testRows; z++ {
			t := world.Tile{DEF: "TILE", X: x, Z: z, Room: x + 1,
				Width: testCols, Height: testRows, Color: [3]float64{0.635, 0.635, 0.635}}
			switch {
			case x == 0 && z == 0:
				t.DEF, t.Start = "START_TILE", true
			case x == 1 && z == 0, x == 3 && z == 1:
				t.Checkpoint = true
			case x == 2 && z == 1:
				t.Swamp = true
			}
			if z == 0 {
				t.Top = 1
			}
			if z == testRows-1 {
				t.Bottom = 1
			}
			if x == 0 {
				t.Left = 1
			}
			if x == testCols-1 {
				t.Right = 1
			}
			w.Tiles = append(w.Tiles, t)
		}
	}
	w.Starts = []world.Box{tileBox(0, 0)}
	w.Checkpoints = []world.Box{tileBox(1, 0), tileBox(3, 1)}
	w.Swamps = []world.Box{tileBox(2, 1)}
	facePlusZ := geom.Vec2{X: 0, Z: 1}
	rot := [4]float64{0, 1, 0, 3.14159} // yaw π faces +Z
	w.Signs = []world.Sign{
		{Kind: world.Victim, Type: "harmed", Letter: 'H', Name: "V1", Pos: signAt(0, 1), Normal: facePlusZ, Rotation: rot, Worth: 15, Room: 1},
		{Kind: world.Victim, Type: "stable", Letter: 'S', Name: "V2", Pos: signAt(1, 1), Normal: facePlusZ, Rotation: rot, Worth: 15, Room: 2},
		{Kind: world.Victim, Type: "harmed", Letter: 'H', Name: "V4", Pos: signAt(1, 1), Normal: facePlusZ, Rotation: rot, Worth: 5, Room: 2},
		{Kind: world.Victim, Type: "unharmed", Letter: 'U', Name: "V3", Pos: signAt(3, 0), Normal: facePlusZ, Rotation: rot, Worth: 5, Room: 4},
		{Kind: world.Hazard, Type: "F", Letter: 'F', Name: "H1", Pos: signAt(2, 0), Normal: facePlusZ, Rotation: rot, Worth: 30, Room: 3},
		{Kind: world.Hazard, Type: "O", Letter: 'O', Name: "H2", Pos: geom.Vec2{}, Normal: facePlusZ, Rotation: rot, Worth: 10, Room: 3},
	}
	w.Start = world.Pose{Pos: tileCenter(0, 0)}
	return w
}

// driver feeds a referee step by step with exact, hand-chosen times.
type driver struct {
	t      *testing.T
	r      *Referee
	time   float64 // simulation time of the last step
	real   float64
	pos    geom.Vec2
	y      float64
	moving bool
	last   Output
}

func newDriver(t *testing.T, w *world.World, cfg Config) *driver {
	t.Helper()
	r, err := New(w, cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return &driver{t: t, r: r, pos: center(w.StartBox()), y: world.FloorY}
}

// stepTo runs one step ending at simulation time t (Dt = t − previous).
func (d *driver) stepTo(t float64, pkt []byte) Output {
	dt := t - d.time
	d.time = t
	d.real += dt
	in := Input{Time: t, Dt: dt, Pos: d.pos, Y: d.y, Packet: pkt, RealElapsed: d.real}
	if d.moving {
		in.Velocity = [6]float64{0.05, 0, 0, 0, 0, 0.3}
	}
	out := d.r.Step(in)
	if out.Relocate != nil {
		d.pos, d.y = out.Relocate.Pos, world.FloorY
	}
	d.last = out
	return out
}

// step runs one 16 ms step.
func (d *driver) step(pkt []byte) Output { return d.stepTo(d.time+0.016, pkt) }

// moveTo drives to p (one moving step, whole seconds so later times stay
// exact) and then stands still there: the stop timer starts at the
// returned time.
func (d *driver) moveTo(p geom.Vec2) float64 {
	d.pos, d.moving = p, true
	d.stepTo(d.time+1, nil)
	d.moving = false
	d.stepTo(d.time+1, nil)
	return d.time
}

// send stands still until `stopped` seconds after the stop timer started at
// t0 and sends pkt in that step.
func (d *driver) send(t0, stopped float64, pkt []byte) Output {
	return d.stepTo(t0+stopped, pkt)
}

func enc(t *testing.T, m comms.Message) []byte {
	t.Helper()
	b, err := comms.Encode(m)
	if err != nil {
		t.Fatalf("Encode(%v): %v", m, err)
	}
	return b
}

// reportAt encodes a report of letter at p (cm, rounded to nearest).
func reportAt(t *testing.T, p geom.Vec2, letter byte) []byte {
	t.Helper()
	return enc(t, comms.Report{X: int32(roundHalf(p.X * 100)), Z: int32(roundHalf(p.Z * 100)), Type: letter})
}

func roundHalf(x float64) float64 {
	if x < 0 {
		return -roundHalf(-x)
	}
	return float64(int64(x + 0.5))
}

func cmd(c comms.Command) []byte { return []byte{byte(c)} }

func add(a, b geom.Vec2) geom.Vec2 { return geom.Vec2{X: a.X + b.X, Z: a.Z + b.Z} }

func hasEvent(evs []Event, what string) bool {
	for _, e := range evs {
		if e.What == what {
			return true
		}
	}
	return false
}

func near(a, b float64) bool {
	d := a - b
	return d < 1e-9 && d > -1e-9
}
