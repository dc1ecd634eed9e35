package victimdetect

import (
	"math"
	"reflect"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/sim/world"
)

// The optimised pixel classification, blob search and template match must
// give exactly what the original code (reference_test.go) gives.

// TestClassifyEveryColour checks the lookup tables and the white scan
// against classifyReference on all 2^24 colours.
func TestClassifyEveryColour(t *testing.T) {
	px := make([]byte, 4)
	for c := range 1 << 24 {
		b, g, r := uint8(c), uint8(c>>8), uint8(c>>16)
		want := classifyReference(b, g, r)
		if got := classify(b, g, r); got != want {
			t.Fatalf("classify(%d, %d, %d) = %d, want %d", b, g, r, got, want)
		}
		px[0], px[1], px[2], px[3] = b, g, r, uint8(c*131)
		if got := hasWhite(px); got != (want == clsWhite) {
			t.Fatalf("hasWhite(%v) = %v, want %v", px, got, want == clsWhite)
		}
	}
}

// TestHasWhiteAnyPosition puts one white pixel at every position of frames
// of every length up to 9 pixels (the scan reads two pixels at a time).
func TestHasWhiteAnyPosition(t *testing.T) {
	for n := range 10 {
		px := make([]byte, 4*n)
		for i := range px {
			px[i] = 239 // just below white in every channel
		}
		if hasWhite(px) {
			t.Fatalf("%d pixels of 239: white found", n)
		}
		for k := range n {
			copy(px[4*k:], []byte{240, 240, 240, 0})
			if !hasWhite(px) {
				t.Fatalf("%d pixels, white at %d: not found", n, k)
			}
			copy(px[4*k:], []byte{239, 239, 239, 239})
		}
	}
}

// TestLoadSizes: load takes a frame exactly when it holds w×h pixels, and
// sizes whose product overflows are refused, not a panic.
func TestLoadSizes(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int // bytes
		w, h int
		want bool
	}{
		{"exact", 64 * 40 * 4, 64, 40, true},
		{"longer", 64*40*4 + 3, 64, 40, true},
		{"one byte short", 64*40*4 - 1, 64, 40, false},
		{"zero width", 16, 0, 1, false},
		{"negative height", 16, 1, -1, false},
		{"product overflows", 16, 1 << 31, 1 << 31, false},
		{"product overflows to a small number", 16, 1<<62 + 1, 4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var im image
			if got := im.load(make([]byte, tc.n), tc.w, tc.h); got != tc.want {
				t.Fatalf("load(%d bytes, %d, %d) = %v, want %v", tc.n, tc.w, tc.h, got, tc.want)
			}
		})
	}
}

// referenceImage classifies frame as the original load did: every pixel.
func referenceImage(frame []byte, w, h int) *image {
	im := &image{w: w, h: h, bgra: frame, cls: make([]class, w*h), lab: make([]int32, w*h)}
	for i := range im.cls {
		im.cls[i] = classifyReference(frame[4*i], frame[4*i+1], frame[4*i+2])
	}
	return im
}

// matchCounts tallies what an equivalence run compared.
type matchCounts struct {
	frames, blobs, small, cut, ok int
}

// compareFrame loads frame into im (reused from frame to frame, as the
// detector does, with dst its reused blob list) and into a reference image,
// and checks that the blobs and every blob's scores are identical, the
// scores for several segment limits too.
func compareFrame(t *testing.T, im *image, dst []blob, frame []byte, w, h int, n *matchCounts) []blob {
	t.Helper()
	if !im.load(frame, w, h) {
		t.Fatalf("load refused a %dx%d frame of %d bytes", w, h, len(frame))
	}
	ref := referenceImage(frame, w, h)
	if len(im.cls) > 0 && !reflect.DeepEqual(im.cls, ref.cls) {
		t.Fatalf("classes differ from the reference")
	}
	dst, _ = im.blobs(dst[:0], nil)
	want, _ := blobsReference(ref, nil, nil)
	if len(dst) != len(want) {
		t.Fatalf("%d blobs, reference %d", len(dst), len(want))
	}
	n.frames++
	if len(dst) > 0 && !reflect.DeepEqual(im.lab, ref.lab) {
		t.Fatalf("labels differ from the reference")
	}
	for i := range dst {
		b := &dst[i]
		if !reflect.DeepEqual(*b, want[i]) {
			t.Fatalf("blob %d:\n %+v\nreference\n %+v", i, *b, want[i])
		}
		ws := matchReference(ref, &want[i])
		if got := im.match(b); got != ws {
			t.Fatalf("blob %+v: match %v, reference %v", *b, got, ws)
		}
		if got, want := im.matchGreek(b), matchGreekReference(ref, &want[i]); got != want {
			t.Fatalf("blob %+v: matchGreek %v, reference %v", *b, got, want)
		}
		for _, lim := range []int{1, 3, 7} {
			if got := im.matchLanesV25(b, lim); got != ws {
				t.Fatalf("blob %+v: matchLanesV25(%d) %v, reference %v", *b, lim, got, ws)
			}
		}
		n.blobs++
		switch {
		case b.cutTop || b.cutBottom:
			n.cut++
		case b.h() < 16:
			n.small++
		}
		if b.ok {
			n.ok++
		}
	}
	return dst
}

// TestMatchEquivalentOnRenderedSigns renders every sign of the shared
// worlds and of a generated arena from many distances, angles, headings
// and cameras, and compares the optimised vision with the reference on
// every frame and every blob.
func TestMatchEquivalentOnRenderedSigns(t *testing.T) {
	worlds := []struct {
		name string
		w    func(t *testing.T) *world.World
	}{
		{"world1", func(t *testing.T) *world.World { return sharedWorld(t, "world1") }},
		{"world2", func(t *testing.T) *world.World { return sharedWorld(t, "world2") }},
		{"room4_small", func(t *testing.T) *world.World { return sharedWorld(t, "room4_small") }},
		{"gen3", func(t *testing.T) *world.World { return genWorld(t, 3) }},
	}
	dists := []float64{0.022, 0.026, 0.03, 0.04, 0.05, 0.06, 0.075, 0.09, 0.11, 0.14, 0.18, 0.24, 0.32}
	angles := []float64{-70, -55, -40, -25, -10, 0, 10, 25, 40, 55, 70}
	turns := []float64{-0.3, 0, 0.3}
	if testing.Short() {
		worlds = worlds[3:]
		dists, angles, turns = every(dists, 4), every(angles, 3), turns[1:2]
	}
	for _, wc := range worlds {
		t.Run(wc.name, func(t *testing.T) {
			w := wc.w(t)
			r := newRig(t, w)
			var im image
			var dst []blob
			var n matchCounts
			for _, sg := range w.Signs {
				for _, d := range dists {
					for _, adeg := range angles {
						a := adeg * math.Pi / 180
						dir := geom.Vec2{X: sg.Normal.X*math.Cos(a) - sg.Normal.Z*math.Sin(a), Z: sg.Normal.X*math.Sin(a) + sg.Normal.Z*math.Cos(a)}
						c := geom.Vec2{X: sg.Pos.X + d*dir.X, Z: sg.Pos.Z + d*dir.Z}
						if clearance(w, c) < 0.006 {
							continue
						}
						look := math.Atan2(-(sg.Pos.X - c.X), -(sg.Pos.Z - c.Z))
						for _, m := range DefaultMounts {
							for _, turn := range turns {
								frame := r.shoot(t, cameraPose(m, c, look+turn), m.Name)
								dst = compareFrame(t, &im, dst, frame, 64, 40, &n)
							}
						}
					}
				}
			}
			t.Logf("%s: %d frames, %d blobs (%d small: 81 edge offsets; %d cut by the top or bottom; %d complete)",
				wc.name, n.frames, n.blobs, n.small, n.cut, n.ok)
			// The sweep must have exercised both paths of match.
			if n.small == 0 || n.blobs-n.small == 0 {
				t.Errorf("blobs %d, small %d: the sweep missed a path of match", n.blobs, n.small)
			}
		})
	}
}

// fuzzPalette are the colours FuzzMatch paints with: the sign colours,
// colours just inside and just outside their thresholds, a wall and the
// sky.
var fuzzPalette = [...][3]byte{ // blue, green, red
	{255, 255, 255}, {240, 240, 240}, {239, 250, 250}, // white, white at the edge, not white
	{0, 0, 0}, {40, 40, 40}, {41, 10, 10}, // black, black at the edge, not black
	{0, 0, 255}, {90, 90, 160}, {91, 90, 160}, // red, red at the edge, not red
	{0, 255, 255}, {90, 180, 190}, {90, 179, 190}, // yellow, yellow at the edge, not yellow
	{200, 205, 210}, {55, 45, 45}, // wall, sky
}

// paint makes a w×h BGRA frame whose pixel i has colour data[i] (mod the
// palette), white where data runs out.
func paint(data []byte, w, h int) []byte {
	frame := make([]byte, 4*w*h)
	for i := range w * h {
		c := fuzzPalette[0]
		if i < len(data) {
			c = fuzzPalette[int(data[i])%len(fuzzPalette)]
		}
		copy(frame[4*i:], []byte{c[0], c[1], c[2], byte(i)})
	}
	return frame
}

// signPicture paints a w×h frame of wall with a white sign of sw×sh pixels
// at (x0, y0) showing a black bar, for FuzzMatch's seeds.
func signPicture(w, h, x0, y0, sw, sh int) []byte {
	data := make([]byte, w*h)
	for i := range data {
		data[i] = 12 // wall
	}
	for y := max(0, y0); y < min(h, y0+sh); y++ {
		for x := max(0, x0); x < min(w, x0+sw); x++ {
			data[y*w+x] = 0
			if x-x0 >= sw/3 && x-x0 < 2*sw/3 {
				data[y*w+x] = 3
			}
		}
	}
	return data
}

// FuzzMatch paints small frames from the palette and requires the
// optimised classification, blob search and match to give exactly what the
// reference gives, for every blob and segment limit.
func FuzzMatch(f *testing.F) {
	f.Add(signPicture(20, 16, 4, 3, 9, 11), uint8(20), uint8(16), uint16(0))
	f.Add(signPicture(24, 14, 5, 0, 10, 9), uint8(24), uint8(14), uint16(2))
	f.Add(signPicture(24, 14, 6, 6, 10, 8), uint8(24), uint8(14), uint16(5))
	f.Add(signPicture(30, 24, 7, 2, 14, 20), uint8(30), uint8(24), uint16(9))
	f.Add([]byte{0, 3, 6, 9, 0, 0, 3, 3, 12, 0, 1, 4, 7, 10, 13}, uint8(5), uint8(3), uint16(1))
	f.Fuzz(func(t *testing.T, data []byte, w8, h8 uint8, lim uint16) {
		w, h := 1+int(w8)%40, 1+int(h8)%40
		frame := paint(data, w, h)
		var im image
		var n matchCounts
		dst := compareFrame(t, &im, nil, frame, w, h, &n)
		for i := range dst {
			l := 1 + int(lim)%laneMax
			if got, want := im.matchLanesV25(&dst[i], l), matchReference(referenceImage(frame, w, h), &dst[i]); got != want {
				t.Fatalf("matchLanesV25(%d) %v, reference %v", l, got, want)
			}
		}
		// The image and its buffers reused for a second frame, as the
		// detector does.
		compareFrame(t, &im, dst, paint(append([]byte{3, 0}, data...), w, h), w, h, &n)
	})
}

// every returns every k-th element of s.
func every(s []float64, k int) []float64 {
	var out []float64
	for i := 0; i < len(s); i += k {
		out = append(out, s[i])
	}
	return out
}

// TestRingClassEquivalent checks ringClass's tables against the chain of
// comparisons on every BGR colour.
func TestRingClassEquivalent(t *testing.T) {
	for c := range 1 << 24 {
		b, g, r := uint8(c), uint8(c>>8), uint8(c>>16)
		if got, want := ringClass(b, g, r), ringClassReference(b, g, r); got != want {
			t.Fatalf("ringClass(%d, %d, %d) = %d, reference %d", b, g, r, got, want)
		}
	}
}
