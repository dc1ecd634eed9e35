package sim

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

const customJSON = `{
 "Wheel 1": {"dictName": "Wheel 1", "name": "Wheel", "customName": "left", "x": -260, "y": 15, "z": 0, "rx": 0, "ry": 0, "rz": -1, "a": 1.57},
 "Wheel 2": {"dictName": "Wheel 2", "name": "Wheel", "customName": "right", "x": 260, "y": 15, "z": 0, "rx": 0, "ry": 0, "rz": -1, "a": 1.57},
 "Distance Sensor 1": {"name": "Distance Sensor", "customName": "front", "x": 0, "y": 200, "z": -360, "rx": 0, "ry": 1, "rz": 0, "a": 0},
 "Camera 1": {"name": "Camera", "customName": "cam", "x": 0, "y": 100, "z": -350, "rx": 0, "ry": 0, "rz": 0, "a": 0, "custom": [128, 40]},
 "Lidar": {"name": "Lidar", "customName": "lidar", "x": 0, "y": 300, "z": 0, "rx": 0, "ry": 0, "rz": 0, "a": 0},
 "IMU": {"name": "InertialUnit", "customName": "imu", "x": 0, "y": 0, "z": 0, "rx": 0, "ry": 0, "rz": 0, "a": 0}
}`

func TestParseRobotJSON(t *testing.T) {
	spec, err := ParseRobotJSON([]byte(customJSON))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]DeviceSpec{}
	for _, d := range spec.Devices {
		byName[d.Name] = d
	}
	if d := byName["left"]; d.Kind != KindWheel || d.Pos != [3]float64{-0.026, 0.0015 + 0.0185, 0} {
		t.Errorf("left wheel %+v", d)
	}
	if d := byName["cam"]; d.Width != 128 || d.Height != 40 || d.FOV != 1 {
		t.Errorf("camera %dx%d fov %g, want 128x40 fov 1", d.Width, d.Height, d.FOV)
	}
	if d := byName["lidar"]; d.Lidar != DefaultLidar {
		t.Errorf("lidar %+v, want the Webots defaults %+v", d.Lidar, DefaultLidar)
	}
	if d := byName["front"]; !(math.Abs(d.Pos[2]+0.036) < 1e-12 && d.Range == 0.8) {
		t.Errorf("distance sensor %+v", d)
	}
	if len(spec.LEDs) != 2 || spec.LEDs[0].Name != "led8" || spec.LEDs[1].Name != "led9" {
		t.Errorf("LEDs %+v, want led8 and led9", spec.LEDs)
	}
}

func comp(name, custom string, extra string) string {
	return fmt.Sprintf(`{"name": %q, "customName": %q, "x": 0, "y": 0, "z": 0, "rx": 0, "ry": 1, "rz": 0, "a": 0%s}`, name, custom, extra)
}

func robot(parts ...string) string {
	var b strings.Builder
	b.WriteString("{")
	for i, p := range parts {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "%q: %s", fmt.Sprint("c", i), p)
	}
	b.WriteString("}")
	return b.String()
}

func TestParseRobotJSONErrors(t *testing.T) {
	wheels := []string{comp("Wheel", "a", ""), comp("Wheel", "b", "")}
	many := func(n int, name string, extra string) []string {
		var out []string
		for i := 0; i < n; i++ {
			out = append(out, comp(name, fmt.Sprint(name, i), extra))
		}
		return out
	}
	tests := []struct {
		name, src, want string
	}{
		{"not an object", `[1,2]`, "want a JSON object"},
		{"bad json", `{"a": `, "bad robot JSON"},
		{"trailing", `{} {}`, "trailing"},
		{"no wheel", robot(comp("GPS", "gps", "")), "no Wheel"},
		{"unknown component", robot(append(wheels, comp("Heat sensor", "h", ""))...), "unknown name"},
		{"no customName", robot(append(wheels, comp("GPS", "", ""))...), "no customName"},
		{"five wheels", robot(many(5, "Wheel", "")...), "at most 4"},
		{"two GPS", robot(append(wheels, comp("GPS", "g1", ""), comp("GPS", "g2", ""))...), "at most 1"},
		{"nine distance sensors", robot(append(wheels, many(9, "Distance Sensor", "")...)...), "at most 8"},
		{"over budget", robot(append(append(many(4, "Wheel", ""), many(3, "Camera", "")...), comp("Lidar", "l", ""))...), "over the budget of 3000"},
		{"camera size", robot(append(wheels, comp("Camera", "c", `, "custom": [100, 40]`))...), "32, 40, 64, 128 or 256"},
		{"camera custom shape", robot(append(wheels, comp("Camera", "c", `, "custom": [64]`))...), "[width, height]"},
		{"duplicate names", robot(append(wheels, comp("GPS", "a motor", ""))...), "unique"},
		{"fixed name", robot(append(wheels, comp("GPS", "emitter", ""))...), "unique"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRobotJSON([]byte(tc.src))
			if err == nil {
				t.Fatalf("no error for %s", tc.src)
			}
			if !errors.Is(err, ErrRobotJSON) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want one wrapping ErrRobotJSON containing %q", err, tc.want)
			}
		})
	}
	// Exactly the budget: 2 wheels (600) + 2 cameras 256×256 (2·1100) + a
	// gyro (100) + 2 distance sensors (100) = 3000.
	ok := robot(append(append(wheels, many(2, "Camera", `, "custom": [256, 256]`)...), comp("Gyro", "gy", ""), comp("Distance Sensor", "d1", ""), comp("Distance Sensor", "d2", ""))...)
	if _, err := ParseRobotJSON([]byte(ok)); err != nil {
		t.Errorf("robot of exactly 3000 points refused: %v", err)
	}
}

func FuzzParseRobotJSON(f *testing.F) {
	f.Add([]byte(customJSON))
	f.Add([]byte(`{}`))
	f.Add([]byte(robot(comp("Wheel", "w", ""), comp("Camera", "c", `, "custom": [32, 256]`))))
	f.Add([]byte(`{"a": {"name": "Wheel", "customName": "x", "x": 1e308, "rx": 1e308, "a": 1e308}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		spec, err := ParseRobotJSON(b)
		if err != nil {
			if !errors.Is(err, ErrRobotJSON) {
				t.Fatalf("error %v does not wrap ErrRobotJSON", err)
			}
			return
		}
		if err := spec.Validate(); err != nil {
			t.Fatalf("parsed spec is invalid: %v", err)
		}
		for _, d := range spec.Devices {
			for _, v := range d.Pos {
				if math.IsNaN(v) || math.Abs(v) > 0.06 {
					t.Fatalf("device %q position %v out of the clamp range", d.Name, d.Pos)
				}
			}
		}
	})
}

// TestParseRobotJSONProtoGenerator checks the fields ProtoGenerator.py
// gives each component besides its place: infra-red distance sensors with a
// 3 mm sphere, cameras with a 7 mm one and near 0.0045 (RULES.md §5), the accelerometer's lookupTable
// noise 0.003 of the reading and a 3 mm sphere, no GPS accuracy.
func TestParseRobotJSONProtoGenerator(t *testing.T) {
	spec, err := ParseRobotJSON([]byte(robot(
		comp("Wheel", "w", ""), comp("Distance Sensor", "d", ""), comp("Camera", "c", ""),
		comp("Accelerometer", "a", ""), comp("GPS", "g", ""), comp("Gyro", "y", ""), comp("Colour sensor", "k", ""),
	)))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]DeviceSpec{
		"d": {InfraRed: true, Sphere: 0.003},
		"c": {Sphere: 0.007, Near: 0.0045},
		"a": {RelNoise: 0.003, Sphere: 0.003},
		"g": {Sphere: 0.003},
		"y": {Sphere: 0.003},
		"k": {},
	}
	for _, d := range spec.Devices {
		w, ok := want[d.Name]
		if !ok {
			continue
		}
		if d.InfraRed != w.InfraRed || d.Sphere != w.Sphere || d.RelNoise != w.RelNoise || d.Accuracy != 0 || d.Near != w.Near {
			t.Errorf("%s (%v): infra-red %v sphere %g noise %g accuracy %g near %g, want %v %g %g 0 %g", d.Name, d.Kind, d.InfraRed, d.Sphere, d.RelNoise, d.Accuracy, d.Near, w.InfraRed, w.Sphere, w.RelNoise, w.Near)
		}
	}
}
