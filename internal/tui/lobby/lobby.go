package lobby

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/tui/feed"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/theme"
)

// Service is what the screen needs of the lobby; *rooms.Lobby is one.
type Service interface {
	Subscribe() (<-chan *rooms.LobbySnapshot, func())
	// Kinds lists the games hosted, the default first.
	Kinds() []engine.Kind
	Create(ctx context.Context, host rooms.Player, s rooms.Settings) (*rooms.Room, error)
	QuickPlay(ctx context.Context, p rooms.Player) (*rooms.Room, error)
	// Find returns the room p names by its id or invite code: a private
	// room by its id only for its members (rooms.Lobby.Find).
	Find(ctx context.Context, p rooms.Player, idOrCode string) (*rooms.Room, error)
	// Seek puts p in the ranked queue; the channel gets the room of the
	// table formed, with p seated and the game started, and leave takes
	// p out of the queue at once.
	Seek(ctx context.Context, p rooms.Player, game, rules string, min, max int) (found <-chan *rooms.Room, leave func() bool, err error)
	// Seeking counts the players in the ranked queue, and Matching is
	// how it forms tables.
	Seeking() int
	Matching() rooms.Matching
}

var _ Service = (*rooms.Lobby)(nil)

// EnterMsg hands the parent a room the player is now in: seated, unless
// Watch.
type EnterMsg struct {
	Room  *rooms.Room
	Watch bool
}

// SnapshotMsg delivers a lobby snapshot. The screen's subscription sends
// them; a test may send one itself.
type SnapshotMsg struct {
	Snapshot *rooms.LobbySnapshot
	sub      *subscription
}

// HistoryMsg asks the parent to show the player's recent games.
type HistoryMsg struct{}

// LeaderboardMsg asks the parent to show the leaderboard.
type LeaderboardMsg struct{}

// ProfileMsg asks the parent to show the player's own profile.
type ProfileMsg struct{}

// BellMsg asks the parent to turn the player's bell on if it is off, or
// off if it is on.
type BellMsg struct{}

// failedMsg is a way into a room that did not work, in words.
type failedMsg struct{ text string }

// visit is one stay on the screen, from Init to Stop: stopping cancels its
// context, which ends its subscription even before the first snapshot.
type visit struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func newVisit(ctx context.Context) *visit {
	vctx, cancel := context.WithCancel(ctx)
	return &visit{ctx: vctx, cancel: cancel}
}

// subscription is a visit's Subscribe: its mailbox, and how to end it.
type subscription struct {
	*feed.Feed[*rooms.LobbySnapshot]
	visit *visit
}

// watch delivers every snapshot of s until the visit or the session ends
// (which ends the subscription), or the subscription does. The program's
// event loop watches the mailbox (tea.Watch), as the room screen's does:
// no goroutine waits on it for every player in the lobby.
func (s *subscription) watch() tea.Cmd {
	return tea.Watch(s.Mailbox(), s.Ended(), func(snap *rooms.LobbySnapshot) tea.Msg {
		if snap == nil || !s.Live() {
			return nil
		}
		return SnapshotMsg{Snapshot: snap, sub: s}
	})
}

// discard ends sub in a command.
func discard(sub *subscription) tea.Cmd {
	return func() tea.Msg { sub.End(); return nil }
}

// mode is what the screen is showing.
type mode int

const (
	listing mode = iota
	creating
	typingCode
	choosingRanked // the ranked form
	seeking        // in the ranked queue
)

// Model is the lobby screen.
type Model struct {
	ctx    context.Context
	svc    Service
	player rooms.Player
	styles *theme.Styles
	keys   *KeyMap // every session's, never changed (DefaultKeyMap)
	// code is the invite code's input while the player types one, and nil
	// otherwise: a text input is 8 KB a session (docs/capacity.md).
	code *textinput.Model

	visit    *visit
	sub      *subscription
	snap     *rooms.LobbySnapshot
	selected string // the selected room's ID, kept across snapshots
	mode     mode
	form     form
	ranked   rankedForm
	ratings  Ratings
	clock    func() time.Time

	// The ranked queue while the player is in it: when they joined, the
	// time as of the last tick, and the players seeking then.
	seek      *seek
	seekSince time.Time
	now       time.Time
	seeking   int
	showHelp  bool
	busy      bool
	status    string
	problem   bool

	width, height int
}

// New returns the lobby screen for player. ctx is the session's: requests
// and the subscription end with it. Init subscribes.
func New(ctx context.Context, svc Service, player rooms.Player, styles *theme.Styles) Model {
	m := Model{ctx: ctx, visit: newVisit(ctx), svc: svc, player: player, keys: &defaultKeys, clock: time.Now}
	m.SetStyles(styles)
	return m
}

// newCode returns an empty input for an invite code, in the screen's styles.
func (m Model) newCode() *textinput.Model {
	code := theme.NewInput()
	code.Prompt = "Invite code: "
	code.Placeholder = "e.g. x7hm2pq4kd"
	code.CharLimit = 12
	code.KeyMap.Paste.SetEnabled(false) // that would read the server's clipboard
	code.SetStyles(m.styles.Input)
	return code
}

// SetStyles changes the screen's styles.
func (m *Model) SetStyles(s *theme.Styles) {
	m.styles = s
	if m.code != nil {
		m.code.SetStyles(s.Input)
	}
}

// SetSize tells the screen how much room it has.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
}

// SetRatings lets the screen show the player's rating while they wait for
// a ranked table; without it the wait shows none.
func (m *Model) SetRatings(r Ratings) { m.ratings = r }

// SetNotice shows text in the status line: why the player is back from a
// room, for instance.
func (m *Model) SetNotice(text string) { m.status, m.problem = text, false }

// Init subscribes to the lobby, whose mailbox the program then watches,
// starting a stay on the screen if Stop ended the last.
func (m *Model) Init() tea.Cmd {
	if m.visit == nil {
		m.visit = newVisit(m.ctx)
	}
	v, svc := m.visit, m.svc
	return func() tea.Msg {
		ch, stop := svc.Subscribe()
		return (&subscription{Feed: feed.New(v.ctx, ch, stop), visit: v}).watch()()
	}
}

// Stop ends the subscription while the player is in a room; Init starts
// another, whose first snapshot is the lobby as it is then. The last
// snapshot is let go meanwhile: it lists every room and every name
// online, and a server full of games kept one for each of its players
// (docs/capacity.md). The subscription ends here, not in a command: the
// program's event loop then no longer watches its mailbox when the room
// screen's watch comes, which it takes on (a watch given while another is
// watched would run on a goroutine of its own); its command is nil.
func (m Model) Stop() (Model, tea.Cmd) {
	if m.visit != nil {
		m.visit.cancel()
	}
	if m.sub != nil {
		m.sub.End()
	}
	// The next stay's visit is made by Init: a player in a room held one
	// that no one used (issue 22).
	m.visit, m.sub, m.busy, m.snap = nil, nil, false, nil
	return m, nil
}

// Join is the way into the room with that ID or invite code: a seat, or a
// watcher's place if watch. Its result is an EnterMsg, or the reason in
// the status line.
func (m Model) Join(idOrCode string, watch bool) tea.Cmd {
	ctx, svc, p := m.ctx, m.svc, m.player
	return func() tea.Msg {
		r, err := svc.Find(ctx, p, idOrCode)
		switch {
		case errors.Is(err, rooms.ErrNoRoom):
			return failedMsg{fmt.Sprintf("There is no room %q: check the code and try again.", sanitize.Line(idOrCode))}
		case errors.Is(err, rooms.ErrTooManyMisses):
			return failedMsg{"Too many look-ups found nothing: wait a minute and try again."}
		case err != nil:
			return failedMsg{"Could not look for that room: " + explain(err)}
		}
		if !watch {
			switch err := r.Sit(ctx, p); {
			case errors.Is(err, rooms.ErrStarted), errors.Is(err, rooms.ErrRoomFull):
				return failedMsg{"Room " + r.ID + ": " + explain(err) + " Press w to watch it."}
			case err != nil:
				return failedMsg{"Room " + r.ID + ": " + explain(err)}
			}
		}
		return EnterMsg{Room: r, Watch: watch}
	}
}

// Update handles keys, snapshots and the results of requests.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case SnapshotMsg:
		if msg.sub != nil {
			if msg.sub.visit != m.visit || (m.sub != nil && msg.sub != m.sub) {
				return m, discard(msg.sub) // from a stay that has ended, or a second one
			}
			m.sub = msg.sub
		}
		if msg.Snapshot == nil {
			return m, nil
		}
		m.snap = msg.Snapshot
		if m.selectedIndex() < 0 && len(m.snap.Rooms) > 0 {
			m.selected = m.snap.Rooms[0].ID
		}
		return m, nil
	case failedMsg:
		m.busy = false
		m.status, m.problem = msg.text, true
		return m, nil
	case EnterMsg:
		m.busy = false
		m.form = form{} // n makes another: a player in a room held the last (issue 22)
		if m.mode != seeking || m.seek == nil {
			m.mode = listing
			return m, nil
		}
		s := m.seek // the ranked table formed
		m.mode, m.seek = listing, nil
		return m, func() tea.Msg { s.cancel(); return nil }
	case seekingMsg, seekTickMsg:
		return m.updateSeek(msg)
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	if m.mode == typingCode {
		var cmd tea.Cmd
		*m.code, cmd = m.code.Update(msg)
		return m, cmd
	}
	return m, nil
}

// selectedIndex returns the index of the selected room, or -1.
func (m Model) selectedIndex() int {
	if m.snap == nil {
		return -1
	}
	for i, r := range m.snap.Rooms {
		if r.ID == m.selected {
			return i
		}
	}
	return -1
}

func (m Model) key(k tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.showHelp {
		m.showHelp = false
		return m, nil
	}
	switch m.mode {
	case creating:
		return m.formKey(k)
	case typingCode:
		return m.codeKey(k)
	case choosingRanked:
		return m.rankedFormKey(k)
	case seeking:
		return m.seekingKey(k)
	}
	if m.busy && !key.Matches(k, m.keys.Quit) {
		return m, nil
	}
	m.status, m.problem = "", false
	i := m.selectedIndex()
	switch {
	case key.Matches(k, m.keys.Quit):
		return m, tea.Quit
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
	case key.Matches(k, m.keys.Up):
		if i > 0 {
			m.selected = m.snap.Rooms[i-1].ID
		}
	case key.Matches(k, m.keys.Down):
		if m.snap != nil && i+1 < len(m.snap.Rooms) {
			m.selected = m.snap.Rooms[i+1].ID
		}
	case key.Matches(k, m.keys.Join), key.Matches(k, m.keys.Watch):
		watch := key.Matches(k, m.keys.Watch)
		if i < 0 {
			m.status, m.problem = "No room is open: press n to create one, or p for quick play.", true
			return m, nil
		}
		if r := m.snap.Rooms[i]; r.Status == rooms.Over && !watch {
			m.status, m.problem = "The game in room "+r.ID+" is over: press w to see its end, or n for a new room.", true
			return m, nil
		}
		m.busy = true
		return m, m.Join(m.selected, watch)
	case key.Matches(k, m.keys.QuickPlay):
		m.busy = true
		ctx, svc, p := m.ctx, m.svc, m.player
		return m, func() tea.Msg {
			r, err := svc.QuickPlay(ctx, p)
			if err != nil {
				return failedMsg{"Quick play: " + explain(err)}
			}
			return EnterMsg{Room: r}
		}
	case key.Matches(k, m.keys.Create):
		if len(m.svc.Kinds()) == 0 {
			m.status, m.problem = "No game can be hosted right now.", true
			return m, nil
		}
		m.form, m.mode = newForm(m.svc.Kinds(), 0), creating
	case key.Matches(k, m.keys.Ranked):
		if len(m.svc.Kinds()) == 0 {
			m.status, m.problem = "No game can be played ranked right now.", true
			return m, nil
		}
		if m.ranked.kinds == nil { // else the last choice, as the player left it
			m.ranked = newRankedForm(m.svc.Kinds(), 0)
		}
		m.mode = choosingRanked
	case key.Matches(k, m.keys.History):
		return m, func() tea.Msg { return HistoryMsg{} }
	case key.Matches(k, m.keys.Leaderboard):
		return m, func() tea.Msg { return LeaderboardMsg{} }
	case key.Matches(k, m.keys.Profile):
		return m, func() tea.Msg { return ProfileMsg{} }
	case key.Matches(k, m.keys.Bell):
		return m, func() tea.Msg { return BellMsg{} }
	case key.Matches(k, m.keys.Code):
		m.mode = typingCode
		m.code = m.newCode()
		return m, m.code.Focus()
	}
	return m, nil
}

func (m Model) formKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.busy {
		return m, nil
	}
	m.status, m.problem = "", false
	switch {
	case key.Matches(k, m.keys.Cancel):
		m.mode = listing
	case key.Matches(k, m.keys.Submit):
		s := m.form.settings()
		m.busy = true
		ctx, svc, p := m.ctx, m.svc, m.player
		return m, func() tea.Msg {
			r, err := svc.Create(ctx, p, s)
			if err != nil {
				return failedMsg{"Could not create the room: " + explain(err)}
			}
			return EnterMsg{Room: r}
		}
	default:
		m.form = moveIn(m.keys, k, m.form)
	}
	return m, nil
}

func (m Model) codeKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.busy {
		return m, nil
	}
	switch k.String() {
	case "esc":
		m.mode, m.code = listing, nil
		return m, nil
	case "enter":
		code := strings.TrimSpace(m.code.Value())
		if code == "" {
			m.status, m.problem = "Type the invite code a friend gave you.", true
			return m, nil
		}
		m.mode, m.code = listing, nil
		m.busy = true
		return m, m.Join(code, false)
	}
	m.status, m.problem = "", false
	var cmd tea.Cmd
	*m.code, cmd = m.code.Update(k)
	return m, cmd
}

// explain puts an error from the lobby or a room into words.
func explain(err error) string {
	for _, f := range []struct {
		err  error
		text string
	}{
		{rooms.ErrRoomFull, "every seat is taken."},
		{rooms.ErrStarted, "the game has already started."},
		{rooms.ErrRoomClosed, "the room is closed."},
		{rooms.ErrSaveFailed, "the server could not save that; try again."},
		{context.Canceled, "the server did not answer in time; try again."},
		{context.DeadlineExceeded, "the server did not answer in time; try again."},
	} {
		if errors.Is(err, f.err) {
			return f.text
		}
	}
	// The lobby's other refusals are written for players; a game's start
	// with its name ("acquire: hand=redraw ..."), which goes.
	s := err.Error()
	if name, rest, ok := strings.Cut(s, ": "); ok && name != "" && strings.Trim(name, "abcdefghijklmnopqrstuvwxyz") == "" {
		s = rest
	}
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// fullHelp lists every key in its groups, as many groups side by side as
// the screen's width holds and the rest under them: cut at the edge, an
// 80-column screen lost the bell, ? and q.
func (m Model) fullHelp() string {
	hm := m.styles.KeyHelpFor(0) // measured whole, not cut
	var rows []string
	var row [][]key.Binding
	for _, g := range m.keys.FullHelp() {
		if len(row) > 0 && lipgloss.Width(hm.FullHelpView(append(row, g))) > m.width {
			rows, row = append(rows, hm.FullHelpView(row)), nil
		}
		row = append(row, g)
	}
	rows = append(rows, hm.FullHelpView(row))
	return strings.Join(rows, "\n\n")
}

// View draws the screen.
func (m Model) View() string {
	w, h := m.width, m.height
	if m.showHelp {
		return m.styles.Title.Render("Keys") + "\n\n" + m.fullHelp() + "\n\n" +
			m.styles.Subtle.Render("Press any key to go back.")
	}
	online, playing := 0, 0
	if m.snap != nil {
		online, playing = len(m.snap.Online), m.snap.Playing
	}
	life := fmt.Sprintf("%s · %d online · %s in progress", m.player.Name, online, fmt.Sprintf("%d %s", playing, plural(playing, "game")))
	out := []string{spread(m.styles.Title.Render("Hotels")+"  lobby", m.styles.Subtle.Render(life), w), ""}
	switch m.mode {
	case creating:
		out = append(out, m.formView()...)
	case choosingRanked:
		out = append(out, m.rankedFormView()...)
	case seeking:
		out = append(out, m.seekingView()...)
	default:
		out = append(out, m.roomList(h-12)...)
		out = append(out, "", m.styles.Subtle.Render(m.rankedLine(w)), "")
		out = append(out, m.onlineView(w, 3)...)
	}
	status := ""
	switch {
	case m.mode == typingCode:
		status = m.code.View()
	case m.status != "" && m.problem:
		status = m.styles.Error.Render(m.status)
	case m.status != "":
		status = m.styles.Notice.Render(m.status)
	case m.busy:
		status = m.styles.Subtle.Render("One moment...")
	}
	for len(out) < h-2 {
		out = append(out, "")
	}
	out = append(out[:min(len(out), h-2)], status, m.helpLine(w))
	return layout.Screen(out, w, h)
}

// helpLine is the key line of the screen's mode, w cells wide. It depends
// on nothing else, the keys being every session's, so each is drawn once
// for every session: help.ShortHelpView measures and styles every key,
// which was a third of drawing the lobby (BenchmarkView), and every lobby
// session draws it again on every lobby snapshot.
func (m Model) helpLine(w int) string {
	if w < 0 || w > maxSharedWidth {
		return m.drawHelpLine(w)
	}
	return helpLines.Get(helpLineKey{m.mode, w, m.styles}, func() string { return m.drawHelpLine(w) })
}

func (m Model) drawHelpLine(w int) string {
	hm := m.styles.KeyHelpFor(w)
	switch m.mode {
	case creating:
		return hm.ShortHelpView(m.keys.formHelp())
	case choosingRanked:
		return hm.ShortHelpView(m.keys.rankedHelp())
	case seeking:
		return hm.ShortHelpView(m.keys.seekingHelp())
	case typingCode:
		return hm.ShortHelpView([]key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "join")), m.keys.Cancel})
	}
	return hm.ShortHelpView(m.keys.ShortHelp())
}

// helpLines holds the key lines drawn, by helpLineKey, for widths up to
// maxSharedWidth: the width comes from the client, and the lines kept are
// never let go.
var helpLines theme.Drawn[helpLineKey, string]

const maxSharedWidth = 500

type helpLineKey struct {
	mode   mode
	w      int
	styles *theme.Styles
}

// roomList draws the open rooms in at most h lines, keeping the selected
// one in sight.
func (m Model) roomList(h int) []string {
	s, w := m.styles, m.width
	if m.snap == nil {
		return []string{s.Subtle.Render("Loading the rooms...")}
	}
	if len(m.snap.Rooms) == 0 {
		return []string{s.Heading.Render("Open rooms"), "",
			"No room is open yet: press n to create one, or p for quick play."}
	}
	// Room, name, game and rules, options, clock, seats, status, watchers;
	// a game that ended has who won in its status and watchers.
	nameW := max(8, min(30, w-67))
	row := func(cursor, id, name, game, opts, clock, seats, status string) string {
		return cursor + layout.Fit(id, 4) + " " + layout.Fit(name, nameW) + " " + layout.Fit(game, 15) + " " + layout.Fit(opts, 13) + " " +
			layout.Fit(clock, 8) + " " + fmt.Sprintf("%5s", seats) + " " + status
	}
	out := []string{s.Heading.Render("Open rooms"),
		s.Heading.Render(row("  ", "Room", "Name", "Game", "Options", "Clock", "Seats", "Status  Watch"))}
	first := 0
	if i := m.selectedIndex(); i >= h-2 {
		first = i - (h - 2) + 1
	}
	for i, r := range m.snap.Rooms[first:] {
		if len(out) >= h {
			break
		}
		status := layout.Fit(string(r.Status), 7)
		if r.Watchers > 0 {
			status += fmt.Sprintf(" %5d", r.Watchers)
		}
		if len(r.Winners) > 0 {
			status = layout.Cut(sanitize.Line(strings.Join(winners(r), " & "))+" won", 13)
		}
		cursor := "  "
		if first+i == m.selectedIndex() {
			cursor = "> "
		}
		line := row(cursor, r.ID, sanitize.Line(r.Name), strings.TrimSpace(r.Game+" "+r.Rules), strings.Join(r.ShortOptions(), " "), r.Clock.Short(),
			fmt.Sprintf("%d/%d", r.Taken, r.Seats), status)
		switch {
		case cursor == "> ":
			line = s.Selected.Render(line)
		case r.Status == rooms.Over:
			line = s.Subtle.Render(line) // greyed: it goes a minute after the end
		}
		out = append(out, line)
	}
	return out
}

// winners are the names of r's winners, a bot account's marked BOT.
func winners(r rooms.Info) []string {
	out := slices.Clone(r.Winners)
	for i, name := range out {
		for _, p := range r.Players {
			if p.Name == name && p.Account {
				out[i] += " BOT" // a bot account (issue 24)
			}
		}
	}
	return out
}

// rankedLine counts the players in the ranked queue, by game if that fits
// in w, and gives the keys of ranked play.
func (m Model) rankedLine(w int) string {
	keys := " · r to play ranked · L leaderboard · P your profile"
	total := 0
	var byGame []string
	if m.snap != nil {
		for _, q := range m.snap.Queue {
			total += q.Players
			if q.Players > 0 {
				byGame = append(byGame, fmt.Sprintf("%s %d", q.Game, q.Players))
			}
		}
	}
	if total == 0 {
		return "Nobody in the ranked queue" + keys
	}
	if line := "Ranked queue: " + strings.Join(byGame, ", ") + keys; layout.Width(line) <= w {
		return line
	}
	return fmt.Sprintf("%d in the ranked queue", total) + keys
}

// onlineView lists who is online in at most h lines.
func (m Model) onlineView(w, h int) []string {
	if m.snap == nil {
		return nil
	}
	// Every lobby session draws the same on every lobby snapshot, at the
	// same size most often: the last drawing is every session's.
	k := onlineKey{m.snap, w, h, m.styles}
	if d := lastOnline.Load(); d != nil && d.key == k {
		return d.lines
	}
	lines := m.drawOnline(w, h)
	lastOnline.Store(&onlineDrawn{k, lines})
	return lines
}

// lastOnline is the online list last drawn, by any session; its lines are
// never changed. Wrapping the names was a fifth of drawing the lobby
// (BenchmarkView).
var lastOnline atomic.Pointer[onlineDrawn]

type onlineDrawn struct {
	key   onlineKey
	lines []string
}

type onlineKey struct {
	snap   *rooms.LobbySnapshot // never changed once published
	w, h   int
	styles *theme.Styles
}

// drawOnline draws onlineView.
func (m Model) drawOnline(w, h int) []string {
	// h lines of w cells hold at most w*h characters, so names past that
	// cannot show: with ten thousand players online, every lobby screen
	// would otherwise clean and wrap all their names on every redraw. The
	// name that crosses the limit is kept, so the text overflows and the
	// last line gets its "…".
	var names []string
	used := len("Online: ")
	for _, n := range m.snap.Online {
		if _, bot := slices.BinarySearch(m.snap.Bots, n); bot {
			n += " BOT" // a bot account (issue 24)
		}
		n = sanitize.Line(n)
		names = append(names, n)
		if used += layout.Width(n) + len(", "); used > w*h {
			break
		}
	}
	text := m.styles.Heading.Render("Online:") + " " + strings.Join(names, ", ")
	lines := layout.Wrap(text, w)
	if len(lines) > h {
		lines = lines[:h]
		lines[h-1] = layout.Cut(lines[h-1], w-1) + "…"
	}
	return lines
}

// formView draws the new-room form.
func (m Model) formView() []string {
	s, f := m.styles, m.form
	out := []string{s.Heading.Render("New " + f.kind.Title + " room"), ""}
	for i, fd := range f.fields {
		cursor := "  "
		if i == f.at {
			cursor = "> "
		}
		line := cursor + fmt.Sprintf("%-10s ‹ %s ›", fd.label, fd.value())
		if w := fd.words[fd.value()]; w != "" {
			line += " " + m.styles.Subtle.Render(w)
		}
		if i == f.at {
			line = s.Selected.Render(line)
		}
		if len(fd.values) > 1 && f.alone(i) {
			line += s.Subtle.Render("  (the only choice with these rules)")
		}
		out = append(out, line)
	}
	out = append(out, "")
	for _, l := range strings.Split(ansi.Wrap(title(f.fields[f.at].help)+".", m.width, ""), "\n") {
		out = append(out, s.Subtle.Render(l))
	}
	return out
}

// spread puts left and right on one line w cells wide.
func spread(left, right string, w int) string {
	return layout.Fit(left, max(0, w-layout.Width(right))) + right
}
