package bot

import (
	crand "crypto/rand"
	"fmt"
	"math/rand/v2"
	"sync/atomic"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

// Bot chooses actions for a seat, as rooms.Bot does. Choose returns one of
// seat's legal actions, or nil if no decision of seat's is due. It does not
// change g, but it is not safe for concurrent use: give each seat its own
// bot.
type Bot interface {
	Choose(g engine.Game, seat engine.Seat) engine.Action
}

// Level is a bot strength a lobby can offer.
type Level struct {
	// ID is the level's stable key in settings and the database; it never
	// changes once shipped.
	ID string
	// Name is how players see the level.
	Name   string
	newBot func(rng *rand.Rand) Bot
}

// New returns a bot of this level that draws its chance from rng; a nil rng
// is seeded from crypto/rand.
func (l Level) New(rng *rand.Rand) Bot {
	if rng == nil {
		rng = Seeded()
	}
	return l.newBot(rng)
}

// Levels lists the bot levels, weakest first.
var Levels = []Level{
	{ID: "easy", Name: "Easy: random legal moves", newBot: func(rng *rand.Rand) Bot { return NewEasy(rng) }},
	{ID: "normal", Name: "Normal: sound heuristics", newBot: func(rng *rand.Rand) Bot { return NewNormal(rng) }},
	{ID: "hard", Name: "Hard: searches ahead", newBot: func(rng *rand.Rand) Bot { return NewHard(rng, DefaultHard) }},
}

// ByLevel returns a new bot of the level whose ID is id, seeded from
// crypto/rand.
func ByLevel(id string) (Bot, error) {
	for _, l := range Levels {
		if l.ID == id {
			return l.New(nil), nil
		}
	}
	return nil, fmt.Errorf("bot: unknown level %q: want easy, normal or hard", id)
}

// Seeded returns a random source seeded from crypto/rand.
func Seeded() *rand.Rand {
	var seed [32]byte
	_, _ = crand.Read(seed[:]) // never fails (crypto/rand.Read)
	return rand.New(rand.NewChaCha8(seed))
}

// anyLegal returns one of seat's legal actions in a game that is not
// Acquire, drawn with rng, or nil if there is none.
func anyLegal(g engine.Game, seat engine.Seat, rng *rand.Rand) engine.Action {
	legal := g.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	return legal[rng.IntN(len(legal))]
}

// faults counts the decisions on which a bot failed.
var faults atomic.Int64

// Faults returns how many times a bot failed while choosing (a bug: it
// panicked) and played a random legal action instead, since the program
// started. A failing bot never takes its caller down.
func Faults() int64 { return faults.Load() }

// choose is what every level does around its own decision: the checks, the
// one-choice shortcut, the action in the game's own chain names, and a
// random legal action should decide fail.
func choose(g engine.Game, seat engine.Seat, rng *rand.Rand, buf *[]acquire.Action, decide func(*acquire.Game, int) acquire.Action) (a engine.Action) {
	if to, ok := g.ToMove(); !ok || to != seat {
		return nil
	}
	ag, ok := g.(*acquire.Game)
	if !ok {
		return anyLegal(g, seat, rng)
	}
	*buf = ag.AppendLegal((*buf)[:0], int(seat))
	if len(*buf) == 1 {
		return ag.Named((*buf)[0])
	}
	defer func() {
		if recover() != nil {
			faults.Add(1)
			a = ag.Named((*buf)[rng.IntN(len(*buf))])
		}
	}()
	return ag.Named(decide(ag, int(seat)))
}
