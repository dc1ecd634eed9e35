package geom

import (
	"encoding/json"
	"math"
	"testing"
)

func TestVec2(t *testing.T) {
	a, b := Vec2{X: 3, Z: -4}, Vec2{X: -1, Z: 2}
	for _, tc := range []struct {
		name      string
		got, want Vec2
	}{
		{"Add", a.Add(b), Vec2{2, -2}},
		{"Sub", a.Sub(b), Vec2{4, -6}},
		{"Scale", a.Scale(-0.5), Vec2{-1.5, 2}},
		{"Scale0", a.Scale(0), Vec2{}},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"Dot", a.Dot(b), -11},
		{"Len", a.Len(), 5},
		{"LenZero", Vec2{}.Len(), 0},
		{"Dist", a.Dist(b), math.Sqrt(52)},
		{"DistSelf", a.Dist(a), 0},
		{"DistSymmetric", a.Dist(b) - b.Dist(a), 0},
	} {
		if math.Abs(tc.got-tc.want) > 1e-12 {
			t.Errorf("%s = %g, want %g", tc.name, tc.got, tc.want)
		}
	}
}

// TestVec2JSON pins the JSON field names: the world model (world show
// --json), recordings and run reports serialise Vec2 as {"x", "z"}.
func TestVec2JSON(t *testing.T) {
	b, err := json.Marshal(Vec2{X: 0.5, Z: -1.25})
	if err != nil || string(b) != `{"x":0.5,"z":-1.25}` {
		t.Fatalf("Marshal = %s, %v", b, err)
	}
	var v Vec2
	if err := json.Unmarshal([]byte(`{"x":-2,"z":3}`), &v); err != nil || v != (Vec2{-2, 3}) {
		t.Fatalf("Unmarshal = %v, %v", v, err)
	}
}

func TestSegmentDist(t *testing.T) {
	a, b := Vec2{X: 0, Z: 0}, Vec2{X: 2, Z: 0}
	for _, c := range []struct {
		name string
		p    Vec2
		a, b Vec2
		want float64
	}{
		{"beside the middle", Vec2{X: 1, Z: 0.5}, a, b, 0.5},
		{"beyond b", Vec2{X: 5, Z: 4}, a, b, 5},
		{"before a", Vec2{X: -3, Z: 0}, a, b, 3},
		{"on the segment", Vec2{X: 1.5, Z: 0}, a, b, 0},
		{"a point segment", Vec2{X: 3, Z: 4}, a, a, 5},
	} {
		if got := SegmentDist(c.p, c.a, c.b); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: SegmentDist = %v, want %v", c.name, got, c.want)
		}
	}
}
