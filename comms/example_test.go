package comms_test

import (
	"errors"
	"fmt"

	"github.com/rescuekit/rescuekit/comms"
)

// A harmed victim estimated at x = 12 cm, z = -30 cm: int32, int32, one type
// byte, little-endian, as Python's struct.pack('i i c', ...) builds it.
func ExampleEncode() {
	b, err := comms.Encode(comms.Report{X: 12, Z: -30, Type: 'H'})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", b)
	// Output: 0c 00 00 00 e2 ff ff ff 48
}

// The supervisor dispatches by length: a 1x1 map is 9 bytes long, so it is
// read as a victim report.
func ExampleDecodeRobot() {
	packet := []byte{1, 0, 0, 0, 1, 0, 0, 0, '5'} // '2i' 1, 1 and the cell "5"
	m, err := comms.DecodeRobot(packet)
	fmt.Println(m, err)
	// Output: report '5' at (1, 1) cm <nil>
}

func ExampleDecodeSupervisor() {
	in, err := comms.DecodeSupervisor([]byte{'G', 0, 0, 0, 0, 0, 0x16, 0x42, 0x2d, 1, 0, 0, 0x9f, 1, 0, 0})
	fmt.Printf("%+v %v\n", in, err)
	// Output: {Score:37.5 GameSecondsLeft:301 RealSecondsLeft:415 Legacy:false} <nil>
}

// The gate refuses what Erebus would ignore or punish, and releases the rest
// one packet per 16 ms supervisor step.
func ExampleGate() {
	g := comms.NewGate(comms.GateConfig{}) // margin 1.2 s, radius 3 cm, step 16 ms

	// Too early: the robot has stood still for 0.5 s only.
	err := g.Offer(comms.Report{X: 12, Z: -30, Type: 'H'}, 0.5)
	fmt.Println(errors.Is(err, comms.ErrNotStill))

	// Still long enough: queued.
	fmt.Println(g.Offer(comms.Report{X: 12, Z: -30, Type: 'H'}, 1.3))

	// The same victim again, 2 cm away: Erebus would charge -5.
	err = g.Offer(comms.Report{X: 14, Z: -30, Type: 'H'}, 1.3)
	var ref *comms.RefusalError
	if errors.As(err, &ref) {
		fmt.Println(ref.Rule)
	}

	// Evaluate needs a map first.
	fmt.Println(errors.Is(g.Offer(comms.Evaluate, 0), comms.ErrNoMap))
	fmt.Println(g.Offer(comms.Map{Cells: [][]string{{"1", "1"}, {"5", "0"}}}, 0))
	fmt.Println(g.Offer(comms.Evaluate, 0))

	// The step loop: one packet per supervisor step.
	for now := 0.0; g.Pending() > 0; now += 0.016 {
		b, err := g.Next(now, 1.3+now)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("t=%.3f send %d bytes\n", now, len(b))
	}
	fmt.Println(g.Refusals())
	// Output:
	// true
	// <nil>
	// duplicate
	// true
	// <nil>
	// <nil>
	// t=0.000 send 9 bytes
	// t=0.016 send 15 bytes
	// t=0.032 send 1 bytes
	// map[duplicate:1 no-map:1 not-still:1]
}
