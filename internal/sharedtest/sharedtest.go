// Package sharedtest locates ../shared for tests. ../shared holds Erebus's
// test data (worlds, answers, score vectors, packets); tests read it in place,
// never copy it, and skip when it is absent. Its path is found by walking up
// from the working directory (a test runs in its package's directory) to the
// directory holding go.mod, the repository root, and joining "..", "shared".
package sharedtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// absent is the reason given when a test skips because ../shared is missing.
const absent = "../shared is absent: Erebus's worlds and packets are read in place; CI has them"

// Root returns the path of ../shared beside the repository root, or an error
// saying why it cannot: the working directory is unknown, no go.mod lies above
// it, or ../shared is missing or not a directory.
func Root() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("sharedtest: working directory: %w", err)
	}
	return rootFrom(wd)
}

// rootFrom is Root starting the walk at dir instead of the working directory.
func rootFrom(dir string) (string, error) {
	start := dir
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("sharedtest: no go.mod in %s or above it, so the repository root (and ../shared beside it) is unknown", start)
		}
		dir = up
	}
	p := filepath.Join(dir, "..", "shared")
	fi, err := os.Stat(p)
	if err != nil {
		return "", fmt.Errorf("sharedtest: %s: %w", p, err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("sharedtest: %s is not a directory", p)
	}
	return p, nil
}

// Dir returns the path of ../shared beside the repository root, as Root does,
// or skips the test (or benchmark, or fuzz target) with a clear message when
// it is absent.
func Dir(t testing.TB) string {
	t.Helper()
	p, err := Root()
	if err != nil {
		t.Skipf("%s (%v)", absent, err)
	}
	return p
}

// Path returns Dir joined with elem, the path of a file or directory inside
// ../shared such as Path(t, "erebus", "worlds", "world1.wbt"). It skips the
// test when ../shared is absent or holds nothing at that path.
func Path(t testing.TB, elem ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{Dir(t)}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			t.Skipf("%s is absent from ../shared (Erebus's worlds and packets are read in place; CI has them): %v",
				filepath.Join(elem...), err)
		}
		t.Skipf("%s in ../shared cannot be read: %v", filepath.Join(elem...), err)
	}
	return p
}
