package record

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestIndependentReader has Foxglove's TypeScript reader (@mcap/core from
// npm, run by .ci/mcap-read.sh) read recordings: a closed one, a zstd one,
// and one cut short; it must find every channel with its Foxglove schema
// name and the same message counts as Read. Skips without node and npm, or
// when the packages cannot be installed (outside CI).
func TestIndependentReader(t *testing.T) {
	for _, tool := range []string{"node", "npm", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s on PATH: the independent MCAP reader check needs node and npm", tool)
		}
	}
	w := demoWorld(t)
	frames := demoGame(w, 90)
	dir := t.TempDir()
	files := map[string][]byte{}
	files["plain.mcap"], _ = writeGame(t, w, frames, Options{}, true)
	files["zstd.mcap"], _ = writeGame(t, w, frames, Options{FlushEvery: 5, Compression: "zstd"}, true)
	full, _ := writeGame(t, w, frames, Options{}, false)
	files["cut.mcap"] = full[:len(full)*2/3]
	var args []string
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, p)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", append([]string{filepath.Join("..", ".ci", "mcap-read.sh")}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if os.Getenv("CI") == "" && bytes.Contains(stderr.Bytes(), []byte("npm")) {
			t.Skipf("could not install @mcap/core from npm: %v\n%s", err, stderr.String())
		}
		t.Fatalf("mcap-read.sh: %v\n%s", err, stderr.String())
	}
	type channel struct {
		Topic, Schema, Encoding, SchemaEncoding string
		Count                                   int
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	seen := 0
	for sc.Scan() {
		var res struct {
			File     string
			Complete bool
			Messages int
			Channels []channel
			Indexed  *struct{ Messages, Chunks int }
		}
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		seen++
		rec, err := Read(bytes.NewReader(files[filepath.Base(res.File)]))
		if rec == nil {
			t.Fatalf("%s: %v", res.File, err)
		}
		if res.Complete != rec.Complete {
			t.Errorf("%s: complete %v, Read says %v", res.File, res.Complete, rec.Complete)
		}
		if rec.Complete && (res.Indexed == nil || res.Indexed.Messages != res.Messages) {
			t.Errorf("%s: the indexed reader did not read it: %+v", res.File, res.Indexed)
		}
		want := map[string]Channel{}
		for _, c := range rec.Channels {
			want[c.Topic] = c
		}
		if len(res.Channels) != len(want) {
			t.Errorf("%s: %d channels, Read finds %d", res.File, len(res.Channels), len(want))
		}
		for _, c := range res.Channels {
			if w := want[c.Topic]; w.Schema != c.Schema || w.Messages != c.Count || c.Encoding != "protobuf" || c.SchemaEncoding != "protobuf" {
				t.Errorf("%s: %+v, Read finds %+v", res.File, c, w)
			}
		}
		t.Logf("%s: %d channels, %d messages, complete %v", filepath.Base(res.File), len(res.Channels), res.Messages, res.Complete)
	}
	if seen != len(files) {
		t.Fatalf("the reader printed %d results for %d files:\n%s", seen, len(files), out)
	}
}
