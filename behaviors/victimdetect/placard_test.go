package victimdetect

import "testing"

// TestHasPlacardColour checks the masked scan against isPlacardColour on
// every red and blue level (green swept coarsely).
func TestHasPlacardColour(t *testing.T) {
	for r := 0; r < 256; r++ {
		for g := 0; g < 256; g += 15 {
			for b := 0; b < 256; b++ {
				px := []byte{200, 210, 205, 255, uint8(b), uint8(g), uint8(r), 255}
				if got, want := hasPlacardColour(px), isPlacardColour(uint8(b), uint8(g), uint8(r)); got != want {
					t.Fatalf("(r %d, g %d, b %d): hasPlacardColour %v, isPlacardColour %v", r, g, b, got, want)
				}
			}
		}
	}
}

// TestDiamond checks the outline test on drawn outlines: a diamond, a
// square, and a triangle.
func TestDiamond(t *testing.T) {
	outline := func(n, h int, span func(i int) (int, int)) *blob {
		b := &blob{x0: 10, x1: 10 + n - 1, y0: 5, y1: 5 + h - 1, ok: true}
		for i := range n {
			t0, t1 := span(i)
			b.top, b.bot = append(b.top, 5+t0), append(b.bot, 5+t1)
		}
		return b
	}
	const n, h = 15, 15
	tests := []struct {
		name string
		b    *blob
		want bool
	}{
		{"diamond", outline(n, h, func(i int) (int, int) {
			d := min(i, n-1-i)
			return h/2 - d, h/2 + d
		}), true},
		{"square", outline(n, h, func(int) (int, int) { return 0, h - 1 }), false},
		{"triangle", outline(n, h, func(i int) (int, int) { return h - 1 - i, h - 1 }), false},
		{"small diamond", outline(5, 5, func(i int) (int, int) {
			d := min(i, 4-i)
			return 2 - d, 2 + d
		}), false},
	}
	for _, tc := range tests {
		if _, got := tc.b.diamond(); got != tc.want {
			t.Errorf("%s: diamond %v, want %v", tc.name, got, tc.want)
		}
	}
}
