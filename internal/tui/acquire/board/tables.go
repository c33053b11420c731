package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/theme"
)

// The players table's columns at their narrowest: the mark, a name of
// nine cells, the cash, a cell and a three-cell column a chain. It is the
// width beside the board on an 80-column screen.
const (
	NarrowPlayers = 2 + 9 + 8 + 1 + acquire.Chains*3
	// TimeWidth is the width of the players table's clock column.
	TimeWidth = 6
)

// Money writes dollars as $12,300; "?" for a hidden amount.
func Money(n int) string {
	if n < 0 {
		return "?"
	}
	return string(appendMoney(make([]byte, 0, 16), n))
}

// appendMoney appends n dollars to b as Money writes them, for a row
// built in one buffer: Money's string a cell was a tenth of what drawing
// the tables allocated (room.BenchmarkMoveOn).
func appendMoney(b []byte, n int) []byte {
	if n < 0 {
		return append(b, '?')
	}
	return engine.Dollars.Append(b, n)
}

// moneyWidth is the width of Money(n).
func moneyWidth(n int) int {
	if n < 0 {
		return 1
	}
	w := 1
	for ; n >= 1000; n /= 1000 {
		w += 4
	}
	switch {
	case n >= 100:
		return w + 3
	case n >= 10:
		return w + 2
	}
	return w + 1
}

// seatSet is a set of seats, a bit each.
type seatSet uint8

var _ [8 - acquire.MaxSeats]struct{} // every seat has a bit

func (s seatSet) has(seat int) bool { return s&(1<<seat) != 0 }

// holders returns, for each chain on the board, the seats with the most
// and the second most shares (A17); ok is false if the viewer may not see
// every seat's shares.
func holders(v *acquire.View) (major, minor [acquire.Chains]seatSet, ok bool) {
	for _, sh := range v.Shares {
		for _, n := range sh {
			if n == acquire.Hidden {
				return major, minor, false
			}
		}
	}
	for c := range acquire.Chains {
		if v.Size[c] == 0 {
			continue
		}
		top, next := 0, 0
		for _, sh := range v.Shares {
			switch n := sh[c]; {
			case n > top:
				top, next = n, top
			case n > next && n < top:
				next = n
			}
		}
		tops := 0
		for s, sh := range v.Shares {
			switch {
			case top > 0 && sh[c] == top:
				major[c] |= 1 << s
				tops++
			case next > 0 && sh[c] == next:
				minor[c] |= 1 << s
			}
		}
		switch {
		case tops > 1: // a tie for most shares both bonuses
			minor[c] = 0
		case tops == 1 && next == 0: // a sole holder gets both
			minor[c] = major[c]
		}
	}
	return major, minor, true
}

// held is holders' answer for a view.
type held struct {
	view         *acquire.View
	major, minor [acquire.Chains]seatSet
	open         bool
}

// holders is holders(m.view), kept for the view: the chain table and
// the players table each ask for it when a snapshot comes.
func (m Model) holders() (major, minor [acquire.Chains]seatSet, open bool) {
	h := &m.memo.held
	if h.view != m.view || h.view == nil {
		h.view = m.view
		h.major, h.minor, h.open = holders(m.view)
	}
	return h.major, h.minor, h.open
}

// ChainCell is chain c's letter in its colour, three cells wide.
func (m Model) ChainCell(c acquire.Chain) string { return m.looks().chains[c] }

// Chains draws the chain table in w cells and at most h lines: each
// chain's size, price, the bank's stock, the shares of seats.You (a dash
// for engine.Watcher) and, where there is room and holdings are open, who
// holds the majority and the minority, a bot account marked as one. The
// caller must not change the lines (they are kept for the next call).
func (m Model) Chains(w, h int, seats Seats) []string {
	you, bots := seats.You, seats.botAccounts()
	k := chainsKey{m.view, m.styles, w, h, you, bots}
	if m.memo.chains == nil || m.memo.chainsKey != k {
		m.memo.chainsKey, m.memo.chains = k, m.drawChains(w, h, you, bots)
	}
	return m.memo.chains
}

func (m Model) drawChains(w, h int, you engine.Seat, bots seatSet) []string {
	v, s, kept := m.view, m.styles, &m.memo.chainRows
	major, minor, open := m.holders()
	nameW := min(16, (w-41-2)/2)
	showHolders := open && nameW >= 8
	if kept.drawn != m.looks() || !slices.Equal(kept.names, v.Names) {
		*kept = chainRows{drawn: m.looks(), names: v.Names}
	}
	if hk := (chainsHead{s, showHolders, nameW}); kept.head == "" || kept.headKey != hk {
		head := fmt.Sprintf("%-15s %4s %6s %4s %3s", "Chain", "Size", "Price", "Bank", "You")
		if showHolders {
			head += fmt.Sprintf("      %-*s %s", nameW, "Majority", "Minority")
		}
		kept.headKey, kept.head = hk, s.Heading.Render(head)
	}
	out := make([]string, 0, max(h, 1+acquire.Chains))
	out = append(out, kept.head)
	for c := range acquire.Chains {
		k := chainRowKey{info: v.Rules.Chains[c], size: v.Size[c], price: v.Price[c], bank: v.Bank[c], mine: -1}
		if you >= 0 && int(you) < len(v.Shares) && v.Shares[you][c] != acquire.Hidden {
			k.mine = v.Shares[you][c]
		}
		if showHolders && v.Size[c] > 0 {
			k.nameW, k.major, k.minor, k.bots = nameW, major[c], minor[c], bots
		}
		if kept.rows[c] == "" || kept.keys[c] != k {
			kept.keys[c], kept.rows[c] = k, m.chainRow(acquire.Chain(c), k)
		}
		out = append(out, kept.rows[c])
	}
	if len(out) < h {
		if nk := (chainsNote{s, open}); kept.note == "" || kept.noteKey != nk {
			note := fmt.Sprintf("Safe from %d tiles; the end from %d.", acquire.SafeSize, acquire.EndSize)
			if !open {
				note = "Hidden holdings: others' show as ?."
			}
			kept.noteKey, kept.note = nk, s.Subtle.Render(note)
		}
		for len(out) < h-1 {
			out = append(out, "")
		}
		out = append(out, kept.note)
	}
	return out
}

// chainRows keeps the chain table's heading and rows last drawn, each
// with what it shows: a move changes a row or two, and every seat draws
// the table again on every move (room.BenchmarkMove).
type chainRows struct {
	drawn   *drawn   // the looks the rows were drawn with
	names   []string // the seats' names the holders are named by
	headKey chainsHead
	head    string
	keys    [acquire.Chains]chainRowKey
	rows    [acquire.Chains]string
	noteKey chainsNote
	note    string // the line under the rows where there is room
}

type chainsNote struct {
	styles *theme.Styles
	open   bool // holdings are open
}

type chainsHead struct {
	styles      *theme.Styles
	showHolders bool
	nameW       int
}

// chainRowKey is what a chain's row shows: mine is -1 for a dash, and
// nameW 0 where the row shows no holders.
type chainRowKey struct {
	info                    acquire.ChainInfo
	size, price, bank, mine int
	nameW                   int
	major, minor            seatSet
	bots                    seatSet // the bot accounts among the holders' seats
}

// chainRow draws chain c's row of the chain table, as fmt's
// "%s %-11s %4s %6s %4d %3s%-5s" and the holders, in one buffer.
func (m Model) chainRow(c acquire.Chain, k chainRowKey) string {
	var buf [256]byte // the row, with its styles, fits: one allocation, the string
	b := append(buf[:0], m.ChainCell(c)...)
	b = append(b, ' ')
	b = append(b, k.info.Name...)
	b = append(b, layout.Spaces(11-utf8.RuneCountInString(k.info.Name))...)
	b = append(b, ' ')
	var digits [20]byte
	if k.size > 0 {
		num := strconv.AppendInt(digits[:0], int64(k.size), 10)
		b = append(b, layout.Spaces(4-len(num))...)
		b = append(b, num...)
		b = append(b, layout.Spaces(7-moneyWidth(k.price))...)
		b = appendMoney(b, k.price)
	} else {
		b = append(b, "   -      -"...)
	}
	num := strconv.AppendInt(digits[:0], int64(k.bank), 10)
	b = append(b, layout.Spaces(5-len(num))...)
	b = append(b, num...)
	b = append(b, ' ')
	if k.mine >= 0 {
		num = strconv.AppendInt(digits[:0], int64(k.mine), 10)
		b = append(b, layout.Spaces(3-len(num))...)
		b = append(b, num...)
	} else {
		b = append(b, "  -"...)
	}
	if k.size >= acquire.SafeSize {
		b = append(b, " safe"...)
	} else {
		b = append(b, "     "...)
	}
	if k.nameW > 0 {
		b = append(b, ' ')
		b = append(b, layout.Fit(m.names(k.major, k.bots), k.nameW)...)
		b = append(b, ' ')
		b = append(b, m.names(k.minor, k.bots)...)
	}
	return string(b)
}

// names names seats, a bot account marked as one.
func (m Model) names(seats, bots seatSet) string {
	var b strings.Builder
	for i, name := range m.view.Names {
		if seats.has(i) {
			if b.Len() > 0 {
				b.WriteByte('/')
			}
			b.WriteString(name)
			if bots.has(i) {
				b.WriteString(" " + BotMark) // a bot account (issue 24)
			}
		}
	}
	return b.String()
}

// Seats is what the players table shows of the seats besides the view.
type Seats struct {
	// You is the viewer's seat, whose name is in bold; engine.Watcher for
	// none.
	You engine.Seat
	// Tags has a word for each seat no connected person plays ("bot",
	// "away", "auto"), shown after the name where it fits; "" for none.
	Tags []string
	// Times has each seat's clock, drawn as given, TimeWidth cells at
	// most; nil for no clock column.
	Times []string
}

// BotMark is the tag of a bot account's seat (room's seatTag), which the
// chain table's holders carry after their names too.
const BotMark = "BOT"

// botAccounts is the seats whose tag marks a bot account.
func (s Seats) botAccounts() seatSet {
	var bots seatSet
	for i, t := range s.Tags {
		if t == BotMark && i < acquire.MaxSeats {
			bots |= 1 << i
		}
	}
	return bots
}

// Players draws every seat's cash and shares in w cells: `*` marks the
// majority holders of a chain, `+` the minority (A17), `?` what
// holdings=hidden hides, and `>` the seat whose decision is due. The
// caller must not change the lines (they are kept for the next call).
func (m Model) Players(w int, seats Seats) []string {
	k := playersKey{m.view, m.styles, w, seats.You, seats.Times != nil}
	if m.memo.players == nil || m.memo.playersKey != k ||
		!slices.Equal(m.memo.playersTags, seats.Tags) || !slices.Equal(m.memo.playersTimes, seats.Times) {
		m.memo.playersKey, m.memo.players = k, m.drawPlayers(w, seats)
		m.memo.playersTags, m.memo.playersTimes = seats.Tags, seats.Times
	}
	return m.memo.players
}

func (m Model) drawPlayers(w int, seats Seats) []string {
	v, s, kept := m.view, m.styles, &m.memo.playerRows
	major, minor, _ := m.holders()
	cell, cashW, timeW := 3, 8, 0
	if w >= 60 {
		cell, cashW = 4, 9
	}
	if seats.Times != nil {
		timeW = TimeWidth
	}
	// A narrow chain's column widens by a cell where someone holds 10
	// shares or more of it, and one cell parts the cash from the shares:
	// "$1,200  10*  2+ 12*", never "$1,20010*" or "2+12*".
	var cols [acquire.Chains]int
	sharesW := 0
	for c := range acquire.Chains {
		cols[c] = cell
		for _, sh := range v.Shares {
			if sh[c] >= 10 && cell < 4 {
				cols[c] = 4
			}
		}
		sharesW += cols[c]
	}
	nameW := max(4, min(16, w-2-timeW-cashW-1-sharesW))
	if kept.drawn != m.looks() || kept.styles != s {
		*kept = playerRows{drawn: m.looks(), styles: s}
	}
	if hk := (playersHead{nameW, timeW, cashW, cols}); kept.head == "" || kept.headKey != hk {
		kept.headKey, kept.head = hk, m.playersHead(hk)
	}
	out := make([]string, 0, 1+len(v.Names))
	out = append(out, kept.head)
	for i, name := range v.Names {
		k := playerRowKey{name: name, you: i == int(seats.You), nameW: nameW, timeW: timeW, cashW: cashW,
			cash: v.Cash[i], shares: v.Shares[i], cols: cols}
		k.due = int(v.ToMove) == i && v.Phase != acquire.PhaseOver
		if i < len(seats.Tags) {
			k.tag = seats.Tags[i]
		}
		if timeW > 0 && i < len(seats.Times) {
			k.time = seats.Times[i]
		}
		for c := range acquire.Chains {
			switch {
			case major[c].has(i):
				k.holds[c] = '*'
			case minor[c].has(i):
				k.holds[c] = '+'
			default:
				k.holds[c] = ' '
			}
		}
		if i >= len(kept.rows) {
			kept.keys, kept.rows = append(kept.keys, playerRowKey{}), append(kept.rows, "")
		}
		if kept.rows[i] == "" || kept.keys[i] != k {
			kept.keys[i], kept.rows[i] = k, m.playerRow(k)
		}
		out = append(out, kept.rows[i])
	}
	return out
}

// playerRows keeps the players table's heading and rows last drawn, each
// with what it shows: a move changes two or three rows, and every seat
// draws the table again on every move (room.BenchmarkMove).
type playerRows struct {
	drawn   *drawn
	styles  *theme.Styles
	headKey playersHead
	head    string
	keys    []playerRowKey
	rows    []string
}

// playersHead is what the players table's heading shows.
type playersHead struct {
	nameW, timeW, cashW int
	cols                [acquire.Chains]int
}

// The chain letters in their colours head the share columns, so the
// header doubles as the colour key.
func (m Model) playersHead(k playersHead) string {
	head := layout.Fit("  Player", 2+k.nameW)
	if k.timeW > 0 {
		head += fmt.Sprintf("%*s", k.timeW, "Time")
	}
	head = m.styles.Heading.Render(head + fmt.Sprintf("%*s ", k.cashW, "Cash"))
	for c := range acquire.Chains {
		head += strings.Repeat(" ", k.cols[c]-3) + m.ChainCell(acquire.Chain(c))
	}
	return head
}

// playerRowKey is what a seat's row of the players table shows: holds
// has a chain's '*' or '+' (or ' '), and due marks the seat whose
// decision is due.
type playerRowKey struct {
	name, tag, time     string
	you, due            bool
	nameW, timeW, cashW int
	cash                int
	shares              [acquire.Chains]int
	holds               [acquire.Chains]byte
	cols                [acquire.Chains]int
}

// playerRow draws a seat's row of the players table, in one buffer: its
// parts' strings, each measured, were most of what drawing the table
// allocated (room.BenchmarkMoveOn).
func (m Model) playerRow(k playerRowKey) string {
	d := m.looks()
	var buf [256]byte // the row, with its styles, fits: one allocation, the string
	b := buf[:0]
	if k.due {
		b = append(b, "> "...)
	} else {
		b = append(b, "  "...)
	}
	tagged := k.tag != "" && len(k.name)+1+len(k.tag) <= k.nameW
	if lw := layout.Width(k.name); lw > k.nameW || tagged && lw+1+layout.Width(k.tag) > k.nameW {
		b = append(b, layout.Fit(m.label(k, tagged), k.nameW)...) // cut short
	} else {
		b = m.appendLabel(b, k, tagged)
		if tagged {
			lw += 1 + layout.Width(k.tag)
		}
		b = append(b, layout.Spaces(k.nameW-lw)...)
	}
	if k.timeW > 0 {
		b = append(b, layout.Spaces(max(1, k.timeW-layout.Width(k.time)))...)
		b = append(b, k.time...)
	}
	b = append(b, layout.Spaces(k.cashW-moneyWidth(k.cash))...)
	b = appendMoney(b, k.cash)
	b = append(b, ' ')
	for c, n := range k.shares {
		switch n {
		case acquire.Hidden:
			b = append(b, layout.Spaces(k.cols[c]-2)...)
			b = append(b, '?')
		case 0:
			b = append(b, layout.Spaces(k.cols[c]-2)...)
			b = append(b, d.none...)
		default:
			var digits [20]byte
			num := strconv.AppendInt(digits[:0], int64(n), 10)
			b = append(b, layout.Spaces(k.cols[c]-1-len(num))...)
			b = append(b, num...)
		}
		b = append(b, k.holds[c])
	}
	return string(b)
}

// appendLabel appends a seat's name, in bold for the viewer's, and its
// tag where tagged.
func (m Model) appendLabel(b []byte, k playerRowKey, tagged bool) []byte {
	if k.you {
		b = m.styles.Name.AppendRender(b, k.name)
	} else {
		b = append(b, k.name...)
	}
	if tagged {
		b = append(b, ' ')
		b = m.styles.Subtle.AppendRender(b, k.tag)
	}
	return b
}

// label is appendLabel's label alone.
func (m Model) label(k playerRowKey, tagged bool) string {
	return string(m.appendLabel(nil, k, tagged))
}

type chainsKey struct {
	view   *acquire.View
	styles *theme.Styles
	w, h   int
	you    engine.Seat
	bots   seatSet
}

type playersKey struct {
	view   *acquire.View
	styles *theme.Styles
	w      int
	you    engine.Seat
	clock  bool
}
