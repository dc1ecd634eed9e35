package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/sim"
)

func TestRobotDescribe(t *testing.T) {
	custom := filepath.Join(t.TempDir(), "robot.json")
	if err := os.WriteFile(custom, []byte(`{
 "w1": {"name": "Wheel", "customName": "left", "x": -260, "y": 0, "z": 0, "rx": 0, "ry": 0, "rz": 0, "a": 0},
 "d1": {"name": "Distance Sensor", "customName": "front", "x": 0, "y": 100, "z": -360, "rx": 0, "ry": 0, "rz": 0, "a": 0}
}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		args     []string
		devices  int
		device   string
		accuracy float64
	}{
		// 4 wheel devices, 8 distance sensors, 4 cameras, GPS, gyro,
		// accelerometer, emitter, receiver, 10 LEDs.
		{"default v25", []string{"robot", "describe", "--json"}, 31, "ps0", 0},
		{"default v26", []string{"robot", "describe", "--json", "--rules", "v26"}, 31, "gps", erebus.V26Rules.GPSAccuracy},
		// 2 wheel devices, 1 distance sensor, emitter, receiver, led8, led9.
		{"custom", []string{"robot", "describe", "--json", "--robot", custom}, 7, "front", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runRoot(t, tc.args...)
			if err != nil {
				t.Fatal(err)
			}
			var d sim.RobotDescription
			if err := json.Unmarshal([]byte(out), &d); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
			if len(d.Devices) != tc.devices {
				t.Errorf("%d devices, want %d", len(d.Devices), tc.devices)
			}
			dev, ok := d.DeviceByName(tc.device)
			if !ok {
				t.Fatalf("no device %q", tc.device)
			}
			switch dev.Node {
			case "DistanceSensor":
				if dev.Type != "infra-red" || dev.BoundingSphere != 0.003 {
					t.Errorf("%s: type %q sphere %g, want infra-red, 0.003", dev.Name, dev.Type, dev.BoundingSphere)
				}
			case "GPS":
				if dev.Accuracy == nil || *dev.Accuracy != tc.accuracy {
					t.Errorf("GPS accuracy %v, want %g", dev.Accuracy, tc.accuracy)
				}
			}
		})
	}
	out, err := runRoot(t, "robot", "describe")
	if err != nil || !strings.Contains(out, "up axis = values[1]") || !strings.Contains(out, "infra-red") {
		t.Errorf("table: %v\n%s", err, out)
	}
	if _, err := runRoot(t, "robot", "describe", "--rules", "v7"); err == nil || !strings.Contains(err.Error(), "--rules") {
		t.Errorf("--rules v7: %v, want an error naming --rules", err)
	}
}
