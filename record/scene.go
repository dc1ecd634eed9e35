package record

import (
	"image/color"
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	fg "github.com/rescuekit/rescuekit/record/foxglovepb"
	"github.com/rescuekit/rescuekit/record/recordpb"
	"github.com/rescuekit/rescuekit/sim/world"
)

// arenaModel copies the arena of meta into its recorded form.
func arenaModel(meta Meta) *recordpb.Arena {
	w := meta.World
	a := &recordpb.Arena{
		Name: w.Name, Cols: int32(w.Cols), Rows: int32(w.Rows),
		Left: -w.Width*erebus.TileSize/2 - erebus.TileSize/2, Top: -w.Height*erebus.TileSize/2 - erebus.TileSize/2,
		Tile: erebus.TileSize, WallThickness: erebus.WallThickness,
		StartX: w.Start.Pos.X, StartZ: w.Start.Pos.Z, StartYaw: w.Start.Yaw,
		Seed: meta.Seed, Rules: meta.Rules, MaxScore: meta.MaxScore,
	}
	for _, s := range w.Walls {
		a.Walls = append(a.Walls, &recordpb.Segment{Ax: s.A.X, Az: s.A.Z, Bx: s.B.X, Bz: s.B.Z})
	}
	for _, c := range w.Arcs {
		a.Arcs = append(a.Arcs, &recordpb.Arc{Cx: c.Center.X, Cz: c.Center.Z, Radius: c.Radius, From: c.From, To: c.To})
	}
	for _, o := range w.Obstacles {
		a.Obstacles = append(a.Obstacles, &recordpb.Obstacle{Cx: o.Center.X, Cz: o.Center.Z, Hx: o.Half.X, Hz: o.Half.Z, Yaw: o.Yaw, Height: o.Height})
	}
	h := erebus.TileSize / 2
	for _, t := range w.Tiles {
		if !t.Floor && !t.Trap {
			continue
		}
		c := w.TileCenter(t.X, t.Z)
		kind := recordpb.Area_TILE
		switch t.Quarter().Floor {
		case world.FloorHole:
			kind = recordpb.Area_HOLE
		case world.FloorSwamp:
			kind = recordpb.Area_SWAMP
		case world.FloorCheckpoint:
			kind = recordpb.Area_CHECKPOINT
		case world.FloorStart:
			kind = recordpb.Area_START
		}
		col := floorColour(t)
		a.Areas = append(a.Areas, &recordpb.Area{
			Kind: kind, MinX: c.X - h, MinZ: c.Z - h, MaxX: c.X + h, MaxZ: c.Z + h, Room: int32(t.Room),
			Rgb: uint32(col.R)<<16 | uint32(col.G)<<8 | uint32(col.B),
		})
	}
	for _, s := range w.Signs {
		a.Signs = append(a.Signs, &recordpb.Sign{
			Letter: string(rune(s.Letter)), Hazard: s.Kind == world.Hazard, X: s.Pos.X, Z: s.Pos.Z,
			Nx: s.Normal.X, Nz: s.Normal.Z, Worth: int32(s.Worth), Room: int32(s.Room),
		})
	}
	return a
}

func rgbOf(c [3]float64) color.RGBA {
	f := func(v float64) uint8 { return uint8(math.Round(math.Max(0, math.Min(1, v)) * 255)) }
	return color.RGBA{f(c[0]), f(c[1]), f(c[2]), 255}
}

// floorColour is the colour a tile's floor is drawn with: the Erebus
// colours of holes, swamps, checkpoints, start and passages, grey
// otherwise, darker in area 4.
func floorColour(t world.Tile) color.RGBA {
	var c color.RGBA
	switch q := t.Quarter(); {
	case q.Floor == world.FloorHole:
		c = color.RGBA{20, 20, 20, 255}
	case q.Floor == world.FloorStart:
		c = color.RGBA{8, 213, 8, 255}
	case q.Floor == world.FloorCheckpoint:
		c = color.RGBA{190, 190, 200, 255}
	case q.Floor == world.FloorSwamp:
		c = color.RGBA{132, 100, 49, 255}
	case q.Passage != 0 || t.Color != [3]float64{}:
		c = rgbOf(t.Color)
	default:
		c = color.RGBA{162, 162, 162, 255}
	}
	if t.Room == 4 {
		c.R, c.G, c.B = uint8(int(c.R)*3/4), uint8(int(c.G)*3/4), uint8(int(c.B)*3/4)
	}
	return c
}

func fgColour(c color.RGBA) *fg.Color {
	return &fg.Color{R: float64(c.R) / 255, G: float64(c.G) / 255, B: float64(c.B) / 255, A: float64(c.A) / 255}
}

var (
	wallColour     = color.RGBA{51, 120, 133, 255}
	obstacleColour = color.RGBA{110, 110, 110, 255}
)

// outcomeColour is the colour of a report by outcome: green hit, orange
// wrong type, red miss, grey unknown.
func outcomeColour(o Outcome) *fg.Color { return fgColour(outcomeRGBA(o)) }

func outcomeRGBA(o Outcome) color.RGBA {
	switch o {
	case Hit:
		return color.RGBA{20, 170, 60, 255}
	case WrongType:
		return color.RGBA{240, 150, 0, 255}
	case Miss:
		return color.RGBA{220, 30, 30, 255}
	}
	return color.RGBA{120, 120, 120, 255}
}

func identity() *fg.Pose { return &fg.Pose{Position: &fg.Vector3{}, Orientation: zRot(0)} }

// arenaScene is the arena as Foxglove scene entities: floors, walls, arcs,
// obstacles and signs.
func arenaScene(a *recordpb.Arena) *fg.SceneUpdate {
	ts := stamp(0)
	ent := func(id string) *fg.SceneEntity {
		return &fg.SceneEntity{Timestamp: ts, FrameId: FrameWorld, Id: id, Lifetime: forever()}
	}
	floor := ent("floor")
	for _, ar := range a.Areas {
		c := color.RGBA{uint8(ar.Rgb >> 16), uint8(ar.Rgb >> 8), uint8(ar.Rgb), 255}
		mid := geom.Vec2{X: (ar.MinX + ar.MaxX) / 2, Z: (ar.MinZ + ar.MaxZ) / 2}
		floor.Cubes = append(floor.Cubes, &fg.CubePrimitive{
			Pose: &fg.Pose{Position: fgPoint(mid, -0.001), Orientation: zRot(0)},
			Size: &fg.Vector3{X: ar.MaxX - ar.MinX, Y: ar.MaxZ - ar.MinZ, Z: 0.002}, Color: fgColour(c),
		})
	}
	walls := ent("walls")
	wc := fgColour(wallColour)
	for _, s := range a.Walls {
		dx, dz := s.Bx-s.Ax, s.Bz-s.Az
		mid := geom.Vec2{X: (s.Ax + s.Bx) / 2, Z: (s.Az + s.Bz) / 2}
		walls.Cubes = append(walls.Cubes, &fg.CubePrimitive{
			Pose: &fg.Pose{Position: fgPoint(mid, erebus.WallHeight/2), Orientation: zRot(math.Atan2(-dz, dx))},
			Size: &fg.Vector3{X: math.Hypot(dx, dz) + a.WallThickness, Y: a.WallThickness, Z: erebus.WallHeight}, Color: wc,
		})
	}
	for _, c := range a.Arcs {
		l := &fg.LinePrimitive{Type: fg.LinePrimitive_LINE_STRIP, Pose: identity(), Thickness: a.WallThickness, Color: wc}
		to, ok := arcSpan(c.From, c.To)
		if !ok {
			continue
		}
		const n = 12
		for _, h := range []float64{0, erebus.WallHeight} {
			if h > 0 {
				l = &fg.LinePrimitive{Type: fg.LinePrimitive_LINE_STRIP, Pose: identity(), Thickness: a.WallThickness, Color: wc}
			}
			for i := range n + 1 {
				ang := c.From + (to-c.From)*float64(i)/n
				l.Points = append(l.Points, &fg.Point3{X: c.Cx + c.Radius*math.Cos(ang), Y: -(c.Cz + c.Radius*math.Sin(ang)), Z: h})
			}
			walls.Lines = append(walls.Lines, l)
		}
	}
	obst := ent("obstacles")
	for _, o := range a.Obstacles {
		obst.Cubes = append(obst.Cubes, &fg.CubePrimitive{
			Pose: &fg.Pose{Position: fgPoint(geom.Vec2{X: o.Cx, Z: o.Cz}, o.Height/2), Orientation: zRot(o.Yaw)},
			Size: &fg.Vector3{X: 2 * o.Hx, Y: 2 * o.Hz, Z: o.Height}, Color: fgColour(obstacleColour),
		})
	}
	signs := ent("signs")
	for _, s := range a.Signs {
		p := geom.Vec2{X: s.X, Z: s.Z}
		col := fgColour(world.SignColour(first(s.Letter)))
		signs.Cubes = append(signs.Cubes, &fg.CubePrimitive{
			Pose: &fg.Pose{Position: fgPoint(p, erebus.WallHeight/2), Orientation: zRot(math.Atan2(-s.Nz, s.Nx))},
			Size: &fg.Vector3{X: 0.002, Y: erebus.SignSize, Z: erebus.SignSize}, Color: col,
		})
		signs.Texts = append(signs.Texts, &fg.TextPrimitive{
			Pose:      &fg.Pose{Position: fgPoint(geom.Vec2{X: s.X + 0.02*s.Nx, Z: s.Z + 0.02*s.Nz}, erebus.WallHeight+0.01), Orientation: zRot(0)},
			Billboard: true, FontSize: 12, ScaleInvariant: true, Color: col, Text: s.Letter,
		})
	}
	return &fg.SceneUpdate{Entities: []*fg.SceneEntity{floor, walls, obst, signs}}
}
