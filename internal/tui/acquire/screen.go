package acquire

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"hotels/internal/engine/acquire"
	"hotels/internal/tui/acquire/board"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
)

// The game's part of the room screen, top to bottom: the board beside the
// chain table; the rack beside the players; the decision due (two lines).
const (
	gap        = 1 // between the board and the tables: a cell's own padding adds one
	rackLines  = 1 + acquire.RackSize
	minRack    = 30 // the rack gives up this much to a clock column, no more
	legendFrom = 30 // from this height the board has a legend
)

// Screen is Acquire's part of the room screen.
type Screen struct {
	styles *theme.Styles
	keys   *KeyMap // every session's, never changed (DefaultKeyMap): the screen is copied into an interface on every call
	board  board.Model
	layout *layout.Memo // the last layout, shared by the Screen's copies
	rack   *rackRows    // the rack's rows last drawn, shared by the Screen's copies
	game   *acquire.View

	in     input      // the decision being composed
	prices bool       // the buy step shows the price table in place of the board
	at     room.At    // as of the last call that was given one
	reply  room.Reply // what the key being handled answers
}

var _ room.Screen = Screen{}

// Layout is the Memo the screen lays out its columns with, whose lines
// the room screen need not measure again (layout.Memo.Embed).
func (s Screen) Layout() layout.Laid {
	if s.layout == nil {
		return nil
	}
	return s.layout
}

// New returns Acquire's screen, drawn with styles.
func New(styles *theme.Styles) Screen {
	return Screen{styles: styles, keys: &defaultKeys, board: board.New(styles), layout: &layout.Memo{}, rack: &rackRows{}}
}

// SetStyles returns the screen drawn with st.
func (s Screen) SetStyles(st *theme.Styles) room.Screen {
	s.styles = st
	s.board.SetStyles(st)
	return s
}

// Show takes the latest *acquire.View.
func (s Screen) Show(view any) (room.Screen, bool) {
	v, ok := view.(*acquire.View)
	if !ok || v == nil {
		return s, false
	}
	s.game = v
	s.prices = s.prices && v.Phase == acquire.PhaseBuy
	s.board.SetGame(v)
	s.in = s.in.follow(v)
	return s, true
}

// Facts are what the room screen reads of the view.
func (s Screen) Facts() room.Facts {
	v := s.game
	return room.Facts{
		Names: v.Names, ToMove: v.ToMove, Due: v.Due, Over: v.Phase == acquire.PhaseOver,
		Standings: v.Standings, Unit: acquire.Kind.Unit, Header: "bag " + strconv.Itoa(v.BagLeft),
	}
}

// Composing reports whether the player has typed or chosen anything.
func (s Screen) Composing() bool { return !s.in.empty() }

// Key handles a key of the player's decision.
func (s Screen) Key(k tea.KeyPressMsg, at room.At) (room.Screen, room.Reply) {
	s.at, s.reply = at, room.Reply{}
	handled := s.decide(k)
	r := s.reply
	r.Handled = handled
	s.reply = room.Reply{}
	return s, r
}

// say sets the status line's words for the key being handled.
func (s *Screen) say(text string, problem bool) {
	s.reply.Say, s.reply.Problem = text, problem
}

// act sends a decision as its action text.
func (s *Screen) act(text string) { s.reply.Act = text }

// Draw draws the board beside the chains, and the rack beside the players.
func (s Screen) Draw(w, h int, at room.At) []string {
	s.at = at
	// The screen's lines set in one list (the room screen keeps it), as
	// many as the screen has.
	out := s.boardAndChains(make([]string, 0, h), w, h)
	if s.prices && at.Mine {
		out = s.board.Prices(w, len(out))
	}
	// A clock column takes its cells from the rack's descriptions, so that
	// names keep theirs: first the gap, as the rack never writes in its
	// last cell, then what it must.
	seats := board.Seats{You: at.You, Times: at.Times, Tags: at.Tags}
	rackW, rackGap := board.Width, gap
	if seats.Times != nil && w-board.Width-gap < board.NarrowPlayers+board.TimeWidth {
		rackW, rackGap = max(minRack, w-board.NarrowPlayers-board.TimeWidth), 0
	}
	pw := w - rackW - rackGap
	return s.layout.Append(1, out, s.rackPanel(rackW), s.board.Players(pw, seats), rackW, rackGap, pw)
}

// DrawKey is what Draw shows besides the size and room.At: the view, the
// styles, the rack's cursor, whether the price table is open, and the
// tile typed.
func (s Screen) DrawKey() room.DrawKey {
	k := room.DrawKey{View: s.game, Styles: s.styles, State: uint64(s.in.cursor) << 1, Text: s.in.typed}
	if s.prices {
		k.State |= 1
	}
	return k
}

// boardAndChains appends to dst the board, with a legend from legendFrom
// lines, beside the chain table.
func (s Screen) boardAndChains(dst []string, w, h int) []string {
	rw := w - board.Width - gap
	b := s.board
	b.Select(s.chosenTile())
	bh := board.Height
	if h >= legendFrom {
		bh++
	}
	b.SetSize(board.Width, bh)
	return s.layout.AppendMeasured(0, dst, b.Lines(), b.Widths(), s.board.Chains(rw, bh, board.Seats{You: s.at.You, Tags: s.at.Tags}), board.Width, gap, rw)
}

// StepWidth is the width of the replay's step panel.
func (s Screen) StepWidth() int { return board.Width - 1 }

// Replay draws the board beside the chains, and step beside the players,
// with the bag's count under it while the game goes on.
func (s Screen) Replay(w, h int, at room.At, step []string) []string {
	s.at = at
	out := s.boardAndChains(nil, w, h)
	if s.game.Phase != acquire.PhaseOver {
		step = append(step, s.styles.Subtle.Render(fmt.Sprintf("Bag: %d tiles.", s.game.BagLeft)))
	}
	rw := w - board.Width - gap
	seats := board.Seats{You: at.You, Tags: at.Tags}
	return append(out, s.layout.Beside(1, step, s.board.Players(rw, seats), board.Width, gap, rw)...)
}

// Final draws the final board.
func (s Screen) Final() ([]string, int) {
	b := s.board
	b.SetSize(board.Width, board.Height)
	return b.Lines(), board.Width
}

// rackPanel lists the player's tiles and what each would do now, or what
// a watcher sees instead, in w cells of which it leaves the last blank.
func (s Screen) rackPanel(w int) []string {
	v, st := s.game, s.styles
	if s.at.You < 0 {
		out := []string{st.Heading.Render("Watching"), "You see what everyone sees:", "no one's tiles.", "", "Tiles in hand:"}
		var sizes []string
		for i, n := range v.RackSizes {
			name := v.Names[i]
			if i < len(s.at.Tags) && s.at.Tags[i] == board.BotMark {
				name += " " + board.BotMark // a bot account (issue 24)
			}
			sizes = append(sizes, fmt.Sprintf("%s %d", name, n))
		}
		return append(out, layout.Tail([]string{strings.Join(sizes, " · ")}, w-1, 2)...)
	}
	head := "Your tiles"
	if s.in.typed != "" {
		head = layout.Spread(head, "typed: "+s.in.typed+"_", w)
	}
	kept := s.rack
	if kept.styles != st || kept.rules != v.Rules || kept.w != w {
		*kept = rackRows{styles: st, rules: v.Rules, w: w}
	}
	if kept.head == "" || kept.headText != head {
		kept.headText, kept.head = head, st.Heading.Render(head)
	}
	out := make([]string, 0, rackLines)
	out = append(out, kept.head)
	choosing := s.at.Mine && v.Phase == acquire.PhasePlay
	// Rows are found by what they show, not by their place: a tile
	// played moves the rows under it up.
	keys, rows := kept.spareKeys[:0], kept.spareRows[:0]
	for i, ti := range v.Rack {
		k := rackRow{tile: ti.Tile, class: ti.Class, chains: len(ti.Chains), chosen: choosing && i == s.in.cursor}
		if k.chains > len(k.chain) {
			out = append(out, s.drawRackRow(k, ti, w))
			continue
		}
		copy(k.chain[:], ti.Chains)
		row := ""
		if j := slices.Index(kept.keys, k); j >= 0 {
			row = kept.rows[j]
		} else {
			row = s.drawRackRow(k, ti, w)
		}
		keys, rows = append(keys, k), append(rows, row)
		out = append(out, row)
	}
	kept.keys, kept.rows, kept.spareKeys, kept.spareRows = keys, rows, kept.keys, kept.rows
	if len(v.Rack) == 0 {
		out = append(out, st.Subtle.Render("  no tiles left"))
	}
	for len(out) < rackLines { // as layout.Pad, without another list
		out = append(out, "")
	}
	return out[:rackLines]
}

// rackRows keeps the rack's heading and rows last drawn, each with what
// it shows: a move changes a row or two, and drawing the rack was a tenth
// of drawing a seat's screen on a move (room.BenchmarkMove).
type rackRows struct {
	styles         *theme.Styles
	rules          *acquire.Rules
	w              int
	headText, head string
	keys           []rackRow
	rows           []string
	// The lists of the draw before, whose arrays the next draw fills.
	spareKeys []rackRow
	spareRows []string

	firstKey firstKey // the decision's first line last drawn (firstLine)
	first    string

	decision layout.Kept[decisionKey] // the decision's lines last drawn (Decision)
}

// rackRow is what a row of the rack shows: the tile, what it would do
// (its class and the chains it grows or merges, of which a tile touches
// four at most) and whether it is the one chosen.
type rackRow struct {
	tile   acquire.Tile
	class  acquire.Class
	chain  [4]acquire.Chain
	chains int
	chosen bool
}

func (s Screen) drawRackRow(k rackRow, ti acquire.TileInfo, w int) string {
	st := s.styles
	cursor, tile := "  ", tileName(ti.Tile)
	if k.chosen {
		cursor = "> "
	}
	row := cursor + tile + layout.Spaces(4-len(tile)) + describe(ti, s.game.Rules, w-7)
	if k.chosen {
		return st.Selected.Render(layout.Fit(row, w-1))
	}
	if !ti.Class.Playable() {
		return st.Subtle.Render(row)
	}
	return row
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
		return "unplayable for now" // A13
	}
	return "dead: two safe chains" // A15
}

// Decision says what the player's decision due is and what they have
// chosen so far. It is kept (in s.rack) by what it shows: every frame of
// the player's decision asks for it, and the answer to a decision sent,
// or a key refused, leaves it as it was (room.BenchmarkMix).
func (s Screen) Decision(w int, at room.At) []string {
	k, ok := s.decisionKey(w, at)
	if s.rack == nil || !ok {
		return s.decision(w, at)
	}
	return s.rack.decision.Lines(k, func() []string { return s.decision(w, at) })
}

// decisionKey is what Decision shows: the view (which is never changed),
// the player's seat, the decision being composed, whether the price table
// is open, the width, the countdown and the styles. ok is false for more
// shares being bought than it holds.
type decisionKey struct {
	game             *acquire.View
	styles           *theme.Styles
	typed, countdown string
	you              int
	w, cursor        int
	sell, trade      int
	prices           bool
	buys             [4]acquire.Chain
	n                int
}

func (s Screen) decisionKey(w int, at room.At) (decisionKey, bool) {
	k := decisionKey{game: s.game, styles: s.styles, typed: s.in.typed, countdown: at.Countdown, you: int(at.You), w: w,
		cursor: s.in.cursor, sell: s.in.sell, trade: s.in.trade, prices: s.prices, n: len(s.in.buys)}
	if len(s.in.buys) > len(k.buys) {
		return k, false
	}
	copy(k.buys[:], s.in.buys)
	return k, true
}

func (s Screen) decision(w int, at room.At) []string {
	s.at = at
	v := s.game
	var first, second string
	switch v.Phase {
	case acquire.PhasePlay:
		first = "Your turn: play a tile."
		if s.in.typed != "" {
			second = "Tile: " + s.in.typed + "_  enter plays it."
		} else if s.in.cursor < len(v.Rack) {
			ti := v.Rack[s.in.cursor]
			second = tileName(ti.Tile) + " " + describe(ti, v.Rules, w-20) + ": enter plays it."
			if !ti.Class.Playable() {
				second = tileName(ti.Tile) + " is " + ti.Reason + "." // fits 80 columns, as "Tile: … cannot be played: …" did not
			}
		}
	case acquire.PhaseFound, acquire.PhaseSurvivor, acquire.PhaseNext:
		first = map[acquire.Phase]string{
			acquire.PhaseFound:    "Your tile " + v.Tile.String() + " founds a chain: name it by its letter.",
			acquire.PhaseSurvivor: "The largest merging chains tie: choose the survivor by its letter.",
			acquire.PhaseNext:     "Defunct chains tie: choose the one resolved next by its letter.",
		}[v.Phase]
		second = s.choices(w)
	case acquire.PhaseDispose:
		held := s.held()
		defunct, survivor := v.Rules.Chains[v.Defunct].Name, v.Rules.Chains[v.Survivor].Name
		first = fmt.Sprintf("%s survives: dispose of your %d %s %s (%s each).",
			survivor, held, defunct, plural(held, "share"), board.Money(v.DefunctPrice))
		second = fmt.Sprintf("Sell %d for %s · trade %d for %d %s · keep %d.",
			s.in.sell, board.Money(s.in.sell*v.DefunctPrice), s.in.trade, s.in.trade/2, survivor, held-s.in.sell-s.in.trade)
	case acquire.PhaseBuy:
		first = "Your turn: buy up to " + strconv.Itoa(v.Rules.MaxBuy) + " " + plural(v.Rules.MaxBuy, "share") + "."
		if v.Ending {
			first = "You declared the end: buy your last shares."
		}
		cash := v.Cash[at.You]
		if len(s.in.buys) == 0 {
			second = "Buying nothing yet: " + board.Money(cash) + " in cash. A chain's letter adds a share."
		} else {
			var names []string
			for _, c := range s.in.buys {
				names = append(names, v.Rules.Chains[c].Name)
			}
			second = "Buying " + strings.Join(names, ", ") + ": " + board.Money(s.in.cost(v)) + " of your " + board.Money(cash) + "."
		}
		if v.CanDeclare {
			// On the first line: the second is full with four-digit cash.
			first = strings.TrimSuffix(first, ".") + "; e ends the game."
		}
		if s.prices {
			first = "Prices: a share, then the majority/minority bonus, by chain size. P: board."
		}
	}
	return []string{s.firstLine(first, at.Countdown, w), second}
}

// firstLine is the decision's first line, in the notice's style with the
// countdown at its right: drawn again only when one of them, the width or
// the styles change, as it stays the same for every key of a decision.
func (s Screen) firstLine(text, countdown string, w int) string {
	k := firstKey{text, countdown, w, s.styles}
	if kept := s.rack; kept != nil {
		if kept.firstKey != k || kept.first == "" {
			kept.firstKey, kept.first = k, layout.Spread(s.styles.Notice.Render(text), countdown, w)
		}
		return kept.first
	}
	return layout.Spread(s.styles.Notice.Render(text), countdown, w)
}

// firstKey is what the decision's first line shows.
type firstKey struct {
	text, countdown string
	w               int
	styles          *theme.Styles
}

// tileNames are the tiles' names ("6D"), made once: a tile is named on
// every key of a decision and every rack row drawn.
var tileNames = func() (names [acquire.Tiles]string) {
	for t := range names {
		names[t] = acquire.Tile(t).String()
	}
	return names
}()

// tileName is t.String().
func tileName(t acquire.Tile) string {
	if int(t) < len(tileNames) {
		return tileNames[t]
	}
	return t.String()
}

// choices lists the chains to choose from, the one under the cursor in
// brackets, in w cells: each by its name where all fit, else each by its
// letter in its colour and the one under the cursor by its name too, so
// that all seven fit 80 columns.
func (s Screen) choices(w int) string {
	v := s.game
	var long, short []string
	for i, c := range v.Choices {
		cell, name := s.board.ChainCell(c), v.Rules.Chains[c].Name
		if i == s.in.cursor {
			long, short = append(long, "["+cell+name+"]"), append(short, "["+cell+name+"]")
			continue
		}
		long, short = append(long, " "+cell+name+" "), append(short, cell)
	}
	if line := strings.Join(long, " "); lipgloss.Width(line) <= w {
		return line
	}
	return strings.Join(short, " ")
}

// Keys lists the keys of the player's decision due. The caller must not
// change the list (it is shared; appending copies it).
func (s Screen) Keys() []key.Binding {
	switch s.game.Phase {
	case acquire.PhasePlay:
		return decisionKeys.play
	case acquire.PhaseFound, acquire.PhaseSurvivor, acquire.PhaseNext:
		return decisionKeys.choose
	case acquire.PhaseDispose:
		return decisionKeys.dispose
	case acquire.PhaseBuy:
		if s.game.CanDeclare {
			return decisionKeys.buyDeclare
		}
		return decisionKeys.buy
	}
	return nil
}

// KeysKey names the list Keys returns (room's keysNamed): the phase, and
// whether the end may be declared.
func (s Screen) KeysKey() uint64 {
	k := uint64(s.game.Phase) << 1
	if s.game.CanDeclare {
		k |= 1
	}
	return k
}

// decisionKeys are Keys' lists, made once from the keys every screen
// shares (defaultKeys): the room screen asks for them again on every key
// of the player's decision, and making them was most of what listing the
// keys allocated. Each list's capacity is its length.
var decisionKeys = func() (l struct{ play, choose, dispose, buy, buyDeclare []key.Binding }) {
	k := &defaultKeys
	l.play = []key.Binding{k.Prev, room.Hint("6D", "type a tile"), room.With(k.Confirm, "enter", "play")}
	l.choose = []key.Binding{room.Hint("letter", "choose chain"), room.With(k.Prev, "←→", "move"), k.Confirm}
	l.dispose = []key.Binding{k.Sell, k.Trade, k.Confirm}
	l.buy = []key.Binding{room.Hint("letter", "buy share"), room.With(k.Erase, "⌫", "undo"), room.With(k.Confirm, "enter", "buy"), k.Prices}
	l.buyDeclare = append(slices.Clone(l.buy), k.Declare)
	l.buyDeclare = slices.Clip(l.buyDeclare)
	return l
}()

// Help lists every decision key and explains the board and the tables,
// with the price table and its majority/minority bonuses: at 80×24 the
// screen has no room for the board's legend, and P shows the prices only
// while buying.
func (s Screen) Help() ([][]key.Binding, []string) {
	k := s.keys
	text := []string{
		"On the board: · an empty cell, o a lone tile, a letter a chain's tile, + a tile",
		"in your rack, [+] the one you are choosing, and (T) or (o) the tile played last.",
		"Players: * marks a chain's majority holders, + its minority holders, ? what",
		"hidden holdings hide, and > whose decision is due.",
		fmt.Sprintf("A chain of %d tiles is safe: it cannot be absorbed. The end may be declared", acquire.SafeSize),
		fmt.Sprintf("once a chain has %d tiles or every chain is safe.", acquire.EndSize),
	}
	if s.game != nil {
		text = append(text, "", "Prices: a share, then the majority/minority bonus paid when a chain is",
			"absorbed, by chain size; a chain's letter marks its size now.")
		text = append(text, s.board.Prices(80, 10)...)
	}
	return [][]key.Binding{
		{k.Prev, room.Hint("6D", "type a tile"), room.With(k.Confirm, "enter", "confirm"), k.Erase},
		{room.Hint("letter", "choose or buy a chain"), k.Sell, k.Trade, room.With(k.Declare, "e e", "declare the end"), k.Prices},
	}, text
}
