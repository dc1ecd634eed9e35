package report_test

import (
	"context"
	"fmt"

	"github.com/rescuekit/rescuekit/behaviors/report"
	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/signs"
)

// The behavior drives the "report" state, the orange LED led9 on. Without a
// candidate on the blackboard it hands the robot back at once.
func Example() {
	b := report.NewLogged(nil)
	d := b.Describe()
	fmt.Println(d.Name, d.States, d.BlackboardWrites)
	act, _ := b.Step(context.Background(), &pluginpb.Observation{Step: 1, State: "report", Driver: true})
	var on []string
	for _, l := range act.GetLeds() {
		if l.GetValue() != 0 {
			on = append(on, l.GetName())
		}
	}
	fmt.Println(act.GetEvents(), on)

	// With a candidate it starts driving towards it.
	cand := signs.List{{ID: 1, Letter: 'H', Status: signs.Raised, Pos: geom.Vec2{X: 0.3, Z: 0.0056}, Normal: geom.Vec2{Z: 1}}}
	act, _ = b.Step(context.Background(), &pluginpb.Observation{Step: 2, State: "report", Driver: true,
		Gps: &pluginpb.Vec3{X: 0, Z: 0.1}, InertialUnit: &pluginpb.InertialUnit{},
		Blackboard: map[string][]byte{signs.KeyCandidate: cand.Encode()}})
	w := act.GetWheels()
	fmt.Println(act.GetEvents(), w.GetLeft() != 0 || w.GetRight() != 0)
	// Output:
	// report [report] [signs.reported signs.revisit]
	// [reported] [led9]
	// [] true
}
