package holiday

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"

	"hotels/internal/engine/holiday"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
)

// The game's part of the room screen, top to bottom: the five tracks with
// their chains, values, Raise cards and the bank's shares; two lines of
// counts and news; the hand beside the players. From wideFrom columns a
// destination takes three cells, each numbered, and from tallFrom lines the
// hand lists one card a line with what it would do, and the discard pile
// and a legend follow.
const (
	gap       = 1
	handWidth = 30 // the hand's panel at 80 columns: two columns of cards
	wideFrom  = 110
	tallFrom  = 30
	wideHand  = 46
	roomLines = 7 // what the room screen draws besides the game's part
	maxName   = 18
	specials  = 2 // Exchange cards, and Raise cards, in the game (H2)
)

// Screen is Holiday AG's part of the room screen.
type Screen struct {
	styles *theme.Styles
	keys   *KeyMap // shared by the copies: the screen is copied into an interface on every call
	game   *holiday.View
	looks  *trackLooks // shared by the copies

	in    input      // the decision being composed
	at    room.At    // as of the last call that was given one
	reply room.Reply // what the key being handled answers
}

var _ room.Screen = Screen{}

// New returns Holiday AG's screen, drawn with styles.
func New(styles *theme.Styles) Screen {
	keys := DefaultKeyMap()
	return Screen{styles: styles, keys: &keys, looks: &trackLooks{}}
}

// SetStyles returns the screen drawn with st.
func (s Screen) SetStyles(st *theme.Styles) room.Screen {
	s.styles = st
	return s
}

// Show takes the latest *holiday.View.
func (s Screen) Show(view any) (room.Screen, bool) {
	v, ok := view.(*holiday.View)
	if !ok || v == nil {
		return s, false
	}
	s.game = v
	s.in = s.in.follow(v)
	return s, true
}

// Facts are what the room screen reads of the view.
func (s Screen) Facts() room.Facts {
	v := s.game
	// The stock is counted under the tracks: in the header too, it was
	// sent again at every card drawn (issue 22).
	header := ""
	switch v.Phase {
	case holiday.PhaseSpecial:
		header = "special round"
	case holiday.PhaseFinal:
		header = "final round"
	}
	return room.Facts{
		Names: v.Names, ToMove: v.ToMove, Due: v.Due, Over: v.Phase == holiday.PhaseOver,
		Standings: v.Standings, Unit: holiday.Kind.Unit, Header: header,
	}
}

// Composing reports whether the player has typed or chosen anything.
func (s Screen) Composing() bool { return !s.in.empty() }

// Draw draws the tracks, the counts and news, and the hand beside the
// players; from tallFrom lines the discard pile and a legend too.
func (s Screen) Draw(w, h int, at room.At) []string {
	s.at = at
	out := append(s.tracks(w), s.counts(w), s.news(w), "")
	hw := handWidth
	if h-roomLines >= tallFrom-roomLines && w >= wideFrom {
		hw = wideHand
	}
	out = append(out, layout.Beside(s.handPanel(hw, h), s.players(w-hw-gap), hw, gap, w-hw-gap)...)
	if h >= tallFrom {
		out = append(out, s.pile(w, h-roomLines-len(out))...)
	}
	return out
}

// tracks draws a heading and one row a company: its letter and name, its
// destinations, longest chain, value, Raise cards and the bank's shares.
func (s Screen) tracks(w int) []string {
	v, st := s.game, s.styles
	cell := 2
	if w >= wideFrom {
		cell = 3
	}
	nums := []byte(strings.Repeat(" ", cell*holiday.Destinations))
	for n := 1; n <= holiday.Destinations; n++ {
		if cell == 3 || n == 1 || n%5 == 0 {
			label := fmt.Sprint(n)
			copy(nums[cell*n-len(label):], label)
		}
	}
	out := []string{st.Heading.Render(fmt.Sprintf("  %-13s%s  Chain Value Raise Bank", "Company", nums))}
	var hand [holiday.Cards]bool
	for _, k := range v.Hand {
		hand[k] = true
	}
	// The card a player played last is marked on its track: ›A.
	n := len(v.Discard)
	marked := n > v.TurnedUp && v.Discard[n-1].IsDestination()
	var last holiday.Card
	if marked {
		last = v.Discard[n-1]
	}
	looks := s.trackLooks(cell)
	for c := range holiday.Company(holiday.Companies) {
		var b strings.Builder
		b.WriteString(looks.company[c])
		for n := 1; n <= holiday.Destinations; n++ {
			k := holiday.Destination(c, n)
			switch {
			case v.Suitcases[c][n-1] && marked && k == last:
				b.WriteString(looks.lead[1:] + "›" + st.LastChain(c.String(), int(c)).Render(letter(c)))
			case v.Suitcases[c][n-1]:
				b.WriteString(looks.suitcase[c])
			case hand[k]:
				b.WriteString(looks.hand)
			default:
				b.WriteString(looks.empty)
			}
		}
		raise := "·"
		if v.Raises[c] > 0 {
			raise = fmt.Sprintf("+%d", v.Raises[c])
		}
		fmt.Fprintf(&b, "  %5d %5d %5s %4d", v.Longest[c], v.Values[c], raise, v.Bank[c])
		out = append(out, b.String())
	}
	return out
}

// trackLooks are the looks of the tracks' cells, cell cells wide: drawn
// once per styles and width, not for each of the 150 cells on every
// snapshot, which was a third of drawing a Holiday AG screen
// (BenchmarkMove; docs/capacity.md).
type trackLooks struct {
	styles            *theme.Styles
	cell              int
	lead              string                    // a cell's spaces before its mark
	company, suitcase [holiday.Companies]string // a track's heading, and a suitcase on it
	hand, empty       string
}

func (s Screen) trackLooks(cell int) *trackLooks {
	l := s.looks
	if l == nil {
		l = &trackLooks{}
	}
	if l.styles == s.styles && l.cell == cell {
		return l
	}
	st := s.styles
	*l = trackLooks{styles: st, cell: cell, lead: strings.Repeat(" ", cell-1)}
	for c := range holiday.Company(holiday.Companies) {
		mark := st.Chain(c.String(), int(c)).Render(letter(c))
		l.company[c] = mark + " " + fmt.Sprintf("%-13s", c)
		l.suitcase[c] = l.lead + mark
	}
	l.hand, l.empty = l.lead+st.Rack.Render("+"), l.lead+st.Empty.Render("·")
	return l
}

// counts says how many cards the stock and the pile hold and where the
// special cards are (H25): Raise cards beside their companies, and how many
// of each kind are still to come (in hands or the stock, as opposed to on
// the pile, where one turned up at the start lies too: H7).
func (s Screen) counts(w int) string {
	v := s.game
	var piled [holiday.Cards]int
	for _, k := range v.Discard {
		piled[k]++
	}
	// Raise cards by their companies' names where that fits, else by
	// their letters, as on the tracks.
	var named, lettered []string
	placed := 0
	for c, n := range v.Raises {
		if n > 0 {
			named = append(named, fmt.Sprintf("%s +%d", holiday.Company(c), n))
			lettered = append(lettered, fmt.Sprintf("%s +%d", letter(holiday.Company(c)), n))
			placed += n
		}
	}
	line := func(raise []string) string {
		raise = append(raise, fmt.Sprintf("%d to come", specials-placed-piled[holiday.Raise]))
		return fmt.Sprintf("Stock %d · pile %d · Raise: %s · Exchange: %d to come",
			v.StockLeft, len(v.Discard), strings.Join(raise, ", "), specials-piled[holiday.Exchange])
	}
	if l := line(named); len([]rune(l)) <= w {
		return l
	}
	return layout.Cut(line(lettered), w)
}

// news announces the grand coup and the rounds it starts, or else lists the
// cards played last.
func (s Screen) news(w int) string {
	v, st := s.game, s.styles
	coup := ""
	if v.Coup >= 0 {
		coup = fmt.Sprintf("Coup by %s (+%d)! ", v.Names[v.Coup], holiday.CoupBonus)
	}
	switch v.Phase {
	case holiday.PhasePlay, holiday.PhaseTake:
		if coup != "" {
			return st.Notice.Render(layout.Cut(coup+"Then the special round and the final round.", w)) // H18–H20
		}
	case holiday.PhaseSpecial:
		return st.Notice.Render(layout.Cut(coup+"Special round: 2 shares each to the round's end.", w)) // H19
	case holiday.PhaseFinal:
		last := ""
		if v.Coup >= 0 {
			last = ", " + v.Names[v.Coup] + " last"
		}
		return st.Notice.Render(layout.Cut(coup+"Final round: one card or a pass each"+last+".", w)) // H20
	}
	return st.Subtle.Render(layout.Cut(played(v.Discard, w), w))
}

// played lists the cards played last, oldest first, in w cells. A card
// played is added at the end and the others stay where they were: the line
// starts again from a later card only when it is full, and then some
// cards on, so that a move sends the new card alone, not the whole line
// moved along (issue 22).
func played(discard []holiday.Card, w int) string {
	const step = 8 // cards dropped from the start at once
	line := func(cards []holiday.Card) string {
		out := "Played:"
		for _, k := range cards {
			out += " " + short(k)
		}
		return out
	}
	start := 0
	for start < len(discard) && len(line(discard[start:])) > w {
		start = min(start+step, len(discard)-1)
	}
	return line(discard[start:])
}

// short names a card in a few cells: "A7", "M12", "Exch", "Raise".
func short(k holiday.Card) string {
	switch {
	case k.IsDestination():
		return letter(k.Company()) + fmt.Sprint(k.Number())
	case k == holiday.Exchange:
		return "Exch"
	}
	return "Raise"
}

// handPanel lists the player's cards, or what a watcher sees instead, in
// w cells: two columns of five at 80×24, one card a line with what it
// would do when tall enough.
func (s Screen) handPanel(w, h int) []string {
	v, st := s.game, s.styles
	if v.Viewer < 0 {
		return []string{st.Heading.Render("Watching"), "You see what everyone sees:", "nobody's cards and not the", "order of the stock."} // H25
	}
	head := fmt.Sprintf("Your hand (%d)", len(v.Hand))
	if w < wideHand || h < tallFrom {
		head += st.Subtle.Render(" →n: chain made") // the marks of the short entries
	}
	out := []string{st.Heading.Render(head)}
	if len(v.Hand) == 0 {
		return append(out, st.Subtle.Render("  no cards left"))
	}
	choosing := s.at.Mine && s.cardChoice()
	entry := func(i, cw int, long bool) string {
		k := v.Hand[i]
		cursor := "  "
		if choosing && i == s.in.cursor {
			cursor = "> "
		}
		var e string
		if long {
			e = cursor + fmt.Sprintf("%-17s", k) + s.brief(k)
		} else {
			e = cursor + fmt.Sprintf("%-6s", short(k)) + s.tail(k)
		}
		e = layout.Fit(e, cw)
		if choosing && i == s.in.cursor {
			return st.Selected.Render(e)
		}
		return e
	}
	if w >= wideHand && h >= tallFrom {
		for i := range v.Hand {
			out = append(out, entry(i, w-1, true))
		}
		return out
	}
	rows := (len(v.Hand) + 1) / 2
	cw := (w - 1) / 2
	for r := range rows {
		line := entry(r, cw, false)
		if j := r + rows; j < len(v.Hand) {
			line += " " + entry(j, cw, false)
		}
		out = append(out, line)
	}
	return out
}

// brief says in a line what a card would do: a destination the chain it
// would be in and the company's value then.
func (s Screen) brief(k holiday.Card) string {
	switch k {
	case holiday.Raise:
		return "+1 to a company's value of 5 or more"
	case holiday.Exchange:
		return "give 1 share, take 1 of another"
	}
	n := chainWith(s.game, k)
	c := k.Company()
	out := fmt.Sprintf("chain %d, value %d", n, value(max(n, s.game.Longest[c]), s.game.Raises[c]))
	if n >= holiday.CoupLength && s.game.Coup < 0 {
		out += ": the grand coup"
	}
	return out
}

// tail says in a few cells what a card would do: a destination the chain
// it would be in (! for the grand coup), a Raise +1, an Exchange a swap.
func (s Screen) tail(k holiday.Card) string {
	switch {
	case k == holiday.Raise:
		return "+1"
	case k == holiday.Exchange:
		return "swap"
	}
	n := chainWith(s.game, k)
	if n >= holiday.CoupLength && s.game.Coup < 0 {
		return fmt.Sprintf("→%d!", n)
	}
	return fmt.Sprintf("→%d", n)
}

// players draws every seat's shares, option cards, hand size and points
// now, in w cells; > marks whose decision is due, * the grand coup.
func (s Screen) players(w int) []string {
	v, st := s.game, s.styles
	clock := 0
	if s.at.Times != nil {
		clock = 6
	}
	nw := min(maxName, max(6, w-2-15-4-5-7-clock))
	head := "  " + fmt.Sprintf("%-*s", nw, "Player")
	for c := range holiday.Company(holiday.Companies) {
		head += "  " + letter(c)
	}
	head += " Opt Hand Points"
	out := []string{st.Heading.Render(head)}
	for i, name := range v.Names {
		mark := "  "
		if int(v.ToMove) == i && v.Phase != holiday.PhaseOver {
			mark = "> "
		}
		if i < len(s.at.Tags) && s.at.Tags[i] != "" {
			name += " " + s.at.Tags[i]
		}
		cell := layout.Fit(name, nw)
		if i == int(v.Viewer) {
			cell = st.Name.Render(cell)
		}
		row := mark + cell
		for c := range holiday.Companies {
			row += fmt.Sprintf("%3s", count(v.Shares[i][c]))
		}
		coup := " "
		if v.Coup == i {
			coup = "*"
		}
		row += fmt.Sprintf("%4s %4d %5d%s", count(v.Options[i]), v.HandSizes[i], v.Scores[i], coup)
		if clock > 0 && i < len(s.at.Times) {
			row += fmt.Sprintf("%6s", s.at.Times[i])
		}
		out = append(out, row)
	}
	return out
}

// count writes n, or · for none.
func count(n int) string {
	if n == 0 {
		return "·"
	}
	return fmt.Sprint(n)
}

// pile lists the discard pile, oldest first, and a legend, in h lines. A
// card played is added at the end, as on the line of cards played last:
// listed newest first, the whole pile moved along at every card (issue 22).
func (s Screen) pile(w, h int) []string {
	v, st := s.game, s.styles
	cards := make([]string, len(v.Discard))
	for i, k := range v.Discard {
		cards[i] = short(k)
	}
	out := []string{"", st.Heading.Render("Discard pile, oldest first")}
	out = append(out, layout.Tail([]string{strings.Join(cards, " ")}, w, 3)...)
	out = append(out, "", st.Subtle.Render(layout.Cut("A M T C U: a suitcase · +: a card in your hand · ·: empty · Chain: the longest", w)),
		st.Subtle.Render(layout.Cut("Value: the chain if 5 or more, + Raise cards · Points: value × shares now", w))) // H15, H16, H22
	if len(out) > h {
		out = out[:max(0, h)]
	}
	return out
}

// chainWith is the length of the chain destination card k would be in
// with its suitcase (H14).
func chainWith(v *holiday.View, k holiday.Card) int {
	c, n := k.Company(), k.Number()-1
	run := 1
	for i := n - 1; i >= 0 && v.Suitcases[c][i]; i-- {
		run++
	}
	for i := n + 1; i < holiday.Destinations && v.Suitcases[c][i]; i++ {
		run++
	}
	return run
}

// value is a company's value with a longest chain of n and raises Raise
// cards (H15, H16): a card's own chain counts only if it is the longest.
func value(n, raises int) int {
	if n < holiday.MinValued {
		return 0
	}
	return n + raises
}

// StepWidth is the width of the replay's step panel.
func (s Screen) StepWidth() int { return handWidth - 1 }

// Replay draws the tracks and counts, and step beside the players.
func (s Screen) Replay(w, h int, at room.At, step []string) []string {
	s.at = at
	out := append(s.tracks(w), s.counts(w), s.news(w), "")
	return append(out, layout.Beside(step, s.players(w-handWidth-gap), handWidth, gap, w-handWidth-gap)...)
}

// Final draws the final score as H22 counts it: each company's value, then
// a line a seat: its shares of each, the coup bonus and the total, so that
// six seats fit beside the standings at 80×24.
func (s Screen) Final() ([]string, int) {
	v, st := s.game, s.styles
	const width = 41
	head := fmt.Sprintf("%-9s", "Score")
	vals := fmt.Sprintf("%-9s", "value")
	for c := range holiday.Company(holiday.Companies) {
		head += fmt.Sprintf("%4s", letter(c))
		vals += fmt.Sprintf("%4d", v.Values[c])
	}
	out := []string{st.Heading.Render(head + " coup total"), vals}
	for i, name := range v.Names {
		held := layout.Fit(name, 8) + " "
		for c := range holiday.Companies {
			held += fmt.Sprintf("%4s", "×"+fmt.Sprint(v.Shares[i][c]))
		}
		coup := ""
		if v.Coup == i {
			coup = fmt.Sprintf("+%d", holiday.CoupBonus)
		}
		out = append(out, held+fmt.Sprintf("%5s %5d", coup, v.Scores[i]))
	}
	return append(out, "", st.Subtle.Render("Points: value × shares, + the coup")), width // H22
}

// Help lists every decision key and explains the tracks and the tables.
func (s Screen) Help() ([][]key.Binding, []string) {
	k := s.keys
	return [][]key.Binding{
			{room.Hint("a m t c u", "a company"), k.Erase, room.With(k.Confirm, "enter", "confirm")},
			{k.Prev, k.Option, k.Pass, k.Back},
		}, []string{
			"A turn: take 2 shares, play 2 cards, draw back to 10.",
			"Tracks: a company's letter is a suitcase (›A the card played last), + a card in",
			"your hand, · empty. A chain is suitcases on neighbouring numbers.",
			"A company's value is its longest chain if 5 or more, + 1 a Raise card. A chain",
			"of 10 is the grand coup: +10 points, the special round, then a final card each.",
			"Your hand: →3 the chain a card's suitcase would make (! the grand coup), +1 a",
			"Raise card, swap an Exchange card.",
			"Players: > whose turn, * the coup, Opt option cards (each takes 2 more shares",
			"once). Points are value × shares.",
		}
}
