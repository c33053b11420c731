package tui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/rooms"
	"hotels/internal/tui/lobby"
	"hotels/internal/tui/room"
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
}

var _ Lobby = (*rooms.Lobby)(nil)

// Entry says where a session starts.
type Entry struct {
	// Room is a room's ID or a private room's invite code; empty starts in
	// the lobby. A room that cannot be entered leaves the player in the
	// lobby, told why.
	Room string
	// Watch watches Room instead of taking a seat.
	Watch bool
}

// Model is a signed-in session: the lobby, or one room.
type Model struct {
	ctx    context.Context
	lobbyS Lobby
	player rooms.Player
	entry  Entry
	styles theme.Styles

	lobby  lobby.Model
	room   room.Model
	inRoom bool

	width, height int
}

// New returns the session of player. ctx is the session's: it ends when
// the player disconnects, and with it every request, subscription and the
// player's presence.
func New(ctx context.Context, l Lobby, player rooms.Player, at Entry) Model {
	styles := theme.DefaultStyles()
	return Model{
		ctx: ctx, lobbyS: l, player: player, entry: at, styles: styles,
		lobby: lobby.New(ctx, l, player, styles),
	}
}

// Init asks the terminal for its background (to pick light or dark
// styles), counts the player as online for the session, subscribes to the
// lobby and, if the session started with a room, goes there.
func (m Model) Init() tea.Cmd {
	ctx, l, p := m.ctx, m.lobbyS, m.player
	cmds := []tea.Cmd{
		tea.RequestBackgroundColor,
		func() tea.Msg {
			leave := l.Arrive(p)
			<-ctx.Done()
			leave()
			return nil
		},
		m.lobby.Init(),
	}
	if m.entry.Room != "" {
		cmds = append(cmds, m.lobby.Join(m.entry.Room, m.entry.Watch))
	}
	return tea.Batch(cmds...)
}

// Update passes keys to the screen in front, typed messages to the screen
// that owns them, and switches screens.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.lobby.SetSize(msg.Width, msg.Height)
		m.room.SetSize(msg.Width, msg.Height)
		return m, nil
	case tea.BackgroundColorMsg:
		m.styles = theme.New(msg.IsDark())
		m.lobby.SetStyles(m.styles)
		if m.inRoom {
			m.room.SetStyles(m.styles)
		}
		return m, nil
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return m, tea.Quit
		}
	case lobby.EnterMsg:
		return m.enter(msg)
	case room.LeaveMsg:
		m.inRoom = false
		m.room = room.Model{}
		m.lobby.SetNotice(msg.Notice)
		return m, m.lobby.Init()
	case room.SnapshotMsg:
		if !m.inRoom {
			return m, msg.Discard() // for a room screen already closed
		}
	case lobby.SnapshotMsg:
		var cmd tea.Cmd
		m.lobby, cmd = m.lobby.Update(msg)
		return m, cmd
	}
	var cmd tea.Cmd
	if m.inRoom {
		m.room, cmd = m.room.Update(msg)
	} else {
		m.lobby, cmd = m.lobby.Update(msg)
	}
	return m, cmd
}

// enter opens the room screen, pausing the lobby's subscription.
func (m Model) enter(msg lobby.EnterMsg) (tea.Model, tea.Cmd) {
	var stop tea.Cmd
	m.lobby, _ = m.lobby.Update(msg)
	m.lobby, stop = m.lobby.Stop()
	if m.inRoom || msg.Room == nil {
		return m, stop // one room at a time
	}
	m.room = room.New(m.ctx, msg.Room, msg.Room.ID, m.player, m.styles)
	m.room.SetSize(m.width, m.height)
	m.inRoom = true
	return m, tea.Batch(stop, m.room.Init())
}

// View draws the screen in front, in the alternate screen.
func (m Model) View() tea.View {
	var s string
	switch {
	case m.width == 0:
		// The program draws once before the first WindowSizeMsg: a
		// returning player's session starts here, not at signup. The
		// screens are laid out for a size, so draw nothing until then.
	case m.width < MinWidth || m.height < MinHeight:
		s = m.tooSmall()
	case m.inRoom:
		s = m.room.View()
	default:
		s = m.lobby.View()
	}
	v := tea.NewView(s)
	v.AltScreen = true
	v.WindowTitle = "Hotels"
	return v
}

// tooSmall asks for a larger terminal instead of a broken layout.
func (m Model) tooSmall() string {
	text := m.styles.Title.Render("Hotels") + "\n\n" +
		fmt.Sprintf("Please enlarge your terminal to at least %d×%d.", MinWidth, MinHeight) + "\n" +
		m.styles.Subtle.Render(fmt.Sprintf("It is %d×%d now. ctrl+c quits.", m.width, m.height))
	lines := strings.Split(lipgloss.Place(m.width, m.height, lipgloss.Center, lipgloss.Center, ansi.Wrap(text, m.width, "")), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
