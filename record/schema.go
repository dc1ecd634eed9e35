package record

import (
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"
)

// descriptorSet returns the serialized FileDescriptorSet of m's file and
// every file it imports, imports first: the Schema data of MCAP's protobuf
// profile.
func descriptorSet(m proto.Message) ([]byte, error) {
	var set descriptorpb.FileDescriptorSet
	seen := map[string]bool{}
	var add func(f protoreflect.FileDescriptor)
	add = func(f protoreflect.FileDescriptor) {
		if seen[f.Path()] {
			return
		}
		seen[f.Path()] = true
		imp := f.Imports()
		for i := range imp.Len() {
			add(imp.Get(i).FileDescriptor)
		}
		set.File = append(set.File, protodesc.ToFileDescriptorProto(f))
	}
	add(m.ProtoReflect().Descriptor().ParentFile())
	return proto.Marshal(&set)
}
