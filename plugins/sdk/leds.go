package sdk

import (
	"slices"
	"strconv"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// LED names of the default Erebus robot (docs/erebus-rules.md §5): led0…led7 are red,
// led8 is the green body LED and led9 the orange front LED; all are
// non-gradual with one colour, so 1 lights them and 0 turns them off.
const (
	LEDGreen  = "led8"
	LEDOrange = "led9"
)

// LEDRed lists the red LEDs led0…led7.
var LEDRed = []string{"led0", "led1", "led2", "led3", "led4", "led5", "led6", "led7"}

// LEDs returns commands for all ten LEDs of the default Erebus robot: the
// ones named in on light (value 1), the others go off. Behaviors use it to
// show their state in a colour of its own.
func LEDs(on ...string) []*pluginpb.Led {
	out := make([]*pluginpb.Led, 10)
	for i := range out {
		name := "led" + strconv.Itoa(i)
		v := int32(0)
		if slices.Contains(on, name) {
			v = 1
		}
		out[i] = &pluginpb.Led{Name: name, Value: v}
	}
	return out
}
