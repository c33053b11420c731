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
	return int(g.nDest[g.turn]), g.nEx[g.turn] > 0, g.nRaise[g.turn] > 0
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
	dests, ex, r := g.specials()
	if i < dests {
		return Action{Verb: Play, Card: g.hand[g.turn][i], A: NoCompany, B: NoCompany}
	}
	i -= dests
	if ex && g.phase == PhasePlay {
		e := g.exchangeCount()
		if i < e {
			return g.nthExchange(i)
		}
		i -= e
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
func (g *Game) takeCount() int { return int(takeTable[g.code].n) }

// nthTake returns take i in the order of takeCount, as a Take.
func (g *Game) nthTake(i int) Action { return takeTable[g.code].takes[i] }

// bankCode sums up the bank for the takes it allows: for each company 0, 1
// or 2 (for 2 or more) shares, as the digits of a number in base 3. The
// game keeps it in code as shares move (move).
func (g *Game) bankCode() int16 {
	var code int16
	for _, n := range g.bank {
		code = code*3 + int16(min(n, 2))
	}
	return code
}

// takes are the takes one bank code allows, in order.
type takes struct {
	n     int8
	takes [15]Action
}

// takeTable lists the takes of every bank code: taking shares is most of a
// playout's decisions, and this makes listing them a lookup.
var takeTable = func() (t [243]takes) {
	for code := range t {
		var bank [Companies]int
		x := code
		for c := Companies - 1; c >= 0; c-- {
			bank[c] = x % 3
			x /= 3
		}
		total := 0
		for _, n := range bank {
			total += n
		}
		e := &t[code]
		add := func(a Action) {
			a.Verb = Take
			e.takes[e.n] = a
			e.n++
		}
		switch {
		case total == 0:
			add(shares(0, NoCompany, NoCompany))
		case total == 1:
			for c, n := range bank {
				if n > 0 {
					add(shares(1, Company(c), NoCompany))
				}
			}
		default:
			for a := range Company(Companies) {
				for b := a; b < Companies; b++ {
					if bank[a] > 0 && bank[b] > 0 && (b != a || bank[a] >= 2) {
						add(shares(2, a, b))
					}
				}
			}
		}
	}
	return t
}()

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
