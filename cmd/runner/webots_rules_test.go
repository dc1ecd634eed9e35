package main

import (
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
)

func TestWebotsRules(t *testing.T) {
	for _, tc := range []struct {
		flag string
		want erebus.Version
		err  string
	}{
		{"", erebus.V26, ""},
		{"v25", erebus.V25, ""},
		{"26", erebus.V26, ""},
		{"v27", "", "--rules"},
	} {
		r, err := webotsRules(tc.flag)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one naming %s", tc.flag, err, tc.err)
			}
			continue
		}
		if err != nil || r.Version != tc.want {
			t.Errorf("%q: %v %v, want %s", tc.flag, r.Version, err, tc.want)
		}
	}
}
