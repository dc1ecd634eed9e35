package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestErebusDir: --erebus wins over $RESCUEKIT_EREBUS; a folder without
// textures is an error when the flag names it and a warning when the
// environment does; ../shared/erebus gives v25.0.1's textures.
func TestErebusDir(t *testing.T) {
	t.Setenv(world.EnvErebus, "/from/env")
	if d, flag := erebusDir("/from/flag"); d != "/from/flag" || !flag {
		t.Errorf("erebusDir with a flag: %q %v", d, flag)
	}
	if d, flag := erebusDir(""); d != "/from/env" || flag {
		t.Errorf("erebusDir from the environment: %q %v", d, flag)
	}
	empty := t.TempDir()
	if _, err := erebusTextures(empty, true, func(string) {}); err == nil || !strings.Contains(err.Error(), "--erebus") {
		t.Errorf("--erebus without textures: error %v", err)
	}
	var warned []string
	if et, err := erebusTextures(empty, false, func(m string) { warned = append(warned, m) }); err != nil || et != nil || len(warned) != 1 {
		t.Errorf("$%s without textures: %v, %v, warnings %q; want none, a warning", world.EnvErebus, et, err, warned)
	}
	et, err := erebusTextures(sharedtest.Path(t, "erebus"), true, func(string) {})
	if err != nil || et == nil || et.Version != erebus.V25 {
		t.Fatalf("../shared/erebus: %v, %v", et, err)
	}
}

// TestRunErebusFlag: `runner run --erebus DIR` refuses a folder without
// Erebus's textures before the game starts.
func TestRunErebusFlag(t *testing.T) {
	dir := t.TempDir()
	_, err := runRoot(t, "run", "--erebus", dir, "--log-level", "error")
	if err == nil || !strings.Contains(err.Error(), dir) {
		t.Fatalf("error %v, want one naming %s", err, dir)
	}
}

// TestLoadWorldErebus: the prebuilt area-4 rooms of v26.1 world4, read from
// a folder without its ../protos, are built from the PROTOs of the
// installation --erebus names (here ../shared/erebus, whose protos/ holds
// Area4_*.proto), and are warnings without it.
func TestLoadWorldErebus(t *testing.T) {
	src, err := os.ReadFile(sharedtest.Path(t, "erebus", "v26", "worlds", "world4.wbt"))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "world4.wbt")
	if err := os.WriteFile(p, src, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(world.EnvErebus, "")
	bare, err := loadWorldErebus(p, "", "")
	if err != nil {
		t.Fatal(err)
	}
	w, err := loadWorldErebus(p, "", sharedtest.Path(t, "erebus"))
	if err != nil {
		t.Fatal(err)
	}
	if len(bare.Warnings) == 0 || len(w.Area4Walls) == 0 || len(w.Area4Walls) <= len(bare.Area4Walls) {
		t.Errorf("area-4 walls: %d without --erebus (warnings %q), %d with it; want more with it", len(bare.Area4Walls), bare.Warnings, len(w.Area4Walls))
	}
}

// TestLoadWorldProtos: --protos builds v26 world4's area-4 rooms from a
// directory of PROTOs alone (../shared keeps v26.1's unchanged Area4 PROTOs
// with v25's), and a directory without them changes nothing.
func TestLoadWorldProtos(t *testing.T) {
	p := sharedtest.Path(t, "erebus", "v26", "worlds", "world4.wbt")
	t.Setenv(world.EnvErebus, "")
	for _, tc := range []struct {
		name   string
		protos []string
		built  bool
	}{
		{"none", nil, false},
		{"empty dir", []string{t.TempDir()}, false},
		{"shared protos", []string{sharedtest.Path(t, "erebus", "protos")}, true},
	} {
		w, err := loadWorldErebus(p, "", "", tc.protos...)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := len(w.Warnings) == 0; got != tc.built {
			t.Errorf("%s: rooms built %v (warnings %q), want %v", tc.name, got, w.Warnings, tc.built)
		}
	}
}
