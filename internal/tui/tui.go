package tui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/bot/bots"
	"hotels/internal/protocol"
	"hotels/internal/rooms"
	"hotels/internal/tui/history"
	"hotels/internal/tui/lobby"
	"hotels/internal/tui/ranking"
	"hotels/internal/tui/room"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
)

// The smallest terminal the screens are laid out for.
const (
	MinWidth  = 80
	MinHeight = 24
)

// Lobby is what a session needs of the lobby; *rooms.Lobby is one.
type Lobby interface {
	lobby.Service
	// Arrive counts the player as online until leave is called.
	Arrive(p rooms.Player) (leave func())
	// BotLevels lists the levels a host may seat bots of game (a Kind's
	// name) at, weakest first.
	BotLevels(game string) []string
}

var _ Lobby = (*rooms.Lobby)(nil)

// Option adds a service to a session.
type Option func(*Model)

// WithGames gives the session the archive of played games, for the
// player's history and its replays; *store.Store is one. Without it the
// history screen says the server keeps none.
func WithGames(a history.Archive) Option {
	return func(m *Model) { m.games = a }
}

// Ratings is what the session reads of the ratings: the player's own for
// the ranked queue (as rooms.Lobby serves it), the leaderboard and players'
// profiles (as the store does).
type Ratings interface {
	lobby.Ratings
	ranking.Source
}

// WithRatings gives the session the players' ratings, for the ranked
// queue, the leaderboard and the profiles. Without it
// the wait for a ranked table shows no rating, and the leaderboard says
// the server keeps none.
func WithRatings(r Ratings) Option {
	return func(m *Model) { m.ratings = r }
}

// Bell is the player's bell setting, as the session reads and changes it:
// whether the terminal's bell rings when their turn comes and when a game
// they wait for starts.
type Bell interface {
	Bell(ctx context.Context, p rooms.Player) (on bool, err error)
	SetBell(ctx context.Context, p rooms.Player, on bool) error
}

// WithBell gives the session the player's remembered bell setting, which
// B in the lobby changes. Without it the bell rings, and B turns it off
// for the session only.
func WithBell(b Bell) Option {
	return func(m *Model) { m.bellS = b }
}

// BotAccounts are the bot accounts waiting for games, which a host may
// seat from the waiting room's bot chooser (issue 24); *protocol.Waiters
// is one.
type BotAccounts interface {
	Waiting(game string) []string
	Invite(ctx context.Context, t protocol.Table, id, game, host, name string) error
}

// WithBotAccounts offers the waiting bot accounts in the bot chooser.
func WithBotAccounts(b BotAccounts) Option {
	return func(m *Model) { m.botAccounts = b }
}

// Entry says where a session starts.
type Entry struct {
	// Room is a room's ID or a private room's invite code; empty starts in
	// the lobby. A room that cannot be entered leaves the player in the
	// lobby, told why.
	Room string
	// Watch watches Room instead of taking a seat.
	Watch bool
}

// screen is what a session shows.
type screen int

const (
	lobbyScreen screen = iota
	roomScreen
	historyScreen
	rankingScreen
)

// Model is a signed-in session: the lobby, one room, or the player's games.
// Its methods take a pointer: Bubble Tea holds the model in an interface,
// and a value receiver copied it to the heap on every message, which at a
// thousand sessions was most of the server's garbage (docs/capacity.md).
type Model struct {
	ctx     context.Context
	lobbyS  Lobby
	games   history.Archive
	ratings Ratings
	bellS   Bell
	// botAccounts are the bot accounts waiting for games (issue 24).
	botAccounts BotAccounts
	player      rooms.Player
	entry       Entry
	styles      *theme.Styles

	lobby lobby.Model
	// The other screens exist only while shown: a lobby session holds
	// none of their state.
	room    *room.Model
	history *history.Model
	ranking *ranking.Model
	screen  screen

	// bell rings the terminal's bell on the room's alerts: on until the
	// player's setting, read at the start, says otherwise.
	bell bool
	// bells counts the bells rung, which View hands to Bubble Tea
	// (tea.View.Bell) to ring each in the write of the frame that shows
	// its news; heard is the room screen's count of alerts last seen (see
	// ring).
	bells, heard uint64

	width, height int
}

// Messages owned by the session.
type (
	// bellMsg is the player's bell setting as read at the start, or as
	// saved when the player asked for a change.
	bellMsg struct {
		on    bool
		asked bool
		err   error
	}
)

// New returns the session of player. ctx is the session's: it ends when
// the player disconnects, and with it every request, subscription and the
// player's presence.
func New(ctx context.Context, l Lobby, player rooms.Player, at Entry, opts ...Option) *Model {
	styles := theme.DefaultStyles()
	m := &Model{
		ctx: ctx, lobbyS: l, player: player, entry: at, styles: styles,
		lobby: lobby.New(ctx, l, player, styles),
		bell:  true,
	}
	for _, o := range opts {
		o(m)
	}
	if m.ratings != nil {
		m.lobby.SetRatings(m.ratings)
	}
	return m
}

// Init asks the terminal for its background (to pick light or dark
// styles), counts the player as online for the session, subscribes to the
// lobby and, if the session started with a room, goes there.
func (m *Model) Init() tea.Cmd {
	ctx, l, p := m.ctx, m.lobbyS, m.player
	cmds := []tea.Cmd{
		tea.RequestBackgroundColor,
		func() tea.Msg {
			// Online until the session ends: a callback on ctx rather
			// than a goroutine parked for the whole session.
			context.AfterFunc(ctx, l.Arrive(p))
			return nil
		},
		m.lobby.Init(),
	}
	if b := m.bellS; b != nil {
		cmds = append(cmds, func() tea.Msg {
			on, err := b.Bell(ctx, p)
			return bellMsg{on: on, err: err}
		})
	}
	if m.entry.Room != "" {
		cmds = append(cmds, m.lobby.Join(m.entry.Room, m.entry.Watch))
	}
	return tea.Batch(cmds...)
}

// Update passes keys to the screen in front, typed messages to the screen
// that owns them, and switches screens.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.lobby.SetSize(msg.Width, msg.Height)
		if m.room != nil {
			m.room.SetSize(msg.Width, msg.Height)
		}
		if m.history != nil {
			m.history.SetSize(msg.Width, msg.Height)
		}
		if m.ranking != nil {
			m.ranking.SetSize(msg.Width, msg.Height)
		}
		return m, nil
	case tea.BackgroundColorMsg:
		m.styles = theme.New(msg.IsDark())
		m.lobby.SetStyles(m.styles)
		switch m.screen {
		case roomScreen:
			m.room.SetStyles(m.styles)
		case historyScreen:
			m.history.SetStyles(m.styles)
		case rankingScreen:
			m.ranking.SetStyles(m.styles)
		}
		return m, nil
	case tea.KeyPressMsg:
		// A key with neither ctrl nor text is not ctrl+c: its name is
		// not spelled out (a new string) for every arrow and enter.
		if (msg.Mod.Contains(tea.ModCtrl) || msg.Text != "") && msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
	case bellMsg:
		return m.bellSet(msg)
	case lobby.BellMsg:
		return m.toggleBell()
	case lobby.EnterMsg:
		return m.enter(msg)
	case room.LeaveMsg:
		m.screen = lobbyScreen
		m.room = nil
		m.lobby.SetNotice(msg.Notice)
		return m, m.lobby.Init()
	case room.RematchMsg:
		m.screen = lobbyScreen
		m.room = nil
		return m.enter(lobby.EnterMsg{Room: msg.Room})
	case room.SnapshotMsg:
		if m.screen != roomScreen {
			return m, msg.Discard() // for a room screen already closed
		}
	case lobby.HistoryMsg:
		if m.screen != lobbyScreen {
			return m, nil
		}
		h := history.New(m.ctx, m.games, m.player, m.styles)
		h.SetSize(m.width, m.height)
		m.history = &h
		m.screen = historyScreen
		return m, m.history.Init()
	case history.BackMsg:
		m.screen = lobbyScreen
		m.history = nil
		return m, nil
	case lobby.LeaderboardMsg, lobby.ProfileMsg:
		if m.screen != lobbyScreen {
			return m, nil
		}
		kinds := m.lobbyS.Kinds()
		if len(kinds) == 0 {
			m.lobby.SetNotice("No game is rated on this server.")
			return m, nil
		}
		var src ranking.Source
		if m.ratings != nil {
			src = m.ratings
		}
		r := ranking.New(m.ctx, src, m.player, kinds, m.styles)
		r.SetSize(m.width, m.height)
		m.ranking = &r
		m.screen = rankingScreen
		if _, ok := msg.(lobby.ProfileMsg); ok {
			var cmd tea.Cmd
			*m.ranking, cmd = m.ranking.Profile(m.player)
			return m, cmd
		}
		return m, m.ranking.Init()
	case ranking.BackMsg:
		m.screen = lobbyScreen
		m.ranking = nil
		return m, nil
	case lobby.SnapshotMsg:
		var cmd tea.Cmd
		m.lobby, cmd = m.lobby.Update(msg)
		return m, cmd
	}
	var cmd tea.Cmd
	switch m.screen {
	case roomScreen:
		cmd = m.room.Handle(msg)
		m.ring()
	case historyScreen:
		*m.history, cmd = m.history.Update(msg)
	case rankingScreen:
		*m.ranking, cmd = m.ranking.Update(msg)
	default:
		m.lobby, cmd = m.lobby.Update(msg)
	}
	return m, cmd
}

// ring rings the bell once for news the room screen's frame now shows
// (room.Model.Alerts), if the player wants the bell.
func (m *Model) ring() {
	if a := m.room.Alerts(); a != m.heard {
		m.heard = a
		if m.bell {
			m.bells++
		}
	}
}

// toggleBell turns the bell off if it is on, or on, remembering it for
// the player's next sessions: the change is saved in a command, whose
// bellMsg says so.
func (m *Model) toggleBell() (tea.Model, tea.Cmd) {
	on := !m.bell
	b, ctx, p := m.bellS, m.ctx, m.player
	if b == nil {
		return m.bellSet(bellMsg{on: on, asked: true})
	}
	return m, func() tea.Msg { return bellMsg{on: on, asked: true, err: b.SetBell(ctx, p, on)} }
}

// bellSet takes the bell setting read or saved, and tells the player
// about a change they asked for; one that could not be saved leaves the
// bell as it was.
func (m *Model) bellSet(msg bellMsg) (tea.Model, tea.Cmd) {
	if msg.err != nil {
		if msg.asked {
			m.lobby.SetNotice("Your bell setting could not be saved: it stays as it was. Try again later.")
		}
		return m, nil
	}
	m.bell = msg.on
	if !msg.asked {
		return m, nil
	}
	text := "The bell is off: it no longer rings when your turn comes or a game you wait for starts. B turns it on."
	if msg.on {
		text = "The bell is on: it rings when your turn comes and when a game you wait for starts. B turns it off."
	}
	if m.bellS == nil {
		text += " (For this session: this server keeps no settings.)"
	}
	m.lobby.SetNotice(text)
	return m, nil
}

// enter opens the room screen, pausing the lobby's subscription.
func (m *Model) enter(msg lobby.EnterMsg) (tea.Model, tea.Cmd) {
	var stop tea.Cmd
	m.lobby, _ = m.lobby.Update(msg)
	m.lobby, stop = m.lobby.Stop()
	if m.screen == roomScreen || msg.Room == nil {
		return m, stop // one room at a time
	}
	r := room.New(m.ctx, msg.Room, msg.Room.ID, m.player, m.styles, screens.New)
	m.room = &r
	m.heard = r.Alerts() // a new screen counts its own
	kind := msg.Room.Info().Kind
	var levels []room.BotLevel
	for _, id := range m.lobbyS.BotLevels(kind) {
		levels = append(levels, room.BotLevel{ID: id, How: bots.How(kind, id)})
	}
	m.room.SetBotLevels(levels)
	if b, host := m.botAccounts, msg.Room; b != nil {
		m.room.SetBotAccounts(func() []string { return b.Waiting(kind) }, func(ctx context.Context, name string) error {
			return b.Invite(ctx, host, host.ID, kind, m.player.Name, name)
		})
	}
	m.room.SetSize(m.width, m.height)
	m.screen = roomScreen
	return m, tea.Batch(stop, m.room.Init())
}

// View draws the screen in front, in the alternate screen. The room screen
// hands its lines over as they are (tea.View.Lines: most frames are a
// game's); the others, drawn far less often, are one string.
func (m *Model) View() tea.View {
	var s string
	var lines []string
	switch {
	case m.width == 0:
		// The program draws once before the first WindowSizeMsg: a
		// returning player's session starts here, not at signup. The
		// screens are laid out for a size, so draw nothing until then.
	case m.width < MinWidth || m.height < MinHeight:
		s = m.tooSmall()
	case m.screen == roomScreen:
		lines = m.room.Lines()
	case m.screen == historyScreen:
		s = m.history.View()
	case m.screen == rankingScreen:
		s = m.ranking.View()
	default:
		s = m.lobby.View()
	}
	v := tea.NewView(s)
	v.Lines = lines
	v.AltScreen = true
	v.Bell = m.bells
	v.WindowTitle = "Hotels"
	if m.screen == roomScreen {
		v.WindowTitle = m.room.Title() // whose move it is, seen from another window
	}
	return v
}

// tooSmall asks for a larger terminal instead of a broken layout.
func (m *Model) tooSmall() string {
	text := m.styles.Title.Render("Hotels") + "\n\n" +
		fmt.Sprintf("Please enlarge your terminal to at least %d×%d.", MinWidth, MinHeight) + "\n" +
		m.styles.Subtle.Render(fmt.Sprintf("It is %d×%d now. ctrl+c quits.", m.width, m.height))
	lines := strings.Split(lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center, ansi.Wrap(text, m.width, "")), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
