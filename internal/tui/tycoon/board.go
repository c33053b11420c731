package tycoon

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
)

// The road is drawn two cells a space after a label of six cells; the
// hotel table is as wide as its longest row.
const (
	label       = 6
	roadWidth   = label + 2*tycoon.Spaces
	hotelsWidth = 38
)

// letters are the hotels' letters on the road and in the tables, told
// apart without colour.
var letters = [tycoon.Hotels]byte{'B', 'F', 'E', 'P', 'R', 'W', 'T', 'S'}

// kinds are the space kinds' marks on the road.
var kinds = [...]byte{tycoon.Start: 'S', tycoon.Build: 'b', tycoon.Buy: '$', tycoon.FreeEntrance: 'e', tycoon.FreePhase: 'f'}

// roadLines is the road's height.
const roadLines = 7

// road appends to out the road of 31 spaces: numbers, the outer plots, the space
// kinds, the entrances with their owners' seat numbers, the cars with the
// last move roll, the inner plots, and the Bank and Town Hall lines.
func (s Screen) road(out []string, w int, at room.At) []string {
	v := s.game
	fixed := s.roadRows(w)
	var ents, cars [2 * tycoon.Spaces]byte // on the stack: drawn anew on every move
	for i := range ents {
		ents[i], cars[i] = ' ', ' '
	}
	for sp := range tycoon.Spaces {
		c := 2 * sp
		ents[c] = '.'
		if h := v.Entrances[sp]; h != tycoon.NoHotel {
			ents[c] = letters[h]
			if o := v.Hotels[h].Owner; o >= 0 {
				ents[c+1] = byte('1' + o)
			}
		}
	}
	moved := -1 // the cell of the car that moved last, once one has
	for i, p := range v.Seats {
		if p.Out || p.At < 0 {
			continue
		}
		c := 2 * p.At
		if cars[c] != ' ' {
			c++
		}
		if cars[c] != ' ' {
			cars[c] = '+' // three or four cars on one space
			continue
		}
		cars[c] = byte('1' + i)
		if i == v.Turn && v.Roll > 0 {
			moved = c
		}
	}
	return append(out, fixed[0], fixed[1], fixed[2], s.mine(0, "entr. ", ents, -1, 0, w, at), s.mine(1, "cars  ", cars, moved, v.Roll, w, at), fixed[3], fixed[4])
}

// roadRow is a row of the road that changes, kept (in s.kept) by what it
// shows: the entrances' row changes at a few moves, the cars' at most.
type roadRow struct {
	line   string
	styles *theme.Styles
	cells  [2 * tycoon.Spaces]byte
	moved  int
	roll   int
	you    engine.Seat
	w      int
}

// mine draws the row of cells b after head, with the player's own cars and
// entrances standing out in colour too, the car that moved last (at cell
// moved, -1 for none) marked, ›2, and the roll that moved it (0 for none)
// at the row's end: the row changes with every move anyway, where a line
// of its own for the roll was one more line sent at every move (issue
// 22). It is kept in slot i of the road's rows.
func (s Screen) mine(i int, head string, b [2 * tycoon.Spaces]byte, moved, roll, w int, at room.At) string {
	k := roadRow{"", s.styles, b, moved, roll, at.You, w}
	var kp *roadRow
	if s.kept != nil {
		if kp = &s.kept.roadRows[i]; kp.line != "" && k == (roadRow{"", kp.styles, kp.cells, kp.moved, kp.roll, kp.you, kp.w}) {
			return kp.line
		}
	}
	st, you := s.styles, byte('1'+at.You)
	var buf [256]byte // the row with its styles: one allocation, the string
	row := append(buf[:0], head...)
	for i := 0; i < len(b); i++ {
		switch {
		case i == moved-1 && b[i] == ' ':
			row = append(row, "›"...)
		case i == moved && b[i] == you && at.You >= 0:
			row = st.LastOwn.AppendRender(row, string(b[i:i+1]))
		case i == moved:
			row = st.Last.AppendRender(row, string(b[i:i+1]))
		case b[i] == you && at.You >= 0:
			row = st.Notice.AppendRender(row, string(b[i:i+1]))
		default:
			row = append(row, b[i])
		}
	}
	if roll > 0 {
		row = strconv.AppendInt(append(row, "  roll "...), int64(roll), 10)
	}
	k.line = layout.Cut(string(row), w)
	if kp != nil {
		*kp = k
	}
	return k.line
}

// roadRows are the road's rows that never change, w cells wide: the
// numbers, the outer plots, the space kinds, the inner plots, and the Bank
// and Town Hall lines; drawn once for a width and styles, for every
// session: drawn for each, they were live objects a player for the
// collector to mark (issue 22).
func (s Screen) roadRows(w int) [5]string {
	k := roadKey{s.styles, max(0, min(w, roadWidth))} // wider is as wide as the road, narrower than 0 as 0
	return *roads.Get(k, func() *[5]string { return drawRoad(k.styles, k.w) })
}

// roads holds the road's rows drawn, by roadKey: two sets of styles
// (theme.New) by the widths up to the road's.
var roads theme.Drawn[roadKey, *[5]string]

type roadKey struct {
	styles *theme.Styles
	w      int
}

func drawRoad(st *theme.Styles, w int) *[5]string {
	row := func() []byte { return []byte(strings.Repeat(" ", 2*tycoon.Spaces)) }
	nums, outer, kind, inner, lines := row(), row(), row(), row(), row()
	plot := func(h tycoon.Hotel, bank byte) byte {
		if h == tycoon.NoHotel {
			return bank
		}
		return letters[h] + 'a' - 'A'
	}
	for sp := range tycoon.Spaces {
		c := 2 * sp
		if sp%5 == 0 {
			copy(nums[c:], strconv.Itoa(sp))
		}
		outer[c] = plot(tycoon.Road[sp].Outer, '$')
		inner[c] = plot(tycoon.Road[sp].Inner, '#')
		kind[c] = kinds[tycoon.Road[sp].Kind]
	}
	copy(lines[2*tycoon.BankLine:], "^Bank")
	copy(lines[2*tycoon.TownHallLine:], "^Town Hall")
	rows := [5]string{
		st.Subtle.Render("space ") + st.Subtle.Render(string(nums)),
		"plots " + string(outer),
		"road  " + string(kind),
		"plots " + string(inner),
		st.Subtle.Render("lines " + string(lines)),
	}
	for i := range rows {
		rows[i] = layout.Cut(rows[i], w)
	}
	return &rows
}

// hotels lists each hotel: its letter and name, owner, phases built of the
// deed's, rent a night now, and entrances, hotelsWidth cells wide. It is
// kept, and a row drawn again only when what it shows changed, or the
// owners' names or the styles: most moves change none, and the rest one.
// Its lines are changed in place: only tables reads them, at once.
func (s Screen) hotels(kp *tableParts) []string {
	const w = hotelsWidth
	k := s.hotelsKey(kp, w)
	if kp.hotels == nil || len(kp.hotels) != 1+len(s.game.Hotels) ||
		kp.hotelsKey.names != k.names || kp.hotelsKey.w != k.w || kp.hotelsKey.styles != k.styles {
		kp.hotelsKey, kp.hotels, kp.hotelsLent = k, s.drawHotels(w), false
		return kp.hotels
	}
	for i, h := range s.game.Hotels {
		if i < len(k.hotels) && k.hotels[i] != kp.hotelsKey.hotels[i] {
			if kp.hotelsLent {
				kp.hotels, kp.hotelsLent = slices.Clone(kp.hotels), false
			}
			kp.hotels[1+i] = s.hotelRow(h, w)
		}
	}
	kp.hotelsKey = k
	return kp.hotels
}

// hotelsKey is what the hotel table shows: each hotel's owner, phases
// built, rent and entrances, the owners' names, in w cells with styles.
type hotelsKey struct {
	names  string
	styles *theme.Styles
	w      int
	hotels [tycoon.Hotels]hotelKey
}

// hotelKey is what a hotel's row shows, but the owner's name.
type hotelKey struct{ owner, built, phases, rent, ents int }

func (s Screen) hotelsKey(kp *tableParts, w int) hotelsKey {
	v := s.game
	k := hotelsKey{w: w, styles: s.styles}
	for i, h := range v.Hotels {
		if i < len(k.hotels) {
			k.hotels[i] = hotelKey{h.Owner, h.Built, h.Phases, h.Rent, len(h.Entrances)}
		}
	}
	names := s.seatNames(kp)
	if kp != nil {
		k.names = kp.namesKey
	} else {
		k.names = strings.Join(names, "\x00")
	}
	return k
}

// seatNames are the seats' names, kept (in kp, if any) while they are the
// same, with namesKey, all of them in one string, for hotelsKey. The list
// is never changed: the room screen keeps it as the facts' names.
func (s Screen) seatNames(kp *tableParts) []string {
	v := s.game
	if kp != nil && len(kp.names) == len(v.Seats) {
		same := true
		for i, p := range v.Seats {
			same = same && kp.names[i] == p.Name
		}
		if same {
			return kp.names
		}
	}
	names := make([]string, len(v.Seats))
	for i, p := range v.Seats {
		names[i] = p.Name
	}
	if kp != nil {
		kp.names, kp.namesKey = names, strings.Join(names, "\x00")
	}
	return names
}

// drawHotels draws the hotel table whole, w cells wide.
func (s Screen) drawHotels(w int) []string {
	v := s.game
	out := make([]string, 0, 1+len(v.Hotels))
	out = append(out, s.styles.Heading.Render(layout.Fit("  Hotel     owner    built  rent ents", w)))
	for _, h := range v.Hotels {
		out = append(out, s.hotelRow(h, w))
	}
	return out
}

// hotelRow is h's row of the table, w cells wide: as fmt's
// "%c %-9s %-8s %d/%d %6s %3d", without fmt.
func (s Screen) hotelRow(h tycoon.HotelView, w int) string {
	owner := "bank"
	if h.Owner >= 0 {
		owner = strconv.Itoa(h.Owner+1) + " " + s.game.Seats[h.Owner].Name
	}
	var buf [128]byte
	b := append(buf[:0], letters[h.Hotel], ' ')
	b = left(b, h.Hotel.Title(), 9)
	b = left(append(b, ' '), layout.Fit(owner, 8), 8)
	b = strconv.AppendInt(append(b, ' '), int64(h.Built), 10)
	b = strconv.AppendInt(append(b, '/'), int64(h.Phases), 10)
	var num [24]byte
	rent := append(num[:0], '-')
	if h.Rent > 0 {
		rent = appendMoney(num[:0], h.Rent)
	}
	b = right(append(b, ' '), rent, 6)
	b = right(append(b, ' '), strconv.AppendInt(num[:0], int64(len(h.Entrances)), 10), 3)
	return layout.Fit(string(b), w)
}

// left appends text to b padded on the right to n characters, as fmt's
// %-ns (which counts characters, not cells).
func left(b []byte, text string, n int) []byte {
	b = append(b, text...)
	for range n - utf8.RuneCountInString(text) {
		b = append(b, ' ')
	}
	return b
}

// players lists each player's cash, worth and space, the turn, the last
// nights and permission dice (the move roll is on the cars' row), and the
// auction under way. The heading, each player's row and the last throws
// are kept (in kp, if any) by what they show: a move changes one or two
// rows.
func (s Screen) players(kp *tableParts, w int, at room.At) []string {
	v, st := s.game, s.styles
	if kp == nil {
		kp = &tableParts{}
	}
	if kp.playersW != w || kp.playersStyles != st || len(kp.playerRows) != len(v.Seats) {
		kp.playersW, kp.playersStyles = w, st
		kp.playersHead = st.Heading.Render(layout.Fit("  Player      cash    worth  at", w))
		kp.playerKeys, kp.playerRows, kp.rowsLent = make([]playerKey, len(v.Seats)), make([]string, len(v.Seats)), false
		kp.last = ""
	}
	out := kp.playersOut[:0] // changed in place at the next call: its callers copy it at once
	out = append(out, kp.playersHead)
	for i, p := range v.Seats {
		k := playerKey{mark: int(v.ToMove) == i, you: int(at.You) == i, out: p.Out, name: p.Name,
			cash: p.Cash, worth: p.Worth, at: p.At}
		if i < len(at.Tags) {
			k.tag = at.Tags[i]
		}
		if i < len(at.Times) {
			k.time = at.Times[i]
		}
		if kp.playerRows[i] == "" || kp.playerKeys[i] != k {
			if kp.rowsLent {
				kp.playerKeys, kp.playerRows, kp.rowsLent = slices.Clone(kp.playerKeys), slices.Clone(kp.playerRows), false
			}
			kp.playerKeys[i], kp.playerRows[i] = k, s.playerRow(i+1, k, w)
		}
		out = append(out, kp.playerRows[i])
	}
	if v.Nights > 0 || v.Face != "" { // thrown at some moves, kept from one to the next
		if k := (lastKey{v.Face, v.Nights}); kp.last == "" || kp.lastKey != k {
			kp.lastKey, kp.last = k, layout.Fit("Last: "+throws(v), w)
		}
		out = append(out, kp.last)
	}
	// The > marks who decides, and the decision's line names them: the
	// turn is named only where another player decides in it (an auction,
	// a stay's claim), as naming it at every move sent it again at every
	// move (issue 22).
	if int(v.ToMove) != v.Turn {
		out = append(out, layout.Fit("Turn: "+strconv.Itoa(v.Turn+1)+" "+v.Seats[v.Turn].Name, w))
	}
	if a := v.Auction; a != nil {
		out = append(out, s.auction(w)...)
	} else if ap := v.Application; ap != nil {
		out = append(out, layout.Fit(fmt.Sprintf("Applying: %d at the %s, %s", ap.Buildings, ap.Hotel.Title(), money(ap.Cost)), w))
	} else if sv := v.Stay; sv != nil {
		out = append(out, layout.Fit(fmt.Sprintf("Stay: %s at %s's %s", v.Seats[sv.Guest].Name, v.Seats[sv.Owner].Name, sv.Hotel.Title()), w))
	}
	kp.playersOut = out
	return out
}

// playerKey is what a player's row shows: the > of who decides, the
// player's own row, out of the game, the name, cash, worth and space, the
// seat's tag and clock.
type playerKey struct {
	name, tag, time string
	cash, worth, at int
	mark, you, out  bool
}

// lastKey is what the last throws' line shows.
type lastKey struct {
	face   string
	nights int
}

// playerRow draws seat n's row (from 1) as k says, w cells wide.
func (s Screen) playerRow(n int, k playerKey, w int) string {
	// As fmt's "%s%d %-8s %7s %8s %3s", which was a fifth of drawing
	// the screen (BenchmarkMove).
	var buf [160]byte // a row of a wide screen: one allocation, the string
	b := buf[:0]
	if k.mark { // the dice and watchers are negative seats
		b = append(b, '>')
	} else {
		b = append(b, ' ')
	}
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, ' ')
	name, nw := k.name, layout.Width(k.name)
	if nw > 8 {
		name = layout.Fit(name, 8)
		nw = layout.Width(name)
	}
	b = append(b, name...)
	for pad := nw; pad < 8; pad++ {
		b = append(b, ' ')
	}
	var num [24]byte
	b = right(b, appendMoney(num[:0], k.cash), 8)
	b = right(b, appendMoney(num[:0], k.worth), 9)
	if k.out {
		b = append(b, " out"...)
	} else {
		b = right(b, strconv.AppendInt(num[:0], int64(k.at), 10), 4)
	}
	if k.tag != "" {
		b = append(append(b, ' '), k.tag...)
	}
	styled := 0 // the bytes of a clock's styles, which take no cells
	if k.time != "" {
		b = append(append(b, ' '), k.time...)
		styled = len(k.time) - layout.Width(k.time)
	}
	// The row's cells: the name's, the rest ASCII (tags, clocks).
	cells := len(b) - len(name) + nw - styled
	for ; cells < w; cells++ {
		b = append(b, ' ')
	}
	row := string(b)
	if cells > w {
		row = layout.Fit(row, w) // cut
	}
	if k.you {
		row = s.styles.Notice.Render(row)
	}
	return row
}

// right appends text (ASCII) to b at the right of n cells, as fmt's %ns.
func right(b, text []byte, n int) []byte {
	for range n - len(text) {
		b = append(b, ' ')
	}
	return append(b, text...)
}

// throws says the last nights and permission die's face, where thrown.
func throws(v *tycoon.View) string {
	var parts []string
	if v.Nights > 0 {
		parts = append(parts, "nights "+strconv.Itoa(v.Nights))
	}
	if v.Face != "" {
		parts = append(parts, "permit "+faceWord(v.Face))
	}
	return strings.Join(parts, " · ")
}

// faceWord is the permission die's face as players read it everywhere:
// green, red, H, double.
func faceWord(f string) string {
	if face, err := tycoon.ParseFace(f); err == nil {
		return face.Word()
	}
	return f
}

// auction shows the auction under way to everyone: the lot, the highest
// bid and its bidder, the minimum next bid and who has passed.
func (s Screen) auction(w int) []string {
	v, a := s.game, s.game.Auction
	high := "no bid yet"
	if a.Leader >= 0 {
		high = "high " + money(a.High) + " " + v.Seats[a.Leader].Name
	}
	var passed []string
	for i, p := range a.Passed {
		if p {
			passed = append(passed, v.Seats[i].Name)
		}
	}
	out := []string{
		s.styles.Notice.Render(layout.Fit(fmt.Sprintf("Auction: the %s (%s's debt)", a.Lot.Title(), v.Seats[a.Debtor].Name), w)),
		layout.Fit(fmt.Sprintf("%s · next at least %s", high, money(a.MinBid)), w),
	}
	if len(passed) > 0 {
		out = append(out, layout.Fit("passed: "+strings.Join(passed, ", "), w))
	}
	return out
}

// deeds draws the eight title deeds: land and entrance prices, then each
// phase's price and rent, the facilities last.
func (s Screen) deeds(w int) []string {
	v, st := s.game, s.styles
	out := []string{st.Heading.Render(layout.Fit("Title deeds   land  entr.  phases: price/rent (the last: facilities)", w))}
	for _, h := range v.Hotels {
		var ph []string
		for i := range h.Prices {
			ph = append(ph, fmt.Sprintf("%s/%s", short(h.Prices[i]), short(h.Rents[i])))
		}
		out = append(out, layout.Fit(fmt.Sprintf("%c %-9s %6s %5s  %s", letters[h.Hotel], h.Hotel.Title(), money(h.Land), money(h.EntrancePrice), strings.Join(ph, " ")), w))
	}
	return out
}

// short writes dollars without the sign, so that a deed's phases fit.
func short(n int) string { return strings.TrimPrefix(money(n), "$") }
