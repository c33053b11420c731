package tycoon

// This file holds the rules in motion: each step assumes its action is
// legal (legal.go judges that) and carries the game on to the next
// decision or throw.

// step applies seat's legal action, without the forced steps after it.
func (g *Game) step(seat int8, a Action) {
	switch a.Verb {
	case Roll:
		if g.phase == PhaseRoll {
			g.move(int8(a.N))
		} else {
			g.nightsRolled(int8(a.N))
		}
	case Permit:
		g.permit(a.Face)
	case BuyLand:
		g.buy(a.Hotel)
	case Apply:
		g.apply, g.count = a.Hotel, int8(a.N)
		g.cost = g.price(a.Hotel, g.built[a.Hotel], g.built[a.Hotel]+g.count)
		g.log(Event{Kind: EvApply, Seat: g.turn, Hotel: a.Hotel, N: a.N, Amount: g.cost})
		g.phase, g.toMove = PhasePermit, chance
	case Facilities:
		d := &g.deeds[a.Hotel]
		g.cash[g.turn] -= d.Price[d.Buildings]
		g.built[a.Hotel]++
		g.log(Event{Kind: EvFacilities, Seat: g.turn, Hotel: a.Hotel, Amount: d.Price[d.Buildings]})
		g.townHall()
	case PayDouble:
		g.raise(2 * g.cost)
	case Free:
		g.built[a.Hotel]++
		g.log(Event{Kind: EvFree, Seat: g.turn, Hotel: a.Hotel, N: int32(g.built[a.Hotel])})
		g.townHall()
	case Entrance:
		town := g.phase == PhaseTownHall
		for _, p := range a.Ents[:a.N] {
			var paid int32
			if town {
				paid = g.deeds[p.Hotel].Entrance
				g.cash[g.turn] -= paid
			}
			g.entrance[p.Space] = p.Hotel
			g.ents[p.Hotel]++
			g.log(Event{Kind: EvEntrance, Seat: g.turn, Hotel: p.Hotel, N: int32(p.Space), Amount: paid})
		}
		if town {
			g.endTurn()
		} else {
			g.townHall()
		}
	case Auction:
		g.lot, g.high, g.leader, g.passed = a.Hotel, 0, -1, 0
		g.log(Event{Kind: EvAuction, Seat: g.turn, Hotel: a.Hotel})
		g.toMove = g.turn
		g.nextBidder()
	case Bid:
		g.high, g.leader = a.N, seat
		g.log(Event{Kind: EvBid, Seat: seat, Hotel: g.lot, Amount: a.N})
		g.nextBidder()
	case Claim:
		g.log(Event{Kind: EvClaim, Seat: seat, Other: g.turn, Hotel: g.stay})
		g.phase, g.toMove = PhaseNights, chance
	case Pass:
		g.pass(seat)
	}
}

// pass declines what the phase offers. Its event says what was declined
// (the space, the lot) and whether there was a choice: a pass that is the
// only legal action (D3) keeps the least bid, or 1, in Amount.
func (g *Game) pass(seat int8) {
	e := Event{Kind: EvPass, Seat: seat, N: int32(g.phase), Hotel: g.lot, Other: g.at[seat]}
	if !g.quiet {
		var buf [2]Action
		if len(g.appendLegal(buf[:0], seat, 2)) == 1 {
			e.Amount = 1
			if g.phase == PhaseBid {
				e.Amount = g.minBid()
			}
		}
	}
	g.log(e)
	switch g.phase {
	case PhaseClaim: // an unclaimed stay is free (T28)
		g.space()
	case PhaseBid:
		g.passed |= 1 << seat
		g.nextBidder()
	case PhaseSpace, PhaseDouble:
		g.townHall()
	case PhaseTownHall:
		g.endTurn()
	}
}

// startTurn gives seat its turn: the die is due (T12).
func (g *Game) startTurn(seat int8) {
	g.turn, g.toMove, g.phase = seat, chance, PhaseRoll
	g.crossed, g.moveRoll = false, 0
}

// move moves the car on turn by roll (T13), paying Bank income on the way
// (T14, D2), and stops it.
func (g *Game) move(roll int8) {
	s := g.turn
	g.lastRoll, g.moveRoll = roll, roll
	at := g.at[s]
	for i := int8(0); i < roll || g.taken(at); i++ {
		if at++; at == Spaces {
			at = 0
		}
		switch at {
		case BankLine:
			if g.begun == 2 || g.left() > 2 {
				g.cash[s] += BankIncome
				g.log(Event{Kind: EvBank, Seat: s, Amount: BankIncome})
			}
		case TownHallLine:
			g.crossed = true
		}
	}
	g.at[s] = at
	g.log(Event{Kind: EvMove, Seat: s, N: int32(roll), Other: at})
	if h := g.entrance[at]; h != NoHotel && g.owner[h] >= 0 && g.owner[h] != s {
		g.stay, g.creditor = h, g.owner[h]
		g.log(Event{Kind: EvGuest, Seat: s, Other: g.creditor, Hotel: h})
		if g.opts.ClaimManual {
			g.phase, g.toMove = PhaseClaim, g.creditor
		} else {
			g.phase, g.toMove = PhaseNights, chance
		}
		return
	}
	g.space()
}

// taken reports whether another car still in the game stands on space at
// (T13, D2).
func (g *Game) taken(at int8) bool {
	for s := range g.seats {
		if s != g.turn && g.at[s] == at {
			return true
		}
	}
	return false
}

// nightsRolled charges the stay for nights (T8, T21).
func (g *Game) nightsRolled(nights int8) {
	g.lastNights = nights
	g.debt = int32(nights) * g.rent(g.stay)
	g.log(Event{Kind: EvNights, Seat: g.turn, Hotel: g.stay, N: int32(nights), Amount: g.debt})
	g.charge()
}

// charge has the guest pay the stay, or auction a complex, or go out
// (T23, T25, D6).
func (g *Game) charge() {
	s := g.turn
	switch {
	case g.cash[s] >= g.debt:
		g.cash[s] -= g.debt
		g.cash[g.creditor] += g.debt
		g.log(Event{Kind: EvRent, Seat: s, Other: g.creditor, Hotel: g.stay, N: int32(g.lastNights), Amount: g.debt})
		g.debt = 0
		if g.cash[s] == 0 && !g.hasProperty(s) {
			g.out(s)
			return
		}
		g.space()
	case !g.hasProperty(s):
		paid := g.cash[s]
		g.cash[g.creditor] += paid
		g.cash[s] = 0
		g.log(Event{Kind: EvBroke, Seat: s, Other: g.creditor, Amount: paid})
		g.debt = 0
		g.out(s)
	default:
		g.log(Event{Kind: EvShort, Seat: s, Amount: g.debt})
		g.phase, g.toMove = PhasePick, s
	}
}

// out takes seat out of the game: its car leaves the road (T25) and its
// turn ends (D6).
func (g *Game) out(seat int8) {
	g.at[seat] = -1
	g.outOrder[g.nOut] = seat
	g.nOut++
	g.log(Event{Kind: EvOut, Seat: seat})
	g.endTurn()
}

// nextBidder asks the next bidder after the last one asked, in seat order
// round the table, or ends the auction when no one is left to ask (D4).
func (g *Game) nextBidder() {
	for i := int8(1); i < g.seats; i++ {
		b := (g.toMove + i) % g.seats
		if b != g.turn && g.in(b) && g.passed&(1<<b) == 0 && b != g.leader {
			g.phase, g.toMove = PhaseBid, b
			return
		}
	}
	// The loop never reaches the one asked last: it has passed or leads.
	d, h := g.turn, g.lot
	if g.leader >= 0 {
		g.cash[g.leader] -= g.high
		g.cash[d] += g.high
		g.owner[h] = g.leader
		g.log(Event{Kind: EvSold, Seat: g.leader, Other: d, Hotel: h, Amount: g.high})
	} else { // T24: the bank buys the land back and clears the plot
		land := g.deeds[h].Land
		g.cash[d] += land
		g.owner[h], g.built[h], g.ents[h] = -1, 0, 0
		for i, e := range g.entrance {
			if e == h {
				g.entrance[i] = NoHotel
			}
		}
		g.log(Event{Kind: EvBankBuys, Seat: d, Hotel: h, Amount: land})
	}
	g.lot, g.high, g.leader, g.passed = 0, 0, -1, 0
	g.charge()
}

// space offers the action of the space the car stopped on (T12), Start's
// being none (D1).
func (g *Game) space() {
	if Road[g.at[g.turn]].Kind == Start {
		g.townHall()
		return
	}
	g.phase, g.toMove = PhaseSpace, g.turn
}

// buy sells plot h to the player on turn (T15).
func (g *Game) buy(h Hotel) {
	s, from := g.turn, g.owner[h]
	price := g.landPrice(h)
	g.cash[s] -= price
	if from >= 0 {
		g.cash[from] += price
	}
	g.owner[h] = s
	g.log(Event{Kind: EvBuy, Seat: s, Other: from, Hotel: h, Amount: price})
	g.townHall()
}

// landPrice is what the player on turn pays for plot h (T15, landbuy).
func (g *Game) landPrice(h Hotel) int32 {
	land := g.deeds[h].Land
	if g.owner[h] >= 0 && g.opts.LandBuyHalf {
		return land / 2
	}
	return land
}

// permit applies the permission die's face to the application (T16).
func (g *Game) permit(f Face) {
	g.lastFace, g.faceShown = f, true
	g.log(Event{Kind: EvPermit, Seat: g.turn, Hotel: g.apply, N: int32(f)})
	switch f {
	case Red:
		g.townHall()
	case Green:
		g.raise(g.cost)
	case H:
		if g.opts.HFree {
			g.raise(0)
		} else {
			g.raise(g.cost / 2)
		}
	case Double:
		g.phase, g.toMove = PhaseDouble, g.turn
	}
}

// raise puts up the application's buildings for paid dollars.
func (g *Game) raise(paid int32) {
	g.cash[g.turn] -= paid
	g.built[g.apply] += g.count
	g.log(Event{Kind: EvBuilt, Seat: g.turn, Hotel: g.apply, N: int32(g.count), Amount: paid})
	g.townHall()
}

// townHall offers the Town Hall's entrances if the car crossed its line
// (T12, T20); otherwise the turn ends.
func (g *Game) townHall() {
	if g.crossed {
		g.phase, g.toMove = PhaseTownHall, g.turn
		return
	}
	g.endTurn()
}

// endTurn passes the turn: again to a player who rolled a 6 (six=again,
// D7), else to the next player still in; the game ends with one player left
// (T26) or after the last round (D8).
func (g *Game) endTurn() {
	s := g.turn
	if g.left() <= 1 {
		g.over()
		return
	}
	if g.opts.SixAgain && g.moveRoll == 6 && g.in(s) {
		g.log(Event{Kind: EvAgain, Seat: s})
		g.startTurn(s)
		return
	}
	next := s
	for {
		if next++; next == g.seats {
			next = 0
		}
		if g.in(next) {
			break
		}
	}
	if next <= s {
		g.round++
		if g.opts.Rounds > 0 && g.round >= g.opts.Rounds {
			g.over()
			return
		}
	}
	g.startTurn(next)
}

func (g *Game) over() {
	g.phase, g.toMove = PhaseOver, -1
	g.log(Event{Kind: EvOver})
}

// settle applies every forced step: a decision with exactly one legal
// action (D3).
func (g *Game) settle() {
	var buf [2]Action
	for g.phase != PhaseOver && g.toMove != chance {
		legal := g.appendLegal(buf[:0], g.toMove, 2)
		if len(legal) != 1 {
			return
		}
		if !g.quiet && int(g.nForced) < maxForced {
			g.forced[g.nForced] = Step{g.toMove, legal[0]}
			g.nForced++
		}
		g.step(g.toMove, legal[0])
	}
}
