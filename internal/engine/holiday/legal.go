package holiday

// This file lists the legal actions. The actions due are numbered in one
// fixed order, and count and nth are the only enumeration: AppendLegal,
// RandomAction and the forced steps (D1) all read it, so they agree.

// maxLegal bounds the actions legal at once: 10 destination cards, 21
// exchanges, 5 raises and 15 option takes.
const maxLegal = 64

// AppendLegal appends every action seat may take now to buf and returns it,
// allocating nothing when buf has room for maxLegal more.
func (g *Game) AppendLegal(buf []Action, seat int) []Action {
	if g.phase == PhaseOver || seat != int(g.turn) {
		return buf
	}
	for i := range g.count() {
		buf = append(buf, g.nth(i))
	}
	return buf
}

// mayOption reports whether the seat due may use an option card now (H11,
// D2): in a normal turn until its last play (the turn ends at once after
// it), in the special round before its take, never in the final round.
func (g *Game) mayOption() bool {
	return g.options[g.turn] > 0 && g.phase <= PhaseSpecial
}

// specials reports which special cards the seat due holds, and how many
// destination cards.
func (g *Game) specials() (dests int, exchange, raise bool) {
	for _, k := range g.hand[g.turn][:g.nHand[g.turn]] {
		switch k {
		case Exchange:
			exchange = true
		case Raise:
			raise = true
		default:
			dests++
		}
	}
	return dests, exchange, raise
}

// count is the number of legal actions of the seat due.
func (g *Game) count() int {
	switch g.phase {
	case PhaseTake, PhaseSpecial:
		t := g.takeCount()
		if g.mayOption() {
			return 2 * t
		}
		return t
	case PhasePlay:
		n, ex, r := g.specials()
		if ex {
			n += g.exchangeCount()
		}
		if r {
			n += Companies
		}
		if g.mayOption() {
			n += g.takeCount()
		}
		return n
	case PhaseFinal:
		n, _, r := g.specials()
		if r {
			n += Companies
		}
		return n + 1 // pass
	}
	return 0
}

// nth returns legal action i of the seat due, 0 ≤ i < count().
func (g *Game) nth(i int) Action {
	switch g.phase {
	case PhaseTake, PhaseSpecial:
		if t := g.takeCount(); i >= t {
			a := g.nthTake(i - t)
			a.Verb = Option
			return a
		}
		return g.nthTake(i)
	}
	_, ex, r := g.specials()
	for _, k := range g.hand[g.turn][:g.nHand[g.turn]] {
		if k.IsDestination() {
			if i == 0 {
				return Action{Verb: Play, Card: k, A: NoCompany, B: NoCompany}
			}
			i--
		}
	}
	if ex && g.phase == PhasePlay {
		if e := g.exchangeCount(); i < e {
			return g.nthExchange(i)
		} else {
			i -= e
		}
	}
	if r {
		if i < Companies {
			return Action{Verb: Lift, A: Company(i), B: NoCompany}
		}
		i -= Companies
	}
	if g.phase == PhaseFinal {
		return Action{Verb: Pass, A: NoCompany, B: NoCompany}
	}
	a := g.nthTake(i)
	a.Verb = Option
	return a
}

// takeCount is the number of takes the bank allows (H10, D3): every pair
// of shares it holds, or exactly what it holds when that is under 2.
func (g *Game) takeCount() int {
	if g.bankTotal() < 2 {
		return 1
	}
	k, d := 0, 0
	for _, n := range g.bank {
		if n >= 1 {
			k++
		}
		if n >= 2 {
			d++
		}
	}
	return k*(k-1)/2 + d
}

// nthTake returns take i in the order of takeCount, as a Take.
func (g *Game) nthTake(i int) Action {
	if g.bankTotal() < 2 {
		for c, n := range g.bank {
			if n > 0 {
				return shares(1, Company(c), NoCompany)
			}
		}
		return shares(0, NoCompany, NoCompany)
	}
	for a := range Company(Companies) {
		if g.bank[a] == 0 {
			continue
		}
		for b := a; b < Companies; b++ {
			if g.bank[b] == 0 || (b == a && g.bank[a] < 2) {
				continue
			}
			if i == 0 {
				return shares(2, a, b)
			}
			i--
		}
	}
	panic("holiday: nthTake out of range")
}

// exchangeCount is the number of ways to play an Exchange card (D5):
// swap nothing, or give a held share for one of another company.
func (g *Game) exchangeCount() int {
	nb := 0
	for _, n := range g.bank {
		if n > 0 {
			nb++
		}
	}
	e := 1
	for c, n := range g.shares[g.turn] {
		if n > 0 {
			e += nb
			if g.bank[c] > 0 {
				e--
			}
		}
	}
	return e
}

// nthExchange returns exchange i in the order of exchangeCount.
func (g *Game) nthExchange(i int) Action {
	if i == 0 {
		return Action{Verb: Swap, A: NoCompany, B: NoCompany}
	}
	i--
	for give := range Company(Companies) {
		if g.shares[g.turn][give] == 0 {
			continue
		}
		for take := range Company(Companies) {
			if take == give || g.bank[take] == 0 {
				continue
			}
			if i == 0 {
				return Action{Verb: Swap, N: 1, A: give, B: take}
			}
			i--
		}
	}
	panic("holiday: nthExchange out of range")
}
