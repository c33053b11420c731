package holiday

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/enginetest"
)

func TestEngine(t *testing.T) {
	for n := MinSeats; n <= MaxSeats; n++ {
		enginetest.Check(t, func(seed uint64) engine.Game { return newGame(t, n, seed) }, enginetest.Options{Games: 3})
	}
}

// TestDoLegal plays random games twice over, through Do and through
// DoLegal: every action RandomAction draws is legal, and skipping the check
// changes nothing.
func TestDoLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 60 {
		g := newGame(t, 2+i%5, uint64(i))
		fast := *g
		for !g.Over() {
			a, _ := g.RandomAction(int(g.turn), rng)
			if err := g.Do(int(g.turn), a); err != nil {
				t.Fatalf("RandomAction drew an illegal action: %v", err)
			}
			fast.DoLegal(int(fast.turn), a)
			if fast != *g {
				t.Fatalf("DoLegal(%s) and Do differ", a)
			}
		}
	}
}

// randomGames plays n full games with random legal decisions, calling
// after with each game after every decision.
func randomGames(t *testing.T, n int, after func(g *Game)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range n {
		g := newGame(t, 2+i%5, uint64(1000+i))
		for !g.Over() {
			a, _ := g.RandomAction(int(g.turn), rng)
			g.DoLegal(int(g.turn), a)
			after(g)
		}
	}
}

// TestH23_Counts checks the counts of H23 in random full games: every turn
// plays exactly 2 cards, no hand falls below 4 before the final round, and
// a game without a coup ends after (104 − R − 4N)/2 turns.
func TestH23_Counts(t *testing.T) {
	wantTurns := [MaxSeats + 1]int{2: 44, 3: 42, 4: 40, 5: 40, 6: 36}
	var turns, cards, games, early int
	special, final := false, false
	randomGames(t, 300, func(g *Game) {
		for _, e := range g.Events() {
			switch e.Kind {
			case EvSpecial:
				special = true
			case EvFinal:
				special, final = true, true
			case EvTake:
				if !special {
					turns++
				}
			case EvCard, EvExchange, EvRaise:
				if !final {
					cards++
				}
			}
		}
		if !final {
			for s := range g.seats {
				if g.nHand[s] < EarlyEndHand {
					t.Fatalf("H23: seat %d holds %d cards before the final round", s, g.nHand[s])
				}
			}
		}
		if !g.Over() {
			return
		}
		games++
		if cards != 2*turns {
			t.Errorf("H23: %d cards in %d turns", cards, turns)
		}
		if g.coup < 0 {
			early++
			if turns != wantTurns[g.seats] {
				t.Errorf("H23: %d seats: %d turns without a coup, want %d", g.seats, turns, wantTurns[g.seats])
			}
		}
		turns, cards, special, final = 0, 0, false, false
	})
	if games != 300 || early == 0 || early == games {
		t.Errorf("H23: %d games, %d without a coup: want some of each", games, early)
	}
}

// TestH24_BankNeverRunsOut checks H24 in random full games: the shares
// taken never exceed 2 × the no-coup turns + 2 × the option cards dealt.
func TestH24_BankNeverRunsOut(t *testing.T) {
	bound := [MaxSeats + 1]int{2: 96, 3: 96, 4: 88, 5: 90, 6: 84}
	randomGames(t, 300, func(g *Game) {
		if taken := Companies*SharesEach - g.bankTotal(); taken > bound[g.seats] {
			t.Fatalf("H24: %d seats: %d shares taken, more than %d", g.seats, taken, bound[g.seats])
		}
	})
}

// words returns the set of words in text: runs of letters, digits and
// dashes, so that a card's name is one word (Alps-1, never in Alps-10).
func words(text []byte) map[string]bool {
	out := map[string]bool{}
	for _, w := range bytes.FieldsFunc(text, func(r rune) bool {
		return !(r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) {
		out[string(w)] = true
	}
	return out
}

// TestH25_NothingHiddenLeaks plays random games and, after every decision,
// marshals every seat's and the watcher's view and reads their log: no card
// in another hand or in the stock may appear, nor the stock's order.
func TestH25_NothingHiddenLeaks(t *testing.T) {
	seen := 0
	randomGames(t, 30, func(g *Game) {
		for viewer := engine.Watcher; viewer < engine.Seat(g.seats); viewer++ {
			view, err := json.Marshal(g.View(viewer))
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range g.Log(viewer) {
				view = append(view, "\n"+line...)
			}
			shown := words(view)
			var hidden []Card
			for s := range g.seats {
				hand, k := g.Hand(int(s))
				if engine.Seat(s) == viewer {
					h := hand[:k]
					if len(h) > 0 && !shown[h[0].String()] {
						t.Fatalf("H25: seat %d does not see its own card %s", s, h[0])
					}
					seen += len(h)
				} else {
					hidden = append(hidden, hand[:k]...)
				}
			}
			hidden = append(hidden, g.deck[g.drawn:g.deckLen]...)
			for _, k := range hidden {
				if k.IsDestination() && shown[k.String()] { // the other Exchange or Raise may be public
					t.Fatalf("H25: viewer %d sees the hidden card %s:\n%s", viewer, k, view)
				}
			}
		}
	})
	if seen == 0 {
		t.Error("no seat saw its own hand")
	}
}

// TestRecordRoundTrip writes random games as records, replays them and
// wants the same standings and the same game.
func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 100 {
		n := 2 + i%5
		names := []string{"ann", "bob", "cat", "dan", "eve", "fay"}[:n]
		s := Deal(names, rng)
		g, err := New(s)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for !g.Over() {
			a, _ := g.RandomAction(int(g.turn), rng)
			lines = append(lines, g.Line(int(g.turn), a))
			g.DoLegal(int(g.turn), a)
			if i%3 == 0 { // checks along the way
				lines = append(lines, checks(g)...)
			}
		}
		var res bytes.Buffer
		res.WriteString("result")
		for s := range g.seats {
			res.WriteString(" " + g.names[s] + " " + itoa(g.score(s)))
		}
		lines = append(lines, res.String())
		var rec bytes.Buffer
		if err := engine.WriteRecord(&rec, s.Header(), lines); err != nil {
			t.Fatal(err)
		}
		rp, err := replayText(rec.String())
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, rec.String())
		}
		if !slices.Equal(rp.Game.Standings(), g.Standings()) {
			t.Fatalf("game %d: replayed standings %v, want %v", i, rp.Game.Standings(), g.Standings())
		}
		g.nEvents, rp.Game.nEvents, g.events, rp.Game.events = 0, 0, [maxEvents]Event{}, [maxEvents]Event{}
		if *g != *rp.Game {
			t.Fatalf("game %d: the replayed game differs", i)
		}
	}
}

// checks writes check lines for g's state.
func checks(g *Game) []string {
	s := g.turn
	out := []string{"check hand " + g.names[s] + " " + itoa(int(g.nHand[s]))}
	shares := "check shares " + g.names[s]
	bank, value := "check bank", "check value"
	for c := range Company(Companies) {
		shares += " " + c.String() + " " + itoa(int(g.shares[s][c]))
		bank += " " + c.String() + " " + itoa(int(g.bank[c]))
		value += " " + c.String() + " " + itoa(g.value(c))
	}
	return append(out, shares, bank, value)
}

func itoa(n int) string { return strconv.Itoa(n) }
