package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// TestWorldConvert converts a shared v25 world with fakes into a file that
// loads as v26.1, and refuses what it cannot convert.
func TestWorldConvert(t *testing.T) {
	src := sharedtest.Path(t, "erebus", "worlds", "world1.wbt")
	out := filepath.Join(t.TempDir(), "world1-v26.wbt")
	if _, err := runRoot(t, "world", "convert", src, "--to", "v26", "--fakes", "1", "--seed", "3", "-o", out); err != nil {
		t.Fatal(err)
	}
	w, err := world.Load(out)
	if err != nil {
		t.Fatal(err)
	}
	if v := w.GameRules().Version; v != erebus.V26 || len(w.Fakes) == 0 {
		t.Errorf("converted world: %s with %d fakes, want v26.1 with fakes", v, len(w.Fakes))
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"world", "convert", src, "--to", "v25"}, "only v26"},
		{[]string{"world", "convert", src, "--to", "v27"}, "v27"},
		{[]string{"world", "convert", out}, "v26 world already"},
		{[]string{"world", "convert", src, "--fakes", "2"}, "expected 0..1"},
		{[]string{"world", "convert"}, "want a v25 world file"},
	} {
		if _, err := runRoot(t, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one containing %q", tc.args, err, tc.want)
		}
	}
}
