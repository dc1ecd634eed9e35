//go:build webots

package webots

// #include <stdlib.h>
// #include "rk_webots.h"
import "C"

import (
	"fmt"
	"math"
	"runtime"
	"sort"
	"sync"
	"unsafe"

	"github.com/rescuekit/rescuekit/hal"
)

// Built reports whether this binary was built with the "webots" build tag,
// i.e. whether OpenRobot can reach Webots.
func Built() bool { return true }

// OpenRobot is Open returning the robot as a RobotCloser, for callers that
// must also compile without the "webots" tag (there it returns ErrNotBuilt).
func OpenRobot(opts Options) (RobotCloser, error) {
	r, err := Open(opts)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// The process-wide controller state: libController controls one robot.
var (
	openMu     sync.Mutex
	openRobot  *Robot
	openedOnce bool
	// reopenable is set by the in-memory libController of the tests, which
	// can be reset between robots; the real one cannot.
	reopenable bool
)

// Robot is the Webots robot this process controls. It implements hal.Robot.
// All its methods, and those of its devices, must be called from the
// goroutine that called Open.
type Robot struct {
	basic   int
	devices map[string]hal.Device
	names   []string

	cameras   []*Camera
	lidars    []*Lidar
	receivers []*Receiver

	steps  int // successful steps
	time   float64
	ended  bool
	closed bool
}

var _ hal.Robot = (*Robot)(nil)
var _ RobotCloser = (*Robot)(nil)

// Open initialises libController (wb_robot_init, once per process), keeps
// the process's signal handlers, builds the device table and puts every motor
// under velocity control at 0 rad/s.
//
// Open locks the calling goroutine to its OS thread; that goroutine must make
// every later call, Close included. It returns ErrAlreadyOpen while another
// Robot is open and ErrReopen after Close.
func Open(opts Options) (*Robot, error) {
	openMu.Lock()
	defer openMu.Unlock()
	if openRobot != nil {
		return nil, ErrAlreadyOpen
	}
	if openedOnce && !reopenable {
		return nil, ErrReopen
	}
	runtime.LockOSThread()
	var wbResult C.int
	if rc := C.rk_init(&wbResult); rc != 0 {
		runtime.UnlockOSThread()
		if rc > -1000 {
			return nil, fmt.Errorf("webots: cannot read the handler of signal %d before wb_robot_init; libController was not initialised", -rc)
		}
		return nil, fmt.Errorf("webots: cannot restore the handler of signal %d after wb_robot_init; Ctrl-C and SIGTERM may now kill the process without cleanup", -rc-1000)
	}
	openedOnce = true
	C.rk_remember_thread()
	r := &Robot{devices: map[string]hal.Device{}}
	basic := float64(C.wb_robot_get_basic_time_step())
	if !(basic >= 1) || basic != math.Trunc(basic) || basic > math.MaxInt32 {
		C.wb_robot_cleanup()
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("webots: the world's basic time step is %v ms; rescuekit needs a positive whole number of milliseconds (WorldInfo.basicTimeStep, 16 in Erebus)", basic)
	}
	r.basic = int(basic)
	r.time = float64(C.wb_robot_get_time())
	r.buildDevices(opts)
	openRobot = r
	return r, nil
}

// buildDevices reads the device table once and wraps each device.
func (r *Robot) buildDevices(opts Options) {
	n := int(C.wb_robot_get_number_of_devices())
	for i := 0; i < n; i++ {
		tag := C.wb_robot_get_device_by_index(C.int(i))
		if tag == 0 {
			continue
		}
		cname := C.wb_device_get_name(tag)
		if cname == nil {
			continue
		}
		name := C.GoString(cname)
		if _, dup := r.devices[name]; dup {
			// Webots' wb_robot_get_device returns the first device of a name;
			// so does Device.
			continue
		}
		kind := ""
		if k := C.wb_node_get_name(C.wb_device_get_node_type(tag)); k != nil {
			kind = C.GoString(k)
		}
		r.devices[name] = r.wrap(name, kind, tag, opts)
		r.names = append(r.names, name)
	}
	sort.Strings(r.names)
}

// wrap builds the hal device of Webots node type kind.
func (r *Robot) wrap(name, kind string, tag C.WbDeviceTag, opts Options) hal.Device {
	s := sensor{r: r, name: name, tag: tag}
	switch kind {
	case "RotationalMotor", "LinearMotor":
		maxV := float64(C.wb_motor_get_max_velocity(tag))
		C.wb_motor_set_position(tag, C.double(math.Inf(1)))
		C.wb_motor_set_velocity(tag, 0)
		return &Motor{r: r, name: name, tag: tag, lim: hal.VelocityLimit{Name: name, Max: maxV}}
	case "LED":
		return &LED{LEDState: hal.NewLEDState(name, opts.ledMode(name)), r: r, tag: tag}
	case "Emitter":
		return &Emitter{r: r, name: name, tag: tag}
	case "Receiver":
		s.kind = kindReceiver
		rc := &Receiver{sensor: s}
		r.receivers = append(r.receivers, rc)
		return rc
	case "DistanceSensor":
		s.kind = kindDistance
		return &DistanceSensor{sensor: s, max: float64(C.wb_distance_sensor_get_max_value(tag))}
	case "PositionSensor":
		s.kind = kindPosition
		return &PositionSensor{sensor: s}
	case "Camera":
		s.kind = kindCamera
		c := &Camera{sensor: s,
			width:  int(C.wb_camera_get_width(tag)),
			height: int(C.wb_camera_get_height(tag)),
			fov:    float64(C.wb_camera_get_fov(tag)),
		}
		r.cameras = append(r.cameras, c)
		return c
	case "Lidar":
		s.kind = kindLidar
		l := &Lidar{sensor: s,
			hres:   int(C.wb_lidar_get_horizontal_resolution(tag)),
			layers: int(C.wb_lidar_get_number_of_layers(tag)),
			fov:    float64(C.wb_lidar_get_fov(tag)),
			vfov:   float64(C.wb_lidar_get_vertical_fov(tag)),
			minR:   float64(C.wb_lidar_get_min_range(tag)),
			maxR:   float64(C.wb_lidar_get_max_range(tag)),
		}
		r.lidars = append(r.lidars, l)
		return l
	case "GPS":
		s.kind = kindGPS
		return &GPS{sensor: s}
	case "Gyro":
		s.kind = kindGyro
		return &Gyro{sensor: s}
	case "Accelerometer":
		s.kind = kindAccelerometer
		return &Accelerometer{sensor: s}
	case "InertialUnit":
		s.kind = kindInertialUnit
		return &InertialUnit{sensor: s}
	default:
		return &Other{name: name, nodeType: kind}
	}
}

// alive reports whether C may be called: the robot is open and the
// simulation has not ended.
func (r *Robot) alive() bool { return !r.ended && !r.closed }

// Step advances the simulation by ms milliseconds (wb_robot_step). It
// returns hal.ErrEnded once wb_robot_step has returned −1, and from then on
// without calling C again; ErrClosed (which wraps hal.ErrEnded) after Close;
// an error wrapping hal.ErrBadStep for a duration that is not a positive
// multiple of the basic time step; an error wrapping ErrWrongThread when
// called from another goroutine than Open's.
//
// After a successful step the frames of enabled cameras and lidars are
// copied and the packets of enabled receivers drained, so nothing refers to
// libController's memory past the step.
func (r *Robot) Step(ms int) error {
	if r.closed {
		return ErrClosed
	}
	if r.ended {
		return hal.ErrEnded
	}
	if err := hal.CheckStep(ms, r.basic); err != nil {
		return err
	}
	if ms > math.MaxInt32 {
		return fmt.Errorf("%w: %d ms does not fit wb_robot_step's int", hal.ErrBadStep, ms)
	}
	if C.rk_same_thread() == 0 {
		return fmt.Errorf("%w: Step must run on the goroutine that called Open (runtime.LockOSThread is held there)", ErrWrongThread)
	}
	if C.wb_robot_step(C.int(ms)) == -1 {
		r.ended = true
		return hal.ErrEnded
	}
	r.steps++
	r.time = float64(C.wb_robot_get_time())
	for _, c := range r.cameras {
		c.capture()
	}
	for _, l := range r.lidars {
		l.capture()
	}
	for _, rc := range r.receivers {
		rc.drain()
	}
	return nil
}

// Time is the simulation time in seconds after the last step.
func (r *Robot) Time() float64 { return r.time }

// BasicTimeStep is the world's basic time step in milliseconds.
func (r *Robot) BasicTimeStep() int { return r.basic }

// Device returns the device named name; an unknown name gives an error
// wrapping hal.ErrUnknownDevice that lists the robot's devices.
func (r *Robot) Device(name string) (hal.Device, error) {
	if d, ok := r.devices[name]; ok {
		return d, nil
	}
	return nil, hal.UnknownDevice(name, r.names)
}

// DeviceNames lists the names of all devices, sorted.
func (r *Robot) DeviceNames() []string { return append([]string(nil), r.names...) }

// Ended reports whether the simulation has ended (wb_robot_step returned −1).
func (r *Robot) Ended() bool { return r.ended }

// Close releases the controller (wb_robot_cleanup) and unlocks the OS
// thread Open locked. Later calls do nothing. Call it from the goroutine
// that called Open, also after Step returned hal.ErrEnded.
//
// Once wb_robot_step has returned −1 (Webots quit, or the supervisor ended
// the controller) Close makes no libController call: there the real
// libController's cleanup exits the process from inside, so nothing the
// runner does after Close would run. Webots ends such a controller itself.
func (r *Robot) Close() error {
	openMu.Lock()
	defer openMu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	if !r.ended {
		C.wb_robot_cleanup()
	}
	if openRobot == r {
		openRobot = nil
	}
	runtime.UnlockOSThread()
	return nil
}

// cBytes views n bytes of C memory at p; the caller copies them out before
// the next step.
func cBytes(p unsafe.Pointer, n int) []byte {
	return unsafe.Slice((*byte)(p), n)
}
