package world

import (
	"strings"
	"testing"
)

// rows turns "1 1 0|0 5 0" style text into a matrix.
func rows(s string) [][]string {
	var out [][]string
	for _, r := range strings.Split(s, "|") {
		out = append(out, strings.Fields(r))
	}
	return out
}

func sameMatrix(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.Join(a[i], " ") != strings.Join(b[i], " ") {
			return false
		}
	}
	return true
}

func show(m [][]string) string {
	var sb strings.Builder
	for _, r := range m {
		sb.WriteString("\n" + strings.Join(r, " "))
	}
	return sb.String()
}

// TestAnswerRules checks answers built by hand from the rules of RULES.md
// §3 (each case names the rule) on ASCII arenas.
func TestAnswerRules(t *testing.T) {
	tests := []struct {
		name, arena, want string
	}{
		{
			// §3 Rules: curve 1 -> top edge (r,c),(r,c+1)=1, corner
			// (r,c+2)=0, right edge (r+1,c+2),(r+2,c+2)=1; the corner 0
			// is written after the tile's own top wall (later writes win).
			name: "half tile with curve 1",
			arena: `
+-+-+-+-+
|S S|7  |
+ + + + +
|S S|   |
+-+-+-+-+`,
			want: "1 1 1 1 1 1 0 1 1|1 5 0 5 1 0 1 0 1|1 0 0 0 1 0 1 0 1|1 5 0 5 1 0 0 0 1|1 1 1 1 1 1 1 1 1",
		},
		{
			// RULES §3 Verification (b): a curve's 0 written after a
			// neighbour's 1 gives 0 (curve 4 corner (r,c)).
			name: "curve corner overwrites neighbour's wall",
			arena: `
+-+-+ + +
.   .F  .
+ + + + +
.   .   .
+ + + + +`,
			want: "1 1 1 1 0 1 1 0 0|0 0 0 0 1 0 0 0 0|0 0 0 0 1 0 0 0 0|0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0",
		},
		{
			// §3 Rules: half-tile quadrant edges set the 3 cells along
			// them; quadrant 4 (BR) right edge -> (z+2..z+4, x+4).
			name: "half walls",
			arena: `
+ + +
.   .
+-+ +
. | .
+ + +`,
			want: "0 0 0 0 0|0 0 0 0 0|1 1 1 0 0|0 0 1 0 0|0 0 1 0 0",
		},
		{
			// §3 Rules: floor order trap, swamp, checkpoint, start, then the
			// colour overrides; passage letters from the rounded colour.
			name: "floors and passage colours",
			arena: `
+ + + + + + + + + + +
.X X ~ ~ C C S o y y.
+ + + + + + + + + + +
.X X ~ ~ C C     y y.
+ + + + + + + + + + +`,
			want: "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0|0 2 0 2 0 3 0 3 0 4 0 4 0 o 0 o 0 y 0 y 0|0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0|0 2 0 2 0 3 0 3 0 4 0 4 0 o 0 o 0 y 0 y 0|0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
		},
		{
			// §3: room 4 -> all 25 cells '*'; setAnswer never overwrites
			// '*' (the right tile's left wall), a later '*' overwrites.
			name: "area 4",
			arena: `
+-+-+-+-+-+-+
|4 4|   |4 4|
+ + + + + + +
|4 4|   |4 4|
+-+-+-+-+-+-+`,
			want: "* * * * * 1 1 1 * * * * *|* * * * * 0 0 0 * * * * *|* * * * * 0 0 0 * * * * *|* * * * * 0 0 0 * * * * *|* * * * * 1 1 1 * * * * *",
		},
		{
			// §3 Signs: vertical wall rows 4k+2 ±1 beyond ±0.02 m;
			// horizontal wall col 4k+2; curved branch col ±1, row ±2
			// beyond 0.03 m; two signs in one cell concatenate in (z, x)
			// order; a sign on '*' is skipped.
			name: "sign placement",
			arena: `
+-+-+
|   |
+ + +
|   |
+-+-+
|   |
+ + +
|   |
+ + +
|4 4|
+ + +
|4 4|
+-+-+
sign H tile 0 0 left -0.03
sign S tile 0 0 left
sign U tile 0 0 left 0.03
sign F tile 0 0 top
sign H at -0.03 -0.22 0.785
sign P tile 0 0 bottom
sign C tile 0 1 top
sign O tile 0 2 left`,
			want: "1 1 F H 1|H 0 0 0 1|S 0 0 0 1|U 0 0 0 1|1 1 PC 1 1|1 0 0 0 1|1 0 0 0 1|1 0 0 0 1|* * * * *|* * * * *|* * * * *|* * * * *|* * * * *",
		},
		{
			// MapAnswer.generateAnswer: obstacles write 'x' on the four
			// quarter centres of their tile.
			name: "obstacle",
			arena: `
+ + + + +
.       .
+ + + + +
.       .
+ + + + +
obstacle 0.01 -0.05 0.02 0.02`,
			want: "0 0 0 0 0 0 0 0 0|0 0 0 0 0 x 0 x 0|0 0 0 0 0 0 0 0 0|0 0 0 0 0 x 0 x 0|0 0 0 0 0 0 0 0 0",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := ParseASCII(tt.name, strings.TrimPrefix(tt.arena, "\n"))
			if err != nil {
				t.Fatal(err)
			}
			got, want := Answer(w), rows(tt.want)
			if !sameMatrix(got, want) {
				t.Errorf("answer:%s\nwant:%s", show(got), show(want))
			}
		})
	}
}

// TestAnswerDropsTrailingChild checks RULES §3 Order: the last WALLTILES
// child is dropped when its DEF is not TILE or START_TILE, even a tile.
func TestAnswerDropsTrailingChild(t *testing.T) {
	base := `DEF WALLTILES Group { children [
  DEF START_TILE worldTile { xPos 0 start TRUE width 2 height 1 room 1 }
  %s worldTile { xPos 1 topWall 1 width 2 height 1 room 1 }
] }`
	tests := []struct {
		def  string
		want string
	}{
		{"DEF TILE", "0 0 0 0 1 1 1 1 1|0 5 0 5 0 0 0 0 0|0 0 0 0 0 0 0 0 0|0 5 0 5 0 0 0 0 0|0 0 0 0 0 0 0 0 0"},
		{"DEF Area4_1", "0 0 0 0 0|0 5 0 5 0|0 0 0 0 0|0 5 0 5 0|0 0 0 0 0"},
		{"", "0 0 0 0 0|0 5 0 5 0|0 0 0 0 0|0 5 0 5 0|0 0 0 0 0"},
	}
	for _, tt := range tests {
		t.Run(tt.def, func(t *testing.T) {
			w, err := Parse("t.wbt", []byte(strings.Replace(base, "%s", tt.def, 1)))
			if err != nil {
				t.Fatal(err)
			}
			if got := Answer(w); !sameMatrix(got, rows(tt.want)) {
				t.Errorf("answer:%s\nwant:%s", show(got), show(rows(tt.want)))
			}
		})
	}
}
