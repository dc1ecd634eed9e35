package main

import (
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/rescuekit/rescuekit/sim/world"
)

// TestLogWorldWarnings: each World.Warnings entry is logged once, at warn
// level (shown by the default --log-level), naming the part.
func TestLogWorldWarnings(t *testing.T) {
	src := `DEF WALLTILES Group { children [
  worldTile { xPos 0 zPos 0 floor TRUE width 1 height 1 xScale 0.4 yScale 0.4 zScale 0.4 start TRUE curveDir 7 }
] }
`
	w, err := world.Parse("warn.wbt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Warnings) != 1 {
		t.Fatalf("warnings %q, want 1 (curveDir 7)", w.Warnings)
	}
	core, logs := observer.New(zapcore.WarnLevel)
	logWorldWarnings(zap.New(core), w)
	got := logs.All()
	if len(got) != 1 || got[0].Level != zapcore.WarnLevel {
		t.Fatalf("logged %+v, want one warning", got)
	}
	if part := got[0].ContextMap()["part"]; part != w.Warnings[0] || !strings.Contains(w.Warnings[0], "curveDir 7") {
		t.Errorf("part %v, want %q", part, w.Warnings[0])
	}
}
