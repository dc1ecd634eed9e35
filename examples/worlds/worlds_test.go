package worlds

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/sim/world"
	"github.com/rescuekit/rescuekit/sim/worldgen"
)

var update = flag.Bool("update", false, "rewrite the example worlds from the generator")

// specs are the options each example world is generated from.
var specs = map[string]worldgen.Options{
	"small4x4.wbt":  {Seed: 1, Cols: 4, Rows: 4, Name: "small4x4", Rules: erebus.V25},
	"medium6x6.wbt": {Seed: 2, Cols: 6, Rows: 6, Areas: 3, Name: "medium6x6", Rules: erebus.V25},
	"large8x8.wbt":  {Seed: 3, Cols: 8, Rows: 8, Areas: 4, Name: "large8x8", Rules: erebus.V25},
}

func TestWorldsUpToDate(t *testing.T) {
	for name, opts := range specs {
		t.Run(name, func(t *testing.T) {
			w, err := worldgen.Generate(opts)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := worldgen.Write(&buf, w); err != nil {
				t.Fatal(err)
			}
			if *update {
				if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			got, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("%v (run `go generate ./examples/worlds`)", err)
			}
			if !bytes.Equal(got, buf.Bytes()) {
				t.Errorf("%s is out of date with the generator; run `go generate ./examples/worlds`", name)
			}
		})
	}
}

func TestEmbeddedWorldsLoad(t *testing.T) {
	files, err := fs.Glob(FS, "*.wbt")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(specs) {
		t.Errorf("%d embedded worlds %v, want %d", len(files), files, len(specs))
	}
	for _, f := range files {
		data, err := FS.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		w, err := world.Parse(f, data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		o := specs[f]
		if w.Cols != o.Cols || w.Rows != o.Rows {
			t.Errorf("%s: %dx%d tiles, want %dx%d", f, w.Cols, w.Rows, o.Cols, o.Rows)
		}
		if len(w.Signs) == 0 {
			t.Errorf("%s: no signs", f)
		}
	}
}

func TestDefault(t *testing.T) {
	name, data := Default()
	if _, ok := specs[name]; !ok {
		t.Fatalf("Default() = %q, not one of the example worlds", name)
	}
	if _, err := world.Parse(name, data); err != nil {
		t.Fatalf("default world does not parse: %v", err)
	}
}
