package room

import (
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/theme"
)

// This file holds what the screen shows of the room's events besides the
// few newest under the game: the recap of what happened since the
// player's own last move, shown when their turn comes, and the whole log,
// which L opens for players and watchers alike.

// sinceMine returns the game's events after the last one that seat's own
// action made, oldest first: what the others did since. The room's own
// news (who sat down, who is away) is left out: it is no one's move.
func sinceMine(log []rooms.Event, seat engine.Seat) []rooms.Event {
	from := 0
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Seat == seat {
			from = i + 1
			break
		}
	}
	since := log[from:len(log):len(log)]
	if !slices.ContainsFunc(since, func(e rooms.Event) bool { return e.Seat == engine.Watcher }) {
		return since // a part of the log, which is never changed: no copy
	}
	var out []rooms.Event
	for _, e := range since {
		if e.Seat != engine.Watcher {
			out = append(out, e)
		}
	}
	return out
}

// ownLast returns the Seq of the last event seat's own action made, 0 if
// none.
func ownLast(log []rooms.Event, seat engine.Seat) uint64 {
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Seat == seat {
			return log[i].Seq
		}
	}
	return 0
}

// othersMoved reports whether another seat's action is among events, or
// with dice a throw: a throw may play another player's whole turn (Hotel
// Tycoon's car moves to a space where nothing is to decide).
func othersMoved(events []rooms.Event, seat engine.Seat, dice bool) bool {
	for _, e := range events {
		if e.Seat >= 0 && e.Seat != seat || dice && e.Seat == engine.Chance {
			return true
		}
	}
	return false
}

// recapItem is one line of the recap: a player's events in a row, named
// once, as many as fit in the line ("bob plays 5E: Tower grows to 4; buys
// 2 Tower for $800"): the events from to to, the first's text whole and
// the others' after the name (name bytes with its space), joined with
// "; ", width cells wide (plain: measured as layout.PlainWidth does).
type recapItem struct {
	from, to int
	name     int
	width    int
	plain    bool
}

// part is the item's text of events[i].
func (it recapItem) part(events []rooms.Event, i int) string {
	text := sanitize.Line(events[i].Text)
	if i > it.from {
		return text[it.name:]
	}
	return text
}

// text is the item's line.
func (it recapItem) text(events []rooms.Event) string {
	if it.to-it.from == 1 {
		return it.part(events, it.from)
	}
	var b strings.Builder
	for i := it.from; i < it.to; i++ {
		if i > it.from {
			b.WriteString("; ")
		}
		b.WriteString(it.part(events, i))
	}
	return b.String()
}

// recapItems says the events in as few lines w cells wide as reads well.
// Only the items shown are joined (recapPanel), measured as their parts
// add up: the recap is drawn again at every move that brings a player's
// turn, and joining and measuring every item at each event was a tenth of
// drawing a move (room.BenchmarkGame).
func recapItems(events []rooms.Event, names []string, w int) []recapItem {
	items := make([]recapItem, 0, len(events))
	last := ""
	for i, e := range events {
		text := sanitize.Line(e.Text)
		who := actor(text, names)
		if who != "" && who == last {
			it := &items[len(items)-1]
			rest := text[len(who)+1:] // after the name and its space
			width, plain := layout.PlainWidth(rest)
			if plain && it.plain {
				width += it.width + len("; ")
			} else {
				width, plain = layout.Width(it.text(events)+"; "+rest), false
			}
			if width <= w {
				it.to, it.name, it.width, it.plain = i+1, len(who)+1, width, plain
				continue
			}
		}
		width, plain := layout.PlainWidth(text)
		if !plain {
			width = layout.Width(text)
		}
		items = append(items, recapItem{from: i, to: i + 1, width: width, plain: plain})
		last = who
	}
	return items
}

// actor is the player whose name starts text, or "".
func actor(text string, names []string) string {
	who := ""
	for _, n := range names {
		if len(n) > len(who) && len(text) > len(n) && text[len(n)] == ' ' && strings.HasPrefix(text, n) {
			who = n
		}
	}
	return who
}

// recapPanel draws the recap's items in at most h lines w cells wide: a
// heading, then the items, only the newest if they do not all fit, the
// heading then saying how many events are left out and that L shows them.
func (m *Model) recapPanel(items []recapItem, w, h int) []string {
	s := m.styles
	// The newest items that fit, from first on, in lines lines: drawn
	// again on every move for every seat whose recap it changed, in one
	// list rather than one a line.
	first, lines := len(items), 0
	for ; first > 0; first-- {
		it, n := items[first-1], 1 // a line that fits, as Wrap gives it back
		if it.width > w-3 {
			n = len(layout.Wrap(it.text(m.recap), w-3))
		}
		if lines+n > h-1 {
			break
		}
		lines += n
	}
	hidden := 0 // the events of the items left out
	if first > 0 {
		hidden = items[first-1].to
	}
	// Short: it is sent again each time the player's turn comes, and the
	// key list (?) says the rest.
	heading := recapHeadings.Get(s, func() string {
		return s.Heading.Render("Since your last move") + s.Subtle.Render(" · esc hides · L log")
	})
	if hidden > 0 {
		heading = s.Heading.Render("Since your last move") +
			s.Subtle.Render(fmt.Sprintf(" · esc hides · %d earlier: L log", hidden))
	}
	out := make([]string, 0, 1+lines)
	out = append(out, layout.Cut(heading, w))
	for _, it := range items[first:] {
		if it.plain && it.width <= w-3 {
			// As Wrap gives it back, after the bullet, in one string.
			var b strings.Builder
			b.Grow(len(" • ") + (it.to-it.from-1)*len("; ") + it.bytes(m.recap))
			b.WriteString(" • ")
			for i := it.from; i < it.to; i++ {
				if i > it.from {
					b.WriteString("; ")
				}
				b.WriteString(it.part(m.recap, i))
			}
			out = append(out, b.String())
			continue
		}
		for j, l := range layout.Wrap(it.text(m.recap), w-3) {
			lead := "   "
			if j == 0 {
				lead = " • "
			}
			out = append(out, lead+l)
		}
	}
	return out
}

// bytes is the bytes of the item's parts.
func (it recapItem) bytes(events []rooms.Event) int {
	n := 0
	for i := it.from; i < it.to; i++ {
		n += len(it.part(events, i))
	}
	return n
}

// recapHeadings are the recap's heading with no event left out, by styles.
var recapHeadings theme.Drawn[*theme.Styles, string]

func plural(n int, what string) string {
	if n == 1 {
		return what
	}
	return what + "s"
}

// withRecap returns the game's lines with the recap under them, in h
// lines at most: in the lines the game leaves free, which the events and
// chat would have taken. It never covers the game, which the player reads
// to decide: what does not fit is left to the log (L), newest last.
func (m *Model) withRecap(game []string, w, h int) []string {
	if len(m.recap) == 0 {
		return game
	}
	if d := m.drawn; d != nil && len(game) > 0 && len(game) == len(d.lines) && unsafe.SliceData(game) == unsafe.SliceData(d.lines) {
		// drawGame's lines, kept: looked through once, not at every
		// frame the recap stays for.
		if d.each == nil {
			d.each = lineEach(game)
		}
		game = d.each
	} else {
		game = lineEach(game)
	}
	free := h - len(game)
	if free < 2 { // not even a heading and one line
		return game
	}
	recap := m.recapLines(w, h, free)
	d := m.parts
	if d == nil {
		return append(slices.Clip(game), recap...) // game may be drawGame's, kept
	}
	// Both are kept while they show the same (drawGame, recapLines): so
	// are the two together, which stay on the screen for every key until
	// the player's next move. A move sets them in the same list: its
	// lines are read before the next frame, never kept.
	k := withRecapKey{unsafe.SliceData(game), len(game), unsafe.SliceData(recap), len(recap)}
	if d.withRecap == nil || d.withRecapKey != k {
		d.withRecapKey, d.withRecap = k, append(append(d.withRecap[:0], game...), recap...)
	}
	return d.withRecap
}

// withRecapKey is the game's lines and the recap's that withRecap put
// together, by where they are: both are kept, never changed in place.
type withRecapKey struct {
	game      *string
	gameLines int
	recap     *string
	recapN    int
}

// lineEach splits the lines that hold several: a game's screen draws one
// a line, which lineEach returns as they are.
func lineEach(lines []string) []string {
	for _, l := range lines {
		if strings.IndexByte(l, '\n') >= 0 {
			return strings.Split(strings.Join(lines, "\n"), "\n")
		}
	}
	return lines
}

// recapLines is the recap panel in the free lines of h, drawn again only
// when the recap, the size or the styles changed: it stays on the screen
// for every key until the player's next move.
func (m *Model) recapLines(w, h, free int) []string {
	k := recapKey{unsafe.SliceData(m.recap), len(m.recap), w, h, free, m.styles}
	d := m.parts
	if d == nil {
		return m.fitRecap(w, h, free)
	}
	if d.recap == nil || d.recapKey != k || !slices.Equal(d.recapNames, m.facts.Names) {
		d.recapKey, d.recapNames, d.recap = k, m.facts.Names, m.fitRecap(w, h, free)
	}
	return d.recap
}

// fitRecap is the recap panel as drawn in h lines, in the free lines if it
// is longer: the panel drawn in the free lines, which shows the same
// items as in h where they fit in free (free is never more than h), and
// drawn once, where drawing it in h to measure it was half the recap's
// work in a long one.
func (m *Model) fitRecap(w, h, free int) []string {
	return m.recapPanel(recapItems(m.recap, m.facts.Names, w-3), w, min(h, free))
}

// recapKey is what the recap panel shows: the events since the player's
// last move, a part of a snapshot's log, which is never changed, in free
// of h lines w cells wide. The seats' names that name them are kept
// apart: every snapshot's view has its own copy.
type recapKey struct {
	recap      *rooms.Event
	events     int
	w, h, free int
	styles     *theme.Styles
}

// logView shows the whole log kept, as far as it is scrolled.
func (m *Model) logView() string {
	// The pager counts lines, which a long event wraps into several: the
	// title counts nothing, so that the two numbers cannot disagree.
	title := "Events of this game"
	out := append([]string{m.header()}, m.logPager.View(m.styles, title, m.logLines(m.width), "esc close", m.width, m.height-1)...)
	return layout.Screen(out, m.width, m.height)
}

// logLines is the log wrapped to w cells, the room's news dimmed.
func (m *Model) logLines(w int) []string {
	var out []string
	for _, e := range m.snap.Log {
		for i, l := range layout.Wrap(sanitize.Line(e.Text), w-2) {
			if i > 0 {
				l = "  " + l
			}
			if e.Seat == engine.Watcher {
				l = m.styles.Subtle.Render(l)
			}
			out = append(out, l)
		}
	}
	return out
}

// logKey scrolls the open log, or closes it.
func (m *Model) logKey(k tea.KeyPressMsg) tea.Cmd {
	if key.Matches(k, m.keys.LogClose) {
		m.showLog = false
		return nil
	}
	m.logPager, _ = m.logPager.Key(k, len(m.logLines(m.width)), m.height-1)
	return nil
}
