package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/internal/bench"
	"github.com/rescuekit/rescuekit/internal/game"
)

// validate checks doc against the JSON Schema subset docs/schema/ uses:
// type, properties, required, additionalProperties, items, propertyNames,
// pattern, enum, const, minimum, and $ref to another file of docs/schema/
// ("run.schema.json#/properties/runner": the file beside, then a JSON
// pointer). It returns every violation, by path.
func validate(schema map[string]any, doc any, path string) []string {
	var errs []string
	bad := func(format string, a ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, a...)) }
	if ref, ok := schema["$ref"].(string); ok {
		target, err := resolveRef(ref)
		if err != nil {
			bad("%v", err)
			return errs
		}
		return validate(target, doc, path)
	}
	if t, ok := schema["type"]; ok {
		var types []string
		switch t := t.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				types = append(types, x.(string))
			}
		}
		if !slices.Contains(types, jsonType(doc)) && !(jsonType(doc) == "integer" && slices.Contains(types, "number")) {
			bad("type %s, want %v", jsonType(doc), types)
			return errs
		}
	}
	if c, ok := schema["const"]; ok && fmt.Sprint(c) != fmt.Sprint(doc) {
		bad("%v, want %v", doc, c)
	}
	if e, ok := schema["enum"].([]any); ok && !slices.ContainsFunc(e, func(x any) bool { return fmt.Sprint(x) == fmt.Sprint(doc) }) {
		bad("%v is none of %v", doc, e)
	}
	if m, ok := schema["minimum"].(float64); ok {
		if f, isNum := doc.(float64); isNum && f < m {
			bad("%v below the minimum %v", f, m)
		}
	}
	if p, ok := schema["pattern"].(string); ok {
		if s, isStr := doc.(string); isStr && !regexp.MustCompile(p).MatchString(s) {
			bad("%q does not match %s", s, p)
		}
	}
	switch d := doc.(type) {
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		for _, r := range asSlice(schema["required"]) {
			if _, ok := d[r.(string)]; !ok {
				bad("required field %q missing", r)
			}
		}
		pn, _ := schema["propertyNames"].(map[string]any)
		for k, v := range d {
			if pn != nil {
				errs = append(errs, validate(pn, k, path+"."+k+"(name)")...)
			}
			if ps, ok := props[k].(map[string]any); ok {
				errs = append(errs, validate(ps, v, path+"."+k)...)
				continue
			}
			switch ap := schema["additionalProperties"].(type) {
			case bool:
				if !ap {
					bad("field %q is not in the schema", k)
				}
			case map[string]any:
				errs = append(errs, validate(ap, v, path+"."+k)...)
			}
		}
	case []any:
		if is, ok := schema["items"].(map[string]any); ok {
			for i, v := range d {
				errs = append(errs, validate(is, v, fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	}
	return errs
}

// resolveRef returns the schema a $ref names: FILE#/a/b is the member b of
// the member a of the schema in docs/schema/FILE.
func resolveRef(ref string) (map[string]any, error) {
	file, pointer, _ := strings.Cut(ref, "#")
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "schema", file))
	if err != nil {
		return nil, fmt.Errorf("$ref %s: %w", ref, err)
	}
	var cur any
	if err := json.Unmarshal(b, &cur); err != nil {
		return nil, fmt.Errorf("$ref %s: %w", ref, err)
	}
	for _, part := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		if part == "" {
			continue
		}
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("$ref %s: %q is not in an object", ref, part)
		}
		if cur, ok = m[part]; !ok {
			return nil, fmt.Errorf("$ref %s: no %q", ref, part)
		}
	}
	m, ok := cur.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("$ref %s: not a schema", ref)
	}
	return m, nil
}

func asSlice(v any) []any { s, _ := v.([]any); return s }

func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if v == math.Trunc(v) {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

func loadSchema(t *testing.T, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "schema", name))
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

func checkAgainst(t *testing.T, schema string, out []byte) {
	t.Helper()
	var doc any
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, e := range validate(loadSchema(t, schema), doc, "$") {
		t.Error(e)
	}
}

func TestValidatorCatchesViolations(t *testing.T) {
	s := loadSchema(t, "bench.schema.json")
	for name, doc := range map[string]string{
		"camel case":             `{"schema_version":1,"Ping":{}}`,
		"missing field":          `{"schema_version":1}`,
		"wrong type":             `{"schema_version":"1","ping":{"n":1,"median_ns":1,"p99_ns":1}}`,
		"wrong version":          `{"schema_version":2}`,
		"fraction where integer": `{"schema_version":1,"steps_builtin":1.5}`,
	} {
		var d any
		if err := json.Unmarshal([]byte(doc), &d); err != nil {
			t.Fatal(err)
		}
		if errs := validate(s, d, "$"); len(errs) == 0 {
			t.Errorf("%s: %s passed the schema", name, doc)
		}
	}
}

// TestRunJSONMatchesSchema plays a game with run --json and validates the
// output against docs/schema/run.schema.json: snake_case keys, a
// schema_version, the plugins that played with their SHA-256.
func TestRunJSONMatchesSchema(t *testing.T) {
	out, err := runRoot(t, "run", "--json", "--world", smallWorld(), "--log-level", "error")
	if err != nil {
		t.Fatal(err)
	}
	checkAgainst(t, "run.schema.json", []byte(out))
	var o runOutput
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatal(err)
	}
	if o.SchemaVersion != SchemaVersion || len(o.PluginsPlayed) != 4 {
		t.Errorf("schema_version %d, %d plugins played", o.SchemaVersion, len(o.PluginsPlayed))
	}
	for _, p := range o.PluginsPlayed {
		if len(p.SHA256) != 64 || p.Version == "" {
			t.Errorf("played %+v: want a version and a SHA-256", p)
		}
	}
}

// TestEvalJSONMatchesSchema validates eval --json and eval merge --json
// against docs/schema/eval.schema.json: a plain eval with a plugin binary
// of its own and noise, and a sweep (points and ranking rows) whose record
// eval merge reads back.
func TestEvalJSONMatchesSchema(t *testing.T) {
	config, bin := teamConfig(t)
	out := mustRun(t, "eval", "--json", "--config", config, "--worlds", smallWorld(), "--runs", "1", "--log-level", "error")
	checkAgainst(t, "eval.schema.json", []byte(out))
	var e evalJSON
	if err := json.Unmarshal([]byte(out), &e); err != nil {
		t.Fatal(err)
	}
	sum, err := fileSHA256(bin)
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	self, err := fileSHA256(exe)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]pluginInfo{
		"explore":      {Name: "explore", Path: bin, Version: "1.0.0", SHA256: sum},
		"victimdetect": {Name: "victimdetect", Path: "builtin", Version: "1.0.0", SHA256: self},
	}
	if len(e.PluginsPlayed) != 4 {
		t.Errorf("plugins_played %+v, want the config's 4", e.PluginsPlayed)
	}
	for _, p := range e.PluginsPlayed {
		if w, ok := want[p.Name]; ok && p != w {
			t.Errorf("played %+v, want %+v", p, w)
		}
	}
	if e.Noise == nil || e.Noise.GPS != game.DefaultNoise.GPS {
		t.Errorf("noise %+v, want eval's default noise", e.Noise)
	}

	rec := filepath.Join(t.TempDir(), "sweep.jsonl")
	sweep := mustRun(t, "eval", "--json", "--generate", "1", "--generate-size", "4x4", "--runs", "1", "--in-process",
		"--param", "explore.max_wheel=4,5", "--out", rec, "--log-level", "error")
	checkAgainst(t, "eval.schema.json", []byte(sweep))
	merged := mustRun(t, "eval", "merge", "--json", rec)
	checkAgainst(t, "eval.schema.json", []byte(merged))
	if merged != sweep {
		t.Errorf("eval merge --json of the record differs from the eval's own JSON")
	}
	if !strings.Contains(sweep, `"points"`) || !strings.Contains(sweep, `"rank"`) {
		t.Errorf("the sweep's JSON has no points:\n%.400s", sweep)
	}
	if strings.Contains(sweep, "00000000001") || strings.Contains(sweep, "99999999999") {
		t.Errorf("the sweep's JSON has unrounded numbers")
	}
}

// TestEvalSchemaCatchesViolations: the eval schema refuses a game whose
// runner summary (checked through its $ref to the run schema) or noise has
// a CamelCase key, and an eval without plugins_played.
func TestEvalSchemaCatchesViolations(t *testing.T) {
	s := loadSchema(t, "eval.schema.json")
	ok := `{"schema_version":1,"mode":"lockstep","budget_ms":8,"table":[],"plugins_played":[],"games":[{"game":0,"point":0,"world":"w","seed":1,"runner":%s,"referee":{},"events":null,"max_score":1,"signs":0}]%s}`
	for _, c := range []struct{ doc, want string }{
		{fmt.Sprintf(ok, `{"SimTime":1}`, ""), `$.games[0].runner.SimTime(name)`},
		{fmt.Sprintf(ok, `{}`, `,"noise":{"GPS":0.001}`), `$.noise: field "GPS"`},
		{strings.Replace(fmt.Sprintf(ok, `{}`, ""), `"plugins_played":[],`, "", 1), `"plugins_played" missing`},
	} {
		var d any
		if err := json.Unmarshal([]byte(c.doc), &d); err != nil {
			t.Fatalf("%s: %v", c.doc, err)
		}
		if errs := strings.Join(validate(s, d, "$"), "\n"); !strings.Contains(errs, c.want) {
			t.Errorf("%s: want a violation %s, got:\n%s", c.doc, c.want, errs)
		}
	}
}

// TestEvalSchemaRefsResolve checks that every $ref of the eval schema names
// a schema, so a mistyped reference cannot pass by validating nothing.
func TestEvalSchemaRefsResolve(t *testing.T) {
	var refs []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if r, ok := v["$ref"].(string); ok {
				refs = append(refs, r)
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(loadSchema(t, "eval.schema.json"))
	if len(refs) == 0 {
		t.Fatal("no $ref in eval.schema.json")
	}
	for _, r := range refs {
		if _, err := resolveRef(r); err != nil {
			t.Error(err)
		}
	}
	if _, err := resolveRef("run.schema.json#/properties/nothing"); err == nil {
		t.Error("a $ref to nothing resolved")
	}
}

func TestDescribeJSONMatchesSchema(t *testing.T) {
	out, err := runRoot(t, "plugins", "describe", "builtin:explore")
	if err != nil {
		t.Fatal(err)
	}
	checkAgainst(t, "describe.schema.json", []byte(out))
}

func TestBenchJSONMatchesSchema(t *testing.T) {
	var b bytes.Buffer
	rep := bench.Report{StepsBuiltins: 3, Ping: bench.Stats{N: 2, Median: 1500, P99: 2500}}
	if err := writeJSONOut(&b, benchOutput{SchemaVersion: SchemaVersion, Report: rep}); err != nil {
		t.Fatal(err)
	}
	checkAgainst(t, "bench.schema.json", b.Bytes())
}

func TestRoundNumbers(t *testing.T) {
	for in, want := range map[string]string{
		`{"max_score":467.50000000000006}`:             `{"max_score":467.5}`,
		`[108.09600000000001,-0.30000000000000004]`:    `[108.096,-0.3]`,
		`{"ns":1529235855,"n":-3}`:                     `{"ns":1529235855,"n":-3}`,
		`{"s":"467.50000000000006 \"1.00000000001\""}`: `{"s":"467.50000000000006 \"1.00000000001\""}`,
		`[1e-12,2.5e3]`:                                `[0,2500]`,
	} {
		if got := string(roundNumbers([]byte(in))); got != want {
			t.Errorf("roundNumbers(%s) = %s, want %s", in, got, want)
		}
	}
}

// FuzzRoundNumbers checks that rounding keeps valid JSON valid, with the
// same structure.
func FuzzRoundNumbers(f *testing.F) {
	f.Add([]byte(`{"a":[1.25,"x\"1.5",{"b":-2e-3}],"c":true}`))
	f.Add([]byte(`[467.50000000000006]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var before any
		if json.Unmarshal(b, &before) != nil {
			return
		}
		var after any
		if err := json.Unmarshal(roundNumbers(b), &after); err != nil {
			t.Fatalf("%s became invalid: %v (%s)", b, err, roundNumbers(b))
		}
		if strings.Count(fmt.Sprint(before), "map[") != strings.Count(fmt.Sprint(after), "map[") {
			t.Errorf("structure changed: %v → %v", before, after)
		}
	})
}
