package victimdetect

import (
	"math"
	"slices"
	"strings"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/signs"
)

// track is one physical sign as the detections accumulate.
type track struct {
	sign  signs.Sign
	votes [7]float64
	// strong counts, per letter, the views classified with a high score
	// and a wide margin.
	strong [7]int
	// notSign counts the views of something no report may name (a fake
	// victim, a target whose ring sum names no letter): they count
	// against every letter in agreement.
	notSign float64
	// Weighted position: Σ w·pos and Σ w, with w = 1/σ².
	wpos geom.Vec2
	wsum float64
	// axis[k] is the weight of the snapped views whose normal is +X, −X,
	// +Z, −Z (k = 0..3); free is the weighted sum of the other views'
	// normals.
	axis [4]float64
	free geom.Vec2
	// sigma is the expected error of the merged position.
	sigma float64
	// lastSeen is the step of the last detection merged; looks counts
	// the detections merged.
	lastSeen uint64
	looks    int
	// changed: the letter, views, normal or position (by > 3 mm) changed;
	// touched: any detection was merged.
	changed, touched bool
	// beside holds the ids of the tracks (and of the reported signs whose
	// views were ignored) seen in one picture with this one: distinct
	// signs, since one sign makes one blob in a picture.
	beside []uint32
	// missed holds the ids of the reported signs of its letter that were
	// in view, facing the camera, in a picture that showed this track and
	// not them.
	missed []uint32
	// last holds, per camera, its last view of the track (repeat).
	last []viewKey
}

// viewKey is what one camera's view of a track showed: where in the
// picture, read as what.
type viewKey struct {
	camera         string
	x0, x1, y0, y1 int
	letter         byte
	notSign        bool
}

// repeat tells whether d shows the track as the last view of d's camera
// did, and makes d that view otherwise. A robot standing still
// (reporting, or turning in place against a wall) takes the same picture
// every frame; it adds nothing to what the first of them said, and must
// not outvote the views from other places (test_token_score_custom2: an S
// read right from three places, then read as P in 30 identical frames while
// the robot stood to report it, was reported as P; conv room4_small: a Ψ
// read as Φ in 30 identical frames).
func (t *track) repeat(d Detection) bool {
	k := viewKey{camera: d.Camera, x0: d.X0, x1: d.X1, y0: d.Y0, y1: d.Y1, letter: d.Letter, notSign: d.NotSign}
	for i := range t.last {
		if t.last[i].camera == d.Camera {
			if t.last[i] == k {
				return true
			}
			t.last[i] = k
			return false
		}
	}
	t.last = append(t.last, k)
	return false
}

// tracker merges detections into tracks.
type tracker struct {
	tracks []*track
	nextID uint32
	radius float64
}

// add merges detection d seen at step into the matching track, or starts
// a track. It returns the track, or nil when d matches a sign in ignore,
// with that sign's id. strong tells a classification that counts on its
// own.
func (tr *tracker) add(d Detection, step uint64, ignore signs.List, strong bool) (*track, uint32) {
	probe := signs.Sign{Pos: d.Pos, Normal: d.Normal}
	if i := match(ignore, probe, tr.radius); i >= 0 {
		return nil, ignore[i].ID
	}
	var best *track
	bd := math.Inf(1)
	for _, t := range tr.tracks {
		if !sameSign(t.sign, probe, tr.radius) {
			continue
		}
		if dd := t.sign.Pos.Dist(d.Pos); dd < bd {
			best, bd = t, dd
		}
	}
	if best == nil {
		tr.nextID++
		best = &track{sign: signs.Sign{ID: tr.nextID, Status: signs.Seen}}
		tr.tracks = append(tr.tracks, best)
	}
	best.merge(d, step, strong)
	return best, best.sign.ID
}

// seenTogether records that the signs of ids were seen in one picture,
// each as its own blob.
func (tr *tracker) seenTogether(ids []uint32) {
	if len(ids) < 2 {
		return
	}
	for _, t := range tr.tracks {
		if !slices.Contains(ids, t.sign.ID) {
			continue
		}
		for _, id := range ids {
			if id != t.sign.ID && !slices.Contains(t.beside, id) {
				t.beside = append(t.beside, id)
			}
		}
	}
}

// byID returns the track of sign id, nil for none.
func (tr *tracker) byID(id uint32) *track {
	for _, t := range tr.tracks {
		if t.sign.ID == id {
			return t
		}
	}
	return nil
}

// offLines tells whether none of t's views was fitted to a wall line: its
// facing came from the pictures alone.
func (t *track) offLines() bool { return t.axis == [4]float64{} }

// seenBeside tells whether the sign of id was seen in one picture with t.
func (t *track) seenBeside(id uint32) bool { return slices.Contains(t.beside, id) }

// sawInstead tells whether t was seen in a picture that should have shown
// the sign of id beside it and did not.
func (t *track) sawInstead(id uint32) bool { return slices.Contains(t.missed, id) }

// sameSign is signs.Same, except that two signs facing opposite ways are
// never one: the signs on the two faces of one wall stand 2·0.0056 m apart
// (docs/erebus-rules.md §2.2), closer than any radius that merges the views of one sign.
func sameSign(a, b signs.Sign, radius float64) bool {
	if opposite(a.Normal, b.Normal) {
		return false
	}
	return signs.Same(a, b, radius)
}

// oneSign tells whether a and b, tracked apart, are one sign when it comes
// to raising: signs.Same, unless they are the two faces of one wall. Those
// face opposite ways and each stands signOffset in front of the wall on its
// own side, 2·signOffset from the other; two tracks facing opposite ways
// that do not stand so (R1's P on a diagonal wall, snapped once facing +X
// and once −X, the −X track 3 mm on the +X side of the other: they would
// face each other) are one sign with its facing wrong in one of them.
// Unless they read different letters: one sign would then be read wrong
// as well as faced wrong, where the two faces of one wall hold two signs
// (R2D2__7_ of shared/more-worlds: an S never raised, its track 5 mm from
// a C tracked 7 mm off on the wall's other face).
func oneSign(a, b signs.Sign, radius float64) bool {
	if !signs.Same(a, b, radius) {
		return false
	}
	if !opposite(a.Normal, b.Normal) {
		return true
	}
	if a.Letter != 0 && b.Letter != 0 && a.Letter != b.Letter {
		return false
	}
	// The separation along the normals, a's side positive.
	n := a.Normal.Scale(1 / a.Normal.Len()).Sub(b.Normal.Scale(1 / b.Normal.Len())).Scale(0.5)
	return a.Pos.Sub(b.Pos).Dot(n) < signOffset
}

// oppositeCos is the cosine below which two facings are opposite (more
// than 120° apart): the two faces of one wall, or of a curve, whose
// facings from the picture (facing.go) can err by tens of degrees.
var oppositeCos = -0.5

// opposite tells whether facings a and b face away from each other (an
// unknown facing is opposite to none).
func opposite(a, b geom.Vec2) bool {
	return a.Len() > 0 && b.Len() > 0 && a.Dot(b) < oppositeCos*a.Len()*b.Len()
}

// match returns the index of the first sign in l that is sameSign as s
// within radius, or −1.
func match(l signs.List, s signs.Sign, radius float64) int {
	for i := range l {
		if sameSign(l[i], s, radius) {
			return i
		}
	}
	return -1
}

// merge folds detection d into t.
func (t *track) merge(d Detection, step uint64, strong bool) {
	w := 1 / (d.Sigma * d.Sigma)
	t.wpos = t.wpos.Add(d.Pos.Scale(w))
	t.wsum += w
	old := t.sign
	t.sign.Pos = t.wpos.Scale(1 / t.wsum)
	t.sigma = 1 / math.Sqrt(t.wsum)
	// The normal: the grid axis most (weighted) snapped views agree on;
	// without any, the weighted mean of the views' normals.
	if k := axisIndex(d.Normal); d.Snapped && k >= 0 {
		t.axis[k] += w
	} else {
		t.free = t.free.Add(d.Normal.Scale(w))
	}
	t.sign.Normal = t.normal()
	// A repeated view confirms the letter the track holds and is not
	// counted against it (repeat).
	vote := !t.repeat(d) || d.NotSign || t.best() >= 0 && signs.Letters[t.best()] == d.Letter
	if d.NotSign {
		t.notSign++
	}
	if d.Letter != 0 && vote {
		k := strings.IndexByte(signs.Letters, d.Letter)
		t.votes[k]++
		if strong {
			t.strong[k]++
		}
	}
	best := t.best()
	if best >= 0 {
		t.sign.Letter = signs.Letters[best]
		t.sign.Views = uint16(min(t.votes[best], math.MaxUint16))
	}
	// Replayed frames (taken before the yaw was known) are older than the
	// track's last view.
	t.sign.Step = max(t.sign.Step, step)
	t.lastSeen = max(t.lastSeen, step)
	t.looks++
	t.touched = true
	if old.Letter != t.sign.Letter || old.Views != t.sign.Views || old.Pos.Dist(t.sign.Pos) > 0.003 || old.Normal != t.sign.Normal {
		t.changed = true
	}
}

// axisNormals are the grid axes, in the order of track.axis.
var axisNormals = [4]geom.Vec2{{X: 1}, {X: -1}, {Z: 1}, {Z: -1}}

// axisIndex returns the index of the grid axis n is (within 0.1), or −1.
func axisIndex(n geom.Vec2) int {
	for k, a := range axisNormals {
		if n.Dot(a) > 0.995 {
			return k
		}
	}
	return -1
}

// normal returns the track's current normal.
func (t *track) normal() geom.Vec2 {
	b := -1
	for k, v := range t.axis {
		if v > 0 && (b < 0 || v > t.axis[b]) {
			b = k
		}
	}
	if b >= 0 {
		return axisNormals[b]
	}
	if l := t.free.Len(); l > 1e-12 {
		return t.free.Scale(1 / l)
	}
	return geom.Vec2{}
}

// best returns the index of the letter with the most votes, or −1.
func (t *track) best() int {
	b := -1
	for k, v := range t.votes {
		if v > 0 && (b < 0 || v > t.votes[b]) {
			b = k
		}
	}
	return b
}

// agreement is the share of votes of the best letter.
func (t *track) agreement() float64 {
	sum := t.notSign
	for _, v := range t.votes {
		sum += v
	}
	b := t.best()
	if b < 0 || sum == 0 {
		return 0
	}
	return t.votes[b] / sum
}

// restore rebuilds tracks from the blackboard's list of seen signs (after
// a restart of the plugin); ids continue after the highest one known.
func (tr *tracker) restore(seen, reported signs.List) {
	for _, s := range reported {
		tr.nextID = max(tr.nextID, s.ID)
	}
	for _, s := range seen {
		tr.nextID = max(tr.nextID, s.ID)
		t := &track{sign: s, sigma: 0.01, wsum: 1e4}
		t.wpos = s.Pos.Scale(t.wsum)
		if k := axisIndex(s.Normal); k >= 0 {
			t.axis[k] = t.wsum
		} else {
			t.free = s.Normal.Scale(t.wsum)
		}
		if k := strings.IndexByte(signs.Letters, s.Letter); k >= 0 {
			t.votes[k] = float64(max(s.Views, 1))
		}
		tr.tracks = append(tr.tracks, t)
	}
}
