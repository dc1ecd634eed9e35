package sim

import (
	"math"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/hal"
)

// RobotDescription is a robot as the simulator builds it, device for device,
// in the terms of a Webots proto: what `runner robot describe` prints.
type RobotDescription struct {
	// BodyRadius is the body cylinder's radius (m); Reach is the radius of
	// the circle round the origin that holds the whole collision shape (the
	// body and the device spheres).
	BodyRadius float64 `json:"bodyRadius"`
	Reach      float64 `json:"reach"`
	// WheelRadius (m) and MaxVelocity (rad/s) are every wheel's.
	WheelRadius float64 `json:"wheelRadius"`
	MaxVelocity float64 `json:"maxVelocity"`
	// Devices are the devices in the robot's order, then the emitter and
	// the receiver, then the LEDs.
	Devices []DeviceDescription `json:"devices"`
}

// DeviceDescription is one Webots device: its node, name, place in the robot
// frame (forward −z, +x right, +y up) and the fields that shape its
// readings. Fields that do not apply to the node are left out of the JSON.
// The simulator does not place LEDs, the emitter or the receiver (nothing
// they do depends on where they are): they show the origin.
type DeviceDescription struct {
	// Node is the Webots node: RotationalMotor, PositionSensor,
	// DistanceSensor, Camera, GPS, Gyro, Accelerometer, InertialUnit,
	// Lidar, Emitter, Receiver or LED. Kind is the customiser's name of the
	// component it belongs to ("Wheel", "Colour sensor", …).
	Node string `json:"node"`
	Kind string `json:"kind,omitempty"`
	Name string `json:"name"`
	// Translation (m) and Rotation (axis x, y, z and angle in rad, the axis
	// a unit vector, the angle in [0, π]) place the device.
	Translation [3]float64 `json:"translation"`
	Rotation    [4]float64 `json:"rotation"`
	// Type is a distance sensor's: "infra-red" or "generic".
	Type string `json:"type,omitempty"`
	// LookupTable is a distance sensor's or an accelerometer's (rows of
	// input, output, relative noise).
	LookupTable [][3]float64 `json:"lookupTable,omitempty"`
	// Width, Height and FieldOfView (rad) are a camera's.
	Width       int     `json:"width,omitempty"`
	Height      int     `json:"height,omitempty"`
	FieldOfView float64 `json:"fieldOfView,omitempty"`
	// Near is a camera's near clipping plane (m).
	Near float64 `json:"near,omitempty"`
	// Accuracy is a GPS's (σ per coordinate, m).
	Accuracy *float64 `json:"accuracy,omitempty"`
	// YawIndex is the component of a gyro's values (or, for an
	// accelerometer, the one that reads gravity at rest) along the robot's
	// up axis; AtRest is what an accelerometer reads standing still.
	YawIndex *int        `json:"yawIndex,omitempty"`
	AtRest   *[3]float64 `json:"atRest,omitempty"`
	// MaxVelocity (rad/s) is a motor's, Resolution (rad) a position
	// sensor's.
	MaxVelocity float64 `json:"maxVelocity,omitempty"`
	Resolution  float64 `json:"resolution,omitempty"`
	// Lidar holds a lidar's fields.
	Lidar *LidarSpec `json:"lidar,omitempty"`
	// Channel is an emitter's or receiver's.
	Channel *int `json:"channel,omitempty"`
	// Colors are an LED's (RGB in 0…1).
	Colors [][3]float64 `json:"colors,omitempty"`
	// BoundingSphere is the radius of the device's collision sphere (m).
	BoundingSphere float64 `json:"boundingSphere,omitempty"`
}

var nodeNames = map[DeviceKind]string{
	KindDistanceSensor: "DistanceSensor", KindCamera: "Camera", KindColourSensor: "Camera",
	KindGPS: "GPS", KindGyro: "Gyro", KindAccelerometer: "Accelerometer",
	KindInertialUnit: "InertialUnit", KindLidar: "Lidar",
}

// Describe returns the description of spec (the zero RobotSpec: the
// default robot of v25.0.1) as New would build it.
func Describe(spec RobotSpec) RobotDescription {
	if spec.IsZero() {
		spec = DefaultRobot()
	}
	_, reach := collisionShape(spec)
	d := RobotDescription{BodyRadius: spec.BodyRadius, Reach: reach, WheelRadius: spec.WheelRadius, MaxVelocity: spec.MaxVelocity}
	for _, dev := range spec.Devices {
		rot := AxisAngleOf(dev.Frame)
		base := DeviceDescription{Kind: dev.Kind.String(), Name: dev.Name, Translation: dev.Pos, Rotation: rot, BoundingSphere: dev.Sphere}
		switch dev.Kind {
		case KindWheel:
			m, p := base, base
			m.Node, m.Name, m.MaxVelocity = "RotationalMotor", dev.Name+" motor", spec.MaxVelocity
			p.Node, p.Name, p.Resolution = "PositionSensor", dev.Name+" sensor", positionResolution
			d.Devices = append(d.Devices, m, p)
			continue
		case KindDistanceSensor:
			base.Type = "generic"
			if dev.InfraRed {
				base.Type = erebus.DistanceSensorType
			}
			base.LookupTable = [][3]float64{{0, 0, dev.RelNoise}, {dev.Range, dev.Range, dev.RelNoise}}
		case KindCamera, KindColourSensor:
			base.Width, base.Height, base.FieldOfView = dev.Width, dev.Height, dev.FOV
			if dev.Kind == KindCamera {
				base.Near = dev.Near
				if base.Near <= 0 {
					base.Near = erebus.CameraNear
				}
			}
		case KindGPS:
			a := dev.Accuracy
			base.Accuracy = &a
		case KindGyro:
			i := upIndex(dev.Frame)
			base.YawIndex = &i
		case KindAccelerometer:
			i := upIndex(dev.Frame)
			v := [3]float64(dev.Frame.ApplyT(hal.Vec3{0, gravity, 0}))
			base.YawIndex, base.AtRest = &i, &v
			base.LookupTable = [][3]float64{{-100, -100, dev.RelNoise}, {100, 100, dev.RelNoise}}
		case KindLidar:
			l := dev.Lidar
			base.Lidar = &l
		}
		base.Node = nodeNames[dev.Kind]
		d.Devices = append(d.Devices, base)
	}
	ch := supervisorChannel
	for _, n := range []string{erebus.EmitterName, erebus.ReceiverName} {
		node := "Emitter"
		if n == erebus.ReceiverName {
			node = "Receiver"
		}
		d.Devices = append(d.Devices, DeviceDescription{Node: node, Name: n, Rotation: [4]float64{0, 1, 0, 0}, Channel: &ch})
	}
	for _, l := range spec.LEDs {
		led := DeviceDescription{Node: "LED", Name: l.Name, Rotation: [4]float64{0, 1, 0, 0}}
		for _, c := range l.Mode.Colors {
			led.Colors = append(led.Colors, [3]float64{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255})
		}
		d.Devices = append(d.Devices, led)
	}
	return d
}

// upIndex returns the device axis closest to the robot's up axis (+y): the
// component of a three-axis reading that the yaw rate or gravity falls on.
func upIndex(f Mat3) int {
	best, bv := 0, -1.0
	for i := 0; i < 3; i++ {
		if v := math.Abs(f[1][i]); v > bv {
			best, bv = i, v
		}
	}
	return best
}

// AxisAngleOf returns the axis-angle rotation (x, y, z, angle) of m: a unit
// axis and an angle in [0, π]; the identity is (0, 1, 0, 0), as Erebus
// writes it.
func AxisAngleOf(m Mat3) [4]float64 {
	c := (m[0][0] + m[1][1] + m[2][2] - 1) / 2
	x, y, z := m[2][1]-m[1][2], m[0][2]-m[2][0], m[1][0]-m[0][1] // 2·sin(a)·axis
	n := math.Sqrt(x*x + y*y + z*z)
	a := math.Atan2(n/2, c)
	if a < 1e-12 {
		return [4]float64{0, 1, 0, 0}
	}
	if a > math.Pi/2 {
		// Near π the antisymmetric part vanishes: take the axis from the
		// symmetric part, (m + mᵀ)/2 − c·I = (1 − c)·axis·axisᵀ, and its
		// sign from the antisymmetric part.
		var sym Mat3
		k := 0
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				sym[i][j] = (m[i][j] + m[j][i]) / 2
			}
			sym[i][i] -= c
			if sym[i][i] > sym[k][k] {
				k = i
			}
		}
		q := math.Sqrt(sym[k][k] * (1 - c))
		u := [3]float64{sym[k][0] / q, sym[k][1] / q, sym[k][2] / q}
		if u[0]*x+u[1]*y+u[2]*z < 0 {
			u = [3]float64{-u[0], -u[1], -u[2]}
		}
		x, y, z = u[0], u[1], u[2]
		n = math.Sqrt(x*x + y*y + z*z)
	}
	// + 0 turns a −0 into 0.
	return [4]float64{x/n + 0, y/n + 0, z/n + 0, a}
}

// DeviceByName returns the device of d named name, or false.
func (d RobotDescription) DeviceByName(name string) (DeviceDescription, bool) {
	for _, dev := range d.Devices {
		if dev.Name == name {
			return dev, true
		}
	}
	return DeviceDescription{}, false
}
