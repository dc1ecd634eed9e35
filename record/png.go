package record

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"

	"github.com/rescuekit/rescuekit/sim/world"
)

// PNGOptions tune WritePNG; the zero value is the default.
type PNGOptions struct {
	// PixelsPerTile is the scale (0: 80; 16..400).
	PixelsPerTile int
}

// WritePNG draws the game of rec as one PNG: the arena from above (floors,
// walls, obstacles, signs), the robot's path from light to dark, each
// report where it was sent with its outcome (green hit, orange wrong type,
// red miss; a dashed line joins it to where the robot was), the cells
// where the robot's last map differs from the answer (red wrong, orange
// missing; nothing when no map was sent), a scale bar and a legend with
// the score.
func WritePNG(w io.Writer, rec *Recording, opt PNGOptions) error {
	if rec == nil || rec.Arena == nil {
		return errors.New("record: the recording has no arena (not a rescuekit recording, or cut before its first chunk)")
	}
	ppt := opt.PixelsPerTile
	if ppt == 0 {
		ppt = 80
	}
	a := rec.Arena
	if ppt < 16 || ppt > 400 {
		return fmt.Errorf("record: PixelsPerTile %d out of range 16..400", ppt)
	}
	if a.Cols <= 0 || a.Rows <= 0 || int64(a.Cols)*int64(ppt) > 16000 || int64(a.Rows)*int64(ppt) > 16000 || !(a.Tile > 0 && a.Tile < 10) {
		return fmt.Errorf("record: arena of %d×%d tiles cannot be drawn at %d px per tile", a.Cols, a.Rows, ppt)
	}
	if px := int64(a.Cols) * int64(a.Rows) * int64(ppt) * int64(ppt); px > 64<<20 {
		return fmt.Errorf("record: a picture of %d×%d tiles at %d px per tile would have %d Mpixels; use fewer pixels per tile", a.Cols, a.Rows, ppt, px>>20)
	}
	k := max(1, ppt/40) // font scale
	margin := ppt / 3
	aw, ah := int(a.Cols)*ppt, int(a.Rows)*ppt
	legendH := 4*8*k + 4*k
	width := max(aw+2*margin, textWidth("WRONG TYPE  MISS  MAP: WRONG  MISSING", k)+2*margin)
	img := image.NewRGBA(image.Rect(0, 0, width, ah+2*margin+legendH))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{255, 255, 255, 255}), image.Point{}, draw.Src)
	scale := float64(ppt) / a.Tile
	px := func(x, z float64) (float64, float64) {
		return (x-a.Left)*scale + float64(margin), (z-a.Top)*scale + float64(margin)
	}

	for _, ar := range a.Areas {
		x0, y0 := px(ar.MinX, ar.MinZ)
		x1, y1 := px(ar.MaxX, ar.MaxZ)
		fill(img, image.Rect(int(math.Round(x0)), int(math.Round(y0)), int(math.Round(x1)), int(math.Round(y1))),
			color.RGBA{uint8(ar.Rgb >> 16), uint8(ar.Rgb >> 8), uint8(ar.Rgb), 255})
	}
	// Map errors, under the walls.
	last := AlignMap(rec.MapAtStep(len(rec.Steps)-1), rec.Answer)
	diff := CompareMap(last, rec.Answer)
	cs := CellSize * scale
	for r := range max(len(last), len(rec.Answer)) {
		if last == nil {
			break // no map sent: nothing to compare
		}
		for c := range max(rowLen(last, r), rowLen(rec.Answer, r)) {
			var col color.RGBA
			switch ClassifyCell(cell(last, r, c), cell(rec.Answer, r, c)) {
			case CellWrong:
				col = color.RGBA{214, 40, 40, 150}
			case CellMissing:
				col = color.RGBA{242, 177, 52, 150}
			default:
				continue
			}
			cx, cy := px(a.Left+float64(c)*CellSize, a.Top+float64(r)*CellSize)
			h := cs * 0.35
			blend(img, image.Rect(int(cx-h), int(cy-h), int(cx+h)+1, int(cy+h)+1), col)
		}
	}
	wallW := math.Max(a.WallThickness*scale, 2)
	for _, s := range a.Walls {
		x0, y0 := px(s.Ax, s.Az)
		x1, y1 := px(s.Bx, s.Bz)
		line(img, x0, y0, x1, y1, wallW, wallColour)
	}
	for _, c := range a.Arcs {
		to, ok := arcSpan(c.From, c.To)
		if !ok {
			continue
		}
		const n = 24
		for i := range n {
			t0, t1 := c.From+(to-c.From)*float64(i)/n, c.From+(to-c.From)*float64(i+1)/n
			x0, y0 := px(c.Cx+c.Radius*math.Cos(t0), c.Cz+c.Radius*math.Sin(t0))
			x1, y1 := px(c.Cx+c.Radius*math.Cos(t1), c.Cz+c.Radius*math.Sin(t1))
			line(img, x0, y0, x1, y1, wallW, wallColour)
		}
	}
	for _, o := range a.Obstacles {
		sn, cn := math.Sincos(o.Yaw)
		corner := func(u, v float64) (float64, float64) {
			// A rotation by yaw about +y: x' = x cos + z sin, z' = −x sin + z cos.
			return px(o.Cx+u*cn+v*sn, o.Cz-u*sn+v*cn)
		}
		x0, y0 := corner(-o.Hx, -o.Hz)
		x1, y1 := corner(o.Hx, -o.Hz)
		x2, y2 := corner(o.Hx, o.Hz)
		x3, y3 := corner(-o.Hx, o.Hz)
		polygon(img, [][2]float64{{x0, y0}, {x1, y1}, {x2, y2}, {x3, y3}}, obstacleColour)
	}
	for _, s := range a.Signs {
		x, y := px(s.X, s.Z)
		h := math.Max(0.016*scale/2, 3)
		fill(img, image.Rect(int(x-h), int(y-h), int(x+h)+1, int(y+h)+1), world.SignColour(first(s.Letter)))
		tx, ty := px(s.X+s.Nx*0.025, s.Z+s.Nz*0.025)
		drawText(img, int(tx)-2*k, int(ty)-3*k, k, s.Letter, world.SignColour(first(s.Letter)))
	}
	// Path, light to dark.
	n := len(rec.Steps)
	for i := 1; i < n; i++ {
		p, q := rec.Steps[i-1].True.Pos, rec.Steps[i].True.Pos
		if math.Hypot(q.X-p.X, q.Z-p.Z) > a.Tile { // a relocation: no line
			continue
		}
		f := float64(i) / float64(n)
		col := color.RGBA{uint8(120 - 100*f), uint8(170 - 130*f), uint8(230 - 130*f), 255}
		x0, y0 := px(p.X, p.Z)
		x1, y1 := px(q.X, q.Z)
		line(img, x0, y0, x1, y1, math.Max(float64(ppt)/40, 1.5), col)
	}
	if n > 0 {
		p := rec.Steps[0].True.Pos
		x, y := px(p.X, p.Z)
		ring(img, x, y, 0.02*scale, math.Max(float64(ppt)/40, 1.5), color.RGBA{20, 40, 100, 255})
		q := rec.Steps[n-1].True
		x, y = px(q.Pos.X, q.Pos.Z)
		disc(img, x, y, 0.037*scale, color.RGBA{255, 212, 0, 255})
		hx, hy := px(q.Pos.X-math.Sin(q.Yaw)*0.037, q.Pos.Z-math.Cos(q.Yaw)*0.037)
		line(img, x, y, hx, hy, math.Max(float64(ppt)/30, 2), color.RGBA{40, 40, 40, 255})
	}
	for _, r := range rec.Reports {
		col := outcomeRGBA(Outcome(r.Outcome))
		x0, y0 := px(r.RobotX, r.RobotZ)
		x1, y1 := px(r.EstX, r.EstZ)
		dashed(img, x0, y0, x1, y1, math.Max(float64(ppt)/60, 1), col)
		ring(img, x1, y1, 0.014*scale, math.Max(float64(ppt)/40, 2), col)
		drawText(img, int(x1)-2*k, int(y1-0.014*scale)-7*k, k, r.Letter, col)
	}

	// Scale bar: one tile.
	y := ah + 2*margin - margin/2
	fill(img, image.Rect(margin, y, margin+ppt, y+max(2, k)), color.RGBA{0, 0, 0, 255})
	fill(img, image.Rect(margin, y-3*k, margin+max(1, k/2), y+3*k), color.RGBA{0, 0, 0, 255})
	fill(img, image.Rect(margin+ppt-max(1, k/2), y-3*k, margin+ppt, y+3*k), color.RGBA{0, 0, 0, 255})
	drawText(img, margin+ppt+4*k, y-2*k, k, strconv.FormatFloat(a.Tile, 'f', -1, 64)+" M", color.RGBA{0, 0, 0, 255})

	// Legend.
	ly := ah + 2*margin + 2*k
	lx := margin
	item := func(c color.RGBA, label string) {
		fill(img, image.Rect(lx, ly, lx+5*k, ly+5*k), c)
		drawText(img, lx+7*k, ly, k, label, color.RGBA{30, 30, 30, 255})
		lx += 7*k + textWidth(label, k) + 5*k
	}
	item(color.RGBA{40, 90, 160, 255}, "PATH")
	item(outcomeRGBA(Hit), "HIT")
	item(outcomeRGBA(WrongType), "WRONG TYPE")
	item(outcomeRGBA(Miss), "MISS")
	ly += 8 * k
	lx = margin
	item(color.RGBA{214, 40, 40, 255}, "MAP: WRONG")
	item(color.RGBA{242, 177, 52, 255}, "MISSING")
	ly += 8 * k
	lx = margin
	score := 0.0
	t := 0.0
	if n > 0 {
		score, t = rec.Steps[n-1].Score, rec.Steps[n-1].Time
	}
	txt := "SCORE " + strconv.FormatFloat(score, 'f', -1, 64)
	if a.MaxScore > 0 {
		txt += " / " + strconv.FormatFloat(a.MaxScore, 'f', 2, 64)
	}
	txt += "  T " + strconv.FormatFloat(t, 'f', 1, 64) + " S"
	drawText(img, lx, ly, k, txt, color.RGBA{0, 0, 0, 255})
	ly += 8 * k
	mapTxt := fmt.Sprintf("MAP %d RIGHT %d WRONG %d MISSING", diff.Right, diff.Wrong, diff.Missing)
	if last == nil {
		mapTxt = "MAP: NONE SENT"
	}
	drawText(img, lx, ly, k, mapTxt, color.RGBA{0, 0, 0, 255})
	return png.Encode(w, img)
}

func rowLen(m [][]string, r int) int {
	if r < len(m) {
		return len(m[r])
	}
	return 0
}

func cell(m [][]string, r, c int) string {
	if r < len(m) && c < len(m[r]) {
		return m[r][c]
	}
	return ""
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	draw.Draw(img, r.Intersect(img.Bounds()), image.NewUniform(c), image.Point{}, draw.Src)
}

func blend(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	// c is not premultiplied; draw.Over wants premultiplied colours.
	a := uint32(c.A)
	pc := color.RGBA{uint8(uint32(c.R) * a / 255), uint8(uint32(c.G) * a / 255), uint8(uint32(c.B) * a / 255), c.A}
	draw.Draw(img, r.Intersect(img.Bounds()), image.NewUniform(pc), image.Point{}, draw.Over)
}

// paint sets the pixels of the box [x0, x1]×[y0, y1] for which in holds.
func paint(img *image.RGBA, x0, y0, x1, y1 float64, c color.RGBA, in func(x, y float64) bool) {
	b := img.Bounds()
	for y := max(int(math.Floor(y0)), b.Min.Y); y <= min(int(math.Ceil(y1)), b.Max.Y-1); y++ {
		for x := max(int(math.Floor(x0)), b.Min.X); x <= min(int(math.Ceil(x1)), b.Max.X-1); x++ {
			if in(float64(x)+0.5, float64(y)+0.5) {
				img.SetRGBA(x, y, c)
			}
		}
	}
}

func segDist(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	l := dx*dx + dy*dy
	t := 0.0
	if l > 0 {
		t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l))
	}
	return math.Hypot(px-ax-t*dx, py-ay-t*dy)
}

func line(img *image.RGBA, x0, y0, x1, y1, w float64, c color.RGBA) {
	h := w / 2
	paint(img, math.Min(x0, x1)-h, math.Min(y0, y1)-h, math.Max(x0, x1)+h, math.Max(y0, y1)+h, c,
		func(x, y float64) bool { return segDist(x, y, x0, y0, x1, y1) <= h })
}

func dashed(img *image.RGBA, x0, y0, x1, y1, w float64, c color.RGBA) {
	l := math.Hypot(x1-x0, y1-y0)
	if !(l < 1e5) {
		return // off any picture (or not a number)
	}
	dash := math.Max(4*w, 4)
	for s := 0.0; s < l; s += 2 * dash {
		e := math.Min(s+dash, l)
		line(img, x0+(x1-x0)*s/l, y0+(y1-y0)*s/l, x0+(x1-x0)*e/l, y0+(y1-y0)*e/l, w, c)
	}
}

func disc(img *image.RGBA, cx, cy, r float64, c color.RGBA) {
	paint(img, cx-r, cy-r, cx+r, cy+r, c, func(x, y float64) bool { return math.Hypot(x-cx, y-cy) <= r })
}

func ring(img *image.RGBA, cx, cy, r, w float64, c color.RGBA) {
	paint(img, cx-r-w, cy-r-w, cx+r+w, cy+r+w, c, func(x, y float64) bool { return math.Abs(math.Hypot(x-cx, y-cy)-r) <= w/2 })
}

// polygon fills a convex polygon.
func polygon(img *image.RGBA, p [][2]float64, c color.RGBA) {
	x0, y0, x1, y1 := p[0][0], p[0][1], p[0][0], p[0][1]
	for _, q := range p {
		x0, y0, x1, y1 = math.Min(x0, q[0]), math.Min(y0, q[1]), math.Max(x1, q[0]), math.Max(y1, q[1])
	}
	paint(img, x0, y0, x1, y1, c, func(x, y float64) bool {
		sign := 0.0
		for i := range p {
			a, b := p[i], p[(i+1)%len(p)]
			cr := (b[0]-a[0])*(y-a[1]) - (b[1]-a[1])*(x-a[0])
			if cr != 0 {
				if sign != 0 && (cr > 0) != (sign > 0) {
					return false
				}
				sign = cr
			}
		}
		return true
	})
}
