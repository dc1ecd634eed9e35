package referee

import (
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/comms"
	"github.com/rescuekit/rescuekit/geom"
)

// TestVerdicts checks what the referee says of each report: the outcome,
// the sign it matched (or the nearest one of its category for a miss), the
// points and the reason, beside the score the rules give (TestReports).
func TestVerdicts(t *testing.T) {
	cases := []struct {
		name    string
		reps    []rep
		outcome string
		sign    int // index in World.Signs, −1 for none
		points  float64
		why     string // a part of Why
	}{
		{"hit", []rep{{sV1, inFrontOff, noOff, 'H', 1}}, OutcomeHit, sV1, 25, "facing the robot"},
		{"wrong type", []rep{{sV1, inFrontOff, noOff, 'S', 1}}, OutcomeWrongType, sV1, 15, "its type is H, not S"},
		{"robot too far", []rep{{sV1, geom.Vec2{Z: 0.091}, noOff, 'H', 1}}, OutcomeMiss, sV1, -5, "from the robot (at most 0.09 m)"},
		{"estimate too far", []rep{{sV1, inFrontOff, geom.Vec2{Z: 0.10}, 'H', 1}}, OutcomeMiss, sV1, -5, "from the reported position"},
		{"behind the wall", []rep{{sV1, geom.Vec2{Z: -0.03}, noOff, 'H', 1}}, OutcomeMiss, sV1, -5, "faces away"},
		{"already found", []rep{{sV1, inFrontOff, noOff, 'H', 1}, {sV1, inFrontOff, noOff, 'H', 1}}, OutcomeMiss, sV1, -5, "already found"},
		{"not still long enough", []rep{{sV1, inFrontOff, noOff, 'H', 0.5}}, OutcomeIgnored, -1, 0, "stood still 0.50 s"},
		{"hazard hit, area 3", []rep{{sH1, inFrontOff, noOff, 'F', 1}}, OutcomeHit, sH1, 75, "sign 4 (F)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := testWorld()
			d := newDriver(t, w, Config{})
			for _, rp := range tc.reps {
				s := w.Signs[rp.sign].Pos
				t0 := d.moveTo(add(s, rp.robotOff))
				d.send(t0, rp.stopped, reportAt(t, add(s, rp.estOff), rp.letter))
			}
			vs := d.r.Verdicts()
			if len(vs) != len(tc.reps) {
				t.Fatalf("%d verdicts for %d reports: %+v", len(vs), len(tc.reps), vs)
			}
			v := vs[len(vs)-1]
			rp := tc.reps[len(tc.reps)-1]
			if v.Outcome != tc.outcome || v.Sign != tc.sign || !near(v.Points, tc.points) || !strings.Contains(v.Why, tc.why) {
				t.Errorf("verdict %+v, want %s on sign %d, %v points, why with %q", v, tc.outcome, tc.sign, tc.points, tc.why)
			}
			robot := add(w.Signs[rp.sign].Pos, rp.robotOff)
			if math.Hypot(v.Robot.X-robot.X, v.Robot.Z-robot.Z) > 1e-9 || v.Letter != string(rune(rp.letter)) {
				t.Errorf("verdict robot %+v letter %q, want %+v %q", v.Robot, v.Letter, robot, rp.letter)
			}
			if tc.sign >= 0 && v.SignLetter != string(rune(w.Signs[tc.sign].Letter)) {
				t.Errorf("sign letter %q, want %q", v.SignLetter, w.Signs[tc.sign].Letter)
			}
		})
	}
}

// TestSubmittedMap checks that the last map sent stays known after the
// map was evaluated.
func TestSubmittedMap(t *testing.T) {
	d := newDriver(t, testWorld(), Config{})
	if d.r.SubmittedMap() != nil {
		t.Fatal("a map before any was sent")
	}
	cells := [][]string{{"1", "1"}, {"1", "5"}}
	d.step(enc(t, comms.Map{Cells: cells}))
	d.step(cmd(comms.Evaluate))
	got := d.r.SubmittedMap()
	if len(got) != 2 || got[1][1] != "5" {
		t.Fatalf("submitted map %v, want %v", got, cells)
	}
}
