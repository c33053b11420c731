package holiday

import "math/rand/v2"

// RandomAction returns one of seat's legal actions, every one equally
// likely, drawn with rng, without listing them: the inner loop of bots'
// playouts.
func (g *Game) RandomAction(seat int, rng *rand.Rand) (Action, bool) {
	if g.phase == PhaseOver || seat != int(g.turn) {
		return Action{}, false
	}
	if g.phase == PhaseTake && !g.mayOption() { // most takes: count once
		return g.nthTake(int(rng.Uint32N(uint32(g.takeCount())))), true
	}
	return g.nth(int(rng.Uint32N(uint32(g.count())))), true
}
