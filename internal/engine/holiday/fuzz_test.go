package holiday

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/enginetest"
)

// vocabulary is the words fuzzed action text is made of.
var vocabulary = func() []string {
	w := []string{"take", "option", "card", "exchange", "raise", "pass", "TAKE", "", "x", "#", "0", "-1"}
	w = append(w, companyNames[:]...)
	for k := range Cards - 2 {
		w = append(w, Card(k).String())
	}
	return w
}()

// FuzzGame plays a game chosen by the fuzzer's bytes: seats, a full or
// short deck, then a mix of legal actions, arbitrary actions and arbitrary
// action text. After every action it checks the invariants, that an action
// is accepted exactly when it is legal, that a refusal changes nothing, that
// no forced step is left, and at the end that the game's record replays to
// the same game.
func FuzzGame(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{2, 1, 2, 3, 4, 5, 6, 7, 8, 200})
	f.Add([]byte{0, 9, 9, 9, 9, 9, 9, 9, 9, 130, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{4, 4, 4, 4, 4, 4, 4, 4, 4, 255, 5, 5, 5, 5, 5, 5, 5, 5, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := enginetest.NewInput(data)
		names := []string{"ann", "bob", "cat", "dan", "eve", "fay"}
		n := MinSeats + int(in.Byte())%(MaxSeats-MinSeats+1)
		setup := Deal(names[:n], rand.New(rand.NewPCG(in.Uint64(), 2)))
		if k := in.Byte(); k >= 128 { // a short deck half the time
			setup.Deck = setup.Deck[:int(k-128)%(Cards+1)]
		}
		g, err := New(setup)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		if err := g.invariants(); err != nil {
			t.Fatalf("New: %v", err)
		}
		rng := rand.New(rand.NewPCG(in.Uint64(), 1))
		var lines []string
		var legal []Action
		for step := 0; step < 2000 && !g.Over(); step++ {
			seat, a := fuzzAction(in, g, rng)
			before := *g
			legal = before.AppendLegal(legal[:0], seat)
			ok := slices.Contains(legal, a)
			err := g.Do(seat, a)
			if err != nil {
				if ok {
					t.Fatalf("seat %d %s: legal, but refused: %v", seat, a, err)
				}
				if *g != before {
					t.Fatalf("seat %d %s: refused (%v) but the game changed", seat, a, err)
				}
				var re *engine.RuleError
				if !errors.Is(err, engine.ErrIllegal) || !errors.As(err, &re) {
					t.Fatalf("seat %d %s: %v is no RuleError wrapping ErrIllegal", seat, a, err)
				}
				continue
			}
			if !ok {
				t.Fatalf("seat %d %s: accepted, but not among the legal actions %v", seat, a, legal)
			}
			lines = append(lines, before.Line(seat, a))
			if err := g.invariants(); err != nil {
				t.Fatalf("after %s: %v", lines[len(lines)-1], err)
			}
			if _, forced := g.Forced(); forced {
				t.Fatalf("after %s: a forced step is left: %s", lines[len(lines)-1], g.Due())
			}
		}
		var rec bytes.Buffer
		if err := engine.WriteRecord(&rec, setup.Header(), lines); err != nil {
			t.Fatal(err)
		}
		rp, err := replayText(rec.String())
		if err != nil {
			t.Fatalf("replay: %v\n%s", err, rec.String())
		}
		g.nEvents, rp.Game.nEvents, g.events, rp.Game.events = 0, 0, [maxEvents]Event{}, [maxEvents]Event{}
		if *g != *rp.Game {
			t.Fatalf("the replayed game differs\n%s", rec.String())
		}
	})
}

// fuzzAction picks a seat and an action: mostly legal ones, then arbitrary
// ones and action text made of the vocabulary or raw bytes.
func fuzzAction(in *enginetest.Input, g *Game, rng *rand.Rand) (int, Action) {
	seat := int(g.turn)
	b := in.Byte()
	switch {
	case b < 160:
		a, _ := g.RandomAction(seat, rng)
		return seat, a
	case b < 200:
		var text []string
		for range 1 + int(in.Byte())%3 {
			text = append(text, vocabulary[int(in.Byte())%len(vocabulary)])
		}
		if a, err := ParseAction(strings.Join(text, " ")); err == nil {
			return seat, a
		}
		return seat, Action{Verb: Pass, A: NoCompany, B: NoCompany}
	case b < 230:
		return int(in.Byte()%8) - 1, Action{Verb: Take, N: 2, A: Alps, B: Alps}
	}
	return seat, Action{Verb: Verb(in.Byte() % 8), Card: Card(in.Byte()), N: int8(in.Byte()%4) - 1,
		A: Company(in.Byte()%7) - 1, B: Company(in.Byte()%7) - 1}
}

// invariants checks what every game keeps: every card is once in a hand,
// the stock, the pile or beside a company; every share in a hand or the
// bank; suitcases match the destination cards played.
func (g *Game) invariants() error {
	var dealt, found [Cards]int
	for _, k := range g.deck[:g.deckLen] {
		dealt[k]++
	}
	for s := range g.seats {
		if g.nHand[s] < 0 || g.nHand[s] > HandSize {
			return fmt.Errorf("seat %d holds %d cards", s, g.nHand[s])
		}
		if g.nDest[s]+g.nEx[s]+g.nRaise[s] != g.nHand[s] {
			return fmt.Errorf("seat %d holds %d cards, counted %d+%d+%d", s, g.nHand[s], g.nDest[s], g.nEx[s], g.nRaise[s])
		}
		h, n := g.Hand(int(s))
		for _, k := range h[:n] {
			found[k]++
		}
		if g.options[s] < 0 {
			return fmt.Errorf("seat %d holds %d options", s, g.options[s])
		}
	}
	for _, k := range g.deck[g.drawn:g.deckLen] {
		found[k]++
	}
	var tracks [Companies]uint32
	for _, k := range g.pile[:g.nPile] {
		found[k]++
		if k.IsDestination() {
			tracks[k.Company()] |= 1 << (k % Destinations)
		}
	}
	for c := range Company(Companies) {
		found[Raise] += int(g.raises[c])
		if tracks[c] != g.track[c] {
			return fmt.Errorf("%s: suitcases %b, destination cards played %b", c, g.track[c], tracks[c])
		}
		n := int(g.bank[c])
		for s := range g.seats {
			if g.shares[s][c] < 0 {
				return fmt.Errorf("seat %d holds %d %s", s, g.shares[s][c], c)
			}
			n += int(g.shares[s][c])
		}
		if g.bank[c] < 0 || n != SharesEach {
			return fmt.Errorf("%s: bank %d, %d shares in all", c, g.bank[c], n)
		}
	}
	if g.code != g.bankCode() {
		return fmt.Errorf("the bank's code is %d, want %d", g.code, g.bankCode())
	}
	if found != dealt {
		return errors.New("the cards in play are not the deck's")
	}
	return nil
}

// FuzzRecord reads arbitrary record text: it may be refused, but never
// panics, and an error is at a line of the text.
func FuzzRecord(f *testing.F) {
	rng := rand.New(rand.NewPCG(9, 9))
	s := Deal([]string{"ann", "bob", "cat"}, rng)
	g, _ := New(s)
	var lines []string
	for i := 0; !g.Over() && i < 40; i++ {
		a, _ := g.RandomAction(int(g.turn), rng)
		lines = append(lines, g.Line(int(g.turn), a))
		g.DoLegal(int(g.turn), a)
	}
	lines = append(lines, checks(g)...)
	var rec bytes.Buffer
	_ = engine.WriteRecord(&rec, s.Header(), lines)
	f.Add(rec.String())
	f.Add("hotels-record 1\ngame holiday\nseat a\nseat b\ndeck Alps-1 Raise\na take\nresult a 0 b 0\n")
	f.Add("hotels-record 1\ngame holiday\nseat a\ndeck\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := engine.ReadRecord(strings.NewReader(text))
		if err != nil {
			return
		}
		_, err = ReadRecord(rec)
		var le *engine.LineError
		if err != nil && (!errors.As(err, &le) || le.Line < 1 || le.Line > strings.Count(text, "\n")+1) {
			t.Fatalf("error %v is at no line of the text", err)
		}
	})
}
