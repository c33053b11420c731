package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"

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
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return "$" + s
}

// Holders returns, for each chain on the board, the seats with the most
// and the second most shares (A17); ok is false if the viewer may not see
// every seat's shares.
func Holders(v *acquire.View) (major, minor [acquire.Chains][]int, ok bool) {
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
		for s, sh := range v.Shares {
			switch {
			case top > 0 && sh[c] == top:
				major[c] = append(major[c], s)
			case next > 0 && sh[c] == next:
				minor[c] = append(minor[c], s)
			}
		}
		switch {
		case len(major[c]) > 1: // a tie for most shares both bonuses
			minor[c] = nil
		case len(major[c]) == 1 && next == 0: // a sole holder gets both
			minor[c] = major[c]
		}
	}
	return major, minor, true
}

// ChainCell is chain c's letter in its colour, three cells wide.
func (m Model) ChainCell(c acquire.Chain) string { return m.looks().chains[c] }

// Chains draws the chain table in w cells and at most h lines: each
// chain's size, price, the bank's stock, the shares of seat you (a dash
// for engine.Watcher) and, where there is room and holdings are open, who
// holds the majority and the minority.
func (m Model) Chains(w, h int, you engine.Seat) []string {
	k := chainsKey{m.view, m.styles, w, h, you}
	if m.memo.chains == nil || m.memo.chainsKey != k {
		m.memo.chainsKey, m.memo.chains = k, m.drawChains(w, h, you)
	}
	return slices.Clone(m.memo.chains)
}

func (m Model) drawChains(w, h int, you engine.Seat) []string {
	v, s := m.view, m.styles
	major, minor, open := Holders(v)
	nameW := min(16, (w-41-2)/2)
	showHolders := open && nameW >= 8
	head := fmt.Sprintf("%-15s %4s %6s %4s %3s", "Chain", "Size", "Price", "Bank", "You")
	if showHolders {
		head += fmt.Sprintf("      %-*s %s", nameW, "Majority", "Minority")
	}
	out := []string{s.Heading.Render(head)}
	names := func(seats []int) string {
		var ns []string
		for _, i := range seats {
			ns = append(ns, v.Names[i])
		}
		return strings.Join(ns, "/")
	}
	for c := range acquire.Chains {
		info := v.Rules.Chains[c]
		size, price, mine, safe := "-", "-", "-", ""
		if v.Size[c] > 0 {
			size, price = strconv.Itoa(v.Size[c]), Money(v.Price[c])
			if v.Size[c] >= acquire.SafeSize {
				safe = " safe"
			}
		}
		if you >= 0 && int(you) < len(v.Shares) && v.Shares[you][c] != acquire.Hidden {
			mine = strconv.Itoa(v.Shares[you][c])
		}
		// As fmt's "%s %-11s %4s %6s %4d %3s%-5s", in one concatenation:
		// the table is drawn for every seat on every move.
		bank, sp := strconv.Itoa(v.Bank[c]), layout.Spaces
		row := m.ChainCell(acquire.Chain(c)) + " " + info.Name + sp(11-utf8.RuneCountInString(info.Name)) + " " + sp(4-len(size)) + size + " " +
			sp(6-len(price)) + price + " " + sp(4-len(bank)) + bank + " " + sp(3-len(mine)) + mine + safe + sp(5-len(safe))
		if showHolders && v.Size[c] > 0 {
			row += " " + layout.Fit(names(major[c]), nameW) + " " + names(minor[c])
		}
		out = append(out, row)
	}
	if len(out) < h {
		note := fmt.Sprintf("Safe from %d tiles; the end from %d.", acquire.SafeSize, acquire.EndSize)
		if !open {
			note = "Hidden holdings: others' show as ?."
		}
		out = append(layout.Pad(out, h-1), s.Subtle.Render(note))
	}
	return out
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

// Players draws every seat's cash and shares in w cells: `*` marks the
// majority holders of a chain, `+` the minority (A17), `?` what
// holdings=hidden hides, and `>` the seat whose decision is due.
func (m Model) Players(w int, seats Seats) []string {
	k := playersKey{m.view, m.styles, w, seats.You, strings.Join(seats.Tags, "\x00"), strings.Join(seats.Times, "\x00"), seats.Times != nil}
	if m.memo.players == nil || m.memo.playersKey != k {
		m.memo.playersKey, m.memo.players = k, m.drawPlayers(w, seats)
	}
	return slices.Clone(m.memo.players)
}

func (m Model) drawPlayers(w int, seats Seats) []string {
	v, s, d := m.view, m.styles, m.looks()
	major, minor, _ := Holders(v)
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
	// The chain letters in their colours head the share columns, so the
	// header doubles as the colour key.
	head := layout.Fit("  Player", 2+nameW)
	if timeW > 0 {
		head += fmt.Sprintf("%*s", timeW, "Time")
	}
	head = s.Heading.Render(head + fmt.Sprintf("%*s ", cashW, "Cash"))
	for c := range acquire.Chains {
		head += strings.Repeat(" ", cols[c]-3) + m.ChainCell(acquire.Chain(c))
	}
	out := []string{head}
	for i, name := range v.Names {
		mark := "  "
		if int(v.ToMove) == i && v.Phase != acquire.PhaseOver {
			mark = "> "
		}
		label := name
		if i < len(seats.Tags) {
			if tag := seats.Tags[i]; tag != "" && len(name)+1+len(tag) <= nameW {
				label += " " + s.Subtle.Render(tag)
			}
		}
		if i == int(seats.You) {
			label = s.Name.Render(name) + strings.TrimPrefix(label, name)
		}
		var row strings.Builder
		row.WriteString(mark)
		row.WriteString(layout.Fit(label, nameW))
		if timeW > 0 {
			t := ""
			if i < len(seats.Times) {
				t = seats.Times[i]
			}
			row.WriteString(strings.Repeat(" ", max(1, timeW-lipgloss.Width(t))) + t)
		}
		cash := Money(v.Cash[i])
		row.WriteString(layout.Spaces(cashW - len(cash)))
		row.WriteString(cash)
		row.WriteByte(' ')
		for c := range acquire.Chains {
			n, tag := v.Shares[i][c], " "
			switch {
			case contains(major[c], i):
				tag = "*"
			case contains(minor[c], i):
				tag = "+"
			}
			num, nw := strconv.Itoa(n), 0 // nw: num's width, all digits
			switch n {
			case acquire.Hidden:
				num = "?"
			case 0:
				num, nw = d.none, 1
			}
			if nw == 0 {
				nw = len(num)
			}
			row.WriteString(layout.Spaces(cols[c] - 1 - nw))
			row.WriteString(num)
			row.WriteString(tag)
		}
		out = append(out, row.String())
	}
	return out
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

type chainsKey struct {
	view   *acquire.View
	styles *theme.Styles
	w, h   int
	you    engine.Seat
}

type playersKey struct {
	view        *acquire.View
	styles      *theme.Styles
	w           int
	you         engine.Seat
	tags, times string
	clock       bool
}
