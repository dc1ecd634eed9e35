package evalplan

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestShardsPartitionThePlan(t *testing.T) {
	for _, p := range []Plan{{Points: 1, Worlds: 1, Runs: 1}, {Points: 1, Worlds: 4, Runs: 3}, {Points: 3, Worlds: 2, Runs: 5, Seed: 7}} {
		for _, n := range []int{1, 2, 3, 4, 7, 50} {
			t.Run(fmt.Sprintf("%d×%d×%d/%d", p.Points, p.Worlds, p.Runs, n), func(t *testing.T) {
				seen := make([]int, p.Total())
				for i := range n {
					s := Shard{Index: i, Count: n}
					for _, g := range s.Games(p) {
						if !s.Has(g) {
							t.Fatalf("shard %s lists game %d it does not have", s, g)
						}
						seen[g]++
					}
				}
				for g, k := range seen {
					if k != 1 {
						t.Fatalf("game %d is in %d shards, want exactly 1", g, k)
					}
					gm := p.Game(g)
					if back := (gm.Point*p.Worlds+gm.World)*p.Runs + gm.Run; back != g || gm.Seed != p.Seed+int64(gm.Run) {
						t.Fatalf("game %d: %+v", g, gm)
					}
				}
			})
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/4", Shard{0, 4}, ""}, {"3/4", Shard{3, 4}, ""}, {"0/1", Whole, ""},
		{"4/4", Shard{}, "0 ≤ I < N"}, {"-1/4", Shard{}, "0 ≤ I < N"}, {"1/0", Shard{}, "0 ≤ I < N"},
		{"1", Shard{}, "want I/N"}, {"a/b", Shard{}, "want I/N"}, {"", Shard{}, "want I/N"},
	} {
		got, err := ParseShard(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseShard(%q) = %v, %v; want error %q", tt.in, got, err, tt.err)
			}
		} else if err != nil || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestShardFromEnv(t *testing.T) {
	for _, tt := range []struct {
		name string
		env  map[string]string
		want Shard
		err  string
	}{
		{"slurm count", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3"}, Shard{2, 4}, ""},
		{"slurm 1-based", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "8"}, Shard{0, 8}, ""},
		{"slurm step", map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "12"}, Shard{}, "plain range"},
		{"slurm no count", map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, Shard{}, "give --shard I/N"},
		{"slurm bad", map[string]string{"SLURM_ARRAY_TASK_ID": "x"}, Shard{}, "not a number"},
		{"k8s", map[string]string{"JOB_COMPLETION_INDEX": "5", EnvCompletions: "6"}, Shard{5, 6}, ""},
		{"k8s no count", map[string]string{"JOB_COMPLETION_INDEX": "5"}, Shard{}, EnvCompletions},
		{"k8s out of range", map[string]string{"JOB_COMPLETION_INDEX": "6", EnvCompletions: "6"}, Shard{}, "0 ≤ I < N"},
		{"none", map[string]string{}, Shard{}, "neither"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ShardFromEnv(func(k string) string { return tt.env[k] })
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %v, %v; want error %q", got, err, tt.err)
				}
			} else if err != nil || got != tt.want {
				t.Fatalf("got %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

func TestParseParamAndGrid(t *testing.T) {
	for _, tt := range []struct{ in, err string }{
		{"explore", "want PLUGIN.NAME"}, {"explore.max_range", "want PLUGIN.NAME"}, {".x=1", "want PLUGIN.NAME"},
		{"explore.=1", "want PLUGIN.NAME"}, {"explore.x=1,,2", "empty value"}, {"explore.x=1,1", "given twice"},
	} {
		if _, err := ParseParam(tt.in); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseParam(%q): %v, want %q", tt.in, err, tt.err)
		}
	}
	a, err := ParseParam("explore.max_range=0.4, 0.45")
	if err != nil || a.Key() != "explore.max_range" || !slices.Equal(a.Values, []string{"0.4", "0.45"}) {
		t.Fatalf("%+v %v", a, err)
	}
	b, _ := ParseParam("report.every=1,2,3")
	pts, err := Grid([]Param{a, b})
	if err != nil || len(pts) != 6 || pts[0].String() != "explore.max_range=0.4 report.every=1" || pts[5].String() != "explore.max_range=0.45 report.every=3" {
		t.Fatalf("grid %v %v", pts, err)
	}
	if _, err := Grid([]Param{a, a}); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("a key given twice: %v", err)
	}
	if pts, _ := Grid(nil); len(pts) != 1 || pts[0].String() != "defaults" {
		t.Errorf("no sweep: %v", pts)
	}
}

func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"0/4", "3/4", "x", "1/0", "/", "-1/-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err == nil && (sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count) {
			t.Fatalf("ParseShard(%q) = %v without an error", s, sh)
		}
	})
}

func FuzzParseParam(f *testing.F) {
	for _, s := range []string{"explore.max_range=0.4,0.45", "a.b=", "=", "a.b=1,1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseParam(s)
		if err == nil && (p.Plugin == "" || p.Name == "" || len(p.Values) == 0) {
			t.Fatalf("ParseParam(%q) = %+v without an error", s, p)
		}
	})
}

// ExampleShard_Games deals the 12 games of 4 worlds × 3 runs to 4 shards:
// every shard plays a part of every world.
func ExampleShard_Games() {
	p := Plan{Points: 1, Worlds: 4, Runs: 3, Seed: 1}
	for i := range 4 {
		s := Shard{Index: i, Count: 4}
		fmt.Print(s, ":")
		for _, g := range s.Games(p) {
			gm := p.Game(g)
			fmt.Printf(" w%d/seed%d", gm.World, gm.Seed)
		}
		fmt.Println()
	}
	// Output:
	// 0/4: w0/seed1 w1/seed2 w2/seed3
	// 1/4: w0/seed2 w1/seed3 w3/seed1
	// 2/4: w0/seed3 w2/seed1 w3/seed2
	// 3/4: w1/seed1 w2/seed2 w3/seed3
}
