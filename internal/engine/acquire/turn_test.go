package acquire

import (
	"slices"
	"strings"
	"testing"
)

// sevenChains has every modern chain on the board and a lone tile at 11F:
// 10F, 11E, 12F and 11G would found an eighth chain (A13).
const sevenChains = `
	WW.SS.FF.II.
	............
	AA.CC.TT....
	............
	............
	..........o.
	............
	............
	............`

// twoSafe has two safe chains, Tower (3A–12A, 12B) and American (3C–11C,
// 3D, 4D), with Worldwide (1B, 2B) beside them: 3B–11B touch both safe
// chains and are dead (A15).
const twoSafe = `
	..TTTTTTTTTT
	WW.........T
	..AAAAAAAAA.
	..AA........
	............
	............
	............
	............
	............`

// events returns the kinds of g's last events.
func events(g *Game) []EventKind {
	var out []EventKind
	for _, e := range g.Events() {
		out = append(out, e.Kind)
	}
	return out
}

func TestTurn(t *testing.T) {
	p := position{
		board: `
			TT..........
			............
			............
			............
			............
			............
			............
			............
			............`,
		racks: []string{"12I 5E", "1I"},
		bag:   "7G 8G 9G",
	}
	t.Run("A9/a playable tile must be played", func(t *testing.T) {
		g := p.build(t)
		refusedAction(t, g, 0, Action{Verb: Skip}, "A9")
		refused(t, g, "ann buy Tower", "")
	})
	t.Run("A9/only a tile in the rack", func(t *testing.T) {
		g := p.build(t)
		refused(t, g, "ann play 1I", "A9") // bob's
		refused(t, g, "ann play 7G", "A9") // still in the bag
		refused(t, g, "ann play 1A", "A9") // on the board
		refusedAction(t, g, 0, Action{Verb: Play, Tile: NoTile}, "A9")
		refusedAction(t, g, 0, Action{Verb: Play, Tile: 200}, "A9")
	})
	t.Run("A9/play, buy, draw", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "ann play 5E")
		if g.Phase() != PhaseBuy || g.rackOf(0) != "12I" {
			t.Fatalf("after the play: phase %v, rack %s; want buy, 12I", g.Phase(), g.rackOf(0))
		}
		refused(t, g, "ann play 12I", "")
		do(t, g, "ann buy Tower")
		if s, _ := g.ToMove(); s != 1 || g.rackOf(0) != "12I 7G 8G 9G" {
			t.Errorf("after the buy: %s to move, ann's rack %s; want bob, 12I 7G 8G 9G", g.Name(int(s)), g.rackOf(0))
		}
	})
	t.Run("A9/another seat may not act", func(t *testing.T) {
		g := p.build(t)
		refused(t, g, "bob play 1I", "")
		refusedAction(t, g, -1, Action{Verb: Play, Tile: tile(t, "5E")}, "")
		refusedAction(t, g, 3, Action{Verb: Play, Tile: tile(t, "5E")}, "")
		refusedAction(t, g, 6, Action{Verb: Play, Tile: tile(t, "5E")}, "")
	})
}

func TestTileEffects(t *testing.T) {
	board := `
		o...........
		............
		....TT......
		............
		....AA......
		............
		............
		............
		............`
	tests := []struct {
		name  string
		tile  string
		class Class
		phase Phase
		want  string // the board's row of the tile after the play
	}{
		{"A10/touches nothing: lone tile", "12I", Lone, PhaseBuy, "...........o"},
		{"A10/touches only lone tiles: founds a chain", "1B", Founds, PhaseFound, "o..........."},
		{"A10/touches one chain: grows it", "7C", Grows, PhaseBuy, "....TTT....."},
		{"A10/touches two chains: merger", "5D", Merges, PhaseSurvivor, "....o......."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := position{board: board, racks: []string{tc.tile, "9I"}}.build(t)
			x := tile(t, tc.tile)
			if got := g.classify(x); got != tc.class {
				t.Errorf("classify(%s) = %v, want %v", x, got, tc.class)
			}
			do(t, g, "ann play "+tc.tile)
			if g.Phase() != tc.phase {
				t.Errorf("after play %s: phase %v, want %v", x, g.Phase(), tc.phase)
			}
			if got := strings.Split(g.String(), "\n")[x.Row()]; got != tc.want {
				t.Errorf("after play %s: row %c is %s, want %s", x, 'A'+x.Row(), got, tc.want)
			}
		})
	}
}

func TestFloodFill(t *testing.T) {
	tests := []struct {
		name      string
		board     string
		play      []string // ann's actions; the first plays her one tile
		chain     string
		size      int
		wantBoard string
	}{
		{
			name: "A11/founding takes lone tiles connected through lone tiles",
			board: `
				o...o.......
				o...........
				ooo.........
				...o........
				............
				............
				............
				............
				............`,
			play:  []string{"ann play 2A", "ann found Tower"},
			chain: "Tower", size: 6,
			wantBoard: `
				TT..o.......
				T...........
				TTT.........
				...o........
				............
				............
				............
				............
				............`,
		},
		{
			name: "A11/growth takes a snake of lone tiles",
			board: `
				.........TT.
				............
				.........o..
				.........ooo
				...........o
				o...........
				............
				............
				............`,
			play:  []string{"ann play 10B"},
			chain: "Tower", size: 8,
			wantBoard: `
				.........TT.
				.........T..
				.........T..
				.........TTT
				...........T
				o...........
				............
				............
				............`,
		},
		{
			name: "A11/a merger takes the lone tiles at the merging tile",
			board: `
				TTTT........
				....AA......
				...o........
				...oo.......
				............
				............
				............
				............
				............`,
			play:  []string{"ann play 4B"},
			chain: "Tower", size: 10,
			wantBoard: `
				TTTT........
				...TTT......
				...T........
				...TT.......
				............
				............
				............
				............
				............`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tile := strings.TrimPrefix(tc.play[0], "ann play ")
			g := position{board: tc.board, racks: []string{tile, "9I"}}.build(t)
			do(t, g, tc.play...)
			if got := g.Size(chain(t, g, tc.chain)); got != tc.size {
				t.Errorf("%s has %d tiles, want %d", tc.chain, got, tc.size)
			}
			if want := strings.Join(strings.Fields(tc.wantBoard), "\n") + "\n"; g.String() != want {
				t.Errorf("board:\n%s\nwant:\n%s", g, want)
			}
		})
	}
}

func TestFounding(t *testing.T) {
	board := `
		TT..........
		............
		............
		............
		....o.......
		............
		............
		............
		............`
	t.Run("A12/the founder picks any chain not on the board", func(t *testing.T) {
		g := position{board: board, racks: []string{"5F", "1I"}}.build(t)
		do(t, g, "ann play 5F")
		var got []string
		for _, a := range g.AppendLegal(nil, 0) {
			got = append(got, a.Text(g.rules))
		}
		want := []string{"found Worldwide", "found Sackson", "found Festival", "found Imperial", "found American", "found Continental"}
		if !slices.Equal(got, want) {
			t.Errorf("legal: %q, want %q", got, want)
		}
		refused(t, g, "ann found Tower", "A12")
		refusedAction(t, g, 0, Action{Verb: Found, Chain: NoChain}, "A12")
		refusedAction(t, g, 0, Action{Verb: Found, Chain: Chains}, "A12")
		refused(t, g, "bob found Sackson", "")
		do(t, g, "ann found Worldwide")
		w := chain(t, g, "Worldwide")
		if g.Size(w) != 2 || g.Shares(0, w) != 1 || g.Bank(w) != 24 {
			t.Errorf("Worldwide: %d tiles, ann holds %d, bank %d; want 2, 1 free share, 24", g.Size(w), g.Shares(0, w), g.Bank(w))
		}
		if ev := g.Events()[0]; ev.Kind != EvFound || ev.M != 1 {
			t.Errorf("event %+v, want a founding with a free share", ev)
		}
	})
	t.Run("A12/the last free chain is named for the founder", func(t *testing.T) {
		g := position{
			board: `
				WW.SS.FF.II.
				............
				AA.CC.......
				............
				............
				..........o.
				............
				............
				............`,
			racks: []string{"11G", "1I"},
		}.build(t)
		do(t, g, "ann play 11G")
		tower := chain(t, g, "Tower")
		if g.Phase() != PhaseBuy || g.Size(tower) != 2 || g.Shares(0, tower) != 1 {
			t.Errorf("phase %v, Tower %d tiles, ann holds %d; want buy, 2, 1", g.Phase(), g.Size(tower), g.Shares(0, tower))
		}
	})
	t.Run("A12/no free share when the bank has none", func(t *testing.T) {
		// bob kept all 25 Worldwide shares through a merger (A19).
		g := position{board: board, racks: []string{"5F", "1I"}, shares: []string{"", "Worldwide 25"}}.build(t)
		do(t, g, "ann play 5F", "ann found Worldwide")
		w := chain(t, g, "Worldwide")
		if g.Shares(0, w) != 0 || g.Shares(1, w) != 25 || g.Bank(w) != 0 {
			t.Errorf("ann %d, bob %d, bank %d Worldwide; want 0, 25, 0", g.Shares(0, w), g.Shares(1, w), g.Bank(w))
		}
		if ev := g.Events()[0]; ev.Kind != EvFound || ev.M != 0 {
			t.Errorf("event %+v, want a founding without a free share", ev)
		}
	})
	t.Run("C4/founding gives no free share", func(t *testing.T) {
		g := position{rules: Classic, board: strings.ReplaceAll(board, "T", "C"), racks: []string{"5F", "1I"}}.build(t)
		do(t, g, "ann play 5F", "ann found Luxor")
		l := chain(t, g, "Luxor")
		if g.Size(l) != 2 || g.Shares(0, l) != 0 || g.Bank(l) != 26 {
			t.Errorf("Luxor: %d tiles, ann holds %d, bank %d; want 2, 0, 26", g.Size(l), g.Shares(0, l), g.Bank(l))
		}
	})
}

func TestUnplayable(t *testing.T) {
	p := position{board: sevenChains, racks: []string{"11G 12F 3A", "9I", "1I"}, bag: "12I"}
	t.Run("A13/founding an eighth chain is unplayable for now", func(t *testing.T) {
		g := p.build(t)
		for _, s := range []string{"11G", "12F", "10F", "11E"} {
			if c := g.classify(tile(t, s)); c != Unplayable {
				t.Errorf("classify(%s) = %v, want unplayable", s, c)
			}
		}
		refused(t, g, "ann play 11G", "A13")
		if info := g.RackInfo(0)[0]; info.Class != Unplayable || !strings.Contains(info.Reason, "all seven chains") {
			t.Errorf("RackInfo: %+v", info)
		}
	})
	t.Run("A13/it stays in the rack and becomes playable when a chain is free", func(t *testing.T) {
		g := p.build(t)
		// 3A merges Worldwide and Sackson, tied: ann keeps Worldwide.
		do(t, g, "ann play 3A", "ann survivor Worldwide", "ann buy")
		if got := g.rackOf(0); got != "11G 12F 12I" {
			t.Errorf("ann's rack: %s, want 11G 12F 12I", got)
		}
		if len(g.removed()) != 0 {
			t.Errorf("removed %v, want none", g.removed())
		}
		if c := g.classify(tile(t, "11G")); c != Founds {
			t.Errorf("classify(11G) = %v once Sackson is free, want founds", c)
		}
	})
}

func TestDeadTile(t *testing.T) {
	p := position{board: twoSafe, racks: []string{"3B 9I", "9H"}}
	t.Run("A15/tile between two safe chains is dead", func(t *testing.T) {
		g := p.build(t)
		for _, s := range []string{"4B", "5B", "10B", "11B"} {
			if c := g.classify(tile(t, s)); c != Dead {
				t.Errorf("classify(%s) = %v, want dead", s, c)
			}
		}
		refused(t, g, "ann play 3B", "A15")
		if info := g.RackInfo(0)[0]; info.Class != Dead || !strings.Contains(info.Reason, "two safe chains") {
			t.Errorf("RackInfo: %+v", info)
		}
	})
	t.Run("A15/dead even when it also touches a smaller chain", func(t *testing.T) {
		g := p.build(t)
		if c := g.classify(tile(t, "3B")); c != Dead {
			t.Errorf("classify(3B), touching Tower, American and Worldwide = %v, want dead", c)
		}
	})
	t.Run("A15/one safe chain absorbs a smaller one: not dead", func(t *testing.T) {
		g := p.build(t)
		if c := g.classify(tile(t, "2A")); c != Merges {
			t.Errorf("classify(2A), touching Tower and Worldwide = %v, want a merger", c)
		}
	})
}

func TestDeadTileReplaced(t *testing.T) {
	p := position{
		board: twoSafe,
		racks: []string{"3B 5F 7G 1I 12I 9I", "10B 8H", "6H"},
		bag:   "4B 5B 6B 1H 2H",
	}
	t.Run("A22/dead tiles are replaced at the end of the own turn, again while dead", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "ann play 9I", "ann buy")
		if got := g.rackOf(0); got != "5F 7G 1I 12I 1H 2H" {
			t.Errorf("ann's rack: %s, want 5F 7G 1I 12I 1H 2H", got)
		}
		var dead []string
		for _, e := range g.Events() {
			if e.Kind == EvDeadTile {
				if e.Seat != 0 {
					t.Errorf("%s discards a dead tile on ann's turn", g.Name(int(e.Seat)))
				}
				dead = append(dead, e.Tile.String())
			}
		}
		// 4B is the normal draw, then each replacement is dead until 1H.
		if got := strings.Join(dead, " "); got != "3B 4B 5B 6B" {
			t.Errorf("dead tiles shown: %s, want 3B 4B 5B 6B", got)
		}
		if got := Tiles - len(g.removed()); got != 104 {
			t.Errorf("%d tiles left in the game, want 104", got)
		}
		if got := g.rackOf(1); got != "10B 8H" {
			t.Errorf("bob's rack %s changed on ann's turn", got)
		}
	})
	t.Run("A22/a dead tile is not replaced on another seat's turn, and not when the bag is empty", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "ann play 9I", "ann buy")
		refused(t, g, "bob play 10B", "A15")
		do(t, g, "bob play 8H", "bob buy")
		if got := g.rackOf(1); got != "" {
			t.Errorf("bob's rack: %s, want nothing: 10B is gone and the bag is empty", got)
		}
	})
	t.Run("A22/hand=redraw: a rack with no legal play is set aside", func(t *testing.T) {
		p := position{
			opts:  Options{Hand: HandRedraw},
			board: twoSafe,
			racks: []string{"9I 5E 6E 7E 8E 9E", "3B 4B", "6H"},
			bag:   "5F 7G 1I 12I 1H 2H 3H",
		}
		g := p.build(t)
		do(t, g, "ann play 9I", "ann buy")
		if got := events(g); !slices.Contains(got, EvRedraw) {
			t.Errorf("events %v: no redraw", got)
		}
		// ann played no dead tile and drew 5F; bob set 3B 4B aside.
		if got := g.rackOf(1); got != "7G 1I 12I 1H 2H 3H" {
			t.Errorf("bob's rack: %s, want 7G 1I 12I 1H 2H 3H", got)
		}
		if got := g.removed(); len(got) != 2 || got[0].String() != "3B" || got[1].String() != "4B" {
			t.Errorf("removed: %v, want 3B 4B", got)
		}
		if s, _ := g.ToMove(); s != 1 || g.Phase() != PhasePlay {
			t.Errorf("%s to %v, want bob to play", g.Name(int(s)), g.Phase())
		}
	})
	t.Run("A22/hand=redraw: dead tiles are not replaced one by one", func(t *testing.T) {
		p := position{
			opts:  Options{Hand: HandRedraw},
			board: twoSafe,
			racks: []string{"3B 9I", "6H"},
			bag:   "5F 7G",
		}
		g := p.build(t)
		do(t, g, "ann play 9I", "ann buy")
		if got := g.rackOf(0); got != "3B 5F 7G" {
			t.Errorf("ann's rack: %s, want 3B 5F 7G", got)
		}
	})
	t.Run("C7/dead tiles are not replaced", func(t *testing.T) {
		p := position{
			rules: Classic,
			board: strings.ReplaceAll(twoSafe, "T", "C"),
			racks: []string{"3B 9I", "6H"},
			bag:   "5F 7G 8G",
		}
		g := p.build(t)
		do(t, g, "ann play 9I", "ann buy")
		if got := g.rackOf(0); got != "3B 5F 7G 8G" {
			t.Errorf("ann's rack: %s, want 3B 5F 7G 8G", got)
		}
	})
}

func TestNoPlay(t *testing.T) {
	p := position{board: sevenChains, racks: []string{"9I", "11G 12F", "1I"}, bag: "2I"}
	t.Run("A21/no playable tile: the play is skipped, the seat still buys", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "ann play 9I", "ann buy")
		if got := events(g); !slices.Contains(got, EvSkip) {
			t.Errorf("events %v: bob's play is not skipped", got)
		}
		if s, _ := g.ToMove(); s != 1 || g.Phase() != PhaseBuy {
			t.Fatalf("%s to %v, want bob to buy", g.Name(int(s)), g.Phase())
		}
		do(t, g, "bob buy Tower")
		if g.Shares(1, chain(t, g, "Tower")) != 1 {
			t.Error("bob's buy did not happen")
		}
	})
	t.Run("A23/a seat that played no tile draws nothing", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "ann play 9I", "ann buy", "bob buy")
		if got := g.rackOf(1); got != "11G 12F" {
			t.Errorf("bob's rack: %s, want 11G 12F", got)
		}
		if got := g.rackOf(0); got != "2I" {
			t.Errorf("ann's rack: %s, want 2I", got)
		}
	})
	t.Run("A23/with the bag empty nobody draws and play goes on", func(t *testing.T) {
		g := position{board: sevenChains, seats: []string{"ann", "bob"}, racks: []string{"9I 8I", "1I"}}.build(t)
		do(t, g, "ann play 9I", "ann buy")
		if got := g.rackOf(0); got != "8I" || g.Over() {
			t.Errorf("ann's rack: %s, over %v; want 8I, not over", got, g.Over())
		}
		do(t, g, "bob play 1I", "bob buy")
		if s, _ := g.ToMove(); s != 0 || g.Over() {
			t.Errorf("%s to move, over %v; want ann", g.Name(int(s)), g.Over())
		}
	})
	t.Run("C7/blocked rack: no play, no draw, but a buy", func(t *testing.T) {
		g := position{
			rules: Classic,
			board: `
				CC.WW.LL.AA.
				............
				OO.SS.FF....
				............
				............
				..........o.
				............
				............
				............`,
			racks: []string{"11G", "1I"},
			bag:   "2I",
		}.build(t)
		if g.Phase() != PhaseBuy {
			t.Fatalf("phase %v, want ann's play skipped", g.Phase())
		}
		do(t, g, "ann buy Luxor")
		if got := g.rackOf(0); got != "11G" {
			t.Errorf("ann's rack: %s, want 11G", got)
		}
		if g.Over() {
			t.Error("the game is over: an unplayable tile is not dead (C8)")
		}
	})
}

func TestBuy(t *testing.T) {
	p := position{
		board: `
			TTTTT.......
			............
			WW..........
			............
			............
			............
			............
			............
			............`,
		racks:  []string{"6A 12I", "1I"},
		shares: []string{"", "Tower 23"},
	}
	t.Run("A20/at the current price, after the play", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "ann play 6A", "ann buy Tower Worldwide")
		// Tower grew to 6 tiles: $800; Worldwide at 2: $200.
		if g.Cash(0) != 5000 || g.Shares(0, chain(t, g, "Tower")) != 1 || g.Shares(0, chain(t, g, "Worldwide")) != 1 {
			t.Errorf("ann: $%d, Tower %d, Worldwide %d; want $5000, 1, 1", g.Cash(0), g.Shares(0, 6), g.Shares(0, 0))
		}
	})
	t.Run("A20/what may be bought", func(t *testing.T) {
		g := p.build(t)
		do(t, g, "ann play 6A")
		refused(t, g, "ann buy Sackson", "A20")                // not on the board
		refused(t, g, "ann buy Tower Tower Tower", "A20")      // the bank has 2
		refused(t, g, "ann dispose Tower sell 1", "")          // no selling (A20)
		refusedAction(t, g, 0, Action{Verb: Buy, N: 4}, "A20") // at most 3
		refusedAction(t, g, 0, Action{Verb: Buy, N: -1}, "A20")
		refusedAction(t, g, 0, Action{Verb: Buy, N: 1, Buys: [3]Chain{NoChain}}, "A20")
		refusedAction(t, g, 0, Action{Verb: Buy, N: 1, Buys: [3]Chain{Chains}}, "A20")
		if _, err := g.rules.ParseAction("buy Worldwide Worldwide Worldwide Worldwide"); err == nil {
			t.Error("ParseAction reads four shares")
		}
		var got []string
		for _, a := range g.AppendLegal(nil, 0) {
			got = append(got, a.Text(g.rules))
		}
		want := []string{
			"buy", "buy Worldwide", "buy Worldwide Worldwide", "buy Worldwide Worldwide Worldwide",
			"buy Worldwide Worldwide Tower", "buy Worldwide Tower", "buy Worldwide Tower Tower",
			"buy Tower", "buy Tower Tower",
		}
		if !slices.Equal(got, want) {
			t.Errorf("legal buys:\n%q\nwant:\n%q", got, want)
		}
		// A legal action is the same value as its text read back, so that
		// callers may compare actions with ==.
		for _, a := range g.AppendLegal(nil, 0) {
			if b, err := g.rules.ParseAction(a.Text(g.rules)); b != a || err != nil {
				t.Errorf("legal %+v reads back as %+v, %v", a, b, err)
			}
		}
	})
	t.Run("A20/limited by cash", func(t *testing.T) {
		p := p
		p.cash = []int{1500}
		g := p.build(t)
		do(t, g, "ann play 6A")
		refused(t, g, "ann buy Tower Tower", "A20") // $1,600
		do(t, g, "ann buy Tower Worldwide Worldwide")
		if g.Cash(0) != 300 {
			t.Errorf("ann has $%d, want $300", g.Cash(0))
		}
	})
	t.Run("C4/at most one share a turn", func(t *testing.T) {
		p := p
		p.rules, p.shares = Classic, nil
		p.board = strings.NewReplacer("T", "C", "W", "L").Replace(p.board)
		g := p.build(t)
		do(t, g, "ann play 6A")
		refused(t, g, "ann buy Continental Continental", "C4")
		refused(t, g, "ann buy Continental Luxor", "C4")
		if n := len(g.AppendLegal(nil, 0)); n != 3 {
			t.Errorf("%d legal buys, want 3: nothing, Continental, Luxor", n)
		}
		do(t, g, "ann buy Continental")
		// Classic Continental at 6 tiles: $700.
		if g.Cash(0) != 5300 {
			t.Errorf("ann has $%d, want $5300", g.Cash(0))
		}
	})
}
