package world

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedDir returns ../shared relative to the repository root (the
// directory holding go.mod), skipping the test when it is absent.
func sharedDir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Skip("repository root (go.mod) not found; shared test data unavailable")
		}
		dir = parent
	}
	shared := filepath.Join(dir, "..", "shared")
	if _, err := os.Stat(filepath.Join(shared, "erebus", "worlds")); err != nil {
		tb.Skipf("shared Erebus data not found at %s: %v", shared, err)
	}
	return shared
}

// worldNames are the shipped worlds copied to shared/erebus/worlds.
var worldNames = []string{"world1", "world2", "room4_small", "NewPassages"}
