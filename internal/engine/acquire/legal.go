package acquire

// AppendLegal appends every action seat may take now to buf and returns it,
// allocating nothing when buf has room (at most 244 actions: a buy of up to
// three shares of seven chains, with and without the end).
func (g *Game) AppendLegal(buf []Action, seat int) []Action {
	if g.phase == PhaseOver || seat != int(g.toMove) {
		return buf
	}
	s := int8(seat)
	switch g.phase {
	case PhasePlay:
		n := len(buf)
		for _, t := range g.rack[s] {
			if t != NoTile && g.classify(t).Playable() {
				buf = append(buf, Action{Verb: Play, Tile: t})
			}
		}
		if len(buf) == n {
			buf = append(buf, Action{Verb: Skip})
		}
	case PhaseFound:
		for c := range Chain(Chains) {
			if g.size[c] == 0 {
				buf = append(buf, Action{Verb: Found, Chain: c})
			}
		}
	case PhaseSurvivor:
		for _, c := range g.merging[:g.nMerging] {
			if g.tiedLargest(c, g.merging[:g.nMerging], false) {
				buf = append(buf, Action{Verb: Survivor, Chain: c})
			}
		}
	case PhaseNext:
		for _, c := range g.pending[:g.nPending] {
			if g.tiedLargest(c, g.pending[:g.nPending], true) {
				buf = append(buf, Action{Verb: Next, Chain: c})
			}
		}
	case PhaseDispose:
		held := g.shares[s][g.defunct]
		maxTrade := min(held/2, g.bank[g.survivor]) * 2
		for trade := int8(0); trade <= maxTrade; trade += 2 {
			for sell := int8(0); sell <= held-trade; sell++ {
				buf = append(buf, Action{Verb: Dispose, Chain: g.defunct, Sell: sell, Trade: trade})
			}
		}
	case PhaseBuy:
		if !g.ending && g.canDeclare() {
			buf = append(buf, Action{Verb: End})
		}
		buf = g.appendBuys(buf)
	}
	return buf
}

// appendBuys appends every legal buy, each a multiset of chains in chain
// order (A20, C4).
func (g *Game) appendBuys(buf []Action) []Action {
	buf = append(buf, Action{Verb: Buy})
	cash := g.cash[g.turn]
	var price [Chains]int32
	var avail [Chains]Chain
	n := 0
	for c := range Chain(Chains) {
		if g.size[c] > 0 && g.bank[c] > 0 && g.price(c) <= cash {
			price[n], avail[n] = g.price(c), c
			n++
		}
	}
	maxBuy := g.rules.MaxBuy
	for i := range n {
		a := Action{Verb: Buy, N: 1}
		a.Buys[0] = avail[i]
		buf = append(buf, a)
		if maxBuy < 2 {
			continue
		}
		for j := i; j < n; j++ {
			cost2 := price[i] + price[j]
			if cost2 > cash || (j == i && g.bank[avail[i]] < 2) {
				continue
			}
			a.N, a.Buys[1], a.Buys[2] = 2, avail[j], 0 // no third share left from k
			buf = append(buf, a)
			if maxBuy < 3 {
				continue
			}
			for k := j; k < n; k++ {
				same := 1
				if k == j {
					same++
					if j == i {
						same++
					}
				}
				if cost2+price[k] > cash || int(g.bank[avail[k]]) < same {
					continue
				}
				a.N, a.Buys[2] = 3, avail[k]
				buf = append(buf, a)
			}
		}
	}
	return buf
}
