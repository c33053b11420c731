package holiday_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
	holidayscreen "hotels/internal/tui/holiday"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// engineLegal is the engine's list of seat's legal actions as text, sorted.
func engineLegal(g *holiday.Game, seat engine.Seat) []string {
	var out []string
	for _, a := range g.Legal(seat) {
		out = append(out, a.(holiday.Action).String())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// keysFor is what a player types for the action text, on a screen that has
// just shown v: the cursor starts on the first card.
func keysFor(v *holiday.View, text string) []string {
	f := strings.Fields(text)
	letters := func(names []string) []string {
		var out []string
		for _, n := range names {
			out = append(out, strings.ToLower(n[:1]))
		}
		return out
	}
	to := func(k holiday.Card) []string {
		var out []string
		for range slices.Index(v.Hand, k) {
			out = append(out, "down")
		}
		return append(out, "enter")
	}
	switch f[0] {
	case "take":
		return append(letters(f[1:]), "enter")
	case "option":
		return append(append([]string{"o"}, letters(f[1:])...), "enter")
	case "card":
		k, _ := holiday.ParseCard(f[1])
		return to(k)
	case "raise":
		return append(to(holiday.Raise), letters(f[1:])...)
	case "exchange":
		return append(append(to(holiday.Exchange), letters(f[1:])...), "enter")
	}
	return []string{"p"} // pass
}

// The screen offers exactly the engine's legal actions: its own list agrees
// with the engine's at every decision of many random games, and every
// legal action's keys send exactly its text; a seat whose decision is not
// due, and a watcher, are offered nothing.
func TestKeysMakeLegalActions(t *testing.T) {
	acts := map[string]int{}
	for seed := range uint64(12) {
		rng := rand.New(rand.NewPCG(seed, 2))
		g, _ := tryGame(seed, func(*holiday.Game) bool { return true })
		for !g.Over() {
			seat, _ := g.ToMove()
			v := g.ViewFor(seat)
			want := engineLegal(g, seat)
			if got := holidayscreen.Legal(v); !slices.Equal(got, want) {
				t.Fatalf("seed %d, %s: screen offers %q, engine allows %q", seed, v.Due, got, want)
			}
			for _, text := range append([]string{"pass", "exchange", "take", "option", "take Alps Alps", "card Alps-1", "raise USA"}, want...) {
				if got := holidayscreen.Allowed(v, text); got != slices.Contains(want, text) {
					t.Fatalf("seed %d, %s: %q allowed %v, engine allows %q", seed, v.Due, text, got, want)
				}
			}
			if got := holidayscreen.Legal(g.ViewFor(engine.Watcher)); got != nil {
				t.Fatalf("a watcher is offered %q", got)
			}
			if got := holidayscreen.Legal(g.ViewFor((seat + 1) % 4)); got != nil {
				t.Fatalf("a seat whose turn it is not is offered %q", got)
			}
			for _, text := range want {
				s, _ := holidayscreen.New(theme.DefaultStyles()).Show(v)
				var r room.Reply
				keys := keysFor(v, text)
				for i, k := range keys {
					s, r = s.Key(tuitest.Key(k), room.At{You: seat, Mine: true})
					if r.Problem || (r.Act != "") != (i == len(keys)-1) {
						t.Fatalf("seed %d, %s: keys %q for %q: after %q reply %+v", seed, v.Due, keys, text, k, r)
					}
				}
				if r.Act != text {
					t.Fatalf("seed %d: keys %q sent %q, want %q", seed, keys, r.Act, text)
				}
				acts[strings.Fields(text)[0]]++
			}
			a, _ := g.RandomAction(int(seat), rng)
			if err := g.Do(int(seat), a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, verb := range []string{"take", "option", "card", "raise", "exchange", "pass"} {
		if acts[verb] == 0 {
			t.Errorf("no %s action met: the test games are too few", verb)
		}
	}
}

// Keys that ask for what the rules forbid send nothing and say why; a
// take's shares may be typed in any order.
func TestRefusals(t *testing.T) {
	take := game(t, 1, due(0, holiday.PhaseTake))
	play := find(t, func(g *holiday.Game) bool {
		return due(0, holiday.PhasePlay)(g) && holds(g, 0, holiday.Exchange) && !holds(g, 0, holiday.Raise) && g.Options(0) == 0 &&
			unheld(g) != holiday.NoCompany
	})
	final := find(t, due(0, holiday.PhaseFinal))
	// The Exchange card is play's last (it holds no Raise), and a company
	// whose share alice does not hold to give.
	_, n := play.Hand(0)
	c := unheld(play)
	giveUnheld := strings.Repeat("down ", n-1) + "enter " + strings.ToLower(c.String()[:1])
	tests := []struct {
		name string
		g    *holiday.Game
		keys string
		say  string
		act  string // the action sent by the last key, if any
	}{
		{"a third share", take, "a a a", "2 shares at most", ""},
		{"too few shares", take, "a enter", "Type the letters of 2 shares to take first", ""},
		{"pass before the final round", take, "p", "Only in the final round may you pass", ""},
		{"a take in any order", take, "u a enter", "", "take Alps USA"},
		{"no option card left", play, "o", "You have no option card left", ""},
		{"give a share not held", play, giveUnheld, fmt.Sprintf("You hold no %s share to give", c), ""},
		{"an option card in the final round", final, "o", "No option card may be used in the final round", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := holidayscreen.New(theme.DefaultStyles()).Show(tt.g.ViewFor(0))
			var r room.Reply
			for _, k := range strings.Fields(tt.keys) {
				s, r = s.Key(tuitest.Key(k), room.At{You: 0, Mine: true})
				if r.Act != tt.act && !(r.Act == "" && k != "enter") {
					t.Fatalf("key %q sent %q, want %q", k, r.Act, tt.act)
				}
			}
			if r.Act != tt.act {
				t.Errorf("sent %q, want %q", r.Act, tt.act)
			}
			if tt.say != "" && (!r.Problem || !strings.Contains(r.Say, tt.say)) {
				t.Errorf("reply %+v, want a problem saying %q", r, tt.say)
			}
		})
	}
}

// unheld returns a company alice holds no share of, or NoCompany.
func unheld(g *holiday.Game) holiday.Company {
	for c := range holiday.Company(holiday.Companies) {
		if g.Shares(0, c) == 0 {
			return c
		}
	}
	return holiday.NoCompany
}

// A card's value is its company's, counted on the longest chain whether or
// not the card is in it (H15): a short chain beside a long one keeps the
// long one's value.
func TestCardValue(t *testing.T) {
	g := find(t, func(g *holiday.Game) bool {
		if !due(0, holiday.PhasePlay)(g) {
			return false
		}
		h, n := g.Hand(0)
		for _, k := range h[:n] {
			if k.IsDestination() && g.Value(k.Company()) > 0 && g.ChainWith(k.Company(), k.Number()) < g.Longest(k.Company()) {
				return true
			}
		}
		return false
	})
	v := g.ViewFor(0)
	s, _ := holidayscreen.New(theme.DefaultStyles()).Show(v)
	at := room.At{You: 0, Mine: true}
	for _, k := range v.Hand {
		if k.IsDestination() {
			after := *g
			if err := after.Do(0, holiday.Action{Verb: holiday.Play, Card: k, A: holiday.NoCompany, B: holiday.NoCompany}); err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprintf("%s: %s chain through it %d, value %d", k, k.Company().Possessive(), g.ChainWith(k.Company(), k.Number()), after.Value(k.Company()))
			if line := s.Decision(80, at)[1]; !strings.HasPrefix(line, want) {
				t.Errorf("%q, want %q as the engine counts it", line, want)
			}
		}
		s, _ = s.Key(tuitest.Key("down"), at)
	}
}
