// Package evalplan splits a `runner eval` into games that can be played
// anywhere and merged: the plan (parameter points × worlds × runs, in one
// canonical order), the shards (disjoint parts of the plan, read from a
// flag or from Slurm's and Kubernetes' environment), and the record a shard
// writes (JSON Lines, one whole line per game, with the build, config and
// world-set identity in a header) that merge and resume read back.
//
// A game is identified by its index in the plan, so games played on
// different machines merge into the exact order the unsharded eval uses.
package evalplan

import (
	"fmt"
	"strconv"
	"strings"
)

// Param is one swept parameter: plugin Plugin's parameter Name takes each of
// Values in turn (`--param plugin.name=v1,v2,...`).
type Param struct {
	Plugin string   `json:"plugin"`
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// Key is the parameter's "plugin.name".
func (p Param) Key() string { return p.Plugin + "." + p.Name }

// ParseParam parses "plugin.name=v1,v2,...". Values are kept as written (the
// plugin parses them); an empty value or a repeated one is an error.
func ParseParam(s string) (Param, error) {
	key, vals, ok := strings.Cut(s, "=")
	plugin, name, ok2 := strings.Cut(key, ".")
	if !ok || !ok2 || plugin == "" || name == "" || vals == "" {
		return Param{}, fmt.Errorf("--param %q: want PLUGIN.NAME=V1,V2,..., e.g. explore.max_range=0.4,0.45", s)
	}
	p := Param{Plugin: plugin, Name: name}
	seen := map[string]bool{}
	for v := range strings.SplitSeq(vals, ",") {
		v = strings.TrimSpace(v)
		if v == "" {
			return Param{}, fmt.Errorf("--param %q: an empty value", s)
		}
		if seen[v] {
			return Param{}, fmt.Errorf("--param %q: value %q given twice", s, v)
		}
		seen[v] = true
		p.Values = append(p.Values, v)
	}
	return p, nil
}

// MaxGames bounds the games (and parameter points) of a plan.
const MaxGames = 1 << 24

// Setting is one parameter's value at a point of the grid.
type Setting struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Point is one point of the parameter grid: a value for each swept
// parameter, in the order the parameters were given.
type Point []Setting

// String is "explore.max_range=0.4 explore.edge_cost=0.3", or "defaults"
// for the point of an eval without a sweep.
func (p Point) String() string {
	if len(p) == 0 {
		return "defaults"
	}
	parts := make([]string, len(p))
	for i, s := range p {
		parts[i] = s.Key + "=" + s.Value
	}
	return strings.Join(parts, " ")
}

// Grid returns every point of the grid the parameters span, the first
// parameter varying slowest. With no parameters it is one empty point (the
// config's own values). A key given twice is an error.
func Grid(params []Param) ([]Point, error) {
	seen := map[string]bool{}
	n := 1
	for _, p := range params {
		if n *= max(len(p.Values), 1); n > MaxGames {
			return nil, fmt.Errorf("a parameter grid of over %d points", MaxGames)
		}
		if seen[p.Key()] {
			return nil, fmt.Errorf("--param %s given twice: give all its values in one --param", p.Key())
		}
		seen[p.Key()] = true
	}
	points := []Point{{}}
	for _, p := range params {
		next := make([]Point, 0, len(points)*len(p.Values))
		for _, pt := range points {
			for _, v := range p.Values {
				q := append(Point{}, pt...)
				next = append(next, append(q, Setting{Key: p.Key(), Value: v}))
			}
		}
		points = next
	}
	return points, nil
}

// Plan is the set of games an eval plays: every parameter point × world ×
// run. Run r of a world plays with seed Seed+r.
type Plan struct {
	Points int   `json:"points"`
	Worlds int   `json:"worlds"`
	Runs   int   `json:"runs"`
	Seed   int64 `json:"seed"`
}

// Game is one game of a plan.
type Game struct {
	Index int   `json:"game"`
	Point int   `json:"point"`
	World int   `json:"world"`
	Run   int   `json:"run"`
	Seed  int64 `json:"seed"`
}

// Total is the number of games of the plan.
func (p Plan) Total() int { return p.Points * p.Worlds * p.Runs }

// Game returns game i of the plan (0 ≤ i < Total): the canonical order is
// point, then world, then run.
func (p Plan) Game(i int) Game {
	run := i % p.Runs
	w := (i / p.Runs) % p.Worlds
	pt := i / (p.Runs * p.Worlds)
	return Game{Index: i, Point: pt, World: w, Run: run, Seed: p.Seed + int64(run)}
}

// Shard is part Index (0-based) of Count disjoint parts of a plan.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Whole is the shard that is the whole plan.
var Whole = Shard{Index: 0, Count: 1}

// String is "I/N".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Has tells whether game i belongs to the shard. Games are dealt round the
// shards (game i to shard i mod N), so every shard gets a share of every
// world and parameter point, and shards take about the same time.
func (s Shard) Has(i int) bool { return i%s.Count == s.Index }

// Games lists the indices of the plan's games in the shard.
func (s Shard) Games(p Plan) []int {
	var out []int
	for i := s.Index; i < p.Total(); i += s.Count {
		out = append(out, i)
	}
	return out
}

// ParseShard parses "I/N" with 0 ≤ I < N.
func ParseShard(v string) (Shard, error) {
	a, b, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("--shard %q: want I/N (0 ≤ I < N), e.g. 0/4, or auto (from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX)", v)
	}
	return newShard(i, n, "--shard "+v)
}

func newShard(i, n int, from string) (Shard, error) {
	if n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("%s: shard %d of %d: want 0 ≤ I < N", from, i, n)
	}
	return Shard{Index: i, Count: n}, nil
}

// EnvCompletions is the variable a Kubernetes Indexed Job's manifest sets to
// its completions count (Kubernetes gives the index, JOB_COMPLETION_INDEX,
// but not the count).
const EnvCompletions = "JOB_COMPLETIONS"

// ShardFromEnv reads the shard from a cluster engine's environment: a Slurm
// job array (SLURM_ARRAY_TASK_ID, with SLURM_ARRAY_TASK_COUNT or
// SLURM_ARRAY_TASK_MIN/MAX: the array's lowest task is shard 0), or a
// Kubernetes Indexed Job (JOB_COMPLETION_INDEX with JOB_COMPLETIONS).
func ShardFromEnv(getenv func(string) string) (Shard, error) {
	num := func(k string) (int, bool, error) {
		v := getenv(k)
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, true, fmt.Errorf("%s=%q: not a number", k, v)
		}
		return n, true, nil
	}
	if id, ok, err := num("SLURM_ARRAY_TASK_ID"); ok || err != nil {
		if err != nil {
			return Shard{}, err
		}
		lo, okLo, err := num("SLURM_ARRAY_TASK_MIN")
		if err != nil {
			return Shard{}, err
		}
		hi, okHi, err := num("SLURM_ARRAY_TASK_MAX")
		if err != nil {
			return Shard{}, err
		}
		count, okCount, err := num("SLURM_ARRAY_TASK_COUNT")
		if err != nil {
			return Shard{}, err
		}
		if !okLo {
			lo = 0
		}
		switch {
		case okLo && okHi && okCount && count != hi-lo+1:
			return Shard{}, fmt.Errorf("the Slurm array %d-%d has %d tasks: give the array as a plain range (--array=0-%d), not with a step or a list", lo, hi, count, count-1)
		case okCount:
		case okHi:
			count = hi - lo + 1
		default:
			return Shard{}, fmt.Errorf("SLURM_ARRAY_TASK_ID=%d without SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MAX: give --shard I/N", id)
		}
		return newShard(id-lo, count, "Slurm array task")
	}
	if idx, ok, err := num("JOB_COMPLETION_INDEX"); ok || err != nil {
		if err != nil {
			return Shard{}, err
		}
		n, ok, err := num(EnvCompletions)
		if err != nil {
			return Shard{}, err
		}
		if !ok {
			return Shard{}, fmt.Errorf("JOB_COMPLETION_INDEX=%d without %s: set %s to the Job's completions in the manifest, or give --shard I/N", idx, EnvCompletions, EnvCompletions)
		}
		return newShard(idx, n, "Kubernetes Indexed Job")
	}
	return Shard{}, fmt.Errorf("--shard auto: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set: give --shard I/N")
}
