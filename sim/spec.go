package sim

import (
	"fmt"
	"math"

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
	// Range is a distance sensor's maximum (metres).
	Range float64
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

// Default robot geometry (E-puck-custom-default-FLU.proto, RULES.md §5).
const (
	DefaultBodyRadius  = 0.037
	DefaultWheelRadius = 0.02
	DefaultMaxVelocity = 6.28
	DefaultAxle        = 0.052
	// DistanceRange is the range of the Erebus distance sensors (lookupTable
	// [0 0 0; 0.8 0.8 0]).
	DistanceRange = 0.8
	// CameraWidth, CameraHeight and CameraFOV are the cameras as Erebus spawns
	// the default robot (camera_fieldOfView 1, 64×40).
	CameraWidth  = 64
	CameraHeight = 40
	CameraFOV    = 1.0
)

// DefaultRobot returns the default Erebus robot, with every device at the
// position and orientation its proto gives (E-puck-custom-default-FLU.proto):
//   - "wheel1"/"wheel2" at x = −0.026 (left) and +0.026 (right);
//   - "ps0"…"ps7": the e-puck ring at y 0.04, ps0 front-right (ray 14° right
//     of forward), ps1 44° right, ps2 89° right, ps3 149° right, ps4 151°
//     left, ps5 91° left, ps6 46° left, ps7 16° left;
//   - "camera_centre" facing forward at (0, 0.028, −0.035); "camera_left" and
//     "camera_right" at x ∓0.01, turned 30° left and right (the proto's
//     rotations map the camera's +x to (∓0.5, 0, −0.866));
//   - "colour_sensor" at (0, 0.028, −0.03) looking down;
//   - "gps" at the origin, "gyro" turned so that its x axis is the robot's
//     up axis (so the yaw rate is Values()[0]), "accelerometer" turned so that
//     its y axis is forward and its z axis up (at rest it reads (0, 0, 9.81));
//   - LEDs "led0"…"led7" (red), "led8" (green), "led9" (orange 1 0.3 0), all
//     non-gradual.
func DefaultRobot() RobotSpec {
	s := RobotSpec{BodyRadius: DefaultBodyRadius, WheelRadius: DefaultWheelRadius, MaxVelocity: DefaultMaxVelocity}
	s.Devices = append(s.Devices,
		DeviceSpec{Kind: KindWheel, Name: "wheel1", Pos: [3]float64{-0.026, 0.02, 0}, Frame: Identity},
		DeviceSpec{Kind: KindWheel, Name: "wheel2", Pos: [3]float64{0.026, 0.02, 0}, Frame: Identity},
	)
	ps := []struct {
		x, z, ax, ay, az, a float64
	}{
		{0.00941437, -0.0401418, 0, -1, 0, -1.323615307179586},
		{0.0228994, -0.0255021, 0, -1, 0, -0.8000153071795859},
		{0.0298508, -0.0104376, 0, 1, 0, 0.0146173},
		{0.0254159, 0.0282919, 0, -1, 0, 1.03259},
		{-0.0245787, 0.0290224, 0, 1, 0, -2.079785307179586},
		{-0.0401416, -0.00941437, 0, 1, 0, -3.126975307179586},
		{-0.0270952, -0.0247711, 0, 1, 0, 2.37081},
		{-0.0105835, -0.0398497, 0, 1, 0, 1.84721},
	}
	for i, p := range ps {
		s.Devices = append(s.Devices, DeviceSpec{
			Kind: KindDistanceSensor, Name: fmt.Sprintf("ps%d", i),
			Pos: [3]float64{p.x, 0.04, p.z}, Frame: AxisAngle(p.ax, p.ay, p.az, p.a), Range: DistanceRange,
		})
	}
	cam := func(name string, x, z float64, r Mat3) DeviceSpec {
		return DeviceSpec{Kind: KindCamera, Name: name, Pos: [3]float64{x, 0.028, z}, Frame: r,
			Width: CameraWidth, Height: CameraHeight, FOV: CameraFOV}
	}
	s.Devices = append(s.Devices,
		cam("camera_left", -0.01, -0.033, AxisAngle(-0.3779643890632866, 0.6546536949410796, 0.6546536949410797, 2.418858552681778)),
		cam("camera_right", 0.01, -0.033, AxisAngle(-0.7745967495258734, 0.4472135259716275, 0.44721352597162756, 1.8234764815814914)),
		cam("camera_centre", 0, -0.035, AxisAngle(-0.5773502691896258, 0.5773502691896258, 0.5773502691896258, 2.0943951023931953)),
		DeviceSpec{Kind: KindColourSensor, Name: "colour_sensor", Pos: [3]float64{0, 0.028, -0.03},
			Frame: AxisAngle(0.7071067811859514, -0.7071067811859513, 1.2986841949896388e-06, 3.141590056252852), Width: 1, Height: 1, FOV: 0.7854},
		DeviceSpec{Kind: KindGPS, Name: "gps", Frame: Identity},
		DeviceSpec{Kind: KindGyro, Name: "gyro", Frame: AxisAngle(0, 0, 1, 1.57079)},
		DeviceSpec{Kind: KindAccelerometer, Name: "accelerometer", Frame: AxisAngle(1, 0, 0, -1.57)},
	)
	red := hal.LEDMode{Colors: []hal.RGB{{R: 255}}}
	for i := 0; i < 8; i++ {
		s.LEDs = append(s.LEDs, LEDSpec{Name: fmt.Sprintf("led%d", i), Mode: red})
	}
	s.LEDs = append(s.LEDs, customLEDs()...)
	return s
}

// customLEDs are the LEDs every robot has, the default one and those the
// customiser generates (protoHeaderTemplateFLU.txt): led8 (green body LED)
// and led9 (orange front LED).
func customLEDs() []LEDSpec {
	return []LEDSpec{
		{Name: "led8", Mode: hal.LEDMode{Colors: []hal.RGB{{G: 255}}}},
		{Name: "led9", Mode: hal.LEDMode{Colors: []hal.RGB{{R: 255, G: 77}}}},
	}
}

// fixedNames are the devices every robot has besides its spec's devices.
var fixedNames = []string{"emitter", "receiver"}

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
