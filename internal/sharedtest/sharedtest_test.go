package sharedtest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// layout builds a temporary tree: tmp/repo (with go.mod when mod is set),
// tmp/repo/a/b, and tmp/shared as a directory ("dir"), a plain file ("file")
// or nothing (""). With a directory, tmp/shared/erebus/worlds/world1.wbt
// exists too. It returns tmp.
func layout(t *testing.T, mod bool, shared string) string {
	t.Helper()
	tmp := t.TempDir()
	if err := os.MkdirAll(filepath.Join(tmp, "repo", "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if mod {
		if err := os.WriteFile(filepath.Join(tmp, "repo", "go.mod"), []byte("module example.com/x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	switch shared {
	case "dir":
		worlds := filepath.Join(tmp, "shared", "erebus", "worlds")
		if err := os.MkdirAll(worlds, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(worlds, "world1.wbt"), []byte("#VRML_SIM R2023a utf8\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	case "file":
		if err := os.WriteFile(filepath.Join(tmp, "shared"), []byte("not a directory"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return tmp
}

// modAbove reports whether dir or one of its parents holds a go.mod.
func modAbove(dir string) bool {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return true
		}
		up := filepath.Dir(dir)
		if up == dir {
			return false
		}
		dir = up
	}
}

func TestRootFrom(t *testing.T) {
	tests := []struct {
		name    string
		mod     bool
		shared  string
		want    bool   // a path is returned
		wantErr string // substring of the error otherwise
	}{
		{name: "present", mod: true, shared: "dir", want: true},
		{name: "shared absent", mod: true, shared: "", wantErr: "no such file"},
		{name: "shared is a file", mod: true, shared: "file", wantErr: "not a directory"},
		{name: "no go.mod", mod: false, shared: "dir", wantErr: "no go.mod"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tmp := layout(t, tc.mod, tc.shared)
			if !tc.mod && modAbove(tmp) {
				t.Skipf("a go.mod lies above the temporary directory %s", tmp)
			}
			for _, start := range []string{filepath.Join(tmp, "repo"), filepath.Join(tmp, "repo", "a", "b")} {
				got, err := rootFrom(start)
				if tc.want {
					if err != nil {
						t.Fatalf("rootFrom(%s): %v", start, err)
					}
					if want := filepath.Join(tmp, "shared"); got != want {
						t.Errorf("rootFrom(%s) = %s, want %s", start, got, want)
					}
					continue
				}
				if err == nil {
					t.Fatalf("rootFrom(%s) = %s, want an error", start, got)
				}
				if !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("rootFrom(%s) error %q does not mention %q", start, err, tc.wantErr)
				}
				if got != "" {
					t.Errorf("rootFrom(%s) returned %q with its error", start, got)
				}
			}
		})
	}
}

// TestRootFromThisPackage checks Root against the layout of this repository:
// the package is internal/sharedtest, so ../shared is three levels up.
func TestRootFromThisPackage(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(wd, "..", "..", "..", "shared")
	_, statErr := os.Stat(want)
	got, err := Root()
	if statErr != nil {
		if err == nil {
			t.Fatalf("Root() = %s, but %s is absent (%v)", got, want, statErr)
		}
		return
	}
	if err != nil {
		t.Fatalf("Root(): %v, but %s exists", err, want)
	}
	if got != want {
		t.Errorf("Root() = %s, want %s", got, want)
	}
}

// recTB records skips instead of skipping the real test. Skip and Skipf end
// the calling goroutine as testing.T's do.
type recTB struct {
	testing.TB
	skipped bool
	msg     string
}

func (r *recTB) Helper() {}

func (r *recTB) Skip(args ...any) {
	r.skipped, r.msg = true, fmt.Sprint(args...)
	runtime.Goexit()
}

func (r *recTB) Skipf(format string, args ...any) {
	r.skipped, r.msg = true, fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recTB) SkipNow() {
	r.skipped = true
	runtime.Goexit()
}

// call runs f with a recording TB on its own goroutine, so that a skip ends
// only that goroutine.
func call(t *testing.T, f func(testing.TB) string) (string, *recTB) {
	rec := &recTB{TB: t}
	var got string
	done := make(chan struct{})
	go func() {
		defer close(done)
		got = f(rec)
	}()
	<-done
	return got, rec
}

func TestDirAndPath(t *testing.T) {
	dir := func(tb testing.TB) string { return Dir(tb) }
	world1 := func(tb testing.TB) string { return Path(tb, "erebus", "worlds", "world1.wbt") }
	worlds := func(tb testing.TB) string { return Path(tb, "erebus", "worlds") }
	world9 := func(tb testing.TB) string { return Path(tb, "erebus", "worlds", "world9.wbt") }
	tests := []struct {
		name    string
		shared  string
		f       func(testing.TB) string
		want    []string // path under tmp when not skipped
		wantMsg []string // substrings of the skip message otherwise
	}{
		{name: "Dir present", shared: "dir", f: dir, want: []string{"shared"}},
		{name: "Dir absent", shared: "", f: dir, wantMsg: []string{"../shared is absent", "read in place", "CI has them"}},
		{name: "Dir not a directory", shared: "file", f: dir, wantMsg: []string{"../shared is absent", "not a directory"}},
		{name: "Path file", shared: "dir", f: world1, want: []string{"shared", "erebus", "worlds", "world1.wbt"}},
		{name: "Path directory", shared: "dir", f: worlds, want: []string{"shared", "erebus", "worlds"}},
		{name: "Path missing file", shared: "dir", f: world9, wantMsg: []string{filepath.Join("erebus", "worlds", "world9.wbt"), "absent"}},
		{name: "Path shared absent", shared: "", f: world1, wantMsg: []string{"../shared is absent"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tmp := layout(t, true, tc.shared)
			t.Chdir(filepath.Join(tmp, "repo", "a", "b"))
			got, rec := call(t, tc.f)
			if tc.want != nil {
				if rec.skipped {
					t.Fatalf("skipped: %s", rec.msg)
				}
				if want := filepath.Join(append([]string{tmp}, tc.want...)...); got != want {
					t.Errorf("got %s, want %s", got, want)
				}
				return
			}
			if !rec.skipped {
				t.Fatalf("returned %q, want a skip", got)
			}
			for _, s := range tc.wantMsg {
				if !strings.Contains(rec.msg, s) {
					t.Errorf("skip message %q does not mention %q", rec.msg, s)
				}
			}
		})
	}
}
