package tycoon

import (
	"fmt"
	"strings"

	"hotels/internal/engine"
)

// AppendLegal appends seat's legal actions to buf (none if no decision of
// seat's is due; seat int(engine.Chance) for the dice) and returns it. It
// allocates nothing when buf has room.
//
// Two decisions have too many legal actions to list, and Legal lists a
// useful few, while Do accepts every legal one:
//   - a bid lists the minimum bid, $500 more, all its cash (rounded down to
//     $50) and pass; any multiple of $50 between is legal too (T24, D4);
//   - the Town Hall lists each single entrance and pass; any set of
//     entrances, one per hotel, within the cash is legal too (T20, D5):
//     View.TownHall describes them.
func (g *Game) AppendLegal(buf []Action, seat int) []Action {
	return g.appendLegal(buf, int8(seat), 1<<30)
}

// appendLegal appends at most limit of seat's legal actions, pass last: a
// limit of 2 tells a forced step (D3) from a decision cheaply.
func (g *Game) appendLegal(buf []Action, seat int8, limit int) []Action {
	if g.phase == PhaseOver || seat != g.toMove {
		return buf
	}
	start := len(buf)
	full := func() bool { return len(buf)-start >= limit }
	s, cash := g.turn, g.cash[g.turn]
	switch g.phase {
	case PhaseRoll, PhaseNights:
		for r := int32(1); r <= 6; r++ {
			buf = append(buf, Action{Verb: Roll, N: r})
		}
		return buf
	case PhasePermit:
		for _, f := range g.opts.Faces() {
			buf = append(buf, Action{Verb: Permit, Face: f})
		}
		return buf
	case PhaseClaim:
		buf = append(buf, Action{Verb: Claim})
	case PhasePick:
		for h, o := range g.owner {
			if o == s {
				if buf = append(buf, Action{Verb: Auction, Hotel: Hotel(h)}); full() {
					return buf
				}
			}
		}
		return buf
	case PhaseBid:
		lo, c := g.minBid(), g.cash[seat]
		if lo <= c {
			if buf = append(buf, Action{Verb: Bid, N: lo}); full() {
				return buf
			}
			if lo+500 <= c {
				if buf = append(buf, Action{Verb: Bid, N: lo + 500}); full() {
					return buf
				}
			}
			if all := c - c%BidStep; all > lo && all != lo+500 {
				if buf = append(buf, Action{Verb: Bid, N: all}); full() {
					return buf
				}
			}
		}
	case PhaseDouble:
		if 2*g.cost <= cash {
			buf = append(buf, Action{Verb: PayDouble})
		}
	case PhaseTownHall:
		for h := range Hotel(Hotels) {
			if g.owner[h] == s && g.deeds[h].Entrance <= cash {
				if buf = g.appendEntrances(buf, h, start, limit); full() {
					return buf
				}
			}
		}
	case PhaseSpace:
		at := g.at[s]
		switch Road[at].Kind {
		case Buy:
			for _, h := range [2]Hotel{Road[at].Outer, Road[at].Inner} {
				if h != NoHotel && g.built[h] == 0 && g.owner[h] != s && g.landPrice(h) <= cash {
					if buf = append(buf, Action{Verb: BuyLand, Hotel: h}); full() {
						return buf
					}
				}
			}
		case Build:
			for h := range Hotel(Hotels) {
				if g.owner[h] != s {
					continue
				}
				d := &g.deeds[h]
				if b := g.built[h]; b < d.Buildings {
					cost := int32(0)
					for k := int8(1); b+k <= d.Buildings; k++ {
						if cost += d.Price[b+k-1]; cost > cash {
							break
						}
						if buf = append(buf, Action{Verb: Apply, Hotel: h, N: int32(k)}); full() {
							return buf
						}
					}
				} else if b == d.Buildings && d.Price[b] <= cash {
					if buf = append(buf, Action{Verb: Facilities, Hotel: h}); full() {
						return buf
					}
				}
			}
		case FreePhase:
			for h := range Hotel(Hotels) {
				if g.owner[h] == s && g.built[h] < g.deeds[h].Phases() {
					if buf = append(buf, Action{Verb: Free, Hotel: h}); full() {
						return buf
					}
				}
			}
		case FreeEntrance:
			for h := range Hotel(Hotels) {
				if g.owner[h] == s {
					if buf = g.appendEntrances(buf, h, start, limit); full() {
						return buf
					}
				}
			}
		}
	}
	return append(buf, Action{Verb: Pass})
}

// appendEntrances appends one `entrance` action for each slot where hotel
// h may have its next entrance (T18), stopping at limit actions after
// start.
func (g *Game) appendEntrances(buf []Action, h Hotel, start, limit int) []Action {
	if g.built[h] == 0 {
		return buf
	}
	for _, sp := range Slots[h] {
		if g.entrance[sp] == NoHotel {
			a := Action{Verb: Entrance, N: 1}
			a.Ents[0] = Placement{h, sp}
			if buf = append(buf, a); len(buf)-start >= limit {
				return buf
			}
		}
		if g.ents[h] == 0 { // the first goes on the reserved slot
			break
		}
	}
	return buf
}

// minBid is the least the next bid may be (T24, D4).
func (g *Game) minBid() int32 {
	if g.leader < 0 {
		return g.deeds[g.lot].Land
	}
	return g.high + BidStep
}

// check returns nil if seat may take action a now, or a *engine.RuleError
// that says which rule forbids it and what is legal.
func (g *Game) check(seat int8, a Action) error {
	if g.phase == PhaseOver {
		return g.refuse(seat, a, "T26", "the game is over")
	}
	if seat != g.toMove {
		switch {
		case g.toMove == chance:
			return g.refuse(seat, a, "D1", "a throw of the die is due, not a decision: "+g.Due())
		case seat == chance:
			return g.refuse(seat, a, "D1", "a decision is due, not a throw: "+g.Due())
		}
		return g.refuse(seat, a, "D1", "not this seat's decision: "+g.Due())
	}
	switch {
	case g.phase == PhaseBid && a.Verb == Bid:
		lo, c := g.minBid(), g.cash[seat]
		// Every refusal says the lowest bid and the step, in dollars: a
		// player who typed 26 for $2,600 reads what to type instead.
		least := fmt.Sprintf("bid at least %s, in steps of %s", money(lo), money(BidStep))
		switch {
		case a.N < lo && g.leader < 0:
			return g.refuse(seat, a, "D4", fmt.Sprintf("the first bid is at least the %s's land price: %s", g.lot.Title(), least))
		case a.N < lo:
			return g.refuse(seat, a, "T24", fmt.Sprintf("the highest bid is %s: %s", money(g.high), least))
		case a.N%BidStep != 0:
			return g.refuse(seat, a, "T24", least)
		case a.N > c:
			return g.refuse(seat, a, "T24", fmt.Sprintf("a bid is at most the bidder's cash, %s", money(c)))
		}
		return nil
	case g.phase == PhaseTownHall && a.Verb == Entrance:
		return g.checkTownHall(seat, a)
	}
	var buf [64]Action
	for _, l := range g.appendLegal(buf[:0], seat, len(buf)) {
		if l == a {
			return nil
		}
	}
	return g.refuse(seat, a, g.rule(), "not legal now: "+g.Due()+"; "+g.legalText())
}

// checkTownHall judges a set of entrances from the Town Hall (T18, T20, D5).
func (g *Game) checkTownHall(seat int8, a Action) error {
	var total int32
	var seen [Hotels]bool
	var used [Spaces]bool
	for _, p := range a.Ents[:a.N] {
		h, sp := p.Hotel, p.Space
		switch {
		case g.owner[h] != seat:
			return g.refuse(seat, a, "T20", fmt.Sprintf("%s does not hold the %s", g.names[seat], h.Title()))
		case seen[h]:
			return g.refuse(seat, a, "D5", fmt.Sprintf("one entrance per hotel: the %s is named twice", h.Title()))
		case g.built[h] == 0:
			return g.refuse(seat, a, "T18", fmt.Sprintf("the %s has no building yet", h.Title()))
		case !slotOf[h][sp]:
			return g.refuse(seat, a, "T6", fmt.Sprintf("space %d is no slot of the %s", sp, h.Title()))
		case g.entrance[sp] != NoHotel || used[sp]:
			return g.refuse(seat, a, "T6", fmt.Sprintf("space %d already has an entrance", sp))
		case g.ents[h] == 0 && sp != Slots[h][0]:
			return g.refuse(seat, a, "T18", fmt.Sprintf("the %s's first entrance goes on its reserved slot, %d", h.Title(), Slots[h][0]))
		}
		seen[h], used[sp] = true, true
		total += g.deeds[h].Entrance
	}
	if total > g.cash[seat] {
		return g.refuse(seat, a, "D5", fmt.Sprintf("the entrances cost $%d, more than the $%d in hand", total, g.cash[seat]))
	}
	return nil
}

// rule is the rule id that governs the decision due.
func (g *Game) rule() string {
	switch g.phase {
	case PhaseRoll, PhaseNights:
		return "T9"
	case PhaseClaim:
		return "T28"
	case PhasePick:
		return "T23"
	case PhaseBid:
		return "T24"
	case PhasePermit:
		return "T10"
	case PhaseDouble:
		return "T16"
	case PhaseTownHall:
		return "T20"
	case PhaseSpace:
		switch Road[g.at[g.turn]].Kind {
		case Buy:
			return "T15"
		case Build:
			return "T16"
		case FreePhase:
			return "T17"
		case FreeEntrance:
			return "T19"
		}
	}
	return "D1"
}

// legalText says what is legal now: "legal: `buy Royal` `pass`".
func (g *Game) legalText() string {
	var b strings.Builder
	b.WriteString("legal:")
	var buf [64]Action
	for _, a := range g.appendLegal(buf[:0], g.toMove, len(buf)) {
		b.WriteString(" `" + a.String() + "`")
	}
	switch g.phase {
	case PhaseBid:
		b.WriteString(fmt.Sprintf(" (any multiple of $%d from $%d to $%d)", BidStep, g.minBid(), g.cash[g.toMove]))
	case PhaseTownHall:
		b.WriteString(" (or several at once, one per hotel)")
	}
	return b.String()
}

// refuse returns the error that refuses seat's action a.
func (g *Game) refuse(seat int8, a Action, rule, reason string) error {
	who := "chance"
	if seat >= 0 && seat < g.seats {
		who = g.names[seat]
	} else if seat != chance {
		who = fmt.Sprintf("seat %d", seat)
	}
	text := who + " " + a.String()
	if seat == chance {
		text = a.String()
	}
	return &engine.RuleError{Action: text, Rule: rule, Reason: reason}
}
