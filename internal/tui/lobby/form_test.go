package lobby

import (
	"slices"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

// dice is a game with no rule sets, for forms that host several games.
var dice = engine.Kind{Name: "dice", Title: "Dice", MinSeats: 2, MaxSeats: 3,
	Deal: func(string, []string, []string, uint64) (engine.Game, string, error) { return nil, "", nil }}

func labels(fs []field) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.label)
	}
	return out
}

// The new-room form starts with the game when the server hosts several;
// choosing another game rebuilds the form from its kind: no rules field
// for a game with no rule sets, its own seats, no options it lacks.
func TestFormChoosesTheGame(t *testing.T) {
	one := newForm([]engine.Kind{acquire.Kind}, 0)
	if got, want := labels(one.fields), []string{"Rules", "Seats", "Holdings", "Hand", "Clock", "Private"}; !slices.Equal(got, want) {
		t.Errorf("one game's form = %q, want %q", got, want)
	}
	f := newForm([]engine.Kind{acquire.Kind, dice}, 0)
	if got, want := labels(f.fields), []string{"Game", "Rules", "Seats", "Holdings", "Hand", "Clock", "Private"}; !slices.Equal(got, want) {
		t.Errorf("two games' form = %q, want %q", got, want)
	}
	if s := f.settings(); s.Game != "acquire" || s.Rules != "modern" || s.Seats != 4 {
		t.Errorf("Acquire's settings = %+v", s)
	}
	f = f.step(1) // the game field is focused: Dice
	if got, want := labels(f.fields), []string{"Game", "Seats", "Clock", "Private"}; !slices.Equal(got, want) || f.at != 0 {
		t.Errorf("Dice's form = %q focused on %d, want %q focused on the game", got, f.at, want)
	}
	if s := f.settings(); s.Game != "dice" || s.Rules != "" || s.Seats != 3 {
		t.Errorf("Dice's settings = %+v; want dice, no rules, 3 seats (its most)", s)
	}
	if f = f.step(1); f.kind.Name != "acquire" {
		t.Errorf("stepping on from Dice chose %q, want acquire again", f.kind.Name)
	}

	r := newRankedForm([]engine.Kind{acquire.Kind, dice}, 1)
	if got, want := labels(r.fields), []string{"Game", "Fewest players", "Most players"}; !slices.Equal(got, want) {
		t.Errorf("Dice's ranked form = %q, want %q", got, want)
	}
	if lo, hi := r.players(); r.rules() != "" || lo != 3 || hi != 3 {
		t.Errorf("Dice's ranked form asks rules %q, %d to %d players; want none, 3 to 3", r.rules(), lo, hi)
	}
	if r = r.step(-1); r.kind.Name != "acquire" || r.rules() != "modern" {
		t.Errorf("the ranked form's previous game = %q rules %q, want acquire modern", r.kind.Name, r.rules())
	}
}
