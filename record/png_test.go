package record

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func TestWritePNG(t *testing.T) {
	rec, _ := demoRecording(t, 120, true)
	const ppt = 80
	var buf bytes.Buffer
	if err := WritePNG(&buf, rec, PNGOptions{PixelsPerTile: ppt}); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	a := rec.Arena
	margin := ppt / 3
	if b := img.Bounds(); b.Dx() < int(a.Cols)*ppt+2*margin || b.Dy() <= int(a.Rows)*ppt+2*margin {
		t.Fatalf("image %v too small for %d×%d tiles and a legend", b, a.Cols, a.Rows)
	}
	scale := ppt / a.Tile
	at := func(x, z float64) color.RGBA {
		p := image.Pt(int((x-a.Left)*scale)+margin, int((z-a.Top)*scale)+margin)
		return color.RGBAModel.Convert(img.At(p.X, p.Y)).(color.RGBA)
	}
	// The middle of the first wall is wall-coloured.
	wl := a.Walls[0]
	if c := at((wl.Ax+wl.Bx)/2, (wl.Az+wl.Bz)/2); c != wallColour {
		t.Errorf("wall drawn %v, want %v", c, wallColour)
	}
	// Each report's ring passes left of its centre in its outcome's colour.
	for _, r := range rec.Reports {
		want := outcomeRGBA(Outcome(r.Outcome))
		if c := at(r.EstX-0.014, r.EstZ); c != want {
			t.Errorf("report %s at (%.3f, %.3f): ring %v, want %v", r.Letter, r.EstX, r.EstZ, c, want)
		}
	}
	// The last pose carries the robot's disc.
	last := rec.Steps[len(rec.Steps)-1].True.Pos
	if c := at(last.X+0.02, last.Z); c != (color.RGBA{255, 212, 0, 255}) {
		t.Errorf("robot disc %v", c)
	}
	// Bad input.
	if err := WritePNG(&buf, &Recording{}, PNGOptions{}); err == nil {
		t.Error("no arena accepted")
	}
	if err := WritePNG(&buf, rec, PNGOptions{PixelsPerTile: 5}); err == nil {
		t.Error("5 px per tile accepted")
	}
}

func TestCompareMap(t *testing.T) {
	for _, c := range []struct {
		robot, answer [][]string
		want          MapDiff
	}{
		{nil, nil, MapDiff{}},
		{nil, [][]string{{"1", "0", "5"}}, MapDiff{Missing: 2}},
		{[][]string{{"1", "0", "5"}}, [][]string{{"1", "0", "5"}}, MapDiff{Right: 2}},
		{[][]string{{"1", "1", "0"}}, [][]string{{"1", "0", "5"}}, MapDiff{Right: 1, Wrong: 1, Missing: 1}},
		// Cells beyond the answer's frame are not compared.
		{[][]string{{"H", "0"}, {"1"}}, [][]string{{"S", "0"}}, MapDiff{Wrong: 1}},
		// Two letters match their reverse; the legacy "20" is left out.
		{[][]string{{"SH", "1"}}, [][]string{{"HS", "20"}}, MapDiff{Right: 1}},
		// A larger map, offset: placed by its start cell, as MapScorer does.
		{
			[][]string{{"0", "0", "0", "0"}, {"0", "1", "5", "1"}, {"0", "0", "H", "0"}},
			[][]string{{"1", "5", "1"}, {"0", "U", "0"}},
			MapDiff{Right: 3, Wrong: 1},
		},
	} {
		if got := CompareMap(c.robot, c.answer); got != c.want {
			t.Errorf("CompareMap(%v, %v) = %+v, want %+v", c.robot, c.answer, got, c.want)
		}
	}
}

func TestAlignMap(t *testing.T) {
	robot := [][]string{{"0", "0", "0"}, {"0", "5", "1"}}
	answer := [][]string{{"5", "1"}, {"0", "0"}}
	got := AlignMap(robot, answer)
	want := [][]string{{"5", "1"}, {"0", "0"}}
	if !matrixEqual(got, want) {
		t.Errorf("AlignMap = %v, want %v", got, want)
	}
	if AlignMap(nil, answer) != nil {
		t.Error("a nil map became a map")
	}
}
