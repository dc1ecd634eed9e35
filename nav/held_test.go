package nav

import "testing"

// TestHeldTurn: a turn whose yaw moves less than HeldTurnYaw over
// HeldTurnSteps steps is held, and only at the end of such a span; one
// that turns at the driver's least speed (1 rad/s a wheel, 0.77 rad/s of
// turn, 0.39 rad in 16 steps of 32 ms) is not.
func TestHeldTurn(t *testing.T) {
	for _, c := range []struct {
		name    string
		perStep float64 // yaw change a step (rad)
		want    bool
	}{
		{"held", 0, true},
		{"creeping", 0.005, true},
		{"turning slowly", 0.77 * 0.032, false},
		{"turning", 0.15, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var h HeldTurn
			p := Pose{Yaw: 0.3}
			for i := 1; i <= 2*HeldTurnSteps; i++ {
				got := h.Held(p)
				atEnd := i%HeldTurnSteps == 0
				if got != (c.want && atEnd) {
					t.Fatalf("step %d: held %v, want %v", i, got, c.want && atEnd)
				}
				p.Yaw = WrapAngle(p.Yaw + c.perStep)
			}
			h.Reset()
			if h.Held(p) {
				t.Error("held at the first step after Reset")
			}
		})
	}
}
