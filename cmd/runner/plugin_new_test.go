package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/internal/game"
)

func TestNewPluginModuleChoices(t *testing.T) {
	tagged := buildVersion{Module: "v0.4.0"}
	devel := buildVersion{Module: "(devel)"}
	tests := []struct {
		name, plugin, replaces, replace string
		v                               buildVersion
		wantErr                         string
		wantSDK                         string
	}{
		{"tagged runner", "myexplore", "explore", "", tagged, "", "v0.4.0"},
		{"pseudo-version", "myexplore", "explore", "", buildVersion{Module: "v0.0.0-20261201230000-abcdefabcdef"}, "", "v0.0.0-20261201230000-abcdefabcdef"},
		{"devel with a clone", "myexplore", "explore", "../rescuekit", devel, "", "v0.0.0"},
		{"devel without a clone", "myexplore", "explore", "", devel, "--replace", ""},
		{"bad name", "My Explore", "explore", "", tagged, "plugin name", ""},
		{"typo in replaces", "x", "explor", "", tagged, `did you mean "explore"?`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := newPluginModule(tt.plugin, tt.replaces, "", tt.replace, tt.v, "go1.26.8")
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.SDKVersion != tt.wantSDK || m.GoVersion != "1.26.0" || m.Module != "example.com/yourteam/"+tt.plugin {
				t.Errorf("%+v", m)
			}
		})
	}
}

func TestGoDirective(t *testing.T) {
	for in, want := range map[string]string{"go1.26.8": "1.26.0", "go1.27rc1": "1.27.0", "go1.26.0": "1.26.0", "devel": "1.26.0"} {
		if got := goDirective(in); got != want {
			t.Errorf("goDirective(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPluginNewModuleBuildsAndPlays writes a plugin module with `runner
// plugin new`, requiring this checkout through a replace, runs its own
// tests with the go command, builds it, and plays a game with it in place of
// the built-in explorer.
func TestPluginNewModuleBuildsAndPlays(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the generated module's tests build a module of their own")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH: cannot build the generated module")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "myexplore")
	out, err := runRoot(t, "plugin", "new", "myexplore", "--dir", dir, "--replace", root)
	if err != nil {
		t.Fatalf("plugin new: %v\n%s", err, out)
	}
	for _, f := range []string{"go.mod", "main.go", "behavior.go", "behavior_test.go", "game_test.go", "README.md"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("plugin new wrote no %s", f)
		}
	}
	if _, err := runRoot(t, "plugin", "new", "myexplore", "--dir", dir, "--replace", root); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("a second plugin new into the same directory: err %v, want it refused", err)
	}
	// The module's requirements are a subset of this one's: its go.sum
	// spares the go command the network.
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	goCmd := func(args ...string) {
		t.Helper()
		c := exec.Command(goBin, args...)
		c.Dir = dir
		c.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false")
		if b, err := c.CombinedOutput(); err != nil {
			t.Fatalf("go %s in the generated module: %v\n%s", strings.Join(args, " "), err, b)
		}
	}
	goCmd("vet", "./...")
	goCmd("test", "-count=1", "./...")
	bin := filepath.Join(dir, "bin", "myexplore")
	goCmd("build", "-o", bin, ".")

	js, err := runRoot(t, "run", "--json", "--plugin", "explore="+bin, "--world", filepath.Join(root, "examples", "worlds", "small4x4.wbt"), "--log-level", "error")
	if err != nil {
		t.Fatalf("run --plugin explore=%s: %v", bin, err)
	}
	var res game.Result
	if err := json.Unmarshal([]byte(js), &res); err != nil {
		t.Fatalf("run --json: %v\n%s", err, js)
	}
	p := res.Runner.Plugins["explore"]
	if p.Steps == 0 || p.Errors != 0 || p.Crashes != 0 {
		t.Errorf("the generated plugin played %d steps with %d errors and %d crashes", p.Steps, p.Errors, p.Crashes)
	}
}
