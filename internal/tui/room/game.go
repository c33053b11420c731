package room

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"

	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/tui/board"
)

// The game screen's parts, top to bottom: the header; the board beside
// the chain table; the rack beside the players; the decision due (two
// lines); the status line; events and chat in whatever height is left;
// the help line. At 80×24 events and chat get a line each.
const (
	gap        = 1 // between the board and the tables: a cell's own padding adds one
	rackLines  = 1 + acquire.RackSize
	dueLines   = 2
	wideScreen = 100 // from this width events and chat sit side by side
	legendFrom = 30  // from this height the board has a legend
)

func (m Model) gameView() string {
	w, h := m.width, m.height
	rw := w - board.Width - gap
	out := []string{m.header()}

	b := m.board
	bh := board.Height
	if h >= legendFrom {
		bh++
	}
	b.SetSize(board.Width, bh)
	out = append(out, beside(block(b.View(), bh), m.chainTable(rw, bh), board.Width, gap, rw)...)
	out = append(out, beside(m.rackPanel(board.Width), m.playersPanel(rw), board.Width, gap, rw)...)
	out = append(out, m.dueLines(w)...)
	out = append(out, m.statusLine(w))
	out = append(out, m.feed(w, h-len(out)-1)...)
	out = append(out, m.helpLine())
	return screen(out, w, h)
}

// header names the room and its rules.
func (m Model) header() string {
	info := m.snap.Room
	left := m.styles.Title.Render("Hotels") + "  " + sanitize.Line(info.Name) + m.styles.Subtle.Render(" · room "+info.ID)
	if m.snap.Code != "" { // a private room's invite code, for its seats only
		left += m.styles.Subtle.Render(" · code ") + m.styles.Notice.Render(m.snap.Code)
	}
	right := info.Game + " " + info.Rules
	for _, o := range info.Options {
		right += " · " + strings.Replace(o, "=", " ", 1)
	}
	if m.game != nil && m.game.Phase != acquire.PhaseOver {
		right += fmt.Sprintf(" · bag %d", m.game.BagLeft)
	}
	if !m.seated() {
		right = "watching · " + right
	}
	return spread(left, m.styles.Subtle.Render(right), m.width)
}

// holders returns, for each chain on the board, the seats with the most
// and the second most shares (A17); ok is false if the viewer may not see
// every seat's shares.
func holders(v *acquire.View) (major, minor [acquire.Chains][]int, ok bool) {
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

// chainTable lists the chains: size, price, the bank's stock, the
// viewer's shares and, where there is room and holdings are open, who
// holds the majority and the minority.
func (m Model) chainTable(w, h int) []string {
	v, s := m.game, m.styles
	major, minor, open := holders(v)
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
		size, price, you, safe := "-", "-", "-", ""
		if v.Size[c] > 0 {
			size, price = strconv.Itoa(v.Size[c]), money(v.Price[c])
			if v.Size[c] >= acquire.SafeSize {
				safe = " safe"
			}
		}
		if m.seated() {
			you = strconv.Itoa(v.Shares[m.snap.You][c])
		}
		row := fmt.Sprintf("%s %-11s %4s %6s %4d %3s%-5s", m.chainCell(acquire.Chain(c)), info.Name, size, price, v.Bank[c], you, safe)
		if showHolders && v.Size[c] > 0 {
			row += " " + fit(names(major[c]), nameW) + " " + names(minor[c])
		}
		out = append(out, row)
	}
	if len(out) < h {
		note := fmt.Sprintf("Safe from %d tiles; the end from %d.", acquire.SafeSize, acquire.EndSize)
		if !open {
			note = "Hidden holdings: others' show as ?."
		}
		out = append(pad(out, h-1), s.Subtle.Render(note))
	}
	return out
}

// chainCell is a chain's letter in its colour, three cells wide.
func (m Model) chainCell(c acquire.Chain) string {
	info := m.game.Rules.Chains[c]
	return m.styles.Chain(info.Name, int(c)).Render(" " + string(info.Letter) + " ")
}

// playersPanel lists every seat's cash and shares: `*` marks the majority
// holders of a chain, `+` the minority (A17), `?` what holdings=hidden
// hides, and `>` the seat whose decision is due.
func (m Model) playersPanel(w int) []string {
	v, s := m.game, m.styles
	major, minor, _ := holders(v)
	cell, cashW := 3, 8
	if w >= 60 {
		cell, cashW = 4, 9
	}
	nameW := max(4, min(16, w-2-cashW-acquire.Chains*cell))
	// The chain letters in their colours head the share columns, so the
	// header doubles as the colour key.
	head := s.Heading.Render(fit("  Player", 2+nameW) + fmt.Sprintf("%*s", cashW, "Cash"))
	for c := range acquire.Chains {
		head += strings.Repeat(" ", cell-3) + m.chainCell(acquire.Chain(c))
	}
	out := []string{head}
	for i, name := range v.Names {
		mark := "  "
		if int(v.ToMove) == i && v.Phase != acquire.PhaseOver {
			mark = "> "
		}
		label := name
		if tag := seatTag(m.snap, i); tag != "" && len(name)+1+len(tag) <= nameW {
			label += " " + s.Subtle.Render(tag)
		}
		if i == int(m.snap.You) {
			label = s.Name.Render(name) + strings.TrimPrefix(label, name)
		}
		row := mark + fit(label, nameW) + fmt.Sprintf("%*s", cashW, money(v.Cash[i]))
		for c := range acquire.Chains {
			n, tag := v.Shares[i][c], " "
			switch {
			case contains(major[c], i):
				tag = "*"
			case contains(minor[c], i):
				tag = "+"
			}
			num := strconv.Itoa(n)
			switch n {
			case acquire.Hidden:
				num = "?"
			case 0:
				num = s.Subtle.Render("·")
			}
			row += strings.Repeat(" ", cell-1-lipgloss.Width(num)) + num + tag
		}
		out = append(out, row)
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

// seatTag is the word for a seat that no connected person plays.
func seatTag(snap *rooms.Snapshot, i int) string {
	if i >= len(snap.Seats) {
		return ""
	}
	switch snap.Seats[i].State {
	case rooms.SeatBot:
		return "bot"
	case rooms.SeatAway:
		return "away"
	case rooms.SeatAutopilot:
		return "auto"
	}
	return ""
}

// rackPanel lists the player's tiles and what each would do now, or what
// a watcher sees instead.
func (m Model) rackPanel(w int) []string {
	v, s := m.game, m.styles
	if !m.seated() {
		out := []string{s.Heading.Render("Watching"), "You see what everyone sees:", "no one's tiles.", "", "Tiles in hand:"}
		var sizes []string
		for i, n := range v.RackSizes {
			sizes = append(sizes, fmt.Sprintf("%s %d", v.Names[i], n))
		}
		return append(out, tail([]string{strings.Join(sizes, " · ")}, w, 2)...)
	}
	head := "Your tiles"
	if m.in.typed != "" {
		head = spread(head, "typed: "+m.in.typed+"_", w)
	}
	out := []string{s.Heading.Render(head)}
	choosing := m.myDecision() && v.Phase == acquire.PhasePlay
	for i, ti := range v.Rack {
		cursor := "  "
		if choosing && i == m.in.cursor {
			cursor = "> "
		}
		row := cursor + fmt.Sprintf("%-4s", ti.Tile) + describe(ti, v.Rules, w-6)
		if choosing && i == m.in.cursor {
			row = s.Selected.Render(fit(row, w-1))
		} else if !ti.Class.Playable() {
			row = s.Subtle.Render(row)
		}
		out = append(out, row)
	}
	if len(v.Rack) == 0 {
		out = append(out, s.Subtle.Render("  no tiles left"))
	}
	return pad(out, rackLines)
}

// describe says what playing a tile would do now, in at most w cells.
func describe(ti acquire.TileInfo, r *acquire.Rules, w int) string {
	switch ti.Class {
	case acquire.Lone:
		return "lone tile"
	case acquire.Founds:
		return "founds a chain"
	case acquire.Grows:
		if len(ti.Chains) > 0 {
			return "grows " + r.Chains[ti.Chains[0]].Name
		}
		return "grows a chain"
	case acquire.Merges:
		var names, letters []string
		for _, c := range ti.Chains {
			names = append(names, r.Chains[c].Name)
			letters = append(letters, string(r.Chains[c].Letter))
		}
		if d := "merges " + strings.Join(names, " + "); len(d) <= w {
			return d
		}
		return "merges " + strings.Join(letters, " + ")
	case acquire.Unplayable:
		return "unplayable for now (A13)"
	}
	return "dead: two safe chains (A15)"
}

// dueLines say what decision is due and, if it is the player's, what they
// have chosen so far.
func (m Model) dueLines(w int) []string {
	v, s := m.game, m.styles
	if !m.myDecision() {
		second := ""
		if v.ToMove >= 0 && int(v.ToMove) < len(v.Names) {
			switch seatTag(m.snap, int(v.ToMove)) {
			case "bot":
				second = v.Names[v.ToMove] + " is a bot: it moves in a moment."
			case "auto":
				second = "The autopilot plays for " + v.Names[v.ToMove] + "."
			case "away":
				second = v.Names[v.ToMove] + " is away: the autopilot plays if they do not come back soon."
			}
		}
		return []string{"> " + v.Due + ".", s.Subtle.Render(second)}
	}
	var first, second string
	switch v.Phase {
	case acquire.PhasePlay:
		first = "Your turn: play a tile."
		if m.in.typed != "" {
			second = "Tile: " + m.in.typed + "_  enter plays it."
		} else if m.in.cursor < len(v.Rack) {
			ti := v.Rack[m.in.cursor]
			second = fmt.Sprintf("%s %s: enter plays it.", ti.Tile, describe(ti, v.Rules, w-20))
			if !ti.Class.Playable() {
				second = fmt.Sprintf("Tile: %s cannot be played: %s.", ti.Tile, ti.Reason)
			}
		}
	case acquire.PhaseFound, acquire.PhaseSurvivor, acquire.PhaseNext:
		first = map[acquire.Phase]string{
			acquire.PhaseFound:    "Your tile " + v.Tile.String() + " founds a chain: name it by its letter.",
			acquire.PhaseSurvivor: "The largest merging chains tie: choose the survivor by its letter.",
			acquire.PhaseNext:     "Defunct chains tie: choose the one resolved next by its letter.",
		}[v.Phase]
		var items []string
		for i, c := range v.Choices {
			item := m.chainCell(c) + v.Rules.Chains[c].Name
			if i == m.in.cursor {
				item = "[" + item + "]"
			} else {
				item = " " + item + " "
			}
			items = append(items, item)
		}
		second = strings.Join(items, " ")
	case acquire.PhaseDispose:
		held := m.held()
		defunct, survivor := v.Rules.Chains[v.Defunct].Name, v.Rules.Chains[v.Survivor].Name
		first = fmt.Sprintf("%s survives: dispose of your %d %s %s (%s each).",
			survivor, held, defunct, plural(held, "share"), money(v.DefunctPrice))
		second = fmt.Sprintf("Sell %d for %s · trade %d for %d %s · keep %d.",
			m.in.sell, money(m.in.sell*v.DefunctPrice), m.in.trade, m.in.trade/2, survivor, held-m.in.sell-m.in.trade)
	case acquire.PhaseBuy:
		first = fmt.Sprintf("Your turn: buy up to %d %s.", v.Rules.MaxBuy, plural(v.Rules.MaxBuy, "share"))
		if v.Ending {
			first = "You declared the end: buy your last shares."
		}
		cash := v.Cash[m.snap.You]
		if len(m.in.buys) == 0 {
			second = fmt.Sprintf("Buying nothing yet: %s in cash. A chain's letter adds a share.", money(cash))
		} else {
			var names []string
			for _, c := range m.in.buys {
				names = append(names, v.Rules.Chains[c].Name)
			}
			second = fmt.Sprintf("Buying %s: %s of your %s.", strings.Join(names, ", "), money(m.in.cost(v)), money(cash))
		}
		if v.CanDeclare {
			second += " e ends the game."
		}
	}
	return []string{s.Notice.Render(cut(first, w)), second}
}

// statusLine shows the room's last answer or the last problem.
func (m Model) statusLine(w int) string {
	switch {
	case m.status != "" && m.problem:
		return m.styles.Error.Render(cut(m.status, w))
	case m.status != "":
		return cut(m.status, w)
	case m.busy:
		return m.styles.Subtle.Render("Sending...")
	}
	return ""
}

// feed shows the recent events and the chat in h lines: side by side on a
// wide screen, else one above the other.
func (m Model) feed(w, h int) []string {
	if h <= 0 {
		return nil
	}
	if w >= wideScreen {
		lw := (w - 2) / 2
		return beside(m.logPane(lw, h), m.chatPane(w-2-lw, h), lw, 2, w-2-lw)
	}
	lh := (h + 1) / 2
	return append(m.logPane(w, lh), m.chatPane(w, h-lh)...)
}

// logPane shows the newest events, under a heading if there is room.
func (m Model) logPane(w, h int) []string {
	if h <= 0 {
		return nil
	}
	var out []string
	if h >= 4 {
		out = append(out, m.styles.Heading.Render("Events"))
		h--
	}
	return pad(append(out, tail(m.snap.Log, w, h)...), len(out)+h)
}

// chatPane shows the chat, under a heading if there is room.
func (m Model) chatPane(w, h int) []string {
	if h <= 0 {
		return nil
	}
	var out []string
	if h >= 4 {
		out = append(out, m.styles.Heading.Render("Chat"))
		h--
	}
	c := m.chat
	c.SetSize(w, h)
	return append(out, block(c.View(), h)...)
}

// helpLine lists the keys that apply now.
func (m Model) helpLine() string {
	return m.help.ShortHelpView(m.shortHelp())
}

// shortHelp is the keys that apply now, most useful first.
func (m Model) shortHelp() []key.Binding {
	k := m.keys
	if m.chat.Focused() {
		return m.chat.KeyMap().ShortHelp()
	}
	chatKey := with(k.Chat, "/", "chat")
	switch {
	case m.snap == nil:
		return []key.Binding{k.Back}
	case m.game == nil && m.snap.Room.Status == rooms.Waiting:
		var bs []key.Binding
		if m.snap.Host {
			bs = append(bs, k.AddBot, k.Kick, k.Start)
		}
		if !m.seated() {
			bs = append(bs, k.Sit)
		}
		return append(bs, chatKey, k.Help, k.Leave)
	case m.game == nil || m.game.Phase == acquire.PhaseOver:
		return []key.Binding{chatKey, k.Help, k.Leave}
	case !m.myDecision():
		return []key.Binding{chatKey, k.Help, k.Back}
	}
	var bs []key.Binding
	switch m.game.Phase {
	case acquire.PhasePlay:
		bs = []key.Binding{k.Prev, hint("6D", "type a tile"), with(k.Confirm, "enter", "play")}
	case acquire.PhaseFound, acquire.PhaseSurvivor, acquire.PhaseNext:
		bs = []key.Binding{hint("letter", "choose chain"), with(k.Prev, "←→", "move"), k.Confirm}
	case acquire.PhaseDispose:
		bs = []key.Binding{k.Sell, k.Trade, k.Confirm}
	case acquire.PhaseBuy:
		bs = []key.Binding{hint("letter", "add share"), k.Erase, with(k.Confirm, "enter", "buy")}
		if m.game.CanDeclare {
			bs = append(bs, k.Declare)
		}
	}
	return append(bs, chatKey, k.Help, k.Back)
}
