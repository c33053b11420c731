package acquire

import (
	"slices"
	"strings"
	"testing"
)

// legalText lists seat's legal actions as record text.
func legalText(g *Game, seat int) []string {
	var out []string
	for _, a := range g.AppendLegal(nil, seat) {
		out = append(out, a.Text(g.rules))
	}
	return out
}

// toMove fails the test unless name's decision of phase is due.
func toMove(t *testing.T, g *Game, name string, phase Phase) {
	t.Helper()
	s, _ := g.ToMove()
	if g.Name(int(s)) != name || g.Phase() != phase {
		t.Fatalf("%s to %v, want %s to %v", g.Name(int(s)), g.Phase(), name, phase)
	}
}

// cash fails the test unless the seats have the money listed, in seat order.
func cash(t *testing.T, g *Game, want ...int) {
	t.Helper()
	var got []int
	for s := range want {
		got = append(got, g.Cash(s))
	}
	if !slices.Equal(got, want) {
		t.Errorf("cash %v, want %v", got, want)
	}
}

func TestSurvivor(t *testing.T) {
	t.Run("A14/the largest chain survives", func(t *testing.T) {
		g := position{
			board: `
				TTT.........
				............
				AA..........
				............
				............
				............
				............
				............
				............`,
			racks: []string{"1B", "1I"},
		}.build(t)
		do(t, g, "ann play 1B")
		toMove(t, g, "ann", PhaseBuy)
		if tw, am := g.Size(chain(t, g, "Tower")), g.Size(chain(t, g, "American")); tw != 6 || am != 0 {
			t.Errorf("Tower %d, American %d tiles; want 6, 0", tw, am)
		}
	})
	tie := position{
		board: `
			.....T......
			.....T......
			.....T......
			.....T......
			...WW.SS....
			.....A......
			.....A......
			.....A......
			.....A......`,
		seats:  []string{"ann", "bob", "cat"},
		racks:  []string{"6E", "1I", "12I"},
		shares: []string{"Worldwide 1", "Tower 2", "Sackson 1"},
	}
	t.Run("A14/the mergemaker chooses among the tied largest", func(t *testing.T) {
		g := tie.build(t)
		do(t, g, "ann play 6E")
		toMove(t, g, "ann", PhaseSurvivor)
		if got, want := legalText(g, 0), []string{"survivor American", "survivor Tower"}; !slices.Equal(got, want) {
			t.Errorf("legal %q, want %q", got, want)
		}
		refused(t, g, "ann survivor Worldwide", "A14")
		refused(t, g, "ann survivor Festival", "A14")
		refusedAction(t, g, 0, Action{Verb: Survivor, Chain: NoChain}, "A14")
		refusedAction(t, g, 0, Action{Verb: Survivor, Chain: 100}, "A14")
		refused(t, g, "bob survivor Tower", "")
		do(t, g, "ann survivor American")
		if am := g.Size(chain(t, g, "American")); am != 13 {
			t.Errorf("American has %d tiles, want 13", am)
		}
	})
	t.Run("A14/a safe chain is never absorbed", func(t *testing.T) {
		g := position{
			board: `
				AAAAAAAAAAA.
				............
				TTTTTTTTTT..
				............
				............
				............
				............
				............
				............`,
			racks: []string{"1B", "1I"},
		}.build(t)
		do(t, g, "ann play 1B")
		if tw, am := g.Size(chain(t, g, "Tower")), g.Size(chain(t, g, "American")); tw != 0 || am != 22 {
			t.Errorf("Tower %d, American %d tiles; want 0, 22", tw, am)
		}
	})
}

func TestMerger(t *testing.T) {
	three := position{
		board: `
			....TT......
			.....T......
			.....T......
			.....T......
			..WWW.oo....
			.....A......
			.....A......
			.....A......
			............`,
		racks:  []string{"6E", "1I", "12I"},
		shares: []string{"American 2 Worldwide 4", "American 4 Worldwide 1", "American 2"},
		bag:    "9I",
	}
	t.Run("A16/three chains: bonuses at once, tiles to the survivor, then disposals", func(t *testing.T) {
		g := three.build(t)
		do(t, g, "ann play 6E")
		// American at 3 tiles, $400: bob 4 shares, the majority $4,000; ann
		// and cat tie for second with 2: $2,000 split, $1,000 each.
		// Worldwide at 3, $300: ann the majority $3,000, bob the minority
		// $1,500.
		cash(t, g, 10000, 11500, 7000)
		want := strings.Join([]string{
			"....TT......",
			".....T......",
			".....T......",
			".....T......",
			"..TTTTTT....",
			".....T......",
			".....T......",
			".....T......",
			"............",
		}, "\n") + "\n"
		if g.String() != want {
			t.Errorf("board:\n%s\nwant:\n%s", g, want)
		}
		if tw := g.Size(chain(t, g, "Tower")); tw != 14 {
			t.Errorf("Tower has %d tiles, want 14", tw)
		}
		toMove(t, g, "ann", PhaseNext)
		if got, want := legalText(g, 0), []string{"next Worldwide", "next American"}; !slices.Equal(got, want) {
			t.Errorf("legal %q, want %q", got, want)
		}
		refused(t, g, "ann next Tower", "A16")
		refused(t, g, "ann next Sackson", "A16")
		do(t, g, "ann next Worldwide")
		toMove(t, g, "ann", PhaseDispose)
		if v := g.ViewFor(0); v.Defunct != chain(t, g, "Worldwide") || v.DefunctPrice != 300 || v.Survivor != chain(t, g, "Tower") {
			t.Errorf("view: defunct %v at $%d into %v, want Worldwide at $300 into Tower", v.Defunct, v.DefunctPrice, v.Survivor)
		}
		refused(t, g, "ann dispose American sell 1", "A18")
		do(t, g, "ann dispose Worldwide sell 2 trade 2")
		toMove(t, g, "bob", PhaseDispose)
		do(t, g, "bob dispose Worldwide sell 1")
		// cat holds no Worldwide: skipped. American is the one left.
		toMove(t, g, "ann", PhaseDispose)
		do(t, g, "ann dispose American trade 2", "bob dispose American sell 4", "cat dispose American")
		// A19: the mergemaker buys, Tower at 14 tiles: $900.
		toMove(t, g, "ann", PhaseBuy)
		cash(t, g, 10600, 13400, 7000)
		tw, am, ww := chain(t, g, "Tower"), chain(t, g, "American"), chain(t, g, "Worldwide")
		if g.Shares(0, tw) != 2 || g.Bank(tw) != 23 || g.Shares(2, am) != 2 || g.Bank(am) != 23 || g.Bank(ww) != 25 {
			t.Errorf("ann Tower %d, bank Tower %d, cat American %d, bank American %d, bank Worldwide %d; want 2, 23, 2, 23, 25",
				g.Shares(0, tw), g.Bank(tw), g.Shares(2, am), g.Bank(am), g.Bank(ww))
		}
		do(t, g, "ann buy Tower")
		cash(t, g, 9700, 13400, 7000)
	})
	four := position{
		board: `
			.....T......
			.....T......
			.....T......
			.....T......
			...WW.SS....
			.....A......
			.....A......
			.....A......
			.....A......`,
		racks:  []string{"6E", "1I", "12I"},
		shares: []string{"Worldwide 1", "Tower 2", "Sackson 1"},
	}
	t.Run("A16/four chains, two ties: survivor, then the order of the tied defunct", func(t *testing.T) {
		g := four.build(t)
		do(t, g, "ann play 6E", "ann survivor American")
		// Tower at 4, $600: bob alone, $9,000. Worldwide and Sackson at 2,
		// $200: ann and cat alone, $3,000 each.
		cash(t, g, 9000, 15000, 9000)
		// Tower is the largest defunct chain: disposed of first, unasked.
		toMove(t, g, "bob", PhaseDispose)
		do(t, g, "bob dispose Tower sell 2")
		toMove(t, g, "ann", PhaseNext)
		if got, want := legalText(g, 0), []string{"next Worldwide", "next Sackson"}; !slices.Equal(got, want) {
			t.Errorf("legal %q, want %q", got, want)
		}
		refused(t, g, "ann next Tower", "A16")
		do(t, g, "ann next Sackson")
		toMove(t, g, "cat", PhaseDispose)
		do(t, g, "cat dispose Sackson sell 1")
		toMove(t, g, "ann", PhaseDispose)
		do(t, g, "ann dispose Worldwide")
		toMove(t, g, "ann", PhaseBuy)
		cash(t, g, 9000, 16200, 9200)
		var order []string
		for _, e := range g.Events() {
			if e.Kind == EvDispose {
				order = append(order, g.rules.Chains[e.Chain].Name)
			}
		}
		if got := strings.Join(order, " "); got != "Worldwide" {
			t.Errorf("disposals in the last Do: %s", got)
		}
	})
}

func TestBonuses(t *testing.T) {
	// Worldwide (3 tiles, $300, or 2 tiles, $200) is absorbed by Tower when
	// ann plays 1B: the bonuses are paid before anyone disposes.
	tests := []struct {
		name   string
		size   int    // Worldwide's size
		shares [4]int // Worldwide shares of ann, bob, cat, dan
		want   [4]int // bonuses
	}{
		{"A17/sole holder gets both", 2, [4]int{0, 3, 0, 0}, [4]int{0, 3000, 0, 0}},
		{"A17/majority and minority", 2, [4]int{5, 3, 0, 0}, [4]int{2000, 1000, 0, 0}},
		{"A17/third place gets nothing", 3, [4]int{1, 3, 5, 0}, [4]int{0, 1500, 3000, 0}},
		{"A17/tie for most splits both, rounded up", 3, [4]int{4, 4, 2, 0}, [4]int{2300, 2300, 0, 0}},
		{"A17/three-way tie for most", 2, [4]int{2, 2, 2, 1}, [4]int{1000, 1000, 1000, 0}},
		{"A17/four-way tie for most, rounded up", 2, [4]int{1, 1, 1, 1}, [4]int{800, 800, 800, 800}},
		{"A17/tie for second splits the minority, rounded up", 3, [4]int{5, 2, 2, 0}, [4]int{3000, 800, 800, 0}},
		{"A17/three-way tie for second, rounded up", 2, [4]int{5, 1, 1, 1}, [4]int{2000, 400, 400, 400}},
		{"A17/no holders, no bonus", 2, [4]int{}, [4]int{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ws := "WW."
			if tc.size == 3 {
				ws = "WWW"
			}
			p := position{
				board: `
					TTTTTT......
					............
					` + ws + `.........
					............
					............
					............
					............
					............
					............`,
				seats: []string{"ann", "bob", "cat", "dan"},
				racks: []string{"1B", "1I", "12I", "6I"},
			}
			for _, k := range tc.shares {
				p.shares = append(p.shares, "Worldwide "+itoa(k))
			}
			g := p.build(t)
			do(t, g, "ann play 1B")
			for s, b := range tc.want {
				if got := g.Cash(s) - StartCash; got != b {
					t.Errorf("%s with %d shares got $%d, want $%d", g.Name(s), tc.shares[s], got, b)
				}
			}
		})
	}
}

// disposalPosition is a merger of Worldwide into Tower that bob makes by
// playing 1B, with every seat but cat holding Worldwide and 2 Tower left in
// the bank.
func disposalPosition() position {
	return position{
		board: `
			TTTTTT......
			............
			WWW.........
			............
			............
			............
			........o...
			............
			............`,
		seats:  []string{"ann", "bob", "cat", "dan"},
		racks:  []string{"1I", "1B", "9H", "6I"},
		shares: []string{"Worldwide 2", "Worldwide 6", "Tower 23", "Worldwide 4"},
		turn:   1,
	}
}

func TestDisposal(t *testing.T) {
	p := disposalPosition()
	t.Run("A18/mergemaker first, clockwise; the bank's survivor shares run out", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "bob play 1B")
		// Worldwide at 3, $300: bob the majority, dan the minority.
		cash(t, g, 6000, 9000, 6000, 7500)
		toMove(t, g, "bob", PhaseDispose)
		refused(t, g, "bob dispose Worldwide trade 3", "A18")        // odd
		refused(t, g, "bob dispose Worldwide sell 7", "A18")         // holds 6
		refused(t, g, "bob dispose Worldwide sell 4 trade 4", "A18") // holds 6
		refused(t, g, "bob dispose Worldwide trade 6", "A18")        // the bank has 2 Tower
		refused(t, g, "bob dispose Tower sell 1", "A18")             // not defunct
		refused(t, g, "dan dispose Worldwide sell 1", "")            // not dan's turn yet
		refusedAction(t, g, 1, Action{Verb: Dispose, Chain: 0, Sell: -1}, "A18")
		refusedAction(t, g, 1, Action{Verb: Dispose, Chain: 0, Trade: -2}, "A18")
		if n := len(g.AppendLegal(nil, 1)); n != 7+5+3 {
			t.Errorf("bob has %d legal disposals, want 15: sell 0–6, trade 2 and sell 0–4, trade 4 and sell 0–2", n)
		}
		do(t, g, "bob dispose Worldwide sell 1 trade 4")
		// cat holds no Worldwide and is not asked.
		toMove(t, g, "dan", PhaseDispose)
		refused(t, g, "dan dispose Worldwide trade 2", "A18")
		if got, want := legalText(g, 3), []string{
			"dispose Worldwide", "dispose Worldwide sell 1", "dispose Worldwide sell 2",
			"dispose Worldwide sell 3", "dispose Worldwide sell 4",
		}; !slices.Equal(got, want) {
			t.Errorf("legal %q, want %q", got, want)
		}
		do(t, g, "dan dispose Worldwide sell 4")
		toMove(t, g, "ann", PhaseDispose)
		do(t, g, "ann dispose Worldwide")
		// bob can buy nothing (no Tower left, nothing else on the board):
		// the turn ends.
		toMove(t, g, "cat", PhasePlay)
		cash(t, g, 6000, 9300, 6000, 8700)
		tw, ww := chain(t, g, "Tower"), chain(t, g, "Worldwide")
		got := []int{g.Shares(0, ww), g.Shares(1, ww), g.Shares(3, ww), g.Bank(ww), g.Shares(1, tw), g.Bank(tw)}
		if want := []int{2, 1, 0, 22, 2, 0}; !slices.Equal(got, want) {
			t.Errorf("Worldwide ann, bob, dan, bank; Tower bob, bank: %v, want %v", got, want)
		}
	})
	t.Run("A19/a defunct chain may be founded again and kept shares count", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "bob play 1B", "bob dispose Worldwide sell 1 trade 4", "dan dispose Worldwide sell 4", "ann dispose Worldwide")
		do(t, g, "cat play 9H")
		if got := legalText(g, 2); !slices.Contains(got, "found Worldwide") {
			t.Fatalf("legal %q: Worldwide cannot be founded", got)
		}
		do(t, g, "cat found Worldwide")
		ww := chain(t, g, "Worldwide")
		if g.Shares(2, ww) != 1 || g.Bank(ww) != 21 {
			t.Errorf("cat %d Worldwide, bank %d; want 1 free share, 21", g.Shares(2, ww), g.Bank(ww))
		}
		// The kept shares count: ann's 2 are the most.
		c := *g
		c.payBonuses(ww, 2)
		cash(t, &c, 6000+2000, 9300+500, 6000+500, 8700)
	})
	t.Run("C6/classic: mergemaker first, clockwise", func(t *testing.T) {
		p := p
		p.rules, p.turn = Classic, 2
		p.board = strings.NewReplacer("T", "F", "W", "L").Replace(p.board)
		p.racks = []string{"1I", "8H", "1B", "6I"}
		p.shares = []string{"Luxor 2", "Luxor 1", "Luxor 1", ""}
		g := p.build(t)
		do(t, g, "cat play 1B")
		var order []string
		for range 3 {
			s, _ := g.ToMove()
			order = append(order, g.Name(int(s)))
			do(t, g, g.Name(int(s))+" dispose Luxor sell 1")
		}
		if got := strings.Join(order, " "); got != "cat ann bob" {
			t.Errorf("disposal order %s, want cat ann bob", got)
		}
		toMove(t, g, "cat", PhaseBuy)
	})
}

func TestClassicBonuses(t *testing.T) {
	// Luxor (4 tiles, $400: majority $4,000) is absorbed by Festival.
	board := `
		FFFFFF......
		............
		LLLL........
		............
		............
		............
		............
		............
		............`
	t.Run("C5/a tie for most splits both bonuses, rounded up", func(t *testing.T) {
		g := position{
			rules: Classic,
			board: strings.Replace(board, "LLLL", "LLL.", 1),
			racks: []string{"1B", "1I", "12I"},
			// Luxor at 3, $300: $3,000 + $1,500 split two ways.
			shares: []string{"Luxor 3", "Luxor 3", "Luxor 1"},
		}.build(t)
		do(t, g, "ann play 1B")
		cash(t, g, 8300, 8300, 6000)
	})
	tests := []struct {
		name     string
		ann, bob int
		want     [2]int
	}{
		{"C9/7 vs 4: 80/20", 7, 4, [2]int{3200, 800}},
		{"C9/lone holder takes the majority bonus", 5, 0, [2]int{4000, 0}},
		{"C9/3:1 takes all", 6, 2, [2]int{4000, 0}},
		{"C9/above 3:1 takes all", 9, 2, [2]int{4000, 0}},
		{"C9/just under 3:1: 80/20", 8, 3, [2]int{3200, 800}},
		{"C9/1.5:1: 80/20", 6, 4, [2]int{3200, 800}},
		{"C9/just under 1.5:1: 60/40", 7, 5, [2]int{2400, 1600}},
		{"C9/above 1:1: 60/40", 5, 4, [2]int{2400, 1600}},
		{"C9/equal: 50/50", 4, 4, [2]int{2000, 2000}},
		{"C9/the second seat ahead", 2, 3, [2]int{800, 3200}},
		{"C9/no holders", 0, 0, [2]int{0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := position{
				rules:  Classic,
				board:  board,
				seats:  []string{"ann", "bob"},
				racks:  []string{"1B", "1I"},
				shares: []string{"Luxor " + itoa(tc.ann), "Luxor " + itoa(tc.bob)},
			}.build(t)
			do(t, g, "ann play 1B")
			cash(t, g, StartCash+tc.want[0], StartCash+tc.want[1])
		})
	}
	t.Run("C9/in the final scoring too", func(t *testing.T) {
		g := position{
			rules:  Classic,
			board:  board,
			seats:  []string{"ann", "bob"},
			racks:  []string{"1B", "1I"},
			shares: []string{"Luxor 7", "Luxor 4"},
		}.build(t)
		c := *g
		c.payBonuses(chain(t, g, "Luxor"), 4)
		cash(t, &c, StartCash+3200, StartCash+800)
	})
	t.Run("A28/two seats, modern: both bonuses as usual", func(t *testing.T) {
		g := position{
			board:  strings.NewReplacer("F", "T", "L", "W").Replace(board),
			seats:  []string{"ann", "bob"},
			racks:  []string{"1B", "1I"},
			shares: []string{"Worldwide 7", "Worldwide 4"},
		}.build(t)
		do(t, g, "ann play 1B")
		cash(t, g, StartCash+4000, StartCash+2000)
	})
}

// TestDisposeText puts each way of disposing in words: the chain named once,
// and "keeps" when nothing was sold or traded.
func TestDisposeText(t *testing.T) {
	p := disposalPosition()
	for _, c := range []struct{ do, want string }{
		{"bob dispose Worldwide sell 2 trade 4", "bob sells 2 Worldwide for $600 and trades 4 for 2 Tower"},
		{"bob dispose Worldwide trade 2", "bob trades 2 Worldwide for 1 Tower"},
		{"bob dispose Worldwide sell 1", "bob sells 1 Worldwide for $300"},
		{"bob dispose Worldwide", "bob keeps their Worldwide shares"},
	} {
		g := p.build(t)
		do(t, g, "bob play 1B", c.do)
		var got []string
		for _, e := range g.Events() {
			if e.Kind == EvDispose {
				got = append(got, g.Text(e, 0))
			}
		}
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: %q, want %q", c.do, got, c.want)
		}
	}
}
