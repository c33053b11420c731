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
