package evalplan

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func testHeader(shard Shard) Header {
	ws := []WorldID{{Name: "a", SHA256: SHA256([]byte("a"))}, {Name: "b", SHA256: SHA256([]byte("b"))}}
	return Header{
		Build:        Build{Version: "v1", RunnerSHA256: SHA256([]byte("runner")), PluginSHA256: map[string]string{"explore": "builtin"}},
		ConfigSHA256: SHA256([]byte("config")), Worlds: ws, WorldSetSHA256: WorldSetSHA256(ws),
		Plan: Plan{Points: 1, Worlds: 2, Runs: 3, Seed: 1}, Shard: shard, Settings: json.RawMessage(`{"mode":"lockstep"}`),
	}
}

func gameLine(p Plan, i int) Line {
	return Line{SchemaVersion: SchemaVersion, Kind: KindGame, Game: p.Game(i), Result: json.RawMessage(`{"score":1}`)}
}

// writeShard writes the record of one shard with all its games.
func writeShard(t *testing.T, dir string, s Shard) string {
	t.Helper()
	path := filepath.Join(dir, s.String()[:1]+".jsonl")
	h := testHeader(s)
	w, err := Create(path, h)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for _, i := range s.Games(h.Plan) {
		if err := w.Write(gameLine(h.Plan, i)); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

func TestRecordsMerge(t *testing.T) {
	dir := t.TempDir()
	var recs []*Record
	for i := range 3 {
		r, err := Read(writeShard(t, dir, Shard{Index: i, Count: 3}))
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	m, err := Merge(recs)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Games) != 6 || len(m.Missing) != 0 || m.MissingReport(10) != "" {
		t.Fatalf("%d games, missing %v", len(m.Games), m.Missing)
	}
	for i, g := range m.Games {
		if g.Index != i {
			t.Fatalf("game %d at %d: want plan order", g.Index, i)
		}
	}
	m, err = Merge(recs[:2])
	if err != nil {
		t.Fatal(err)
	}
	rep := m.MissingReport(10)
	if len(m.Missing) != 2 || !strings.Contains(rep, "shard 2/3 (no record given): 2 games missing") || !strings.Contains(rep, "game 5: b run 2 seed 3") {
		t.Fatalf("missing %v:\n%s", m.Missing, rep)
	}
}

func TestMergeRefusesOtherIdentities(t *testing.T) {
	for _, tt := range []struct {
		name   string
		change func(*Header)
		want   string
	}{
		{"runner", func(h *Header) { h.Build.RunnerSHA256 = SHA256([]byte("other")) }, "different builds"},
		{"plugin", func(h *Header) { h.Build.PluginSHA256 = map[string]string{"explore": SHA256([]byte("mine"))} }, "different builds"},
		{"config", func(h *Header) { h.ConfigSHA256 = SHA256([]byte("tuned")) }, "different configs"},
		{"worlds", func(h *Header) { h.Worlds[1].SHA256 = SHA256([]byte("c")); h.WorldSetSHA256 = WorldSetSHA256(h.Worlds) }, "different world sets"},
		{"seed", func(h *Header) { h.Plan.Seed = 2 }, "different plans"},
		{"params", func(h *Header) { h.Params = []Param{{Plugin: "explore", Name: "x", Values: []string{"1"}}} }, "different plans"},
		{"shards", func(h *Header) { h.Shard = Shard{Index: 0, Count: 2} }, "shards of 3 and of 2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, b := testHeader(Shard{0, 3}), testHeader(Shard{1, 3})
			if err := Compatible(a, b); err != nil {
				t.Fatalf("two shards of one plan: %v", err)
			}
			tt.change(&b)
			err := Compatible(a, b)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
			_, err = Merge([]*Record{{Path: "a", Header: a}, {Path: "b", Header: b}})
			if err == nil || !strings.Contains(err.Error(), "cannot merge b with a") {
				t.Fatalf("Merge: %v", err)
			}
		})
	}
}

// TestTornLineAndResume: a record whose writer was killed in the middle of
// a line reads back without that line, and appending first cuts it off.
func TestTornLineAndResume(t *testing.T) {
	dir := t.TempDir()
	path := writeShard(t, dir, Whole)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"schema_version":1,"kind":"game","ga`); err != nil {
		t.Fatal(err)
	}
	f.Close()
	r, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Torn || len(r.Lines) != 6 {
		t.Fatalf("torn %v, %d lines", r.Torn, len(r.Lines))
	}
	w, err := Append(r)
	if err != nil {
		t.Fatal(err)
	}
	failed := Line{SchemaVersion: SchemaVersion, Kind: KindFailed, Game: r.Header.Plan.Game(0), Error: "boom"}
	if err := w.Write(failed); err != nil {
		t.Fatal(err)
	}
	w.Close()
	r, err = Read(path)
	if err != nil || r.Torn || len(r.Lines) != 7 {
		t.Fatalf("after append: %v, torn %v, %d lines", err, r.Torn, len(r.Lines))
	}
	played, fails := r.Played()
	if len(played) != 6 || len(fails) != 0 {
		t.Fatalf("a failure after a success of the same game: played %d, failed %d", len(played), len(fails))
	}
	if _, err := Create(path, testHeader(Whole)); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("Create over an existing record: %v", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	h, _ := json.Marshal(func() Header { h := testHeader(Whole); h.SchemaVersion, h.Kind = SchemaVersion, KindHeader; return h }())
	for _, tt := range []struct{ name, in, want string }{
		{"empty", "", "empty record"},
		{"no header", `{"kind":"game"}` + "\n", "not a runner eval record"},
		{"other schema", strings.Replace(string(h), `"schema_version":1`, `"schema_version":9`, 1) + "\n", "record schema 9"},
		{"bad line", string(h) + "\n{\n", "f:2"},
		{"foreign game", string(h) + "\n" + `{"schema_version":1,"kind":"game","game":99}` + "\n", "not a game of shard"},
		{"wrong coordinates", string(h) + "\n" + `{"schema_version":1,"kind":"game","game":1,"run":2}` + "\n", "not a game of shard"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode("f", strings.NewReader(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want %q", err, tt.want)
			}
		})
	}
}

func FuzzDecode(f *testing.F) {
	h, _ := json.Marshal(func() Header { h := testHeader(Whole); h.SchemaVersion, h.Kind = SchemaVersion, KindHeader; return h }())
	l, _ := json.Marshal(gameLine(testHeader(Whole).Plan, 1))
	f.Add(string(h) + "\n" + string(l) + "\n")
	f.Add(string(h) + "\n" + string(l[:10]))
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Decode("f", strings.NewReader(s))
		if err != nil {
			return
		}
		m, err := Merge([]*Record{r})
		if err != nil {
			t.Fatalf("a record merges with itself: %v", err)
		}
		if len(m.Games)+len(m.Missing) != r.Header.Plan.Total() {
			t.Fatalf("%d games + %d missing of %d", len(m.Games), len(m.Missing), r.Header.Plan.Total())
		}
		_ = m.MissingReport(5)
	})
}
