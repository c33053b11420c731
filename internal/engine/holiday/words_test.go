package holiday_test

import (
	"testing"

	"hotels/internal/engine/holiday"
)

// A company's name as an owner takes an apostrophe alone after an s.
func TestPossessive(t *testing.T) {
	for _, c := range []struct {
		name, want string
	}{
		{"Tropics", "Tropics'"}, {"Alps", "Alps'"}, {"Cities", "Cities'"},
		{"USA", "USA's"}, {"Mediterranean", "Mediterranean's"},
	} {
		co, err := holiday.ParseCompany(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := co.Possessive(); got != c.want {
			t.Errorf("%s.Possessive() = %q, want %q", c.name, got, c.want)
		}
	}
}
