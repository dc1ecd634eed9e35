package nav

import "testing"

// TestArea4BeyondPassage: the robot saw a green connection (areas 1 and 4)
// next to the start and the tiles around, but not the tiles beyond the
// connection: those are area 4, '*' in the matrix (a world whose area 4 the
// robot never drove into used to get '0' there, and a map score far below
// what it saw).
func TestArea4BeyondPassage(t *testing.T) {
	// A row of five tiles: start, green, two unknown, plain; walls above
	// and below the row keep it one tile high.
	m := NewMap(Point{}, DefaultRobot(), DefaultMapConfig())
	r, c := m.StartTile()
	m.SetFloor(r, c, FloorPlain)
	m.SetFloor(r, c+1, FloorGreen)
	m.SetFloor(r, c+4, FloorPlain)
	for k := c; k <= c+4; k++ {
		for j := 0; j <= 4; j++ {
			m.SetWall(4*r, 4*k+j)
			m.SetWall(4*r+4, 4*k+j)
		}
	}
	// A wall between the unknown tiles and the plain tile at the end.
	for j := 0; j <= 4; j++ {
		m.SetWall(4*r+j, 4*(c+4))
	}
	area := m.Areas()
	n := 2*MaxTiles + 1
	for _, tc := range []struct {
		col  int
		want int8
	}{{c, 1}, {c + 2, 4}, {c + 3, 4}} {
		if got := area[r*n+tc.col]; got != tc.want {
			t.Errorf("tile %d of the row: area %d, want %d", tc.col-c, got, tc.want)
		}
	}
	mx := m.Matrix(nil)
	star := 0
	for _, row := range mx {
		for _, v := range row {
			if v == "*" {
				star++
			}
		}
	}
	if star != 2*25-5 {
		t.Errorf("%d cells '*', want the two unknown tiles' 45", star)
	}
}
