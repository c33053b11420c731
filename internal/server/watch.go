package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/mailbox"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/screens"
	"hotels/internal/tui/theme"
)

// This file is `admin watch`'s screen: the players' own room screen, as a
// watcher sees it, with a panel of what watchers may not see (the game's
// own sections: in Acquire every rack, cash and shares, the bag's next
// tiles) beside it, or, on a narrow terminal, in its place at a press of
// tab.

// Sizes of the watch screen.
const (
	watchMinWidth  = 80 // the room screen's own minimum
	watchMinHeight = 24
	panelWidth     = 44 // the hidden-information panel beside the room screen
)

// errWatchOnly answers every request the room screen makes for an admin:
// admins act with the admin commands, not at the table.
var errWatchOnly = errors.New("an admin only watches here: use `admin kick` or `admin close` to act")

// watchTable is a room as `admin watch` reaches it: the room screen may
// subscribe, as an anonymous watcher, and do nothing else. With each
// snapshot it passes on, it sends the room's full detail to the panel.
type watchTable struct {
	room *rooms.Room
	full chan roomDetail // latest wins
}

var _ room.Table = (*watchTable)(nil)

// Subscribe subscribes to the room as an anonymous watcher, whoever p is.
func (t *watchTable) Subscribe(ctx context.Context, _ rooms.Player) (<-chan *rooms.Snapshot, func(), error) {
	in, stop, err := t.room.Subscribe(ctx, rooms.Player{})
	if err != nil {
		return nil, nil, err
	}
	out := make(chan *rooms.Snapshot, 1)
	go t.pump(ctx, in, out)
	return out, stop, nil
}

// pump passes snapshots on, each after the detail of the room as of then.
func (t *watchTable) pump(ctx context.Context, in <-chan *rooms.Snapshot, out chan *rooms.Snapshot) {
	for {
		select {
		case snap := <-in:
			if !snap.Closed {
				if d, err := t.detail(ctx); err == nil {
					mailbox.Put(t.full, d)
				}
			}
			mailbox.Put(out, snap)
		case <-ctx.Done():
			return
		}
	}
}

func (t *watchTable) detail(ctx context.Context) (roomDetail, error) {
	return inspect(ctx, t.room)
}

func (t *watchTable) Sit(context.Context, rooms.Player) error            { return errWatchOnly }
func (t *watchTable) Stand(context.Context, rooms.Player) error          { return errWatchOnly }
func (t *watchTable) AddBot(context.Context, rooms.Player, string) error { return errWatchOnly }
func (t *watchTable) Kick(context.Context, rooms.Player, int) error      { return errWatchOnly }
func (t *watchTable) Start(context.Context, rooms.Player) error          { return errWatchOnly }
func (t *watchTable) Act(context.Context, rooms.Player, string) error    { return errWatchOnly }
func (t *watchTable) Chat(context.Context, rooms.Player, string) error   { return errWatchOnly }
func (t *watchTable) TakeOver(context.Context, rooms.Player) error       { return errWatchOnly }
func (t *watchTable) VoteEnd(context.Context, rooms.Player) error        { return errWatchOnly }
func (t *watchTable) Rematch(context.Context, rooms.Player) (*rooms.Room, error) {
	return nil, errWatchOnly
}
func (t *watchTable) DeclineRematch(context.Context, rooms.Player) error { return errWatchOnly }

// Messages owned by the watch screen.
type detailMsg struct{ d roomDetail }

// watchModel is the watch screen.
type watchModel struct {
	ctx    context.Context
	table  *watchTable
	room   room.Model
	styles *theme.Styles

	detail   *roomDetail // nil until the first
	showFull bool        // on a narrow terminal: the panel instead of the room
	bye      string
	// notice is the admins' latest broadcast, shown at the bottom as
	// players see it for noticeFor; noticeID names it.
	notice   string
	noticeID int
	width    int
	height   int
}

func newWatchModel(ctx context.Context, r *rooms.Room) watchModel {
	t := &watchTable{room: r, full: make(chan roomDetail, 1)}
	styles := theme.DefaultStyles()
	return watchModel{
		ctx: ctx, table: t, styles: styles,
		room: room.New(ctx, t, r.ID, rooms.Player{Name: "admin"}, styles, screens.New),
	}
}

func (m watchModel) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, m.room.Init(), m.waitDetail())
}

// waitDetail delivers the room's next detail; it is re-armed after each.
func (m watchModel) waitDetail() tea.Cmd {
	ctx, ch := m.ctx, m.table.full
	return func() tea.Msg {
		select {
		case d := <-ch:
			return detailMsg{d: d}
		case <-ctx.Done():
			return nil
		}
	}
}

// wide reports whether the panel fits beside the room screen.
func (m watchModel) wide() bool { return m.width >= watchMinWidth+1+panelWidth }

func (m watchModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		if m.wide() {
			m.room.SetSize(m.width-1-panelWidth, m.height)
		} else {
			m.room.SetSize(m.width, m.height)
		}
		return m, nil
	case tea.BackgroundColorMsg:
		m.styles = theme.New(msg.IsDark())
		m.room.SetStyles(m.styles)
		return m, nil
	case detailMsg:
		m.detail = &msg.d
		return m, m.waitDetail()
	case noticeMsg:
		m.notice = msg.text
		m.noticeID++
		id := m.noticeID
		return m, tea.Tick(noticeFor, func(time.Time) tea.Msg { return noticeDoneMsg{id: id} })
	case noticeDoneMsg:
		if msg.id == m.noticeID {
			m.notice = ""
		}
		return m, nil
	case room.LeaveMsg:
		m.bye = "You stopped watching."
		if msg.Notice != "" {
			m.bye = msg.Notice
		}
		return m, tea.Quit
	case tea.KeyPressMsg:
		switch msg.String() {
		case "ctrl+c":
			return m, tea.Quit
		case "tab":
			if !m.wide() {
				m.showFull = !m.showFull
			}
			return m, nil
		}
	}
	var cmd tea.Cmd
	m.room, cmd = m.room.Update(msg)
	return m, cmd
}

func (m watchModel) View() tea.View {
	var s string
	switch {
	case m.bye != "":
		return tea.NewView(m.bye + "\n")
	case m.width == 0:
	case m.width < watchMinWidth || m.height < watchMinHeight:
		s = fmt.Sprintf("Please enlarge your terminal to at least %d×%d (%d×%d to see every rack beside the room).\nctrl+c quits.",
			watchMinWidth, watchMinHeight, watchMinWidth+1+panelWidth, watchMinHeight)
	case m.wide():
		s = lipgloss.JoinHorizontal(lipgloss.Top, m.room.View(), " ", m.panel(panelWidth))
	case m.showFull:
		s = m.panel(m.width)
	default:
		s = m.room.View()
	}
	v := tea.NewView(s)
	if m.notice != "" && m.width > 0 && m.height > 0 {
		v.Content, v.Lines = "", overlayLastLines(v, noticeLines(m.notice, m.width), m.height)
	}
	v.AltScreen = true
	v.WindowTitle = "Hotels (admin)"
	return v
}

// panel draws what watchers may not see, w cells wide.
func (m watchModel) panel(w int) string {
	st := m.styles
	lines := []string{st.Title.Render("Admin: what the game hides")}
	d := m.detail
	switch {
	case d == nil:
		lines = append(lines, st.Subtle.Render("Waiting for the room…"))
	case d.GameID == 0:
		lines = append(lines, st.Subtle.Render("The game has not started."))
	case len(d.Game.Sections) == 0:
		lines = append(lines, st.Subtle.Render(d.Game.Title+" shows admins nothing more than watchers see."))
	default:
		// The game's sections, the seat whose decision is due marked.
		for _, sec := range d.Game.Sections {
			head := d.marked(sec.Title) // a seat's section has its name
			if sec.Title == d.Turn {
				head = "▸" + head
			}
			lines = append(lines, st.Heading.Render(head))
			for _, l := range sec.Lines {
				lines = append(lines, "  "+l)
			}
		}
	}
	if d != nil {
		lines = append(lines, fmt.Sprintf("Watchers: %d", len(d.Watchers)))
	}
	hint := "esc leaves · ctrl+c quits"
	if !m.wide() {
		hint = "tab: room · " + hint
	}
	lines = append(lines, "", st.Help.Render(hint))
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "…")
	}
	return strings.Join(lines, "\n")
}
