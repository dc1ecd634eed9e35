package report

import (
	"context"
	"testing"

	"github.com/rescuekit/rescuekit/nav"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
	"github.com/rescuekit/rescuekit/signs"
)

// FuzzStep: whatever the blackboard holds under the keys report reads, a
// Step never panics, and a Step that ends a job writes a valid
// signs.reported.
func FuzzStep(f *testing.F) {
	f.Add(signs.List{sign}.Encode(), []byte(nil), []byte(nil), 0.5)
	f.Add([]byte("SG\x01\x01\x00"), signs.List{sign}.Encode(), []byte("RKS1"), 3.0)
	f.Add([]byte{}, []byte{1, 2, 3}, []byte{0xff}, 0.0)
	f.Fuzz(func(t *testing.T, cand, reported, mapBytes []byte, still float64) {
		r := NewLogged(nil)
		bb := map[string][]byte{signs.KeyCandidate: cand, signs.KeyReported: reported, nav.KeyMap: mapBytes}
		for step := uint64(1); step <= 3; step++ {
			a, err := r.Step(context.Background(), &pluginpb.Observation{
				Step: step, SimTime: float64(step) * 0.032, State: "report", Driver: true, StillSeconds: still,
				Gps: &pluginpb.Vec3{X: 0.1, Z: 0.1}, InertialUnit: &pluginpb.InertialUnit{}, Blackboard: bb,
			})
			if err != nil {
				t.Fatal(err)
			}
			if v, ok := a.GetBlackboard()[signs.KeyReported]; ok {
				if _, err := signs.Decode(v); err != nil {
					t.Fatalf("wrote an undecodable signs.reported: %v", err)
				}
			}
		}
	})
}
