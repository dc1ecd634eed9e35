package world

import (
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
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

// TestAnswerRules checks answers built by hand from the rules of docs/erebus-rules.md
// §3 (each case names the rule) on ASCII arenas.
func TestAnswerRules(t *testing.T) {
	tests := []struct {
		name, arena, want string
		rules             erebus.Rules // zero: v25.0.1
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
			// docs/erebus-rules.md §3 Verification (b): a curve's 0 written after a
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
			// v25 MapAnswer l.61-90 never reads OBSTACLES (v26 §1, §6).
			name: "obstacle v25",
			arena: `
+ + + + +
.       .
+ + + + +
.       .
+ + + + +
obstacle 0.01 -0.05 0.02 0.02`,
			want: "0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0|0 0 0 0 0 0 0 0 0",
		},
		{
			// v26 MA l.555-564: an obstacle writes 'x' on the four quarter
			// centres of the tile of its centre, over the floor values.
			name:  "obstacle v26",
			rules: erebus.V26Rules,
			arena: `
+ + + + +
.    ~ ~.
+ + + + +
.    ~ ~.
+ + + + +
obstacle 0.01 -0.05 0.02 0.02`,
			want: "0 0 0 0 0 0 0 0 0|0 0 0 0 0 x 0 x 0|0 0 0 0 0 0 0 0 0|0 0 0 0 0 x 0 x 0|0 0 0 0 0 0 0 0 0",
		},
		{
			// v26 MA l.560 (26.1, ee2fd66): no 'x' where [row+1][col+1]
			// is '*' (area 4).
			name:  "obstacle over area 4 v26",
			rules: erebus.V26Rules,
			arena: `
+ + + + +
.   .4 4.
+ + + + +
.   .4 4.
+ + + + +
obstacle 0.01 -0.05 0.02 0.02`,
			want: "0 0 0 0 * * * * *|0 0 0 0 * * * * *|0 0 0 0 * * * * *|0 0 0 0 * * * * *|0 0 0 0 * * * * *",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := ParseASCII(tt.name, strings.TrimPrefix(tt.arena, "\n"))
			if err != nil {
				t.Fatal(err)
			}
			w.Rules = tt.rules
			got, want := Answer(w), rows(tt.want)
			if !sameMatrix(got, want) {
				t.Errorf("answer:%s\nwant:%s", show(got), show(want))
			}
		})
	}
}

// TestAnswerDropsTrailingChild checks docs/erebus-rules.md §3 Order: the last WALLTILES
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

// TestAnswerTargetLetters checks v26 MA l.452-477 (v26 §6): a target's code
// sums to F P C O (K −2 R −1 Y 0 G +1 B +2), any other sum and the blanked
// type write nothing; v25 MA writes a hazard's type as it is.
func TestAnswerTargetLetters(t *testing.T) {
	tests := []struct {
		rules    erebus.Rules
		typ      string
		want     string
		wantSkip bool
	}{
		{erebus.V26Rules, "KRYGB", "F", false}, // −2−1+0+1+2 = 0
		{erebus.V26Rules, "YYYYG", "P", false}, // 1
		{erebus.V26Rules, "BYYYY", "C", false}, // 2
		{erebus.V26Rules, "BGYYY", "O", false}, // 3
		{erebus.V26Rules, "BBYYY", "", true},   // 4: invalid sum
		{erebus.V26Rules, "KKKKK", "", true},   // −10
		{erebus.V26Rules, BlankTarget, "", true},
		{erebus.V26Rules, "harmed", "H", false},
		{erebus.V26Rules, "stable", "S", false},
		{erebus.V26Rules, "unharmed", "U", false},
		{erebus.V26Rules, "F", "", true}, // a hazmat letter is not understood
		{erebus.V25Rules, "F", "F", false},
		{erebus.V25Rules, "harmed", "H", false},
	}
	for _, tt := range tests {
		got, ok := answerLetter(tt.rules, tt.typ)
		if ok == tt.wantSkip || got != tt.want {
			t.Errorf("%s %q: letter %q, written %v; want %q, written %v", tt.rules, tt.typ, got, ok, tt.want, !tt.wantSkip)
		}
	}
}
