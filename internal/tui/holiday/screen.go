package holiday

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

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
	keys   *KeyMap // every session's, never changed (DefaultKeyMap): the screen is copied into an interface on every call
	game   *holiday.View
	looks  *trackLooks // shared by the copies

	in    input      // the decision being composed
	at    room.At    // as of the last call that was given one
	reply room.Reply // what the key being handled answers
}

var _ room.Screen = Screen{}

// Layout is the screen's lines whose width it knows, which the room
// screen need not measure again (layout.Memo.Embed): measuring the tracks'
// rows, the counts, the news and the hand beside the players was most of
// what it measured a move (room.BenchmarkMix).
func (s Screen) Layout() layout.Laid {
	if s.looks == nil {
		return nil
	}
	return s.looks
}

// Holds reports whether line is one of the screen's lines last drawn that
// fit in w cells: the hand beside the players, a row of the tracks, the
// counts or the news (layout.Laid).
func (l *trackLooks) Holds(line string, w int) bool {
	if l.tables.Holds(line, w) {
		return true
	}
	if l.knownW <= w && (layout.Same(line, l.known[0]) || layout.Same(line, l.known[1])) {
		return true
	}
	for i := range l.rows {
		if r := &l.rows[i]; r.width <= w && layout.Same(line, r.line) {
			return true
		}
	}
	return false
}

// New returns Holiday AG's screen, drawn with styles.
func New(styles *theme.Styles) Screen {
	return Screen{styles: styles, keys: &defaultKeys, looks: &trackLooks{}}
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

// DrawKey is what Draw shows besides the size and room.At: the view, the
// styles, and the card under the cursor where the hand shows it.
func (s Screen) DrawKey() room.DrawKey {
	k := room.DrawKey{View: s.game, Styles: s.styles}
	if s.game != nil && s.cardChoice() {
		k.State = 1 + uint64(s.in.cursor)
	}
	return k
}

// Draw draws the tracks, the counts and news, and the hand beside the
// players; from tallFrom lines the discard pile and a legend too.
func (s Screen) Draw(w, h int, at room.At) []string {
	s.at = at
	hw := handWidth
	if h-roomLines >= tallFrom-roomLines && w >= wideFrom {
		hw = wideHand
	}
	// The screen's lines are set in one list, as many as the screen has:
	// the room screen keeps it.
	pw := w - hw - gap
	p := s.public(w, pw)
	out := append(s.tracks(make([]string, 0, h), w), p.counts, p.news, "")
	if l := s.looks; l != nil {
		l.known, l.knownW = [2]string{p.counts, p.news}, w
		out = l.tables.Append(out, s.handPanel(hw, h), s.players(p, pw), hw, gap, pw)
	} else {
		out = append(out, layout.Beside(s.handPanel(hw, h), s.players(p, pw), hw, gap, pw)...)
	}
	if h >= tallFrom {
		out = append(out, s.pile(w, h-roomLines-len(out))...)
	}
	return out
}

// tracks appends to out a heading and one row a company: its letter and
// name, its destinations, longest chain, value, Raise cards and the bank's
// shares.
func (s Screen) tracks(out []string, w int) []string {
	v := s.game
	cell := 2
	if w >= wideFrom {
		cell = 3
	}
	looks := s.trackLooks(cell)
	out = append(out, looks.heading)
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
	for c := range holiday.Company(holiday.Companies) {
		k := trackKey{suitcases: v.Suitcases[c], mark: -1, longest: v.Longest[c], value: v.Values[c], raises: v.Raises[c], bank: v.Bank[c]}
		for n := range holiday.Destinations {
			d := holiday.Destination(c, n+1)
			k.hand[n] = hand[d]
			if marked && d == last {
				k.mark = n
			}
		}
		// A move changes a row or two: the others are as last drawn.
		if looks.rows[c].line == "" || looks.rows[c].key != k {
			r := &looks.rows[c]
			r.key = k
			r.line, r.width = s.trackRow(looks, c, k)
		}
		out = append(out, looks.rows[c].line)
	}
	return out
}

// trackKey is what a company's row of the tracks shows: its suitcases,
// the player's cards, the card played last (mark, -1 for none) and the
// numbers at its end.
type trackKey struct {
	suitcases, hand              [holiday.Destinations]bool
	mark                         int
	longest, value, raises, bank int
}

// trackRow draws company c's row of the tracks, and says its width in
// cells, which its parts' add up to: the room screen need not measure it
// (Holds).
func (s Screen) trackRow(looks *trackLooks, c holiday.Company, k trackKey) (string, int) {
	// Built on the stack: one allocation, the string, of its length (a
	// row's cells are mostly empty, where a buffer grown for the suitcases
	// was two or three times that).
	var buf [1024]byte
	b := append(buf[:0], looks.company[c]...)
	// The letter, a space and the name in 13 cells (drawCellLooks), then
	// the destinations a cell wide each.
	width := 2 + max(companyName, len(c.String())) + holiday.Destinations*looks.cell
	right := func(text string, n int) {
		b = appendRight(b, text, n)
		width += max(n, utf8.RuneCountInString(text))
	}
	for n := range holiday.Destinations {
		switch {
		case k.suitcases[n] && n == k.mark:
			b = append(b, looks.last[c]...)
		case k.suitcases[n]:
			b = append(b, looks.suitcase[c]...)
		case k.hand[n]:
			b = append(b, looks.hand...)
		default:
			b = append(b, looks.empty...)
		}
	}
	var num [24]byte
	right(string(strconv.AppendInt(num[:0], int64(k.longest), 10)), 7)
	right(string(strconv.AppendInt(num[:0], int64(k.value), 10)), 6)
	if k.raises > 0 {
		right(string(strconv.AppendInt(append(num[:0], '+'), int64(k.raises), 10)), 6)
	} else {
		right("·", 6)
	}
	right(string(strconv.AppendInt(num[:0], int64(k.bank), 10)), 5)
	return string(b), width
}

// companyName is the cells a company's name takes on the tracks, at least.
const companyName = 13

// trackLooks are what a screen and its copies keep of the tracks: the
// looks of their cells, and the rows and the players' heading last drawn.
type trackLooks struct {
	*cellLooks

	rows [holiday.Companies]struct { // the tracks' rows last drawn
		key   trackKey
		line  string
		width int
	}

	// The counts and the news last drawn, which fit in knownW cells.
	known  [2]string
	knownW int

	head       string // the players' table's heading (playersHead)
	headStyles *theme.Styles
	headWidth  int

	tables  layout.Columns // the hand beside the players: a move changes a few of their lines
	players []string       // the players' table last drawn (players), changed in place

	decision layout.Kept[decisionKey] // the decision's lines last drawn (Decision)

	handPanel []string // the hand panel last drawn, never changed
	handKey   handKey  // what it shows; last, as the collector stops at the last pointer
}

// playersHead is the players' table's heading with names nw cells wide,
// drawn again only for another width or styles (l may be nil: not kept).
func (l *trackLooks) playersHead(st *theme.Styles, nw int) string {
	if l != nil && l.head != "" && l.headStyles == st && l.headWidth == nw {
		return l.head
	}
	head := "  " + fmt.Sprintf("%-*s", nw, "Player")
	for c := range holiday.Company(holiday.Companies) {
		head += "  " + letter(c)
	}
	head = st.Heading.Render(head + " Opt Hand Points")
	if l != nil {
		l.head, l.headStyles, l.headWidth = head, st, nw
	}
	return head
}

func (s Screen) trackLooks(cell int) *trackLooks {
	l := s.looks
	if l == nil {
		l = &trackLooks{}
	}
	if l.cellLooks == nil || l.styles != s.styles || l.cell != cell {
		*l = trackLooks{cellLooks: cellLooksFor(s.styles, cell)}
	}
	return l
}

// cellLooks are the looks of the tracks' cells, cell cells wide: drawn
// once per styles and width, not for each of the 150 cells on every
// snapshot, which was a third of drawing a Holiday AG screen
// (BenchmarkMove; docs/capacity.md), and once for every session, not for
// each, where they were a dozen live objects a player (issue 22). They
// are never changed.
type cellLooks struct {
	styles            *theme.Styles
	cell              int
	heading           string                    // the tracks' heading, their numbers
	lead              string                    // a cell's spaces before its mark
	company, suitcase [holiday.Companies]string // a track's heading, and a suitcase on it
	last              [holiday.Companies]string // the suitcase of the card played last: ›A
	hand, empty       string
}

// cellLooksFor returns the looks for st and cell, drawing them the first
// time: there are two sets of styles (theme.New) and two widths.
func cellLooksFor(st *theme.Styles, cell int) *cellLooks {
	k := cellLooksKey{st, cell}
	return allCellLooks.Get(k, func() *cellLooks { return drawCellLooks(st, cell) })
}

var allCellLooks theme.Drawn[cellLooksKey, *cellLooks]

type cellLooksKey struct {
	styles *theme.Styles
	cell   int
}

func drawCellLooks(st *theme.Styles, cell int) *cellLooks {
	l := &cellLooks{styles: st, cell: cell, lead: strings.Repeat(" ", cell-1)}
	nums := []byte(strings.Repeat(" ", cell*holiday.Destinations))
	for n := 1; n <= holiday.Destinations; n++ {
		if cell == 3 || n == 1 || n%5 == 0 {
			label := strconv.Itoa(n)
			copy(nums[cell*n-len(label):], label)
		}
	}
	l.heading = st.Heading.Render(fmt.Sprintf("  %-13s%s  Chain Value Raise Bank", "Company", nums))
	for c := range holiday.Company(holiday.Companies) {
		mark := st.Chain(c.String(), int(c)).Render(letter(c))
		l.company[c] = mark + " " + fmt.Sprintf("%-*s", companyName, c)
		l.suitcase[c] = l.lead + mark
		l.last[c] = l.lead[1:] + "›" + st.LastChain(c.String(), int(c)).Render(letter(c))
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
	// their letters, as on the tracks. Built in one buffer, as every
	// seat's screen draws the line again on every move.
	line := func(b []byte, named bool) []byte {
		b = append(b, "Stock "...)
		b = strconv.AppendInt(b, int64(v.StockLeft), 10)
		b = append(b, " · pile "...)
		b = strconv.AppendInt(b, int64(len(v.Discard)), 10)
		b = append(b, " · Raise: "...)
		placed := 0
		for c, n := range v.Raises {
			if n > 0 {
				if named {
					b = append(b, holiday.Company(c).String()...)
				} else {
					b = append(b, letter(holiday.Company(c))...)
				}
				b = append(b, " +"...)
				b = strconv.AppendInt(b, int64(n), 10)
				b = append(b, ", "...)
				placed += n
			}
		}
		b = strconv.AppendInt(b, int64(specials-placed-piled[holiday.Raise]), 10)
		b = append(b, " to come · Exchange: "...)
		b = strconv.AppendInt(b, int64(specials-piled[holiday.Exchange]), 10)
		return append(b, " to come"...)
	}
	var buf [192]byte
	if l := line(buf[:0], true); utf8.RuneCount(l) <= w {
		return string(l)
	}
	return layout.Cut(string(line(buf[:0], false)), w)
}

// news announces the grand coup and the rounds it starts, or else lists the
// cards played last.
func (s Screen) news(w int) string {
	v, st := s.game, s.styles
	coup, by := "", ""
	if v.Coup >= 0 {
		by = v.Names[v.Coup]
		if v.Coup < len(s.at.Tags) && s.at.Tags[v.Coup] == "BOT" { // room's mark of a bot account (issue 24)
			by += " BOT"
		}
		coup = fmt.Sprintf("Coup by %s (+%d)! ", by, holiday.CoupBonus)
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
			last = ", " + by + " last"
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
	const (
		step = 8 // cards dropped from the start at once
		head = "Played:"
	)
	n := len(head) // the line's width from start on: its cells are ASCII
	for _, k := range discard {
		n += 1 + len(short(k))
	}
	start := 0
	for start < len(discard) && n > w {
		next := min(start+step, len(discard)-1)
		for _, k := range discard[start:next] {
			n -= 1 + len(short(k))
		}
		start = next
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(head)
	for _, k := range discard[start:] {
		b.WriteByte(' ')
		b.WriteString(short(k))
	}
	return b.String()
}

// short names a card in a few cells: "A7", "M12", "Exch", "Raise".
func short(k holiday.Card) string {
	switch {
	case k.IsDestination():
		return shortNames[k]
	case k == holiday.Exchange:
		return "Exch"
	}
	return "Raise"
}

// shortNames are the destination cards' short names, made once: every
// screen names dozens of cards at every move.
var shortNames = func() (names [holiday.Exchange]string) {
	for k := range holiday.Exchange {
		names[k] = letter(k.Company()) + strconv.Itoa(k.Number())
	}
	return names
}()

// handPanel lists the player's cards, or what a watcher sees instead, in
// w cells: two columns of five at 80×24, one card a line with what it
// would do when tall enough.
func (s Screen) handPanel(w, h int) []string {
	v, st := s.game, s.styles
	if v.Viewer < 0 {
		return []string{st.Heading.Render("Watching"), "You see what everyone sees:", "nobody's cards and not the", "order of the stock."} // H25
	}
	k, kept := s.handKey(w, h), s.looks
	if kept != nil && (kept.cellLooks == nil || kept.styles != s.styles) {
		kept = nil // the looks are another styles' until the tracks are drawn
	}
	if kept != nil && k.ok && kept.handPanel != nil && kept.handKey == k {
		return kept.handPanel
	}
	out := s.drawHand(w, h)
	if kept != nil && k.ok {
		kept.handKey, kept.handPanel = k, out
	}
	return out
}

// handKey is what the hand panel shows of the player's cards: a move
// changes the hand of one player, and what a card or two of the others'
// would do, but every seat drew its whole hand again, a third of what
// drawing a Holiday AG screen allocated (BenchmarkMove). ok is false for
// a hand too long to key. It holds no pointer, for the collector to
// skip (the styles are the looks'), and its panel is kept with the looks.
type handKey struct {
	ok        bool
	w, h      int
	cursor, n int8 // the card chosen (-1 for none), and the cards
	cards     [holiday.HandSize]handCard
}

// handCard is what a card's entry says: the chain it would be in, the
// company's value then, and whether that is the grand coup.
type handCard struct {
	card  holiday.Card
	chain uint8 // at most holiday.Destinations
	value int16
	coup  bool
}

func (s Screen) handKey(w, h int) handKey {
	v := s.game
	k := handKey{ok: len(v.Hand) <= holiday.HandSize, w: w, h: h, cursor: -1, n: int8(len(v.Hand))}
	if !k.ok {
		return k
	}
	if s.at.Mine && s.cardChoice() {
		k.cursor = int8(s.in.cursor)
	}
	for i, c := range v.Hand {
		e := handCard{card: c}
		if c != holiday.Raise && c != holiday.Exchange {
			n := chainWith(v, c)
			e.chain, e.value = uint8(n), int16(value(max(n, v.Longest[c.Company()]), v.Raises[c.Company()]))
			e.coup = n >= holiday.CoupLength && v.Coup < 0
		}
		k.cards[i] = e
	}
	return k
}

// drawHand is the hand panel of a seat's screen.
func (s Screen) drawHand(w, h int) []string {
	v, st := s.game, s.styles
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
			e = layout.Fit(cursor+fmt.Sprintf("%-17s", k)+s.brief(k), cw)
		} else {
			e = s.shortEntry(cursor, k, cw)
		}
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

// shortEntry is a card of the hand in cw cells at 80 columns: the cursor,
// its short name in six cells, and what it would do.
func (s Screen) shortEntry(cursor string, k holiday.Card, cw int) string {
	name, tail := short(k), s.tail(k)
	if len(cursor)+max(len(name), 6)+utf8.RuneCountInString(tail) > cw {
		return layout.Fit(cursor+fmt.Sprintf("%-6s", name)+tail, cw)
	}
	var b strings.Builder
	b.Grow(cw + len(tail))
	b.WriteString(cursor)
	b.WriteString(name)
	b.WriteString(layout.Spaces(6 - len(name)))
	b.WriteString(tail)
	b.WriteString(layout.Spaces(cw - b.Len() + len(tail) - utf8.RuneCountInString(tail)))
	return b.String()
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
		return "→" + strconv.Itoa(n) + "!"
	}
	return chainMarks[n]
}

// chainMarks are tail's marks of a chain of n, made once.
var chainMarks = func() (marks [holiday.Destinations + 1]string) {
	for n := range marks {
		marks[n] = "→" + strconv.Itoa(n)
	}
	return marks
}()

// players draws every seat's shares, option cards, hand size and points
// now, in w cells; > marks whose decision is due, * the grand coup. The
// others' rows are p's, drawn once for the room's seats, and the player's
// own, in bold, its own. The list is the one kept in s.looks, changed in
// place at the next call: its callers set it beside another at once.
func (s Screen) players(p *public, w int) []string {
	v := s.game
	nw := s.nameWidth(w)
	var out []string
	if l := s.looks; l != nil {
		out = l.players[:0]
	}
	out = append(out, p.head)
	for i := range v.Names {
		if i != int(v.Viewer) && i < len(p.rows) {
			out = append(out, p.rows[i])
			continue
		}
		var buf [160]byte // a row of a wide screen: one allocation, the string, where it changed
		b := s.appendPlayer(buf[:0], i, nw, true)
		// The row as last drawn where it reads the same: a move changes
		// one or two.
		if 1+i < cap(out) && out[:cap(out)][1+i] == string(b) {
			out = append(out, out[:cap(out)][1+i])
		} else {
			out = append(out, string(b))
		}
	}
	if l := s.looks; l != nil {
		l.players = out
	}
	return out
}

// nameWidth is the players' names' width in a table w cells wide.
func (s Screen) nameWidth(w int) int {
	clock := 0
	if s.at.Times != nil {
		clock = 6
	}
	return min(maxName, max(6, w-2-15-4-5-7-clock))
}

// appendPlayer appends seat i's row of the players' table, its name nw
// cells wide and in bold where it is the viewer's and mine.
func (s Screen) appendPlayer(b []byte, i, nw int, mine bool) []byte {
	v, st, name := s.game, s.styles, s.game.Names[i]
	if int(v.ToMove) == i && v.Phase != holiday.PhaseOver {
		b = append(b, "> "...)
	} else {
		b = append(b, "  "...)
	}
	if i < len(s.at.Tags) && s.at.Tags[i] != "" {
		name += " " + s.at.Tags[i]
	}
	if mine && i == int(v.Viewer) {
		b = st.Name.AppendRender(b, layout.Fit(name, nw))
	} else if n := layout.Width(name); n <= nw {
		b = append(b, name...)
		b = append(b, layout.Spaces(nw-n)...)
	} else {
		b = append(b, layout.Fit(name, nw)...)
	}
	for c := range holiday.Companies {
		b = appendRight(b, count(v.Shares[i][c]), 3)
	}
	b = appendRight(b, count(v.Options[i]), 4)
	b = appendRight(b, strconv.Itoa(v.HandSizes[i]), 5)
	b = appendRight(b, strconv.Itoa(v.Scores[i]), 6)
	if v.Coup == i {
		b = append(b, '*')
	} else {
		b = append(b, ' ')
	}
	if s.at.Times != nil && i < len(s.at.Times) {
		b = appendRight(b, s.at.Times[i], 6)
	}
	return b
}

// appendRight appends text to b at the right of n cells, as fmt's %ns
// does: drawing the players' rows with fmt was a fifth of drawing the
// screen (BenchmarkMove).
func appendRight(b []byte, text string, n int) []byte {
	b = append(b, layout.Spaces(n-utf8.RuneCountInString(text))...)
	return append(b, text...)
}

// count writes n, or · for none.
func count(n int) string {
	if n == 0 {
		return "·"
	}
	return strconv.Itoa(n)
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
	p := s.public(w, w-handWidth-gap)
	out := append(s.tracks(nil, w), p.counts, p.news, "")
	return append(out, layout.Beside(step, s.players(p, w-handWidth-gap), handWidth, gap, w-handWidth-gap)...)
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
