package engine

import (
	"slices"
	"testing"
)

// A preset is named when the options hold all of its own, the rest kept.
func TestKindPreset(t *testing.T) {
	k := Kind{Presets: []Preset{
		{Name: "rulebook", Options: []string{"a=1", "b=1"}},
		{Name: "European edition", Options: []string{"a=2", "b=2"}},
	}}
	for _, c := range []struct {
		options []string
		name    string
		rest    []string
	}{
		{[]string{"b=2", "r=30", "a=2"}, "European edition", []string{"r=30"}},
		{[]string{"a=1", "b=1"}, "rulebook", nil},
		{[]string{"a=2", "b=1", "r=30"}, "", []string{"a=2", "b=1", "r=30"}},
		{nil, "", nil},
	} {
		name, rest := k.Preset(c.options)
		if name != c.name || !slices.Equal(rest, c.rest) {
			t.Errorf("Preset(%v) = %q, %v; want %q, %v", c.options, name, rest, c.name, c.rest)
		}
	}
}

// Rank puts the best score first, equal scores sharing a place in the
// order they came.
func TestRank(t *testing.T) {
	st := []Standing{{Seat: 0, Score: 10}, {Seat: 1, Score: 30}, {Seat: 2, Score: 10}, {Seat: 3, Score: 30}, {Seat: 4, Score: -5}}
	Rank(st)
	var got [][2]int // seat, place
	for _, s := range st {
		got = append(got, [2]int{int(s.Seat), s.Place})
	}
	if want := [][2]int{{1, 1}, {3, 1}, {0, 3}, {2, 3}, {4, 5}}; !slices.Equal(got, want) {
		t.Errorf("Rank = %v, want %v", got, want)
	}
}
