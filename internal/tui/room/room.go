package room

import (
	"context"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/rooms"
	"hotels/internal/tui/chat"
	"hotels/internal/tui/feed"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/theme"
)

// Table is what the screen needs of a room; *rooms.Room is one.
type Table interface {
	Subscribe(ctx context.Context, p rooms.Player) (<-chan *rooms.Snapshot, func(), error)
	Sit(ctx context.Context, p rooms.Player) error
	Stand(ctx context.Context, p rooms.Player) error
	AddBot(ctx context.Context, p rooms.Player, level string) error
	Kick(ctx context.Context, p rooms.Player, seat int) error
	Start(ctx context.Context, p rooms.Player) error
	Act(ctx context.Context, p rooms.Player, text string) error
	Chat(ctx context.Context, p rooms.Player, text string) error
	TakeOver(ctx context.Context, p rooms.Player) error
	VoteEnd(ctx context.Context, p rooms.Player) error
	Rematch(ctx context.Context, p rooms.Player) (*rooms.Room, error)
	DeclineRematch(ctx context.Context, p rooms.Player) error
}

var _ Table = (*rooms.Room)(nil)

// LeaveMsg tells the parent that the player left the room, or that the
// room let them go (closed, kicked); Notice says why, if the room said.
type LeaveMsg struct {
	Notice string
}

// RematchMsg tells the parent that the player left the finished game for
// its rematch, Room, where they have a seat.
type RematchMsg struct {
	Room *rooms.Room
}

// SnapshotMsg delivers a room snapshot. The screen's subscription sends
// them; a test may send one itself.
type SnapshotMsg struct {
	Snapshot *rooms.Snapshot
	sub      *subscription
}

// Discard ends the subscription that sent the snapshot: the parent drops a
// snapshot for a screen it has closed with it.
func (msg SnapshotMsg) Discard() tea.Cmd {
	if msg.sub == nil {
		return nil
	}
	return func() tea.Msg { msg.sub.End(); return nil }
}

// Messages owned by the screen.
type (
	// refusedMsg says the room could not be entered.
	refusedMsg struct{ err error }
	// doneMsg is the room's answer to a request: what was asked, in the
	// words of the status line, and the error if it was refused.
	doneMsg struct {
		what string
		err  error
	}
)

// visit is one stay on the screen: leaving cancels its context, which
// ends its subscription even before the first snapshot has come.
type visit struct {
	ctx    context.Context
	cancel context.CancelFunc
}

// subscription is the visit's Subscribe: its mailbox, and how to end it.
type subscription struct {
	*feed.Feed[*rooms.Snapshot]
	visit *visit
}

// watch delivers every snapshot of s until the visit or the session
// ends (which ends the subscription), or the subscription does. The
// program's event loop watches the mailbox (tea.Watch): no goroutine waits
// on it for every player in a room.
func (s *subscription) watch() tea.Cmd {
	return tea.Watch(s.Mailbox(), s.Ended(), func(snap *rooms.Snapshot) tea.Msg {
		if snap == nil || !s.Live() {
			return nil
		}
		return SnapshotMsg{Snapshot: snap, sub: s}
	})
}

// Model is the room screen.
type Model struct {
	ctx    context.Context // the session's, for requests
	visit  *visit
	table  Table
	player rooms.Player
	id     string // the room's ID, shown until the first snapshot

	styles    *theme.Styles
	keys      *KeyMap      // shared and never changed: by value it was most of the model, which Update copies
	chat      *chat.Model  // by pointer: Update copies the model
	layout    *layout.Memo // the game screen's last layout, shared by the Model's copies
	drawnHelp *drawnHelp
	drawn     *drawnGame // the game's screen last drawn, shared by the Model's copies
	parts     *drawnParts
	last      *shownFrame // the frame last drawn, shared by the Model's copies
	hold      *hold       // a decision on its way, while the screen keeps last; see hold.go
	alerts    uint64      // the news that may call the player back, counted; see Alerts

	sub  *subscription
	snap *rooms.Snapshot

	screens Screens
	screen  Screen // the game's own screen, once the room's game is known; nil for a game without one; see setScreen
	screenN uint64 // screen's number; see setScreen
	shown   bool   // screen shows snap.Game; false while waiting
	facts   Facts  // screen's facts while shown

	status    string // the last answer or problem, in words
	problem   bool   // status is a problem, not news
	busy      bool   // a request is on its way
	kicking   bool   // x was pressed: a seat number is due
	leaving   bool   // esc was pressed once during the game
	ending    bool   // V was pressed once, and the player's vote would end the game
	showHelp  bool
	helpPager Pager
	reading   bool // the rules page is open
	rules     Page

	// mine is whether the decision due was the player's in the last
	// snapshot, and own the Seq of the player's own last event then: when
	// the decision becomes theirs, or is theirs again after others moved
	// (the snapshots in between may be dropped: latest wins), recap holds
	// what the others did since the player's own last move, shown while
	// they decide, until a key not the decision's.
	mine     bool
	own      uint64
	recap    []rooms.Event
	showLog  bool // L opened the game's log
	logPager Pager

	levels   []BotLevel // the bot levels the host may seat, weakest first
	choosing bool       // b was pressed: the host is choosing a bot's level
	levelAt  int        // the level under the chooser's cursor (then the accounts)
	// Issue 24: the bot accounts waiting for this game, which the chooser
	// lists after the levels (as of opening it), and how to seat one.
	accounts    func() []string
	invite      func(ctx context.Context, name string) error
	waitingBots []string

	clock   func() time.Time // the time; tests fix it
	now     time.Time        // as of the last snapshot or tick, for View
	tickID  int64            // the running countdown's; see tickMsg
	tickFor time.Time        // the deadline it counts to; zero for none

	width, height int
}

// New returns the screen of the room id, reached through table, for player;
// screens gives the room's game its own screen. ctx is the session's:
// requests and the subscription end with it. Init subscribes.
func New(ctx context.Context, table Table, id string, player rooms.Player, styles *theme.Styles, screens Screens) Model {
	vctx, cancel := context.WithCancel(ctx)
	k := &held{visit: visit{ctx: vctx, cancel: cancel}, chat: chat.New(styles)}
	m := Model{
		ctx: ctx, visit: &k.visit,
		table: table, player: player, id: id, screens: screens,
		keys:      &defaultKeys,
		chat:      &k.chat,
		layout:    &k.layout,
		drawnHelp: &k.help,
		drawn:     &k.game,
		parts:     &k.parts,
		last:      &k.last,
		clock:     time.Now,
	}
	m.SetStyles(styles)
	return m
}

// held is what a Model and its copies share for as long as the screen is
// open, made as one object: the collector marks one, not six, for every
// player in a room (issue 22).
type held struct {
	visit  visit
	chat   chat.Model
	layout layout.Memo
	help   drawnHelp
	game   drawnGame
	parts  drawnParts
	last   shownFrame
}

// BotLevel is a level of bots the host may seat: its ID, and how such a
// bot plays, in words ("random legal moves"), as the game's bots say.
type BotLevel struct {
	ID, How string
}

// SetBotLevels sets the levels the host may seat bots at, weakest first:
// with more than one, b opens a chooser; with none, the room seats its
// default level.
func (m *Model) SetBotLevels(levels []BotLevel) {
	m.levels = append([]BotLevel(nil), levels...)
	m.levelAt = len(levels) / 2 // the middle level until the host picks one
}

// SetBotAccounts lets the host seat the bot accounts waiting for games
// (issue 24) from the bot chooser: waiting lists them, invite seats one.
func (m *Model) SetBotAccounts(waiting func() []string, invite func(ctx context.Context, name string) error) {
	m.accounts, m.invite = waiting, invite
}

// SetStyles changes the screen's styles.
func (m *Model) SetStyles(s *theme.Styles) {
	m.release() // the frame held is in the old styles
	m.styles = s
	if m.screen != nil {
		m.setScreen(m.screen.SetStyles(s))
	}
	m.chat.SetStyles(s)
}

// SetSize tells the screen how much room it has.
func (m *Model) SetSize(width, height int) {
	m.release() // the frame held is of the old size
	m.width, m.height = width, height
	// The input scrolls to keep the end of what is typed in sight: it
	// must know its width, which the chat pane's is (feed).
	cw := width
	if width >= wideScreen {
		cw = width - 2 - (width-2)/2
	}
	m.chat.SetSize(cw, height)
}

// Init subscribes to the room and waits for its first snapshot.
func (m *Model) Init() tea.Cmd {
	v, table, p := m.visit, m.table, m.player
	return func() tea.Msg {
		ch, stop, err := table.Subscribe(v.ctx, p)
		if err != nil {
			return refusedMsg{err: err}
		}
		return (&subscription{Feed: feed.New(v.ctx, ch, stop), visit: v}).watch()()
	}
}

// Update handles keys, snapshots and the room's answers: Handle, on a
// copy of m.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	cmd := m.Handle(msg)
	return m, cmd
}

// Handle is Update in place. The session holds its room screen by
// pointer and updates it with Handle: Update copied the screen's model,
// 656 bytes, in and out at every message, and its methods each copied it
// again on every call (issue 22).
func (m *Model) Handle(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case refusedMsg:
		notice := "Could not enter room " + m.id + ": " + explain(msg.err)
		return m.leave(notice)
	case SnapshotMsg:
		if msg.sub != nil {
			if msg.sub.visit != m.visit {
				return msg.Discard() // for another stay on this screen
			}
			m.sub = msg.sub
		}
		cmd := m.setSnapshot(msg.Snapshot)
		m.answered()
		return cmd
	case doneMsg:
		m.busy = false
		if msg.err != nil {
			m.say(explain(msg.err), true)
		} else if msg.what != "" {
			m.say(msg.what, false)
		}
		m.answered()
		return nil
	case holdMsg:
		if msg.h == m.hold {
			m.release() // the room is slow: the key's effect shows meanwhile
		}
		return nil
	case tickMsg:
		return m.onTick(msg)
	case chat.SendMsg:
		table, p := m.table, m.player // not m, which the closure would move to the heap on every message
		return m.request("", func(ctx context.Context) error { return table.Chat(ctx, p, msg.Text) })
	case tea.KeyPressMsg:
		m.release() // every key is answered on the screen
		return m.key(msg)
	}
	var cmd tea.Cmd
	*m.chat, cmd = m.chat.Update(msg)
	return cmd
}

// setSnapshot shows a new snapshot.
func (m *Model) setSnapshot(snap *rooms.Snapshot) tea.Cmd {
	if snap == nil {
		return nil
	}
	if snap.Closed {
		notice := snap.Notice
		if notice == "" {
			notice = "The room " + m.id + " was closed."
		}
		return m.leave(notice)
	}
	wasWaiting := m.snap != nil && m.waiting()
	first := m.snap == nil
	m.snap = snap
	m.id = snap.Room.ID
	if m.screen == nil && m.screens != nil {
		s, _ := m.screens(snap.Room.Kind, m.styles)
		m.setScreen(s)
	}
	m.shown = false
	if m.screen != nil && snap.Game != nil {
		var s Screen
		s, m.shown = m.screen.Show(snap.Game)
		m.setScreen(s)
	}
	was := m.facts
	m.facts = Facts{}
	if m.shown {
		m.facts = m.screen.Facts()
	}
	if m.status != "" && !m.busy && (was.Due != m.facts.Due || was.Over != m.facts.Over) {
		// The answer to a key was about the decision then due: under the
		// next one, or the final standings, it would mislead.
		m.say("", false)
		m.leaving, m.kicking = false, false
	}
	if snap.Notice != "" {
		m.say(snap.Notice, false)
	}
	m.chat.SetLines(snap.Chat)
	m.now = m.clock()
	tick := m.armTick()
	mine := m.myDecision()
	var since []rooms.Event // read only when the decision is the player's
	if mine {
		since = sinceMine(snap.Log, snap.You)
	}
	own := ownLast(snap.Log, snap.You)
	switch {
	case mine && (!m.mine || own != m.own && othersMoved(since, snap.You, true)):
		// On arrival too: a player who comes (back) when their turn is
		// due reads what happened since their own last move; the bell is
		// for a turn that comes back while they are here, not for a throw
		// of the dice within their own.
		m.recap = since
		if !first && (!m.mine || othersMoved(since, snap.You, false)) {
			m.alerts++
		}
	case !mine:
		m.recap = nil
	}
	m.own = own
	if wasWaiting && m.shown && m.seated() && !mine {
		m.alerts++
	}
	m.mine = mine
	return tick
}

// Alerts counts the news that may call the player back to this window
// (their turn come back while they are here, the game they sat down to
// wait for started), as of the frame the screen shows: the session rings
// the terminal's bell once for each change (tea.View.Bell), in the write
// of the frame that shows the news, not in a write of its own (issue 22).
// News that comes while a decision is on its way waits for the frame
// after the hold (hold.go).
func (m *Model) Alerts() uint64 {
	if m.hold != nil {
		return m.hold.alerts
	}
	return m.alerts
}

// Title is the window's title for this screen: whether the move is the
// player's, so that a player in another window sees when it is theirs.
// Who else is to move is on the screen: named in the title, it was sent
// again at every move of every game, 8 to 20 bytes a player (issue 22).
// It keeps to ASCII
// besides the names: with an em dash in the title, the terminal emulator
// of the end-to-end tests (x/vt) lost the lines drawn after it. While a
// decision is on its way it is the title shown, as the lines are (hold.go).
func (m *Model) Title() string {
	if m.hold != nil {
		return m.last.title
	}
	t := m.title()
	if m.last != nil {
		m.last.title = t
	}
	return t
}

func (m *Model) title() string {
	switch {
	case m.snap == nil:
		return "Hotels"
	case m.waiting():
		return "Hotels: waiting for players"
	case !m.shown:
		return m.gameTitle()
	case m.facts.Over:
		return "Hotels: game over"
	case m.myDecision():
		return "Hotels: your turn"
	}
	return m.gameTitle()
}

// gameTitle is the title that names the room's game: the one last shown
// if it is that, not a new string at every frame of the players who wait.
func (m *Model) gameTitle() string {
	const lead = "Hotels: "
	game := m.snap.Room.Game
	if f := m.last; f != nil && len(f.title) == len(lead)+len(game) && strings.HasPrefix(f.title, lead) && strings.HasSuffix(f.title, game) {
		return f.title
	}
	return lead + game
}

// leave ends the visit and its subscription, and tells the parent.
func (m *Model) leave(notice string) tea.Cmd {
	v, sub := m.visit, m.sub
	return func() tea.Msg {
		v.cancel()
		if sub != nil {
			sub.End()
		}
		return LeaveMsg{Notice: notice}
	}
}

// request runs f against the room in a command; what is the status line's
// news when the room agrees ("" for none).
func (m *Model) request(what string, f func(ctx context.Context) error) tea.Cmd {
	m.busy = true
	ctx := m.ctx
	return func() tea.Msg { return doneMsg{what: what, err: f(ctx)} }
}

// act sends a decision as its action text.
func (m *Model) act(text string) tea.Cmd {
	if m.busy {
		m.say("Wait a moment: your last move is still on its way.", true)
		return nil
	}
	m.say("", false)
	table, p := m.table, m.player
	send := m.request("", func(ctx context.Context) error { return table.Act(ctx, p, text) })
	bound := m.holdFrame()
	return tea.Batch(send, bound)
}

// say sets the status line.
func (m *Model) say(text string, problem bool) {
	m.status, m.problem = text, problem
}

// seated reports whether the player has a seat at the table.
func (m *Model) seated() bool { return m.snap != nil && m.snap.You >= 0 }

// key handles a key press.
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	if m.chat.Focused() {
		var cmd tea.Cmd
		*m.chat, cmd = m.chat.Update(msg)
		return cmd
	}
	if m.showHelp {
		var scrolled bool
		m.helpPager, scrolled = m.helpPager.Key(msg, len(m.helpLines()), m.height)
		m.showHelp = scrolled // any other key closes the key list
		return nil
	}
	if m.reading {
		m.rules, m.reading = m.rules.Key(msg, m.height)
		return nil
	}
	if m.showLog {
		return m.logKey(msg)
	}
	k := pressed{msg, msg.String()}
	if len(m.recap) > 0 && key.Matches(k, m.keys.Back) {
		m.recap = nil // esc hides the recap and does nothing else
		return nil
	}
	// The recap stays while the player decides, the decision's keys
	// played under it (gameKey): hiding it at the first key and drawing
	// the events back was the most a turn sent. Any other key hides it.
	read := m.recap
	m.recap = nil
	if m.snap == nil {
		if key.Matches(k, m.keys.Back) {
			return m.leave("")
		}
		return nil
	}
	leaving, ending := m.leaving, m.ending
	m.leaving, m.ending = false, false
	if m.status != "" && !m.busy {
		m.say("", false)
	}
	if m.shown && key.Matches(k, m.keys.Log) {
		m.showLog, m.logPager = true, AtEnd()
		return nil
	}
	switch {
	case m.waiting():
		return m.waitingKey(k)
	case !m.shown || m.facts.Over:
		return m.finalKey(k)
	}
	return m.gameKey(k, leaving, ending, read)
}

// pressed is a key pressed, with its name: key.Matches names the key it is
// given on every call, and a key between turns went through a dozen of
// them (room.BenchmarkIdleKey).
type pressed struct {
	tea.KeyPressMsg
	name string
}

func (k pressed) String() string { return k.name }

// common handles the keys every part of the screen shares; ok is false if
// k is not one of them.
func (m *Model) common(k pressed, chatKey bool) (tea.Cmd, bool) {
	switch {
	case key.Matches(k, m.keys.Help):
		m.showHelp, m.helpPager = true, Pager{}
		return nil, true
	case key.Matches(k, m.keys.Rules):
		m.openRules()
		return nil, true
	case k.String() == "/" || (chatKey && key.Matches(k, m.keys.Chat)):
		return m.chat.Open(), true
	}
	return nil, false
}

// openRules opens the rules page of the room's game, with the room's
// options.
func (m *Model) openRules() {
	if m.screen == nil {
		m.say("This server has no rules page for "+m.snap.Room.Game+".", true)
		return
	}
	m.rules, m.reading = NewPage(m.screen.Rules(), RoomChoices(m.snap.Room)), true
}

// Lines draws the screen for its size, as lines: the session hands them to
// Bubble Tea as they are (tea.View.Lines). The game screen, drawn on every
// move and key, is laid out in lines (layout.Memo.Lines); the others (the
// keys, rules and log pages, the waiting room, the final standings), far
// fewer frames, are made as one string and cut here. The lines are never
// changed after: the renderer keeps them as its last frame. While a
// decision is on its way they are the lines shown when it went (hold.go).
func (m *Model) Lines() []string {
	if m.hold != nil {
		return m.last.lines
	}
	lines := m.lines()
	if m.last != nil {
		m.last.lines = lines
	}
	return lines
}

func (m *Model) lines() []string {
	var s string
	switch {
	case m.snap == nil:
		s = m.styles.Subtle.Render("Entering room " + m.id + "...")
	case m.showHelp:
		s = m.helpView()
	case m.reading:
		s = m.rules.View(m.styles, m.width, m.height)
	case m.showLog:
		s = m.logView()
	case m.waiting():
		s = m.waitingView()
	case !m.shown || m.facts.Over:
		s = m.finalView()
	case m.snap.Memo != nil && m.atRest():
		return m.snap.Memo.Draw(m.restKey(), m.gameView)
	default:
		return m.gameView()
	}
	return strings.Split(s, "\n")
}

// View is the screen as one string, its Lines joined: what tests compare
// with golden files, and what the admins' watch screen sets beside its
// panel.
func (m Model) View() string { return strings.Join(m.Lines(), "\n") }

// atRest reports whether the game screen shows nothing of this session's
// own: a watcher with no answer on the status line, nothing typed and no
// request on its way. Such screens differ only by restKey, so the room's
// watchers share them through the snapshot's Memo.
func (m *Model) atRest() bool {
	return !m.seated() && m.status == "" && !m.busy && !m.kicking && !m.leaving &&
		!m.chat.Focused() && !m.screen.Composing()
}

// waiting reports whether the room waits for its game to start.
func (m *Model) waiting() bool {
	return m.snap.Game == nil && m.snap.Room.Status == rooms.Waiting
}

// myDecision reports whether the decision due is the player's own.
func (m *Model) myDecision() bool {
	return m.shown && m.seated() && !m.facts.Over && m.facts.ToMove == m.snap.You && !m.onAutopilot()
}

// at is what the game's screen is told of the table.
func (m *Model) at() At {
	at := At{You: m.snap.You, Mine: m.myDecision(), Times: m.times(), Countdown: m.countdown()}
	if d := m.parts; d != nil && d.tagsSnap == m.snap && len(d.tags) == len(m.facts.Names) {
		at.Tags = d.tags // the snapshot's, made once: at is asked for on every key and frame
		return at
	}
	if n := len(m.facts.Names); n > 0 {
		var buf [8]string // made on the stack: a move most often leaves the tags as they were
		tags := buf[:0]
		for i := range n {
			tags = append(tags, seatTag(m.snap, i))
		}
		if d := m.parts; d != nil && slices.Equal(d.tags, tags) {
			at.Tags = d.tags
		} else {
			at.Tags = slices.Clone(tags)
		}
	}
	if d := m.parts; d != nil {
		d.tagsSnap, d.tags = m.snap, at.Tags
	}
	return at
}

// restKey is what a game screen at rest depends on besides the snapshot.
type restKey struct {
	w, h   int
	styles *theme.Styles
	left   int // the countdown's seconds, which run between snapshots
}

func (m *Model) restKey() restKey {
	return restKey{m.width, m.height, m.styles, seconds(m.timeLeft())}
}
