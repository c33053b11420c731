package acquire

import (
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
)

// big has Tower at 41 tiles and American at 2.
const big = `
	TTTTTTTTTTTT
	TTTTTTTTTTTT
	TTTTTTTTTTTT
	TTTTT.......
	............
	............
	............
	............
	AA..........`

// over fails the test unless g is over for reason.
func over(t *testing.T, g *Game, reason int16) {
	t.Helper()
	if !g.Over() {
		t.Fatalf("not over: %s", g.Due())
	}
	for _, e := range g.Events() {
		if e.Kind == EvOver {
			if e.M != reason {
				t.Errorf("over for reason %d, want %d", e.M, reason)
			}
			return
		}
	}
	t.Errorf("no EvOver event in %v", events(g))
}

func TestDeclareEnd(t *testing.T) {
	p := position{board: big, racks: []string{"12I 11I", "9G", "10G"}, bag: "1G 2G 3G"}
	t.Run("A24/a chain of 41 tiles: the end may be declared, then the buy, no draw", func(t *testing.T) {
		g := p.build(t)
		refused(t, g, "ann end", "") // the buy step is not due yet
		do(t, g, "ann play 12I")
		if v := g.ViewFor(0); !v.CanDeclare || !slices.Contains(legalText(g, 0), "end") {
			t.Fatalf("the end cannot be declared: %s", g.Describe())
		}
		do(t, g, "ann end")
		toMove(t, g, "ann", PhaseBuy)
		refused(t, g, "ann end", "A24")
		do(t, g, "ann buy Tower")
		over(t, g, EndDeclared)
		if got := g.rackOf(0); got != "11I" {
			t.Errorf("ann's rack: %s, want 11I: no draw", got)
		}
	})
	t.Run("A24/declaring is optional", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "ann play 12I", "ann buy")
		toMove(t, g, "bob", PhasePlay)
	})
	t.Run("A24/after a skipped play", func(t *testing.T) {
		g := position{board: big, racks: []string{"", "9G"}}.build(t)
		toMove(t, g, "ann", PhaseBuy)
		do(t, g, "ann end", "ann buy")
		over(t, g, EndDeclared)
	})
	tests := []struct {
		name, board string
		can         bool
	}{
		{"A24/every chain on the board safe", `
			TTTTTTTTTTT.
			............
			AAAAAAAAAAA.
			............
			............
			............
			............
			............
			............`, true},
		{"A24/one chain, safe", `
			TTTTTTTTTTT.
			............
			............
			............
			............
			............
			............
			............
			............`, true},
		{"A24/a chain not safe", `
			TTTTTTTTTTT.
			............
			AAAAAAAAAA..
			............
			............
			............
			............
			............
			............`, false},
		{"A24/40 tiles and a chain not safe", strings.Replace(big, "TTTTT...", "TTTT....", 1), false},
		{"A24/no chain on the board", `
			o...........
			............
			............
			............
			............
			............
			............
			............
			............`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := position{board: tc.board, racks: []string{"12I", "9G"}}.build(t)
			do(t, g, "ann play 12I")
			if g.Phase() != PhaseBuy {
				// Nothing to buy and no end to declare: the buy is skipped.
				if tc.can || g.canDeclare() {
					t.Errorf("phase %v, want buy", g.Phase())
				}
				return
			}
			if tc.can {
				do(t, g, "ann end")
			} else {
				refused(t, g, "ann end", "A24")
			}
		})
	}
	t.Run("C8/the end may be declared: 41 tiles", func(t *testing.T) {
		g := position{rules: Classic, board: strings.ReplaceAll(big, "T", "C"), racks: []string{"12I", "9G"}}.build(t)
		do(t, g, "ann play 12I", "ann end", "ann buy")
		over(t, g, EndDeclared)
	})
	t.Run("C8/the end may be declared: every chain safe", func(t *testing.T) {
		g := position{rules: Classic, board: strings.ReplaceAll(tests[0].board, "T", "C"), racks: []string{"12I", "9G"}}.build(t)
		do(t, g, "ann play 12I", "ann end", "ann buy")
		over(t, g, EndDeclared)
	})
	t.Run("C8/not with a chain not safe", func(t *testing.T) {
		g := position{rules: Classic, board: strings.ReplaceAll(tests[2].board, "T", "C"), racks: []string{"12I", "9G"}}.build(t)
		do(t, g, "ann play 12I")
		refused(t, g, "ann end", "A24")
	})
}

func TestAutomaticEnd(t *testing.T) {
	t.Run("A25/every rack empty", func(t *testing.T) {
		g := position{board: strings.Repeat("............\n", 9), seats: []string{"ann", "bob"}, racks: []string{"1I", "12I"}}.build(t)
		do(t, g, "ann play 1I")
		toMove(t, g, "bob", PhasePlay)
		do(t, g, "bob play 12I")
		over(t, g, EndTilesOut)
	})
	t.Run("A25/a whole round with no tile played", func(t *testing.T) {
		g := position{board: sevenChains, racks: []string{"11G", "10F", "11E"}, bag: "1I"}.build(t)
		do(t, g, "ann buy", "bob buy")
		toMove(t, g, "cat", PhaseBuy)
		do(t, g, "cat buy")
		over(t, g, EndIdleRound)
	})
	t.Run("A25/a tile played starts the round again", func(t *testing.T) {
		g := position{board: sevenChains, racks: []string{"11G", "9I", "11E"}}.build(t)
		do(t, g, "ann buy", "bob play 9I", "bob buy", "cat buy", "ann buy")
		// bob's rack is empty now, and the bag too: his play is skipped.
		toMove(t, g, "bob", PhaseBuy)
		do(t, g, "bob buy")
		over(t, g, EndIdleRound)
	})
	t.Run("A25/idle turns before a position count", func(t *testing.T) {
		g := position{board: sevenChains, racks: []string{"11G", "10F", "11E"}, idle: 2}.build(t)
		do(t, g, "ann buy")
		over(t, g, EndIdleRound)
	})
	t.Run("C8/a rack of dead tiles ends the game", func(t *testing.T) {
		g := position{
			rules: Classic,
			board: strings.ReplaceAll(twoSafe, "T", "C"),
			racks: []string{"9I", "3B 4B", "6H"},
			bag:   "1G 2G",
		}.build(t)
		do(t, g, "ann play 9I", "ann buy")
		toMove(t, g, "bob", PhaseBuy)
		do(t, g, "bob buy Continental")
		over(t, g, EndDeadRack)
	})
	t.Run("C8/a dead tile beside a playable one: the game goes on", func(t *testing.T) {
		g := position{
			rules: Classic,
			board: strings.ReplaceAll(twoSafe, "T", "C"),
			racks: []string{"9I", "3B 6G", "6H"},
			bag:   "1G 2G",
		}.build(t)
		do(t, g, "ann play 9I", "ann buy", "bob play 6G", "bob buy")
		if g.Over() {
			t.Error("the game ended")
		}
	})
}

func TestFinalScoring(t *testing.T) {
	p := position{
		board:  big,
		racks:  []string{"12I", "9G", "10G"},
		cash:   []int{1000, 3000, 15500},
		shares: []string{"Tower 5 American 2 Worldwide 3", "Tower 3 American 2"},
	}
	t.Run("A26/bonuses, then every share sold; ties share a place", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "ann play 12I", "ann end", "ann buy")
		over(t, g, EndDeclared)
		// Tower at 41, $1,200: ann the majority $12,000, bob the minority
		// $6,000. American at 2, $300: a tie, $4,500 split, $2,300 each.
		// Sold: ann 5 × $1,200 + 2 × $300, bob 3 × $1,200 + 2 × $300.
		// Worldwide is not on the board: ann's 3 are worthless.
		cash(t, g, 1000+12000+2300+6600, 3000+6000+2300+4200, 15500)
		want := []engine.Standing{
			{Seat: 0, Name: "ann", Score: 21900, Place: 1},
			{Seat: 1, Name: "bob", Score: 15500, Place: 2},
			{Seat: 2, Name: "cat", Score: 15500, Place: 2},
		}
		if got := g.Standings(); !slices.Equal(got, want) {
			t.Errorf("standings %+v, want %+v", got, want)
		}
		tw, ww := chain(t, g, "Tower"), chain(t, g, "Worldwide")
		if g.Bank(tw) != 25 || g.Shares(0, ww) != 3 || g.Bank(ww) != 22 {
			t.Errorf("bank Tower %d, ann Worldwide %d, bank Worldwide %d; want 25, 3, 22", g.Bank(tw), g.Shares(0, ww), g.Bank(ww))
		}
		refused(t, g, "bob play 9G", "")
		if legal := g.AppendLegal(nil, 1); len(legal) != 0 {
			t.Errorf("legal after the end: %v", legal)
		}
	})
	t.Run("A26/no standings before the end", func(t *testing.T) {
		g := p.build(t)
		if s := g.Standings(); s != nil {
			t.Errorf("standings %v before the end", s)
		}
	})
	t.Run("C8/final bonuses from the smallest chain up", func(t *testing.T) {
		g := position{
			rules: Classic,
			board: strings.Replace(strings.ReplaceAll(big, "T", "C"), "............\n\t............\n\tAA..", "WWW.........\n\t............\n\tAA..", 1),
			racks: []string{"12I", "9G", "10G"},
			// Luxor is not on the board: no bonus.
			shares: []string{"Continental 1 American 1 Wilton 1 Luxor 1"},
		}.build(t)
		do(t, g, "ann play 12I", "ann end", "ann buy")
		var order []string
		for _, e := range g.Events() {
			if e.Kind == EvBonus {
				order = append(order, g.rules.Chains[e.Chain].Name)
			}
		}
		if got := strings.Join(order, " "); got != "American Wilton Continental" {
			t.Errorf("bonuses paid for %s, want American Wilton Continental", got)
		}
	})
}

func TestSeats(t *testing.T) {
	t.Run("A28/one seat", func(t *testing.T) {
		g, err := New(Setup{Seats: []string{"solo"}, Bag: tiles(t, "1A 1B 5E 12I")})
		if err != nil {
			t.Fatal(err)
		}
		do(t, g, "solo play 1B", "solo found Tower", "solo buy Tower Tower")
		toMove(t, g, "solo", PhasePlay)
		do(t, g, "solo play 5E", "solo buy", "solo play 12I", "solo buy")
		over(t, g, EndTilesOut)
		// Tower at 2, $400: 3 shares, both bonuses ($6,000) and $1,200.
		if s := g.Standings(); len(s) != 1 || s[0].Score != 6000-800+6000+1200 || s[0].Place != 1 {
			t.Errorf("standings %+v", s)
		}
	})
}
