package tycoon

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
)

// deedsFrom is the terminal height from which the title deeds are drawn
// under the hotels: at 80×24 the road and the tables leave the room screen
// its decision, status, feed and help lines, and no more.
const deedsFrom = 34

// Screen is Hotel Tycoon's part of the room screen.
type Screen struct {
	styles *theme.Styles
	keys   *KeyMap // every session's, never changed (DefaultKeyMap)
	kept   *kept   // parts drawn, shared by the copies
	game   *tycoon.View
	cursor int    // the legal action under the cursor
	typed  string // a bid being typed, in dollars
	picked []int  // at the Town Hall: the entrances to buy together, as indices of Legal
	due    string // the decision the cursor, typed bid and picks belong to
}

var _ room.Screen = Screen{}

// Layout is the columns the screen sets the hotels beside the players
// with, whose lines the room screen need not measure again
// (layout.Memo.Embed): measuring them was a third of what it measured a
// move (room.BenchmarkMix).
func (s Screen) Layout() layout.Laid {
	if s.kept == nil {
		return nil
	}
	return s.kept
}

// New returns Hotel Tycoon's screen, drawn with styles.
func New(styles *theme.Styles) Screen {
	return Screen{styles: styles, keys: &defaultKeys, kept: &kept{}}
}

// kept are parts of the screen last drawn, with what they show, to draw
// again only when that changed. Every session holds one for the collector
// to mark: the fields that hold pointers come first, as it scans an object
// only up to its last pointer (the hotels' numbers, the widths).
type kept struct {
	tableParts         // the seat's own row beside its hotel (ownLine); Replay's players
	pub        *public // the part shared with the room's other seats last drawn
	own        string  // the seat's own row of the players (ownLine)
	ownStyles  *theme.Styles
	ownKey     playerKey
	ownW       int

	decision layout.Kept[decisionKey] // the decision's lines last drawn (Decision)

	header string // the round, for the room's header (Facts)

	roadRows                  [2]roadRow // the entrances and the cars
	headerRound, headerRounds int
}

// tableParts are the hotels and the players last drawn, with what they
// show: a seat's (kept), or the part the room's seats share (public).
type tableParts struct {
	tables   layout.Columns // the hotels beside the players
	hotels   []string
	names    []string // the seats' names hotelsKey last read
	namesKey string

	playersStyles *theme.Styles
	playersHead   string
	playerKeys    []playerKey // each seat's row, by what it shows
	playerRows    []string
	playersOut    []string // the players' table last drawn
	lastKey       lastKey
	last          string // the last throws' line

	hotelsKey hotelsKey
	playersW  int
	// The hotels' and the players' rows are lent by the public they were
	// drawn for, which is never changed: copied before a change.
	hotelsLent, rowsLent bool
}

// parts are the screen's tableParts: a Screen not made by New keeps none.
func (s Screen) parts() *tableParts {
	if s.kept == nil {
		return nil
	}
	return &s.kept.tableParts
}

// SetStyles returns the screen drawn with st.
func (s Screen) SetStyles(st *theme.Styles) room.Screen {
	s.styles = st
	return s
}

// Show takes the latest *tycoon.View; a new decision starts with nothing
// chosen.
func (s Screen) Show(view any) (room.Screen, bool) {
	v, ok := view.(*tycoon.View)
	if !ok || v == nil {
		return s, false
	}
	s.game = v
	if kp := s.kept; kp != nil && kp.decision.Key().game != v {
		kp.decision = layout.Kept[decisionKey]{} // not to hold the view before
	}
	if v.Due != s.due {
		s.due, s.cursor, s.typed, s.picked = v.Due, 0, "", nil
	}
	return s, true
}

// Facts are what the room screen reads of the view.
// The seats' names and the header are kept (in s.kept) while they read
// the same: every snapshot asks for them.
func (s Screen) Facts() room.Facts {
	v := s.game
	names := s.seatNames(s.parts())
	round := v.Round + 1
	if v.Rounds > 0 {
		round = min(v.Round+1, v.Rounds)
	}
	kp := s.kept
	if kp == nil {
		kp = &kept{}
	}
	if kp.header == "" || kp.headerRound != round || kp.headerRounds != v.Rounds {
		kp.headerRound, kp.headerRounds = round, v.Rounds
		kp.header = "round " + strconv.Itoa(round) // without fmt
		if v.Rounds > 0 {
			kp.header += " of " + strconv.Itoa(v.Rounds)
		}
	}
	return room.Facts{Names: names, ToMove: v.ToMove, Due: v.Due, Over: v.Phase == tycoon.PhaseOver,
		Standings: v.Standings, Unit: tycoon.Kind.Unit, Header: kp.header}
}

// Composing reports whether the player has moved the cursor, typed a bid
// or chosen entrances.
func (s Screen) Composing() bool { return s.cursor != 0 || s.typed != "" || len(s.picked) > 0 }

// Draw draws the road over the hotels beside the players, and the title
// deeds when there is room.
func (s Screen) Draw(w, h int, at room.At) []string {
	if s.kept == nil { // a Screen not made by New: kept for this drawing only
		s.kept = &kept{}
	}
	// The tables and the deeds are the same for every seat but for the
	// seat's own row: drawn once for the room's seats (public).
	p := s.public(w, h, at)
	out := append(s.road(make([]string, 0, roadLines+len(p.lines)), w, at), p.lines...)
	if i := 1 + int(at.You); at.You >= 0 && i < len(p.hotels) && int(at.You) < len(s.game.Seats) {
		out[roadLines+i] = s.ownLine(p, w, at)
	}
	return out
}

// DrawKey is what Draw shows besides the size and room.At: the view and
// the styles (the decision's choice is in its own lines, Decision).
func (s Screen) DrawKey() room.DrawKey {
	return room.DrawKey{View: s.game, Styles: s.styles}
}

// StepWidth is the width of the replay's step panel: beside the hotels at
// 80 columns.
func (s Screen) StepWidth() int { return 80 - hotelsWidth - 1 }

// Replay draws the road over the hotels, beside them the step over the
// players: at 80×24 that leaves the replay a few lines for what the step
// did (the throws of the dice among it).
func (s Screen) Replay(w, h int, at room.At, step []string) []string {
	pw := w - hotelsWidth - 1
	right := append(append([]string(nil), step...), s.players(s.parts(), pw, at)...)
	return append(s.road(nil, w, at), layout.Beside(s.drawHotels(hotelsWidth), right, hotelsWidth, 1, pw)...)
}

// Final draws the hotels as the game left them, narrow enough to leave
// the standings beside them their worth at 80 columns.
func (s Screen) Final() ([]string, int) {
	return s.drawHotels(hotelsWidth), hotelsWidth
}

// Keys lists the keys of the decision due.
func (s Screen) Keys() []key.Binding {
	k := s.keys
	if s.game.Auction != nil {
		return []key.Binding{k.MinBid, k.Raise, room.Hint("0-9", "amount"), room.With(k.Confirm, "enter", "send"), k.Pass}
	}
	bs := []key.Binding{k.Prev, room.With(k.Confirm, "enter", "do it")}
	if s.townHall() {
		bs = append(bs, k.Toggle)
	}
	if s.legal("pass") {
		bs = append(bs, k.Pass)
	}
	return bs
}

// KeysKey names the list Keys returns (room's keysNamed): an auction's,
// or the moves' with the Town Hall's toggle and the pass where they apply.
func (s Screen) KeysKey() uint64 {
	if s.game.Auction != nil {
		return 1
	}
	k := uint64(2)
	if s.townHall() {
		k |= 4
	}
	if s.legal("pass") {
		k |= 8
	}
	return k
}

// Help lists every decision key and explains the board and the tables.
func (s Screen) Help() ([][]key.Binding, []string) {
	k := s.keys
	return [][]key.Binding{{
			k.Prev, room.With(k.Confirm, "enter", "do it / send bid"), k.Pass, room.With(k.Toggle, "space", "Town Hall: add/drop an entrance"),
			k.MinBid, k.Raise, room.Hint("0-9", "type a bid"), k.Erase,
		}}, []string{
			"The road: spaces 0–30, your car goes round it (›2: the car that moved last;",
			"+ three or four cars on one space); above and below it the plots: a letter",
			"is the hotel (B Boomerang, F Fujiyama, E L'Etoile, P President, R Royal,",
			"W Waikiki, T Taj Mahal, S Safari), $ the Bank, # the Town Hall. On the road an",
			"entrance is the hotel's letter and its owner's seat number. ^ marks the Bank",
			"line (+$2,000) and the Town Hall line (buy an entrance).",
			"Spaces: S start, b build, $ buy land, e free entrance, f free phase.",
			"The cars' row ends with the last move roll; under the players: the last",
			"nights and permission dice (Last).",
			"Stopping on another's entrance you roll the nights and pay the rent;",
			"who cannot pay auctions a complex. A build rolls the permission die:",
			"green builds, red builds nothing, H at half price (or free), double: pay",
			"double or build nothing. Where passing is the only choice (nothing you can",
			"buy, build or bid), it is made for you, and the log says why.",
			"The last player left wins; with a round limit, the best worth.",
		}
}

// legal reports whether the action text is among the decision's legal ones.
func (s Screen) legal(text string) bool {
	for _, a := range s.game.Legal {
		if a == text {
			return true
		}
	}
	return false
}

// Key handles a key of the player's decision.
func (s Screen) Key(k tea.KeyPressMsg, at room.At) (room.Screen, room.Reply) {
	v, km := s.game, s.keys
	if len(v.Legal) == 0 {
		return s, room.Reply{}
	}
	ok := room.Reply{Handled: true}
	if a := v.Auction; a != nil {
		switch {
		case key.Matches(k, km.MinBid):
			return s, s.bid(a.MinBid)
		case key.Matches(k, km.Raise):
			return s, s.bid(a.MinBid + 500)
		case key.Matches(k, km.Pass):
			return s, room.Reply{Handled: true, Act: "pass"}
		case key.Matches(k, km.Erase):
			if s.typed != "" {
				s.typed = s.typed[:len(s.typed)-1]
			}
			return s, ok
		case key.Matches(k, km.Confirm) && s.typed != "":
			n, _ := strconv.Atoi(s.typed)
			s.typed = ""
			return s, s.bid(n)
		case len(k.Text) == 1 && k.Text[0] >= '0' && k.Text[0] <= '9' && len(s.typed) < 7:
			s.typed += k.Text
			return s, ok
		}
	}
	switch {
	case key.Matches(k, km.Prev):
		s.cursor = (s.cursor + len(v.Legal) - 1) % len(v.Legal)
		return s, ok
	case key.Matches(k, km.Next):
		s.cursor = (s.cursor + 1) % len(v.Legal)
		return s, ok
	case key.Matches(k, km.Toggle) && s.townHall():
		return s.toggle(at)
	case key.Matches(k, km.Confirm) && len(s.picked) > 0:
		return s, room.Reply{Handled: true, Act: s.chosen().String()}
	case key.Matches(k, km.Confirm):
		return s, room.Reply{Handled: true, Act: v.Legal[min(s.cursor, len(v.Legal)-1)]}
	case key.Matches(k, km.Pass):
		if s.legal("pass") {
			return s, room.Reply{Handled: true, Act: "pass"}
		}
		return s, room.Reply{Handled: true, Say: "You cannot pass now: choose one of the actions listed.", Problem: true}
	}
	return s, room.Reply{}
}

// townHall reports whether the decision due is the Town Hall's, where
// one action buys an entrance for each of several hotels (T20, D5).
func (s Screen) townHall() bool { return s.game.Phase == tycoon.PhaseTownHall && len(s.game.Legal) > 0 }

// entranceOf is the one entrance the legal action i puts up; ok is false
// for an action that is no entrance (pass).
func (s Screen) entranceOf(i int) (p tycoon.Placement, ok bool) {
	a, err := tycoon.ParseAction(s.game.Legal[i])
	if err != nil || a.Verb != tycoon.Entrance || a.N != 1 {
		return p, false
	}
	return a.Ents[0], true
}

// toggle adds the entrance under the cursor to those picked, or drops it.
// A pick the engine would refuse in the set (D5: a hotel twice, a space
// twice, more than the cash) is refused here, with the reason.
func (s Screen) toggle(at room.At) (room.Screen, room.Reply) {
	v := s.game
	c := min(s.cursor, len(v.Legal)-1)
	if i := slices.Index(s.picked, c); i >= 0 {
		s.picked = slices.Delete(slices.Clone(s.picked), i, i+1)
		return s, room.Reply{Handled: true}
	}
	p, ok := s.entranceOf(c)
	if !ok {
		return s, room.Reply{Handled: true, Problem: true, Say: "Space adds an entrance to those to buy together; this choice is none."}
	}
	total := v.Hotels[p.Hotel].EntrancePrice
	for _, i := range s.picked {
		q, _ := s.entranceOf(i)
		switch {
		case q.Hotel == p.Hotel:
			return s, room.Reply{Handled: true, Problem: true, Say: fmt.Sprintf(
				"One entrance per hotel: the %s's on space %d is chosen already (space drops it).", q.Hotel.Title(), q.Space)}
		case q.Space == p.Space:
			return s, room.Reply{Handled: true, Problem: true, Say: fmt.Sprintf(
				"Space %d has the %s's entrance chosen already.", p.Space, q.Hotel.Title())}
		}
		total += v.Hotels[q.Hotel].EntrancePrice
	}
	if cash := v.Seats[at.You].Cash; total > cash {
		return s, room.Reply{Handled: true, Problem: true, Say: fmt.Sprintf(
			"These entrances would cost %s; you have %s.", money(total), money(cash))}
	}
	s.picked = append(slices.Clone(s.picked), c)
	return s, room.Reply{Handled: true}
}

// chosen is the Town Hall action that buys the entrances picked, in the
// hotels' order.
func (s Screen) chosen() tycoon.Action {
	a := tycoon.Action{Verb: tycoon.Entrance}
	for _, i := range s.picked {
		a.Ents[a.N], _ = s.entranceOf(i)
		a.N++
	}
	slices.SortFunc(a.Ents[:a.N], func(p, q tycoon.Placement) int { return int(p.Hotel) - int(q.Hotel) })
	return a
}

// bid answers a bid of n dollars: the engine judges it (any multiple of
// $50 from the minimum to the bidder's cash is legal, T24), and says why
// if it is not.
func (s Screen) bid(n int) room.Reply {
	return room.Reply{Handled: true, Act: "bid " + strconv.Itoa(n)}
}

// Decision says what the player's decision due is and what is chosen.
// It is kept (in s.kept) by what it shows: the player's keys between
// their moves draw the screen again, most of them with the same decision.
func (s Screen) Decision(w int, at room.At) []string {
	k := decisionKey{s.game, unsafe.SliceData(s.picked), s.typed, at.Countdown, s.styles, s.cursor, len(s.picked), w, at.You}
	if s.kept == nil {
		return s.decision(w, at)
	}
	return s.kept.decision.Lines(k, func() []string { return s.decision(w, at) })
}

// decisionKey is what Decision shows: the view (which is never changed),
// the cursor, the bid typed and the entrances picked (a new slice at each
// change), in w cells for the player you, with the countdown and styles.
type decisionKey struct {
	game             *tycoon.View
	picked           *int
	typed, countdown string
	styles           *theme.Styles
	cursor, picks, w int
	you              engine.Seat
}

func (s Screen) decision(w int, at room.At) []string {
	v := s.game
	if a := v.Auction; a != nil {
		first := "Your bid for the " + a.Lot.Title() + ": at least " + money(a.MinBid) + ", you have " + money(v.Seats[at.You].Cash) + "."
		second := "b bids " + money(a.MinBid) + " · B bids " + money(a.MinBid+500) + " · type an amount · p passes"
		if s.typed != "" {
			second = "Bid: $" + s.typed + "_   enter sends it, ⌫ erases"
		}
		return []string{layout.Spread(first, at.Countdown, w), layout.Fit(second, w)}
	}
	if len(v.Legal) == 0 {
		return []string{layout.Fit(v.Due, w), ""}
	}
	c := min(s.cursor, len(v.Legal)-1)
	q := question(v)
	if len(s.picked) > 0 {
		a := s.chosen()
		q = "Town Hall: " + strconv.Itoa(int(a.N)) + " chosen" + priceOf(v, a) + ", enter buys them"
	}
	first := "Your move: " + q + "  (choice " + strconv.Itoa(c+1) + " of " + strconv.Itoa(len(v.Legal)) + ")"
	this := "> " + s.mark(c) + describe(v, v.Legal[c])
	var buf [256]byte // the line with its styles: one allocation, the string
	second := s.styles.Selected.AppendRender(buf[:0], this)
	if len(v.Legal) > 1 {
		// The next choice, where it fits whole: cut, it reads as another.
		n := (c + 1) % len(v.Legal)
		if next := "   next: " + s.mark(n) + describe(v, v.Legal[n]); fitsBeside(this, next, w) {
			second = s.styles.Subtle.AppendRender(second, next)
		}
	}
	return []string{layout.Spread(first, at.Countdown, w), layout.Fit(string(second), w)}
}

// fitsBeside reports whether a and b take at most w cells side by side,
// measured apart where their widths add up (layout.PlainWidth).
func fitsBeside(a, b string, w int) bool {
	aw, ok := layout.PlainWidth(a)
	bw, ok2 := layout.PlainWidth(b)
	if !ok || !ok2 {
		return ansi.StringWidth(a+b) <= w
	}
	return aw+bw <= w
}

// mark is "[x] " before an entrance picked at the Town Hall, "[ ] "
// before one not picked, and nothing elsewhere.
func (s Screen) mark(i int) string {
	if !s.townHall() {
		return ""
	}
	if _, ok := s.entranceOf(i); !ok {
		return ""
	}
	if slices.Contains(s.picked, i) {
		return "[x] "
	}
	return "[ ] "
}

// question says what the decision due is about.
func question(v *tycoon.View) string {
	switch v.Phase {
	case tycoon.PhaseClaim:
		return "claim the stay?"
	case tycoon.PhasePick:
		return "you owe " + money(v.Stay.Debt) + ": auction which complex?"
	case tycoon.PhaseSpace:
		sp := v.Seats[v.Turn].At
		return "space " + strconv.Itoa(sp) + " (" + strings.ToLower(tycoon.Road[sp].Kind.String()) + "), what will you do?"
	case tycoon.PhaseDouble:
		return "the permission die shows double: pay double?"
	case tycoon.PhaseTownHall:
		return "Town Hall: buy entrances? space picks several"
	}
	return v.Due
}

// describe puts an action's record text in words, with its price.
func describe(v *tycoon.View, text string) string {
	a, err := tycoon.ParseAction(text)
	if err != nil {
		return text
	}
	hv := func() tycoon.HotelView { return v.Hotels[a.Hotel] }
	switch a.Verb {
	case tycoon.BuyLand:
		return "buy the " + a.Hotel.Title() + "'s plot for " + money(hv().Land)
	case tycoon.Apply:
		cost := 0
		for _, p := range hv().Prices[hv().Built : hv().Built+int(a.N)] {
			cost += p
		}
		return "build " + strconv.Itoa(int(a.N)) + " at the " + a.Hotel.Title() + " (" + money(cost) + " before the die)"
	case tycoon.Facilities:
		h := hv()
		return "install the " + a.Hotel.Title() + "'s facilities for " + money(h.Prices[h.Phases-1])
	case tycoon.PayDouble:
		return "pay double (" + money(2*v.Application.Cost) + ") and build"
	case tycoon.Free:
		return "build the " + a.Hotel.Title() + "'s next phase free"
	case tycoon.Entrance:
		var parts []string
		for _, p := range a.Ents[:a.N] {
			parts = append(parts, p.Hotel.Title()+" on space "+strconv.Itoa(int(p.Space)))
		}
		return "entrance: " + strings.Join(parts, ", ") + priceOf(v, a)
	case tycoon.Auction:
		return "auction the " + a.Hotel.Title() + "'s complex"
	case tycoon.Bid:
		return "bid " + money(int(a.N))
	case tycoon.Claim:
		return "claim the stay"
	case tycoon.Pass:
		switch v.Phase {
		case tycoon.PhaseDouble:
			return "pass: build nothing"
		case tycoon.PhaseTownHall:
			return "pass: buy no entrance"
		case tycoon.PhaseClaim:
			return "pass: the stay is free"
		}
		return "pass: do nothing here"
	}
	return text
}

// priceOf is what an entrance action costs, " ($250)", or " (free)" on a
// free-entrance space.
func priceOf(v *tycoon.View, a tycoon.Action) string {
	if v.Phase == tycoon.PhaseSpace && tycoon.Road[v.Seats[v.Turn].At].Kind == tycoon.FreeEntrance {
		return " (free)"
	}
	n := 0
	for _, p := range a.Ents[:a.N] {
		n += v.Hotels[p.Hotel].EntrancePrice
	}
	return " (" + money(n) + ")"
}

func money(n int) string { return engine.Dollars.Format(n) }

// appendMoney appends n dollars to b as money writes them: the players'
// table writes every seat's cash and worth at every move.
func appendMoney(b []byte, n int) []byte { return engine.Dollars.Append(b, n) }
