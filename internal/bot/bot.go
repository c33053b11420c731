package bot

import (
	crand "crypto/rand"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"

	"hotels/internal/engine"
)

// Bot chooses actions for a seat, as rooms.Bot does. Choose returns one of
// seat's legal actions, or nil if no decision of seat's is due. It does not
// change g, but it is not safe for concurrent use: give each seat its own
// bot.
type Bot interface {
	Choose(g engine.Game, seat engine.Seat) engine.Action
}

// Level is a bot strength a game offers.
type Level struct {
	// ID is the level's stable key in settings and the database; it never
	// changes once shipped.
	ID string
	// How says how a bot of the level plays, for players choosing one
	// ("random legal moves").
	How string
	// New returns a bot of this level that draws its chance from rng.
	New func(rng *rand.Rand) Bot
}

// ByLevel returns a new bot of the level among levels whose ID is id, drawing
// from rng (seeded from crypto/rand if nil).
func ByLevel(levels []Level, id string, rng *rand.Rand) (Bot, error) {
	ids := make([]string, len(levels))
	for i, l := range levels {
		if l.ID == id {
			if rng == nil {
				rng = Seeded()
			}
			return l.New(rng), nil
		}
		ids[i] = l.ID
	}
	return nil, fmt.Errorf("bot: unknown level %q: want %s", id, strings.Join(ids, ", "))
}

// Seeded returns a random source seeded from crypto/rand.
func Seeded() *rand.Rand {
	var seed [32]byte
	_, _ = crand.Read(seed[:]) // never fails (crypto/rand.Read)
	return rand.New(rand.NewChaCha8(seed))
}

// faults counts the decisions on which a bot failed.
var faults atomic.Int64

// Faults returns how many times a bot failed while choosing (a bug: it
// panicked) and played a random legal action instead, since the program
// started. A failing bot never takes its caller down.
func Faults() int64 { return faults.Load() }

// Guard, deferred by a bot's Choose with its named result, turns a panic
// while deciding into a random legal action drawn with rng, and counts it in
// Faults: a bug in one game's bot never takes a room down.
func Guard(g engine.Game, seat engine.Seat, rng *rand.Rand, a *engine.Action) {
	if recover() == nil {
		return
	}
	faults.Add(1)
	*a = nil
	if legal := g.Legal(seat); len(legal) > 0 {
		*a = legal[rng.IntN(len(legal))]
	}
}
