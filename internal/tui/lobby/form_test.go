package lobby

import (
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/tycoon"
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

// Hotel Tycoon's form has its editions as one choice: the European
// edition fills the four options of T28 at once, changing one of them by
// hand makes the choice custom, and the rulebook sets them back.
func TestFormPresetFillsTheOptions(t *testing.T) {
	f := newForm([]engine.Kind{tycoon.Kind}, 0)
	if got, want := labels(f.fields), []string{"Seats", "Preset", "H face", "Land price", "Roll of 6", "Deeds", "Permit die", "Rent", "Rounds", "Clock", "Private"}; !slices.Equal(got, want) {
		t.Fatalf("Hotel Tycoon's form = %q, want %q", got, want)
	}
	preset := func(f form) string { return f.fields[1].value() }
	if got := preset(f); got != "rulebook" {
		t.Errorf("a new form's preset = %q, want rulebook", got)
	}
	f.at = 1
	f = f.step(1)
	if got, want := f.settings().Options, []string{"h=free", "landbuy=half", "six=again", "deeds=european"}; !slices.Equal(got, want) || preset(f) != "European edition" {
		t.Errorf("the European edition: options %q, preset %q; want %q, European edition", got, preset(f), want)
	}
	f.at = 2 // H back to half: no edition's any more
	if f = f.step(1); preset(f) != custom || !strings.Contains(f.fields[1].help, "one by one") {
		t.Errorf("H changed by hand: preset %q (help %q), want custom", preset(f), f.fields[1].help)
	}
	f.at = 8 // the rounds are no edition's: they stay
	f = f.step(1)
	f.at = 1
	if f = f.step(1); preset(f) != "rulebook" || !slices.Equal(f.settings().Options, []string{"rounds=10"}) {
		t.Errorf("the rulebook again: preset %q, options %q; want rulebook, rounds=10 alone", preset(f), f.settings().Options)
	}
	if f = f.step(-1); preset(f) != "European edition" {
		t.Errorf("the preset before the rulebook = %q, want the European edition (custom is never chosen)", preset(f))
	}
	for _, p := range tycoon.Kind.Presets { // each preset's options are the form's to set
		for _, kv := range p.Options {
			k, v, _ := strings.Cut(kv, "=")
			if !slices.ContainsFunc(tycoon.Kind.Options, func(o engine.Option) bool { return o.Key == k && slices.Contains(o.Values, v) }) {
				t.Errorf("preset %s: %s is not an option value the form offers", p.Name, kv)
			}
		}
	}
}
