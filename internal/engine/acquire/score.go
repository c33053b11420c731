package acquire

// payBonuses pays the majority and minority bonuses of chain c at size
// (A17, C9) and logs them.
func (g *Game) payBonuses(c Chain, size int) {
	p := int32(g.rules.Price(c, size))
	major, minor := 10*p, 5*p
	var first, second [MaxSeats]int8
	nf, ns := 0, 0
	var top, next int8
	for s := range g.seats {
		k := g.shares[s][c]
		switch {
		case k == 0:
		case k > top:
			second, ns, next = first, nf, top
			first[0], nf, top = s, 1, k
		case k == top:
			first[nf] = s
			nf++
		case k > next:
			second[0], ns, next = s, 1, k
		case k == next:
			second[ns] = s
			ns++
		}
	}
	pay := func(s int8, amount int32, kind int16) {
		g.cash[s] += amount
		g.log(Event{Kind: EvBonus, Seat: s, Chain: c, Amount: amount, M: kind, N: int16(size)})
	}
	switch {
	case nf == 0: // no holders: nothing is paid
	case g.rules.TwoSeatBonus && g.seats == 2:
		// C9: only the majority bonus, divided by how the holdings compare.
		if nf == 2 {
			pay(first[0], share(major, 2), BonusSplit)
			pay(first[1], share(major, 2), BonusSplit)
			return
		}
		if ns == 0 {
			pay(first[0], major, BonusSole)
			return
		}
		a, b := int32(top), int32(next)
		pct := int32(60)
		switch {
		case a >= 3*b:
			pct = 100
		case 2*a >= 3*b:
			pct = 80
		}
		pay(first[0], share(major*pct/100, 1), BonusSplit)
		if pct < 100 {
			pay(second[0], share(major*(100-pct)/100, 1), BonusSplit)
		}
	case nf == 1 && ns == 0:
		pay(first[0], major+minor, BonusSole)
	case nf > 1: // a tie for most shares the two bonuses; no minority
		each := share(major+minor, int32(nf))
		for _, s := range first[:nf] {
			pay(s, each, BonusSharedMajority)
		}
	default:
		pay(first[0], major, BonusMajority)
		each := share(minor, int32(ns))
		kind := BonusMinority
		if ns > 1 {
			kind = BonusSharedMinority
		}
		for _, s := range second[:ns] {
			pay(s, each, kind)
		}
	}
}

// share splits amount dollars n ways, each part rounded up to the next $100
// (A17).
func share(amount, n int32) int32 { return (amount/100 + n - 1) / n * 100 }

// End reasons.
const (
	EndDeclared  = iota // the seat on turn declared it (A24)
	EndTilesOut         // every tile played or every rack empty (A25)
	EndIdleRound        // a whole round with no tile played (A25)
	EndDeadRack         // a seat holds only dead tiles (C8)
)

// finish scores the game (A26): bonuses for every chain on the board, then
// every share of those chains sold back at current prices.
func (g *Game) finish(reason int16) {
	g.log(Event{Kind: EvOver, Seat: g.turn, M: reason})
	for i := range Chains {
		c := Chain(i)
		if g.rules.SmallestFirst {
			c = g.bySize(i)
		}
		if g.size[c] > 0 {
			g.payBonuses(c, int(g.size[c]))
		}
	}
	for s := range g.seats {
		var total int32
		for c := range Chain(Chains) {
			if k := g.shares[s][c]; k > 0 && g.size[c] > 0 {
				total += int32(k) * g.price(c)
				g.bank[c] += k
				g.shares[s][c] = 0
			}
		}
		if total > 0 {
			g.cash[s] += total
			g.log(Event{Kind: EvSale, Seat: s, Amount: total})
		}
	}
	g.phase = PhaseOver
}

// bySize returns the i-th chain from the smallest (C8); chains of equal size
// keep their order.
func (g *Game) bySize(i int) Chain {
	var order [Chains]Chain
	for c := range order {
		order[c] = Chain(c)
		for j := c; j > 0 && g.size[order[j]] < g.size[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order[i]
}
