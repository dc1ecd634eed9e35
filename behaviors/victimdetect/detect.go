package victimdetect

import (
	"math"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
)

// Detection is one sign found in one camera frame.
type Detection struct {
	// Letter is the classification, or 0 when the picture is too small or
	// too ambiguous to tell.
	Letter byte
	// Score is the best template agreement (0..1) and Margin its lead over
	// the second best.
	Score, Margin float64
	// Pos is the estimated world position of the sign, Normal the side it
	// faces, Dist the camera's distance to it and Sigma the expected error
	// of Pos (m). Snapped tells a position fitted to the tile grid's wall
	// lines from one estimated from the picture alone.
	Pos, Normal geom.Vec2
	Dist, Sigma float64
	Snapped     bool
	// Camera names the camera; X0, X1, Y0, Y1 are the pixel bounds.
	Camera         string
	X0, X1, Y0, Y1 int
	// Target is true for a v26.1 cognitive target, Code its ring letters
	// outermost first when they could be read. NotSign is true for a view
	// of something no report may name: a fake victim, or a target whose
	// ring sum names no letter (docs/erebus-v26.md §3, §12).
	Target  bool
	Code    string
	NotSign bool
	// Extent is the sign's width the picture shows over its side (about
	// 1 for a whole sign, less for a part of one; blob.extent).
	Extent float64
}

// DetectorConfig are the detector's thresholds.
type DetectorConfig struct {
	// FOV is the cameras' horizontal field of view (rad).
	FOV float64
	// MinPixels is the least sign height (pixels) that counts as a sign.
	MinPixels int
	// ClassifyPixels is the least sign height (pixels) classified.
	ClassifyPixels int
	// MinScore and MinMargin: a classification needs this template
	// agreement and this lead over the second-best letter.
	MinScore, MinMargin float64
	// MinFill is the least fraction of a blob's column spans that must be
	// sign-coloured.
	MinFill float64
	// GridPitch is the pitch of the wall lines (0.06 m: tile edges and
	// half walls) and GridOrigin a point where two lines cross; NoSnap
	// turns the fit to the wall lines off.
	GridPitch  float64
	GridOrigin geom.Vec2
	NoSnap     bool
}

// DefaultDetectorConfig returns the defaults the behavior's parameters
// document.
func DefaultDetectorConfig() DetectorConfig {
	return DetectorConfig{FOV: 1, MinPixels: 5, ClassifyPixels: 7, MinScore: 0.8, MinMargin: 0.08, MinFill: 0.85, GridPitch: 0.06}
}

// minExtent is the least extent (blob.extent) of a sign that is
// classified: a whole sign's is 1 or more, so a picture showing less than
// three quarters of its width is a part of one (cut by a wall or corner in
// front of it, or sliced by the steps of a wall built of short boxes:
// test_token_score_custom2 read strips 2 pixels wide of an S as P in 33
// views and reported P). Its letter is not read; it is still located.
const minExtent = 0.75

// Detector finds and classifies signs in camera frames. It keeps scratch
// buffers between calls; it is not safe for concurrent use.
type Detector struct {
	cfg   DetectorConfig
	loc   locator
	im    image
	blobs []blob
	stack []int32
	ts    targetScratch
	// sq is scratch space: the square around a diamond placard.
	sq blob
	// bottom is scratch space: the first row below a sign per column.
	bottom []int
	// v26 is set once a cognitive target was read clearly: the game is
	// Erebus v26.1, which has no hazard placards (docs/erebus-v26.md §1), so the
	// F P C O placard templates are no longer matched.
	v26 bool
}

// NewDetector returns a detector with configuration cfg.
func NewDetector(cfg DetectorConfig) *Detector {
	return &Detector{cfg: cfg, loc: locator{grid: cfg.GridPitch, origin: cfg.GridOrigin, noSnap: cfg.NoSnap || cfg.GridPitch <= 0, wallColTol: 4}}
}

// Frame finds the signs in one BGRA frame of width w and height h taken by
// the camera at mount m while the robot stood at pose p, and appends them
// to dst. A frame of the wrong size yields nothing.
func (d *Detector) Frame(dst []Detection, bgra []byte, w, h int, m Mount, p nav.Pose) []Detection {
	if !d.im.load(bgra, w, h) {
		return dst
	}
	d.blobs, d.stack = d.im.blobs(d.blobs[:0], d.stack)
	v := newView(p, m, d.cfg.FOV, w, h)
	for i := range d.blobs {
		b := &d.blobs[i]
		hv := b.h()
		if !b.ok || hv < float64(d.cfg.MinPixels) || b.w() < 2 || float64(b.w()) > 1.3*hv+1 {
			continue
		}
		// A sign cut by the border must show most of itself.
		if vis := float64(b.y1 - b.y0 + 1); (b.cutTop || b.cutBottom) && vis < 0.6*hv {
			continue
		}
		// A placard drawn as a diamond alone (placard.go) is located as
		// the square around it.
		orig := b
		peak, diamond := 0, false
		if b.blended || b.white == 0 {
			peak, diamond = b.diamond()
		}
		switch {
		case diamond:
			b.square(&d.sq)
			b = &d.sq
		case b.white*10 < b.n || d.im.fill(b) < d.cfg.MinFill:
			continue
		case b.blended && d.im.greyInk(b):
			// A letter in grey ink is a victim already found (Erebus's
			// victim_*_found.png, and rescuekit's found designs): not read.
			continue
		}
		est, ok := d.loc.locate(&d.im, b, v)
		if !ok {
			continue
		}
		// Off the wall lines, the facing comes from the wall's floor edge
		// below the sign (facing.go), when its distance agrees.
		if !est.snapped && !b.cutBottom {
			d.bottom = d.bottom[:0]
			for i := range b.bot {
				d.bottom = append(d.bottom, b.bot[i]+1)
			}
			pos, n, ok := wallFacing(bgra, w, h, b.x0, d.bottom, v)
			if !ok && hv >= minPerspectivePixels && !b.cutTop {
				hl, hr := b.heights()
				_, n, ok = perspectiveFacing(hl, hr, float64(b.x0), float64(b.x1+1), signSize, v)
				pos = est.pos
			}
			if ok {
				if dist := pos.Sub(v.c).Len(); math.Abs(dist-est.dist) < 0.25*est.dist {
					est.pos, est.normal, est.dist = pos, n, dist
				}
			}
		}
		det := Detection{Pos: est.pos, Normal: est.normal, Dist: est.dist, Sigma: est.sigma, Snapped: est.snapped,
			Camera: m.Name, X0: b.x0, X1: b.x1, Y0: b.y0, Y1: b.y1, Extent: b.extent(v)}
		switch {
		case diamond:
			if !d.v26 {
				l, score, lead := d.im.readPlacard(orig, peak)
				det.Score, det.Margin = score, lead
				if score >= placardMinScore && lead >= placardMinMargin {
					det.Letter = l
				}
			}
		case d.im.fakeInk(b):
			det.NotSign = true
		case hv >= float64(d.cfg.ClassifyPixels) && det.Extent >= minExtent:
			// The v25 letters and hazards, and the v26 Φ Ψ Ω.
			sc, greek := d.im.matchBoth(b, laneMax)
			if d.v26 {
				for k := 3; k < len(sc); k++ { // F P C O of signs.Letters
					sc[k] = 0
				}
			}
			l, score, lead := bestLetter(sc, greek)
			det.Score, det.Margin = score, lead
			// A small sign has few pixels per template cell: below 9 pixels
			// tall the lead the best letter needs grows (7 px: ×9/7).
			margin := d.cfg.MinMargin * max(1, 9/hv)
			switch {
			case det.Score >= d.cfg.MinScore && det.Margin >= margin:
				det.Letter = l
			case b.blended && det.Score >= strokeMinScore && det.Margin > 0 && d.im.strokeLetter(b) == l:
				// Another design of the letter (strokes.go): its
				// strokes confirm the best template.
				det.Letter = l
			}
		}
		dst = append(dst, det)
	}
	// v26.1 cognitive targets, which show no paper.
	n := len(dst)
	dst = d.targets(dst, bgra, w, h, m, p)
	for i := n; i < len(dst); i++ {
		dst[i].Camera = m.Name
		d.v26 = d.v26 || dst[i].Code != "" && dst[i].Y1-dst[i].Y0+1 >= strongTargetPixels && dst[i].Score >= 0.9
	}
	return dst
}
