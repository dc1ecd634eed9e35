package referee

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// Extra signs of v26World, after testWorld's six.
const (
	sBad   = iota + sH2 + 1 // target "KKKKK": ring sum −10, no letter (fake target)
	sBlank                  // a blanked target (type not ^[KRYGB]{5}$)
)

// fakePos is where v26World has a fake victim (a Fake node, not a sign).
var fakePos = signAt(2, 1)

// v26World is testWorld as a v26.1 world: the hazards are cognitive targets
// (H1 "KRYGB" sums to 0 → F, H2 "BGYYY" to 3 → O), plus an invalid-sum
// target on tile (3, 1), a blanked one on tile (1, 0), a fake victim on
// tile (2, 1) and a second swamp on tile (2, 0), next to the first.
func v26World() *world.World {
	w := testWorld()
	w.Rules = erebus.V26Rules
	w.Signs[sH1].Type, w.Signs[sH1].Target = "KRYGB", true
	w.Signs[sH2].Type, w.Signs[sH2].Target = "BGYYY", true
	rot := [4]float64{0, 1, 0, 3.14159}
	plusZ := geom.Vec2{Z: 1}
	w.Signs = append(w.Signs,
		world.Sign{Kind: world.Hazard, Target: true, Type: "KKKKK", Name: "bad", Pos: signAt(3, 1), Normal: plusZ, Rotation: rot, Worth: 10, Room: 4},
		world.Sign{Kind: world.Hazard, Target: true, Blank: true, Type: world.BlankTarget, Name: "blank", Pos: signAt(1, 0), Normal: plusZ, Rotation: rot, Worth: 0, Room: 2},
	)
	w.Fakes = []world.Fake{{Type: "phi", Name: "Fake1", Pos: fakePos, Rotation: rot, Normal: plusZ}}
	w.Swamps = append(w.Swamps, tileBox(2, 0))
	return w
}

// TestV26Reports checks report matching and scoring of v26.1
// (MainSupervisor.py v26 l.534-639; v26 §3, §4).
func TestV26Reports(t *testing.T) {
	cases := []struct {
		name  string
		rule  string
		sign  int
		at    geom.Vec2 // overrides the sign's position when not zero
		l     byte
		want  float64 // SignPoints
		misid int
		event string
	}{
		{"target F (sum 0): bonus 20 + worth, area 3 ×1.5", "MS l.547-553, 621-632", sH1, geom.Vec2{}, 'F', (20 + 30) * 1.5, 0, "Successful Target Type Correct Bonus"},
		{"target O (sum 3)", "Vic l.235-247", sH2, geom.Vec2{}, 'O', (20 + 10) * 1.5, 0, "Successful Target Identification"},
		{"target, wrong letter: worth only", "MS l.621-632", sH1, geom.Vec2{}, 'P', 30 * 1.5, 0, "Successful Target Identification"},
		{"target reported as a victim: misidentification", "MS l.545, 636-639", sH1, geom.Vec2{}, 'H', 0, 1, "Misidentification of Victim"},
		{"invalid-sum target: misidentification", "MS l.562, 636-639", sBad, geom.Vec2{}, 'F', 0, 1, "Misidentification of Target"},
		{"invalid-sum target, any letter: misidentification", "MS l.562", sBad, geom.Vec2{}, 'O', 0, 1, "Misidentification of Target"},
		{"blanked target: not loaded, misidentification", "Vic l.333", sBlank, geom.Vec2{}, 'F', 0, 1, "Misidentification of Target"},
		{"fake victim: not loaded, misidentification", "v26 §1, §3", -1, fakePos, 'H', 0, 1, "Misidentification of Victim"},
		{"victims unchanged: H, area 1", "MS l.547, 621-632", sV1, geom.Vec2{}, 'H', 10 + 15, 0, "Successful Victim Identification"},
	}
	for _, tc := range cases {
		t.Run(tc.name+" ("+tc.rule+")", func(t *testing.T) {
			w := v26World()
			d := newDriver(t, w, Config{})
			p := tc.at
			if tc.sign >= 0 {
				p = w.Signs[tc.sign].Pos
			}
			t0 := d.moveTo(add(p, inFrontOff))
			d.send(t0, 1, reportAt(t, p, tc.l))
			sum := d.r.Summary()
			if !near(sum.SignPoints, tc.want) || sum.Misidentifications != tc.misid || !near(sum.PenaltyPoints, float64(erebus.MisidentPenalty*tc.misid)) {
				t.Errorf("sign points %v misid %d (%v points), want %v %d; events %+v", sum.SignPoints, sum.Misidentifications, sum.PenaltyPoints, tc.want, tc.misid, d.r.Events())
			}
			if !hasEvent(d.r.Events(), tc.event) {
				t.Errorf("no event %q in %+v", tc.event, d.r.Events())
			}
			// An identified sign is reported for its found texture.
			wantFound := []int(nil)
			if tc.misid == 0 {
				wantFound = []int{tc.sign}
			}
			if fmt.Sprint(d.last.Found) != fmt.Sprint(wantFound) {
				t.Errorf("Output.Found %v, want %v", d.last.Found, wantFound)
			}
			if sum.Version != erebus.V26 {
				t.Errorf("version %q", sum.Version)
			}
		})
	}
}

// TestSwampMultipliers checks the clock multiplier per swamp entry: v26.1
// gives each swamp tile its own multiplier, 5 on the first entry and +1 on
// each later one up to 10 (Robot.py v26 l.467-488, Tile.py v26 l.77-92,
// 140, 192-195, 308-319); a step from one swamp straight into the next is
// an entry (l.475); v25.0.1 is 5 in every swamp (Tile.py v25 l.132,
// 299-306). Each visit lasts 1 s of simulation time; the out-of-swamp
// visits add 1 s each.
func TestSwampMultipliers(t *testing.T) {
	swampA, swampB, floor := tileCenter(2, 1), tileCenter(2, 0), tileCenter(0, 0)
	seven := []geom.Vec2{}
	for i := 0; i < 7; i++ {
		seven = append(seven, swampA, floor)
	}
	cases := []struct {
		name     string
		rules    erebus.Rules
		visits   []geom.Vec2
		gameTime float64
		entries  int
	}{
		{"v26: one entry, staying keeps ×5", erebus.V26Rules, []geom.Vec2{swampA, swampA, swampA}, 15, 1},
		{"v26: seven entries ×5 6 7 8 9 10 10", erebus.V26Rules, seven, 5 + 6 + 7 + 8 + 9 + 10 + 10 + 7, 7},
		{"v26: each swamp counts its own entries", erebus.V26Rules, []geom.Vec2{swampA, floor, swampB, floor, swampA}, 5 + 1 + 5 + 1 + 6, 3},
		{"v26: swamp to swamp is an entry", erebus.V26Rules, []geom.Vec2{swampA, swampB, swampA}, 5 + 5 + 6, 3},
		{"v25: ×5 on every entry", erebus.V25Rules, seven, 7*5 + 7, 7},
		{"v25: swamp to swamp ×5", erebus.V25Rules, []geom.Vec2{swampA, swampB, swampA}, 15, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := v26World()
			w.Rules = tc.rules
			d := newDriver(t, w, Config{})
			d.moving = true
			for _, p := range tc.visits {
				d.pos = p
				d.stepTo(d.time+1, nil)
			}
			sum := d.r.Summary()
			if !near(sum.GameTime, tc.gameTime) || sum.SwampEntries != tc.entries {
				t.Errorf("game time %v, %d entries; want %v, %d; events %+v", sum.GameTime, sum.SwampEntries, tc.gameTime, tc.entries, d.r.Events())
			}
			logged := 0
			for _, e := range d.r.Events() {
				if strings.HasPrefix(e.What, "Entered swamp (multiplier: ") {
					logged++
				}
			}
			if want := map[bool]int{true: tc.entries, false: 0}[tc.rules.SwampProgressive]; logged != want {
				t.Errorf("%d entries logged, want %d", logged, want)
			}
		})
	}
}

// TestV26MapAndExitBonus checks the end of a v26.1 game: exit bonus +10 %
// on the start tile after an identification, a target counting as one (MS
// l.634, 652-667), then the map bonus score·correctness·1.2 (MS l.425-429;
// v25 l.338-342: ×1), the same on time-up (MS l.1008-1011).
func TestV26MapAndExitBonus(t *testing.T) {
	cases := []struct {
		name   string
		rules  erebus.Rules
		timeUp bool
		want   float64
	}{
		// 12.5 checkpoint + 75 target = 87.5; exit 8.75 → 96.25; map.
		{"v26 exit", erebus.V26Rules, false, 96.25 + round2(96.25*1.2)},
		{"v25 exit", erebus.V25Rules, false, 96.25 * 2},
		{"v26 time up: map bonus, no exit bonus", erebus.V26Rules, true, 87.5 + round2(87.5*1.2)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := v26World()
			w.Rules = tc.rules
			if tc.timeUp {
				w.GameTime = 30 // H1 stands in swamp B: the clock runs ×5 there
			}
			if !tc.rules.CognitiveTargets {
				w.Signs[sH1].Type, w.Signs[sH1].Target = "F", false
				w.Signs = w.Signs[:sBad]
			}
			good := enc(t, comms.Map{Cells: world.Answer(w)})
			d := newDriver(t, w, Config{})
			d.moveTo(tileCenter(1, 0)) // checkpoint, area 2: +12.5
			t0 := d.moveTo(add(w.Signs[sH1].Pos, inFrontOff))
			d.send(t0, 1, reportAt(t, w.Signs[sH1].Pos, 'F')) // +75
			d.step(good)
			d.step(cmd(comms.Evaluate))
			if tc.timeUp {
				for i := 0; i < 20 && !d.r.Ended(); i++ {
					d.stepTo(d.time+1, nil)
				}
			} else {
				d.moveTo(tileCenter(0, 0))
				d.step(cmd(comms.Exit))
			}
			sum := d.r.Summary()
			if !sum.Ended || !near(sum.MapScore, 1) || !near(sum.Score, tc.want) {
				t.Errorf("ended %v map %v score %v, want %v; events %+v", sum.Ended, sum.MapScore, sum.Score, tc.want, d.r.Events())
			}
		})
	}
}

// TestV26TimeLimits checks v26 §13: 480 s game, int(max(T+60, 1.25·T)) real
// (MainSupervisor.py v26 l.104, 118-119), unchanged from v25.
func TestV26TimeLimits(t *testing.T) {
	for _, tc := range []struct{ game, real int }{{480, 600}, {10000, 12500}, {100, 160}} {
		w := v26World()
		w.GameTime = tc.game
		r, err := New(w, Config{})
		if err != nil {
			t.Fatal(err)
		}
		if s := r.Summary(); s.MaxGameTime != tc.game || s.MaxRealTime != tc.real {
			t.Errorf("game %d: limits %d/%d, want %d/%d", tc.game, s.MaxGameTime, s.MaxRealTime, tc.game, tc.real)
		}
	}
}

// TestV26ShippedWorldsMaxScore plays a perfect game on each v26.1 world
// Erebus ships: S = Σ signs (scoreWorth + type bonus)·m + Σ checkpoints 10·m
// (MainSupervisor.py v26 l.621-632, Robot.py l.464-465), then the exit bonus
// ×1.1 and the map bonus ×(1 + 1.2) (MS l.425-429, 652-667). A second game
// reports H at each fake victim that has no real sign near it: each is a
// misidentification (v26 §3).
func TestV26ShippedWorldsMaxScore(t *testing.T) {
	dir := filepath.Join(sharedtest.Dir(t), "erebus", "v26", "worlds")
	for _, name := range []string{"world1", "world2", "world3", "world4"} {
		t.Run(name, func(t *testing.T) {
			w, err := world.Load(filepath.Join(dir, name+".wbt"))
			if err != nil {
				t.Fatal(err)
			}
			var want float64
			var signs []world.Sign
			for _, s := range w.Signs {
				if s.Blank || s.Letter == 0 {
					continue
				}
				signs = append(signs, s)
				bonus := float64(erebus.VictimTypeBonus)
				if s.Kind == world.Hazard {
					bonus = erebus.HazardTypeBonus
				}
				want += (bonus + float64(s.Worth)) * roomMult(w.RoomAt(s.Pos))
			}
			startC := center(w.StartBox())
			seen := map[geom.Vec2]bool{startC: true}
			for _, b := range w.Checkpoints {
				if c := center(b); !seen[c] {
					seen[c] = true
					want += erebus.CheckpointPoints * roomMult(w.RoomAt(c))
				}
			}
			d := newDriver(t, w, Config{})
			for _, s := range signs {
				t0 := d.moveTo(geom.Vec2{X: s.Pos.X + 0.05*s.Normal.X, Z: s.Pos.Z + 0.05*s.Normal.Z})
				d.send(t0, 1, reportAt(t, s.Pos, s.Letter))
			}
			for _, b := range w.Checkpoints {
				d.moveTo(center(b))
			}
			d.step(enc(t, comms.Map{Cells: world.Answer(w)}))
			d.step(cmd(comms.Evaluate))
			pre := d.r.Score()
			d.moveTo(startC)
			d.step(cmd(comms.Exit))
			sum := d.r.Summary()
			if !near(pre, want) || sum.Misidentifications != 0 || sum.SignsCorrectType != len(signs) {
				t.Errorf("S = %v, want %v; summary %+v", pre, want, sum)
			}
			if max := want * 1.1 * 2.2; sum.Score < max-0.03 || sum.Score > max+0.03 {
				t.Errorf("final %v, want S·1.1·2.2 = %v", sum.Score, max)
			}

			d = newDriver(t, w, Config{})
			wantMisid := 0
			for _, f := range w.Fakes {
				lonely := true
				for _, s := range w.Signs {
					lonely = lonely && dist(s.Pos, f.Pos) > 2*erebus.ReportRadius
				}
				if !lonely {
					continue
				}
				wantMisid++
				t0 := d.moveTo(geom.Vec2{X: f.Pos.X + 0.05*f.Normal.X, Z: f.Pos.Z + 0.05*f.Normal.Z})
				d.send(t0, 1, reportAt(t, f.Pos, erebus.Harmed))
			}
			if got := d.r.Summary().Misidentifications; got != wantMisid {
				t.Errorf("%d misidentifications at %d lone fakes", got, wantMisid)
			}
			t.Logf("%s: S = %v, final %v, %d lone fakes", name, pre, sum.Score, wantMisid)
		})
	}
}
