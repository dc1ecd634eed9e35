package victimdetect

import (
	"testing"

	"github.com/rescuekit/rescuekit/geom"
	"github.com/rescuekit/rescuekit/signs"
)

// TestGlimpsed: a sign-like picture merged glimpseLooks times and never
// classified is published as glimpsed (signs.KeyGlimpsed), so that explore
// looks at its face closely; one seen fewer times, one classified and one
// no report may name are not.
func TestGlimpsed(t *testing.T) {
	d := New().(*Detect)
	at := func(x float64) Detection {
		return Detection{Pos: geom.Vec2{X: x, Z: 0.1}, Normal: geom.Vec2{X: -1}, Sigma: 0.005, Snapped: true}
	}
	for range glimpseLooks {
		d.tr.add(at(0.2), 1, nil, false) // glimpsed
	}
	for range glimpseLooks - 1 {
		d.tr.add(at(0.5), 1, nil, false) // seen too few times
	}
	for range glimpseLooks {
		c := at(0.8)
		c.Letter = 'H'
		d.tr.add(c, 1, nil, false) // classified
		f := at(1.1)
		f.NotSign = true
		d.tr.add(f, 1, nil, false) // a fake
	}
	got, err := signs.DecodeGlimpses(d.glimpsed())
	if err != nil || len(got) != 1 || got[0].Pos.Dist(geom.Vec2{X: 0.2, Z: 0.1}) > 1e-3 || got[0].Normal != (geom.Vec2{X: -1}) {
		t.Fatalf("glimpsed %v, %v; want the one at (0.2, 0.1) facing −X", got, err)
	}
}
