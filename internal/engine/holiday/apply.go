package holiday

import (
	"fmt"

	"hotels/internal/engine"
)

// Do applies seat's action a and then every forced step (D1). An illegal
// action returns an *engine.RuleError and changes nothing. The events of the
// action are in Events until the next Do.
func (g *Game) Do(seat int, a Action) error {
	if err := g.check(seat, a); err != nil {
		return err
	}
	g.DoLegal(seat, a)
	return nil
}

// DoLegal is Do for an action the engine itself just produced for this game
// and seat, by AppendLegal or RandomAction: it skips checking it again. Any
// other action may corrupt the game; players' actions go through Do.
func (g *Game) DoLegal(seat int, a Action) {
	g.nEvents = 0
	g.step(int8(seat), a)
	g.settle()
}

// Forced returns the decision due when it has exactly one legal action
// (D1: an option card the seat may use counts as one).
func (g *Game) Forced() (Action, bool) {
	if g.phase == PhasePlay && g.nDest[g.turn] >= 2 || g.phase == PhaseOver || g.count() != 1 {
		return Action{}, false
	}
	return g.nth(0), true
}

func (g *Game) settle() {
	for {
		a, ok := g.Forced()
		if !ok {
			return
		}
		g.step(g.turn, a)
	}
}

func (g *Game) refuse(seat int, a Action, rule, format string, args ...any) error {
	return &engine.RuleError{Action: g.seatName(seat) + " " + a.String(), Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// seatName names seat in a refusal, even a seat that does not exist.
func (g *Game) seatName(seat int) string { return engine.NameOf(g.names[:g.seats], seat) }

// canonical returns a in the one form Legal lists it: companies that an
// action does not use are NoCompany, a take's in the rules' order.
func canonical(a Action) Action {
	switch a.Verb {
	case Take, Option:
		b := shares(a.N, a.A, a.B)
		b.Verb = a.Verb
		return b
	case Play:
		return Action{Verb: Play, Card: a.Card, A: NoCompany, B: NoCompany}
	case Swap:
		if a.N == 0 {
			return Action{Verb: Swap, A: NoCompany, B: NoCompany}
		}
		return Action{Verb: Swap, N: 1, A: a.A, B: a.B}
	case Lift:
		return Action{Verb: Lift, A: a.A, B: NoCompany}
	}
	return Action{Verb: a.Verb, A: NoCompany, B: NoCompany}
}

func valid(c Company) bool { return c >= 0 && c < Companies }

// check is the one judge of legality: nil if seat may take a now.
func (g *Game) check(seat int, a Action) error {
	if g.phase == PhaseOver {
		return g.refuse(seat, a, "", "the game is over")
	}
	if seat != int(g.turn) {
		return g.refuse(seat, a, "", "not your decision: %s", g.Due())
	}
	if a != canonical(a) || a.Verb > Pass {
		return g.refuse(seat, a, "", "not an action as the engine writes them")
	}
	s := int8(seat)
	switch g.phase {
	case PhaseTake:
		if a.Verb != Take && a.Verb != Option {
			rule := "H9"
			if a.Verb == Pass {
				rule = "H20"
			}
			return g.refuse(seat, a, rule, "take 2 shares first (or use an option card); %s", g.legalText())
		}
	case PhaseSpecial:
		if a.Verb != Take && a.Verb != Option {
			return g.refuse(seat, a, "H19", "the special round is a take and nothing else; %s", g.legalText())
		}
	case PhasePlay:
		switch a.Verb {
		case Take:
			return g.refuse(seat, a, "H9", "you have taken your shares this turn: play a card; %s", g.legalText())
		case Pass:
			return g.refuse(seat, a, "H12", "every turn plays 2 cards; a pass is for the final round; %s", g.legalText()) // H20
		}
	case PhaseFinal:
		switch a.Verb {
		case Take, Option, Swap:
			return g.refuse(seat, a, "H20", "the final round takes no share and uses no Exchange or option card: play a destination or Raise card, or pass; %s", g.legalText())
		}
	}
	switch a.Verb {
	case Take, Option:
		if a.Verb == Option && g.options[s] == 0 {
			return g.refuse(seat, a, "H11", "you hold no option card")
		}
		return g.checkTake(seat, a)
	case Play:
		if !a.Card.IsDestination() || !g.holds(s, a.Card) {
			return g.refuse(seat, a, "H12", "you do not hold %s; %s", a.Card, g.legalText())
		}
	case Swap:
		if !g.holds(s, Exchange) {
			return g.refuse(seat, a, "H12", "you hold no Exchange card; %s", g.legalText())
		}
		if a.N == 0 {
			return nil
		}
		switch {
		case !valid(a.A) || !valid(a.B):
			return g.refuse(seat, a, "D5", "name two companies")
		case a.A == a.B:
			return g.refuse(seat, a, "D5", "an exchange takes a share of a different company; %s", g.legalText())
		case g.shares[s][a.A] == 0:
			return g.refuse(seat, a, "D5", "you hold no %s share to give; %s", a.A, g.legalText())
		case g.bank[a.B] == 0:
			return g.refuse(seat, a, "D5", "the bank holds no %s share; %s", a.B, g.legalText())
		}
	case Lift:
		if !g.holds(s, Raise) {
			return g.refuse(seat, a, "H12", "you hold no Raise card; %s", g.legalText())
		}
		if !valid(a.A) {
			return g.refuse(seat, a, "H16", "name a company")
		}
	}
	return nil
}

// checkTake judges a take or an option's take (H10, D3).
func (g *Game) checkTake(seat int, a Action) error {
	total := g.bankTotal()
	switch want := int8(min(total, 2)); {
	case a.N != want && total >= 2:
		return g.refuse(seat, a, "H10", "take 2 shares: 2 of one company or 1 each of two; %s", g.legalText())
	case a.N != want:
		return g.refuse(seat, a, "D3", "the bank holds %d %s: name exactly what it holds; %s", total, plural(total, "share"), g.legalText())
	}
	if a.N >= 1 && !valid(a.A) || a.N == 2 && !valid(a.B) {
		return g.refuse(seat, a, "H10", "name the companies")
	}
	switch {
	case a.N == 2 && a.A == a.B && g.bank[a.A] < 2:
		return g.refuse(seat, a, "H10", "the bank holds %d %s %s; %s", g.bank[a.A], a.A, plural(int(g.bank[a.A]), "share"), g.legalText())
	case a.N >= 1 && g.bank[a.A] == 0:
		return g.refuse(seat, a, "H10", "the bank holds no %s share; %s", a.A, g.legalText())
	case a.N == 2 && g.bank[a.B] == 0:
		return g.refuse(seat, a, "H10", "the bank holds no %s share; %s", a.B, g.legalText())
	}
	return nil
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// legalText says what is legal now, for refusals: "legal: `take Alps
// Alps` `take Alps USA` ...".
func (g *Game) legalText() string {
	var buf [maxLegal]Action
	s := "legal:"
	for _, a := range g.AppendLegal(buf[:0], int(g.turn)) {
		s += " `" + a.String() + "`"
	}
	return s
}

// step applies a legal decision and moves to the next one.
func (g *Game) step(seat int8, a Action) {
	switch a.Verb {
	case Take:
		g.give(seat, a)
		g.log(Event{Kind: EvTake, Seat: seat, N: a.N, A: a.A, B: a.B})
		if g.phase == PhaseSpecial {
			g.nextSpecial()
			return
		}
		g.phase, g.played = PhasePlay, 0
		if g.nHand[seat] == 0 { // D2: the turn ends at the take
			g.endTurn()
		}
	case Option:
		g.options[seat]--
		g.give(seat, a)
		g.log(Event{Kind: EvOption, Seat: seat, N: a.N, A: a.A, B: a.B})
	case Play:
		g.remove(seat, a.Card)
		g.discard(a.Card)
		c, b := a.Card.Company(), uint(a.Card%Destinations)
		g.track[c] |= 1 << b
		chain := chainAt(g.track[c], b)
		if !g.quiet { // the value is for the log alone: playouts skip it
			g.log(Event{Kind: EvCard, Seat: seat, Card: a.Card, A: c, N: int8(chain), V: int16(g.value(c))})
		}
		if g.phase == PhaseFinal { // H20: no coup in the final round
			g.nextFinal()
			return
		}
		if g.coup < 0 && chain >= CoupLength { // H17
			g.coup = seat
			g.log(Event{Kind: EvCoup, Seat: seat, Card: a.Card, A: c, N: int8(chain)})
		}
		g.cardPlayed(seat)
	case Swap:
		g.remove(seat, Exchange)
		g.discard(Exchange)
		if a.N > 0 {
			g.move(seat, a.A, -1)
			g.move(seat, a.B, 1)
		}
		g.log(Event{Kind: EvExchange, Seat: seat, N: a.N, A: a.A, B: a.B})
		g.cardPlayed(seat)
	case Lift:
		g.remove(seat, Raise)
		g.raises[a.A]++ // D5: it stays beside the company, off the pile
		g.log(Event{Kind: EvRaise, Seat: seat, A: a.A, V: int16(g.value(a.A))})
		if g.phase == PhaseFinal {
			g.nextFinal()
			return
		}
		g.cardPlayed(seat)
	case Pass:
		g.log(Event{Kind: EvPass, Seat: seat})
		g.nextFinal()
	}
}

// give moves a take's shares from the bank to seat (H10).
func (g *Game) give(seat int8, a Action) {
	if a.N >= 1 {
		g.move(seat, a.A, 1)
	}
	if a.N >= 2 {
		g.move(seat, a.B, 1)
	}
}

// cardPlayed ends the turn after its second card, or when the hand is
// empty (H12).
func (g *Game) cardPlayed(seat int8) {
	g.played++
	if g.played == 2 || g.nHand[seat] == 0 {
		g.endTurn()
	}
}

// endTurn draws and passes the turn on, or ends the game early (H13, H21,
// D6), or after the coup's turn starts the special round (H18, D7).
func (g *Game) endTurn() {
	seat := g.turn
	if g.coup >= 0 { // only the coup's turn ends a normal turn after a coup
		g.startSpecial()
		return
	}
	if n, first, second := g.refill(seat); n > 0 {
		g.log(Event{Kind: EvDraw, Seat: seat, N: int8(n), Card: first, Card2: second})
	}
	early := true
	for _, n := range g.nHand[:g.seats] {
		if n > EarlyEndHand {
			early = false
			break
		}
	}
	if early {
		g.finish()
		return
	}
	g.turn = (seat + 1) % g.seats
	g.phase, g.played = PhaseTake, 0
}

// startSpecial starts the special round after the coup's turn (H19, D7).
func (g *Game) startSpecial() {
	if g.coup+1 < g.seats {
		g.log(Event{Kind: EvSpecial, Seat: g.coup + 1})
		g.phase, g.turn = PhaseSpecial, g.coup+1
		return
	}
	g.startFinal()
}

func (g *Game) nextSpecial() {
	if g.turn+1 < g.seats {
		g.turn++
		return
	}
	g.startFinal()
}

// startFinal starts the final round after the coup player (H20, D7).
func (g *Game) startFinal() {
	g.phase, g.turn = PhaseFinal, (g.coup+1)%g.seats
	g.log(Event{Kind: EvFinal, Seat: g.turn})
}

func (g *Game) nextFinal() {
	if g.turn == g.coup {
		g.finish()
		return
	}
	g.turn = (g.turn + 1) % g.seats
}

// finish scores the game (H22).
func (g *Game) finish() {
	g.phase = PhaseOver
	g.log(Event{Kind: EvOver, Seat: -1})
}

// Due says in words what decision is due and from whom, or how the game
// ended.
func (g *Game) Due() string {
	n := g.names[g.turn]
	switch g.phase {
	case PhaseTake:
		return n + " is to take 2 shares"
	case PhasePlay:
		if g.played == 0 {
			return n + " is to play a first card"
		}
		return n + " is to play a second card"
	case PhaseSpecial:
		return n + " is to take 2 shares in the special round"
	case PhaseFinal:
		return n + " is to play one last card or pass in the final round"
	}
	var s string
	switch {
	case g.coup >= 0:
		s = "the game is over after " + g.names[g.coup] + "'s grand coup"
	default:
		s = "the game is over: every hand holds 4 cards or fewer"
	}
	return s + "; " + g.winnersText()
}

// winnersText names the winners and their points: "bob wins with 190
// points".
func (g *Game) winnersText() string {
	best := -1
	for s := range g.seats {
		best = max(best, g.score(s))
	}
	var who []string
	for s := range g.seats {
		if g.score(s) == best {
			who = append(who, g.names[s])
		}
	}
	if len(who) == 1 {
		return fmt.Sprintf("%s wins with %s", who[0], engine.Points.Format(best))
	}
	return fmt.Sprintf("%s tie for the win with %s", joinAnd(who), engine.Points.Format(best))
}

// joinAnd joins words as a person lists them: "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	s := words[0]
	for _, w := range words[1 : len(words)-1] {
		s += ", " + w
	}
	return s + " and " + words[len(words)-1]
}
