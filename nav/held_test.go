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

// TestBackOff: back-offs from held turns go straight back, then on an arc
// one way, then the other, and round again; always backwards, no wheel
// faster than asked.
func TestBackOff(t *testing.T) {
	const w = 3.0
	for _, c := range []struct {
		k           int
		left, right float64
	}{
		{0, -w, -w},
		{1, -w / 3, -w},
		{2, -w, -w / 3},
		{3, -w, -w},
		{7, -w / 3, -w},
	} {
		l, r := BackOff(c.k, w)
		if l != c.left || r != c.right {
			t.Errorf("BackOff(%d, %g) = %g, %g, want %g, %g", c.k, w, l, r, c.left, c.right)
		}
		if l >= 0 || r >= 0 || l < -w || r < -w {
			t.Errorf("BackOff(%d, %g) = %g, %g: not backwards within %g", c.k, w, l, r, w)
		}
	}
}
