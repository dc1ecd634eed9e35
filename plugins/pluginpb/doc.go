// Package pluginpb is the rescuekit behavior-plugin contract: the gRPC
// service and messages of plugin.proto, generated, plus the handshake
// constants both the runner and the SDK use.
//
// The generated files are committed; regenerate them after editing
// plugin.proto with `go generate ./plugins/...` (needs protoc,
// protoc-gen-go and protoc-gen-go-grpc on PATH).
package pluginpb

//go:generate protoc --proto_path=. --go_out=. --go_opt=paths=source_relative --go-grpc_out=. --go-grpc_opt=paths=source_relative plugin.proto
