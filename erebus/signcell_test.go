package erebus

import "testing"

// TestSignCell: the cells of docs/erebus-rules.md §3 "Signs" worked by hand
// for signs in tile (1, 2) of a matrix (tile centre t = 0.18 m in X, 0.30 m in Z).
func TestSignCell(t *testing.T) {
	for _, tc := range []struct {
		name     string
		tx, tz   float64
		w        SignWall
		row, col int
	}{
		// first estimate col = int(0.175/0.024) − int(0.175/0.12) = 7 − 1 = 6;
		// row = 4·int(0.33/0.12)+2 = 10, d = 0.33 − 0.30 = 0.03 > 0.02 → 11.
		{"along Z, off centre", 0.175, 0.33, SignWallAlongZ, 11, 6},
		// d = 0.01: inside the band, the middle row 10.
		{"along Z, near centre", 0.175, 0.31, SignWallAlongZ, 10, 6},
		// row = int(0.25/0.024) − int(0.25/0.12) = 10 − 2 = 8; col = 4·1+2 = 6, d = −0.03 → 5.
		{"along X, off centre", 0.15, 0.25, SignWallAlongX, 8, 5},
		// curved: col 6 −1 (0.15 < 0.18); row 10, d = 0.04 > 0.03 → 12.
		{"curved, below-left", 0.15, 0.34, SignWallCurved, 12, 5},
		// curved, exactly on the centre in X: col stays 6; d = 0.02 in Z: row 10.
		{"curved, on centre", 0.18, 0.32, SignWallCurved, 10, 6},
	} {
		row, col := SignCell(tc.tx, tc.tz, tc.w)
		if row != tc.row || col != tc.col {
			t.Errorf("%s: (%d, %d), want (%d, %d)", tc.name, row, col, tc.row, tc.col)
		}
	}
}
