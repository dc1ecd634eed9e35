package framework

import (
	"fmt"
	"math"
	"slices"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/hal"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// DeviceNames are the Webots names of the devices the runner reads.
type DeviceNames struct {
	LeftMotor, RightMotor   string
	LeftSensor, RightSensor string
	Distance                []string
	Cameras                 []string
	Colour                  string
	GPS, Gyro, Accel        string
	InertialUnit, Lidar     string
	Emitter, Receiver       string
	LEDs                    []string
}

// InertialUnitName and LidarName are the names the runner looks for an
// inertial unit and a lidar under by default. The default Erebus robot has
// neither; the robot customiser names them after the team's customName, so
// these are rescuekit's choice, not Erebus facts.
const (
	InertialUnitName = "inertial_unit"
	LidarName        = "lidar"
)

// DefaultDevices are the default Erebus robot's device names (package
// erebus), with InertialUnitName and LidarName for the optional devices.
func DefaultDevices() DeviceNames {
	return DeviceNames{
		LeftMotor: erebus.LeftMotor, RightMotor: erebus.RightMotor,
		LeftSensor: erebus.LeftEncoder, RightSensor: erebus.RightEncoder,
		Distance: slices.Clone(erebus.DistanceSensorNames[:]),
		Cameras:  slices.Clone(erebus.CameraNames[:]),
		Colour:   erebus.ColourName, GPS: erebus.GPSName, Gyro: erebus.GyroName, Accel: erebus.AccelName,
		InertialUnit: InertialUnitName, Lidar: LidarName,
		Emitter: erebus.EmitterName, Receiver: erebus.ReceiverName,
		LEDs: slices.Clone(erebus.LEDNames[:]),
	}
}

type devices struct {
	left, right hal.Motor
	lpos, rpos  hal.PositionSensor
	dist        []hal.DistanceSensor
	cams        []hal.Camera
	colour      hal.Camera
	gps         hal.GPS
	gyro        hal.Gyro
	accel       hal.Accelerometer
	imu         hal.InertialUnit
	lidar       hal.Lidar
	emitter     hal.Emitter
	receiver    hal.Receiver
	leds        []hal.LED
	ledByName   map[string]hal.LED
	camBuf      map[string][]byte
	colBuf      []byte
	lidarBuf    []float32
}

func (r *runner) openDevices() error {
	d, names := &r.dev, r.o.Devices
	var err error
	must := func(e error) {
		if err == nil && e != nil {
			err = e
		}
	}
	var e error
	d.left, e = hal.Lookup[hal.Motor](r.robot, names.LeftMotor)
	must(e)
	d.right, e = hal.Lookup[hal.Motor](r.robot, names.RightMotor)
	must(e)
	if err != nil {
		return fmt.Errorf("framework: the robot needs its two wheel motors: %w", err)
	}
	period := r.robot.BasicTimeStep()
	// Optional devices: absent ones are simply not reported.
	opt := func(name string) hal.Device {
		if name == "" {
			return nil
		}
		dv, err := r.robot.Device(name)
		if err != nil {
			return nil
		}
		if s, ok := dv.(hal.Sensor); ok {
			s.Enable(period)
		}
		return dv
	}
	d.lpos, _ = opt(names.LeftSensor).(hal.PositionSensor)
	d.rpos, _ = opt(names.RightSensor).(hal.PositionSensor)
	for _, n := range names.Distance {
		if s, ok := opt(n).(hal.DistanceSensor); ok {
			d.dist = append(d.dist, s)
		}
	}
	d.camBuf = map[string][]byte{}
	for _, n := range names.Cameras {
		if c, ok := opt(n).(hal.Camera); ok {
			d.cams = append(d.cams, c)
		}
	}
	d.colour, _ = opt(names.Colour).(hal.Camera)
	d.gps, _ = opt(names.GPS).(hal.GPS)
	d.gyro, _ = opt(names.Gyro).(hal.Gyro)
	d.accel, _ = opt(names.Accel).(hal.Accelerometer)
	d.imu, _ = opt(names.InertialUnit).(hal.InertialUnit)
	d.lidar, _ = opt(names.Lidar).(hal.Lidar)
	d.emitter, _ = opt(names.Emitter).(hal.Emitter)
	d.receiver, _ = opt(names.Receiver).(hal.Receiver)
	d.ledByName = map[string]hal.LED{}
	for _, n := range names.LEDs {
		if l, ok := opt(n).(hal.LED); ok {
			d.leds = append(d.leds, l)
			d.ledByName[n] = l
		}
	}
	r.setWheels(0, 0)
	return nil
}

// observe reads the sensors and the radio into the Observation every plugin
// shares, and handles the supervisor's messages.
func (r *runner) observe() *pluginpb.Observation {
	d := &r.dev
	obs := &pluginpb.Observation{Step: r.step, SimTime: r.now}
	var wheels [2]float64
	if d.lpos != nil && d.rpos != nil {
		wheels = [2]float64{d.lpos.Value(), d.rpos.Value()}
		obs.WheelPositions = &pluginpb.WheelPositions{Left: wheels[0], Right: wheels[1]}
	} else {
		wheels = [2]float64{math.NaN(), math.NaN()}
	}
	if d.gps != nil {
		v := d.gps.Values()
		obs.Gps = &pluginpb.Vec3{X: v[0], Y: v[1], Z: v[2]}
	}
	if d.gyro != nil {
		v := d.gyro.Values()
		obs.Gyro = &pluginpb.Vec3{X: v[0], Y: v[1], Z: v[2]}
	}
	if d.accel != nil {
		v := d.accel.Values()
		obs.Accelerometer = &pluginpb.Vec3{X: v[0], Y: v[1], Z: v[2]}
	}
	if d.imu != nil {
		v := d.imu.RollPitchYaw()
		obs.InertialUnit = &pluginpb.InertialUnit{Roll: v[0], Pitch: v[1], Yaw: v[2]}
	}
	if len(d.dist) > 0 {
		obs.Distance = make([]float64, len(d.dist))
		for i, s := range d.dist {
			obs.Distance[i] = s.Value()
		}
	}
	if d.colour != nil {
		d.colBuf = d.colour.Image(d.colBuf)
		if len(d.colBuf) >= 3 {
			obs.Colour = &pluginpb.Colour{B: uint32(d.colBuf[0]), G: uint32(d.colBuf[1]), R: uint32(d.colBuf[2])}
		}
	}
	if d.lidar != nil && r.anyWants(func(s *slot) bool { return s.desc.GetLidar() }) {
		d.lidarBuf = d.lidar.RangeImage(d.lidarBuf)
		obs.Lidar = &pluginpb.Lidar{Ranges: d.lidarBuf, HorizontalResolution: uint32(d.lidar.HorizontalResolution()),
			Layers: uint32(d.lidar.NumberOfLayers()), Fov: d.lidar.FOV(), VerticalFov: d.lidar.VerticalFOV(),
			MinRange: d.lidar.MinRange(), MaxRange: d.lidar.MaxRange()}
	}
	r.readRadio()
	obs.StillSeconds = r.still.update(r.dt, wheels)
	r.noteStill(obs.StillSeconds)
	return obs
}

func (r *runner) anyWants(f func(*slot) bool) bool {
	return slices.ContainsFunc(r.slots, func(s *slot) bool { return !s.down && s.desc != nil && f(s) })
}

// frames reads the camera images some plugin wants this step.
func (r *runner) frames() map[string]*pluginpb.CameraFrame {
	var out map[string]*pluginpb.CameraFrame
	state := r.fsm.Current()
	driver := r.drivers[state]
	for _, c := range r.dev.cams {
		wanted := r.anyWants(func(s *slot) bool {
			_, cams := r.isDue(s, s.name == driver)
			return cams && slices.Contains(s.desc.GetCameras(), c.Name())
		})
		if !wanted {
			continue
		}
		if out == nil {
			out = map[string]*pluginpb.CameraFrame{}
		}
		buf := c.Image(r.dev.camBuf[c.Name()])
		r.dev.camBuf[c.Name()] = buf
		out[c.Name()] = &pluginpb.CameraFrame{Name: c.Name(), Width: uint32(c.Width()), Height: uint32(c.Height()), Bgra: buf}
	}
	return out
}
