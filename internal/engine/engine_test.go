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

// Format and Append write a score in its unit alike, thousands separated.
func TestUnitFormat(t *testing.T) {
	for _, c := range []struct {
		u    Unit
		n    int
		want string
	}{
		{Dollars, 0, "$0"}, {Dollars, 999, "$999"}, {Dollars, 1000, "$1,000"},
		{Dollars, 12300, "$12,300"}, {Dollars, 1234567, "$1,234,567"}, {Dollars, -6300, "-$6,300"},
		{Points, 1, "1 point"}, {Points, -1, "-1 point"}, {Points, 150, "150 points"}, {Points, -2500, "-2,500 points"},
	} {
		if got := c.u.Format(c.n); got != c.want {
			t.Errorf("Format(%d) = %q, want %q", c.n, got, c.want)
		}
		if got := string(c.u.Append([]byte("x"), c.n)); got != "x"+c.want {
			t.Errorf("Append(x, %d) = %q, want %q", c.n, got, "x"+c.want)
		}
	}
}
