package acquire

import (
	"math/rand/v2"

	"hotels/internal/engine"
)

// Kind is Acquire as the server hosts it.
var Kind = engine.Kind{
	Name:      GameName,
	Title:     "Acquire",
	MinSeats:  2,
	MaxSeats:  MaxSeats,
	Rules:     []string{Modern.Key, Classic.Key},
	RulesHelp: "modern is the 2008 rulebook; classic is Sackson's prototype",
	Options: []engine.Option{
		{Key: "holdings", Values: []string{"open", "hidden"}, Help: "whether everyone sees every player's cash and shares"},                    // A27
		{Key: "hand", Values: []string{"per-tile", "redraw"}, Help: "dead tiles replaced one by one, or a blocked rack redrawn (modern only)"}, // A22
	},
	Deal: engine.Dealer(func(rules string, options, seats []string, rng *rand.Rand) (Setup, error) {
		r, err := RulesByKey(rules)
		if err != nil {
			return Setup{}, err
		}
		var opts Options
		for _, o := range options {
			if err := opts.Set(o); err != nil {
				return Setup{}, err
			}
		}
		return Deal(r, opts, seats, rng), nil
	}, New),
	Resume: engine.Resumer(replayGame),
	Replay: replayGame,
	Unit:   engine.Dollars,
}

// replayGame is Kind.Replay: the game a whole record ends in.
var replayGame = engine.Replayer(ReadRecord)
