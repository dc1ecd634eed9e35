package sim

import (
	"fmt"
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/hal"
)

// DeviceKind is the kind of a device in a RobotSpec.
type DeviceKind uint8

// Device kinds, named as the Erebus robot customiser names them.
const (
	KindWheel DeviceKind = iota + 1
	KindDistanceSensor
	KindCamera
	KindColourSensor
	KindGPS
	KindGyro
	KindAccelerometer
	KindInertialUnit
	KindLidar
)

var kindNames = [...]string{
	KindWheel:          "Wheel",
	KindDistanceSensor: "Distance Sensor",
	KindCamera:         "Camera",
	KindColourSensor:   "Colour sensor",
	KindGPS:            "GPS",
	KindGyro:           "Gyro",
	KindAccelerometer:  "Accelerometer",
	KindInertialUnit:   "InertialUnit",
	KindLidar:          "Lidar",
}

// String returns the customiser's name of the kind, e.g. "Distance Sensor".
func (k DeviceKind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("DeviceKind(%d)", uint8(k))
}

// Mat3 is a rotation matrix; its columns are a device's x, y, z axes in the
// robot frame.
type Mat3 [3][3]float64

// Identity is the identity rotation.
var Identity = Mat3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

// AxisAngle returns the rotation of angle a (radians, right-handed) about the
// axis (x, y, z), as a Webots rotation field gives it. A zero axis gives the
// identity.
func AxisAngle(x, y, z, a float64) Mat3 {
	n := math.Sqrt(x*x + y*y + z*z)
	if n == 0 || math.IsNaN(n) || math.IsInf(n, 0) || math.IsNaN(a) || math.IsInf(a, 0) {
		return Identity
	}
	x, y, z = x/n, y/n, z/n
	c, s := math.Cos(a), math.Sin(a)
	C := 1 - c
	return Mat3{
		{x*x*C + c, x*y*C - z*s, x*z*C + y*s},
		{y*x*C + z*s, y*y*C + c, y*z*C - x*s},
		{z*x*C - y*s, z*y*C + x*s, z*z*C + c},
	}
}

// Mul returns m·n.
func (m Mat3) Mul(n Mat3) Mat3 {
	var r Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = m[i][0]*n[0][j] + m[i][1]*n[1][j] + m[i][2]*n[2][j]
		}
	}
	return r
}

// Apply returns m·v.
func (m Mat3) Apply(v hal.Vec3) hal.Vec3 {
	return hal.Vec3{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

// ApplyT returns mᵀ·v: a robot-frame vector expressed in the device frame.
func (m Mat3) ApplyT(v hal.Vec3) hal.Vec3 {
	return hal.Vec3{
		m[0][0]*v[0] + m[1][0]*v[1] + m[2][0]*v[2],
		m[0][1]*v[0] + m[1][1]*v[1] + m[2][1]*v[2],
		m[0][2]*v[0] + m[1][2]*v[1] + m[2][2]*v[2],
	}
}

// LidarSpec holds a lidar's Webots fields.
type LidarSpec struct {
	HorizontalResolution int
	NumberOfLayers       int
	FOV                  float64 // horizontal, radians
	VerticalFOV          float64 // radians
	MinRange, MaxRange   float64 // metres
}

// DefaultLidar is the lidar the customiser generates: fieldOfView 6.2832 and
// Webots' defaults for everything else.
var DefaultLidar = LidarSpec{HorizontalResolution: 512, NumberOfLayers: 4, FOV: 6.2832, VerticalFOV: 0.2, MinRange: 0.01, MaxRange: 1.0}

// DeviceSpec is one device of a robot.
type DeviceSpec struct {
	Kind DeviceKind
	// Name is the Webots device name. A wheel of Name n has the devices
	// "n motor" and "n sensor".
	Name string
	// Pos is the device's position in the robot frame (metres; +x right, +y
	// up from the robot origin on the floor, −z forward).
	Pos [3]float64
	// Frame is the device's orientation in the robot frame. Ray devices
	// (distance sensors, cameras, lidar) look along the device's +x axis, as
	// in Webots; a colour sensor always looks straight down.
	Frame Mat3
	// Width, Height and FOV (horizontal, radians) describe a camera.
	Width, Height int
	FOV           float64
	// Near is a camera's near clipping plane (metres): nothing nearer is
	// drawn. 0 means erebus.CameraNear, the default robot's.
	Near float64
	// Range is a distance sensor's maximum (metres): its lookupTable
	// [0 0 0, Range Range 0].
	Range float64
	// InfraRed marks a distance sensor of Webots type "infra-red": it reads
	// min(d/f, Range) for a surface at d metres whose reflection factor is f
	// (erebus.InfraRedFactor; Webots distancesensor.md "Infra-Red
	// Sensors"). Every Erebus distance sensor is one.
	InfraRed bool
	// RelNoise is the noise column of a lookupTable: the standard deviation
	// of the reading's noise relative to the reading (the accelerometer's
	// 0.003, Webots distancesensor.md "Lookup Table").
	RelNoise float64
	// Accuracy is a GPS's accuracy: the standard deviation of the noise on
	// each coordinate (metres; Webots gps.md).
	Accuracy float64
	// Sphere is the radius of the device's collision sphere (metres, its
	// boundingObject), 0 for none.
	Sphere float64
	// Lidar holds a lidar's fields.
	Lidar LidarSpec
}

// LEDSpec is one LED of a robot.
type LEDSpec struct {
	Name string
	Mode hal.LEDMode
}

// RobotSpec describes a robot: its devices and its body. The zero RobotSpec
// means the default Erebus robot (DefaultRobot).
type RobotSpec struct {
	Devices []DeviceSpec
	LEDs    []LEDSpec
	// BodyRadius is the radius of the body cylinder used for collisions.
	BodyRadius float64
	// WheelRadius (metres) and MaxVelocity (rad/s) apply to every wheel.
	WheelRadius, MaxVelocity float64
}

// IsZero reports whether s is the zero RobotSpec.
func (s RobotSpec) IsZero() bool {
	return len(s.Devices) == 0 && len(s.LEDs) == 0 && s.BodyRadius == 0 && s.WheelRadius == 0 && s.MaxVelocity == 0
}

// Default robot geometry (erebus/robot.go: E-puck-custom-default-FLU.proto,
// rules §5).
const (
	DefaultBodyRadius  = erebus.BodyRadius
	DefaultWheelRadius = erebus.WheelRadius
	DefaultMaxVelocity = erebus.MaxWheelVelocity
	DefaultAxle        = erebus.Axle
	// DistanceRange is the range of the Erebus distance sensors (lookupTable
	// [0 0 0; 0.8 0.8 0]).
	DistanceRange = erebus.DistanceRange
	// CameraWidth, CameraHeight and CameraFOV are the cameras as Erebus spawns
	// the default robot (camera_fieldOfView 1, 64×40).
	CameraWidth  = erebus.CameraWidth
	CameraHeight = erebus.CameraHeight
	CameraFOV    = erebus.CameraFOV
	// colourSensorFOV is the colour sensor's field of view: the Webots Camera
	// default 0.7854, which neither the proto nor ProtoGenerator.py sets.
	colourSensorFOV = 0.7854
)

// frameOf returns the rotation of a Webots axis-angle rotation field.
func frameOf(r [4]float64) Mat3 { return AxisAngle(r[0], r[1], r[2], r[3]) }

// DefaultRobot returns the default Erebus robot of v25.0.1 (no GPS noise);
// DefaultRobotFor gives that of a rule set.
func DefaultRobot() RobotSpec { return DefaultRobotFor(erebus.V25Rules) }

// DefaultRobotFor returns the default Erebus robot as rules' version builds
// it, device for device from erebus/robot.go
// (E-puck-custom-default-FLU.proto):
//   - "wheel1"/"wheel2" at x = −0.026 (left) and +0.026 (right), radius
//     0.02 m, max 6.28 rad/s;
//   - "ps0"…"ps7" at erebus.DistanceSensorPoses, infra-red, range 0.8 m, no
//     noise, each with a 3 mm collision sphere;
//   - "camera_left", "camera_centre", "camera_right" at erebus.CameraPoses,
//     64×40, fov 1 (as the supervisor spawns them), 7 mm spheres;
//   - "colour_sensor" at erebus.ColourSensorPose, a 1×1 camera looking down;
//   - "gps", "gyro", "accelerometer" at the origin with the identity
//     rotation: the gyro's yaw rate is Values()[erebus.GyroYawIndex] (1),
//     the accelerometer reads about (0, 9.81, 0) at rest with a noise of
//     0.3 % of the reading, and the GPS has the rules' accuracy
//     (erebus.Rules.GPSAccuracy: 0 in v25.0.1, 2.5 mm in v26.1);
//   - LEDs "led0"…"led7" (red), "led8" (green), "led9" (orange 1 0.3 0), all
//     non-gradual;
//   - the body cylinder of radius 0.037 m.
func DefaultRobotFor(rules erebus.Rules) RobotSpec {
	s := RobotSpec{BodyRadius: DefaultBodyRadius, WheelRadius: DefaultWheelRadius, MaxVelocity: DefaultMaxVelocity}
	s.Devices = append(s.Devices,
		DeviceSpec{Kind: KindWheel, Name: "wheel1", Pos: [3]float64{-erebus.WheelX, erebus.WheelRadius, 0}, Frame: Identity},
		DeviceSpec{Kind: KindWheel, Name: "wheel2", Pos: [3]float64{erebus.WheelX, erebus.WheelRadius, 0}, Frame: Identity},
	)
	for i, p := range erebus.DistanceSensorPoses {
		s.Devices = append(s.Devices, DeviceSpec{
			Kind: KindDistanceSensor, Name: erebus.DistanceSensorNames[i], Pos: p.Pos, Frame: frameOf(p.Rot),
			Range: DistanceRange, InfraRed: true, Sphere: erebus.SensorSphere,
		})
	}
	for i, p := range erebus.CameraPoses {
		s.Devices = append(s.Devices, DeviceSpec{Kind: KindCamera, Name: erebus.CameraNames[i], Pos: p.Pos, Frame: frameOf(p.Rot),
			Width: CameraWidth, Height: CameraHeight, FOV: CameraFOV, Near: erebus.CameraNear, Sphere: erebus.CameraSphere})
	}
	s.Devices = append(s.Devices,
		DeviceSpec{Kind: KindColourSensor, Name: erebus.ColourName, Pos: erebus.ColourSensorPose.Pos,
			Frame: frameOf(erebus.ColourSensorPose.Rot), Width: 1, Height: 1, FOV: colourSensorFOV},
		DeviceSpec{Kind: KindGPS, Name: erebus.GPSName, Frame: frameOf(erebus.Identity), Accuracy: rules.GPSAccuracy},
		DeviceSpec{Kind: KindGyro, Name: erebus.GyroName, Frame: frameOf(erebus.Identity)},
		DeviceSpec{Kind: KindAccelerometer, Name: erebus.AccelName, Frame: frameOf(erebus.Identity), RelNoise: erebus.AccelNoise},
	)
	red := hal.LEDMode{Colors: []hal.RGB{{R: 255}}}
	for i := 0; i < 8; i++ {
		s.LEDs = append(s.LEDs, LEDSpec{Name: erebus.LEDNames[i], Mode: red})
	}
	s.LEDs = append(s.LEDs, customLEDs()...)
	return s
}

// customLEDs are the LEDs every robot has, the default one and those the
// customiser generates (protoHeaderTemplateFLU.txt): led8 (green body LED)
// and led9 (orange front LED).
func customLEDs() []LEDSpec {
	return []LEDSpec{
		{Name: erebus.LEDNames[8], Mode: hal.LEDMode{Colors: []hal.RGB{{G: 255}}}},
		{Name: erebus.LEDNames[9], Mode: hal.LEDMode{Colors: []hal.RGB{{R: 255, G: 77}}}},
	}
}

// fixedNames are the devices every robot has besides its spec's devices.
var fixedNames = []string{erebus.EmitterName, erebus.ReceiverName}

// Validate checks s: positive body and wheel sizes, at least one wheel,
// known kinds, non-empty unique device names, sane camera and lidar fields.
func (s RobotSpec) Validate() error {
	if !(s.BodyRadius > 0 && s.BodyRadius < 1) {
		return fmt.Errorf("sim: robot body radius %g m: want 0 < r < 1", s.BodyRadius)
	}
	if !(s.WheelRadius > 0 && s.WheelRadius < 1) {
		return fmt.Errorf("sim: wheel radius %g m: want 0 < r < 1", s.WheelRadius)
	}
	if !(s.MaxVelocity > 0 && s.MaxVelocity < 1e4) {
		return fmt.Errorf("sim: wheel max velocity %g rad/s: want 0 < v < 1e4", s.MaxVelocity)
	}
	seen := map[string]bool{}
	add := func(n string) error {
		if n == "" {
			return fmt.Errorf("sim: a device has an empty name; give every device a name")
		}
		if seen[n] {
			return fmt.Errorf("sim: two devices are named %q; device names must be unique", n)
		}
		seen[n] = true
		return nil
	}
	for _, n := range fixedNames {
		_ = add(n)
	}
	wheels := 0
	for _, d := range s.Devices {
		switch d.Kind {
		case KindWheel:
			wheels++
			if err := add(d.Name + " motor"); err != nil {
				return err
			}
			if err := add(d.Name + " sensor"); err != nil {
				return err
			}
			continue
		case KindCamera, KindColourSensor:
			if d.Width < 1 || d.Height < 1 || d.Width > 4096 || d.Height > 4096 {
				return fmt.Errorf("sim: camera %q is %d×%d; want 1…4096 pixels each way", d.Name, d.Width, d.Height)
			}
			if !(d.FOV > 0 && d.FOV < math.Pi) {
				return fmt.Errorf("sim: camera %q field of view %g rad: want 0 < fov < π", d.Name, d.FOV)
			}
		case KindDistanceSensor:
			if !(d.Range > 0 && d.Range < 100) {
				return fmt.Errorf("sim: distance sensor %q range %g m: want 0 < range < 100", d.Name, d.Range)
			}
		case KindLidar:
			l := d.Lidar
			if l.HorizontalResolution < 1 || l.HorizontalResolution > 8192 || l.NumberOfLayers < 1 || l.NumberOfLayers > 64 {
				return fmt.Errorf("sim: lidar %q resolution %d×%d: want 1…8192 points and 1…64 layers", d.Name, l.HorizontalResolution, l.NumberOfLayers)
			}
			if !(l.FOV > 0 && l.FOV <= 2*math.Pi+0.001) || !(l.VerticalFOV >= 0 && l.VerticalFOV < math.Pi) {
				return fmt.Errorf("sim: lidar %q fields of view %g, %g rad out of range", d.Name, l.FOV, l.VerticalFOV)
			}
			if !(l.MinRange >= 0 && l.MaxRange > l.MinRange && l.MaxRange < 100) {
				return fmt.Errorf("sim: lidar %q ranges %g…%g m: want 0 ≤ min < max < 100", d.Name, l.MinRange, l.MaxRange)
			}
		case KindGPS, KindGyro, KindAccelerometer, KindInertialUnit:
		default:
			return fmt.Errorf("sim: device %q has unknown kind %v", d.Name, d.Kind)
		}
		if !(d.Sphere >= 0 && d.Sphere < 1) || !(d.RelNoise >= 0 && d.RelNoise < 10) || !(d.Accuracy >= 0 && d.Accuracy < 1000) {
			return fmt.Errorf("sim: device %q: collision sphere %g m, relative noise %g, accuracy %g m: want 0 ≤ sphere < 1, 0 ≤ noise < 10, 0 ≤ accuracy < 1000", d.Name, d.Sphere, d.RelNoise, d.Accuracy)
		}
		if err := add(d.Name); err != nil {
			return err
		}
	}
	for _, l := range s.LEDs {
		if err := add(l.Name); err != nil {
			return err
		}
	}
	if wheels == 0 {
		return fmt.Errorf("sim: the robot has no wheel; it needs at least one")
	}
	return nil
}
