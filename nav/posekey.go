package nav

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/rescuekit/rescuekit/geom"
)

// KeyPose is the blackboard key of the robot's pose as the plugins estimate
// it: explore writes its Tracker's pose there every step, as EncodePose
// encodes it. The runner's recorder reads it as the estimated pose beside
// the true one.
const KeyPose = "pose"

var poseMagic = [4]byte{'R', 'K', 'P', '1'}

// poseLen is the length of an encoded pose: magic, x, z, yaw, flags.
const poseLen = 4 + 3*8 + 1

// EncodePose encodes a pose estimate for KeyPose:
//
//	"RKP1", x, z, yaw (float64, little-endian), one byte of flags
//	(bit 0: the yaw is known; before, yaw is the tracker's guess).
func EncodePose(p Pose, yawKnown bool) []byte {
	b := make([]byte, 0, poseLen)
	b = append(b, poseMagic[:]...)
	for _, f := range []float64{p.X, p.Z, p.Yaw} {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
	}
	var flags byte
	if yawKnown {
		flags = 1
	}
	return append(b, flags)
}

// DecodePose decodes what EncodePose encoded: the pose and whether its yaw
// is known. Anything else, or a coordinate that is not finite, is an error.
func DecodePose(b []byte) (Pose, bool, error) {
	if len(b) < 4 || [4]byte(b[:4]) != poseMagic {
		return Pose{}, false, errors.New("nav: pose: not an encoded pose (want the RKP1 header)")
	}
	if len(b) != poseLen {
		return Pose{}, false, fmt.Errorf("nav: pose: %d bytes, want %d", len(b), poseLen)
	}
	var f [3]float64
	for i := range f {
		f[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[4+8*i:]))
		if math.IsNaN(f[i]) || math.IsInf(f[i], 0) {
			return Pose{}, false, errors.New("nav: pose: a coordinate is not finite")
		}
	}
	flags := b[poseLen-1]
	if flags&^1 != 0 {
		return Pose{}, false, fmt.Errorf("nav: pose: unknown flags %#x", flags)
	}
	return Pose{Vec2: geom.Vec2{X: f[0], Z: f[1]}, Yaw: f[2]}, flags&1 == 1, nil
}
