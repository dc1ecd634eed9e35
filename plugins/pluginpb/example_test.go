package pluginpb_test

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// An Action that drives forward and reports a heated victim, as it travels.
func Example() {
	act := &pluginpb.Action{
		Step:   12,
		Wheels: &pluginpb.Wheels{Left: 6.28, Right: 6.28},
		Outbound: []*pluginpb.Outbound{
			{Kind: &pluginpb.Outbound_Report{Report: &pluginpb.Report{XCm: -12, ZCm: 30, Type: "H"}}},
		},
	}
	wire, err := proto.Marshal(act)
	if err != nil {
		fmt.Println(err)
		return
	}
	var got pluginpb.Action
	if err := proto.Unmarshal(wire, &got); err != nil {
		fmt.Println(err)
		return
	}
	r := got.GetOutbound()[0].GetReport()
	fmt.Println(got.GetStep(), got.GetWheels().GetLeft(), r.GetType(), r.GetXCm(), r.GetZCm())
	// Output: 12 6.28 H -12 30
}
