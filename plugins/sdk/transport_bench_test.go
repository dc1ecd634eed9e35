package sdk

import (
	"context"
	"testing"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// benchObservation is an Observation of the size a camera-reading plugin
// gets from the default Erebus robot: three 64×40 BGRA frames, a 4-layer
// lidar of 512 points and a blackboard of a few KiB.
func benchObservation(step uint64) *pluginpb.Observation {
	obs := &pluginpb.Observation{Step: step, Driver: true, State: "explore", Distance: make([]float64, 8),
		Lidar:      &pluginpb.Lidar{Ranges: make([]float32, 512*4), HorizontalResolution: 512, Layers: 4},
		Blackboard: map[string][]byte{"map": make([]byte, 4<<10)}}
	for _, name := range []string{"camera_left", "camera_centre", "camera_right"} {
		obs.Cameras = append(obs.Cameras, &pluginpb.CameraFrame{Name: name, Width: 64, Height: 40, Bgra: make([]byte, 64*40*4)})
	}
	return obs
}

func noopBehavior() Behavior {
	return New(exploreDesc, func(context.Context, *pluginpb.Observation) (*pluginpb.Action, error) {
		return &pluginpb.Action{Wheels: &pluginpb.Wheels{Left: 1, Right: 1}}, nil
	})
}

// BenchmarkTransportInProcess is one Step of a no-op behavior through
// InProcess: the service's Step loop over Go channels.
func BenchmarkTransportInProcess(b *testing.B) {
	p := NewInProcess(noopBehavior())
	defer p.Kill()
	ctx := context.Background()
	obs := benchObservation(0)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		obs.Step = uint64(i + 1)
		if _, err := p.Step(ctx, obs); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTransportBufconn is the same Step through the same service over
// an in-memory gRPC connection (google.golang.org/grpc/test/bufconn): the
// alternative InProcess was measured against.
func BenchmarkTransportBufconn(b *testing.B) {
	_, stream := dial(b, noopBehavior())
	obs := benchObservation(0)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		obs.Step = uint64(i + 1)
		if err := stream.Send(obs); err != nil {
			b.Fatal(err)
		}
		if _, err := stream.Recv(); err != nil {
			b.Fatal(err)
		}
	}
}
