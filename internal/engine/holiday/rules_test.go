package holiday

import (
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
)

// Hands of ten cards for positions: each card names the rule picture it is
// used in only by its company.
const (
	annTen = "hand ann Alps-1 Alps-2 Mediterranean-1 Mediterranean-2 Tropics-1 Tropics-2 Cities-1 Cities-2 USA-1 USA-2"
	bobTen = "hand bob Alps-19 Alps-20 Mediterranean-19 Mediterranean-20 Tropics-19 Tropics-20 Cities-19 Cities-20 USA-19 USA-20"
)

func TestH1_Companies(t *testing.T) {
	want := []string{"Alps", "Mediterranean", "Tropics", "Cities", "USA"}
	for c := range Company(Companies) {
		if c.String() != want[c] {
			t.Errorf("company %d = %s, want %s (H1)", c, c, want[c])
		}
		if got, err := ParseCompany(strings.ToUpper(want[c])); err != nil || got != c {
			t.Errorf("ParseCompany(%q) = %v, %v", strings.ToUpper(want[c]), got, err)
		}
	}
	for _, bad := range []string{"Alps-0", "USA-21", "Moon-3"} {
		if _, err := ParseCard(bad); err == nil {
			t.Errorf("ParseCard(%q) accepted: every track has destinations 1 to 20 (H1)", bad)
		}
	}
}

func TestH2_Deck(t *testing.T) {
	deck := FullDeck()
	if len(deck) != 104 {
		t.Fatalf("%d cards, want 104 (H2)", len(deck))
	}
	var dest, ex, raise int
	for _, k := range deck {
		switch {
		case k.IsDestination():
			dest++
		case k == Exchange:
			ex++
		case k == Raise:
			raise++
		}
		back, err := ParseCard(strings.ToLower(k.String()))
		if err != nil || back != k {
			t.Errorf("ParseCard(%q) = %v, %v", strings.ToLower(k.String()), back, err)
		}
	}
	if dest != 100 || ex != 2 || raise != 2 {
		t.Errorf("%d destinations, %d Exchange, %d Raise; want 100, 2, 2 (H2)", dest, ex, raise)
	}
	if Destination(USA, 20).String() != "USA-20" || Destination(Alps, 7).String() != "Alps-7" {
		t.Error("destination cards are written Company-number (H2)")
	}
}

// newGame deals a full game to n seats named p1, p2, ... from seed.
func newGame(tb testing.TB, n int, seed uint64) *Game {
	tb.Helper()
	names := []string{"p1", "p2", "p3", "p4", "p5", "p6"}[:n]
	g, _, err := Kind.Deal("", nil, names, seed)
	if err != nil {
		tb.Fatal(err)
	}
	return g.(*Game)
}

func TestH3_H5_H6_H7_Setup(t *testing.T) {
	for _, tc := range []struct{ n, options, turnUp, stock int }{
		{2, 2, 8, 76}, {3, 2, 8, 66}, {4, 1, 8, 56}, {5, 1, 4, 50}, {6, 1, 8, 36},
	} {
		g := newGame(t, tc.n, 7)
		if g.StockLeft() != tc.stock {
			t.Errorf("H5: %d seats: stock %d after setup, want %d", tc.n, g.StockLeft(), tc.stock)
		}
		if int(g.nPile) != tc.turnUp {
			t.Errorf("H7: %d seats: %d cards turned up, want %d", tc.n, g.nPile, tc.turnUp)
		}
		suitcases := 0
		for _, k := range g.pile[:g.nPile] {
			if k.IsDestination() {
				suitcases++
				if !g.Suitcase(k.Company(), k.Number()) {
					t.Errorf("H7: %s turned up without a suitcase", k)
				}
			}
		}
		for c := range Company(Companies) {
			suitcases -= longestCount(g.track[c])
			if g.Bank(c) != 20 || g.raises[c] != 0 {
				t.Errorf("H3: bank %s %d, raises %d at the start", c, g.Bank(c), g.raises[c])
			}
		}
		if suitcases != 0 {
			t.Errorf("H7: suitcases differ from the destination cards turned up by %d", suitcases)
		}
		for s := range tc.n {
			if g.HandCount(s) != 10 || g.Options(s) != tc.options {
				t.Errorf("H5/H6: %d seats: seat %d holds %d cards and %d options, want 10 and %d", tc.n, s, g.HandCount(s), g.Options(s), tc.options)
			}
		}
	}
	// H6: the first ten cards go to the first seat, and so on.
	g := newGame(t, 3, 1)
	for s := range 3 {
		h, n := g.Hand(s)
		if !slices.Equal(slices.Sorted(slices.Values(h[:n])), slices.Sorted(slices.Values(g.deck[10*s:10*s+10]))) {
			t.Errorf("H6: seat %d holds %v, want the deck's cards %d–%d", s, h[:n], 10*s+1, 10*s+10)
		}
	}
}

// longestCount counts the suitcases on a track.
func longestCount(track uint32) int {
	n := 0
	for ; track != 0; track &= track - 1 {
		n++
	}
	return n
}

func TestH4_Seats(t *testing.T) {
	for _, n := range []int{0, 1, 7} {
		names := []string{"a", "b", "c", "d", "e", "f", "g"}[:n]
		if _, err := New(Setup{Seats: names, Deck: FullDeck()}); err == nil || !strings.Contains(err.Error(), "H4") {
			t.Errorf("New with %d seats: %v, want refused (H4)", n, err)
		}
	}
}

func TestH8_FirstPlayerAtRandom(t *testing.T) {
	firsts := map[string]int{}
	for seed := range uint64(60) {
		g, header, err := Kind.Deal("", nil, []string{"ann", "bob", "cat"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		names := g.Seats()
		firsts[names[0]]++
		// Clockwise from the first: the order is a rotation.
		i := slices.Index([]string{"ann", "bob", "cat"}, names[0])
		for k := range 3 {
			if names[k] != []string{"ann", "bob", "cat"}[(i+k)%3] {
				t.Fatalf("H8: seats %v are not clockwise", names)
			}
		}
		if !strings.Contains(header, "seat "+names[0]+"\nseat "+names[1]) {
			t.Fatalf("H8: the header does not list the seats in turn order:\n%s", header)
		}
		if seat, _ := g.ToMove(); seat != 0 {
			t.Fatalf("H8: seat %d starts, want the first", seat)
		}
	}
	if len(firsts) != 3 {
		t.Errorf("H8: in 60 deals the first player was only ever %v", firsts)
	}
}

func TestH9_H13_Turn(t *testing.T) {
	g := position(t, `
seats ann bob
`+annTen+`
`+bobTen+`
stock Alps-10 Alps-11 Alps-12 Alps-13`)
	refused(t, g, "ann", "card Alps-1", "H9", "take 2 shares first")
	refused(t, g, "bob", "take Alps Alps", "", "not your decision")
	do(t, g, "ann", "take Alps USA")
	refused(t, g, "ann", "take Alps USA", "H9", "taken your shares")
	do(t, g, "ann", "card Alps-1")
	if due(g) != "ann play 1" {
		t.Fatalf("after one card: %s is due, want ann's second card (H9)", due(g))
	}
	do(t, g, "ann", "card Tropics-2")
	// H13: ann draws back up to 10.
	if g.HandCount(0) != 10 || g.StockLeft() != 2 || due(g) != "bob take" {
		t.Fatalf("after the turn: ann holds %d, stock %d, %s due; want 10, 2, bob take (H13)", g.HandCount(0), g.StockLeft(), due(g))
	}
	if h, n := g.Hand(0); h[n-2] != Destination(Alps, 10) || h[n-1] != Destination(Alps, 11) {
		t.Errorf("H13: ann drew %v, want Alps-10 and Alps-11", h[n-2:n])
	}
	// H13: an empty stock draws nothing and play goes on.
	do(t, g, "bob", "take Cities Cities")
	do(t, g, "bob", "card Alps-19")
	do(t, g, "bob", "card Alps-20")
	if g.HandCount(1) != 10 || g.StockLeft() != 0 {
		t.Fatalf("bob holds %d, stock %d", g.HandCount(1), g.StockLeft())
	}
	do(t, g, "ann", "take Cities Cities")
	do(t, g, "ann", "card Alps-2")
	do(t, g, "ann", "card Alps-10")
	if g.HandCount(0) != 8 || due(g) != "bob take" {
		t.Errorf("H13: with the stock empty ann holds %d and %s is due, want 8 and bob take", g.HandCount(0), due(g))
	}
}

func TestH10_Take(t *testing.T) {
	g := position(t, `
seats ann bob
`+annTen+`
`+bobTen+`
shares bob Alps 19 USA 20`)
	refused(t, g, "ann", "take Alps Alps", "H10", "the bank holds 1 Alps share")
	refused(t, g, "ann", "take USA Cities", "H10", "no USA share")
	refused(t, g, "ann", "take Cities", "H10", "take 2 shares")
	refused(t, g, "ann", "take Alps Cities Tropics", "H10", "at most 2")
	want := []string{"take Alps Mediterranean", "take Alps Tropics", "take Alps Cities",
		"take Mediterranean Mediterranean", "take Mediterranean Tropics", "take Mediterranean Cities",
		"take Tropics Tropics", "take Tropics Cities", "take Cities Cities"}
	got := legal(g)
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("H10: %q not legal: %v", w, got)
		}
	}
	do(t, g, "ann", "take cities alps") // any case, any order
	if g.Shares(0, Alps) != 1 || g.Shares(0, Cities) != 1 || g.Bank(Alps) != 0 || g.Bank(Cities) != 19 {
		t.Errorf("H10: after the take ann holds Alps %d Cities %d, bank Alps %d Cities %d", g.Shares(0, Alps), g.Shares(0, Cities), g.Bank(Alps), g.Bank(Cities))
	}
}

func TestH11_OptionCards(t *testing.T) {
	g := position(t, `
seats ann bob
`+annTen+`
`+bobTen)
	do(t, g, "ann", "option Alps Alps") // before the take
	do(t, g, "ann", "take USA USA")
	do(t, g, "ann", "card Alps-1")
	do(t, g, "ann", "option Tropics Cities") // between the cards: both in one turn
	refused(t, g, "ann", "option Tropics Cities", "H11", "no option card")
	do(t, g, "ann", "card Alps-2")
	if g.Options(0) != 0 || g.Shares(0, Alps) != 2 || g.Shares(0, USA) != 2 || g.Shares(0, Tropics) != 1 {
		t.Errorf("H11: ann holds %d options and Alps %d USA %d Tropics %d", g.Options(0), g.Shares(0, Alps), g.Shares(0, USA), g.Shares(0, Tropics))
	}
	// After the take too; and never in the final round.
	do(t, g, "bob", "take Alps Alps")
	do(t, g, "bob", "option Alps Alps")
	f := position(t, `
seats ann bob
hand ann Alps-5
hand bob Alps-6
options ann 2
coup bob
turn ann final`)
	refused(t, f, "ann", "option Alps Alps", "H20", "no Exchange or option card")
	// Unused option cards are worth nothing.
	do(t, f, "ann", "pass")
	if f.Score(0) != 0 {
		t.Errorf("H11: two unused option cards scored %d", f.Score(0))
	}
}

func TestH12_PlayCards(t *testing.T) {
	g := position(t, `
seats ann bob
hand ann Alps-4 Exchange Raise USA-1
`+bobTen+`
shares ann Tropics 1
track Cities 1-5
options ann 0
turn ann play 0`)
	refused(t, g, "ann", "card Alps-9", "H12", "you do not hold Alps-9")
	do(t, g, "ann", "card Alps-4")
	if !g.Suitcase(Alps, 4) || g.pile[g.nPile-1] != Destination(Alps, 4) {
		t.Error("H12a: a destination card puts a suitcase on its destination and goes on the pile")
	}
	do(t, g, "ann", "exchange Tropics USA")
	if g.Shares(0, Tropics) != 0 || g.Shares(0, USA) != 1 || g.pile[g.nPile-1] != Exchange {
		t.Error("H12b: an exchange gives 1 share and takes 1 of another company, and is discarded")
	}
	// The turn ended after two cards; a later turn plays the Raise (H12c).
	do(t, g, "bob", "take Alps Alps")
	do(t, g, "bob", "card Alps-19")
	do(t, g, "bob", "card Alps-20")
	do(t, g, "ann", "take Alps Alps")
	do(t, g, "ann", "raise Cities")
	if g.Raises(Cities) != 1 || g.Value(Cities) != 6 {
		t.Errorf("H12c: Cities has %d raises and value %d, want 1 and 6", g.Raises(Cities), g.Value(Cities))
	}
	// A hand of fewer than 2 cards plays what it holds: ann's last card
	// is forced and ends the turn.
	if due(g) != "bob take" || g.HandCount(0) != 0 || !g.Suitcase(USA, 1) {
		t.Errorf("H12: %s due, ann holds %d; want ann's last card USA-1 played and bob due", due(g), g.HandCount(0))
	}
}

func TestH14_H15_H16_Values(t *testing.T) {
	for _, tc := range []struct {
		rule, track string
		raises      int
		long, value int
	}{
		{"H14 a chain of 5", "7-11", 0, 5, 5},
		{"H14 20 and 1 are no neighbours", "1-4 20", 0, 4, 0},
		{"H15 3–7 and 12–19", "3-7 12-19", 0, 8, 8},
		{"H15 a longest chain of 4", "1-4 6-9", 0, 4, 0},
		{"H15 cards 5, 10 and 15 kept", "1-4 6-9 11-14 16-20", 0, 5, 5},
		{"H16 one Raise", "3-7", 1, 5, 6},
		{"H16 both Raises", "3-7", 2, 5, 7},
		{"H16 a Raise on a chain below 5", "1-4", 1, 4, 0},
		{"H16 nothing on the track", "", 2, 0, 0},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			text := "seats ann bob\nraise Alps " + string(rune('0'+tc.raises))
			if tc.track != "" {
				text += "\ntrack Alps " + tc.track
			}
			g := position(t, text)
			if g.Longest(Alps) != tc.long || g.Value(Alps) != tc.value {
				t.Errorf("track %s with %d raises: longest %d value %d, want %d and %d", tc.track, tc.raises, g.Longest(Alps), g.Value(Alps), tc.long, tc.value)
			}
		})
	}
	// H14: the chain through a new suitcase.
	g := position(t, "seats ann bob\ntrack USA 1-3 5-9 12")
	for _, tc := range []struct{ n, chain int }{{4, 9}, {10, 6}, {11, 2}, {20, 1}} {
		if got := g.ChainWith(USA, tc.n); got != tc.chain {
			t.Errorf("H14: USA-%d would make a chain of %d, want %d", tc.n, got, tc.chain)
		}
	}
}

func TestH17_GrandCoup(t *testing.T) {
	g := position(t, `
seats ann bob
hand ann Alps-8 USA-10 Cities-1
hand bob Cities-2
shares ann Alps 1
track Alps 3-7 9-14
track USA 1-9
stock Tropics-1 Tropics-2
turn ann play 0`)
	do(t, g, "ann", "card Alps-8")
	if g.Coup() != 0 {
		t.Fatal("H17: the chain of 12 made no coup")
	}
	if log := g.Log(engine.Watcher); !slices.Contains(log, "ann makes the grand coup with Alps-8: +10 points") {
		t.Errorf("H17: log %q", log)
	}
	if g.Score(0) != 12+10 {
		t.Errorf("H17: ann scores %d, want 12×1 + 10", g.Score(0))
	}
	// H18: the second card, here another chain of 10: only the first coup
	// scores.
	do(t, g, "ann", "card USA-10")
	if g.Score(0) != 22 || g.Coup() != 0 {
		t.Errorf("H17: a second chain of 10 changed the score to %d", g.Score(0))
	}
}

func TestH18_CoupTurnFinishes(t *testing.T) {
	g := position(t, `
seats ann bob carol
hand ann Alps-10 Raise Cities-4
hand bob Cities-2
hand carol Cities-3
track Alps 1-9
stock Tropics-1 Tropics-2
turn ann play 0`)
	do(t, g, "ann", "card Alps-10")
	if got := legal(g); !slices.Contains(got, "option Alps Alps") || !slices.Contains(got, "raise Alps") {
		t.Fatalf("H18: after a coup with the first card, legal: %v", got)
	}
	do(t, g, "ann", "option Alps Alps")
	do(t, g, "ann", "raise Alps")
	if g.HandCount(0) != 1 || g.StockLeft() != 2 {
		t.Errorf("H18: the coup player holds %d cards, stock %d: it must not draw", g.HandCount(0), g.StockLeft())
	}
	if due(g) != "bob special" {
		t.Errorf("H18: %s due after the coup's turn, want bob's special round", due(g))
	}
}

func TestH19_SpecialRound(t *testing.T) {
	g := position(t, `
seats ann bob carol dan
hand ann Cities-1
hand bob Alps-10 Cities-2 Cities-3
hand carol Cities-4
hand dan Cities-5
track Alps 1-9
options carol 0
turn bob play 0`)
	do(t, g, "bob", "card Alps-10")
	do(t, g, "bob", "card Cities-2")
	if due(g) != "carol special" {
		t.Fatalf("H19: %s due, want carol's special take", due(g))
	}
	refused(t, g, "carol", "card Cities-4", "H19", "take and nothing else")
	do(t, g, "carol", "take USA USA")
	do(t, g, "dan", "option Tropics Tropics")
	do(t, g, "dan", "take Tropics Tropics")
	if due(g) != "carol final" || g.HandCount(2) != 1 || g.HandCount(3) != 1 {
		t.Fatalf("H19: after the special round %s is due; carol and dan hold %d and %d cards", due(g), g.HandCount(2), g.HandCount(3))
	}
	// The coup player last of the round: the special round is empty.
	e := position(t, `
seats ann bob
hand ann Cities-1
hand bob Alps-10 Cities-2 Cities-3
track Alps 1-9
turn bob play 0`)
	do(t, e, "bob", "card Alps-10")
	do(t, e, "bob", "card Cities-2")
	if due(e) != "ann final" {
		t.Errorf("H19: %s due, want ann's final-round card: the special round is empty", due(e))
	}
}

func TestH20_FinalRound(t *testing.T) {
	g := position(t, `
seats ann bob carol
hand ann USA-10 Exchange Cities-9
hand bob Cities-1
hand carol Raise
shares ann Alps 1 USA 2
track USA 1-9
coup bob
turn carol final`)
	refused(t, g, "carol", "take Alps Alps", "H20", "takes no share")
	do(t, g, "carol", "raise USA")
	refused(t, g, "ann", "exchange", "H20", "no Exchange")
	refused(t, g, "ann", "take Alps Alps", "H20", "takes no share")
	do(t, g, "ann", "card USA-10") // a chain of 10, but no coup now
	if g.Coup() != 1 || g.Score(0) != 2*(10+1) {
		t.Errorf("H20: coup %d, ann scores %d; want bob's coup kept and 2×11", g.Coup(), g.Score(0))
	}
	do(t, g, "bob", "pass")
	if !g.Over() {
		t.Fatalf("H20: the coup player is last; %s is due", g.Due())
	}
	if g.HandCount(0) != 2 {
		t.Errorf("H20: one card each: ann holds %d, want 2", g.HandCount(0))
	}
}

func TestH21_EarlyEnd(t *testing.T) {
	const picture = `
seats ann bob
hand ann Alps-1 Alps-2 Alps-3 Alps-4 Alps-5 Alps-6
hand bob USA-1 USA-2 USA-3 USA-4 %s
turn ann take`
	g := position(t, strings.Replace(picture, "%s", "", 1))
	do(t, g, "ann", "take Alps Alps")
	do(t, g, "ann", "card Alps-1")
	do(t, g, "ann", "card Alps-2")
	if !g.Over() || g.Coup() != -1 {
		t.Fatalf("H21: every hand holds 4: %s", g.Due())
	}
	if !strings.Contains(g.Due(), "4 cards or fewer") {
		t.Errorf("H21: Due() = %q", g.Due())
	}
	g = position(t, strings.Replace(picture, "%s", "USA-5", 1))
	do(t, g, "ann", "take Alps Alps")
	do(t, g, "ann", "card Alps-1")
	do(t, g, "ann", "card Alps-2")
	if g.Over() {
		t.Error("H21: bob holds 5 cards, yet the game ended")
	}
}

func TestH22_Scoring(t *testing.T) {
	// The rulebook's example: values Mediterranean 0, USA 8, Alps 12,
	// Tropics 6, Cities 9 + 1 Raise = 10.
	g := position(t, `
seats first second third
track Mediterranean 1-4
track USA 1-8
track Alps 1-12
track Tropics 1-6
track Cities 1-9
raise Cities 1
shares first Mediterranean 1 USA 5 Alps 2 Tropics 6 Cities 5
shares second Alps 10 Tropics 5 Cities 3
shares third Mediterranean 2 USA 8 Alps 3 Tropics 4 Cities 3
coup second
turn second final`)
	// second holds no card: its final-round pass is forced (D1) and ends
	// the game.
	want := []engine.Standing{
		{Seat: 1, Name: "second", Score: 190, Place: 1},
		{Seat: 2, Name: "third", Score: 154, Place: 2},
		{Seat: 0, Name: "first", Score: 150, Place: 3},
	}
	if got := g.Standings(); !slices.Equal(got, want) {
		t.Errorf("H22: standings %v, want %v", got, want)
	}
	if !strings.Contains(g.Due(), "second wins with 190 points") {
		t.Errorf("H22: Due() = %q", g.Due())
	}
}

func TestH25_Information(t *testing.T) {
	g := position(t, `
seats ann bob
hand ann Alps-1 Raise
hand bob USA-7 Exchange
stock Cities-3 Cities-4
track Tropics 2-3`)
	for _, viewer := range []engine.Seat{engine.Watcher, 0, 1} {
		v := g.ViewFor(viewer)
		if v.HandSizes[0] != 2 || v.HandSizes[1] != 2 || v.StockLeft != 2 || len(v.Discard) != 2 || v.Options[0] != 2 {
			t.Errorf("H25: viewer %d: public counts %v %d %v %v", viewer, v.HandSizes, v.StockLeft, v.Discard, v.Options)
		}
		var want []Card
		if viewer >= 0 {
			h, n := g.Hand(int(viewer))
			want = slices.Sorted(slices.Values(h[:n]))
		}
		if !slices.Equal(v.Hand, want) {
			t.Errorf("H25: viewer %d sees the hand %v, want %v", viewer, v.Hand, want)
		}
	}
}
