package report

import (
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
			w.run(3000)
			rep, _ := signs.Get(w.bb, signs.KeyReported)
			if len(w.sent) != 0 || len(rep) != 1 || rep[0].Status != signs.Unreachable {
				t.Fatalf("sent %d, signs.reported %v: want the sign given up", len(w.sent), rep)
			}
			r := w.b.(*Report)
			delete(w.bb, signs.KeyCandidate) // victim-detect clears it
			pose := tc.later(w)
			idle(t, r, w.bb, pose, w.step+1, (retryAfterS+5)*32)
			rep, _ = signs.Get(w.bb, signs.KeyReported)
			if got := len(rep) == 1 && rep[0].Status == signs.Seen; got != tc.back {
				t.Fatalf("signs.reported %v: handed back %v, want %v", rep, got, tc.back)
			}
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
