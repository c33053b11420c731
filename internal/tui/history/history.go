package history

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/games"
	"hotels/internal/profile"
	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/tui/screens"

	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
)

// Archive is what the screen reads of the games played; the server serves
// it from the store.
type Archive interface {
	// Recent returns the newest games p sat at, newest first, at most
	// limit.
	Recent(ctx context.Context, p rooms.Player, limit int) ([]Game, error)
	// Record returns game id's action lines, or an error wrapping
	// ErrNoGame.
	Record(ctx context.Context, id int64) ([]string, error)
}

// ErrNoGame says that a game is not in the archive.
var ErrNoGame = errors.New("history: no such game")

// Game is one of the player's games, as the screen lists and replays it.
type Game struct {
	ID      int64
	Game    string // the game's record name ("acquire")
	Rules   string // "" for a game without rule sets
	Options string // as a record writes them
	Status  Status
	Started time.Time
	Seats   []Seat // in turn order
	Why     string // why a game ended early
	Chance  string // the record's header: what a replay deals from
}

// Seat is one seat of a game.
type Seat struct {
	Player rooms.Player // a bot's has ID 0; a bot account's is marked Bot
	// Place (1 for the winners) and Score, in the game's unit, once the
	// game is finished; 0 before.
	Place, Score int
}

// Status is where a game is.
type Status int

// The statuses of a game.
const (
	Waiting Status = iota
	Playing
	Finished
	Aborted
)

// done reports whether the game can no longer change.
func (s Status) done() bool { return s == Finished || s == Aborted }

// Limit is how many of the player's games the list holds, newest first.
const Limit = 50

// BackMsg tells the parent that the player left the screen.
type BackMsg struct{}

// Messages owned by the screen: the answers of the store.
type (
	gamesMsg struct {
		games []Game
		err   error
	}
	replayMsg struct {
		replay *replay
		err    error
	}
)

// Model is the screen of the player's games.
type Model struct {
	ctx     context.Context
	archive Archive
	player  rooms.Player
	styles  *theme.Styles
	keys    KeyMap
	help    *help.Model // by pointer: most of the model, which is copied on every message
	screen  room.Screen // the replayed game's screen; nil on the list

	games   []Game
	loaded  bool
	at      int     // the selected game
	replay  *replay // the game being replayed; nil on the list
	reading bool    // the replayed game's rules page is open
	rules   room.Page
	status  string
	problem bool
	busy    bool

	width, height int
}

// New returns the screen of player's games, read from archive; nil shows
// that the server keeps no history. ctx is the session's: requests end
// with it. Init loads the list.
func New(ctx context.Context, archive Archive, player rooms.Player, styles *theme.Styles) Model {
	m := Model{ctx: ctx, archive: archive, player: player, keys: DefaultKeyMap(), help: theme.NewHelp()}
	m.SetStyles(styles)
	return m
}

// SetStyles changes the screen's styles.
func (m *Model) SetStyles(s *theme.Styles) {
	m.styles = s
	if m.screen != nil {
		m.screen = m.screen.SetStyles(s)
	}
	m.help.Styles = s.KeyHelp
}

// SetSize tells the screen how much room it has.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.help.SetWidth(width)
}

// Init loads the player's recent games.
func (m Model) Init() tea.Cmd {
	if m.archive == nil {
		return func() tea.Msg { return gamesMsg{err: errNoArchive} }
	}
	ctx, a, p := m.ctx, m.archive, m.player
	return func() tea.Msg {
		games, err := a.Recent(ctx, p, Limit)
		return gamesMsg{games: games, err: err}
	}
}

var errNoArchive = errors.New("history: no archive")

// Update handles keys and the store's answers.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case gamesMsg:
		m.loaded = true
		if msg.err != nil {
			m.say(explain(msg.err), true)
			return m, nil
		}
		m.games = msg.games
		m.at = min(m.at, max(0, len(m.games)-1))
		return m, nil
	case replayMsg:
		m.busy = false
		if msg.err != nil {
			m.say(explain(msg.err), true)
			return m, nil
		}
		m.replay = msg.replay
		m.screen, _ = screens.New(m.replay.game.Game, m.styles) // newReplay made sure there is one
		m.replay.goTo(0)
		m.show()
		if msg.replay.stop != "" {
			m.say(msg.replay.stop, true)
		}
		return m, nil
	case tea.KeyPressMsg:
		if m.replay != nil {
			return m.replayKey(msg)
		}
		return m.listKey(msg)
	}
	return m, nil
}

// explain puts the store's refusals into words; no Go error reaches the
// player.
func explain(err error) string {
	switch {
	case errors.Is(err, errNoArchive):
		return "This server keeps no history of games."
	case errors.Is(err, errInPlay):
		return "That game is still being played: its replay opens once it is over."
	case errors.Is(err, ErrNoGame):
		return "That game is not in the archive any more."
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "The server did not answer in time. Try again."
	}
	return "The server could not read your games. Try again later."
}

func (m *Model) say(text string, problem bool) { m.status, m.problem = text, problem }

// listKey handles a key on the list.
func (m Model) listKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.busy {
		return m, nil
	}
	m.say("", false)
	switch {
	case key.Matches(k, m.keys.Back):
		return m, func() tea.Msg { return BackMsg{} }
	case key.Matches(k, m.keys.Up):
		m.at = max(0, m.at-1)
	case key.Matches(k, m.keys.Down):
		m.at = min(max(0, len(m.games)-1), m.at+1)
	case key.Matches(k, m.keys.Open):
		if m.at >= len(m.games) {
			return m, nil
		}
		g := m.games[m.at]
		if !g.Status.done() {
			m.say(explain(errInPlay), false)
			return m, nil
		}
		m.busy = true
		ctx, a := m.ctx, m.archive
		return m, func() tea.Msg {
			lines, err := a.Record(ctx, g.ID)
			if err != nil {
				return replayMsg{err: err}
			}
			r, err := newReplay(g, lines)
			return replayMsg{replay: r, err: err}
		}
	}
	return m, nil
}

// replayKey handles a key in the replay viewer.
func (m Model) replayKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	r := m.replay
	if m.reading {
		m.rules, m.reading = m.rules.Key(k, m.height)
		return m, nil
	}
	switch {
	case key.Matches(k, m.keys.Rules):
		g := r.game
		m.rules = room.NewPage(m.screen.Rules(), room.Choices{Rules: g.Rules, Options: strings.Fields(g.Options), Seats: len(g.Seats)})
		m.reading = true
		return m, nil
	case key.Matches(k, m.keys.Back):
		m.replay, m.screen = nil, nil
		m.say("", false)
		return m, nil
	case key.Matches(k, m.keys.Prev):
		r.goTo(r.at - 1)
	case key.Matches(k, m.keys.Next):
		r.goTo(r.at + 1)
	case key.Matches(k, m.keys.PrevPage):
		r.goTo(r.at - Page)
	case key.Matches(k, m.keys.NextPage):
		r.goTo(r.at + Page)
	case key.Matches(k, m.keys.Start):
		r.goTo(0)
	case key.Matches(k, m.keys.End):
		r.goTo(r.moves())
	}
	m.show()
	return m, nil
}

// show puts the step shown on the game's screen.
func (m *Model) show() {
	m.screen, _ = m.screen.Show(m.replay.steps[m.replay.at].view)
}

// View draws the list, or the replay.
func (m Model) View() string {
	if m.reading {
		return m.rules.View(m.styles, m.width, m.height)
	}
	if m.replay != nil {
		return m.replayView()
	}
	return m.listView()
}

// mySeat returns the player's seat in g, or -1.
func (m Model) mySeat(g Game) int {
	for i, st := range g.Seats {
		if st.Player.ID == m.player.ID && st.Player.ID != 0 {
			return i
		}
	}
	return -1
}

// listView draws the player's recent games, keeping the selected one in
// sight.
func (m Model) listView() string {
	s, w, h := m.styles, m.width, m.height
	out := []string{
		layout.Spread(s.Title.Render("Hotels")+"  your recent games", s.Subtle.Render(m.player.Name), w), "",
	}
	switch {
	case !m.loaded:
		out = append(out, s.Subtle.Render("Loading your games..."))
	case len(m.games) == 0 && m.status == "":
		out = append(out, "You have not played a game yet: the games you play are listed here.")
	case len(m.games) > 0:
		// Date, game, players, result, status; the year only where
		// the players keep room enough.
		dateW, layoutDate, started := 16, "2006-01-02 15:04", "Started (UTC)"
		if w < 100 {
			dateW, layoutDate, started = 11, "01-02 15:04", "UTC"
		}
		playersW := max(10, w-2-dateW-2-gameW-2-2-20-2-11)
		row := func(cursor, date, game, players, result, status string) string {
			return cursor + fmt.Sprintf("%s  %s  %s  %s  %s", layout.Fit(date, dateW), layout.Fit(game, gameW),
				layout.Fit(players, playersW), layout.Fit(result, 20), status)
		}
		out = append(out, s.Heading.Render(row("  ", started, "Game", "Players", "Result", "Status")))
		rows := h - len(out) - 3
		first := max(0, m.at-rows+1)
		for i := first; i < len(m.games) && i < first+rows; i++ {
			g := m.games[i]
			cursor := "  "
			if i == m.at {
				cursor = "> "
			}
			line := row(cursor, g.Started.UTC().Format(layoutDate), gameTitle(g), m.players(g, i != m.at), m.result(g), statusWords(g.Status))
			if i == m.at {
				line = s.Selected.Render(line)
			}
			out = append(out, line)
		}
	}
	status := ""
	switch {
	case m.status != "" && m.problem:
		status = s.Error.Render(m.status)
	case m.status != "":
		status = s.Notice.Render(m.status)
	case m.busy:
		status = s.Subtle.Render("One moment...")
	}
	out = append(layout.Pad(out, h-2), status, m.help.ShortHelpView(m.keys.listHelp()))
	return layout.Screen(out, w, h)
}

// gameW is how wide the list's game column is: "Acquire classic".
const gameW = 15

// gameTitle names g's game and its rules: "Acquire modern", "Holiday AG".
func gameTitle(g Game) string {
	title := g.Game
	if k, ok := games.ByName(g.Game); ok {
		title = k.Title
	}
	return strings.TrimSpace(title + " " + g.Rules)
}

// players names g's seats in turn order, the player's own in bold unless
// plain (for the selected row, drawn reversed).
func (m Model) players(g Game, styled bool) string {
	names := make([]string, len(g.Seats))
	for i, st := range g.Seats {
		names[i] = seatName(st)
		if i == m.mySeat(g) && styled {
			names[i] = m.styles.Name.Render(names[i])
		}
	}
	return strings.Join(names, ", ")
}

// seatName is the name at seat st as players read it, a bot account's
// marked BOT as everywhere (issue 24).
func seatName(st Seat) string {
	name := sanitize.Line(st.Player.Name)
	if st.Player.Bot {
		name += " BOT"
	}
	return name
}

// statusWords says where a game is, for a player.
func statusWords(s Status) string {
	switch s {
	case Finished:
		return "finished"
	case Aborted:
		return "ended early"
	case Playing:
		return "in progress"
	}
	return "not started"
}

// result says how g went for the player: their place and score once it is
// finished, why it ended early, or nothing while it is played.
func (m Model) result(g Game) string {
	switch g.Status {
	case Aborted:
		return g.Why
	case Finished:
	default:
		return "-"
	}
	me := m.mySeat(g)
	if me < 0 {
		return "finished"
	}
	if st := g.Seats[me]; st.Place > 0 {
		return fmt.Sprintf("%s of %d · %s", profile.Ordinal(st.Place), len(g.Seats), score(g.Game, st.Score))
	}
	return "finished"
}

// score writes a score in its game's unit ("$6,300", "150 points").
func score(game string, n int) string {
	g, ok := games.ByName(game)
	if !ok {
		return fmt.Sprint(n)
	}
	return g.Unit.Format(n)
}
