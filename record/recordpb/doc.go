// Package recordpb holds rescuekit's own messages in a recording
// (record.proto): the arena model, one game line per step, map matrices,
// reports with their outcome, and the distance readings.
//
// The generated file is committed; regenerate it after editing
// record.proto with `go generate ./record/...` (needs protoc and
// protoc-gen-go on PATH).
package recordpb

//go:generate protoc --proto_path=. --go_out=. --go_opt=paths=source_relative record.proto
