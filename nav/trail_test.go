package nav

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

// TestTrailClearsObstacleReadings: readings off the wall lines 2 cm from a
// node block it; once the robot's centre stood within trailTol of the node,
// they do not, in the robot's map and in the map it publishes (exit plans
// home on that one). A pass farther off leaves the node blocked
// (Day_2-2-FIXED3 of shared/more-worlds: an obstacle beside a passage the
// robot had driven through closed it behind the robot).
func TestTrailClearsObstacleReadings(t *testing.T) {
	for _, c := range []struct {
		name        string
		stood       float64 // how far from the node the centre passed, m; 0: never
		wantBlocked bool
	}{
		{"never there", 0, true},
		{"stood on it", 0.01, false},
		{"passed 2 cm off", 0.02, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := NewMap(geom.Vec2{X: 0.06, Z: 0.06}, DefaultRobot(), DefaultMapConfig()) // the start tile spans 0..0.12
			node := geom.Vec2{X: 0.06, Z: 0.06}                                          // the start tile's centre
			for range 2 {
				m.obstacleAt(geom.Vec2{X: 0.08, Z: 0.06})
			}
			if !m.Blocked(node) {
				t.Fatal("the readings do not block the node")
			}
			if c.stood > 0 {
				m.stoodOn(geom.Vec2{X: node.X, Z: node.Z + c.stood})
			}
			if got := m.Blocked(node); got != c.wantBlocked {
				t.Errorf("node blocked %v, want %v", got, c.wantBlocked)
			}
			b, err := m.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			d, err := DecodeMap(b, DefaultRobot())
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Blocked(node); got != c.wantBlocked {
				t.Errorf("node blocked %v in the published map, want %v", got, c.wantBlocked)
			}
		})
	}
}
