package ranking

import (
	"context"
	"errors"
	"slices"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/profile"
	"hotels/internal/rooms"
	"hotels/internal/tui/theme"
)

// Source is what the screen reads: the leaderboards and the players'
// profiles. The server serves it from the store.
type Source interface {
	// Leaderboard returns the best rated players of game and rules, best
	// first, at most limit of them.
	Leaderboard(ctx context.Context, game, rules string, limit int) ([]Entry, error)
	// Profile returns p's profile.
	Profile(ctx context.Context, p rooms.Player) (profile.Profile, error)
}

// Entry is one player on a leaderboard.
type Entry struct {
	Player              rooms.Player
	Rating, Games, Wins int // the rating as players see it
}

// Limit is how many players the leaderboard lists.
const Limit = 100

// BackMsg tells the parent that the player left the screen.
type BackMsg struct{}

// Messages owned by the screen: the answers of the store.
type (
	boardMsg struct {
		pool pool
		rows []Entry
		err  error
	}
	profileMsg struct {
		who     rooms.Player
		profile profile.Profile
		err     error
	}
)

// Model is the leaderboard, or a profile opened from it or on its own.
type Model struct {
	ctx    context.Context
	src    Source
	player rooms.Player
	pools  []pool // every game's rating pools, in the order tab shows them
	styles *theme.Styles
	keys   KeyMap
	help   *help.Model // by pointer: most of the model, which is copied on every message

	shown  int // the pool shown, an index in pools
	board  []Entry
	loaded bool // the board of the pool shown has been read
	at     int  // the selected row

	// The profile shown, if any; alone if it was opened without the
	// board, so that back leaves the screen.
	showing  bool
	alone    bool
	who      rooms.Player
	prof     *profile.Profile
	profRule pool // the pool whose history the profile shows

	status  string
	problem bool

	width, height int
}

// pool is one leaderboard: a game, and its rule set where it has several.
type pool struct {
	kind  engine.Kind
	rules string
}

// of reports whether r is a rating in the pool.
func (p pool) of(r profile.Rating) bool { return r.Game == p.kind.Name && r.Rules == p.rules }

// New returns the leaderboards of the games kinds (the default first) for
// player, read from src; nil shows that the server keeps no ratings. ctx
// is the session's: requests end with it. Init loads the board of the first
// game's first rule set.
func New(ctx context.Context, src Source, player rooms.Player, kinds []engine.Kind, styles *theme.Styles) Model {
	m := Model{ctx: ctx, src: src, player: player, keys: DefaultKeyMap(), help: theme.NewHelp()}
	for _, k := range kinds {
		if len(k.Rules) == 0 {
			m.pools = append(m.pools, pool{kind: k}) // one pool for a game without rule sets
		}
		for _, r := range k.Rules {
			m.pools = append(m.pools, pool{kind: k, rules: r})
		}
	}
	m.SetStyles(styles)
	return m
}

// SetStyles changes the screen's styles.
func (m *Model) SetStyles(s *theme.Styles) {
	m.styles = s
	m.help.Styles = s.KeyHelp
}

// SetSize tells the screen how much room it has.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.help.SetWidth(width)
}

var errNoSource = errors.New("ranking: no source")

// Init loads the leaderboard.
func (m Model) Init() tea.Cmd { return m.loadBoard() }

// pool is the pool shown.
func (m Model) pool() pool { return m.pools[m.shown] }

func (m Model) loadBoard() tea.Cmd {
	ctx, src, p := m.ctx, m.src, m.pool()
	return func() tea.Msg {
		if src == nil {
			return boardMsg{pool: p, err: errNoSource}
		}
		rows, err := src.Leaderboard(ctx, p.kind.Name, p.rules, Limit)
		return boardMsg{pool: p, rows: rows, err: err}
	}
}

// Profile shows p's profile on its own: back leaves the screen.
func (m Model) Profile(p rooms.Player) (Model, tea.Cmd) {
	m, cmd := m.openProfile(p)
	m.alone = true
	return m, cmd
}

func (m Model) openProfile(p rooms.Player) (Model, tea.Cmd) {
	m.showing, m.alone, m.who, m.prof = true, false, p, nil
	m.profRule = m.pool()
	m.say("", false)
	ctx, src := m.ctx, m.src
	return m, func() tea.Msg {
		if src == nil {
			return profileMsg{who: p, err: errNoSource}
		}
		prof, err := src.Profile(ctx, p)
		return profileMsg{who: p, profile: prof, err: err}
	}
}

// explain puts the store's refusals into words; no Go error reaches the
// player.
func explain(err error) string {
	switch {
	case errors.Is(err, errNoSource):
		return "This server keeps no ratings."
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "The server did not answer in time. Try again."
	}
	return "The server could not read the ratings. Try again later."
}

func (m *Model) say(text string, problem bool) { m.status, m.problem = text, problem }

// Update handles keys and the store's answers.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case boardMsg:
		if msg.pool.kind.Name != m.pool().kind.Name || msg.pool.rules != m.pool().rules {
			return m, nil // the player has moved on to another board
		}
		m.loaded, m.board = true, msg.rows
		if msg.err != nil {
			m.say(explain(msg.err), true)
		}
		m.at = 0
		for i, r := range m.board {
			if r.Player.ID == m.player.ID {
				m.at = i // start at the player's own row
			}
		}
		return m, nil
	case profileMsg:
		if !m.showing || msg.who.ID != m.who.ID {
			return m, nil
		}
		if msg.err != nil {
			m.say(explain(msg.err), true)
			return m, nil
		}
		m.prof = &msg.profile
		m.pickRules()
		return m, nil
	case tea.KeyPressMsg:
		if m.showing {
			return m.profileKey(msg)
		}
		return m.boardKey(msg)
	}
	return m, nil
}

// pickRules shows the history of the rule set the profile was opened
// with, or else of the one the player has played most.
func (m *Model) pickRules() {
	rs := m.prof.Ratings
	if slices.ContainsFunc(rs, m.profRule.of) || len(rs) == 0 {
		return
	}
	best := rs[0]
	for _, r := range rs[1:] {
		if r.Games > best.Games {
			best = r
		}
	}
	m.profRule = m.poolOf(best)
}

// gameTitle is the title of the game named name ("holiday": "Holiday AG"),
// or name for a game no longer hosted.
func (m Model) gameTitle(name string) string {
	for _, p := range m.pools {
		if p.kind.Name == name {
			return p.kind.Title
		}
	}
	return name
}

// poolOf returns the pool of rating r.
func (m Model) poolOf(r profile.Rating) pool {
	for _, p := range m.pools {
		if p.of(r) {
			return p
		}
	}
	return pool{kind: engine.Kind{Name: r.Game, Title: r.Game}, rules: r.Rules} // a game no longer hosted
}

func (m Model) boardKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	m.say("", false)
	switch {
	case key.Matches(k, m.keys.Back):
		return m, func() tea.Msg { return BackMsg{} }
	case key.Matches(k, m.keys.Up):
		m.at = max(0, m.at-1)
	case key.Matches(k, m.keys.Down):
		m.at = min(max(0, len(m.board)-1), m.at+1)
	case key.Matches(k, m.keys.Rules):
		if len(m.pools) < 2 {
			return m, nil
		}
		d := 1
		if k.String() == "left" || k.String() == "h" {
			d = len(m.pools) - 1
		}
		m.shown = (m.shown + d) % len(m.pools)
		m.loaded, m.board, m.at = false, nil, 0
		return m, m.loadBoard()
	case key.Matches(k, m.keys.Open):
		if m.at >= len(m.board) {
			return m, nil
		}
		r := m.board[m.at]
		return m.openProfile(r.Player)
	}
	return m, nil
}

func (m Model) profileKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(k, m.keys.Back):
		if m.alone {
			return m, func() tea.Msg { return BackMsg{} }
		}
		m.showing, m.prof = false, nil
		m.say("", false)
		if !m.loaded {
			return m, m.loadBoard()
		}
	case key.Matches(k, m.keys.Rules):
		if m.prof == nil || len(m.prof.Ratings) < 2 {
			return m, nil
		}
		i := slices.IndexFunc(m.prof.Ratings, m.profRule.of)
		d := 1
		if k.String() == "left" || k.String() == "h" {
			d = len(m.prof.Ratings) - 1
		}
		m.profRule = m.poolOf(m.prof.Ratings[(i+d)%len(m.prof.Ratings)])
	}
	return m, nil
}
