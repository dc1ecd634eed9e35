//go:build !webots

package webots

// Built reports whether this binary was built with the "webots" build tag,
// i.e. whether OpenRobot can reach Webots.
func Built() bool { return false }

// OpenRobot opens the Webots robot this process controls. In this binary,
// built without the "webots" tag, it always returns ErrNotBuilt.
func OpenRobot(opts Options) (RobotCloser, error) {
	_ = opts
	return nil, ErrNotBuilt
}
