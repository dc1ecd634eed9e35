// Package webots is the Webots backend of hal: a thin translation of the hal
// interfaces onto the Webots C controller API (libController), for running a
// rescuekit robot in Erebus.
//
// The backend is cgo and needs the build tag "webots":
//
//	CGO_LDFLAGS="-L$WEBOTS_HOME/lib/controller" go build -tags webots ./cmd/runner
//
// Without the tag the package still builds (no C toolchain, no Webots) and
// OpenRobot returns ErrNotBuilt. With the tags "webots webotsfake" the same cgo
// layer is linked against an in-memory libController written in C
// (rk_fake.c), which is how it is tested:
//
//	go test -tags 'webots webotsfake' ./hal/webots/...
//
// docs/webots.md explains building for Linux, macOS and Windows and running
// in Erebus.
//
// # What the layer takes care of
//
//   - The device table is built once in Open (wb_robot_get_number_of_devices,
//     wb_robot_get_device_by_index, wb_device_get_name,
//     wb_device_get_node_type); device kinds are told by their node-type name
//     (wb_node_get_name), which does not change between Webots releases as the
//     numeric enum does.
//   - Sensors read NaN (images and packets read empty) until the first step
//     after Enable, whatever the library returns; a disabled sensor is never
//     read from C (libController prints a warning for each such call).
//   - Camera frames (BGRA) and lidar range images point into libController's
//     memory, valid only until the next step: they are copied into buffers the
//     backend reuses right after each step, and handed out as copies.
//   - Receiver packets are drained after each step (wb_receiver_get_data,
//     wb_receiver_get_data_size, wb_receiver_next_packet) and copied into a Go
//     queue with the same next-packet semantics.
//   - wb_robot_step returning −1 is the single shutdown path: Step returns
//     hal.ErrEnded then and forever after, without calling C again
//     (libController calls exit() if stepped after −1).
//   - wb_robot_init replaces the process's SIGINT, SIGTERM, SIGQUIT and SIGHUP
//     handlers with one that exits; Open saves the Go runtime's handlers
//     before and restores them right after, so os/signal keeps working and the
//     runner shuts down cleanly (and calls Close).
//   - Motors are put under velocity control (position +Inf, velocity 0) when
//     the robot opens, so it holds still until told otherwise.
//   - The LED mode (the LED node's color and gradual fields) cannot be read
//     through the controller API; it comes from Options.LEDModes, by default
//     ErebusLEDModes, and every LED validates its values with hal.LEDState.
//
// # One goroutine
//
// libController is not thread-safe. Open locks the calling goroutine to its
// OS thread (runtime.LockOSThread) and every method of the Robot and of its
// devices must be called from that goroutine; Step checks it and returns an
// error wrapping ErrWrongThread otherwise. Call Close from the same goroutine.
package webots
