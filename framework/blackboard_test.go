package framework

import (
	"bytes"
	"strings"
	"testing"
)

func TestBlackboardLimits(t *testing.T) {
	for _, tc := range []struct {
		name    string
		writes  []int // sizes of keys k0, k1, … written one Write each
		wantErr []string
		wantIn  int // keys present after
	}{
		{name: "at the value limit", writes: []int{MaxBlackboardValue}, wantIn: 1},
		{name: "over the value limit", writes: []int{MaxBlackboardValue + 1},
			wantErr: []string{`plugin explore: key "k0": a value of 262145 bytes is over the limit of 262144 bytes per value`}},
		{name: "10 MB once", writes: []int{10 << 20}, wantErr: []string{"10485760 bytes is over the limit"}},
		{name: "450 KiB × 10: each over the value limit", writes: []int{450 << 10, 450 << 10}, wantErr: []string{`key "k0"`, `key "k1"`}},
		{name: "total", writes: []int{MaxBlackboardValue, MaxBlackboardValue, MaxBlackboardValue, MaxBlackboardValue},
			wantErr: []string{`plugin explore: key "k3": a value of 262144 bytes would make the blackboard 1048584 bytes, over its limit of 1048576`}, wantIn: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBlackboard()
			keys := []string{"k0", "k1", "k2", "k3"}
			if err := b.Declare("explore", keys); err != nil {
				t.Fatal(err)
			}
			var errs []string
			for i, n := range tc.writes {
				if err := b.Write("explore", map[string][]byte{keys[i]: bytes.Repeat([]byte{'x'}, n)}); err != nil {
					errs = append(errs, err.Error())
				}
			}
			all := strings.Join(errs, "\n")
			for _, w := range tc.wantErr {
				if !strings.Contains(all, w) {
					t.Errorf("errors %q lack %q", all, w)
				}
			}
			if len(tc.wantErr) == 0 && all != "" {
				t.Errorf("unexpected errors: %s", all)
			}
			if got := len(b.Keys()); got != tc.wantIn {
				t.Errorf("%d keys present, want %d", got, tc.wantIn)
			}
			if b.Size() > MaxBlackboardTotal {
				t.Errorf("size %d over the total limit", b.Size())
			}
		})
	}
}

// TestBlackboardSizeTracksDeletes: deleting and replacing keys frees room.
func TestBlackboardSizeTracksDeletes(t *testing.T) {
	b := NewBlackboard()
	_ = b.Declare("p", []string{"a", "b"})
	big := bytes.Repeat([]byte{1}, MaxBlackboardValue)
	for range 10 {
		if err := b.Write("p", map[string][]byte{"a": big, "b": big}); err != nil {
			t.Fatal(err)
		}
		if err := b.Write("p", map[string][]byte{"a": nil}); err != nil {
			t.Fatal(err)
		}
	}
	if want := 1 + MaxBlackboardValue; b.Size() != want {
		t.Errorf("size %d, want %d", b.Size(), want)
	}
}

func TestBlackboardOwners(t *testing.T) {
	b := NewBlackboard()
	if err := b.Own("explore", "map"); err != nil {
		t.Fatal(err)
	}
	if err := b.Own("report", "map"); err == nil || !strings.Contains(err.Error(), "both plugin explore and plugin report") {
		t.Errorf("a key given twice: %v", err)
	}
	if err := b.Declare("explore", []string{"map", "signs"}); err != nil {
		t.Fatal(err)
	}
	err := b.Declare("victimdetect", []string{"map", "signs", "seen"})
	for _, w := range []string{`plugin victimdetect declares key "map", which plugin explore owns (the config gives it the key`,
		`plugin victimdetect declares key "signs", which plugin explore owns (it declared the key first)`} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("second declarer: %v, want %q", err, w)
		}
	}
	if err := b.Write("victimdetect", map[string][]byte{"map": []byte("evil"), "seen": []byte("1")}); err == nil || !strings.Contains(err.Error(), `may not write ["map"]`) {
		t.Errorf("the second declarer's write: %v", err)
	}
	if b.Get("map") != nil || string(b.Get("seen")) != "1" {
		t.Errorf("map %q seen %q", b.Get("map"), b.Get("seen"))
	}
	if err := b.Write("explore", map[string][]byte{"map": []byte("m")}); err != nil {
		t.Fatal(err)
	}
	// A restart redeclares: the owner keeps its keys.
	if err := b.Declare("explore", []string{"map"}); err != nil {
		t.Fatal(err)
	}
	if o, _ := b.Owner("signs"); o != "explore" {
		t.Errorf("signs owned by %q", o)
	}
}

func TestConfigBlackboardKeys(t *testing.T) {
	_, err := ParseConfig([]byte(`plugins:
  explore: {cmd: builtin, drives: [explore], blackboard_keys: [map]}
  report: {cmd: builtin, drives: [report], blackboard_keys: [map]}
  exit: {cmd: builtin, drives: [exit]}
`))
	if err == nil || !strings.Contains(err.Error(), `plugins.report.blackboard_keys: key "map" is already plugin explore's`) {
		t.Errorf("key given to two plugins: %v", err)
	}
}
