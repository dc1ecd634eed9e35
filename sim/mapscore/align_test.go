package mapscore

import (
	"errors"
	"reflect"
	"testing"
)

func TestAlign(t *testing.T) {
	answer := [][]string{
		{"1", "1", "1"},
		{"1", "5", "0"},
		{"1", "1", "1"},
	}
	cases := []struct {
		name string
		sub  [][]string
		want [][]string
	}{
		{"same", answer, answer},
		{"padded with zeros", [][]string{
			{"0", "0", "0", "0"},
			{"0", "1", "1", "1"},
			{"0", "1", "5", "0"},
			{"0", "1", "1", "1"},
		}, answer},
		{"shorter: zeros where it does not reach", [][]string{
			{"1", "5"},
		}, [][]string{{"0", "0", "0"}, {"1", "5", "0"}, {"0", "0", "0"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Align(answer, tc.sub)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Align = %v, want %v", got, tc.want)
			}
			// Aligned, the map scores as Score scores the original.
			a, _ := Score(answer, tc.sub)
			b, _ := Score(answer, got)
			if a != b {
				t.Errorf("aligned map scores %v, the original %v", b, a)
			}
		})
	}
	if _, err := Align(answer, [][]string{{"1"}}); !errors.Is(err, ErrNoStart) {
		t.Errorf("no start: %v", err)
	}
}
