//go:build webots && webotsfake

package webots

// This file is built only with the in-memory libController (rk_fake.c): it
// lets the tests of this package script the fake. Nothing here is exported.

// #include <stdlib.h>
// #include "rk_fake.h"
import "C"

import (
	"errors"
	"unsafe"
)

func init() { reopenable = true }

// fakeReset empties the fake world; it refuses while a robot is open.
func fakeReset() error {
	openMu.Lock()
	defer openMu.Unlock()
	if openRobot != nil {
		return errors.New("webots fake: reset while a robot is open")
	}
	C.fake_reset()
	return nil
}

// fakeAdd adds a device of Webots node type node ("Camera", …) and returns
// its tag, 0 when refused.
func fakeAdd(name, node string) uint16 {
	cn, ct := C.CString(name), C.CString(node)
	defer C.free(unsafe.Pointer(cn))
	defer C.free(unsafe.Pointer(ct))
	return uint16(C.fake_add_device(cn, ct))
}

func fakeSetBasic(ms float64) { C.fake_set_basic_time_step(C.double(ms)) }
func fakeSetEndAfter(n int)   { C.fake_set_end_after(C.int(n)) }
func fakeSetValue(tag uint16, a, b, c, d float64) {
	C.fake_set_value(C.WbDeviceTag(tag), C.double(a), C.double(b), C.double(c), C.double(d))
}
func fakeSetMax(tag uint16, max float64) { C.fake_set_max(C.WbDeviceTag(tag), C.double(max)) }

func fakeSetCamera(tag uint16, w, h int, fov float64) bool {
	return C.fake_set_camera(C.WbDeviceTag(tag), C.int(w), C.int(h), C.double(fov)) == 0
}

func fakeSetImage(tag uint16, img []byte) bool {
	if len(img) == 0 {
		return false
	}
	return C.fake_set_image(C.WbDeviceTag(tag), (*C.uchar)(unsafe.Pointer(&img[0])), C.int(len(img))) == 0
}

func fakeSetLidar(tag uint16, hres, layers int, fov, vfov, minR, maxR float64) bool {
	return C.fake_set_lidar(C.WbDeviceTag(tag), C.int(hres), C.int(layers), C.double(fov), C.double(vfov), C.double(minR), C.double(maxR)) == 0
}

func fakeSetRangeImage(tag uint16, img []float32) bool {
	if len(img) == 0 {
		return false
	}
	return C.fake_set_range_image(C.WbDeviceTag(tag), (*C.float)(unsafe.Pointer(&img[0])), C.int(len(img))) == 0
}

// fakePushPacket makes a packet arrive at receiver tag at the next step.
func fakePushPacket(tag uint16, data []byte) bool {
	if len(data) == 0 {
		return false
	}
	return C.fake_push_packet(C.WbDeviceTag(tag), unsafe.Pointer(&data[0]), C.int(len(data))) == 0
}

func fakeSetGameInfo(score float32, gameLeft, realLeft int) {
	C.fake_set_game_info(C.float(score), C.int(gameLeft), C.int(realLeft))
}

// fakeSent returns every packet the robot's emitters sent, in order.
func fakeSent() [][]byte {
	n := int(C.fake_sent_count())
	out := make([][]byte, 0, n)
	for i := 0; i < n; i++ {
		size := int(C.fake_sent_copy(C.int(i), nil, 0))
		if size < 0 {
			break
		}
		b := make([]byte, size)
		if size > 0 {
			C.fake_sent_copy(C.int(i), unsafe.Pointer(&b[0]), C.int(size))
		}
		out = append(out, b)
	}
	return out
}

func fakeMotor(tag uint16) (position, velocity float64) {
	var p, v C.double
	C.fake_motor_state(C.WbDeviceTag(tag), &p, &v)
	return float64(p), float64(v)
}

func fakeLED(tag uint16) int    { return int(C.fake_led_value(C.WbDeviceTag(tag))) }
func fakeSteps() int            { return int(C.fake_steps()) }
func fakeStepsAfterEnd() int    { return int(C.fake_steps_after_end()) }
func fakeInitCount() int        { return int(C.fake_init_count()) }
func fakeCleanupCount() int     { return int(C.fake_cleanup_count()) }
func fakeCleanupsAfterEnd() int { return int(C.fake_cleanups_after_end()) }
func fakeSignalsInstalled() int { return int(C.fake_signals_installed()) }
func fakeDisabledReads() int    { return int(C.fake_disabled_reads()) }
func fakeCQueueLength(tag uint16) int {
	return int(C.wb_receiver_get_queue_length(C.WbDeviceTag(tag)))
}

// fakeDeviceTag is wb_robot_get_device.
func fakeDeviceTag(name string) uint16 {
	cn := C.CString(name)
	defer C.free(unsafe.Pointer(cn))
	return uint16(C.wb_robot_get_device(cn))
}

// fakeRawInitChangedHandlers counts the trapped signals whose handler a
// bare wb_robot_init replaces (the old handlers are put back afterwards).
func fakeRawInitChangedHandlers() int { return int(C.fake_init_raw_changed_handlers()) }

// signalState is the handler address and flags installed for sig.
func signalState(sig int) (handler, flags uint64, ok bool) {
	var h, f C.ulonglong
	if C.rk_signal_state(C.int(sig), &h, &f) != 0 {
		return 0, 0, false
	}
	return uint64(h), uint64(f), true
}

// tagOf returns the tag the robot's device table holds for a device.
func tagOf(d any) uint16 {
	switch d := d.(type) {
	case *Motor:
		return uint16(d.tag)
	case *LED:
		return uint16(d.tag)
	case *Emitter:
		return uint16(d.tag)
	case *Receiver:
		return uint16(d.tag)
	case *DistanceSensor:
		return uint16(d.tag)
	case *PositionSensor:
		return uint16(d.tag)
	case *Camera:
		return uint16(d.tag)
	case *Lidar:
		return uint16(d.tag)
	case *GPS:
		return uint16(d.tag)
	case *Gyro:
		return uint16(d.tag)
	case *Accelerometer:
		return uint16(d.tag)
	case *InertialUnit:
		return uint16(d.tag)
	}
	return 0
}
