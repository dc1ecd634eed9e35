package sim

import (
	"errors"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/referee"
	"github.com/rescuekit/rescuekit/sim/world"
)

// gameWorld returns world1.wbt from ../shared, or an ASCII stand-in.
func gameWorld(tb testing.TB) (*world.World, string) {
	if d, err := sharedtest.Root(); err == nil {
		if w, err := world.Load(filepath.Join(d, "erebus", "worlds", "world1.wbt")); err == nil {
			return w, "world1.wbt"
		}
	}
	marks := map[[2]int]byte{{0, 0}: 'S', {3, 3}: 'X', {5, 2}: '~', {2, 5}: 'C'}
	return mustWorld(tb, arena(8, 8, marks, "sign H tile 0 1 left", "sign F tile 4 0 top")), "ascii 8x8"
}

// playGame plays one 480 s game (at most 30,000 basic steps) with the
// wall-avoiding driver, all cameras at 32 ms, distance sensors at 16 ms and
// the real referee; it returns the basic steps run.
func playGame(tb testing.TB, w *world.World) int {
	ref, err := referee.New(w, referee.Config{})
	if err != nil {
		tb.Fatal(err)
	}
	s := mustSim(tb, w, Config{Supervisor: ref, Seed: 1})
	d := newDriver(tb, s)
	for _, n := range []string{"camera_left", "camera_centre", "camera_right"} {
		c, _ := hal.Lookup[hal.Camera](s, n)
		c.Enable(32)
	}
	for _, n := range []string{"colour_sensor", "gps", "gyro"} {
		sn, _ := hal.Lookup[hal.Sensor](s, n)
		sn.Enable(16)
	}
	n := 0
	for ; n < 30000; n++ {
		d.control()
		if err := s.Step(16); err != nil {
			if errors.Is(err, hal.ErrEnded) {
				n++
				break
			}
			tb.Fatal(err)
		}
	}
	return n
}

// BenchmarkGame measures whole 480 s games against the real referee. Besides
// the wall time it reports the process's CPU time per game (cpu-s/game):
// on a shared machine the wall time also counts the time other processes
// hold the cores.
func BenchmarkGame(b *testing.B) {
	w, name := gameWorld(b)
	b.Logf("world: %s, supervisor: sim/referee", name)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	m0 := ms.Mallocs
	total := 0
	b.ResetTimer()
	cpu0, cpuOK := processCPU()
	for i := 0; i < b.N; i++ {
		total += playGame(b, w)
	}
	cpu1, _ := processCPU()
	b.StopTimer()
	if cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()/float64(b.N), "cpu-s/game")
	}
	runtime.ReadMemStats(&ms)
	el := b.Elapsed()
	b.ReportMetric(float64(el.Nanoseconds())/float64(total), "ns/step")
	b.ReportMetric(float64(ms.Mallocs-m0)/float64(total), "allocs/step")
	b.ReportMetric(el.Seconds()/float64(b.N), "s/game")
	b.ReportMetric(float64(total)/float64(b.N), "steps/game")
}

// BenchmarkStep measures steady-state basic steps (cameras due every other
// step) and their allocations.
func BenchmarkStep(b *testing.B) {
	w, _ := gameWorld(b)
	s := mustSim(b, w, Config{Supervisor: stillSupervisor{}})
	d := newDriver(b, s)
	enableAll(b, s, 32)
	for _, p := range d.ps {
		p.Enable(16)
	}
	for i := 0; i < 100; i++ {
		d.control()
		_ = s.Step(16)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d.control()
		if err := s.Step(16); err != nil {
			b.Fatal(err)
		}
	}
}

// stillSupervisor is a trivial supervisor that consumes packets and never
// ends the game.
type stillSupervisor struct{}

func (stillSupervisor) Step(referee.Input) referee.Output { return referee.Output{} }

func TestGameOnSharedWorld(t *testing.T) {
	d := sharedtest.Dir(t)
	w, err := world.Load(filepath.Join(d, "erebus", "worlds", "world1.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	if testing.Short() {
		t.Skip("short mode")
	}
	// A 480 s game runs to the time limit (or a give-up) and ends the Step loop.
	n := playGame(t, w)
	if n < 1000 || n > 30000 {
		t.Errorf("game ran %d basic steps", n)
	}
}
