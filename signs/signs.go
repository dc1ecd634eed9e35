package signs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
)

// Blackboard keys (see the package documentation).
const (
	// KeySeen is written by victim-detect: every sign it knows.
	KeySeen = "signs.seen"
	// KeyCandidate is written by victim-detect: the sign report handles.
	KeyCandidate = "signs.candidate"
	// KeyReported is written by report: every sign it handled.
	KeyReported = "signs.reported"
	// KeyGlimpsed is written by victim-detect: the sign-like pictures it
	// saw several times but could not classify yet (letter 0, too few
	// pixels tall), where a closer look may read a sign.
	KeyGlimpsed = "signs.glimpsed"
	// KeyRevisit is written by report: the IDs of the signs.reported
	// entries it gave up and may still take back when the robot stands
	// near them (EncodeIDs).
	KeyRevisit = "signs.revisit"
	// KeyRevisiting is written by explore: the ID of the KeyRevisit sign
	// it is driving near or standing before (EncodeIDs), absent while it
	// revisits none.
	KeyRevisiting = "signs.revisiting"
)

// Letters lists the seven sign letters in the order the built-in detector
// keeps its templates: the victims H S U, then the hazards F P C O. It is
// erebus.Letters, kept here for the behaviors that index by it.
const Letters = erebus.Letters

// Category tells victims from hazards: a report's category decides which
// signs Erebus searches.
type Category uint8

// Categories.
const (
	Victim Category = iota
	Hazard
)

// String returns "victim" or "hazard".
func (c Category) String() string {
	if c == Hazard {
		return "hazard"
	}
	return "victim"
}

// CategoryOf returns the category of a sign letter: F P C O are hazards,
// anything else a victim, as Erebus decides (erebus.IsHazardLetter).
func CategoryOf(l byte) Category {
	if erebus.IsHazardLetter(l) {
		return Hazard
	}
	return Victim
}

// Status is where a sign is in its life.
type Status uint8

// Statuses.
const (
	// Seen: detected, not handed to report.
	Seen Status = iota + 1
	// Raised: handed to report (victim_seen fired).
	Raised
	// Reported: the report was sent.
	Reported
	// Confirmed: reported, and the score rose.
	Confirmed
	// Unreachable: report gave up (blocked or timed out); it is not raised again.
	Unreachable
)

var statusNames = [...]string{"", "seen", "raised", "reported", "confirmed", "unreachable"}

// String returns the status's name.
func (s Status) String() string {
	if s >= Seen && s <= Unreachable {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", uint8(s))
}

// Done reports whether report has finished with the sign.
func (s Status) Done() bool { return s == Reported || s == Confirmed || s == Unreachable }

// Sign is one victim or hazard sign as the robot knows it.
type Sign struct {
	// ID identifies the sign for the whole run (never 0).
	ID uint32
	// Letter is the classified type: H S U F P C O.
	Letter byte
	Status Status
	// Views counts the classified views that agree on Letter.
	Views uint16
	// Step is the Observation step of the last update.
	Step uint64
	// Pos is the estimated world position of the sign's centre (m).
	Pos geom.Vec2
	// Normal is the unit vector the sign faces (the side a report must be
	// made from), or zero when unknown.
	Normal geom.Vec2
}

// Category returns the sign's category.
func (s Sign) Category() Category { return CategoryOf(s.Letter) }

// String is a short form for logs: "#3 H (0.123,-0.456) n(1,0) raised".
func (s Sign) String() string {
	return fmt.Sprintf("#%d %c (%.3f,%.3f) n(%.2f,%.2f) %v", s.ID, s.Letter, s.Pos.X, s.Pos.Z, s.Normal.X, s.Normal.Z, s.Status)
}

// ReportCm returns the report coordinates of the sign's estimate:
// round(100·x), round(100·z).
func (s Sign) ReportCm() (x, z int32) {
	return int32(math.Round(100 * s.Pos.X)), int32(math.Round(100 * s.Pos.Z))
}

// Same reports whether a and b are plausibly the same physical sign: their
// positions are within radius/2, or within radius and they do not face
// clearly different ways (normals more than 60° apart; an unknown normal
// agrees with any). Two signs on perpendicular walls meeting at a corner
// can be 0.035 m apart but face different ways; an estimate's normal can be
// wrong, which the half radius forgives. The letter is not compared: a
// misread letter is still the same sign.
func Same(a, b Sign, radius float64) bool {
	d := a.Pos.Dist(b.Pos)
	switch {
	case d > radius:
		return false
	case d <= radius/2 || a.Normal.Len() == 0 || b.Normal.Len() == 0:
		return true
	}
	return a.Normal.Dot(b.Normal) > 0.5
}

// List is the content of a signs blackboard key.
type List []Sign

// Match returns the index of the first sign in l that is Same as s within
// radius, or −1.
func (l List) Match(s Sign, radius float64) int {
	for i := range l {
		if Same(l[i], s, radius) {
			return i
		}
	}
	return -1
}

// ByID returns the index of the sign with the given id, or −1.
func (l List) ByID(id uint32) int {
	for i := range l {
		if l[i].ID == id {
			return i
		}
	}
	return -1
}

// Encoding sizes.
const (
	headerSize = 5
	recordSize = 48
	version    = 1
	// MaxList is the most records a List encodes.
	MaxList = math.MaxUint16
	// maxCoord bounds coordinates: no arena is 200 m wide.
	maxCoord = 100.0
)

// MarshalBinary encodes l as the package documentation describes. It
// fails only for a list longer than MaxList or a sign Decode would refuse.
func (l List) MarshalBinary() ([]byte, error) {
	if len(l) > MaxList {
		return nil, fmt.Errorf("signs: %d signs is more than a list holds (%d)", len(l), MaxList)
	}
	b := make([]byte, headerSize, headerSize+recordSize*len(l))
	b[0], b[1], b[2] = 'S', 'G', version
	binary.LittleEndian.PutUint16(b[3:], uint16(len(l)))
	for i, s := range l {
		if err := s.validate(); err != nil {
			return nil, fmt.Errorf("signs: sign %d: %w", i, err)
		}
		b = binary.LittleEndian.AppendUint32(b, s.ID)
		b = append(b, s.Letter, byte(s.Status))
		b = binary.LittleEndian.AppendUint16(b, s.Views)
		b = binary.LittleEndian.AppendUint64(b, s.Step)
		for _, f := range [4]float64{s.Pos.X, s.Pos.Z, s.Normal.X, s.Normal.Z} {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
		}
	}
	return b, nil
}

// Encode is MarshalBinary for callers that know the list is valid (built
// from decoded or validated signs); it returns nil for an invalid list, and
// a nil value deletes a blackboard key.
func (l List) Encode() []byte {
	b, err := l.MarshalBinary()
	if err != nil {
		return nil
	}
	return b
}

// ErrFormat is wrapped by every Decode error.
var ErrFormat = errors.New("signs: bad list encoding")

// Decode decodes a List. Nil or empty input is the empty list.
func Decode(b []byte) (List, error) {
	if len(b) == 0 {
		return nil, nil
	}
	if len(b) < headerSize {
		return nil, fmt.Errorf("%w: %d bytes, shorter than the %d-byte header", ErrFormat, len(b), headerSize)
	}
	if b[0] != 'S' || b[1] != 'G' {
		return nil, fmt.Errorf("%w: magic %q, want \"SG\"", ErrFormat, b[:2])
	}
	if b[2] != version {
		return nil, fmt.Errorf("%w: version %d, this decoder reads version %d", ErrFormat, b[2], version)
	}
	n := int(binary.LittleEndian.Uint16(b[3:]))
	if want := headerSize + n*recordSize; len(b) != want {
		return nil, fmt.Errorf("%w: %d records need %d bytes, got %d", ErrFormat, n, want, len(b))
	}
	l := make(List, n)
	for i := range l {
		r := b[headerSize+i*recordSize:]
		s := Sign{
			ID:     binary.LittleEndian.Uint32(r),
			Letter: r[4],
			Status: Status(r[5]),
			Views:  binary.LittleEndian.Uint16(r[6:]),
			Step:   binary.LittleEndian.Uint64(r[8:]),
		}
		f := func(off int) float64 { return math.Float64frombits(binary.LittleEndian.Uint64(r[off:])) }
		s.Pos = geom.Vec2{X: f(16), Z: f(24)}
		s.Normal = geom.Vec2{X: f(32), Z: f(40)}
		if err := s.validate(); err != nil {
			return nil, fmt.Errorf("%w: record %d: %v", ErrFormat, i, err)
		}
		l[i] = s
	}
	return l, nil
}

// validate reports what is wrong with s, if anything.
func (s Sign) validate() error {
	switch {
	case s.ID == 0:
		return errors.New("id 0 (ids start at 1)")
	case !erebus.ValidLetter(s.Letter):
		return fmt.Errorf("letter %q is not one of %s", s.Letter, Letters)
	case s.Status < Seen || s.Status > Unreachable:
		return fmt.Errorf("status %d is not 1..5", uint8(s.Status))
	}
	for _, f := range [4]float64{s.Pos.X, s.Pos.Z, s.Normal.X, s.Normal.Z} {
		if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > maxCoord {
			return fmt.Errorf("coordinate %g is not finite or beyond ±%g m", f, maxCoord)
		}
	}
	if n := s.Normal.Len(); n != 0 && math.Abs(n-1) > 0.01 {
		return fmt.Errorf("normal (%g, %g) has length %g: want 0 (unknown) or 1", s.Normal.X, s.Normal.Z, n)
	}
	return nil
}

// Get decodes key from a blackboard snapshot (as Observation.Blackboard
// holds it); an absent key is the empty list.
func Get(bb map[string][]byte, key string) (List, error) {
	l, err := Decode(bb[key])
	if err != nil {
		return nil, fmt.Errorf("blackboard key %s: %w", key, err)
	}
	return l, nil
}

// Candidate decodes signs.candidate: the sign report should handle, and
// whether there is one.
func Candidate(bb map[string][]byte) (Sign, bool, error) {
	l, err := Get(bb, KeyCandidate)
	if err != nil || len(l) == 0 {
		return Sign{}, false, err
	}
	return l[0], true, nil
}
