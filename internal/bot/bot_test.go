package bot_test

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/bot"
	"hotels/internal/engine"
)

// pick is a bot that plays the first legal action, or panics if told to.
type pick struct{ panics bool }

func (p pick) Choose(g engine.Game, seat engine.Seat) (a engine.Action) {
	defer bot.Guard(g, seat, rand.New(rand.NewPCG(1, 2)), &a)
	if p.panics {
		panic("a bug")
	}
	return g.Legal(seat)[0]
}

// oneMove is a game where seat 0 chooses between two actions.
type oneMove struct{ engine.Game }

type word string

func (w word) String() string { return string(w) }

func (oneMove) Legal(seat engine.Seat) []engine.Action {
	if seat != 0 {
		return nil
	}
	return []engine.Action{word("left"), word("right")}
}

func TestByLevel(t *testing.T) {
	levels := []bot.Level{
		{ID: "easy", How: "random legal moves", New: func(*rand.Rand) bot.Bot { return pick{} }},
		{ID: "hard", How: "searches ahead", New: func(*rand.Rand) bot.Bot { return pick{panics: true} }},
	}
	b, err := bot.ByLevel(levels, "hard", nil)
	if err != nil || b != (pick{panics: true}) {
		t.Errorf(`ByLevel("hard") = %v, %v; want the hard bot`, b, err)
	}
	if _, err := bot.ByLevel(levels, "expert", nil); err == nil || err.Error() != `bot: unknown level "expert": want easy, hard` {
		t.Errorf(`ByLevel("expert") error = %v, want one naming easy and hard`, err)
	}
}

func TestGuard(t *testing.T) {
	before := bot.Faults()
	if a := (pick{}).Choose(oneMove{}, 0); a == nil || a.String() != "left" {
		t.Errorf("a working bot chose %v, want left", a)
	}
	if bot.Faults() != before {
		t.Errorf("Faults moved from %d to %d without a panic", before, bot.Faults())
	}
	a := (pick{panics: true}).Choose(oneMove{}, 0)
	if a == nil || (a.String() != "left" && a.String() != "right") {
		t.Errorf("a panicking bot chose %v, want a legal action", a)
	}
	if bot.Faults() != before+1 {
		t.Errorf("Faults = %d after one panic, want %d", bot.Faults(), before+1)
	}
}
