package room

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"

	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/theme"
)

// The game screen's parts, top to bottom: the header; the game's own
// screen; the decision due (two lines); the status line; events and chat in
// whatever height is left; the help line. At 80×24 events and chat get a
// line each.
const wideScreen = 100 // from this width events and chat sit side by side

func (m *Model) gameView() []string {
	w, h := m.width, m.height
	at := m.at()
	var out []string
	if d := m.parts; d != nil {
		out = d.lines[:0] // Lines keeps copies of the lines, not the slice
	} else {
		out = make([]string, 0, max(h, 1))
	}
	out = append(out, m.header())
	// The game and the recap share the lines above the decision (2), the
	// status line and the help line: the recap takes those of the events
	// and chat first.
	game := m.withRecap(m.drawGame(w, h, at), w, h-len(out)-4)
	if m.chat.Focused() {
		// While the player writes, the chat may take the game's top lines
		// to show the newest message whole, up to the longest allowed:
		// at 80×24 the feed alone has two lines.
		game = strings.Split(strings.Join(game, "\n"), "\n")
		need := m.chat.Need(w) + 1 // and the pane's heading
		if short := need - (h - len(out) - 4 - len(game)); short > 0 {
			game = game[min(short, len(game)):]
		}
	}
	out = append(out, game...)
	out = append(out, m.dueLines(w, at)...)
	out = append(out, m.statusLine(w))
	out = m.feed(out, w, h-len(out)-1)
	out = append(out, m.helpLine())
	if d := m.parts; d != nil {
		d.lines = out
		d.held = [2]sized{{d.header, d.headerWidth}, {m.drawnHelp.line, m.drawnHelp.width}}
	}
	return m.layout.Lines(out, w, h)
}

// drawGame is the game's own screen, drawn again only if the screen, its
// size or what the room tells it changed since the last time: most keys
// and messages leave it as it was (a key when the decision is another's
// changes the status line only), and drawing it was a fifth of the
// server's CPU in play (docs/capacity.md).
func (m *Model) drawGame(w, h int, at At) []string {
	d := m.drawn
	if d == nil {
		return m.screen.Draw(w, h, at)
	}
	fits := d.lines != nil && d.w == w && d.h == h && sameAt(d.at, at)
	if fits && d.screen == m.screenN {
		return d.lines // the same screen: a key between turns
	}
	var key DrawKey
	k, keyed := m.screen.(drawKeyed)
	if keyed {
		key = k.DrawKey()
	}
	if fits && keyed && d.keyed && d.key == key {
		d.screen = m.screenN // another screen that draws the same
		return d.lines
	}
	*d = drawnGame{m.screenN, key, keyed, w, h, at, m.screen.Draw(w, h, at), nil}
	return d.lines
}

// drawnGame is the game's screen last drawn, for drawGame.
type drawnGame struct {
	screen uint64 // the screen's number (setScreen)
	key    DrawKey
	keyed  bool // drawn by the key, not the number
	w, h   int
	at     At
	lines  []string
	each   []string // lines, one a line (lineEach), once withRecap asked
}

// DrawKey is what a game's Screen draws besides the size and At: two
// screens of a game with the same DrawKey draw the same lines. View is
// the view shown, a pointer; State and Text what the screen shows of the
// decision being composed (a cursor, a tile typed), zero where it shows
// none.
type DrawKey struct {
	View   any
	Styles *theme.Styles
	State  uint64
	Text   string
}

// drawKeyed is a game's Screen that says what it draws (DrawKey): the
// keys of a decision that leave the drawing as it was (a share typed, the
// decision sent, a key refused) then draw none of it again, where every
// key made a new Screen, drawn again (room.BenchmarkMix).
type drawKeyed interface {
	DrawKey() DrawKey
}

func sameAt(a, b At) bool {
	return a.You == b.You && a.Mine == b.Mine && a.Countdown == b.Countdown &&
		slices.Equal(a.Tags, b.Tags) && slices.Equal(a.Times, b.Times)
}

// screens numbers the values of Screen that Models hold, in every room
// screen of the process, so that no two are drawn as one.
var screens atomic.Uint64

// setScreen changes the game's screen. A Screen is a value that only Show,
// Key and SetStyles change, so its number says whether drawGame's lines
// are still its drawing.
func (m *Model) setScreen(s Screen) {
	m.screen, m.screenN = s, screens.Add(1)
	var inner layout.Laid // what the game lays out with: its lines need no measuring again
	if l, ok := s.(interface{ Layout() layout.Laid }); ok {
		inner = l.Layout()
	}
	switch {
	case m.layout == nil:
	case m.parts != nil:
		m.parts.game = inner
		m.layout.Embed(m.parts)
	default:
		m.layout.Embed(inner)
	}
}

// header names the room and its rules. It is drawn again only when what
// it shows may have changed: the snapshot, the size or the styles, as
// drawing it on every key was a twentieth of the server's CPU in play
// (docs/capacity.md).
func (m *Model) header() string {
	// The same snapshot, size and styles: the same header, at every key
	// between two moves, without reading the room's words again.
	q := headerQuick{m.snap, m.width, m.styles, m.shown, m.facts.Over, m.facts.Header}
	if d := m.parts; d != nil && d.header != "" && d.headerQuick == q {
		return d.header
	}
	info := m.snap.Room
	k := headerKey{info.ID, info.Name, info.Game, info.Kind, info.Rules, info.Ranked, m.snap.Code, m.snap.Clock,
		m.seated(), m.width, m.styles, m.shown, m.facts.Over, m.facts.Header, m.screen != nil}
	if d := m.parts; d != nil {
		if d.header == "" || d.headerKey != k || !slices.Equal(d.headerOptions, info.Options) {
			shared := sharedHeaderKey{k, strings.Join(info.Options, "\x00")}
			h := headers.get(shared, m.drawHeader)
			d.headerKey, d.headerOptions, d.header, d.headerWidth = k, info.Options, h.line, h.width
		}
		d.headerQuick = q
		return d.header
	}
	return m.drawHeader()
}

// headers are the headers drawn, shared by every session: the seats of a
// room draw the same header, again at most moves (Acquire's bag, Hotel
// Tycoon's round), and the first to draw it draws it for the others
// (room.BenchmarkMix).
var headers = sharedLines[sharedHeaderKey]{lines: map[sharedHeaderKey]sized{}}

// sharedHeaderKey is everything a header shows: its key and the room's
// options, joined.
type sharedHeaderKey struct {
	headerKey
	options string
}

// drawnParts are the parts of the game screen last drawn around the game's
// own, shared by a Model's copies: each is kept with the key of everything
// it depends on.
type drawnParts struct {
	headerQuick   headerQuick
	headerKey     headerKey
	headerOptions []string // the room's options, which the key cannot hold
	header        string
	headerWidth   int
	logKey        logKey
	log           []string

	chat         []rooms.ChatLine // the messages the chat pane and need are for
	chatStyles   *theme.Styles
	chatW, chatH int
	chatPane     []string
	needW, need  int

	recapKey   recapKey
	recapNames []string
	recap      []string

	dueKey dueKey
	due    [2]string // the lines of a decision not the player's

	statusKey statusKey
	status    string

	tagsSnap *rooms.Snapshot // the snapshot tags were made for (at)
	tags     []string

	withRecapKey withRecapKey
	withRecap    []string // the game's lines and the recap's under them

	lines []string // the screen's lines, made again on every frame (gameView)

	game layout.Laid // what the game's screen lays out with (setScreen)
	held [2]sized    // the header and the key line of the last frame, measured (Holds)
}

// sized is a line and its width, measured once.
type sized struct {
	line  string
	width int
}

// Holds reports whether line is a line of the last frame known to fit in
// w cells: the game's (its layout says), the header or the key line,
// measured once for every session that draws them (headers, helpLines),
// which the screen's Memo then measures again no more (layout.Laid).
func (d *drawnParts) Holds(line string, w int) bool {
	for _, h := range d.held {
		if h.width <= w && layout.Same(line, h.line) {
			return true
		}
	}
	return d.game != nil && d.game.Holds(line, w)
}

// headerQuick is what the header is drawn from: the snapshot (which holds
// the room's words), the size and the styles, and what the game's screen
// made of the snapshot.
type headerQuick struct {
	snap        *rooms.Snapshot
	width       int
	styles      *theme.Styles
	shown, over bool
	factsHeader string
}

// headerKey is what the header shows but the room's options: it is kept
// by what it shows, not by the snapshot, as every move brings a snapshot
// and most leave the header as it was (room.BenchmarkMove).
type headerKey struct {
	id, name, game, kind, rules string
	ranked                      bool
	code                        string
	clock                       rooms.Clock
	seated                      bool
	width                       int
	styles                      *theme.Styles
	shown, over                 bool
	factsHeader                 string
	screen                      bool // the game has a screen, which names presets
}

func (m *Model) drawHeader() string {
	info, st := m.snap.Room, m.styles
	id := " · room " + info.ID
	// The title's and the id's cells: their texts', as their styles take
	// none. The header is drawn again on most moves (a game's line in it
	// changes), in one buffer rather than a string a part.
	titleW := layout.Width(headerTitle) + 2
	tiW := titleW + layout.Width(id)
	if m.snap.Code != "" { // a private room's invite code, for its seats only
		tiW += layout.Width(headerCode) + layout.Width(m.snap.Code)
	}
	// What the header says of the room, most needed first: the game, the
	// state of play, the clock, then the options, which the rules page
	// (R) lists all of.
	parts := make([]string, 0, 8)
	if !m.seated() {
		parts = append(parts, "watching")
	}
	parts = append(parts, strings.TrimSpace(info.Game+" "+info.Rules)) // a game may have no rule sets
	if info.Ranked {
		parts = append(parts, "ranked")
	}
	if m.shown && !m.facts.Over && m.facts.Header != "" {
		parts = append(parts, m.facts.Header)
	}
	if c := m.snap.Clock.String(); c != "" {
		parts = append(parts, c)
	}
	options := info.Options
	if m.screen != nil { // a preset's options are said by its name
		var preset string
		if preset, options = m.screen.Rules().Kind.Preset(options); preset != "" {
			parts = append(parts, preset)
		}
	}
	for _, o := range options {
		parts = append(parts, strings.Replace(o, "=", " ", 1))
	}
	// The room's id (and code) stay whole, for players to pass on, and
	// the name keeps a few cells; the parts that do not fit beside them
	// are left out whole, never cut into a word that reads as another.
	name := sanitize.Line(info.Name)
	fixed := tiW + min(layout.Width(name), 10) + 1
	const sep = " · "
	kept, keptW := parts[:0], 0 // the parts shown, in place, and their cells with their separators
	for _, p := range parts {
		if len(kept) == 0 && p == "" {
			continue // nothing to set apart yet
		}
		pw := layout.Width(p)
		if len(kept) == 0 || fixed+keptW+layout.Width(sep)+pw <= m.width {
			if len(kept) > 0 {
				keptW += layout.Width(sep)
			}
			kept, keptW = append(kept, p), keptW+pw
		}
	}
	right := strings.Join(kept, sep)
	if keptW > max(0, m.width-tiW-1) {
		right = layout.Cut(right, max(0, m.width-tiW-1))
		keptW = layout.Width(right)
	}
	name = layout.Cut(name, max(0, m.width-tiW-keptW-1))
	if lw := tiW + layout.Width(name); lw+1+keptW <= m.width {
		// As layout.Spread: the left padded to the right's cells.
		b := make([]byte, 0, 2*m.width+64)
		b = st.Title.AppendRender(b, headerTitle)
		b = append(b, "  "...)
		b = append(b, name...)
		b = m.appendID(b, id)
		b = append(b, layout.Spaces(m.width-keptW-lw)...)
		return string(st.Subtle.AppendRender(b, right))
	}
	return layout.Spread(st.Title.Render(headerTitle)+"  "+name+string(m.appendID(nil, id)), st.Subtle.Render(right), m.width)
}

// The header's words that are always the same.
const (
	headerTitle = "Hotels"
	headerCode  = " · code "
)

// appendID appends the room's id (" · room " and the id), and its code
// for its seats, to b.
func (m *Model) appendID(b []byte, id string) []byte {
	st := m.styles
	b = st.Subtle.AppendRender(b, id)
	if m.snap.Code != "" {
		b = st.Subtle.AppendRender(b, headerCode)
		b = st.Notice.AppendRender(b, m.snap.Code)
	}
	return b
}

// seatTag is the word for a seat that no connected person plays, and
// BOT for a bot account's.
func seatTag(snap *rooms.Snapshot, i int) string {
	if i >= len(snap.Seats) {
		return ""
	}
	switch st := snap.Seats[i]; {
	case st.State == rooms.SeatBot:
		return "bot"
	case st.Account:
		// A bot account (issue 24), away or not: the mark, which is
		// all the narrowest tables have room for.
		return "BOT"
	case st.State == rooms.SeatAway:
		return "away"
	case st.State == rooms.SeatAutopilot:
		return "auto"
	}
	return ""
}

// dueLines say what decision is due and, if it is the player's, what they
// have chosen so far (the game's screen says).
func (m *Model) dueLines(w int, at At) []string {
	f, s := m.facts, m.styles
	if m.onAutopilot() {
		return []string{
			s.Notice.Render(layout.Cut("The autopilot is playing for you — press ctrl+t to take your seat back.", w)),
			"> " + f.Due + ".",
		}
	}
	if !at.Mine {
		second := ""
		if f.ToMove >= 0 && int(f.ToMove) < len(f.Names) && int(f.ToMove) < len(m.snap.Seats) {
			switch m.snap.Seats[f.ToMove].State {
			case rooms.SeatBot:
				second = f.Names[f.ToMove] + " is a bot: it moves in a moment."
			case rooms.SeatAutopilot:
				second = "The autopilot plays for " + m.seatName(f.ToMove) + "."
			case rooms.SeatAway:
				second = m.seatName(f.ToMove) + " is away: the autopilot plays if they do not come back soon."
			}
		}
		d := m.parts
		if d == nil {
			return []string{layout.Spread("> "+f.Due+".", at.Countdown, w), s.Subtle.Render(second)}
		}
		if k := (dueKey{f.Due, at.Countdown, second, w, s}); d.due[0] == "" || d.dueKey != k {
			d.dueKey, d.due = k, [2]string{layout.Spread("> "+f.Due+".", at.Countdown, w), s.Subtle.Render(second)}
		}
		return d.due[:]
	}
	return m.screen.Decision(w, at)
}

// dueKey is what the lines of a decision not the player's show.
type dueKey struct {
	due, countdown, second string
	w                      int
	styles                 *theme.Styles
}

// statusLine shows the room's last answer or the last problem, else
// the vote a player's leaving opens.
func (m *Model) statusLine(w int) string {
	d := m.parts
	if d == nil || m.status == "" && !m.busy {
		return m.drawStatusLine(w) // "", or the vote, which the key does not hold
	}
	// Kept while it says the same: an answer stays on the screen for
	// every frame until the next key, and was styled again at each.
	if k := (statusKey{m.status, m.problem, m.busy, w, m.styles}); d.statusKey != k {
		d.statusKey, d.status = k, m.drawStatusLine(w)
	}
	return d.status
}

// statusKey is what the status line shows, but the vote.
type statusKey struct {
	status        string
	problem, busy bool
	w             int
	styles        *theme.Styles
}

func (m *Model) drawStatusLine(w int) string {
	switch {
	case m.status != "" && m.problem:
		return m.styles.Error.Render(layout.Cut(m.status, w))
	case m.status != "":
		return layout.Cut(m.status, w)
	case m.busy:
		return m.styles.Subtle.Render("Sending...")
	case m.snap != nil && m.snap.Abandoned && m.shown:
		return m.styles.Notice.Render(layout.Cut(m.vote(), w))
	}
	return ""
}

// vote says where the vote to end an abandoned game stands.
func (m *Model) vote() string {
	var auto []string
	for _, st := range m.snap.Seats {
		if st.State == rooms.SeatAutopilot {
			auto = append(auto, st.Name)
		}
	}
	text := "The autopilot plays for " + List(auto, "and") + ": V votes to end the game."
	switch {
	case !m.seated():
		text = "The autopilot plays for " + List(auto, "and") + ": the players may vote to end the game."
	case m.voted():
		text = "You voted to end the game."
		if waiting := m.votesDue(); len(waiting) > 0 {
			text += " Waiting for " + List(waiting, "and") + "."
		}
		return text
	}
	if len(m.snap.Votes) > 0 {
		text += " Voted so far: " + strings.Join(m.snap.Votes, ", ") + "."
	}
	return text
}

// feed adds to out the recent events and the chat in h lines: side by
// side on a wide screen, else one above the other.
func (m *Model) feed(out []string, w, h int) []string {
	if h <= 0 {
		return out
	}
	if w >= wideScreen {
		lw := (w - 2) / 2
		return append(out, layout.Beside(m.logPane(lw, h), m.chatPane(w-2-lw, h), lw, 2, w-2-lw)...)
	}
	// The chat takes half, or what its newest message needs to be read
	// whole with who wrote it, and the line being typed: the events are
	// all in the log (L).
	need := m.chatNeed(w)
	if need >= 4 {
		need++ // a pane of 4 lines or more has a heading
	}
	ch := max(h/2, min(h, need))
	return append(append(out, m.logPane(w, h-ch)...), m.chatPane(w, ch)...)
}

// logPane shows the newest events, under a heading if there is room. It
// is drawn again only when the events, the size or the styles changed:
// wrapping the events and the chat on every key was a fifth of drawing a
// key's screen (room.BenchmarkIdleKey; docs/capacity.md).
func (m *Model) logPane(w, h int) []string {
	if h <= 0 {
		return nil
	}
	d := m.parts
	if d == nil {
		return m.drawLogPane(w, h)
	}
	k := logKey{unsafe.SliceData(m.snap.Log), len(m.snap.Log), w, h, m.styles}
	if d.log == nil || d.logKey != k {
		d.logKey, d.log = k, m.drawLogPane(w, h)
	}
	return slices.Clip(d.log)
}

// logKey is what the log pane shows: the events, in w×h cells. The room
// only appends to a seat's events past the prefix a snapshot holds, so
// the same start and length are the same events (rooms.Room.addEvent).
type logKey struct {
	log    *rooms.Event
	events int
	w, h   int
	styles *theme.Styles
}

func (m *Model) drawLogPane(w, h int) []string {
	var out []string
	if h >= 4 {
		out = append(out, eventsHeadings.Get(m.styles, func() string { return m.styles.Heading.Render("Events") }))
		h--
	} else if h == 2 {
		if lines, ok := eventSlots(m.snap.Log, w); ok {
			return lines
		}
	}
	texts := make([]string, 0, h)
	for _, e := range m.snap.Log[max(0, len(m.snap.Log)-h):] {
		texts = append(texts, e.Text)
	}
	return layout.Pad(append(out, layout.Tail(texts, w, h)...), len(out)+h)
}

// eventsHeadings are the events pane's heading, by styles: the pane is
// drawn again at every event.
var eventsHeadings theme.Drawn[*theme.Styles, string]

// newest marks the newer of the two events in a pane of two lines
// (eventSlots); the older starts with two spaces.
const newest = "› "

// eventSlots draws the newest two events in a pane of two lines, as at
// 80×24, each in the line its number gives it (Seq mod 2), the newer
// marked: a new event is written over the older one, and the other stays
// where it was, where scrolling them up sent both lines again at every
// event (issue 22). ok is false if an event does not fit in a line, or
// if the two are not numbered one after the other: the pane then scrolls
// as a taller one does, wrapping them.
func eventSlots(log []rooms.Event, w int) (lines []string, ok bool) {
	lines = make([]string, 2)
	last := log[max(0, len(log)-2):]
	if len(last) == 2 && last[0].Seq%2 == last[1].Seq%2 {
		return nil, false // not numbered one after the other: they would share a line
	}
	for i, e := range last {
		text := sanitize.Line(e.Text)
		if layout.Width(text) > w-layout.Width(newest) {
			return nil, false
		}
		lead := "  "
		if i == len(last)-1 {
			lead = newest
		}
		lines[e.Seq%2] = lead + text
	}
	return lines, true
}

// chatPane shows the chat, under a heading if there is room. While the
// chat is closed, it is drawn again only when its messages, the size or
// the styles changed.
func (m *Model) chatPane(w, h int) []string {
	if h <= 0 {
		return nil
	}
	d := m.chatParts()
	if d == nil {
		return m.drawChatPane(w, h)
	}
	if d.chatPane == nil || d.chatW != w || d.chatH != h {
		d.chatW, d.chatH, d.chatPane = w, h, m.drawChatPane(w, h)
	}
	return slices.Clip(d.chatPane)
}

// chatNeed is chat.Need, kept as chatPane is.
func (m *Model) chatNeed(w int) int {
	d := m.chatParts()
	if d == nil {
		return m.chat.Need(w)
	}
	if d.needW != w {
		d.needW, d.need = w, m.chat.Need(w)
	}
	return d.need
}

// chatParts returns the kept chat pane and need, emptied if the messages
// or the styles are not those they were drawn with; nil while the chat is
// open, which draws what is typed. Every snapshot has its own copy of the
// messages.
func (m *Model) chatParts() *drawnParts {
	d := m.parts
	if d == nil || m.chat.Focused() {
		return nil
	}
	if d.chatStyles != m.styles || !sameChat(d.chat, m.snap.Chat) {
		d.chat, d.chatStyles, d.chatPane, d.needW = m.snap.Chat, m.styles, nil, -1
	}
	return d
}

// sameChat reports whether a and b are the same messages: at once where
// they are the same list, as on every key between two snapshots, which
// read every message of it twice (chatPane, chatNeed).
func sameChat(a, b []rooms.ChatLine) bool {
	if len(a) == len(b) && unsafe.SliceData(a) == unsafe.SliceData(b) {
		return true
	}
	return slices.Equal(a, b)
}

func (m *Model) drawChatPane(w, h int) []string {
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
func (m *Model) helpLine() string {
	// What the keys read, but the chat while it is focused: a key that
	// changes none of it, as the idle keys between turns, neither lists
	// the keys again nor spells out their key (issue 22).
	var in helpInputs
	if !m.chat.Focused() {
		// The same snapshot and screen: the same facts, which are most of
		// reading a key between turns (room.BenchmarkIdleKey).
		q := helpQuick{m.snap, m.screenN, m.choosing, len(m.levels), len(m.waitingBots), m.width, m.styles}
		if m.drawnHelp.in.kept && m.drawnHelp.quick == q {
			return m.drawnHelp.line
		}
		defer func() { m.drawnHelp.quick = q }()
		in = helpInputs{kept: true, facts: m.helpFacts(), choosing: m.choosing, levels: len(m.levels),
			waitingBots: len(m.waitingBots), shown: m.shown, width: m.width, styles: m.styles, shared: true}
		if in.facts.mine { // the game's keys are listed
			if k, ok := m.screen.(keysNamed); ok {
				in.game, in.screen = m.snap.Room.Kind, k.KeysKey()
			} else {
				in.screen, in.shared = m.screenN, false
			}
		}
		if m.drawnHelp.in == in {
			return m.drawnHelp.line
		}
		if l, ok := helpByInputs.lookup(in); ok {
			// Drawn by another: the keys it spelled out are not kept.
			*m.drawnHelp = drawnHelp{in: in, line: l.line, width: l.width}
			return l.line
		}
	}
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
	split := m.shown && !m.facts.Over && !m.chat.Focused() // see splitHelp
	key := helpKey{k.String(), m.width, m.styles, split}
	if m.drawnHelp.key != key {
		l := helpLines.get(key, func() string {
			if line, ok := m.splitHelp(bs); ok {
				return line
			}
			return m.styles.KeyHelpFor(m.width).ShortHelpView(m.fitHelp(bs))
		})
		m.drawnHelp.key, m.drawnHelp.line, m.drawnHelp.width = key, l.line, l.width
	}
	m.drawnHelp.in = in
	if in.kept && in.shared {
		helpByInputs.put(in, sized{m.drawnHelp.line, m.drawnHelp.width})
	}
	return m.drawnHelp.line
}

// keysNamed is a game's Screen that names the keys it lists (Keys) with a
// number: two screens of a game with the same number list the same keys.
// Their help line is then the same for every session of the same inputs
// (helpByInputs), and a key of the decision that leaves the keys as they
// were (a cursor moved, a share typed) lists none of them again.
type keysNamed interface {
	KeysKey() uint64
}

// helpLines are the help lines drawn, shared by every session: a line
// depends only on its key, of which a game has a few dozen, and on a move
// the player whose decision comes and the one whose decision goes drew
// theirs again, half of drawing their screens (room.BenchmarkMove).
var helpLines = sharedLines[helpKey]{lines: map[helpKey]sized{}}

// helpByInputs are the help lines by what they were drawn from, where that
// names the game's keys (helpInputs.shared): every session of every room
// shares them, so that the seat whose decision comes or goes at a move,
// and the decision's own keys, find their line without listing the keys
// and spelling them out, most of what drawing a help line cost
// (room.BenchmarkMix).
var helpByInputs = sharedLines[helpInputs]{lines: map[helpInputs]sized{}}

// sharedLines is a map of lines drawn, with their widths, emptied when it
// holds more than sharedMax: keys come from a few keys' help, widths and
// styles, and from the rooms' headers.
type sharedLines[K comparable] struct {
	mu    sync.Mutex
	lines map[K]sized
}

const sharedMax = 4096

// get returns key's line, drawing it with draw, and measuring it, if it
// has none.
func (c *sharedLines[K]) get(key K, draw func() string) sized {
	if line, ok := c.lookup(key); ok {
		return line
	}
	line := draw()
	l := sized{line, layout.Width(line)}
	c.put(key, l)
	return l
}

// lookup returns key's line, if there is one.
func (c *sharedLines[K]) lookup(key K) (sized, bool) {
	c.mu.Lock()
	line, ok := c.lines[key]
	c.mu.Unlock()
	return line, ok
}

// put keeps line as key's.
func (c *sharedLines[K]) put(key K, line sized) {
	c.mu.Lock()
	if len(c.lines) >= sharedMax {
		clear(c.lines)
	}
	c.lines[key] = line
	c.mu.Unlock()
}

// splitHelp draws a game's key line in two parts: the keys of the moment
// on the left, and the room's keys that every turn has (chat, keys,
// leave) in the same cells on the right, whoever is to move. The line
// changes at every turn, from a decision's keys to the waiting player's
// and back: so only the left part is sent again (issue 22). ok is false
// outside a game in play, or where the two do not fit side by side.
func (m *Model) splitHelp(bs []key.Binding) (line string, ok bool) {
	if !m.shown || m.facts.Over || m.chat.Focused() { // helpLine's split
		return "", false
	}
	k := m.keys
	room := []key.Binding{With(k.Chat, "/", "chat"), k.Help, k.Back}
	var left, right []key.Binding
	for _, b := range bs {
		if slices.ContainsFunc(room, func(r key.Binding) bool { return r.Help() == b.Help() }) {
			right = append(right, b)
		} else {
			left = append(left, b)
		}
	}
	wide := m.styles.KeyHelpFor(0) // measured whole, not cut
	l, r := wide.ShortHelpView(left), wide.ShortHelpView(right)
	slot := lipgloss.Width(wide.ShortHelpView(room))
	gap := m.width - lipgloss.Width(l) - slot
	if gap < 3 {
		return "", false
	}
	return l + strings.Repeat(" ", gap) + r, true
}

// fitHelp drops from bs the room's keys that ? lists anyway, least needed
// first, until the line fits the screen: cut short, it would lose the
// game's keys or ? itself.
func (m *Model) fitHelp(bs []key.Binding) []key.Binding {
	wide := m.styles.KeyHelpFor(0) // measured whole, not cut
	for _, drop := range []key.Binding{m.keys.Back, m.keys.Leave, m.keys.Rules, m.keys.Log, With(m.keys.Chat, "/", "chat")} {
		if lipgloss.Width(wide.ShortHelpView(bs)) <= m.width {
			break
		}
		d := drop.Help()
		bs = slices.DeleteFunc(slices.Clone(bs), func(b key.Binding) bool { return b.Help() == d })
	}
	return bs
}

// drawnHelp is the help line last drawn, shared by a Model's copies.
type drawnHelp struct {
	in    helpInputs
	quick helpQuick
	key   helpKey
	line  string
	width int
}

// helpQuick is what helpInputs are read from: the snapshot and the screen
// (by its number, setScreen), the bot level being chosen, the size and the
// styles.
type helpQuick struct {
	snap                *rooms.Snapshot
	screen              uint64
	choosing            bool
	levels, waitingBots int
	width               int
	styles              *theme.Styles
}

// helpInputs is what shortHelp and helpLine read, the chat aside: what
// they read of the snapshot (and the facts taken from it), the game's keys
// where they are listed (by the game's kind and its screen's KeysKey, or
// else by the screen's number, setScreen), the bot level being chosen, the
// size and the styles. kept is false for a line drawn while the chat was
// focused; shared is false where the screen's number names the keys, which
// no other session's screen has. Not the snapshot itself: every move
// brings one, and the line of a player waiting for another's decision
// stays as it was (room.BenchmarkMoveOn).
type helpInputs struct {
	kept                bool
	facts               helpFacts
	game                string
	screen              uint64
	choosing            bool
	levels, waitingBots int
	shown               bool
	width               int
	styles              *theme.Styles
	shared              bool
}

// helpFacts is what shortHelp reads of the snapshot.
type helpFacts struct {
	snap, waiting, host, seated, over, rematch bool
	autopilot, mine, abandoned                 bool
}

func (m *Model) helpFacts() helpFacts {
	if m.snap == nil {
		return helpFacts{}
	}
	return helpFacts{snap: true, waiting: m.waiting(), host: m.snap.Host, seated: m.seated(), over: m.facts.Over,
		rematch: m.snap.Rematch != nil, autopilot: m.onAutopilot(), mine: m.myDecision(), abandoned: m.snap.Abandoned}
}

type helpKey struct {
	keys   string // each key's name, words and whether it is enabled
	width  int
	styles *theme.Styles
	split  bool // drawn in two parts (splitHelp)
}

// shortHelp is the keys that apply now, most useful first.
func (m *Model) shortHelp() []key.Binding {
	k := m.keys
	if m.chat.Focused() {
		return m.chat.KeyMap().ShortHelp()
	}
	chatKey := With(k.Chat, "/", "chat")
	log := k.Log // the log once there is a game to have one
	log.SetEnabled(m.shown)
	switch {
	case m.snap == nil:
		return []key.Binding{k.Back}
	case m.waiting() && m.choosing:
		// The numbers go on past the levels to the waiting bot accounts.
		return []key.Binding{With(k.Prev, "↑↓", "choose"), Hint(fmt.Sprintf("1–%d", len(m.levels)+len(m.waitingBots)), "level"),
			With(k.Confirm, "enter", "add bot"), With(k.Back, "esc", "cancel")}
	case m.waiting():
		var bs []key.Binding
		if m.snap.Host {
			bs = append(bs, k.AddBot, k.Kick, k.Start)
		}
		if !m.seated() {
			bs = append(bs, k.Sit)
		}
		return append(bs, chatKey, k.Help, k.Rules, k.Leave)
	case (!m.shown || m.facts.Over) && !m.seated():
		return []key.Binding{chatKey, log, k.Help, k.Rules, k.Leave}
	case !m.shown || m.facts.Over:
		if m.snap.Rematch != nil {
			return []key.Binding{k.Accept, k.Decline, chatKey, log, k.Help, k.Rules, k.Leave}
		}
		return []key.Binding{k.Rematch, chatKey, log, k.Help, k.Rules, k.Leave}
	case m.onAutopilot():
		return []key.Binding{k.TakeOver, chatKey, k.Help, k.Back}
	case !m.myDecision() && m.seated():
		// The log and the rules are left to ? while the decision is
		// another's: the keys of the player's decisions take their cells
		// at every turn, and drawing the one set over the other sent
		// the whole line twice a turn (issue 22).
		bs := []key.Binding{chatKey, k.Help, k.Back}
		if m.snap.Abandoned {
			bs = append([]key.Binding{k.VoteEnd}, bs...)
		}
		return bs
	case !m.myDecision():
		bs := []key.Binding{chatKey, k.Log, k.Help, k.Rules, k.Back}
		if m.snap.Abandoned && m.seated() {
			bs = append([]key.Binding{k.VoteEnd}, bs...)
		}
		return bs
	}
	bs := m.screen.Keys()
	if m.snap.Abandoned {
		bs = append(bs, k.VoteEnd)
	}
	bs = append(bs, chatKey, k.Help)
	// While the game's own keys give esc a meaning (leave a card's
	// choice), esc does only that: leaving takes it once more.
	if !slices.ContainsFunc(bs, func(b key.Binding) bool { return slices.Contains(b.Keys(), "esc") }) {
		bs = append(bs, k.Back)
	}
	return bs
}
