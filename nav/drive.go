package nav

import (
	"math"

	"github.com/rescuekit/rescuekit/geom"
)

// Driver turns poses and targets into wheel speeds (rad/s) for a
// differential-drive robot.
type Driver struct {
	// MaxWheel is the highest wheel speed it commands (rad/s).
	MaxWheel float64
	// TurnInPlace is the heading error (rad) above which it turns on the
	// spot before driving.
	TurnInPlace float64
	// Steer is the steering gain (wheel rad/s per rad of heading error).
	Steer float64
	// Tolerance is the distance (m) at which a point counts as reached.
	Tolerance float64
}

// DefaultDriver returns a driver for the default robot: 6 rad/s, turns on
// the spot above 0.5 rad, gain 10, 1.5 cm tolerance.
func DefaultDriver() Driver {
	return Driver{MaxWheel: 6, TurnInPlace: 0.5, Steer: 10, Tolerance: 0.015}
}

// Turn returns the wheel speeds that turn the robot on the spot towards
// yaw, and done when it is within 0.05 rad.
func (d Driver) Turn(p Pose, yaw float64) (left, right float64, done bool) {
	return d.turnWithin(p, yaw, 0.05)
}

// turnWithin is Turn, done within tol rad.
func (d Driver) turnWithin(p Pose, yaw, tol float64) (left, right float64, done bool) {
	e := WrapAngle(yaw - p.Yaw)
	if math.Abs(e) < tol {
		return 0, 0, true
	}
	s := clamp(12*e, -d.MaxWheel, d.MaxWheel)
	if math.Abs(s) < 1 {
		s = math.Copysign(1, s)
	}
	return -s, s, false
}

// Slowing down before a point (Toward's slowDown): over the last slowDist
// the speed falls in proportion to the distance left, to no less than
// slowMin of it. At that least speed (3.6 rad/s for the default robot,
// 7 cm/s on its 2 cm wheels) a control step of 32 ms covers 2.3 mm, about
// the tightest Tolerance a behavior asks for (report's 2 mm far approach),
// and the robot's motors stop it within the step: its proto sets no motor
// acceleration, and Webots' default (Motor's acceleration −1, Webots
// reference motor.md) does not limit it. Slowing over the last 6 cm to 0.35
// of the speed, as before, reached each point 0.2-0.5 s later
// (TestTowardDoesNotCrawl); seeds 1-8 of the seven big real worlds as
// v25.0.1 and v26.1 (112 games) scored 108 ± 30 a game more without it
// (docs/eval-real-worlds.md, session 25).
const (
	slowDist = 0.02
	slowMin  = 0.6
)

// Toward returns the wheel speeds that drive the robot from p towards q,
// and arrived when it is within Tolerance. It turns on the spot while the
// heading error is large and, with slowDown, slows down over the last
// slowDist to q.
func (d Driver) Toward(p Pose, q geom.Vec2, slowDown bool) (left, right float64, arrived bool) {
	dist := p.Dist(q)
	if dist < d.Tolerance {
		return 0, 0, true
	}
	e := WrapAngle(YawTowards(p.Vec2, q) - p.Yaw)
	if math.Abs(e) > d.TurnInPlace {
		l, r, _ := d.Turn(p, p.Yaw+e)
		return l, r, false
	}
	v := d.MaxWheel * (1 - math.Abs(e)/d.TurnInPlace*0.6)
	if slowDown {
		v *= clamp(dist/slowDist, slowMin, 1)
	}
	s := d.Steer * e
	left, right = v-s, v+s
	if m := math.Max(math.Abs(left), math.Abs(right)); m > d.MaxWheel {
		left, right = left*d.MaxWheel/m, right*d.MaxWheel/m
	}
	return left, right, false
}

// Follower drives along a Path point after point.
type Follower struct {
	D Driver
	// Tight, when set, reports whether the leg from a to b passes a gap
	// barely wider than the body (Map.Tight). The robot then reaches a to
	// within tightTol (not the 2 cm of a point on the way), turns on the
	// spot to face b to within tightYaw, and keeps to the line from a to b
	// until it has passed b, even when a new path is Set meanwhile:
	// entering such a gap a centimetre off its line, or turning in it,
	// wedges the body between its two ends (Area123Joaco2 of
	// shared/more-worlds). Nil: no leg is tight.
	Tight func(a, b geom.Vec2) bool
	path  Path
	next  int
	tight []int8 // per point i ≥ 1: whether the leg into it is tight (0 not asked yet, 1 yes, -1 no)
	// inTight: the robot is on the tight leg into path[next], past its
	// first point.
	inTight bool
}

// Precision of a tight leg (Follower.Tight). The default robot's
// distance-sensor spheres reach 3.8 cm each side of its heading (ps2 and
// ps5 at 3.5 cm out, radius 3 mm: robot proto), against 3.9 cm from the
// middle of a 7.8 cm gap to either end: 0.9 mm of room each side when the
// heading follows the line, none once it is 5° off. The robot aims
// tightAim ahead along the line, so that an offset from it at the leg's
// first point (up to tightTol, GPS noise included) shrinks over the 4 cm
// to the gap's middle with the heading at most a few degrees off.
const (
	tightTol  = 0.006 // m, to the leg's first point
	tightYaw  = 0.03  // rad, of the heading along the leg before it
	tightAim  = 0.02  // m, how far ahead along the line the robot aims
	tightLost = 0.02  // m off the line: the robot is not on the leg (relocated, pushed off)
)

// Set starts following path (its first point is skipped when the robot
// is already there). While the robot is on a tight leg (Tight) it drives
// that leg to its end first and then along path from that end on: from
// where path passes the leg's end, else from its start (a leg back to
// the first point of path is itself tight, so the robot turns at the
// end, not in the gap). Set(nil) stops at once.
func (f *Follower) Set(path Path) {
	f.tight = f.tight[:0]
	if len(path) == 0 || !f.inTight {
		f.path, f.next, f.inTight = path, 0, false
		return
	}
	a, b := f.path[f.next-1], f.path[f.next]
	k := 0
	for i, q := range path {
		if q.Dist(b) < 1e-6 {
			k = i + 1
			break
		}
	}
	np := make(Path, 0, 2+len(path)-k)
	np = append(np, a, b)
	f.path, f.next = append(np, path[k:]...), 1
}

// Path returns the path being followed.
func (f *Follower) Path() Path { return f.path }

// Remaining returns the points still ahead.
func (f *Follower) Remaining() Path {
	if f.next >= len(f.path) {
		return nil
	}
	return f.path[f.next:]
}

// Done reports whether the last point has been reached.
func (f *Follower) Done() bool { return f.next >= len(f.path) }

// tightInto reports whether the leg into path point i (≥ 1) is tight.
func (f *Follower) tightInto(i int) bool {
	if f.Tight == nil || i < 1 || i >= len(f.path) {
		return false
	}
	for len(f.tight) < len(f.path) {
		f.tight = append(f.tight, 0)
	}
	if f.tight[i] == 0 {
		f.tight[i] = -1
		if f.Tight(f.path[i-1], f.path[i]) {
			f.tight[i] = 1
		}
	}
	return f.tight[i] > 0
}

// Step returns the wheel speeds for pose p, and done once the last point
// is reached.
func (f *Follower) Step(p Pose) (left, right float64, done bool) {
	if f.next == 0 && len(f.path) >= 2 && onLeg(p.Vec2, f.path[0], f.path[1], onLegTol) {
		// The robot stands on the first leg already (a search seeded at
		// the corner behind it): driving back to the first point would
		// only turn it round to come back along the same line. Each
		// replan of such a path turned it round again (mapping_example_3
		// of Erebus v26.1: 6 s turning on the spot, the goal given up).
		f.next = 1
	}
	for f.next < len(f.path) {
		if l, r, ok := f.tightLeg(p); ok {
			return l, r, false
		}
		if f.next >= len(f.path) {
			break
		}
		last := f.next == len(f.path)-1
		entry := f.tightInto(f.next + 1)
		tol := f.D.Tolerance
		switch {
		case entry:
			tol = tightTol
		case !last:
			tol = math.Max(tol, passTol)
		}
		if p.Dist(f.path[f.next]) < tol {
			if entry {
				if l, r, ok := f.D.turnWithin(p, YawTowards(f.path[f.next], f.path[f.next+1]), tightYaw); !ok {
					return l, r, false
				}
			}
			f.next++
			continue
		}
		d := f.D
		d.Tolerance = tol
		l, r, arrived := d.Toward(p, f.path[f.next], last || entry || f.turnAhead())
		if arrived {
			continue // checked again above: a tight leg's entry turns first
		}
		return l, r, false
	}
	f.inTight = false
	return 0, 0, true
}

// passTol is the least distance (m) at which a point on the way (not a
// path's last, nor a tight leg's first) counts as reached.
const passTol = 0.02

// onLegTol is how near the line of a path's first leg the robot must
// stand to drive on along it: driving from there to the second point it
// keeps within 5 mm of the leg, less than the margin seedClear keeps past
// the body's radius and the wall's half thickness (8 mm), so it passes no
// nearer a blocked corner than the search allowed (a tolerance of 1.5 cm
// lost 10 signs in R2D2__7_ of shared/more-worlds).
const onLegTol = 0.005

// onLeg reports whether q lies between a and b, within tol of the line
// through them.
func onLeg(q, a, b geom.Vec2, tol float64) bool {
	dx, dz := b.X-a.X, b.Z-a.Z
	l := math.Hypot(dx, dz)
	if l < 1e-9 {
		return false
	}
	u := ((q.X-a.X)*dx + (q.Z-a.Z)*dz) / l // along, m
	perp := math.Abs((q.X-a.X)*dz-(q.Z-a.Z)*dx) / l
	return u > 0 && u < l && perp < tol
}

// tightLeg drives the tight leg into path[next], if it is one and the
// robot is on it (ok), keeping to its line; past the leg's end it moves
// next on and reports !ok.
func (f *Follower) tightLeg(p Pose) (left, right float64, ok bool) {
	f.inTight = false
	if f.next < 1 || !f.tightInto(f.next) {
		return 0, 0, false
	}
	a, b := f.path[f.next-1], f.path[f.next]
	l := a.Dist(b)
	ux, uz := (b.X-a.X)/l, (b.Z-a.Z)/l
	t := (p.X-a.X)*ux + (p.Z-a.Z)*uz
	off := math.Abs((p.X-a.X)*uz - (p.Z-a.Z)*ux)
	if t >= l-tightTol || off > tightLost {
		f.next++
		return 0, 0, false
	}
	f.inTight = t > 0
	s := math.Min(math.Max(t, 0)+tightAim, l)
	d := f.D
	d.Tolerance = 0
	left, right, _ = d.Toward(p, geom.Vec2{X: a.X + s*ux, Z: a.Z + s*uz}, true)
	return left, right, true
}

// turnAhead reports whether the path turns sharply after the next point.
func (f *Follower) turnAhead() bool {
	if f.next+1 >= len(f.path) {
		return true
	}
	var a geom.Vec2
	if f.next > 0 {
		a = f.path[f.next-1]
	} else {
		return false
	}
	b, c := f.path[f.next], f.path[f.next+1]
	h1, h2 := YawTowards(a, b), YawTowards(b, c)
	return math.Abs(WrapAngle(h2-h1)) > 0.5
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// EscapeYaw returns the yaw of the freest direction around a stuck robot:
// the ray of the distance sensor with the longest reading (readings in
// Observation.Distance order). A robot wedged against a wall corner turns
// there and drives forward a little (its colour sensor leading, so that
// holes are seen first). With no readings it returns the reverse heading.
func (r Robot) EscapeYaw(p Pose, distance []float64) float64 {
	best, bd := WrapAngle(p.Yaw+math.Pi), -1.0
	for i, d := range distance {
		if i >= len(r.Distance) || math.IsNaN(d) {
			continue
		}
		if d > bd {
			best, bd = WrapAngle(p.Yaw+r.Distance[i].Angle), d
		}
	}
	return best
}

// EscapeYaw is Robot.EscapeYaw with the map's holes kept in mind: the
// direction of the distance sensor with the longest reading among those
// whose way out (the points 3 and 6 cm along it) is neither on a hole tile
// nor next to a hole seen (HoleNear); the distance sensors cannot see
// holes. When every direction leads to a hole it returns
// Robot.EscapeYaw's answer.
func (m *Map) EscapeYaw(r Robot, p Pose, distance []float64) float64 {
	best, bd := r.EscapeYaw(p, distance), -1.0
	for i, d := range distance {
		if i >= len(r.Distance) || math.IsNaN(d) || d <= bd {
			continue
		}
		yaw := WrapAngle(p.Yaw + r.Distance[i].Angle)
		if m.holeOnWay(Pose{Vec2: p.Vec2, Yaw: yaw}) {
			continue
		}
		best, bd = yaw, d
	}
	return best
}

// holeOnWay reports whether driving 6 cm ahead from p leads onto a known
// hole tile or next to a hole seen.
func (m *Map) holeOnWay(p Pose) bool {
	for _, d := range [2]float64{0.03, 0.06} {
		q := p.Forward(d)
		if r, c, ok := m.TileOf(q); ok && m.Floor(r, c) == FloorHole {
			return true
		}
		if m.HoleNear(q) {
			return true
		}
	}
	return false
}
