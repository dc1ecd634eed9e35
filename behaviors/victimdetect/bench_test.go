package victimdetect

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// BenchmarkStep measures one Step with the three camera frames of a robot
// looking at a sign from 8 cm (the costliest case: a blob to classify in
// the centre camera, walls and floor in the others). It reports the 99th
// percentile too.
func BenchmarkStep(b *testing.B) {
	w := sharedWorld(b, "world1")
	s := &scene{r: newRig(b, w), w: w, pose: facing(w, 0, 0.08)}
	frames := map[string][]byte{}
	for _, m := range DefaultMounts {
		frames[m.Name] = s.r.shoot(b, s.pose, m.Name)
	}
	d := New()
	obs := &pluginpb.Observation{
		State: "report", Gps: &pluginpb.Vec3{X: s.pose.Pos.X, Z: s.pose.Pos.Z},
		InertialUnit: &pluginpb.InertialUnit{Yaw: s.pose.Yaw}, WheelPositions: &pluginpb.WheelPositions{},
	}
	for _, m := range DefaultMounts {
		obs.Cameras = append(obs.Cameras, &pluginpb.CameraFrame{Name: m.Name, Width: 64, Height: 40, Bgra: frames[m.Name]})
	}
	ctx := context.Background()
	times := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		obs.Step = uint64(i + 1)
		obs.SimTime = float64(i+1) * 0.032
		t0 := time.Now()
		if _, err := d.Step(ctx, obs); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)*99/100].Nanoseconds()), "p99-ns/op")
}

// BenchmarkFrame measures the detector alone on the frame that shows the
// sign.
func BenchmarkFrame(b *testing.B) {
	w := sharedWorld(b, "world1")
	r := newRig(b, w)
	pose := facing(w, 0, 0.08)
	frame := r.shoot(b, pose, "camera_centre")
	det := NewDetector(DefaultDetectorConfig())
	var out []Detection
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out = det.Frame(out[:0], frame, 64, 40, DefaultMounts[1], toNav(pose))
	}
	if len(out) == 0 {
		b.Fatal("no detection")
	}
}
