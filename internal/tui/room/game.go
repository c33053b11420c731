package room

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/tui/board"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/theme"
)

// The game screen's parts, top to bottom: the header; the board beside
// the chain table; the rack beside the players; the decision due (two
// lines); the status line; events and chat in whatever height is left;
// the help line. At 80×24 events and chat get a line each.
const (
	gap        = 1 // between the board and the tables: a cell's own padding adds one
	rackLines  = 1 + acquire.RackSize
	minRack    = 30 // the rack gives up this much to a clock column, no more
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
	out = append(out, m.layout.Beside(0, layout.Block(b.View(), bh), m.board.Chains(rw, bh, m.snap.You), board.Width, gap, rw)...)
	// A clock column takes its cells from the rack's descriptions, so that
	// names keep theirs: first the gap, as the rack never writes in its
	// last cell, then what it must.
	seats := m.seatsInfo()
	rackW, rackGap := board.Width, gap
	if seats.Times != nil && w-board.Width-gap < board.NarrowPlayers+board.TimeWidth {
		rackW, rackGap = max(minRack, w-board.NarrowPlayers-board.TimeWidth), 0
	}
	pw := w - rackW - rackGap
	out = append(out, m.layout.Beside(1, m.rackPanel(rackW), m.board.Players(pw, seats), rackW, rackGap, pw)...)
	out = append(out, m.dueLines(w)...)
	out = append(out, m.statusLine(w))
	out = append(out, m.feed(w, h-len(out)-1)...)
	out = append(out, m.helpLine())
	return m.layout.Screen(out, w, h)
}

// header names the room and its rules.
func (m Model) header() string {
	info := m.snap.Room
	left := m.styles.Title.Render("Hotels") + "  " + sanitize.Line(info.Name) + m.styles.Subtle.Render(" · room "+info.ID)
	if m.snap.Code != "" { // a private room's invite code, for its seats only
		left += m.styles.Subtle.Render(" · code ") + m.styles.Notice.Render(m.snap.Code)
	}
	right := info.Game + " " + info.Rules
	if info.Ranked {
		right += " · ranked"
	}
	for _, o := range info.Options {
		right += " · " + strings.Replace(o, "=", " ", 1)
	}
	if c := m.snap.Clock.String(); c != "" {
		right += " · " + c
	}
	if m.game != nil && m.game.Phase != acquire.PhaseOver {
		right += fmt.Sprintf(" · bag %d", m.game.BagLeft)
	}
	if !m.seated() {
		right = "watching · " + right
	}
	return layout.Spread(left, m.styles.Subtle.Render(right), m.width)
}

// seatsInfo is what the players table shows of the seats: the player's,
// a word for those no connected person plays, and the clocks.
func (m Model) seatsInfo() board.Seats {
	s := board.Seats{You: m.snap.You, Times: m.times()}
	for i := range m.game.Names {
		s.Tags = append(s.Tags, seatTag(m.snap, i))
	}
	return s
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
// a watcher sees instead, in w cells of which it leaves the last blank.
func (m Model) rackPanel(w int) []string {
	v, s := m.game, m.styles
	if !m.seated() {
		out := []string{s.Heading.Render("Watching"), "You see what everyone sees:", "no one's tiles.", "", "Tiles in hand:"}
		var sizes []string
		for i, n := range v.RackSizes {
			sizes = append(sizes, fmt.Sprintf("%s %d", v.Names[i], n))
		}
		return append(out, layout.Tail([]string{strings.Join(sizes, " · ")}, w-1, 2)...)
	}
	head := "Your tiles"
	if m.in.typed != "" {
		head = layout.Spread(head, "typed: "+m.in.typed+"_", w)
	}
	out := []string{s.Heading.Render(head)}
	choosing := m.myDecision() && v.Phase == acquire.PhasePlay
	for i, ti := range v.Rack {
		cursor := "  "
		if choosing && i == m.in.cursor {
			cursor = "> "
		}
		row := cursor + fmt.Sprintf("%-4s", ti.Tile) + describe(ti, v.Rules, w-7)
		if choosing && i == m.in.cursor {
			row = s.Selected.Render(layout.Fit(row, w-1))
		} else if !ti.Class.Playable() {
			row = s.Subtle.Render(row)
		}
		out = append(out, row)
	}
	if len(v.Rack) == 0 {
		out = append(out, s.Subtle.Render("  no tiles left"))
	}
	return layout.Pad(out, rackLines)
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
	if m.onAutopilot() {
		return []string{
			s.Notice.Render(layout.Cut("The autopilot is playing for you — press ctrl+t to take your seat back.", w)),
			"> " + v.Due + ".",
		}
	}
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
		return []string{layout.Spread("> "+v.Due+".", m.countdown(), w), s.Subtle.Render(second)}
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
			item := m.board.ChainCell(c) + v.Rules.Chains[c].Name
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
			survivor, held, defunct, plural(held, "share"), board.Money(v.DefunctPrice))
		second = fmt.Sprintf("Sell %d for %s · trade %d for %d %s · keep %d.",
			m.in.sell, board.Money(m.in.sell*v.DefunctPrice), m.in.trade, m.in.trade/2, survivor, held-m.in.sell-m.in.trade)
	case acquire.PhaseBuy:
		first = fmt.Sprintf("Your turn: buy up to %d %s.", v.Rules.MaxBuy, plural(v.Rules.MaxBuy, "share"))
		if v.Ending {
			first = "You declared the end: buy your last shares."
		}
		cash := v.Cash[m.snap.You]
		if len(m.in.buys) == 0 {
			second = fmt.Sprintf("Buying nothing yet: %s in cash. A chain's letter adds a share.", board.Money(cash))
		} else {
			var names []string
			for _, c := range m.in.buys {
				names = append(names, v.Rules.Chains[c].Name)
			}
			second = fmt.Sprintf("Buying %s: %s of your %s.", strings.Join(names, ", "), board.Money(m.in.cost(v)), board.Money(cash))
		}
		if v.CanDeclare {
			// On the first line: the second is full with four-digit cash.
			first = strings.TrimSuffix(first, ".") + "; e ends the game."
		}
	}
	return []string{layout.Spread(s.Notice.Render(first), m.countdown(), w), second}
}

// statusLine shows the room's last answer or the last problem, else
// the vote a player's leaving opens.
func (m Model) statusLine(w int) string {
	switch {
	case m.status != "" && m.problem:
		return m.styles.Error.Render(layout.Cut(m.status, w))
	case m.status != "":
		return layout.Cut(m.status, w)
	case m.busy:
		return m.styles.Subtle.Render("Sending...")
	case m.snap != nil && m.snap.Abandoned && m.game != nil:
		return m.styles.Notice.Render(layout.Cut(m.vote(), w))
	}
	return ""
}

// vote says where the vote to end an abandoned game stands.
func (m Model) vote() string {
	text := "A player left the game: press V to vote to end it."
	switch {
	case !m.seated():
		text = "A player left the game: the players may vote to end it."
	case m.voted():
		var waiting []string
		for _, st := range m.snap.Seats {
			if st.State == rooms.SeatReady && !slices.Contains(m.snap.Votes, st.Name) {
				waiting = append(waiting, st.Name)
			}
		}
		text = "You voted to end the game."
		if len(waiting) > 0 {
			text += " Waiting for " + andList(waiting) + "."
		}
		return text
	}
	if len(m.snap.Votes) > 0 {
		text += " Voted so far: " + strings.Join(m.snap.Votes, ", ") + "."
	}
	return text
}

// feed shows the recent events and the chat in h lines: side by side on a
// wide screen, else one above the other.
func (m Model) feed(w, h int) []string {
	if h <= 0 {
		return nil
	}
	if w >= wideScreen {
		lw := (w - 2) / 2
		return layout.Beside(m.logPane(lw, h), m.chatPane(w-2-lw, h), lw, 2, w-2-lw)
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
	return layout.Pad(append(out, layout.Tail(m.snap.Log, w, h)...), len(out)+h)
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
	c := *m.chat
	c.SetSize(w, h)
	return append(out, layout.Block(c.View(), h)...)
}

// helpLine lists the keys that apply now. It is drawn again only when they,
// the width or the styles change: on most keys they do not, and drawing it
// was a twentieth of the server's work in play (docs/capacity.md).
func (m Model) helpLine() string {
	bs := m.shortHelp()
	var k strings.Builder
	for _, b := range bs {
		h := b.Help()
		k.WriteString(h.Key)
		k.WriteByte(0)
		k.WriteString(h.Desc)
		if b.Enabled() {
			k.WriteByte(1)
		}
		k.WriteByte(0)
	}
	key := helpKey{k.String(), m.width, m.styles}
	if m.drawnHelp.key != key {
		m.drawnHelp.key, m.drawnHelp.line = key, m.help.ShortHelpView(bs)
	}
	return m.drawnHelp.line
}

// drawnHelp is the help line last drawn, shared by a Model's copies.
type drawnHelp struct {
	key  helpKey
	line string
}

type helpKey struct {
	keys   string // each key's name, words and whether it is enabled
	width  int
	styles *theme.Styles
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
	case m.game == nil && m.snap.Room.Status == rooms.Waiting && m.choosing:
		return []key.Binding{with(k.Prev, "↑↓", "choose"), hint(fmt.Sprintf("1–%d", len(m.levels)), "level"),
			with(k.Confirm, "enter", "add bot"), with(k.Back, "esc", "cancel")}
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
	case m.onAutopilot():
		return []key.Binding{k.TakeOver, chatKey, k.Help, k.Back}
	case !m.myDecision():
		bs := []key.Binding{chatKey, k.Help, k.Back}
		if m.snap.Abandoned && m.seated() {
			bs = append([]key.Binding{k.VoteEnd}, bs...)
		}
		return bs
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
	if m.snap.Abandoned {
		bs = append(bs, k.VoteEnd)
	}
	return append(bs, chatKey, k.Help, k.Back)
}
