package sim

import (
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/sim/world"
)

// arena draws an ASCII arena (package world's format) of cols×rows tiles
// with outer walls; marks sets tile (x, z) quadrants to a character (all
// four quadrants); extra lines are appended after the grid.
func arena(cols, rows int, marks map[[2]int]byte, extra ...string) string {
	h, w := 4*rows+1, 4*cols+1
	g := make([][]byte, h)
	for r := range g {
		g[r] = []byte(strings.Repeat(" ", w))
		for c := 0; c < w; c++ {
			switch {
			case (r == 0 || r == h-1) && c%2 == 1:
				g[r][c] = '-'
			case (c == 0 || c == w-1) && r%2 == 1:
				g[r][c] = '|'
			case r%2 == 0 && c%2 == 0 && (c == 0 || c == w-1 || r == 0 || r == h-1 || (r%4 == 0 && c%4 == 0)):
				g[r][c] = '+'
			}
		}
	}
	for k, ch := range marks {
		for _, dr := range []int{1, 3} {
			for _, dc := range []int{1, 3} {
				g[4*k[1]+dr][4*k[0]+dc] = ch
			}
		}
	}
	lines := make([]string, 0, h+len(extra))
	for _, l := range g {
		lines = append(lines, string(l))
	}
	return strings.Join(append(lines, extra...), "\n") + "\n"
}

func mustWorld(t testing.TB, src string) *world.World {
	t.Helper()
	w, err := world.ParseASCII("test", src)
	if err != nil {
		t.Fatalf("ParseASCII: %v\n%s", err, src)
	}
	return w
}

func mustSim(t testing.TB, w *world.World, cfg Config) *Sim {
	t.Helper()
	s, err := New(w, cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s
}

func setWheels(t testing.TB, s *Sim, l, r float64) {
	t.Helper()
	for name, v := range map[string]float64{"wheel1 motor": l, "wheel2 motor": r} {
		m, err := hal.Lookup[hal.Motor](s, name)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.SetVelocity(v); err != nil {
			t.Fatal(err)
		}
	}
}

func steps(t testing.TB, s *Sim, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if err := s.Step(s.BasicTimeStep()); err != nil {
			t.Fatalf("Step: %v", err)
		}
	}
}

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

// forward is the unit vector a robot of yaw th faces.
func forward(th float64) geom.Vec2 { return geom.Vec2{X: -math.Sin(th), Z: -math.Cos(th)} }
