package nav

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/geom"
)

func TestPoseRoundTrip(t *testing.T) {
	for _, c := range []struct {
		p     Pose
		known bool
	}{
		{Pose{geom.Vec2{X: 0, Z: 0}, 0}, false},
		{Pose{geom.Vec2{X: -0.237, Z: 0.0697}, math.Pi / 2}, true},
		{Pose{geom.Vec2{X: 1e3, Z: -1e-9}, -math.Pi}, true},
	} {
		b := EncodePose(c.p, c.known)
		if len(b) != poseLen {
			t.Fatalf("%d bytes, want %d", len(b), poseLen)
		}
		p, known, err := DecodePose(b)
		if err != nil || p != c.p || known != c.known {
			t.Errorf("DecodePose(EncodePose(%v, %v)) = %v, %v, %v", c.p, c.known, p, known, err)
		}
	}
}

func TestDecodePoseRefuses(t *testing.T) {
	good := EncodePose(Pose{geom.Vec2{X: 1, Z: 2}, 3}, true)
	nan := EncodePose(Pose{geom.Vec2{X: math.NaN(), Z: 2}, 3}, true)
	inf := EncodePose(Pose{geom.Vec2{X: 1, Z: 2}, math.Inf(1)}, true)
	flags := bytes.Clone(good)
	flags[poseLen-1] = 2
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "RKP1 header"},
		{"a map", []byte("RKM1xxxxxxxxxxxxxxxxxxxxxxxxx"), "RKP1 header"},
		{"short", good[:poseLen-1], "28 bytes, want 29"},
		{"long", append(bytes.Clone(good), 0), "30 bytes, want 29"},
		{"NaN", nan, "not finite"},
		{"Inf", inf, "not finite"},
		{"flags", flags, "unknown flags"},
	} {
		if _, _, err := DecodePose(c.b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
		}
	}
}

// FuzzDecodePose: any input decodes or gives an error, never a panic, and
// what decodes encodes back to the same bytes.
func FuzzDecodePose(f *testing.F) {
	f.Add(EncodePose(Pose{geom.Vec2{X: 0.3, Z: -0.1}, 1}, true))
	f.Add(EncodePose(Pose{}, false))
	f.Add([]byte("RKP1"))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, known, err := DecodePose(b)
		if err != nil {
			return
		}
		if again := EncodePose(p, known); !bytes.Equal(again, b) {
			t.Errorf("%x decoded to %v %v, which encodes to %x", b, p, known, again)
		}
	})
}

func ExampleDecodePose() {
	b := EncodePose(Pose{Vec2: geom.Vec2{X: 0.12, Z: -0.3}, Yaw: math.Pi / 2}, true)
	p, yawKnown, err := DecodePose(b)
	fmt.Println(len(b), p.X, p.Z, p.Yaw == math.Pi/2, yawKnown, err)
	// Output: 29 0.12 -0.3 true true <nil>
}
