package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/rescuekit/rescuekit/erebus"
)

// Erebus robot customiser rules (docs/erebus-rules.md §5, ProtoGenerator.py).
const (
	// Budget is the customiser's point budget.
	Budget = 3000
)

// componentCost is the cost of each customiser component.
var componentCost = map[string]int{
	"Wheel": 300, "Distance Sensor": 50, "Camera": 500, "Gyro": 100, "InertialUnit": 100,
	"GPS": 250, "Colour sensor": 100, "Accelerometer": 100, "Lidar": 500,
}

// componentMax is how many of each component a robot may have.
var componentMax = map[string]int{"Wheel": 4, "Distance Sensor": 8, "Camera": 3}

// cameraDimCost is the extra cost of a custom camera dimension.
var cameraDimCost = map[int]int{32: 0, 40: 0, 64: 100, 128: 200, 256: 300}

var componentKind = map[string]DeviceKind{
	"Wheel": KindWheel, "Distance Sensor": KindDistanceSensor, "Camera": KindCamera, "Gyro": KindGyro,
	"InertialUnit": KindInertialUnit, "GPS": KindGPS, "Colour sensor": KindColourSensor,
	"Accelerometer": KindAccelerometer, "Lidar": KindLidar,
}

// ErrRobotJSON is wrapped by every error ParseRobotJSON returns.
var ErrRobotJSON = errors.New("sim: bad robot JSON")

type jsonComponent struct {
	Name       string     `json:"name"`
	CustomName *string    `json:"customName"`
	X          *float64   `json:"x"`
	Y          *float64   `json:"y"`
	Z          *float64   `json:"z"`
	RX         float64    `json:"rx"`
	RY         float64    `json:"ry"`
	RZ         float64    `json:"rz"`
	A          float64    `json:"a"`
	Custom     []*float64 `json:"custom"`
}

// ParseRobotJSON reads a robot from the Erebus robot customiser's JSON (an
// object keyed by dictName, docs/erebus-rules.md §5) and builds its RobotSpec as
// Erebus's ProtoGenerator would:
//   - positions are in 0.1 mm, clamped (x, z ±370, wheels' z ±260, y
//     −100…370), divided by 10000, and raised by 0.0185 m;
//   - the rotation is written "rx rz ry a" (the customiser's y and z axes
//     swapped) and composed with the device's own rotation in the proto;
//   - cameras are 64×40 with fov 1 unless "custom": [w, h] (each 32, 40, 64,
//     128 or 256) is given, with a 7 mm collision sphere; distance sensors
//     are infra-red with range 0.8 m; every other device but the colour
//     sensor has a 3 mm sphere; the accelerometer's noise is 0.3 % of the
//     reading, the GPS has none; a lidar gets
//     DefaultLidar; every robot also has "emitter", "receiver", "led8" and
//     "led9";
//   - components are processed in file order and cost points (Wheel 300,
//     Distance Sensor 50, Camera 500 plus 0/0/100/200/300 per custom
//     dimension of 32/40/64/128/256, Gyro, InertialUnit, Colour sensor and
//     Accelerometer 100, GPS 250, Lidar 500) against a budget of 3000.
//
// Unlike Erebus, which silently skips extra components, ParseRobotJSON
// refuses a robot over the budget, with more than 4 wheels, 8 distance
// sensors, 3 cameras or 1 of anything else, with an unknown component, a
// missing or duplicate customName, or no wheel, with an error wrapping
// ErrRobotJSON that says what to change.
func ParseRobotJSON(b []byte) (RobotSpec, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	if err != nil {
		return RobotSpec{}, fmt.Errorf("%w: %v", ErrRobotJSON, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return RobotSpec{}, fmt.Errorf("%w: want a JSON object keyed by component, got %v", ErrRobotJSON, tok)
	}
	spec := RobotSpec{BodyRadius: DefaultBodyRadius, WheelRadius: DefaultWheelRadius, MaxVelocity: DefaultMaxVelocity}
	counts := map[string]int{}
	cost := 0
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return RobotSpec{}, fmt.Errorf("%w: %v", ErrRobotJSON, err)
		}
		key, _ := kt.(string)
		var c jsonComponent
		if err := dec.Decode(&c); err != nil {
			return RobotSpec{}, fmt.Errorf("%w: component %q: %v", ErrRobotJSON, key, err)
		}
		d, add, err := buildComponent(key, c, counts)
		if err != nil {
			return RobotSpec{}, err
		}
		cost += add
		if cost > Budget {
			return RobotSpec{}, fmt.Errorf("%w: the components cost %d points, over the budget of %d (at %q); remove or shrink components", ErrRobotJSON, cost, Budget, key)
		}
		spec.Devices = append(spec.Devices, d)
	}
	if _, err := dec.Token(); err != nil {
		return RobotSpec{}, fmt.Errorf("%w: %v", ErrRobotJSON, err)
	}
	if _, err := dec.Token(); err == nil {
		return RobotSpec{}, fmt.Errorf("%w: trailing data after the object", ErrRobotJSON)
	}
	spec.LEDs = customLEDs()
	if counts["Wheel"] == 0 {
		return RobotSpec{}, fmt.Errorf("%w: the robot has no Wheel; add at least one", ErrRobotJSON)
	}
	if err := spec.Validate(); err != nil {
		return RobotSpec{}, fmt.Errorf("%w: %v", ErrRobotJSON, err)
	}
	return spec, nil
}

func buildComponent(key string, c jsonComponent, counts map[string]int) (DeviceSpec, int, error) {
	kind, ok := componentKind[c.Name]
	if !ok {
		return DeviceSpec{}, 0, fmt.Errorf("%w: component %q has unknown name %q; want one of Wheel, Distance Sensor, Camera, Colour sensor, Gyro, InertialUnit, GPS, Accelerometer, Lidar", ErrRobotJSON, key, c.Name)
	}
	counts[c.Name]++
	limit := 1
	if m, ok := componentMax[c.Name]; ok {
		limit = m
	}
	if counts[c.Name] > limit {
		return DeviceSpec{}, 0, fmt.Errorf("%w: %d × %s, but a robot may have at most %d (at %q)", ErrRobotJSON, counts[c.Name], c.Name, limit, key)
	}
	if c.CustomName == nil || *c.CustomName == "" {
		return DeviceSpec{}, 0, fmt.Errorf("%w: component %q (%s) has no customName; give it the device name your controller uses", ErrRobotJSON, key, c.Name)
	}
	for _, f := range []float64{c.RX, c.RY, c.RZ, c.A} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return DeviceSpec{}, 0, fmt.Errorf("%w: component %q has a non-finite rotation", ErrRobotJSON, key)
		}
	}
	coord := func(p *float64, lo, hi float64) float64 {
		if p == nil {
			return 0
		}
		return math.Max(lo, math.Min(hi, *p)) / 10000
	}
	zlim := 370.0
	if kind == KindWheel {
		zlim = 260
	}
	d := DeviceSpec{
		Kind: kind, Name: *c.CustomName,
		Pos:   [3]float64{coord(c.X, -370, 370), coord(c.Y, -100, 370) + 0.0185, coord(c.Z, -zlim, zlim)},
		Frame: AxisAngle(c.RX, c.RZ, c.RY, c.A),
	}
	cost := componentCost[c.Name]
	switch kind {
	case KindDistanceSensor:
		// type "infra-red", lookupTable [0 0 0, 0.8 0.8 0], a 3 mm sphere.
		d.Frame = d.Frame.Mul(AxisAngle(1, 0, 0, 1.56826))
		d.Range, d.InfraRed, d.Sphere = DistanceRange, true, erebus.SensorSphere
	case KindCamera:
		d.Width, d.Height, d.FOV, d.Near, d.Sphere = CameraWidth, CameraHeight, CameraFOV, erebus.CustomCameraNear, erebus.CameraSphere
		if c.Custom != nil {
			if len(c.Custom) != 2 || c.Custom[0] == nil || c.Custom[1] == nil {
				return DeviceSpec{}, 0, fmt.Errorf("%w: camera %q: custom must be [width, height]", ErrRobotJSON, key)
			}
			w, h := *c.Custom[0], *c.Custom[1]
			cw, okw := cameraDimCost[int(w)]
			ch, okh := cameraDimCost[int(h)]
			if !okw || !okh || w != math.Trunc(w) || h != math.Trunc(h) {
				return DeviceSpec{}, 0, fmt.Errorf("%w: camera %q: custom size %g×%g; each side must be 32, 40, 64, 128 or 256", ErrRobotJSON, key, w, h)
			}
			d.Width, d.Height = int(w), int(h)
			cost += cw + ch
		}
	case KindColourSensor:
		d.Width, d.Height, d.FOV = 1, 1, 0.7854
	case KindLidar:
		d.Frame = d.Frame.Mul(AxisAngle(0, 0, 1, 3.14159))
		d.Lidar, d.Sphere = DefaultLidar, erebus.SensorSphere
	case KindGyro, KindAccelerometer, KindInertialUnit, KindGPS:
		// rotation 0.577 -0.577 -0.577 2.09 and a 3 mm sphere; the
		// accelerometer's lookupTable [-100 -100 0.003, 100 100 0.003]. The
		// generated GPS sets no accuracy.
		d.Frame = d.Frame.Mul(AxisAngle(0.577, -0.577, -0.577, 2.09))
		d.Sphere = erebus.SensorSphere
		if kind == KindAccelerometer {
			d.RelNoise = erebus.AccelNoise
		}
	}
	return d, cost, nil
}
