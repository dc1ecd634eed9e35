package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/sim"
	"github.com/rescuekit/rescuekit/sim/world"
)

// erebusFlagHelp is the help of --erebus.
const erebusFlagHelp = "Erebus installation (the folder holding game/; default $" + world.EnvErebus + "): its PROTOs build the prebuilt rooms, and the embedded simulator's cameras draw its sign textures (game/protos/textures) instead of rescuekit's designs"

// protosFlagHelp is the help of --protos.
const protosFlagHelp = "DIR: also look for PROTO files (the prebuilt area-4 rooms) in DIR, after the world's own EXTERNPROTO paths and the Erebus installation (repeatable; no textures are read from it)"

// erebusDir is the Erebus installation the user points at: the --erebus
// flag, else $RESCUEKIT_EREBUS, else "" (none). fromFlag tells which.
func erebusDir(flag string) (dir string, fromFlag bool) {
	if flag != "" {
		return flag, true
	}
	return os.Getenv(world.EnvErebus), false
}

// erebusDirOf is erebusDir without the flag's provenance.
func erebusDirOf(flag string) string {
	d, _ := erebusDir(flag)
	return d
}

// loadWorldErebus loads a world for a command line as world.LoadRules does
// (rules is a --rules value), looking for PROTO files in the Erebus
// installation dir (game/protos, or protos: the layout of ../shared/erebus)
// as well as beside the world, and then in the protos directories (--protos);
// path "" is the embedded default world.
func loadWorldErebus(path, rules, dir string, protos ...string) (*world.World, error) {
	if path == "" || (dir == "" && len(protos) == 0) {
		return loadWorld(path, rules)
	}
	var o world.ParseOptions
	if dir != "" {
		o.PROTODirs = []string{filepath.Join(dir, "game", "protos"), filepath.Join(dir, "protos")}
	}
	o.PROTODirs = append(o.PROTODirs, protos...)
	if rules != "" {
		v, err := erebus.ParseVersion(rules)
		if err != nil {
			return nil, err
		}
		o.Version = v
	}
	return world.LoadWith(path, o)
}

// erebusTextures reads the sign textures of the installation dir (nil for
// ""): an error when the --erebus flag named it, a warning on w (stderr)
// when it came from the environment, which also serves the PROTOs alone.
func erebusTextures(dir string, fromFlag bool, warn func(string)) (*sim.ErebusTextures, error) {
	if dir == "" {
		return nil, nil
	}
	et, err := sim.LoadErebusTextures(dir)
	if err != nil {
		if fromFlag {
			return nil, fmt.Errorf("--erebus: %w", err)
		}
		warn(fmt.Sprintf("$%s: %v; the cameras draw rescuekit's sign designs", world.EnvErebus, err))
		return nil, nil
	}
	return et, nil
}
