// Package foxglovepb holds the Foxglove message schemas rescuekit records
// (foxglove.FrameTransforms, PoseInFrame, SceneUpdate, Grid,
// CompressedImage, LaserScan, Log and the types they use), written from
// Foxglove's published schema documentation with the same package, message,
// field names and field numbers, so that Foxglove and Rerun decode a
// recording with their built-in panels.
//
// The generated files are committed; regenerate them after editing a
// .proto with `go generate ./record/...` (needs protoc and protoc-gen-go
// on PATH).
package foxglovepb

//go:generate sh -c "protoc --proto_path=. --go_out=. --go_opt=module=github.com/rescuekit/rescuekit/record/foxglovepb foxglove/*.proto"
