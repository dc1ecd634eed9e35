package foxglovepb_test

import (
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	fg "github.com/rescuekit/rescuekit/record/foxglovepb"
)

// TestWireFields pins field numbers and kinds that Foxglove's published
// schemas give, including the ones out of order (CompressedImage.frame_id
// is 4) and the fixed32 ones, so that an edit of a .proto that would break
// decoding in Foxglove or Rerun fails here.
func TestWireFields(t *testing.T) {
	for _, c := range []struct {
		msg    proto.Message
		field  string
		number protoreflect.FieldNumber
		kind   protoreflect.Kind
	}{
		{&fg.CompressedImage{}, "timestamp", 1, protoreflect.MessageKind},
		{&fg.CompressedImage{}, "data", 2, protoreflect.BytesKind},
		{&fg.CompressedImage{}, "format", 3, protoreflect.StringKind},
		{&fg.CompressedImage{}, "frame_id", 4, protoreflect.StringKind},
		{&fg.Grid{}, "column_count", 4, protoreflect.Fixed32Kind},
		{&fg.Grid{}, "row_stride", 6, protoreflect.Fixed32Kind},
		{&fg.Grid{}, "cell_stride", 7, protoreflect.Fixed32Kind},
		{&fg.Grid{}, "data", 9, protoreflect.BytesKind},
		{&fg.PackedElementField{}, "offset", 2, protoreflect.Fixed32Kind},
		{&fg.PackedElementField{}, "type", 3, protoreflect.EnumKind},
		{&fg.Log{}, "level", 2, protoreflect.EnumKind},
		{&fg.Log{}, "line", 6, protoreflect.Fixed32Kind},
		{&fg.LaserScan{}, "ranges", 6, protoreflect.DoubleKind},
		{&fg.FrameTransform{}, "child_frame_id", 3, protoreflect.StringKind},
		{&fg.FrameTransform{}, "rotation", 5, protoreflect.MessageKind},
		{&fg.PoseInFrame{}, "pose", 3, protoreflect.MessageKind},
		{&fg.SceneEntity{}, "lifetime", 4, protoreflect.MessageKind},
		{&fg.SceneEntity{}, "lines", 11, protoreflect.MessageKind},
		{&fg.SceneEntity{}, "models", 14, protoreflect.MessageKind},
		{&fg.SceneUpdate{}, "entities", 2, protoreflect.MessageKind},
		{&fg.LinePrimitive{}, "indices", 8, protoreflect.Fixed32Kind},
		{&fg.TriangleListPrimitive{}, "indices", 5, protoreflect.Fixed32Kind},
		{&fg.TextPrimitive{}, "text", 6, protoreflect.StringKind},
		{&fg.CylinderPrimitive{}, "color", 5, protoreflect.MessageKind},
		{&fg.ModelPrimitive{}, "data", 7, protoreflect.BytesKind},
		{&fg.Quaternion{}, "w", 4, protoreflect.DoubleKind},
		{&fg.Color{}, "a", 4, protoreflect.DoubleKind},
	} {
		d := c.msg.ProtoReflect().Descriptor()
		f := d.Fields().ByName(protoreflect.Name(c.field))
		if f == nil {
			t.Errorf("%s has no field %s", d.FullName(), c.field)
			continue
		}
		if f.Number() != c.number || f.Kind() != c.kind {
			t.Errorf("%s.%s is %d %v, want %d %v", d.FullName(), c.field, f.Number(), f.Kind(), c.number, c.kind)
		}
		if d.ParentFile().Package() != "foxglove" {
			t.Errorf("%s: package %s", d.FullName(), d.ParentFile().Package())
		}
	}
}
