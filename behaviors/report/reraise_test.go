package report

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/signs"
)

// plainMap is a robot's map knowing the 4×4 tiles around the start as
// plain floor.
func plainMap(t *testing.T) []byte {
	t.Helper()
	m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
	for r := -1; r <= 2; r++ {
		for c := -1; c <= 2; c++ {
			m.SetFloor(nav.MaxTiles+r, nav.MaxTiles+c, nav.FloorPlain)
		}
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// idle steps r while another behavior drives (explore), the robot at
// pose, and returns the blackboard writes it made.
func idle(t *testing.T, r *Report, bb map[string][]byte, pose nav.Pose, from uint64, n int) map[string][]byte {
	t.Helper()
	writes := map[string][]byte{}
	for step := from; step < from+uint64(n); step++ {
		obs := &pluginpb.Observation{
			Step: step, SimTime: float64(step) * 0.032, State: "explore",
			Gps:            &pluginpb.Vec3{X: pose.X, Y: -0.03, Z: pose.Z},
			InertialUnit:   &pluginpb.InertialUnit{Yaw: pose.Yaw},
			WheelPositions: &pluginpb.WheelPositions{}, Blackboard: bb,
		}
		a, err := r.Step(t.Context(), obs)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range a.GetBlackboard() {
			writes[k] = v
			bb[k] = v
		}
	}
	return writes
}

// givenUp plays w until report ends its job, wants the sign given up
// with no report sent, and clears the candidate as victim-detect does; it
// returns the behavior and the sign's entry in signs.reported.
func givenUp(t *testing.T, w *world) (*Report, signs.Sign) {
	t.Helper()
	w.run(3000)
	rep, _ := signs.Get(w.bb, signs.KeyReported)
	if len(w.sent) != 0 || len(rep) != 1 || rep[0].Status != signs.Unreachable {
		t.Fatalf("sent %d, signs.reported %v: want the sign given up", len(w.sent), rep)
	}
	delete(w.bb, signs.KeyCandidate)
	return w.b.(*Report), rep[0]
}

// wantHandedBack checks whether the one sign of signs.reported in bb was
// handed back (Seen again), as want says, and returns whether it was.
func wantHandedBack(t *testing.T, bb map[string][]byte, want bool) bool {
	t.Helper()
	rep, _ := signs.Get(bb, signs.KeyReported)
	if got := len(rep) == 1 && rep[0].Status == signs.Seen; got != want {
		t.Fatalf("signs.reported %v: handed back %v, want %v", rep, got, want)
	}
	return want
}

// TestHandsBackUnreachable: a sign report gave up because something it
// did not know blocked every way to it (no map yet) is handed back, Seen
// again in signs.reported, once the robot's map offers a way there while
// the robot is near — and never more than maxRetries times.
func TestHandsBackUnreachable(t *testing.T) {
	blockAll := func(p geom.Vec2) bool { return p.X > 0.06 }
	for _, tc := range []struct {
		name  string
		later func(w *world) nav.Pose // what changed while explore drove; where the robot is
		back  bool
	}{
		{"a way appears", func(w *world) nav.Pose {
			w.bb[nav.KeyMap] = plainMap(t)
			return w.pose
		}, true},
		{"map unchanged", func(w *world) nav.Pose { return w.pose }, false},
		{"robot far away", func(w *world) nav.Pose {
			w.bb[nav.KeyMap] = plainMap(t)
			return nav.Pose{Vec2: geom.Vec2{X: -0.6, Z: 0.3}}
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, sign, nav.Pose{Vec2: geom.Vec2{X: 0.0, Z: 0.1}, Yaw: 0})
			w.blocked = blockAll
			r, _ := givenUp(t, w)
			pose := tc.later(w)
			idle(t, r, w.bb, pose, w.step+1, (retryAfterS+5)*32)
			wantHandedBack(t, w.bb, tc.back)
		})
	}
	t.Run("bounded", func(t *testing.T) {
		w := newWorld(t, sign, nav.Pose{Vec2: geom.Vec2{X: 0.0, Z: 0.1}, Yaw: 0})
		w.blocked = blockAll
		r := w.b.(*Report)
		handed := 0
		for round := range maxRetries + 2 {
			w.events = nil
			w.run(3000)
			rep, _ := signs.Get(w.bb, signs.KeyReported)
			if len(w.sent) != 0 || len(rep) != 1 || rep[0].Status != signs.Unreachable {
				t.Fatalf("round %d: sent %d, signs.reported %v: want the sign given up", round, len(w.sent), rep)
			}
			delete(w.bb, signs.KeyCandidate)
			// The map changes every round: explore mapped more.
			m := nav.NewMap(geom.Vec2{}, nav.DefaultRobot(), nav.DefaultMapConfig())
			for r := -1; r <= 2; r++ {
				for c := -1; c <= 2+round; c++ {
					m.SetFloor(nav.MaxTiles+r, nav.MaxTiles+c, nav.FloorPlain)
				}
			}
			b, err := m.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			w.bb[nav.KeyMap] = b
			n := (retryAfterS + 5) * 32
			idle(t, r, w.bb, w.pose, w.step+1, n)
			w.step += uint64(n)
			rep, _ = signs.Get(w.bb, signs.KeyReported)
			if rep[0].Status != signs.Seen {
				break
			}
			handed++
			// Victim-detect raises it again.
			c := rep[0]
			c.Status = signs.Raised
			w.bb[signs.KeyCandidate] = signs.List{c}.Encode()
		}
		if handed != maxRetries {
			t.Errorf("handed back %d times, want %d", handed, maxRetries)
		}
	})
}

// TestHandedBackAfterALongWay: a sign given up because the way to its
// place was long (wallMap: the robot on the far side of the wall it is on)
// is handed back once explore brings the robot in front of it, and raised
// anew it is a new job that reports it: not the end of the job that gave
// it up, sent again because that job was report's last (prueba_Day_2-6 of
// shared/more-worlds: its F, given up at 110 s for a way of 1.13 m, was
// handed back twice and given up again at once each time, though the robot
// passed 0.064 m in front of it). The place the long way led to is not
// kept as one the robot got stuck at: it never drove there. From a place
// farther than handBackPath the sign is not handed back.
func TestHandedBackAfterALongWay(t *testing.T) {
	for _, tc := range []struct {
		name string
		dz   float64 // where the robot passes, along the wall from the place
		back bool
	}{
		{"in front of it", 0, true},
		{"passing 0.4 m off", 0.42, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, b := wallMap(t)
			c := m.Start()
			s := signs.Sign{ID: 1, Letter: 'F', Status: signs.Raised, Views: 3,
				Pos: geom.Vec2{X: c.X + 0.06 + 0.0056, Z: c.Z - 0.30}, Normal: geom.Vec2{X: 1}}
			w := newWorld(t, s, nav.Pose{Vec2: geom.Vec2{X: c.X - 0.06, Z: c.Z - 0.30}})
			w.bb[nav.KeyMap] = b
			w.run(100)
			rep, _ := signs.Get(w.bb, signs.KeyReported)
			if len(w.sent) != 0 || len(rep) != 1 || rep[0].Status != signs.Unreachable {
				t.Fatalf("sent %d, signs.reported %v: want the sign given up for the long way", len(w.sent), rep)
			}
			r := w.b.(*Report)
			if !r.job.longWay {
				t.Fatalf("given up, but not for the long way (%v)", r.job.phase)
			}
			if g := r.gaveUp[s.ID]; g == nil || slices.ContainsFunc(g.failed, func(p geom.Vec2) bool { return p.Dist(r.job.target) < 0.03 }) {
				t.Fatalf("the long way's place %v is kept as a place the robot got stuck at", r.job.target)
			}
			delete(w.bb, signs.KeyCandidate) // victim-detect clears it
			// Explore mapped more and brings the robot by.
			m.SetFloor(nav.MaxTiles+3, nav.MaxTiles, nav.FloorPlain)
			if w.bb[nav.KeyMap], _ = m.MarshalBinary(); bytes.Equal(w.bb[nav.KeyMap], b) {
				t.Fatal("the map did not change")
			}
			by := nav.Pose{Vec2: geom.Vec2{X: c.X + 0.12, Z: c.Z - 0.30 + tc.dz}, Yaw: math.Pi}
			n := (retryAfterS + 5) * 32
			idle(t, r, w.bb, by, w.step+1, n)
			w.step += uint64(n)
			rep, _ = signs.Get(w.bb, signs.KeyReported)
			if got := len(rep) == 1 && rep[0].Status == signs.Seen; got != tc.back {
				t.Fatalf("signs.reported %v: handed back %v, want %v", rep, got, tc.back)
			}
			if !tc.back {
				return
			}
			// Victim-detect raises it again.
			again := rep[0]
			again.Status = signs.Raised
			w.bb[signs.KeyCandidate] = signs.List{again}.Encode()
			w.pose, w.events = by, nil
			w.run(600)
			rep, _ = signs.Get(w.bb, signs.KeyReported)
			if len(w.sent) != 1 || len(rep) != 1 || rep[0].Status != signs.Confirmed {
				t.Fatalf("sent %d, signs.reported %v: want it reported and confirmed", len(w.sent), rep)
			}
		})
	}
}

// TestHandedBackJobIsShort: a handed-back sign's job tries its one
// standpoint for handedBackTimeoutS at most: no other facings, and no
// 45 s of a first job (the retries of session 12's measurements cost the
// big worlds of shared/more-worlds more game time than they brought).
func TestHandedBackJobIsShort(t *testing.T) {
	for _, tc := range []struct {
		name     string
		tries    int // times the sign was handed back before this job
		wantEnd  float64
		wantTurn bool // another facing tried
	}{
		{"first job", 0, 46, true},
		{"handed back", 1, handedBackTimeoutS + 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The robot held where it stands: every approach fails.
			w := newWorld(t, sign, nav.Pose{Vec2: geom.Vec2{X: 0.0, Z: 0.1}, Yaw: 0})
			w.blocked = func(geom.Vec2) bool { return true }
			r := w.b.(*Report)
			if tc.tries > 0 {
				r.gaveUp = map[uint32]*gaveUp{sign.ID: {tries: tc.tries}}
			}
			w.run(3000)
			end := float64(w.step) * 0.032
			if len(w.events) == 0 || end > tc.wantEnd {
				t.Fatalf("job ended at %.1f s (events %v), want by %.0f s", end, w.events, tc.wantEnd)
			}
			if got := r.job.facingTry > 0; got != tc.wantTurn {
				t.Errorf("other facings tried %v, want %v", got, tc.wantTurn)
			}
		})
	}
}

// TestHandsBackUnseenOnceSeen: a sign given up because victim-detect did
// not see it again near it (raised from 2 views, fewer than verify_views)
// is handed back once victim-detect's track of it (signs.seen, status
// Unreachable) holds verify_views views agreeing on its letter, and its
// new job reports it; with no more views it stays given up.
// test_victims_3 of shared/more-worlds as v26.1 (seed 1): its F, raised
// from 2 views and faced from 0.052 m, where the cameras are too close to
// see a whole sign, was given up at 16 s, read right in 10 views later and
// never reported.
func TestHandsBackUnseenOnceSeen(t *testing.T) {
	for _, tc := range []struct {
		name  string
		views uint16 // victim-detect's views of it since
		back  bool
	}{
		{"seen again", 4, true},
		{"no more views", 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, sign, nav.Pose{Vec2: geom.Vec2{X: 0.0, Z: 0.1}, Yaw: 0})
			w.seen, w.step = false, 1000
			w.bb[nav.KeyMap] = plainMap(t)
			r, tracked := givenUp(t, w)
			tracked.Views = tc.views
			w.bb[signs.KeySeen] = signs.List{tracked}.Encode()
			n := (retryAfterS + 5) * 32
			idle(t, r, w.bb, w.pose, w.step+1, n)
			w.step += uint64(n)
			if !wantHandedBack(t, w.bb, tc.back) {
				return
			}
			// Victim-detect raises it again, with its views.
			again := tracked
			again.Status = signs.Raised
			w.bb[signs.KeyCandidate] = signs.List{again}.Encode()
			w.events = nil
			w.run(600)
			rep, _ := signs.Get(w.bb, signs.KeyReported)
			if len(w.sent) != 1 || len(rep) != 1 || rep[0].Status != signs.Confirmed {
				t.Fatalf("sent %d, signs.reported %v: want it reported and confirmed", len(w.sent), rep)
			}
		})
	}
}
