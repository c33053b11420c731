package holiday

import (
	"fmt"
	"math/rand/v2"

	"hotels/internal/engine"
)

// Kind is Holiday AG as the server hosts it. It has no rule sets and no
// options: the rules have none (holiday-ag.md).
var Kind = engine.Kind{
	Name:     GameName,
	Title:    "Holiday AG",
	MinSeats: MinSeats,
	MaxSeats: MaxSeats,
	Deal: func(rules string, options []string, seats []string, seed uint64) (engine.Game, string, error) {
		if rules != "" {
			return nil, "", fmt.Errorf("holiday: rules %q: Holiday AG has no rule sets", rules)
		}
		if len(options) > 0 {
			return nil, "", fmt.Errorf("holiday: option %q: Holiday AG has no options", options[0])
		}
		s := Deal(seats, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
		g, err := New(s)
		if err != nil {
			return nil, "", err
		}
		return g, s.Header(), nil
	},
	Resume: engine.Resumer(replayRecord),
	Replay: replayRecord,
	Unit:   engine.Points,
}

// replayRecord is Kind.Replay: the game a whole record ends in.
func replayRecord(rec *engine.Record) (engine.Game, error) {
	rp, err := ReadRecord(rec)
	if err != nil {
		return nil, err
	}
	return rp.Game, nil
}

// Deal fixes the chance of a new live game: it shuffles the 104 cards once
// with rng (H6) and turns the table so that a seat drawn at random plays
// first (H8). seats are named clockwise from any seat; the result is the
// game's Setup, whose header is the record's.
func Deal(seats []string, rng *rand.Rand) Setup {
	deck := FullDeck()
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	n := len(seats)
	s := Setup{Seats: make([]string, n), Deck: deck}
	first := 0
	if n > 0 {
		first = rng.IntN(n)
	}
	for i := range n {
		s.Seats[i] = seats[(first+i)%n]
	}
	return s
}
