package fullgame

import (
	"context"
	"fmt"
	imagepkg "image"
	"image/png"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/rescuekit/rescuekit/behaviors/exit"
	"github.com/rescuekit/rescuekit/behaviors/explore"
	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/framework"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/game"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/plugins/sdk"
	"github.com/rescuekit/rescuekit/signs"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// signTrace follows one world sign through a game: what the cameras made
// of it (a detector run on victim-detect's own frames, placed with the
// simulator's true pose), whether victim-detect raised it, and what report
// did with it.
type signTrace struct {
	views, classified, wrong int     // frames with a detection of it; classified right; classified as another letter
	first, nearest, nearestT float64 // first view (s); nearest view (m) and when
	maxPx                    int     // tallest picture (pixels)
	raisedT                  float64 // first raised as the candidate (s), 0 never
	raisedAs                 byte
	status                   signs.Status // last status in signs.reported
	hasStatus                bool
	jobs                     []string // report's job endings
	foundT                   float64  // the referee's hit (s), 0 none
	wrongTypeT               float64  // the referee's "wrong type" (found, the letter wrong) (s), 0 none
	wrongAs                  string   // the letters of the wrong classifications
	glimpsedT, unglimpsedT   float64  // first time in signs.glimpsed, and when it left it (s), 0 never
	front                    float64  // the robot's nearest approach (m) in front of its face (within 60°)
	frontT                   float64
	offRaised                string // a candidate raised within 5 cm of it facing more than 60° off its facing, first one
}

// faceWalls counts the wall cells of map m within faceMargin of obstacle
// o's box that Erebus's answer ans (world.Answer) leaves '0': the
// obstacle's faces read as walls. The distance sensors read an obstacle
// at 0.64 of its distance (erebus.ObstacleInfraRed against
// erebus.WallInfraRed, which the map takes every reading for), so its
// faces land in front of it, and where they land within the snapping
// tolerance (nav.MapConfig.SnapTol) of a wall line they are walls. Such
// cells block the nodes around the obstacle for nav.Map.ObstacleTiles,
// which then marks no 'x' for it, and the matrix sends them as '1'
// (docs/eval-real-worlds.md, session 31). It returns −1 when the answer
// has no start tile to align the two on.
func faceWalls(m *nav.Map, ans [][]string, o world.Obstacle) int {
	// The answer's first '5' is the start tile's top-left quarter centre,
	// cell (4·MaxTiles+1, 4·MaxTiles+1) of the map's full grid.
	ar, ac := -1, -1
	for r := range ans {
		if c := slices.Index(ans[r], "5"); c >= 0 {
			ar, ac = r, c
			break
		}
	}
	if ar < 0 {
		return -1
	}
	first := 4*nav.MaxTiles + 1
	c, sn := math.Cos(o.Yaw), math.Sin(o.Yaw)
	ax, az := geom.Vec2{X: c, Z: -sn}, geom.Vec2{X: sn, Z: c} // the box's own x and z axes (sim/geom.go)
	st := m.Start()                                           // the centre of cell (first+1, first+1)
	r0, c0 := m.Cell(o.Center)
	n := 0
	for r := r0 - 4; r <= r0+4; r++ {
		for cc := c0 - 4; cc <= c0+4; cc++ {
			if r%2 != 0 && cc%2 != 0 || !m.Wall(r, cc) {
				continue // a quarter tile's centre, or no wall
			}
			if i, j := r-first+ar, cc-first+ac; i >= 0 && j >= 0 && i < len(ans) && j < len(ans[i]) && ans[i][j] != "0" {
				continue // a wall of the answer
			}
			d := geom.Vec2{X: st.X + float64(cc-first-1)*nav.CellSize - o.Center.X, Z: st.Z + float64(r-first-1)*nav.CellSize - o.Center.Z}
			if math.Abs(d.Dot(ax)) <= math.Abs(o.Half.X)+faceMargin && math.Abs(d.Dot(az)) <= math.Abs(o.Half.Z)+faceMargin {
				n++
			}
		}
	}
	return n
}

// faceMargin is how far beyond an obstacle's box faceWalls counts a wall
// cell: a reading 3 cm short (taken from about 8 cm away) that lands
// within the snapping tolerance of a line.
const faceMargin = 0.03

// TestTraceSigns is a tool, not a test: with RESCUEKIT_TRACE_WORLD set to an
// Erebus world (.wbt) or an ASCII arena (.txt: sim/world's format, as the
// tests' small worlds are drawn), it plays the game `runner eval` plays on
// it (noise on, seed 1, the built-in behaviors; PROTOs from
// ../shared/erebus/protos) and prints, for every sign, whether the cameras
// ever saw it (how near, how many pixels tall, classified how), when
// victim-detect raised it, and how report's jobs for it ended: the questions
// asked of every missed sign in issue 16; whether victim-detect published it
// as glimpsed (signs.glimpsed) and how near the robot came in front of its
// face; every event a behavior fired (explored, reported, time_low: why the
// FSM changed state); and where and when a behavior asked for a lack of
// progress, and when the pose tracker's yaw (explore's nav.KeyPose) was more than 0.1 rad off,
// and how far off its yaw and position were over the game (RMS); and how
// long the robot stood wedged in each state, its wheels turning and its body
// still, in turns held and in pushes (wedgeClock); and for each obstacle,
// whether the last map explore published marks its tile 'x', and how many
// of the map's wall cells around it the answer does not have (faceWalls).
// RESCUEKIT_TRACE_ALL=1
// prints the found signs too. Give the world's path absolute (the test runs
// in behaviors/fullgame).
//
//	RESCUEKIT_TRACE_WORLD=$PWD/../shared/erebus/more-worlds/worlds/TestingMap_6x5_A3.wbt \
//		go test ./behaviors/fullgame -run TraceSigns -v
//
// With RESCUEKIT_TRACE_WORLD a directory it traces every .wbt world in it
// and ends with a census: the signs found with the right type over all,
// and the missed ones counted by cause (missCause).
// RESCUEKIT_TRACE_SKIP=NAME,NAME leaves those worlds (file names without
// .wbt) out.
func TestTraceSigns(t *testing.T) {
	path := os.Getenv("RESCUEKIT_TRACE_WORLD")
	if path == "" {
		t.Skip("RESCUEKIT_TRACE_WORLD not set")
	}
	// RESCUEKIT_TRACE_SEED=N plays seed N (default 1).
	seed := int64(1)
	if v := os.Getenv("RESCUEKIT_TRACE_SEED"); v != "" {
		if _, err := fmt.Sscanf(v, "%d", &seed); err != nil {
			t.Fatal(err)
		}
	}
	// RESCUEKIT_TRACE_WORLD a directory: every world in it (.wbt), then the
	// tally of the missed signs by cause over them (missCause).
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		files, err := filepath.Glob(filepath.Join(path, "*.wbt"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no .wbt world in %s (%v)", path, err)
		}
		skip := strings.Split(os.Getenv("RESCUEKIT_TRACE_SKIP"), ",")
		files = slices.DeleteFunc(files, func(f string) bool {
			return slices.Contains(skip, strings.TrimSuffix(filepath.Base(f), ".wbt"))
		})
		var found, all int
		causes := map[string]int{}
		for _, f := range files {
			t.Run(strings.TrimSuffix(filepath.Base(f), ".wbt"), func(t *testing.T) {
				r := traceWorld(t, f, seed)
				found, all = found+r.found, all+r.signs
				for _, c := range r.missed {
					causes[c]++
				}
			})
		}
		fmt.Printf("census of %d worlds (seed %d): %d of %d signs found with the right type\n", len(files), seed, found, all)
		keys := slices.Collect(maps.Keys(causes))
		slices.SortFunc(keys, func(a, b string) int {
			if causes[a] != causes[b] {
				return causes[b] - causes[a]
			}
			return strings.Compare(a, b)
		})
		for _, k := range keys {
			fmt.Printf("  %3d %s\n", causes[k], k)
		}
		return
	}
	traceWorld(t, path, seed)
}

// traceResult is what traceWorld tells of one game.
type traceResult struct {
	found, signs int      // signs found with the right type, of the world's signs
	missed       []string // the cause of each sign not found (missCause)
}

// traceWorld plays the game TestTraceSigns traces on the world at path
// and prints the trace.
func traceWorld(t *testing.T, path string, seed int64) traceResult {
	t.Helper()
	// The area-4 rooms' PROTOs from ../shared beside the repository, found
	// from the working directory (a test binary run from the repository's
	// root finds them too).
	var w *world.World
	var err error
	if strings.HasSuffix(path, ".txt") {
		var b []byte
		if b, err = os.ReadFile(path); err == nil {
			w, err = world.ParseASCII(filepath.Base(path), string(b))
		}
	} else {
		w, err = world.LoadWith(path, world.ParseOptions{PROTODirs: []string{sharedtest.Path(t, "erebus", "protos")}})
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, msg := range w.Warnings {
		t.Logf("world: %s", msg) // a room not built plays a different game
	}
	tr := make([]signTrace, len(w.Signs))
	for i := range tr {
		tr[i].nearest, tr[i].front = math.Inf(1), math.Inf(1)
	}
	// match returns the world sign a position and normal belong to, or −1.
	match := func(p, n geom2) int {
		best, bd := -1, 0.05
		for i, s := range w.Signs {
			if n.len() > 0 && s.Normal.Len() > 0 && n.x*s.Normal.X+n.z*s.Normal.Z < 0.5 {
				continue
			}
			if d := math.Hypot(p.x-s.Pos.X, p.z-s.Pos.Z); d < bd {
				best, bd = i, d
			}
		}
		return best
	}
	det := victimdetect.NewDetector(victimdetect.DefaultDetectorConfig())
	mounts := map[string]victimdetect.Mount{}
	for _, m := range victimdetect.DefaultMounts {
		mounts[m.Name] = m
	}
	var s *sim.Sim
	var dets []victimdetect.Detection
	// RESCUEKIT_TRACE_CSV=FILE appends every detection to FILE: world,
	// time, camera, sign (−1 none), its letter, the letter read, score,
	// margin, x0, x1, y0, y1, true and estimated distance, snapped,
	// not a sign, target.
	var csv *os.File
	if v := os.Getenv("RESCUEKIT_TRACE_CSV"); v != "" {
		f, err := os.OpenFile(v, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		csv = f
	}
	// RESCUEKIT_TRACE_DUMP=N writes the first 40 frames that show sign N
	// as PNGs into RESCUEKIT_TRACE_DIR (default the test's temp dir).
	// RESCUEKIT_TRACE_WRONG=1: only the frames that read it wrong.
	dumpSign, dumped, dumpDir := -1, 0, os.Getenv("RESCUEKIT_TRACE_DIR")
	dumpWrong := os.Getenv("RESCUEKIT_TRACE_WRONG") != ""
	// RESCUEKIT_TRACE_NEAR=D: only the frames taken within D m of it.
	dumpNear := math.Inf(1)
	if v := os.Getenv("RESCUEKIT_TRACE_NEAR"); v != "" {
		fmt.Sscanf(v, "%g", &dumpNear)
	}
	if v := os.Getenv("RESCUEKIT_TRACE_DUMP"); v != "" {
		fmt.Sscanf(v, "%d", &dumpSign)
		if dumpDir == "" {
			dumpDir = t.TempDir()
		}
	}
	ids := map[uint32]int{} // victim-detect's sign id → world sign
	var lops []string       // lacks of progress, FSM states and victim-detect's events
	var lastState string
	var lastCand uint32
	const yawErrTol = 0.1
	yawFrom, yawMax := -1.0, 0.0
	// The pose's errors from poseFrom on (after the start's scan and the
	// straight run that gives the yaw): sums of squares, steps, and steps
	// with the yaw more than 0.05 rad off.
	const poseFrom = 20.0
	var yawSq, posSq, poseN, yawOff float64
	var wedge wedgeClock
	// RESCUEKIT_TRACE_YAWLOG=FILE writes one line per explore step: the
	// time, the true and the tracker's yaw and their difference, the true
	// position and the GPS, the wheel encoders, the gyro's yaw rate and the
	// FSM state (the input to replay the tracker's yaw fusion offline).
	var yl *os.File
	if v := os.Getenv("RESCUEKIT_TRACE_YAWLOG"); v != "" {
		yl, _ = os.Create(v)
		defer yl.Close()
	}
	var lastMap []byte // the last map explore published
	core, logs := observer.New(zap.DebugLevel)
	res, err := game.Play(context.Background(), game.Options{
		World: w, Config: game.Reproducible(framework.DefaultConfig()), Seed: seed, Noise: game.DefaultNoise,
		Launch: game.InProcess(map[string]func() sdk.Behavior{
			"explore": explore.New, "victimdetect": victimdetect.New, "exit": exit.New,
			"report": func() sdk.Behavior { return report.NewLogged(zap.New(core)) },
		}),
		OnStart: func(ss *sim.Sim, _ *referee.Referee) { s = ss },
		OnPluginIO: func(name string, obs *pluginpb.Observation, act *pluginpb.Action) {
			now := obs.GetSimTime()
			for _, o := range act.GetOutbound() {
				if o.GetLackOfProgress() != nil {
					p := s.Pose()
					lops = append(lops, fmt.Sprintf("lack of progress asked by %s at %.1f s (state %s), the robot at (%.3f, %.3f)",
						name, now, obs.GetState(), p.Pos.X, p.Pos.Z))
				}
			}
			if name != "victimdetect" {
				for _, e := range act.GetEvents() {
					lops = append(lops, fmt.Sprintf("event %s from %s at %.1f s", e, name, now))
				}
			}
			switch name {
			case "explore":
				if b, ok := act.GetBlackboard()[nav.KeyMap]; ok {
					lastMap = b
				}
				// The pose tracker's yaw against the true one: spans
				// of more than yawErrTol wrong (a wedged body the
				// gyro and wheels did not follow) put every sign seen
				// then in the wrong place.
				est, known, err := nav.DecodePose(act.GetBlackboard()[nav.KeyPose])
				if err != nil || !known {
					return
				}
				e := math.Abs(nav.WrapAngle(est.Yaw - s.Pose().Yaw))
				if now >= poseFrom {
					d := est.Dist(s.Pose().Pos)
					yawSq, posSq, poseN = yawSq+e*e, posSq+d*d, poseN+1
					if e > 0.05 {
						yawOff++
					}
				}
				wedge.step(now, s.Pose().Pos, s.Pose().Yaw, obs.GetWheelPositions().GetLeft(), obs.GetWheelPositions().GetRight(), obs.GetState())
				if yl != nil {
					wp, gy, g := obs.GetWheelPositions(), obs.GetGyro(), obs.GetGps()
					fmt.Fprintf(yl, "%.3f true %.4f est %.4f err %.3f pos %.4f %.4f gps %.4f %.4f wl %.4f wr %.4f gy %.4f st %s\n", now, s.Pose().Yaw, est.Yaw, nav.WrapAngle(est.Yaw-s.Pose().Yaw), s.Pose().Pos.X, s.Pose().Pos.Z, g.GetX(), g.GetZ(), wp.GetLeft(), wp.GetRight(), gy.GetY(), obs.GetState())
				}
				switch {
				case e > yawErrTol && yawFrom < 0:
					yawFrom, yawMax = now, e
				case e > yawErrTol:
					yawMax = max(yawMax, e)
				case yawFrom >= 0:
					lops = append(lops, fmt.Sprintf("the tracker's yaw more than %.1f rad off from %.1f s to %.1f s (at most %.2f rad)", yawErrTol, yawFrom, now, yawMax))
					yawFrom = -1
				}
			case "victimdetect":
				if st := obs.GetState(); st != lastState {
					lops = append(lops, fmt.Sprintf("state %s at %.1f s", st, now))
					lastState = st
				}
				for _, e := range act.GetEvents() {
					lops = append(lops, fmt.Sprintf("event %s at %.1f s", e, now))
				}
				p := s.Pose()
				pose := nav.Pose{Vec2: p.Pos, Yaw: p.Yaw}
				for i, sg := range w.Signs {
					rel := p.Pos.Sub(sg.Pos)
					if d := rel.Len(); d < tr[i].front && rel.Dot(sg.Normal) > 0.5*d {
						tr[i].front, tr[i].frontT = d, now
					}
				}
				if b, ok := act.GetBlackboard()[signs.KeyGlimpsed]; ok {
					gs, _ := signs.DecodeGlimpses(b)
					in := map[int]bool{}
					for _, g := range gs {
						if i := match(geom2{g.Pos.X, g.Pos.Z}, geom2{g.Normal.X, g.Normal.Z}); i >= 0 {
							in[i] = true
						}
					}
					for i := range tr {
						if in[i] && tr[i].glimpsedT == 0 {
							tr[i].glimpsedT = now
						}
						if !in[i] && tr[i].glimpsedT > 0 && tr[i].unglimpsedT == 0 {
							tr[i].unglimpsedT = now
						}
					}
				}
				for _, f := range obs.GetCameras() {
					m, ok := mounts[f.GetName()]
					if !ok {
						continue
					}
					dets = det.Frame(dets[:0], f.GetBgra(), int(f.GetWidth()), int(f.GetHeight()), m, pose)
					for _, d := range dets {
						i := match(geom2{d.Pos.X, d.Pos.Z}, geom2{d.Normal.X, d.Normal.Z})
						if csv != nil {
							tl, td := byte('-'), -1.0
							if i >= 0 {
								tl, td = w.Signs[i].Letter, p.Pos.Dist(w.Signs[i].Pos)
							}
							fmt.Fprintf(csv, "%s,%.3f,%s,%d,%c,%c,%.3f,%.3f,%d,%d,%d,%d,%.3f,%.3f,%t,%t,%t,%.3f\n", w.Name, now, f.GetName(), i, tl,
								max(d.Letter, '0'), d.Score, d.Margin, d.X0, d.X1, d.Y0, d.Y1, td, d.Dist, d.Snapped, d.NotSign, d.Target, d.Extent)
						}
						if i < 0 {
							continue
						}
						st := &tr[i]
						if dumpSign == i && dumped < 40 && (!dumpWrong || d.Letter != 0 && d.Letter != w.Signs[i].Letter) && p.Pos.Dist(w.Signs[i].Pos) <= dumpNear {
							dumped++
							dumpFrame(t, dumpDir, now, f.GetName(), f.GetBgra(), int(f.GetWidth()), int(f.GetHeight()), d, p.Pos.Dist(w.Signs[i].Pos))
						}
						if st.views == 0 {
							st.first = now
						}
						st.views++
						switch {
						case d.Letter == w.Signs[i].Letter:
							st.classified++
						case d.Letter != 0:
							st.wrong++
							if !strings.ContainsRune(st.wrongAs, rune(d.Letter)) {
								st.wrongAs += string(d.Letter)
							}
						}
						if dd := p.Pos.Dist(w.Signs[i].Pos); dd < st.nearest {
							st.nearest, st.nearestT = dd, now
						}
						st.maxPx = max(st.maxPx, d.Y1-d.Y0+1)
					}
				}
				if c, ok, _ := signs.Candidate(act.GetBlackboard()); ok {
					if c.ID != lastCand {
						lastCand = c.ID
						lops = append(lops, fmt.Sprintf("candidate #%d %c at (%.3f, %.3f) facing (%.2f, %.2f) at %.1f s, world sign %d",
							c.ID, c.Letter, c.Pos.X, c.Pos.Z, c.Normal.X, c.Normal.Z, now, match(geom2{c.Pos.X, c.Pos.Z}, geom2{c.Normal.X, c.Normal.Z})))
					}
					if i, j := match(geom2{c.Pos.X, c.Pos.Z}, geom2{c.Normal.X, c.Normal.Z}), match(geom2{c.Pos.X, c.Pos.Z}, geom2{}); i < 0 && j >= 0 && tr[j].offRaised == "" {
						tr[j].offRaised = fmt.Sprintf("raised as %c facing (%.2f, %.2f) at %.1f s", c.Letter, c.Normal.X, c.Normal.Z, now)
					}
					if i := match(geom2{c.Pos.X, c.Pos.Z}, geom2{c.Normal.X, c.Normal.Z}); i >= 0 {
						ids[c.ID] = i
						if tr[i].raisedT == 0 {
							tr[i].raisedT, tr[i].raisedAs = now, c.Letter
						}
					}
				}
			case "report":
				rep, err := signs.Get(act.GetBlackboard(), signs.KeyReported)
				if err != nil {
					return
				}
				for _, r := range rep {
					i, ok := ids[r.ID]
					if !ok {
						i = match(geom2{r.Pos.X, r.Pos.Z}, geom2{r.Normal.X, r.Normal.Z})
					}
					if i >= 0 {
						tr[i].status, tr[i].hasStatus = r.Status, true
					}
				}
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	// RESCUEKIT_TRACE_LOGS=1 prints report's log.
	if os.Getenv("RESCUEKIT_TRACE_LOGS") != "" {
		for _, e := range logs.All() {
			var b strings.Builder
			for _, f := range e.Context {
				v := f.String
				if f.Interface != nil {
					v = fmt.Sprint(f.Interface)
				} else if f.Type == zapcore.Float64Type {
					v = fmt.Sprintf("%.3f", math.Float64frombits(uint64(f.Integer)))
				} else if v == "" {
					v = fmt.Sprint(f.Integer)
				}
				fmt.Fprintf(&b, " %s=%s", f.Key, v)
			}
			fmt.Printf("log %s:%s\n", e.Message, b.String())
		}
	}
	// Report's job endings, by victim-detect's sign id ("#ID ...").
	for _, e := range logs.FilterMessage("report: job ended").All() {
		var sign, status, why string
		for _, f := range e.Context {
			v := f.String
			if f.Interface != nil {
				v = fmt.Sprint(f.Interface)
			}
			switch f.Key {
			case "sign":
				sign = v
			case "status":
				status = v
			case "why":
				why = v
			}
		}
		var id uint32
		if _, err := fmt.Sscanf(sign, "#%d", &id); err != nil {
			continue
		}
		if i, ok := ids[id]; ok {
			tr[i].jobs = append(tr[i].jobs, status+": "+why)
		}
	}
	for _, v := range res.Reports {
		switch {
		case v.Sign < 0:
		case v.Outcome == referee.OutcomeHit:
			tr[v.Sign].foundT = v.Time
		case v.Outcome == referee.OutcomeWrongType:
			tr[v.Sign].wrongTypeT = v.Time
		}
	}
	r := res.Referee
	fmt.Printf("%s: score %.1f of %.1f, signs %d+%d of %d, misidentified %d, LoP %d asked %d automatic, map %.3f, %.0f s (%s)\n",
		w.Name, r.Score, res.MaxScore, r.SignsCorrectType, r.SignsWrongType, res.Signs, r.Misidentifications,
		r.LoPRequested, r.LoPAutomatic, r.MapScore, r.GameTime, r.EndReason)
	if poseN > 0 {
		fmt.Printf("explore's pose from %.0f s: yaw %.4f rad off (RMS; %.1f%% of the steps more than 0.05 rad), position %.4f m off (RMS)\n",
			poseFrom, math.Sqrt(yawSq/poseN), 100*yawOff/poseN, math.Sqrt(posSq/poseN))
	}
	fmt.Println(wedge.String())
	for _, l := range lops {
		fmt.Println(l)
	}
	for _, v := range res.Reports {
		if v.Outcome != referee.OutcomeHit {
			fmt.Printf("report %s at %.1f s from (%.3f, %.3f) estimate (%.3f, %.3f): %s (sign %d %s): %s\n",
				v.Letter, v.Time, v.Robot.X, v.Robot.Z, v.Estimate.X, v.Estimate.Z, v.Outcome, v.Sign, v.SignLetter, v.Why)
		}
	}
	// The world's obstacles against the tiles the last map explore
	// published names (nav.Map.ObstacleTiles, what a v26.1 map marks 'x').
	if m, err := nav.DecodeMap(lastMap, nav.DefaultRobot()); err == nil {
		ot := m.ObstacleTiles()
		ans := world.Answer(w)
		left := slices.Clone(ot) // the tiles no obstacle explains
		for i, o := range w.Obstacles {
			tr, tc, _ := m.TileOf(o.Center)
			found := slices.Contains(ot, [2]int{tr, tc})
			left = slices.DeleteFunc(left, func(t [2]int) bool { return t == [2]int{tr, tc} })
			fmt.Printf("obstacle %d at (%.3f, %.3f): its tile on the map %v; map wall cells within 3 cm of its box that the answer has not: %d\n", i, o.Center.X, o.Center.Z,
				map[bool]string{true: "marked", false: "not marked"}[found], faceWalls(m, ans, o))
		}
		for _, t := range left {
			c := m.TileCenter(t[0], t[1])
			fmt.Printf("obstacle tile on the map with no obstacle: centre (%.3f, %.3f)\n", c.X, c.Z)
		}
	}
	out := traceResult{found: r.SignsCorrectType, signs: res.Signs}
	all := os.Getenv("RESCUEKIT_TRACE_ALL") != ""
	for i, sg := range w.Signs {
		st := tr[i]
		if st.foundT == 0 {
			out.missed = append(out.missed, st.missCause())
		}
		if st.foundT > 0 && !all {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "sign %d %c at (%.3f, %.3f) facing (%.2f, %.2f): ", i, sg.Letter, sg.Pos.X, sg.Pos.Z, sg.Normal.X, sg.Normal.Z)
		if st.foundT > 0 {
			fmt.Fprintf(&b, "found at %.1f s; ", st.foundT)
		}
		if st.views == 0 {
			b.WriteString("never in a camera's picture")
		} else {
			fmt.Fprintf(&b, "in %d pictures from %.1f s, nearest %.3f m at %.1f s, at most %d px tall, classified %d right, %d wrong",
				st.views, st.first, st.nearest, st.nearestT, st.maxPx, st.classified, st.wrong)
			if st.wrong > 0 {
				fmt.Fprintf(&b, " (as %s)", st.wrongAs)
			}
		}
		if st.glimpsedT > 0 {
			fmt.Fprintf(&b, "; glimpsed %.1f-%.1f s", st.glimpsedT, st.unglimpsedT)
		}
		fmt.Fprintf(&b, "; robot nearest in front %.3f m at %.1f s", st.front, st.frontT)
		if st.raisedT > 0 {
			fmt.Fprintf(&b, "; raised as %c at %.1f s", st.raisedAs, st.raisedT)
		} else {
			b.WriteString("; never raised")
		}
		if st.offRaised != "" {
			fmt.Fprintf(&b, "; a candidate facing off %s", st.offRaised)
		}
		if st.hasStatus {
			fmt.Fprintf(&b, "; last status %v", st.status)
		}
		for _, j := range st.jobs {
			fmt.Fprintf(&b, "; job ended %s", j)
		}
		if st.foundT == 0 {
			fmt.Fprintf(&b, "; missed: %s", st.missCause())
		}
		fmt.Println(b.String())
	}
	return out
}

// missCause names why a sign the referee never counted found with its
// type was missed, from its trace: reported with the wrong letter; never
// in a camera's picture; raised only as a candidate facing more than 60°
// off (matched to no sign of the world); pictured but never raised;
// raised and no job for it ended (the game ended first); given up by
// report (no place to report from on the map, a way too long, or the
// reason its last job gave); reported and not found (a miss: too far, or
// the wrong category).
func (st signTrace) missCause() string {
	switch {
	case st.wrongTypeT > 0:
		return "reported with the wrong letter"
	case st.views == 0:
		return "never in a camera's picture"
	case st.raisedT == 0 && st.offRaised != "":
		return "raised only facing more than 60° off"
	case st.raisedT == 0:
		return "pictured, never raised"
	case len(st.jobs) == 0:
		return "raised, no report job ended before the game did"
	}
	last := st.jobs[len(st.jobs)-1]
	status, why, _ := strings.Cut(last, ": ")
	switch {
	case status != signs.Unreachable.String():
		return "reported, not found"
	case strings.HasPrefix(why, "no place to report from"):
		return "given up: no place to report from on the map"
	case strings.HasPrefix(why, "the way"):
		return "given up: the way there too long"
	}
	if i := strings.IndexAny(why, ";(0123456789"); i > 0 {
		why = strings.TrimSpace(why[:i])
	}
	return "given up: " + why
}

// geom2 is a point or direction in XZ, for matching.
type geom2 struct{ x, z float64 }

func (g geom2) len() float64 { return math.Hypot(g.x, g.z) }

// dumpFrame writes one BGRA frame as a PNG named after the time, the
// camera and the detection.
func dumpFrame(t *testing.T, dir string, now float64, cam string, bgra []byte, w, h int, d victimdetect.Detection, dist float64) {
	const k = 8 // each pixel drawn k×k
	im := imagepkg.NewRGBA(imagepkg.Rect(0, 0, k*w, k*h))
	for y := range k * h {
		for x := range k * w {
			i, o := 4*((y/k)*w+x/k), im.PixOffset(x, y)
			if i+3 < len(bgra) {
				im.Pix[o], im.Pix[o+1], im.Pix[o+2], im.Pix[o+3] = bgra[i+2], bgra[i+1], bgra[i], 255
			}
		}
	}
	name := fmt.Sprintf("%s/%07.3f-%s-%c-s%.2f-m%.2f-x%d-%d-y%d-%d-d%.3f.png", dir, now, cam, max(d.Letter, '0'), d.Score, d.Margin, d.X0, d.X1, d.Y0, d.Y1, dist)
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, im); err != nil {
		t.Fatal(err)
	}
}

// wedgeClock adds up the seconds the robot was wedged, by FSM state: in
// windows of wedgeWindowS, the wheels turned more than wedgeWheel rad in
// all while the body moved less than wedgeMove and turned less than
// wedgeYaw. A window whose wheels turned opposite ways is a turn held, else
// a push.
type wedgeClock struct {
	t0            float64
	at            geom.Vec2
	yaw, wl, wr   float64
	state         string
	started       bool
	turns, pushes map[string]float64
}

const (
	wedgeWindowS = 1.0
	wedgeWheel   = 1.5  // rad, both wheels' turns added
	wedgeMove    = 0.01 // m
	wedgeYaw     = 0.15 // rad
)

func (c *wedgeClock) step(now float64, at geom.Vec2, yaw, wl, wr float64, state string) {
	if c.turns == nil {
		c.turns, c.pushes = map[string]float64{}, map[string]float64{}
	}
	if !c.started || state != c.state {
		c.t0, c.at, c.yaw, c.wl, c.wr, c.state, c.started = now, at, yaw, wl, wr, state, true
		return
	}
	if now-c.t0 < wedgeWindowS {
		return
	}
	dl, dr := wl-c.wl, wr-c.wr
	if math.Abs(dl)+math.Abs(dr) > wedgeWheel && at.Dist(c.at) < wedgeMove && math.Abs(nav.WrapAngle(yaw-c.yaw)) < wedgeYaw {
		if dl*dr < 0 {
			c.turns[state] += now - c.t0
		} else {
			c.pushes[state] += now - c.t0
		}
	}
	c.t0, c.at, c.yaw, c.wl, c.wr = now, at, yaw, wl, wr
}

// String is the summary line: seconds of turns held and of pushes, by state.
func (c *wedgeClock) String() string {
	var b strings.Builder
	b.WriteString("wedged (wheels turning, the body still):")
	var states []string
	for st := range c.turns {
		states = append(states, st)
	}
	for st := range c.pushes {
		if _, ok := c.turns[st]; !ok {
			states = append(states, st)
		}
	}
	slices.Sort(states)
	if len(states) == 0 {
		b.WriteString(" never")
	}
	for _, st := range states {
		fmt.Fprintf(&b, " %s turns %.1f s, pushes %.1f s;", st, c.turns[st], c.pushes[st])
	}
	return strings.TrimSuffix(b.String(), ";")
}

// TestWedgeClock: the wedge accounting of TestTraceSigns counts a turn
// held and a push, not free driving, a free turn nor a window split by a
// change of state.
func TestWedgeClock(t *testing.T) {
	type step struct {
		dx, dyaw, dl, dr float64 // per 32 ms step
		state            string
	}
	repeat := func(n int, s step) []step {
		out := make([]step, n)
		for i := range out {
			out[i] = s
		}
		return out
	}
	for _, c := range []struct {
		name               string
		steps              []step
		turns, pushes, all float64 // seconds wanted in "explore", and in every state
	}{
		{"turn held", repeat(100, step{0, 0, -0.2, 0.2, "explore"}), 3, 0, 3},
		{"push", repeat(100, step{0, 0, 0.2, 0.2, "explore"}), 0, 3, 3},
		{"driving", repeat(100, step{0.003, 0, 0.2, 0.2, "explore"}), 0, 0, 0},
		{"free turn", repeat(100, step{0, 0.05, -0.2, 0.2, "explore"}), 0, 0, 0},
		{"standing", repeat(100, step{0, 0, 0, 0, "explore"}), 0, 0, 0},
		{"report pushes", append(repeat(50, step{0, 0, 0.2, 0.2, "explore"}), repeat(50, step{0, 0, 0.2, 0.2, "report"})...), 0, 1, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			var w wedgeClock
			var at geom.Vec2
			var yaw, wl, wr float64
			for i, s := range c.steps {
				at.X += s.dx
				yaw += s.dyaw
				wl += s.dl
				wr += s.dr
				w.step(float64(i)*0.032, at, yaw, wl, wr, s.state)
			}
			var all float64
			for _, v := range w.turns {
				all += v
			}
			for _, v := range w.pushes {
				all += v
			}
			near := func(got, want float64) bool { return math.Abs(got-want) < 0.1 }
			if !near(w.turns["explore"], c.turns) || !near(w.pushes["explore"], c.pushes) || !near(all, c.all) {
				t.Errorf("explore turns %.2f s, pushes %.2f s, all %.2f s; want %.0f, %.0f, %.0f (%s)",
					w.turns["explore"], w.pushes["explore"], all, c.turns, c.pushes, c.all, w.String())
			}
		})
	}
}

// TestMissCause: each missed sign's trace names one cause, the census's
// categories (TestTraceSigns with RESCUEKIT_TRACE_WORLD a directory).
func TestMissCause(t *testing.T) {
	for _, c := range []struct {
		name string
		st   signTrace
		want string
	}{
		{"never pictured", signTrace{}, "never in a camera's picture"},
		{"pictured, not raised", signTrace{views: 3}, "pictured, never raised"},
		{"raised facing off", signTrace{views: 30, offRaised: "as P facing (1.00, 0.00) at 128.8 s"}, "raised only facing more than 60° off"},
		{"raised at the end", signTrace{views: 30, raisedT: 470}, "raised, no report job ended before the game did"},
		{"no place", signTrace{views: 30, raisedT: 12, jobs: []string{"unreachable: no place to report from on the map"}},
			"given up: no place to report from on the map"},
		{"long way", signTrace{views: 30, raisedT: 12, jobs: []string{"unreachable: the way to another place is 1.40 m long"}},
			"given up: the way there too long"},
		{"other reason", signTrace{views: 30, raisedT: 12, jobs: []string{"unreachable: timeout"}}, "given up: timeout"},
		{"its reason's figures cut", signTrace{views: 30, raisedT: 12, jobs: []string{"unreachable: not seen again near it (3 views)"}},
			"given up: not seen again near it"},
		{"the last job counts", signTrace{views: 30, raisedT: 12, jobs: []string{"unreachable: timeout", "reported: score read after the report"}},
			"reported, not found"},
		{"a miss", signTrace{views: 30, raisedT: 12, jobs: []string{"reported: score read after the report"}}, "reported, not found"},
		{"wrong letter", signTrace{views: 30, raisedT: 12, wrongTypeT: 40, jobs: []string{"confirmed: score read after the report"}},
			"reported with the wrong letter"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.st.missCause(); got != c.want {
				t.Errorf("missCause() = %q, want %q", got, c.want)
			}
		})
	}
}
