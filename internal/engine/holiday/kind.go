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
	Deal: engine.Dealer(func(rules string, options, seats []string, rng *rand.Rand) (Setup, error) {
		if rules != "" {
			return Setup{}, fmt.Errorf("holiday: rules %q: Holiday AG has no rule sets", rules)
		}
		if len(options) > 0 {
			return Setup{}, fmt.Errorf("holiday: option %q: Holiday AG has no options", options[0])
		}
		return Deal(seats, rng), nil
	}, New),
	Resume: engine.Resumer(replayGame),
	Replay: replayGame,
	Unit:   engine.Points,
}

// replayGame is Kind.Replay: the game a whole record ends in.
var replayGame = engine.Replayer(ReadRecord)

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
