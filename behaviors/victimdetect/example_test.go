package victimdetect_test

import (
	"fmt"

	"github.com/rescuekit/rescuekit/behaviors/victimdetect"
	"github.com/rescuekit/rescuekit/nav"
)

// The behavior is a watcher that asks for the three cameras.
func Example() {
	d := victimdetect.New().Describe()
	fmt.Println(d.Name, d.Watcher, d.Cameras, d.CameraEveryNSteps, d.BlackboardWrites)
	// Output: victimdetect true [camera_left camera_centre camera_right] 2 [signs.seen signs.candidate signs.glimpsed]
}

// ExampleDetector_Frame runs the detector on one frame: a grey wall with
// nothing on it gives no detection.
func ExampleDetector_Frame() {
	frame := make([]byte, 64*40*4)
	for i := 0; i < len(frame); i += 4 {
		frame[i], frame[i+1], frame[i+2], frame[i+3] = 215, 210, 205, 255 // BGRA wall
	}
	det := victimdetect.NewDetector(victimdetect.DefaultDetectorConfig())
	found := det.Frame(nil, frame, 64, 40, victimdetect.DefaultMounts[1], nav.Pose{})
	fmt.Println(len(found))
	// Output: 0
}
