package erebus

// The default Erebus robot, game/proto_defaults/E-puck-custom-default-FLU.proto
// (v25.0.1; v26.1 adds only GPS accuracy 0.0025, l.256). Positions are in
// metres in the robot frame (forward −z, +x right, +y up); rotations are
// Webots axis-angle (x, y, z, angle). Rules §5.

// Default device names, as the proto names them.
const (
	LeftMotor    = "wheel1 motor"
	RightMotor   = "wheel2 motor"
	LeftEncoder  = "wheel1 sensor"
	RightEncoder = "wheel2 sensor"
	GPSName      = "gps"
	GyroName     = "gyro"
	AccelName    = "accelerometer"
	ColourName   = "colour_sensor"
	EmitterName  = "emitter"
	ReceiverName = "receiver"
	CameraLeft   = "camera_left"
	CameraCentre = "camera_centre"
	CameraRight  = "camera_right"
	// RobotName is the name the supervisor spawns the robot with
	// (MainSupervisor._add_robot, v25 l.320-329).
	RobotName = "Erebus_Bot"
)

// DistanceSensorNames are "ps0"…"ps7".
var DistanceSensorNames = [8]string{"ps0", "ps1", "ps2", "ps3", "ps4", "ps5", "ps6", "ps7"}

// CameraNames are the three cameras, left to right.
var CameraNames = [3]string{CameraLeft, CameraCentre, CameraRight}

// LEDNames are "led0"…"led9": led0-led7 red, led8 green, led9 orange
// (protoHeaderTemplateFLU.txt).
var LEDNames = [10]string{"led0", "led1", "led2", "led3", "led4", "led5", "led6", "led7", "led8", "led9"}

// Default robot geometry.
const (
	// BodyRadius is the body cylinder's radius (m).
	BodyRadius = 0.037
	// WheelRadius is the wheels' radius (m), l.70.
	WheelRadius = 0.02
	// WheelX is the wheels' distance from the centre line (m): wheel1 at
	// −0.026 (left), wheel2 at +0.026 (l.56, 182).
	WheelX = 0.026
	// Axle is the distance between the wheels (m).
	Axle = 2 * WheelX
	// MaxWheelVelocity is the motors' maxVelocity (rad/s).
	MaxWheelVelocity = 6.28
	// EncoderResolution is the wheel sensors' resolution (rad).
	EncoderResolution = 0.00628
	// DistanceRange is the distance sensors' range (m): lookupTable
	// [0 0 0, 0.8 0.8 0], no noise.
	DistanceRange = 0.8
	// CameraWidth, CameraHeight and CameraFOV are the cameras as the
	// supervisor spawns the robot (camera_fieldOfView 1, 64×40; MainSupervisor
	// v25 l.320-329, v26 l.407-415); the proto's own default FOV is 0.84.
	CameraWidth  = 64
	CameraHeight = 40
	CameraFOV    = 1.0
	// CameraNear is the cameras' near plane (m).
	CameraNear = 0.0055
	// SensorSphere and CameraSphere are the radii of the sensors' and the
	// cameras' collision spheres (m).
	SensorSphere = 0.003
	CameraSphere = 0.007
	// AccelNoise is the accelerometer's noise, relative to the reading
	// (lookupTable [-100 -100 0.003, 100 100 0.003], l.709).
	AccelNoise = 0.003
	// AccelRange is the accelerometer's range (m/s²).
	AccelRange = 100
)

// Pose is a device's translation and axis-angle rotation in the robot frame.
type Pose struct {
	Pos [3]float64
	Rot [4]float64
}

// DistanceSensorPoses are ps0…ps7 as the proto places them (l.257-375, after
// commit a97db42 "Update default robot sensor positions", Apr 2023), all
// `type "infra-red"`.
var DistanceSensorPoses = [8]Pose{
	{[3]float64{0.00941437, 0.04, -0.037}, [4]float64{0, -1, 0, -1.323615307179586}},
	{[3]float64{0.025, 0.04, -0.0255}, [4]float64{0, -1, 0, -0.8000153071795859}},
	{[3]float64{0.035, 0.04, -0.0104}, [4]float64{0, 1, 0, 0.0146173}},
	{[3]float64{0.0254159, 0.04, 0.0282919}, [4]float64{0, -1, 0, 1.03259}},
	{[3]float64{-0.025, 0.04, 0.0290224}, [4]float64{0, 1, 0, -2.079785307179586}},
	{[3]float64{-0.035, 0.04, -0.00941437}, [4]float64{0, 1, 0, -3.126975307179586}},
	{[3]float64{-0.025, 0.04, -0.0247711}, [4]float64{0, 1, 0, 2.37081}},
	{[3]float64{-0.0105835, 0.04, -0.037}, [4]float64{0, 1, 0, 1.84721}},
}

// CameraPoses are camera_left, camera_centre, camera_right (l.377-521).
var CameraPoses = [3]Pose{
	{[3]float64{-0.01, 0.028, -0.033}, [4]float64{-0.3779643890632866, 0.6546536949410796, 0.6546536949410797, 2.418858552681778}},
	{[3]float64{0, 0.028, -0.035}, [4]float64{-0.5773502691896258, 0.5773502691896258, 0.5773502691896258, 2.0943951023931953}},
	{[3]float64{0.01, 0.028, -0.033}, [4]float64{-0.7745967495258734, 0.4472135259716275, 0.44721352597162756, 1.8234764815814914}},
}

// ColourSensorPose is the colour sensor, a 1×1 camera looking down
// (l.247-253).
var ColourSensorPose = Pose{[3]float64{0, 0.028, -0.03}, [4]float64{0.7071067811859514, -0.7071067811859513, 1.2986841949896388e-06, 3.141590056252852}}

// Identity is the rotation of the gyro (l.236-237), the GPS (l.254-255) and
// the accelerometer (l.709): `rotation 0 1 0 0`. The gyro's yaw rate is
// therefore Values()[GyroYawIndex], and the accelerometer reads about
// (0, 9.81, 0) at rest.
var Identity = [4]float64{0, 1, 0, 0}

// GyroYawIndex is the index of the yaw rate (about the robot's up axis +y)
// in the default robot's gyro values.
const GyroYawIndex = 1
