package main

import (
	"go.uber.org/zap"

	"github.com/rescuekit/rescuekit/sim/world"
)

// logWorldWarnings logs each part of w the embedded simulator could not
// build (world.World.Warnings) once, at warn level: the default
// --log-level shows them before the game starts, as `runner world show`
// does.
func logWorldWarnings(log *zap.Logger, w *world.World) {
	for _, warn := range w.Warnings {
		log.Warn("world part the simulator cannot build as Erebus does", zap.String("world", w.Name), zap.String("part", warn))
	}
}
