package record

import (
	"image/color"

	"github.com/rescuekit/rescuekit/erebus"
	fg "github.com/rescuekit/rescuekit/record/foxglovepb"
	"github.com/rescuekit/rescuekit/sim/world"
)

// CellSize is the pitch of the Erebus map matrix (m): four cells per tile,
// neighbouring tiles sharing their border cells (docs/erebus-rules.md §3 "Grid").
const CellSize = erebus.TileSize / 4

func first(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

// cellColour is the colour a matrix cell is drawn with (docs/erebus-rules.md §3
// "Rules", legend): '0' and ” transparent, '1' wall, '2' hole, '3' swamp,
// '4' checkpoint, '5' start, passage letters in their colours, sign
// letters in the sign colours, '*' (area 4) dark.
func cellColour(s string) color.RGBA {
	switch s {
	case "", "0":
		return color.RGBA{}
	case "1":
		return wallColour
	case "2":
		return color.RGBA{20, 20, 20, 255}
	case "3":
		return color.RGBA{132, 100, 49, 255}
	case "4":
		return color.RGBA{190, 190, 200, 255}
	case "5":
		return color.RGBA{8, 213, 8, 255}
	case "*":
		return color.RGBA{60, 60, 80, 255}
	case "b":
		return color.RGBA{25, 25, 230, 255}
	case "p":
		return color.RGBA{77, 25, 153, 255}
	case "r":
		return color.RGBA{230, 25, 25, 255}
	case "g":
		return color.RGBA{0, 204, 0, 255}
	case "o":
		return color.RGBA{230, 153, 25, 255}
	case "y":
		return color.RGBA{230, 230, 25, 255}
	}
	return world.SignColour(s[0])
}

// matrixGrid is m as a Foxglove Grid of RGBA cells, placed on the arena so
// that cell (r, c) lies at x = left + c·CellSize, z = top + r·CellSize
// (Foxglove's grid rows run along +y, that is −z: rows are stored
// bottom-up).
func matrixGrid(meta Meta, t uint64, m [][]string) *fg.Grid {
	w := meta.World
	left := -w.Width*erebus.TileSize/2 - erebus.TileSize/2
	top := -w.Height*erebus.TileSize/2 - erebus.TileSize/2
	rows, cols := len(m), 0
	for _, row := range m {
		cols = max(cols, len(row))
	}
	data := make([]byte, 4*rows*cols)
	for r, row := range m {
		out := data[4*cols*(rows-1-r):]
		for c, v := range row {
			col := cellColour(v)
			if col.A != 0 {
				col.A = 200
			}
			out[4*c], out[4*c+1], out[4*c+2], out[4*c+3] = col.R, col.G, col.B, col.A
		}
	}
	bottom := top + float64(rows-1)*CellSize + CellSize/2
	return &fg.Grid{
		Timestamp: stamp(t), FrameId: FrameWorld,
		Pose:        &fg.Pose{Position: &fg.Vector3{X: left - CellSize/2, Y: -bottom, Z: 0.001}, Orientation: zRot(0)},
		ColumnCount: uint32(cols), CellSize: &fg.Vector2{X: CellSize, Y: CellSize},
		RowStride: uint32(4 * cols), CellStride: 4,
		Fields: []*fg.PackedElementField{
			{Name: "red", Offset: 0, Type: fg.PackedElementField_UINT8},
			{Name: "green", Offset: 1, Type: fg.PackedElementField_UINT8},
			{Name: "blue", Offset: 2, Type: fg.PackedElementField_UINT8},
			{Name: "alpha", Offset: 3, Type: fg.PackedElementField_UINT8},
		},
		Data: data,
	}
}
