package tycoon

import "math/rand/v2"

// Eager returns a random legal action for seat, drawn with rng, that takes
// what is offered whenever it can: a throw of the die for engine.Chance,
// else one of the actions other than pass, each equally likely, and pass
// only when it is all there is. Games between eager seats end by
// bankruptcy: the playouts of bots and benchmarks. It lists the legal
// actions in buf, and allocates nothing once buf has grown to hold them.
func (g *Game) Eager(buf *[]Action, seat int, rng *rand.Rand) (Action, bool) {
	if int8(seat) == chance && g.toMove == chance { // the faces, without listing them
		if g.phase == PhasePermit {
			faces := g.opts.Faces()
			return Action{Verb: Permit, Face: faces[rng.IntN(len(faces))]}, true
		}
		return Action{Verb: Roll, N: 1 + rng.Int32N(6)}, true
	}
	*buf = g.appendLegal((*buf)[:0], int8(seat), 1<<30)
	legal := *buf
	switch n := len(legal); {
	case n == 0:
		return Action{}, false
	case n > 1 && legal[n-1].Verb == Pass:
		return legal[rng.IntN(n-1)], true
	default:
		return legal[rng.IntN(n)], true
	}
}
