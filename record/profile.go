package record

import (
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"

	"github.com/rescuekit/rescuekit/erebus"
)

// Motion classes of one control step, from the true pose at its start and
// at its end (simulated time; the recording's poses are the simulator's,
// free of the sensors' noise).
const (
	// profileStillSpeed and profileStillTurn bound a step in which the
	// robot stood (m/s, rad/s): the simulated body of a robot whose wheels
	// stand wobbles by a few hundredths of a radian a second.
	profileStillSpeed = 0.001
	profileStillTurn  = 0.1
	// profileSpotSpeed is the highest speed (m/s) of a step that counts as
	// a turn on the spot: a sixth of the default robot's top speed
	// (erebus.MaxWheelVelocity × erebus.WheelRadius, 0.1256 m/s).
	profileSpotSpeed = erebus.MaxWheelVelocity * erebus.WheelRadius / 6
	// profileFullShare is the share of the default robot's top speed from
	// which a step counts as driving at full speed.
	profileFullShare = 0.7
	// profileGap is the longest step (s) the profile counts: a longer
	// gap between two recorded steps is no control step.
	profileGap = 0.1
	// profileJump is the farthest (m) the robot can go in one counted
	// step; a longer move is a relocation (Erebus puts the robot back on
	// a checkpoint) and is not counted as motion.
	profileJump = 0.05
)

// StateTime is where the simulated time of one FSM state went, in
// seconds, by what the robot did in each step.
type StateTime struct {
	State string
	// Full: driving at 70% of the default robot's top speed or more.
	// Slow: driving slower. Spot: turning on the spot (under a sixth of
	// the top speed). Still: standing (under 1 mm/s and 0.1 rad/s).
	// Relocated: steps in which the robot was put elsewhere.
	Full, Slow, Spot, Still, Relocated float64
	Total                              float64
	// Distance is how far the robot's centre went (m), relocations left
	// out.
	Distance float64
}

// TimeProfile returns where each FSM state's simulated time went, in the
// order the states first appear; a last row "all" sums them. A step is
// counted in the state recorded with its end.
func TimeProfile(rec *Recording) []StateTime {
	var rows []StateTime
	idx := map[string]int{}
	full := profileFullShare * erebus.MaxWheelVelocity * erebus.WheelRadius
	for i := 1; i < len(rec.Steps); i++ {
		a, b := rec.Steps[i-1], rec.Steps[i]
		dt := b.Time - a.Time
		if dt <= 0 || dt > profileGap {
			continue
		}
		k, ok := idx[b.State]
		if !ok {
			k = len(rows)
			idx[b.State] = k
			rows = append(rows, StateTime{State: b.State})
		}
		r := &rows[k]
		r.Total += dt
		d := math.Hypot(b.True.Pos.X-a.True.Pos.X, b.True.Pos.Z-a.True.Pos.Z)
		turn := math.Abs(math.Remainder(b.True.Yaw-a.True.Yaw, 2*math.Pi))
		v, w := d/dt, turn/dt
		switch {
		case d > profileJump:
			r.Relocated += dt
			continue
		case v < profileStillSpeed && w < profileStillTurn:
			r.Still += dt
		case v < profileSpotSpeed:
			r.Spot += dt
		case v >= full:
			r.Full += dt
		default:
			r.Slow += dt
		}
		r.Distance += d
	}
	all := StateTime{State: "all"}
	for _, r := range rows {
		all.Full += r.Full
		all.Slow += r.Slow
		all.Spot += r.Spot
		all.Still += r.Still
		all.Relocated += r.Relocated
		all.Total += r.Total
		all.Distance += r.Distance
	}
	return append(slices.Clip(rows), all)
}

// WriteTimeProfile writes rows (TimeProfile's) as a table: seconds per
// motion class and the share of each state's time.
func WriteTimeProfile(w io.Writer, rows []StateTime) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "state\ttime s\tfull speed\tslower\tturning on the spot\tstill\trelocated\tdistance m\t")
	pct := func(v, of float64) string {
		if of <= 0 {
			return "0.0 (0%)"
		}
		return fmt.Sprintf("%.1f (%.0f%%)", v, 100*v/of)
	}
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%.1f\t%s\t%s\t%s\t%s\t%s\t%.2f\t\n", r.State, r.Total,
			pct(r.Full, r.Total), pct(r.Slow, r.Total), pct(r.Spot, r.Total), pct(r.Still, r.Total),
			pct(r.Relocated, r.Total), r.Distance)
	}
	return tw.Flush()
}
