package tycoon

import (
	game "hotels/internal/engine/tycoon"
)

// reserve is the cash the normal bot keeps against the stays it may have
// to pay: about the expected nights (3.5) at the dearest hotel of another
// player that has an entrance, plus a little.
func reserve(g *game.Game, seat int) int {
	most := 0
	for h := range game.Hotel(game.Hotels) {
		if o := g.Owner(h); o >= 0 && o != seat && g.Entrances(h) > 0 {
			most = max(most, g.Rent(h))
		}
	}
	return most*7/2 + 200
}

// lotValue is what a complex adds to its holder's worth (T26).
func lotValue(g *game.Game, h game.Hotel) int {
	d := &g.Deeds()[h]
	v := int(d.Land) + g.Entrances(h)*int(d.Entrance)
	for _, p := range d.Price[:g.Built(h)] {
		v += int(p)
	}
	return v
}

// rentAt is h's rent with b phases built.
func rentAt(g *game.Game, h game.Hotel, b int) int {
	if b == 0 {
		return 0
	}
	return int(g.Deeds()[h].Rent[b-1])
}

// top is the most a complex's rent can reach: how much a plot is worth
// having.
func top(g *game.Game, h game.Hotel) int {
	d := &g.Deeds()[h]
	return int(d.Rent[d.Buildings])
}

// choose is the normal bot's decision among legal, seat's legal actions,
// pass last when it is one. It allocates nothing.
func choose(g *game.Game, seat int, legal []game.Action) game.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	cash, keep := g.Cash(seat), reserve(g, seat)
	best, bestScore := legal[len(legal)-1], 0 // pass, or the last choice
	consider := func(a game.Action, score int) {
		if score > bestScore {
			best, bestScore = a, score
		}
	}
	switch g.Phase() {
	case game.PhaseClaim:
		return legal[0] // claim
	case game.PhasePick: // auction the least valuable complex
		least := -1
		for _, a := range legal {
			if v := lotValue(g, a.Hotel); least < 0 || v < least {
				best, least = a, v
			}
		}
		return best
	case game.PhaseBid:
		lot, _, _, _ := g.Auction()
		limit := min(lotValue(g, lot), cash-keep/2)
		if a := legal[0]; a.Verb == game.Bid && int(a.N) <= limit {
			return a
		}
		return legal[len(legal)-1]
	case game.PhaseDouble:
		_, _, cost := g.Application()
		if cash-2*cost >= keep {
			return legal[0]
		}
		return legal[len(legal)-1]
	case game.PhaseTownHall:
		return townHall(g, seat, cash-keep/2, legal)
	}
	for _, a := range legal {
		h := a.Hotel
		switch a.Verb {
		case game.BuyLand:
			if price := landPrice(g, seat, h); cash-price >= keep {
				consider(a, 1+top(g, h))
			}
		case game.Apply:
			b := g.Built(h)
			cost := 0
			for _, p := range g.Deeds()[h].Price[b : b+int(a.N)] {
				cost += int(p)
			}
			if cash-cost >= keep {
				consider(a, (g.Entrances(h)+1)*rentAt(g, h, b+int(a.N))*8+int(a.N))
			}
		case game.Facilities:
			d := &g.Deeds()[h]
			if cash-int(d.Price[d.Buildings]) >= keep {
				consider(a, (g.Entrances(h)+1)*rentAt(g, h, int(d.Phases()))*8)
			}
		case game.Free: // the dearest phase, free
			consider(a, 1+int(g.Deeds()[h].Price[g.Built(h)]))
		case game.Entrance:
			consider(a, 1+g.Rent(h))
		}
	}
	return best
}

// landPrice is what seat pays for plot h now (T15).
func landPrice(g *game.Game, seat int, h game.Hotel) int {
	land := int(g.Deeds()[h].Land)
	if o := g.Owner(h); o >= 0 && o != seat && g.Options().LandBuyHalf {
		return land / 2
	}
	return land
}

// townHall buys one entrance for each of seat's hotels that can take one,
// dearest rent first, within budget (T20, D5).
func townHall(g *game.Game, seat, budget int, legal []game.Action) game.Action {
	set := game.Action{Verb: game.Entrance}
	var taken [game.Hotels]bool
	var used [game.Spaces]bool // a space holds one entrance (T6)
	for {
		pick := -1
		for i, a := range legal {
			p := a.Ents[0]
			if a.Verb != game.Entrance || taken[p.Hotel] || used[p.Space] || int(g.Deeds()[p.Hotel].Entrance) > budget {
				continue
			}
			if pick < 0 || g.Rent(p.Hotel) > g.Rent(legal[pick].Ents[0].Hotel) {
				pick = i
			}
		}
		if pick < 0 {
			break
		}
		p := legal[pick].Ents[0]
		taken[p.Hotel], used[p.Space] = true, true
		budget -= int(g.Deeds()[p.Hotel].Entrance)
		set.Ents[set.N] = p
		set.N++
	}
	if set.N == 0 {
		return legal[len(legal)-1]
	}
	return set
}
