package worldgen

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedWorld returns the path of a shipped world in ../shared/erebus/worlds
// (relative to the repository root), skipping the test when it is absent.
func sharedWorld(t testing.TB, name string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("go.mod not found above the test directory; cannot locate ../shared")
		}
		dir = parent
	}
	p := filepath.Join(dir, "..", "shared", "erebus", "worlds", name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("shared world absent (%v); this test needs ../shared/erebus beside the repository", err)
	}
	return p
}
