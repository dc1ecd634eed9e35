package worldgen

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
	"github.com/rescuekit/rescuekit/internal/sharedtest"
	"github.com/rescuekit/rescuekit/sim/world"
)

// wbtShape is what a .wbt file looks like to Erebus's loader: its
// EXTERNPROTOs, the DEF names of its top-level nodes in order, and for each
// node of the PROTOs of interest the names of the fields it sets, in order.
type wbtShape struct {
	protos []string
	defs   []string
	fields map[string][][]string // PROTO → one field list per node
}

var (
	reOpen  = regexp.MustCompile(`^\s*(?:DEF (\S+) )?([A-Za-z_][A-Za-z0-9_]*) \{\s*$`)
	reField = regexp.MustCompile(`^\s*([a-z][A-Za-z0-9]*)\s`)
	reProto = regexp.MustCompile(`^\s*EXTERNPROTO "\.\./protos/([A-Za-z0-9_]+)\.proto"`)
)

// shapeOf reads the shape of a .wbt text whose nodes open on a line of
// their own, as Erebus's and rescuekit's writers write them.
func shapeOf(t *testing.T, src []byte, of ...string) wbtShape {
	t.Helper()
	sh := wbtShape{fields: map[string][][]string{}}
	type open struct {
		typ   string
		depth int
	}
	var stack []open
	depth := 0
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := reProto.FindStringSubmatch(line); m != nil {
			sh.protos = append(sh.protos, m[1])
			continue
		}
		if m := reOpen.FindStringSubmatch(line); m != nil {
			if depth == 0 && m[1] != "" {
				sh.defs = append(sh.defs, m[1])
			}
			depth++
			stack = append(stack, open{m[2], depth})
			if slices.Contains(of, m[2]) {
				sh.fields[m[2]] = append(sh.fields[m[2]], nil)
			}
			continue
		}
		if len(stack) > 0 {
			top := stack[len(stack)-1]
			if m := reField.FindStringSubmatch(line); m != nil && top.depth == depth && slices.Contains(of, top.typ) {
				l := sh.fields[top.typ]
				l[len(l)-1] = append(l[len(l)-1], m[1])
			}
		}
		depth += strings.Count(line, "{") - strings.Count(line, "}")
		for len(stack) > 0 && stack[len(stack)-1].depth > depth {
			stack = stack[:len(stack)-1]
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return sh
}

// protoFields reads the field names a PROTO file declares.
func protoFields(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^\s*field\s+\S+\s+(\S+)`)
	var out []string
	for _, m := range re.FindAllStringSubmatch(string(b), -1) {
		out = append(out, m[1])
	}
	return out
}

// TestWriteV26LikeShipped compares a generated v26.1 world field by field
// with the v26.1 worlds Erebus ships (../shared/erebus/v26/worlds): the same
// EXTERNPROTOs in the same order (world3.wbt with fakes, world1.wbt
// without), the same top-level DEF groups in the same order, and every
// CognitiveTarget, Fake and Victim node setting the same fields in the same
// order as the shipped ones, each a field the v26.1 PROTO declares
// (../shared/erebus/v26/protos).
func TestWriteV26LikeShipped(t *testing.T) {
	dir := sharedtest.Path(t, "erebus", "v26")
	of := []string{"CognitiveTarget", "Fake", "Victim"}
	read := func(name string) wbtShape {
		b, err := os.ReadFile(filepath.Join(dir, "worlds", name+".wbt"))
		if err != nil {
			t.Fatal(err)
		}
		return shapeOf(t, b, of...)
	}
	withFakes, without := read("world3"), read("world1")
	gen := func(o Options) wbtShape {
		w, err := Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Write(&b, w); err != nil {
			t.Fatal(err)
		}
		return shapeOf(t, b.Bytes(), of...)
	}
	cases := []struct {
		name    string
		got     wbtShape
		shipped wbtShape
	}{
		{"with fakes like world3", gen(Options{Seed: 5, Cols: 8, Rows: 6, Rules: erebus.V26}), withFakes},
		{"without fakes like world1", gen(Options{Seed: 5, Cols: 8, Rows: 6, Fakes: -1, Rules: erebus.V26}), without},
	}
	// The fields a shipped node sets, per PROTO (all shipped nodes agree).
	want := map[string][]string{}
	for _, f := range []string{"world1", "world2", "world3", "world4", "mapping_example_1", "NewPassages"} {
		for proto, nodes := range read(f).fields {
			for _, fl := range nodes {
				if w, ok := want[proto]; ok && !slices.Equal(w, fl) {
					t.Fatalf("%s: shipped %s nodes disagree: %v and %v", f, proto, w, fl)
				}
				want[proto] = fl
			}
		}
	}
	declared := map[string][]string{}
	for _, p := range of {
		declared[p] = protoFields(t, filepath.Join(dir, "protos", p+".proto"))
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if !slices.Equal(tc.got.protos, tc.shipped.protos) {
				t.Errorf("EXTERNPROTOs %v, shipped %v", tc.got.protos, tc.shipped.protos)
			}
			if !slices.Equal(tc.got.defs, tc.shipped.defs) {
				t.Errorf("top-level DEFs %v, shipped %v", tc.got.defs, tc.shipped.defs)
			}
			for _, p := range of {
				nodes := tc.got.fields[p]
				if len(tc.shipped.fields[p]) > 0 && len(nodes) == 0 {
					t.Errorf("no %s node written", p)
				}
				for _, fl := range nodes {
					if !slices.Equal(fl, want[p]) {
						t.Errorf("%s sets %v, the shipped ones %v", p, fl, want[p])
					}
					for _, f := range fl {
						if !slices.Contains(declared[p], f) {
							t.Errorf("%s field %s is not declared in %s.proto (%v)", p, f, p, declared[p])
						}
					}
				}
			}
		})
	}
}

// TestGenerateV26Targets checks the generated targets and fakes: every
// target's code is five ring letters (the pattern MainSupervisor.py v26
// l.198-209 keeps), the valid ones sum to their letter and the fake targets
// outside 0..3 (Victim.py v26 l.235-247), fakes are phi, psi or omega
// (Fake.proto l.11-21); Erebus v26.1's MapAnswer rule leaves the fake
// targets and the fakes out of the answer (v26 §6).
func TestGenerateV26Targets(t *testing.T) {
	valid, invalid, fakes := 0, 0, 0
	for seed := int64(0); seed < 40; seed++ {
		w, err := Generate(Options{Seed: seed, Cols: 8, Rows: 8, Rules: erebus.V26})
		if err != nil {
			t.Fatal(err)
		}
		p := roundTrip(t, w)
		if p.Rules.Version != erebus.V26 {
			t.Fatalf("seed %d: version %q", seed, p.Rules.Version)
		}
		letters := map[byte]int{}
		for _, s := range p.Signs {
			if s.Kind != world.Hazard {
				letters[s.Letter]++
				continue
			}
			if !s.Target || s.Blank || !erebus.ValidTargetCode(s.Type) {
				t.Fatalf("seed %d: target %+v", seed, s)
			}
			if l, ok := erebus.TargetLetter(s.Type); ok {
				valid++
				letters[l]++
			} else {
				invalid++
			}
		}
		for _, f := range p.Fakes {
			if !slices.Contains(world.FakeTypes, f.Type) {
				t.Fatalf("seed %d: fake type %q", seed, f.Type)
			}
			fakes++
		}
		// The answer's letters are the valid signs' letters, nothing else.
		got := map[byte]int{}
		for _, row := range world.Answer(p) {
			for _, c := range row {
				for i := 0; i < len(c); i++ {
					if erebus.ValidLetter(c[i]) {
						got[c[i]]++
					}
				}
			}
		}
		for l, n := range letters {
			if got[l] > n {
				t.Errorf("seed %d: %d %c in the answer, %d signs", seed, got[l], l, n)
			}
		}
	}
	if valid == 0 || invalid == 0 || fakes == 0 {
		t.Errorf("%d valid targets, %d invalid, %d fakes over 40 seeds; want some of each", valid, invalid, fakes)
	}
}
