package acquire

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/enginetest"
)

// vocabulary is the words fuzzed action text is made of, besides raw bytes.
var vocabulary = func() []string {
	w := []string{"play", "found", "survivor", "next", "dispose", "buy", "end", "skip", "sell", "trade",
		"0", "1", "2", "3", "4", "6", "25", "99", "100", "-1", "x", "", "#", "Luxor", "tower"}
	for c := range Chains {
		w = append(w, Modern.Chains[c].Name, Classic.Chains[c].Name)
	}
	for t := range Tile(Tiles) {
		w = append(w, t.String())
	}
	return w
}()

// FuzzGame plays a game chosen by the fuzzer's bytes: rules, options, seats,
// a full or short bag, then a mix of legal actions, arbitrary actions and
// arbitrary action text. After every action it checks the invariants, that
// an action is accepted exactly when it is legal, that a refusal changes
// nothing, that every tile and dollar is accounted for, and at the end that
// the game's record replays to the same game.
func FuzzGame(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 3, 1, 2, 3, 4, 5, 6, 7, 8, 200})
	f.Add([]byte{0, 2, 9, 9, 9, 9, 9, 9, 9, 9, 0, 5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 6, 10, 6, 7, 8, 6, 1, 0})
	f.Add([]byte{2, 5, 4, 4, 4, 4, 4, 4, 4, 4, 130})
	f.Add([]byte{0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 255, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := enginetest.NewInput(data)
		setup := fuzzSetup(in)
		g, err := New(setup)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		if err := g.invariants(); err != nil {
			t.Fatalf("New: %v", err)
		}
		rng := rand.New(rand.NewPCG(in.Uint64(), 1))
		tiles := trackTiles(g)
		var lines []string
		var legal []Action
		for step := 0; step < 3000 && !g.Over(); step++ {
			seat, a := fuzzAction(in, g, rng)
			before := *g
			legal = before.AppendLegal(legal[:0], seat)
			ok := slices.Contains(legal, canon(a))
			err := g.Do(seat, a)
			if err != nil {
				if ok {
					t.Fatalf("%s: legal, but refused: %v", before.Line(0, a), err)
				}
				if *g != before {
					t.Fatalf("seat %d %s: refused (%v) but the game changed", seat, a.Text(g.rules), err)
				}
				if !errors.Is(err, engine.ErrIllegal) {
					t.Fatalf("seat %d %s: %v does not wrap ErrIllegal", seat, a.Text(g.rules), err)
				}
				continue
			}
			line := before.Line(seat, a)
			if !ok {
				t.Fatalf("%s: accepted, but not among the legal actions %v", line, legal)
			}
			lines = append(lines, line)
			if err := g.invariants(); err != nil {
				t.Fatalf("after %s: %v\n%s", line, err, g)
			}
			if err := checkMoney(&before, g, seat, a); err != nil {
				t.Fatalf("after %s: %v", line, err)
			}
			if err := tiles.update(g); err != nil {
				t.Fatalf("after %s: %v", line, err)
			}
			if _, forced := g.Forced(); forced && !g.Over() {
				t.Fatalf("after %s: a forced step is left: %s", line, g.Due())
			}
		}

		// The record of the game replays to the same game.
		var rec bytes.Buffer
		if err := engine.WriteRecord(&rec, setup.Header(), lines); err != nil {
			t.Fatal(err)
		}
		rp, err := replayText(rec.String())
		if err != nil {
			t.Fatalf("replay: %v\n%s", err, rec.String())
		}
		if d := sameGame(g, rp.Game); d != "" {
			t.Fatalf("the replayed game differs: %s\n%s", d, rec.String())
		}
	})
}

func fuzzSetup(in *enginetest.Input) Setup {
	names := []string{"ann", "bob", "cat", "dan", "eve", "fay"}
	b := in.Byte()
	r := RuleSets[int(b)%len(RuleSets)]
	var opts Options
	if b&0x10 != 0 {
		opts.Holdings = HoldingsHidden
	}
	if b&0x20 != 0 && r.Redraw {
		opts.Hand = HandRedraw
	}
	n := 1 + int(in.Byte())%MaxSeats
	s := Deal(r, opts, names[:n], rand.New(rand.NewPCG(in.Uint64(), 2)))
	// A short bag half the time: from the start tiles alone to all 108.
	if k := in.Byte(); k >= 128 {
		s.Bag = s.Bag[:n+int(k-128)%(Tiles-n+1)]
	}
	return s
}

// fuzzAction picks a seat and an action: mostly legal ones, then arbitrary
// values, fuzzed text and the bots' RandomAction.
func fuzzAction(in *enginetest.Input, g *Game, rng *rand.Rand) (int, Action) {
	due, _ := g.ToMove()
	seat := int(due)
	op := in.Byte()
	switch op % 16 {
	case 10, 11: // any values at all
		a := Action{
			Verb:  Verb(in.Byte() % 10),
			Tile:  Tile(in.Byte()),
			Chain: Chain(int8(in.Byte())%9 - 1),
			Sell:  int8(in.Byte())%40 - 3,
			Trade: int8(in.Byte())%40 - 3,
			N:     int8(in.Byte())%6 - 1,
		}
		for i := range a.Buys {
			a.Buys[i] = Chain(int8(in.Byte())%9 - 1)
		}
		if b := in.Byte(); b&0x80 != 0 {
			seat = int(b%8) - 1
		}
		return seat, a
	case 12, 13: // text
		var text string
		if k := int(in.Byte()); k&1 == 0 {
			text = string(in.Take(k / 8))
		} else {
			w := make([]string, k%6)
			for i := range w {
				w[i] = vocabulary[int(in.Byte())%len(vocabulary)]
			}
			text = strings.Join(w, " ")
		}
		a, err := g.rules.ParseAction(text)
		if err != nil {
			// Unreadable text is refused before Do; the engine.Game
			// adapter must say so with ErrIllegal.
			if _, err := g.ParseAction(due, text); !errors.Is(err, engine.ErrIllegal) {
				panic(fmt.Sprintf("ParseAction(%q): %v does not wrap ErrIllegal", text, err))
			}
			a, _ = g.RandomAction(seat, rng)
		}
		return seat, a
	case 14: // the bots' draw
		a, ok := g.RandomAction(seat, rng)
		if !ok {
			panic("RandomAction: nothing for the seat to move")
		}
		return seat, a
	}
	legal := g.AppendLegal(nil, seat)
	i := int(in.Byte())
	if in.Len() == 0 {
		i = rng.IntN(len(legal))
	}
	return seat, legal[i%len(legal)]
}

// canon writes a as AppendLegal lists it: only the fields its verb uses, a
// buy's chains in chain order.
func canon(a Action) Action {
	switch a.Verb {
	case Play:
		return Action{Verb: Play, Tile: a.Tile}
	case Found, Survivor, Next:
		return Action{Verb: a.Verb, Chain: a.Chain}
	case Dispose:
		return Action{Verb: Dispose, Chain: a.Chain, Sell: a.Sell, Trade: a.Trade}
	case Buy:
		b := Action{Verb: Buy, N: a.N}
		if a.N >= 0 && int(a.N) <= len(a.Buys) {
			copy(b.Buys[:], a.Buys[:a.N])
			slices.Sort(b.Buys[:a.N])
		}
		return b
	case Skip, End:
		return Action{Verb: a.Verb}
	}
	return a
}

// checkMoney checks that money moved only as the rules move it: each seat's
// cash changed by the events naming it; a buy cost the current prices and
// sales the price before the merger; each chain's bonuses add up to the
// majority and minority bonus (C9: the majority alone), rounded up.
func checkMoney(before, after *Game, seat int, a Action) error {
	if after.nEvents == maxEvents {
		return fmt.Errorf("%d events: some were lost", maxEvents)
	}
	var delta [MaxSeats]int32
	type round struct {
		chain Chain
		size  int16
	}
	bonus := map[round][]int32{}
	var spent int32
	for _, e := range after.Events() {
		switch e.Kind {
		case EvBonus:
			delta[e.Seat] += e.Amount
			k := round{e.Chain, e.N}
			bonus[k] = append(bonus[k], e.Amount)
		case EvDispose:
			delta[e.Seat] += e.Amount
			if p := int32(before.rules.Price(e.Chain, int(before.preSize[e.Chain]))); e.Amount != int32(e.N)*p {
				return fmt.Errorf("%s sold %d %s for $%d at $%d", after.names[e.Seat], e.N, after.rules.chainName(e.Chain), e.Amount, p)
			}
		case EvSale:
			delta[e.Seat] += e.Amount
		case EvBuy:
			delta[e.Seat] -= e.Amount
			spent += e.Amount
		}
	}
	for s := range after.seats {
		if got := after.cash[s] - before.cash[s]; got != delta[s] {
			return fmt.Errorf("%s's cash changed by $%d, the events say $%d", after.names[s], got, delta[s])
		}
	}
	if a.Verb == Buy {
		var cost int32
		for _, c := range a.Buys[:a.N] {
			cost += int32(before.rules.Price(c, int(before.size[c])))
		}
		if spent != cost {
			return fmt.Errorf("the buy cost $%d, at current prices $%d", spent, cost)
		}
	} else if spent != 0 {
		return fmt.Errorf("$%d spent by %s, not a buy", spent, a.Verb)
	}
	for k, parts := range bonus {
		p := int32(after.rules.Price(k.chain, int(k.size)))
		total, base := int32(0), 15*p
		if after.rules.TwoSeatBonus && after.seats == 2 {
			base = 10 * p
		}
		for _, x := range parts {
			total += x
		}
		if total < base || total > base+100*int32(len(parts)-1) {
			return fmt.Errorf("%s at %d tiles: bonuses %v, want $%d in all, rounded up", after.rules.chainName(k.chain), k.size, parts, base)
		}
	}
	return nil
}

// tileTracker follows each tile from the bag to a rack, then to the board
// or out of the game, and never back.
type tileTracker struct{ where [Tiles]int8 }

const (
	inBag     = -1 // or never in the bag
	onBoard   = -2
	outOfGame = -3
	// 0–5: in that seat's rack
)

func trackTiles(g *Game) *tileTracker {
	tr := &tileTracker{}
	tr.where = tr.now(g)
	return tr
}

func (tr *tileTracker) now(g *Game) (w [Tiles]int8) {
	for x := range Tile(Tiles) {
		w[x] = inBag
	}
	for _, x := range g.bag[:g.drawn] {
		w[x] = outOfGame
	}
	for x := range Tile(Tiles) {
		if g.cells[cellOf[x]] != emptyCell {
			w[x] = onBoard
		}
	}
	for s := range g.seats {
		for _, x := range g.rack[s] {
			if x != NoTile {
				w[x] = s
			}
		}
	}
	return w
}

func (tr *tileTracker) update(g *Game) error {
	dead := map[Tile]bool{}
	redrawn := map[int8]bool{}
	for _, e := range g.Events() {
		switch e.Kind {
		case EvDeadTile:
			dead[e.Tile] = true
			if g.classify(e.Tile) != Dead {
				return fmt.Errorf("%s discarded %s, which is not dead", g.names[e.Seat], e.Tile)
			}
		case EvRedraw:
			redrawn[e.Seat] = true
		}
	}
	now := tr.now(g)
	for x := range Tile(Tiles) {
		was, is := tr.where[x], now[x]
		ok := was == is
		switch {
		case ok:
		case was == inBag:
			// Drawn, then out: a dead replacement, or drawn at the end of
			// the turn and set aside at the start of the next (A22).
			ok = is >= 0 || is == outOfGame && (dead[x] || len(redrawn) > 0)
		case was >= 0 && is == onBoard:
			ok = true
		case was >= 0 && is == outOfGame:
			ok = dead[x] || redrawn[was]
		}
		if !ok {
			return fmt.Errorf("tile %s went from %d to %d", x, was, is)
		}
		if dead[x] && is != outOfGame {
			return fmt.Errorf("dead tile %s is still in the game", x)
		}
	}
	tr.where = now
	return nil
}

// FuzzRecord reads arbitrary text as a record: it may be refused, but
// nothing may panic, an error names its line, and a game read is whole.
func FuzzRecord(f *testing.F) {
	files, _ := filepath.Glob("testdata/records/*.txt")
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(text))
	}
	f.Add("hotels-record 1\ngame acquire\nrules classic\nseat a\nbag 1A 2A 3A\nstock a Luxor 3\na play 2A\na found Luxor\ncheck shares a Luxor 3\n")
	f.Add("hotels-record 1\ngame acquire\noption hand=redraw holdings=hidden\nseat a\nseat b\nbag A1 b2\nresult a 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := engine.ReadRecord(strings.NewReader(text))
		if err != nil {
			var le *engine.LineError
			if !errors.As(err, &le) || le.Line < 1 {
				t.Fatalf("ReadRecord: %v, not a *LineError", err)
			}
			return
		}
		rp, err := ReadRecord(rec)
		if err != nil {
			var le *engine.LineError
			if !errors.As(err, &le) {
				t.Fatalf("acquire.ReadRecord: %v, not a *LineError", err)
			}
		}
		if rp == nil || rp.Game == nil {
			return
		}
		g := rp.Game
		if err := g.invariants(); err != nil {
			t.Fatalf("%v\n%s", err, g)
		}
		_ = g.Describe()
		for v := engine.Watcher; v < engine.Seat(g.seats); v++ {
			_ = g.ViewFor(v)
			_ = g.Log(v)
		}
	})
}
