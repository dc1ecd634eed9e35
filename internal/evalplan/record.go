package evalplan

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
)

// SchemaVersion is the version of the record format (header and game lines)
// and of the merged JSON; a reader refuses other versions.
const SchemaVersion = 1

// Line kinds.
const (
	KindHeader = "header"
	KindGame   = "game"
	KindFailed = "failed"
)

// Build identifies the programs that played the games: the runner (its
// module version, VCS stamp and the SHA-256 of its executable, which serves
// the built-in behaviors too) and each plugin binary.
type Build struct {
	Version      string `json:"version"`
	GoVersion    string `json:"go_version"`
	VCSRevision  string `json:"vcs_revision,omitempty"`
	VCSTime      string `json:"vcs_time,omitempty"`
	VCSModified  bool   `json:"vcs_modified,omitempty"`
	RunnerSHA256 string `json:"runner_sha256"`
	// PluginSHA256 maps each plugin to its binary's SHA-256, or to
	// "builtin" for a behavior the runner serves.
	PluginSHA256 map[string]string `json:"plugin_sha256"`
}

// ThisBuild returns the build identity of this process: build info from
// the Go toolchain, exe's SHA-256, and the plugins' binaries (name → path,
// or "builtin").
func ThisBuild(exe string, plugins map[string]string) (Build, error) {
	b := Build{Version: "(unknown)", PluginSHA256: map[string]string{}}
	if bi, ok := debug.ReadBuildInfo(); ok {
		b.Version, b.GoVersion = bi.Main.Version, bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				b.VCSRevision = s.Value
			case "vcs.time":
				b.VCSTime = s.Value
			case "vcs.modified":
				b.VCSModified = s.Value == "true"
			}
		}
	}
	var err error
	if b.RunnerSHA256, err = FileSHA256(exe); err != nil {
		return b, fmt.Errorf("hashing the runner: %w", err)
	}
	for name, path := range plugins {
		if path == "builtin" {
			b.PluginSHA256[name] = path
			continue
		}
		if b.PluginSHA256[name], err = FileSHA256(path); err != nil {
			return b, fmt.Errorf("hashing plugin %s: %w", name, err)
		}
	}
	return b, nil
}

// FileSHA256 is the hex SHA-256 of a file's bytes.
func FileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// SHA256 is the hex SHA-256 of b.
func SHA256(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// WorldID identifies one world of the plan by the hash of the model the
// simulator plays (so the same world at another path is the same world).
type WorldID struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
	// Source is where the world came from (a path, or the generator); not
	// part of the identity.
	Source string `json:"source,omitempty"`
}

// WorldSetSHA256 hashes the worlds' names and hashes, in plan order.
func WorldSetSHA256(ws []WorldID) string {
	var b strings.Builder
	for _, w := range ws {
		fmt.Fprintf(&b, "%s %s\n", w.Name, w.SHA256)
	}
	return SHA256([]byte(b.String()))
}

// Header is the first line of a record.
type Header struct {
	SchemaVersion int    `json:"schema_version"`
	Kind          string `json:"kind"`
	Build         Build  `json:"build"`
	// ConfigSHA256 hashes everything else a game depends on: the runner
	// config and the eval's settings (Settings).
	ConfigSHA256   string    `json:"config_sha256"`
	Worlds         []WorldID `json:"worlds"`
	WorldSetSHA256 string    `json:"world_set_sha256"`
	Plan           Plan      `json:"plan"`
	Params         []Param   `json:"params,omitempty"`
	Shard          Shard     `json:"shard"`
	// Settings are the eval settings the report prints (mode, budget,
	// noise), as the runner encodes them; ConfigSHA256 covers them.
	Settings json.RawMessage `json:"settings,omitempty"`
}

// check tells what is inconsistent in a header read back.
func (h Header) check() error {
	pts, err := Grid(h.Params)
	p := h.Plan
	switch {
	case err != nil:
		return err
	case p.Runs < 1 || p.Worlds < 1 || p.Points != len(pts) || p.Worlds != len(h.Worlds):
		return fmt.Errorf("plan %+v for %d worlds and %d parameter points", p, len(h.Worlds), len(pts))
	case p.Runs > MaxGames || p.Worlds > MaxGames || p.Runs*p.Worlds > MaxGames || p.Total() > MaxGames:
		return fmt.Errorf("a plan of over %d games", MaxGames)
	case h.Shard.Count < 1 || h.Shard.Index < 0 || h.Shard.Index >= h.Shard.Count:
		return fmt.Errorf("shard %d/%d", h.Shard.Index, h.Shard.Count)
	}
	return nil
}

// Points returns the plan's parameter points.
func (h Header) Points() []Point {
	pts, err := Grid(h.Params)
	if err != nil {
		return nil
	}
	return pts
}

// Line is one game of a record: played (KindGame, with the result as the
// runner encodes it) or failed (KindFailed, with the error).
type Line struct {
	SchemaVersion int    `json:"schema_version"`
	Kind          string `json:"kind"`
	Game
	Params map[string]string `json:"params,omitempty"`
	Error  string            `json:"error,omitempty"`
	Result json.RawMessage   `json:"result,omitempty"`
}

// Compatible reports why records with headers a and b cannot be merged (or
// one resumed with the other), or nil. Shard indices may differ.
func Compatible(a, b Header) error {
	enc := func(v any) string { j, _ := json.Marshal(v); return string(j) }
	switch {
	case a.SchemaVersion != b.SchemaVersion:
		return fmt.Errorf("record schema %d and %d", a.SchemaVersion, b.SchemaVersion)
	case enc(a.Build) != enc(b.Build):
		return fmt.Errorf("different builds: %s and %s", describeBuild(a.Build), describeBuild(b.Build))
	case a.ConfigSHA256 != b.ConfigSHA256:
		return fmt.Errorf("different configs or eval settings (config %.12s and %.12s)", a.ConfigSHA256, b.ConfigSHA256)
	case a.WorldSetSHA256 != b.WorldSetSHA256:
		return fmt.Errorf("different world sets: %s and %s", worldNames(a.Worlds), worldNames(b.Worlds))
	case enc(a.Plan) != enc(b.Plan) || enc(a.Params) != enc(b.Params):
		return fmt.Errorf("different plans: %d runs from seed %d over %s and %d runs from seed %d over %s",
			a.Plan.Runs, a.Plan.Seed, paramsString(a.Params), b.Plan.Runs, b.Plan.Seed, paramsString(b.Params))
	case a.Shard.Count != b.Shard.Count:
		return fmt.Errorf("shards of %d and of %d parts", a.Shard.Count, b.Shard.Count)
	}
	return nil
}

func describeBuild(b Build) string {
	rev := b.VCSRevision
	if rev == "" {
		rev = b.Version
	}
	if b.VCSModified {
		rev += "+modified"
	}
	s := fmt.Sprintf("runner %.12s (%.12s)", rev, b.RunnerSHA256)
	for _, n := range slices.Sorted(maps.Keys(b.PluginSHA256)) {
		s += fmt.Sprintf(" %s %.12s", n, b.PluginSHA256[n])
	}
	return s
}

func worldNames(ws []WorldID) string {
	names := make([]string, len(ws))
	for i, w := range ws {
		names[i] = w.Name + " " + w.SHA256[:min(8, len(w.SHA256))]
	}
	return "[" + strings.Join(names, ", ") + "]"
}

func paramsString(ps []Param) string {
	if len(ps) == 0 {
		return "no parameter sweep"
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Key() + "=" + strings.Join(p.Values, ",")
	}
	return strings.Join(parts, " ")
}

// Writer appends whole lines to a record: each line is one write(2) of the
// encoded line and its newline, followed by an fsync, so a shard killed at
// any moment leaves only whole lines behind it (a torn last line is possible
// only on a full disk or a failing file system, and readers drop it).
type Writer struct {
	mu   sync.Mutex
	f    *os.File
	path string
}

// Create starts a new record at path with its header; an existing file is
// an error (continue it with Resume instead).
func Create(path string, h Header) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("record %s exists: continue it with --resume %s, or remove it", path, path)
		}
		return nil, fmt.Errorf("record: %w", err)
	}
	w := &Writer{f: f, path: path}
	h.SchemaVersion, h.Kind = SchemaVersion, KindHeader
	if err := w.Write(h); err != nil {
		_ = f.Close()
		return nil, err
	}
	return w, nil
}

// Append opens the record r for appending, cutting a torn last line off
// first.
func Append(r *Record) (*Writer, error) {
	f, err := os.OpenFile(r.Path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	if r.Torn {
		if err := f.Truncate(r.size); err != nil {
			_ = f.Close()
			return nil, fmt.Errorf("record %s: cutting off its torn last line: %w", r.Path, err)
		}
	}
	return &Writer{f: f, path: r.Path}, nil
}

// Path is the record's file.
func (w *Writer) Path() string { return w.path }

// Write appends v, encoded as one JSON line, and syncs the file. It is safe
// for concurrent use.
func (w *Writer) Write(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("record %s: %w", w.path, err)
	}
	b = append(b, '\n')
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := w.f.Write(b); err != nil {
		return fmt.Errorf("record %s: %w", w.path, err)
	}
	if err := w.f.Sync(); err != nil {
		return fmt.Errorf("record %s: %w", w.path, err)
	}
	return nil
}

// Close closes the record.
func (w *Writer) Close() error { return w.f.Close() }

// Record is a record read back.
type Record struct {
	Path   string
	Header Header
	Lines  []Line
	// Torn tells that the file ended in a partial line (dropped).
	Torn bool
	size int64 // bytes of whole lines
}

// Read reads the record at path. A partial last line (a shard killed in
// the middle of a write) is dropped and flagged; any other bad line is an
// error naming the line.
func Read(path string) (*Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	defer f.Close()
	return Decode(path, f)
}

// Decode reads a record from r; name is used in errors.
func Decode(name string, r io.Reader) (*Record, error) {
	rec := &Record{Path: name}
	br := bufio.NewReaderSize(r, 1<<16)
	for n := 1; ; n++ {
		line, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if err == io.EOF {
			if len(bytes.TrimSpace(line)) > 0 {
				rec.Torn = true
			}
			break
		}
		rec.size += int64(len(line))
		if n == 1 {
			if err := json.Unmarshal(line, &rec.Header); err != nil || rec.Header.Kind != KindHeader {
				return nil, fmt.Errorf("%s:1: not a runner eval record (want a header line first)", name)
			}
			if rec.Header.SchemaVersion != SchemaVersion {
				return nil, fmt.Errorf("%s: record schema %d, this runner reads %d", name, rec.Header.SchemaVersion, SchemaVersion)
			}
			if err := rec.Header.check(); err != nil {
				return nil, fmt.Errorf("%s:1: inconsistent header: %v", name, err)
			}
			continue
		}
		var l Line
		if err := json.Unmarshal(line, &l); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		if l.SchemaVersion != SchemaVersion || (l.Kind != KindGame && l.Kind != KindFailed) {
			return nil, fmt.Errorf("%s:%d: not a game line (schema %d, kind %q)", name, n, l.SchemaVersion, l.Kind)
		}
		if l.Index < 0 || l.Index >= rec.Header.Plan.Total() || l.Game != rec.Header.Plan.Game(l.Index) || !rec.Header.Shard.Has(l.Index) {
			return nil, fmt.Errorf("%s:%d: game %d is not a game of shard %s of this plan", name, n, l.Index, rec.Header.Shard)
		}
		rec.Lines = append(rec.Lines, l)
	}
	if rec.size == 0 {
		return nil, fmt.Errorf("%s: empty record (no header line)", name)
	}
	return rec, nil
}

// Played returns the record's played games by index (the first line of a
// game wins) and its failed ones that were not played later.
func (r *Record) Played() (played, failed map[int]Line) {
	played, failed = map[int]Line{}, map[int]Line{}
	for _, l := range r.Lines {
		if l.Kind == KindGame {
			if _, dup := played[l.Index]; !dup {
				played[l.Index] = l
			}
			delete(failed, l.Index)
		} else if _, ok := played[l.Index]; !ok {
			failed[l.Index] = l
		}
	}
	return played, failed
}

// Merged is the union of compatible records.
type Merged struct {
	Header Header
	// Games are the played games in plan order.
	Games []Line
	// Missing are the plan's games no record has played, in plan order;
	// Failed holds the last error recorded for those that failed.
	Missing []Game
	Failed  map[int]string
	// Shards holds, per shard index, the files that were given for it.
	Shards map[int][]string
	// Count is the number of shards the records were parts of.
	Count int
}

// Merge merges records of one plan, refusing records of different builds,
// configs, world sets or plans.
func Merge(recs []*Record) (*Merged, error) {
	if len(recs) == 0 {
		return nil, fmt.Errorf("no records to merge")
	}
	first := recs[0]
	m := &Merged{Header: first.Header, Failed: map[int]string{}, Shards: map[int][]string{}, Count: first.Header.Shard.Count}
	m.Header.Shard = Whole
	played := map[int]Line{}
	for _, r := range recs {
		if err := Compatible(first.Header, r.Header); err != nil {
			return nil, fmt.Errorf("cannot merge %s with %s: %w", r.Path, first.Path, err)
		}
		m.Shards[r.Header.Shard.Index] = append(m.Shards[r.Header.Shard.Index], r.Path)
		p, f := r.Played()
		for i, l := range p {
			if _, dup := played[i]; !dup {
				played[i] = l
			}
		}
		for i, l := range f {
			m.Failed[i] = l.Error
		}
	}
	for i := range m.Header.Plan.Total() {
		if l, ok := played[i]; ok {
			m.Games = append(m.Games, l)
			delete(m.Failed, i)
		} else {
			m.Missing = append(m.Missing, m.Header.Plan.Game(i))
		}
	}
	return m, nil
}

// MissingReport describes the missing games, grouped by shard, for a
// person: which shard to run again and which games it lacks.
func (m *Merged) MissingReport(limit int) string {
	if len(m.Missing) == 0 {
		return ""
	}
	n := m.Count
	byShard := map[int][]Game{}
	for _, g := range m.Missing {
		s := g.Index % n
		byShard[s] = append(byShard[s], g)
	}
	pts := m.Header.Points()
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d games missing:\n", len(m.Missing), m.Header.Plan.Total())
	shards := slices.Sorted(maps.Keys(byShard))
	shown := 0
	for _, s := range shards {
		gs := byShard[s]
		files := "no record given"
		if fs := m.Shards[s]; len(fs) > 0 {
			files = strings.Join(fs, ", ")
		}
		fmt.Fprintf(&b, "  shard %d/%d (%s): %d games missing; replay them with the same eval command and --shard %d/%d --resume FILE\n", s, n, files, len(gs), s, n)
		for _, g := range gs {
			if shown >= limit {
				break
			}
			shown++
			w := m.Header.Worlds[g.World].Name
			fmt.Fprintf(&b, "    game %d: %s run %d seed %d", g.Index, w, g.Run, g.Seed)
			if g.Point < len(pts) && len(pts[g.Point]) > 0 {
				fmt.Fprintf(&b, " %s", pts[g.Point])
			}
			if e, ok := m.Failed[g.Index]; ok {
				fmt.Fprintf(&b, ": failed: %s", e)
			}
			b.WriteByte('\n')
		}
	}
	if shown < len(m.Missing) {
		fmt.Fprintf(&b, "  … and %d more\n", len(m.Missing)-shown)
	}
	return b.String()
}
