package victimdetect

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/sim/world"
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
	benchSteps(b, s.pose, frames)
}

// benchSteps steps a fresh behavior standing at pose with the three frames,
// again and again, and reports the 99th percentile besides the mean.
func benchSteps(b *testing.B, pose world.Pose, frames map[string][]byte) {
	d := New()
	obs := &pluginpb.Observation{
		State: "report", Gps: &pluginpb.Vec3{X: pose.Pos.X, Z: pose.Pos.Z},
		InertialUnit: &pluginpb.InertialUnit{Yaw: pose.Yaw}, WheelPositions: &pluginpb.WheelPositions{},
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

// noSignPose returns a pose of the robot in w at which none of its three
// cameras shows any sign-like region (no white paper at all), searched
// among poses near the signs turned away from them.
func noSignPose(b *testing.B, w *world.World, r *rig) (world.Pose, map[string][]byte) {
	b.Helper()
	var im image
	for k := range w.Signs {
		for _, turn := range []float64{math.Pi, math.Pi / 2, -math.Pi / 2} {
			p := facing(w, k, 0.08)
			p.Yaw += turn
			if clearance(w, p.Pos) < 0.042 {
				continue
			}
			frames := map[string][]byte{}
			clean := true
			for _, m := range DefaultMounts {
				f := r.shoot(b, p, m.Name)
				if !im.load(f, 64, 40) {
					b.Fatalf("frame of %d bytes", len(f))
				}
				if bl, _ := im.blobs(nil, nil); len(bl) > 0 {
					clean = false
					break
				}
				frames[m.Name] = f
			}
			if clean {
				return p, frames
			}
		}
	}
	b.Fatal("no pose without a sign in view")
	return world.Pose{}, nil
}

// BenchmarkStepNoSign measures one Step whose three camera frames show
// walls and floor but no sign (the common case). It reports the 99th
// percentile too.
func BenchmarkStepNoSign(b *testing.B) {
	w := sharedWorld(b, "world1")
	pose, frames := noSignPose(b, w, newRig(b, w))
	benchSteps(b, pose, frames)
}

// BenchmarkFrameNoSign measures the detector alone on a frame without a
// sign.
func BenchmarkFrameNoSign(b *testing.B) {
	w := sharedWorld(b, "world1")
	pose, frames := noSignPose(b, w, newRig(b, w))
	frame := frames["camera_centre"]
	det := NewDetector(DefaultDetectorConfig())
	var out []Detection
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out = det.Frame(out[:0], frame, 64, 40, DefaultMounts[1], toNav(pose))
	}
	if len(out) != 0 {
		b.Fatal("a detection in a frame without a sign")
	}
}

// signBlob renders the sign of BenchmarkFrame and returns the image and
// its blob, for the match benchmarks.
func signBlob(b *testing.B) (*image, *blob) {
	b.Helper()
	w := sharedWorld(b, "world1")
	frame := newRig(b, w).shoot(b, facing(w, 0, 0.08), "camera_centre")
	im := &image{}
	if !im.load(frame, 64, 40) {
		b.Fatal("frame refused")
	}
	bl, _ := im.blobs(nil, nil)
	for i := range bl {
		if bl[i].ok && bl[i].h() >= 7 {
			return im, &bl[i]
		}
	}
	b.Fatal("no sign blob")
	return nil, nil
}

// BenchmarkMatch measures the template match alone on the sign of
// BenchmarkFrame (under 16 pixels tall: all 81 edge offsets).
func BenchmarkMatch(b *testing.B) {
	im, bl := signBlob(b)
	b.ReportAllocs()
	for b.Loop() {
		im.match(bl)
	}
}

// BenchmarkMatchReference is BenchmarkMatch with the original match.
func BenchmarkMatchReference(b *testing.B) {
	im, bl := signBlob(b)
	b.ReportAllocs()
	for b.Loop() {
		matchReference(im, bl)
	}
}
