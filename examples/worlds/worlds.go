// Package worlds holds example Erebus worlds made by the rescuekit world
// generator (sim/worldgen), embedded in the binary so that the runner can
// play a game without any file at hand:
//
//   - small4x4.wbt: 4×4 tiles, areas 1–2
//   - medium6x6.wbt: 6×6 tiles, areas 1–3
//   - large8x8.wbt: 8×8 tiles, areas 1–4
//
// The files are regenerated with `go generate` (which runs the package test
// with -update); the test fails when a committed file is out of date.
package worlds

import "embed"

//go:generate go test -run TestWorldsUpToDate -update

// FS holds the example worlds, as .wbt files at its root.
//
//go:embed *.wbt
var FS embed.FS

// DefaultName is the file name of the default example world.
const DefaultName = "medium6x6.wbt"

// Default returns the default example world: its file name and contents.
func Default() (name string, data []byte) {
	data, err := FS.ReadFile(DefaultName)
	if err != nil {
		// The file is embedded at build time; a missing one is a build bug.
		panic("worlds: default world not embedded: " + err.Error())
	}
	return DefaultName, data
}
