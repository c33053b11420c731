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
	Deal: func(rules string, options []string, seats []string, seed uint64) (engine.Game, string, error) {
		r, err := RulesByKey(rules)
		if err != nil {
			return nil, "", err
		}
		var opts Options
		for _, o := range options {
			if err := opts.Set(o); err != nil {
				return nil, "", err
			}
		}
		s := Deal(r, opts, seats, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
		g, err := New(s)
		if err != nil {
			return nil, "", err
		}
		return g, s.Header(), nil
	},
	Resume: engine.Resumer(replayRecord),
	Replay: replayRecord,
	Unit:   engine.Dollars,
}

// replayRecord is Kind.Replay: the game a whole record ends in.
func replayRecord(rec *engine.Record) (engine.Game, error) {
	rp, err := ReadRecord(rec)
	if err != nil {
		return nil, err
	}
	return rp.Game, nil
}
