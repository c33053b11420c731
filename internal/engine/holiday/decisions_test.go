package holiday

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
)

func TestD1_ForcedSteps(t *testing.T) {
	for _, tc := range []struct {
		name, picture string
		due           string // who is due once the forced steps are done
		check         func(g *Game) bool
	}{
		{"D1 a lone destination card is played", `
seats ann bob
hand ann Alps-3
hand bob USA-1 USA-2 USA-3 USA-4 USA-5
options ann 0
turn ann play 0`, "bob take", func(g *Game) bool { return g.Suitcase(Alps, 3) }},
		{"D1 an exchange when nothing can be swapped", `
seats ann bob
hand ann Exchange
hand bob USA-1 USA-2 USA-3 USA-4 USA-5
options ann 0
turn ann play 1`, "bob take", func(g *Game) bool { return g.HandCount(0) == 0 }},
		{"D1 a 1-share take", `
seats ann bob
hand ann Alps-3 Alps-4
hand bob USA-1 USA-2 USA-3 USA-4 USA-5
shares bob Alps 20 Mediterranean 20 Tropics 20 Cities 20 USA 19
options ann 0`, "ann play 0", func(g *Game) bool { return g.Shares(0, USA) == 1 }},
		{"D1 a 0-share take", `
seats ann bob
hand ann Alps-3 Alps-4
hand bob USA-1 USA-2 USA-3 USA-4 USA-5
shares bob Alps 20 Mediterranean 20 Tropics 20 Cities 20 USA 20
options ann 0`, "ann play 0", func(g *Game) bool { return g.bankTotal() == 0 }},
		{"D1 an option card counts as a legal action", `
seats ann bob
hand ann Alps-3 Alps-4
hand bob USA-1 USA-2 USA-3 USA-4 USA-5
shares bob Alps 20 Mediterranean 20 Tropics 20 Cities 20 USA 19
options ann 1`, "ann take", func(g *Game) bool {
			return slices.Equal(legal(g), []string{"take USA", "option USA"})
		}},
		{"D1 a final-round pass with no card to play", `
seats ann bob
hand ann Exchange
hand bob Cities-1
coup bob
turn ann final`, "bob final", func(g *Game) bool { return g.HandCount(0) == 1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := position(t, tc.picture)
			if due(g) != tc.due || !tc.check(g) {
				t.Errorf("%s due, want %s; or the forced step was not applied", due(g), tc.due)
			}
		})
	}
}

func TestD2_OptionTiming(t *testing.T) {
	g := position(t, `
seats ann bob
`+annTen+`
`+bobTen)
	has := func(want bool, when string) {
		t.Helper()
		if got := slices.Contains(legal(g), "option Alps Alps"); got != want {
			t.Errorf("D2: %s: option legal %v, want %v", when, got, want)
		}
	}
	has(true, "before the take")
	do(t, g, "ann", "take USA USA")
	has(true, "after the take")
	do(t, g, "ann", "card Alps-1")
	has(true, "between the cards")
	do(t, g, "ann", "card Alps-2")
	if due(g) != "bob take" || g.Options(0) != 2 {
		t.Errorf("D2: after the last play %s is due, want bob: no option after it", due(g))
	}
	// The special round: only before the take, which ends the turn.
	s := position(t, `
seats ann bob
hand bob Cities-1
coup ann
turn bob special`)
	if got := legal(s); !slices.Contains(got, "option Alps Alps") {
		t.Errorf("D2: no option before the special take: %v", got)
	}
	do(t, s, "bob", "take Alps Alps")
	if due(s) != "bob final" {
		t.Errorf("D2: %s due after the special take", due(s))
	}
	// A hand empty after the take ends the turn at the take.
	e := position(t, `
seats ann bob
hand bob USA-1 USA-2 USA-3 USA-4 USA-5
stock Alps-9`)
	do(t, e, "ann", "take Alps Alps")
	if due(e) != "bob take" || e.Options(0) != 2 || e.HandCount(0) != 1 {
		t.Errorf("D2: ann's empty hand: %s due, ann has %d options and %d cards; want bob, 2, and the draw", due(e), e.Options(0), e.HandCount(0))
	}
}

func TestD3_FewSharesInTheBank(t *testing.T) {
	g := position(t, `
seats ann bob
`+annTen+`
`+bobTen+`
shares bob Alps 20 Mediterranean 20 Tropics 20 Cities 20 USA 19`)
	refused(t, g, "ann", "take USA USA", "D3", "name exactly what it holds")
	refused(t, g, "ann", "take", "D3", "the bank holds 1 share")
	refused(t, g, "ann", "option USA Alps", "D3", "the bank holds 1 share")
	do(t, g, "ann", "option USA")
	refused(t, g, "ann", "take USA", "D3", "the bank holds 0 shares")
	do(t, g, "ann", "take")
	if g.Shares(0, USA) != 1 || g.Options(0) != 1 || due(g) != "ann play 0" {
		t.Errorf("D3: ann holds %d USA and %d options; %s due", g.Shares(0, USA), g.Options(0), due(g))
	}
}

func TestD4_CoupSecondCard(t *testing.T) {
	for _, second := range []string{"exchange", "raise Alps", "card Cities-4"} {
		g := position(t, `
seats ann bob
hand ann Alps-10 Exchange Raise Cities-4
hand bob Cities-1
track Alps 1-9
turn ann play 0`)
		do(t, g, "ann", "card Alps-10")
		do(t, g, "ann", second)
		if due(g) != "bob special" {
			t.Errorf("D4: after the coup and %s, %s due", second, due(g))
		}
	}
}

func TestD5_Exchange(t *testing.T) {
	g := position(t, `
seats ann bob
hand ann Exchange Raise Exchange Alps-1
`+bobTen+`
shares ann Tropics 2
shares bob USA 20
options ann 0
turn ann play 0`)
	refused(t, g, "ann", "exchange Tropics Tropics", "D5", "a different company")
	refused(t, g, "ann", "exchange Alps Tropics", "D5", "no Alps share to give")
	refused(t, g, "ann", "exchange Tropics USA", "D5", "the bank holds no USA share")
	refused(t, g, "ann", "card Exchange", "D5", "played with `exchange`")
	refused(t, g, "ann", "card Raise", "D5", "played with `raise")
	want := []string{"card Alps-1", "exchange", "exchange Tropics Alps", "exchange Tropics Mediterranean", "exchange Tropics Cities",
		"raise Alps", "raise Mediterranean", "raise Tropics", "raise Cities", "raise USA"}
	if got := legal(g); !slices.Equal(got, want) {
		t.Errorf("D5: legal %v, want %v", got, want)
	}
	do(t, g, "ann", "exchange")
	if g.Shares(0, Tropics) != 2 || g.pile[g.nPile-1] != Exchange {
		t.Error("D5: a bare exchange swaps nothing and is discarded")
	}
	do(t, g, "ann", "raise Tropics")
	if g.pile[g.nPile-1] == Raise || g.Raises(Tropics) != 1 {
		t.Error("D5: a Raise card stays beside its company, off the pile")
	}
}

func TestD6_DrawAndEarlyEnd(t *testing.T) {
	// A partial draw when the stock runs short.
	g := position(t, `
seats ann bob
`+annTen+`
`+bobTen+`
stock Alps-10`)
	do(t, g, "ann", "take Alps Alps")
	do(t, g, "ann", "card Alps-1")
	do(t, g, "ann", "card Alps-2")
	if g.HandCount(0) != 9 || g.StockLeft() != 0 {
		t.Errorf("D6: ann holds %d after a partial draw, stock %d", g.HandCount(0), g.StockLeft())
	}
	// Not after the coup turn, even with every hand at 4 or fewer.
	c := position(t, `
seats ann bob
hand ann Alps-10 Alps-12
hand bob Cities-1
track Alps 1-9
turn ann play 0`)
	do(t, c, "ann", "card Alps-10")
	do(t, c, "ann", "card Alps-12")
	if c.Over() || due(c) != "bob special" {
		t.Errorf("D6: the coup turn ended the game early: %s", c.Due())
	}
}

func TestD7_RoundsAfterTheCoup(t *testing.T) {
	g := position(t, `
seats ann bob carol dan
hand ann Cities-1
hand bob Cities-2
hand carol Alps-10 Cities-3 Cities-4
hand dan Cities-5
track Alps 1-9
stock USA-1 USA-2
options ann 0
options bob 0
options dan 0
turn carol play 0`)
	do(t, g, "carol", "card Alps-10")
	do(t, g, "carol", "card Cities-3")
	if g.StockLeft() != 2 {
		t.Error("D7: the coup turn drew")
	}
	var order []string
	for !g.Over() {
		order = append(order, due(g))
		a := g.nth(0)
		if err := g.Do(int(g.turn), a); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"dan special", "dan final", "ann final", "bob final", "carol final"}
	if !slices.Equal(order, want) {
		t.Errorf("D7: %v, want %v", order, want)
	}
}

func TestD8_ValueAndTies(t *testing.T) {
	g := position(t, `
seats ann bob carol
track Alps 1-10
track USA 1-4
raise USA 2
shares ann Alps 2
shares bob Alps 1
coup bob
turn bob final`)
	if err := g.checkLine(strings.Fields("value Alps 10 USA 0")); err != nil {
		t.Errorf("D8: %v", err)
	}
	if err := g.checkLine(strings.Fields("value USA 2")); err == nil {
		t.Error("D8: a Raise on a chain below 5 added to its value")
	}
	// ann 2×10 = 20, bob 10 + 10 = 20: both win.
	got := g.Standings()
	if len(got) != 3 || got[0].Place != 1 || got[1].Place != 1 || got[2].Place != 3 || got[0].Score != 20 || got[1].Score != 20 {
		t.Errorf("D8: standings %v, want ann and bob both first with 20", got)
	}
	if !strings.Contains(g.Due(), "ann and bob tie for the win with 20 points") {
		t.Errorf("D8: Due() = %q", g.Due())
	}
}

func replayText(text string) (*Replay, error) {
	rec, err := engine.ReadRecord(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	return ReadRecord(rec)
}

func TestD9_ShortDecksAndSeats(t *testing.T) {
	// 25 cards: ann 10, bob 10, then 5 of the 8 turned up.
	rp, err := replayText(`hotels-record 1
game holiday
seat ann
seat bob
deck Alps-1 Alps-2 Alps-3 Alps-4 Alps-5 Alps-6 Alps-7 Alps-8 Alps-9 Alps-10
deck USA-1 USA-2 USA-3 USA-4 USA-5 USA-6 USA-7 USA-8 USA-9 USA-10
deck Cities-1 Cities-2 Raise Cities-4 Cities-5
check hand ann 10 bob 10
`)
	if err != nil {
		t.Fatal(err)
	}
	g := rp.Game
	if g.nPile != 5 || g.StockLeft() != 0 || g.Longest(Cities) != 2 || !g.Suitcase(Cities, 5) {
		t.Errorf("D9: %d turned up, stock %d", g.nPile, g.StockLeft())
	}
	// 15 cards: ann 10, bob 5, nothing turned up.
	rp, err = replayText("hotels-record 1\ngame holiday\nseat ann\nseat bob\ndeck Alps-1 Alps-2 Alps-3 Alps-4 Alps-5 Alps-6 Alps-7 Alps-8 Alps-9 Alps-10 USA-1 USA-2 USA-3 USA-4 USA-5\ncheck hand ann 10 bob 5\n")
	if err != nil || rp.Game.nPile != 0 {
		t.Errorf("D9: a deck of 15: %v", err)
	}
	for _, tc := range []struct {
		name, text string
		line       int
	}{
		{"D9 a seventh seat", "hotels-record 1\ngame holiday\nseat a\nseat b\nseat c\nseat d\nseat e\nseat f\nseat g\ndeck Alps-1\n", 9},
		{"D9 one seat, at the first deck line", "hotels-record 1\ngame holiday\nseat a\n# a comment\n\ndeck Alps-1\ndeck Alps-2\n", 6},
		{"D9 one seat and no deck", "hotels-record 1\ngame holiday\nseat a\na take Alps Alps\n", 4},
		{"H2 a destination twice", "hotels-record 1\ngame holiday\nseat a\nseat b\ndeck Alps-1\ndeck Alps-2 alps-1\n", 6},
		{"H2 a third Raise", "hotels-record 1\ngame holiday\nseat a\nseat b\ndeck Raise Raise Alps-3 raise\n", 5},
		{"no rules line", "hotels-record 1\ngame holiday\nrules modern\nseat a\nseat b\n", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := replayText(tc.text)
			var le *engine.LineError
			if !errors.As(err, &le) || le.Line != tc.line {
				t.Errorf("error %v, want one at line %d", err, tc.line)
			}
		})
	}
}
