package nav

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// Erebus geometry (erebus.TileSize; rules §2.2).
const (
	// TileSize is the distance between tile centres, metres.
	TileSize = erebus.TileSize
	// QuarterSize is the side of a quarter tile, metres.
	QuarterSize = erebus.QuarterTile
	// CellSize is the pitch of the Erebus map matrix: a tile spans four
	// cells (its 5×5 block shares its border with its neighbours).
	CellSize = TileSize / 4
)

// Pose is the robot's position and yaw. Yaw follows Webots: 0 faces −Z and
// it grows counter-clockwise seen from above, so a robot of yaw θ faces
// (−sin θ, −cos θ).
type Pose struct {
	geom.Vec2
	Yaw float64
}

// Forward returns the point d metres ahead of the pose.
func (p Pose) Forward(d float64) geom.Vec2 {
	return geom.Vec2{X: p.X - math.Sin(p.Yaw)*d, Z: p.Z - math.Cos(p.Yaw)*d}
}

// YawTowards returns the yaw that faces q from p.
func YawTowards(p, q geom.Vec2) float64 { return math.Atan2(-(q.X - p.X), -(q.Z - p.Z)) }

// WrapAngle returns a wrapped into (−π, π].
func WrapAngle(a float64) float64 {
	if a > math.Pi || a <= -math.Pi {
		a = math.Mod(a, 2*math.Pi)
		if a > math.Pi {
			a -= 2 * math.Pi
		} else if a <= -math.Pi {
			a += 2 * math.Pi
		}
	}
	return a
}

// Robot describes the robot's body and sensors as nav needs them.
type Robot struct {
	// WheelRadius (m) and Axle (m, between the wheels) turn the wheel
	// encoders into motion; MaxWheel is the wheel speed limit (rad/s).
	WheelRadius, Axle, MaxWheel float64
	// BodyRadius is the radius of the round body (m).
	BodyRadius float64
	// ColourOffset is how far ahead of the centre the colour sensor looks (m).
	ColourOffset float64
	// Distance are the distance sensors in Observation.Distance order.
	Distance []Ray
	// DistanceMax is the sensors' range (m): a reading at or above it saw
	// nothing.
	DistanceMax float64
	// WallFactor turns a distance reading into metres: a reading r is a wall
	// r·WallFactor metres away. Erebus's sensors are infra-red and read a
	// teal wall at d as d/erebus.WallInfraRed (0.36; Webots
	// distancesensor.md "Infra-Red Sensors"), so the default robot's factor
	// is 0.36 and its sensors see walls up to 0.288 m away. 0 means 1
	// (readings in metres). Obstacles (grey) reflect more and read closer
	// than they are, never farther.
	WallFactor float64
	// GyroYawIndex is the component of Observation.Gyro that holds the yaw
	// rate (0 X, 1 Y, 2 Z): erebus.GyroYawIndex (Y) on the default robot.
	GyroYawIndex int
}

// Ray is a distance sensor: its position in the robot frame (x right, z
// backwards, as Webots: forward is −z) and the angle of its ray, measured
// from forward, positive to the left (counter-clockwise seen from above).
type Ray struct {
	X, Z  float64
	Angle float64
}

// RayOf returns the Ray of a device at pose p whose rotation is about the
// robot's up axis (as every distance sensor of the default robot): the
// device looks along its +x axis, which a rotation of φ about +y turns to
// (cos φ, 0, −sin φ), i.e. φ − π/2 from forward.
func RayOf(p erebus.Pose) Ray {
	phi := p.Rot[3]
	if p.Rot[1] < 0 {
		phi = -phi
	}
	return Ray{X: p.Pos[0], Z: p.Pos[2], Angle: WrapAngle(phi - math.Pi/2)}
}

// DefaultRobot returns the default Erebus robot (erebus/robot.go, rules §5):
// wheels of 0.02 m on a 0.052 m axle, body radius 0.037 m, the colour
// sensor 0.03 m ahead, the e-puck ring ps0…ps7 where the proto puts it
// (infra-red: WallFactor 0.36), and the gyro's yaw rate at
// erebus.GyroYawIndex.
func DefaultRobot() Robot {
	r := Robot{
		WheelRadius: erebus.WheelRadius, Axle: erebus.Axle, MaxWheel: erebus.MaxWheelVelocity,
		BodyRadius: erebus.BodyRadius, ColourOffset: -erebus.ColourSensorPose.Pos[2],
		DistanceMax: erebus.DistanceRange, WallFactor: erebus.WallInfraRed, GyroYawIndex: erebus.GyroYawIndex,
	}
	for _, p := range erebus.DistanceSensorPoses {
		r.Distance = append(r.Distance, RayOf(p))
	}
	return r
}

// StartYaws are the yaws Erebus may give the robot at the start (docs/erebus-rules.md
// §2.5, computed with pi = 3.14).
var StartYaws = [4]float64{0, -1.57, 3.14, 1.57}

// Tracker estimates the robot's pose from its own sensors: the GPS for the
// position (blended with the wheels' track when it reads with noise,
// blendGPS), the inertial unit when there is one, else the wheel encoders
// (the gyro when the wheels slip) for the yaw, corrected by fitting the
// wheels' track to the GPS track over runs the wheels drove (fitRun). The
// start yaw is unknown until the robot first drove a few centimetres
// (YawKnown); it is then snapped to the nearest of StartYaws. A relocation
// (the supervisor's 'L', or a jump of the GPS) sets the yaw to 0, as
// Erebus does.
type Tracker struct {
	r         Robot
	pose      Pose
	init      bool
	yawKnown  bool
	relocated bool

	lastT      float64
	step       float64 // the shortest interval seen between Observations (s)
	wl, wr     float64
	haveWheels bool
	lastGPS    geom.Vec2

	// A run: the track since runFrom, the GPS reading the yaw was last
	// corrected from (runYaw the yaw then). runOdo is the wheels'
	// displacement since then, drawn with the yaw, runWheel the distance
	// (m) they drove; runFwd: the run goes forward.
	runOn    bool
	runFwd   bool
	runFrom  geom.Vec2
	runYaw   float64
	runOdo   geom.Vec2
	runWheel float64
	// The run's fit (fitRun): runCorr is the correction it made to the
	// yaw since runFrom; runN, runSo, runSp, runDot, runCross and runSoo
	// sum, over the run's steps, the wheels' track o (drawn with the yaw
	// less runCorr) and the GPS track p, both from runFrom: n, Σo, Σp,
	// Σo·p, Σo×p and Σ|o|².
	runCorr          float64
	runN             float64
	runSo, runSp     geom.Vec2
	runDot, runCross float64
	runSoo           float64

	// innov is the moving mean of the GPS readings less the wheels'
	// positions (blendGPS).
	innov geom.Vec2

	// noise measures the GPS's noise; sd is its σ when sdAt differences
	// had been taken (noiseSD).
	noise GPSNoise
	sd    float64
	sdAt  int

	// suspect: the wheels slipped since the GPS track last agreed with
	// the yaw (a collision): neither the wheels nor the gyro, which reads
	// the last basic step of a control step only, followed the body's
	// turn for sure, and the next free run may correct the yaw by more
	// than yawFixMax.
	suspect bool
}

// wheelSlip is the disagreement (rad) of the wheels' and the gyro's turn
// over one step beyond which the wheels slip and the gyro is taken. On the
// embedded simulator (whose gyro reads the turn the body made, a blocked
// turn included) five whole games (world2 of shared/erebus/worlds, world4
// of v26.1, R1, curved_walls_2 and Day_2-2-FIXED3 of shared/more-worlds:
// 66,621 steps) had them within 0.01 rad in 99.3% of the steps, 8 steps
// between 0.01 and 0.02, and of the 450 steps farther apart, all in
// collisions, 446 had the gyro nearer the turn made. A body held in a wall
// corner whose wheels turned under it at 0.04 rad a step, below the 0.05
// taken before, made the yaw 0.48 rad wrong in 6 s (world4, t=373 s), past
// what the GPS track corrects (fixYaw), and the robot drove its way home
// into a wall end until the game time ran out. At 0.02, a body held against
// a wall while report faced a sign (R2D2__7_ of shared/more-worlds, seed 1,
// t=294-377 s; seed 2, t=252-430 s) stood still (gyro 0) while its wheels
// turned under it by 0.012-0.019 rad in one step of two or three: the yaw
// went 0.2 rad wrong in 3 s and 0.81 in 80 s, and no straight run came to
// correct it, the body being held. Replayed on the logged steps of those
// two games and world4 of v26.1 (seed 1), the gyro was 0.0004 rad off the
// body's turn in a median step and 0.007 in the worst 0.1%; any threshold
// from 0.008 to 0.012 kept the yaw, reset to the truth every 10 s, within
// 0.1 rad in 99.7% of the steps or more (0.02: 96.3%), and did not change
// world4's yaw.
const wheelSlip = 0.01

// NewTracker returns a tracker for robot r.
func NewTracker(r Robot) *Tracker { return &Tracker{r: r} }

// Pose returns the latest estimate.
func (t *Tracker) Pose() Pose { return t.pose }

// YawKnown reports whether the yaw has been established.
func (t *Tracker) YawKnown() bool { return t.yawKnown }

// Relocated reports whether the last Update saw a relocation.
func (t *Tracker) Relocated() bool { return t.relocated }

// Update takes one Observation and returns the new pose estimate.
func (t *Tracker) Update(obs *pluginpb.Observation) Pose {
	t.relocated = false
	gps := obs.GetGps()
	var g geom.Vec2
	haveGPS := gps != nil && !math.IsNaN(gps.X) && !math.IsNaN(gps.Z)
	if haveGPS {
		g = geom.Vec2{X: gps.X, Z: gps.Z}
	}
	w := obs.GetWheelPositions()
	haveW := w != nil && !math.IsNaN(w.Left) && !math.IsNaN(w.Right)
	dt := obs.GetSimTime() - t.lastT
	t.lastT = obs.GetSimTime()
	if !t.init {
		if !haveGPS {
			return t.pose
		}
		t.init = true
		t.pose.Vec2 = g
		t.lastGPS = g
		t.noise.Add(obs.GetStep(), g)
		if haveW {
			t.wl, t.wr, t.haveWheels = w.Left, w.Right, true
		}
		t.imu(obs)
		return t.pose
	}
	lop := false
	for _, in := range obs.GetInbox() {
		if in.GetLackOfProgress() != nil {
			lop = true
		}
	}
	if lop || (haveGPS && g.Dist(t.lastGPS) > 0.05) {
		t.relocated = true
		t.pose = Pose{Vec2: g, Yaw: 0}
		t.yawKnown = true
		t.runOn, t.suspect, t.innov = false, false, geom.Vec2{}
		if haveGPS {
			t.lastGPS = g
			t.noise.Restart()
			t.noise.Add(obs.GetStep(), g)
		}
		if haveW {
			t.wl, t.wr, t.haveWheels = w.Left, w.Right, true
		}
		return t.pose
	}
	var dl, dr float64
	if haveW && t.haveWheels {
		dl, dr = w.Left-t.wl, w.Right-t.wr
	}
	if haveW {
		t.wl, t.wr, t.haveWheels = w.Left, w.Right, true
	}
	// A gap: this Observation comes more than one control step after the
	// previous one (skipped or dropped Observations). The gyro's rate is
	// that of the last step only, while the encoders count every step.
	gap := false
	if dt > 0 {
		if t.step == 0 || dt < t.step {
			t.step = dt
		}
		gap = dt > 1.5*t.step
	}
	// Yaw.
	yaw0, slip := t.pose.Yaw, false
	if !t.imu(obs) {
		dyaw, ok := 0.0, false
		if haveW {
			dyaw, ok = t.r.WheelRadius*(dr-dl)/t.r.Axle, true
		}
		if rate, has := t.gyroRate(obs); has && dt > 0 {
			// Over one step the gyro wins when the wheels disagree (they
			// slip); over a gap its rate says nothing of the steps missed,
			// so the wheels stay, and the gyro only covers its own step.
			switch {
			case !ok:
				dyaw, ok = rate*dt, true
			case !gap && math.Abs(rate*dt-dyaw) > wheelSlip:
				dyaw = rate * dt
				t.suspect, slip = true, true
			}
		}
		if ok {
			t.pose.Yaw = WrapAngle(t.pose.Yaw + dyaw)
		}
	}
	// The GPS track against the wheels' track, over runs the wheels drove
	// (forward or back, steering at most runSteer a step, turning at most
	// runTurn in all).
	if haveGPS {
		drive := haveW && !gap && !slip && math.Abs(dr-dl) < runSteer && math.Abs(dl+dr) > 0.05
		if !drive || dl+dr > 0 != t.runFwd || math.Abs(WrapAngle(t.pose.Yaw-t.runCorr-t.runYaw)) > runTurn {
			t.runOn = false
		}
		if drive && !t.runOn {
			t.runOn, t.runFwd = true, dl+dr > 0
			t.startRun(t.lastGPS, yaw0)
		}
		if t.runOn {
			// The wheels' displacement over the step, along the yaw
			// halfway through it (the chord of the arc they drove).
			ds := t.r.WheelRadius * (dl + dr) / 2
			t.runOdo = t.runOdo.Add(Pose{Yaw: yaw0 - t.runCorr + WrapAngle(t.pose.Yaw-yaw0)/2}.Forward(ds))
			t.runWheel += math.Abs(ds)
			t.addRunPoint(t.runOdo, g.Sub(t.runFrom))
		}
		if d := g.Dist(t.runFrom); t.runOn && d >= runLength {
			// Once the GPS track is runLength long, the yaw's error is the
			// angle from the wheels' track (drawn with the yaw) to the
			// GPS's: the heading the GPS track gives the body, with the
			// steering the wheels and gyro counted on the way. A body that
			// went less than half as far or twice as far as its wheels'
			// track, held or moved by something else, tells nothing, and
			// the run starts again. A yaw not known yet or suspect takes
			// the heading of the chord (fixYaw; free: the body went as far
			// as its wheels, not slid along a wall at more than acos(0.9)
			// = 0.45 rad), and the run starts again; any other yaw is
			// fitted over the whole run, at every step of it from then on.
			o := t.runOdo.Len()
			switch {
			case d < o/2 || d > 2*o:
				t.startRun(g, t.pose.Yaw)
			case !t.yawKnown || t.suspect:
				e := WrapAngle(YawTowards(t.runFrom, g) - YawTowards(geom.Vec2{}, t.runOdo))
				t.fixYaw(WrapAngle(t.pose.Yaw+e), d >= 0.9*t.runWheel)
				t.startRun(g, t.pose.Yaw)
			default:
				t.fitRun(d)
			}
		}
		t.noise.Add(obs.GetStep(), g)
		t.pose.Vec2 = t.blendGPS(g, yaw0, dl, dr, haveW && !gap && !slip)
		t.lastGPS = g
	} else if haveW {
		d := t.r.WheelRadius * (dl + dr) / 2
		t.pose.Vec2 = t.pose.Forward(d)
	}
	return t.pose
}

// Runs the GPS track is compared with the wheels' on. A path follower
// steering at noisy positions turns its wheels by different amounts in
// most of its steps (mapping_example_3 of shared/more-worlds as Erebus
// v26.1: by 0.02-0.14 rad a step; 23% of its forward steps within 0.02,
// against 44% with the eval's 1 mm of noise), so runs counted only while
// the wheels turned alike (within 0.02 rad) seldom reached 3 cm, and a
// yaw 0.1 rad off stayed so for 75 s of driving. Steering is counted in
// the wheels' track, up to runSteer a step (the follower's seen above).
// Turns on the spot and arcs beyond runTurn are left out: an error in the
// wheels' count of a turn would go into the heading compared.
const (
	runSteer  = 0.15 // rad, the most the wheels' turns differ in a step of a run
	runTurn   = 0.15 // rad, the most the yaw turns over a run
	runLength = 0.03 // m of GPS track after which a run corrects the yaw
)

// fixYaw takes the GPS heading h of a run's chord into a yaw not known
// yet (the start yaw, snapped to StartYaws) or suspect (the wheels
// slipped): yawBlend of the difference when it is below yawFixMax; half of
// any difference when the run was free (the body went as far as its
// wheels). world4 of Erebus v26.1 (seed 1, t=373 s) and R2D2__7_ of
// shared/more-worlds (seed 2, t=335 s): wedged, the yaw went 0.48 and
// 0.58 rad wrong, and stayed so to the end of the game.
func (t *Tracker) fixYaw(h float64, free bool) {
	if !t.yawKnown {
		// The yaw was counted from 0 at the start: h less it is the
		// start yaw.
		st := WrapAngle(h - t.pose.Yaw)
		best, bd := st, 0.35
		for _, y := range StartYaws {
			if d := math.Abs(WrapAngle(st - y)); d < bd {
				best, bd = y, d
			}
		}
		t.pose.Yaw, t.yawKnown = WrapAngle(t.pose.Yaw+best), true
		return
	}
	switch d := WrapAngle(h - t.pose.Yaw); {
	case math.Abs(d) < yawFixMax:
		t.pose.Yaw = WrapAngle(t.pose.Yaw + yawBlend*d)
		t.suspect = !free
	case free:
		t.pose.Yaw = WrapAngle(t.pose.Yaw + 0.5*d)
	}
}

// blendGPS returns the position from GPS reading g. A GPS that reads exact
// (noiseSD 0: Erebus v25.0.1's) gives it. With noise, and the wheels'
// displacement over the step (dl, dr) to go by (odo: counted, not slipped,
// not over a gap; yaw0 the yaw before the step), it is the position they
// lead to, moved a share of the way to g (posGain at v26.1's noise, more
// for less noise in proportion to its variance); g itself when the two are
// more than posSnap apart (the body pushed, or carried), or when the GPS
// has read behind the wheels' position step after step (innov, the
// innovations' moving mean, longer than posHeld): a body held against a
// wall while its wheels turn alike (a push, which neither the wheels nor
// the gyro tell from driving) stays where it is, and a position that
// followed the wheels ran 3 steps' worth ahead of it, 11.5 mm at full speed
// (TestTrackerPositionOfAHeldBody).
func (t *Tracker) blendGPS(g geom.Vec2, yaw0, dl, dr float64, odo bool) geom.Vec2 {
	sd := t.noiseSD()
	if !odo || sd <= 0 {
		t.innov = geom.Vec2{}
		return g
	}
	ref := erebus.V26Rules.GPSAccuracy
	k := posGain * (ref / sd) * (ref / sd)
	if k >= 1 {
		t.innov = geom.Vec2{}
		return g
	}
	ds := t.r.WheelRadius * (dl + dr) / 2
	pred := t.pose.Vec2.Add(Pose{Yaw: yaw0 + WrapAngle(t.pose.Yaw-yaw0)/2}.Forward(ds))
	in := g.Sub(pred)
	t.innov = t.innov.Scale(1 - innovShare).Add(in.Scale(innovShare))
	if in.Len() > posSnap || t.innov.Len() > posHeld {
		return g
	}
	return pred.Add(in.Scale(k))
}

// Blending the GPS into the wheels' track. Erebus v26.1's GPS reads with
// σ = 2.5 mm per axis (erebus.V26Rules.GPSAccuracy, docs/erebus-v26.md §9),
// and a position taken from each reading alone carries that noise into
// every arrival, turn and approach. Moving posGain of the way to each
// reading leaves sqrt(0.25/1.75) of it, 0.9 mm, and follows the wheels'
// errors within a few steps; 0.5, 0.15 and 0.1 played worse
// (docs/eval-real-worlds.md, session 23). The moving mean of the
// innovations, innovShare of each, spreads 0.45 σ a axis from the noise
// alone (1.1 mm with v26.1's), and passes posHeld within two steps of a
// push at full speed (3.8 mm a step). posSnap: a reading that far from
// the wheels' position is taken at once (the body carried or knocked).
const (
	posGain    = 0.25
	posSnap    = 0.02  // m
	posHeld    = 0.003 // m
	innovShare = 0.3
)

// startRun starts a run at GPS reading g and yaw y.
func (t *Tracker) startRun(g geom.Vec2, y float64) {
	t.runFrom, t.runYaw, t.runWheel, t.runOdo, t.runCorr = g, y, 0, geom.Vec2{}, 0
	t.runN, t.runSo, t.runSp, t.runDot, t.runCross, t.runSoo = 0, geom.Vec2{}, geom.Vec2{}, 0, 0, 0
	t.addRunPoint(geom.Vec2{}, geom.Vec2{})
}

// addRunPoint adds the wheels' track o and the GPS's p to the run's sums.
func (t *Tracker) addRunPoint(o, p geom.Vec2) {
	t.runN++
	t.runSo, t.runSp = t.runSo.Add(o), t.runSp.Add(p)
	t.runDot += o.X*p.X + o.Z*p.Z
	t.runCross += o.Z*p.X - o.X*p.Z
	t.runSoo += o.X*o.X + o.Z*o.Z
}

// fitRun corrects the yaw from the run so far, run metres of GPS track:
// by the rotation that best aligns the wheels' track with the GPS track
// (least squares over all the run's steps), weighed against the yaw it
// had when the run started. The rotation's variance is σ²/Σ|o−ō|² for a
// GPS of σ per axis: with Erebus v26.1's 2.5 mm, 0.1 rad over a run of
// 3 cm (as the chord's heading), 0.02 rad over one of 9 cm. Chords of
// 3 cm taken one after the other, each blended in by its own noise, left
// the yaw 0.012 rad off in a median step and 0.035 in the worst tenth,
// replayed on the logged steps of eight v26.1 games; the fit 0.009 and
// 0.029 (docs/eval-real-worlds.md, session 24). The share taken is
// fitPrior/(fitPrior + variance), at most what blending yawBlend at every
// runLength of the run would take in all (with a GPS that reads exact,
// the wheels' own errors over the run are the limit).
func (t *Tracker) fitRun(run float64) {
	n := t.runN
	mo, mp := t.runSo.Scale(1/n), t.runSp.Scale(1/n)
	dot := t.runDot - n*(mo.X*mp.X+mo.Z*mp.Z)
	cross := t.runCross - n*(mo.Z*mp.X-mo.X*mp.Z)
	spread := t.runSoo - n*(mo.X*mo.X+mo.Z*mo.Z)
	if spread <= 0 {
		return
	}
	e := math.Atan2(cross, dot)
	if math.Abs(WrapAngle(e-t.runCorr)) >= yawFixMax {
		return
	}
	sd := t.noiseSD()
	k := fitPrior / (fitPrior + sd*sd/spread)
	if c := 1 - math.Pow(1-yawBlend, run/runLength); k > c {
		k = c
	}
	dy := k*e - t.runCorr
	t.pose.Yaw = WrapAngle(t.pose.Yaw + dy)
	t.runCorr += dy
}

// wallFactor returns r.WallFactor, 1 when unset.
func (r Robot) wallFactor() float64 {
	if r.WallFactor > 0 {
		return r.WallFactor
	}
	return 1
}

// gyroRate returns the yaw rate from the gyro component r.GyroYawIndex.
func (t *Tracker) gyroRate(obs *pluginpb.Observation) (float64, bool) {
	gy := obs.GetGyro()
	if gy == nil {
		return 0, false
	}
	var v float64
	switch t.r.GyroYawIndex {
	case 0:
		v = gy.X
	case 1:
		v = gy.Y
	case 2:
		v = gy.Z
	default:
		return 0, false
	}
	return v, !math.IsNaN(v)
}

// imu sets the yaw from the inertial unit when there is one.
func (t *Tracker) imu(obs *pluginpb.Observation) bool {
	u := obs.GetInertialUnit()
	if u == nil || math.IsNaN(u.Yaw) {
		return false
	}
	t.pose.Yaw, t.yawKnown = WrapAngle(u.Yaw), true
	return true
}

// yawBlend is the share of a run's GPS heading fixYaw blends into a
// suspect yaw, and the share fitRun takes of a fit over runLength when the
// GPS reads exact.
const yawBlend = 0.2

// yawFixMax is the largest difference (rad) between the yaw and a run's
// heading that fixYaw and fitRun take a share of; beyond it only a
// suspect yaw after a free run is corrected (fixYaw).
const yawFixMax = 0.25

// fitPrior is the variance (rad²) fitRun gives the yaw before a run: a
// fit as noisy as the chord of a 3 cm run read with 1.5 mm of noise
// (0.07 rad) takes yawBlend of its heading.
const fitPrior = (0.0015 * math.Sqrt2 / runLength) * (0.0015 * math.Sqrt2 / runLength) / 4

// noiseSD returns the GPS's σ (m) as measured: again every noiseMin
// differences, the median of the window costing a selection over it.
func (t *Tracker) noiseSD() float64 {
	if n := t.noise.Samples(); n-t.sdAt >= noiseMin {
		t.sd, t.sdAt = t.noise.SD(), n
	}
	return t.sd
}
