package nav

import (
	"testing"

	"github.com/rescuekit/rescuekit/erebus"
)

// TestNewRulesWatch: the "rules" parameter names a version or auto (v26.1
// assumed until the GPS tells; behaviors/exit TestRulesFromGPSNoise plays
// the detection), anything else is an error; the zero watch plays v26.1.
func TestNewRulesWatch(t *testing.T) {
	for _, c := range []struct {
		param   string
		want    erebus.Version
		wantObs bool
		wantErr bool
	}{
		{"auto", erebus.V26, false, false},
		{" AUTO ", erebus.V26, false, false},
		{"v25", erebus.V25, false, false},
		{"v26", erebus.V26, true, false},
		{"v24", "", false, true},
		{"", "", false, true},
	} {
		w, err := NewRulesWatch(c.param)
		if (err != nil) != c.wantErr {
			t.Errorf("%q: error %v, want error %v", c.param, err, c.wantErr)
			continue
		}
		if err != nil {
			continue
		}
		if got := w.Rules().Version; got != c.want || w.ObstaclesInAnswer() != c.wantObs {
			t.Errorf("%q: rules %v, obstacles in the answer %v; want %v, %v", c.param, got, w.ObstaclesInAnswer(), c.want, c.wantObs)
		}
	}
	var w RulesWatch
	if w.Rules().Version != erebus.V26 {
		t.Errorf("zero watch: rules %v, want v26.1", w.Rules().Version)
	}
}
