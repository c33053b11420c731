package lobby

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/rooms"
)

// Ratings is what the screen reads to show the player's rating while they
// wait for a ranked table; *rooms.Lobby serves it from the store.
type Ratings interface {
	// PlayerRating returns p's rating in game and rules as players see it,
	// and the rated games it counts: none for a new player.
	PlayerRating(ctx context.Context, p rooms.Player, game, rules string) (rating, games int, err error)
}

var _ Ratings = (*rooms.Lobby)(nil)

// rankedForm asks which ranked games the player will play: the game (when
// the server hosts several), its rules (when it has several) and the table
// sizes they accept.
type rankedForm struct {
	kinds  []engine.Kind // the games hosted, the default first
	kind   engine.Kind   // the game chosen
	fields []field       // [game], [rules], fewest, most
	at     int
}

// newRankedForm returns the ranked form for kinds[game], focused on its
// first field.
func newRankedForm(kinds []engine.Kind, game int) rankedForm {
	k := kinds[game]
	var seats []string
	for n := k.MinSeats; n <= k.MaxSeats; n++ {
		seats = append(seats, strconv.Itoa(n))
	}
	at := func(n int) int { return min(max(0, n-k.MinSeats), len(seats)-1) }
	f := rankedForm{kinds: kinds, kind: k}
	if len(kinds) > 1 {
		g := field{label: gameField, at: game, help: "the game to play: each has its own rating"}
		for _, k := range kinds {
			g.values = append(g.values, k.Title)
		}
		f.fields = append(f.fields, g)
	}
	if len(k.Rules) > 1 {
		f.fields = append(f.fields, field{label: rulesField, values: k.Rules, help: k.RulesHelp + ". Each has its own rating"})
	}
	f.fields = append(f.fields,
		field{label: "Fewest players", values: seats, at: at(3), help: "the smallest table you accept, at most the Most players: a smaller one can form sooner"},
		field{label: "Most players", values: seats, at: at(4), help: "the largest table you accept, at least the Fewest players: a larger one is formed when enough players are looking"})
	return f
}

// rules is the rule set chosen: the game's only one (or none) if it has
// no choice, as its ratings are kept under.
func (f rankedForm) rules() string {
	for _, fd := range f.fields {
		if fd.label == rulesField {
			return fd.value()
		}
	}
	rules, _ := f.kind.RuleSet("")
	return rules
}

// focus moves the focus d fields on, round the end.
func (f rankedForm) focus(d int) rankedForm {
	n := len(f.fields)
	f.at = (f.at + d + n) % n
	return f
}

// step moves the focused field's value by d. The fewest players stop at
// the most, and the most at the fewest: one never moves the other, so
// what the player set stays set. Changing the game starts its form
// afresh.
func (f rankedForm) step(d int) rankedForm {
	f.fields = append([]field(nil), f.fields...)
	fd := &f.fields[f.at]
	n := len(fd.values)
	if fd.label == gameField {
		return newRankedForm(f.kinds, (fd.at+d+n)%n)
	}
	fewest := len(f.fields) - 2 // the sizes are the last two fields
	switch f.at {
	case fewest:
		fd.at = min(max(fd.at+d, 0), f.fields[fewest+1].at)
	case fewest + 1:
		fd.at = min(max(fd.at+d, f.fields[fewest].at), n-1)
	default:
		fd.at = (fd.at + d + n) % n
	}
	return f
}

// players returns the table sizes the form accepts.
func (f rankedForm) players() (fewest, most int) {
	fewest, _ = strconv.Atoi(f.fields[len(f.fields)-2].value())
	most, _ = strconv.Atoi(f.fields[len(f.fields)-1].value())
	return fewest, most
}

// seek is the player's place in the ranked queue, from Seek until a table
// forms or they leave.
type seek struct {
	id     int64
	title  string // the game's title
	rules  string
	fewest int
	most   int
	rating string // the player's rating in words; "" if unknown
	found  <-chan *rooms.Room
	leave  func() bool // once only: whether the player was still queued
	ctx    context.Context
	cancel context.CancelFunc
	queued int // players seeking as Seek returned
}

// lastSeek numbers seeks across the process, so that a tick of a queue
// the player left never counts for the next one.
var lastSeek atomic.Int64

// Messages of the ranked queue.
type (
	// seekingMsg is the player now in the queue.
	seekingMsg struct{ seek *seek }
	// seekTickMsg redraws the wait once a second with the number of
	// players seeking; id is the seek's.
	seekTickMsg struct {
		id      int64
		seeking int
	}
)

// startSeek puts the player in the ranked queue as the form says, and
// reads their rating for the wait screen.
func (m Model) startSeek(f rankedForm) tea.Cmd {
	ctx, svc, p, rt := m.ctx, m.svc, m.player, m.ratings
	game, title, rules := f.kind.Name, f.kind.Title, f.rules()
	fewest, most := f.players()
	return func() tea.Msg {
		found, leave, err := svc.Seek(ctx, p, game, rules, fewest, most)
		if err != nil {
			return failedMsg{"Ranked play: " + explain(err)}
		}
		sctx, cancel := context.WithCancel(ctx)
		return seekingMsg{&seek{
			id: lastSeek.Add(1), title: title, rules: rules, fewest: fewest, most: most,
			rating: ratingWords(ctx, rt, p, game, rules),
			found:  found, leave: sync.OnceValue(leave), ctx: sctx, cancel: cancel,
			queued: svc.Seeking(),
		}}
	}
}

// ratingWords says p's rating in game and rules: "1047 (8 games)", "1000
// (new player)", or "" if there is no store or it did not answer.
func ratingWords(ctx context.Context, rt Ratings, p rooms.Player, game, rules string) string {
	if rt == nil {
		return ""
	}
	r, games, err := rt.PlayerRating(ctx, p, game, rules)
	switch {
	case err != nil:
		return ""
	case games == 0:
		return fmt.Sprintf("%d (new player)", r)
	}
	return fmt.Sprintf("%d (%d %s)", r, games, plural(games, "game"))
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// waitForTable waits for the table to form and enters its room: the game
// has started and the player is seated. If the player leaves the queue,
// or the session ends, it takes them out of the queue; a table formed as
// they left is still entered, as they are seated at it.
func waitForTable(s *seek) tea.Cmd {
	enter := func(r *rooms.Room, ok bool) tea.Msg {
		if ok && r != nil {
			return EnterMsg{Room: r}
		}
		return failedMsg{"The ranked table could not be opened; please look for a game again."}
	}
	return func() tea.Msg {
		select {
		case r, ok := <-s.found:
			s.cancel()
			return enter(r, ok)
		case <-s.ctx.Done():
		}
		if s.leave() {
			return nil
		}
		r, ok := <-s.found // matched as they left: the room is on its way
		return enter(r, ok)
	}
}

// seekTick waits a second, then counts the players seeking. It runs only
// while the player is in the queue.
func (m Model) seekTick(id int64) tea.Cmd {
	svc := m.svc
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return seekTickMsg{id: id, seeking: svc.Seeking()} })
}

// updateSeek handles the queue's messages.
func (m Model) updateSeek(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case seekingMsg:
		m.busy = false
		if m.mode != choosingRanked {
			msg.seek.cancel() // the form was left meanwhile: leave the queue
			return m, waitForTable(msg.seek)
		}
		m.mode, m.seek = seeking, msg.seek
		m.seekSince = m.clock()
		m.now, m.seeking = m.seekSince, msg.seek.queued
		return m, tea.Batch(waitForTable(msg.seek), m.seekTick(msg.seek.id))
	case seekTickMsg:
		if m.mode != seeking || m.seek == nil || msg.id != m.seek.id {
			return m, nil // from a queue the player has left
		}
		m.now, m.seeking = m.clock(), msg.seeking
		return m, m.seekTick(msg.id)
	}
	return m, nil
}

// leaveQueue takes the player out of the queue at once.
func (m Model) leaveQueue() (Model, tea.Cmd) {
	s := m.seek
	m.mode, m.seek = listing, nil
	m.status, m.problem = "You left the ranked queue.", false
	if s == nil {
		return m, nil
	}
	return m, func() tea.Msg {
		s.leave()
		s.cancel()
		return nil
	}
}

func (m Model) rankedFormKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.busy {
		return m, nil
	}
	m.status, m.problem = "", false
	switch {
	case key.Matches(k, m.keys.Cancel):
		m.mode = listing
	case key.Matches(k, m.keys.Submit):
		m.busy = true
		return m, m.startSeek(m.ranked)
	default:
		m.ranked = moveIn(m.keys, k, m.ranked)
	}
	return m, nil
}

func (m Model) seekingKey(k tea.KeyPressMsg) (Model, tea.Cmd) {
	switch {
	case key.Matches(k, m.keys.Cancel):
		return m.leaveQueue()
	case key.Matches(k, m.keys.Quit):
		return m, tea.Quit // the session's end takes the player out of the queue
	}
	return m, nil
}

// rankedFormView draws the ranked form.
func (m Model) rankedFormView() []string {
	s, f := m.styles, m.ranked
	out := []string{s.Heading.Render("Ranked " + f.kind.Title), ""}
	for i, fd := range f.fields {
		cursor := "  "
		if i == f.at {
			cursor = "> "
		}
		line := cursor + fmt.Sprintf("%-15s ‹ %s ›", fd.label, fd.value())
		if i == f.at {
			line = s.Selected.Render(line)
		}
		out = append(out, line)
	}
	out = append(out, "")
	for _, l := range strings.Split(ansi.Wrap(title(f.fields[f.at].help)+".", m.width, ""), "\n") {
		out = append(out, s.Subtle.Render(l))
	}
	out = append(out, "")
	text := "A ranked game changes the rating of each player by their final place. " +
		"Tables are formed from players of similar rating who are looking at the same time: press enter to join the queue."
	if k := f.kind; len(k.Ranked) > 0 { // the same options at every ranked table of the game
		text += " Every ranked " + k.Title + " game is played with " + strings.Join(k.Ranked, " ") + ", the rest as the rules' defaults."
	}
	return append(out, strings.Split(ansi.Wrap(text, m.width, ""), "\n")...)
}

// seekingView draws the wait for a ranked table, and says what the queue
// waits for: the largest table the player accepts for a while, then any
// they accept, of players whose ratings are close enough by then.
func (m Model) seekingView() []string {
	s, q, mt := m.styles, m.seek, m.svc.Matching()
	wait := m.now.Sub(m.seekSince)
	players := fmt.Sprintf("%d to %d players", q.fewest, q.most)
	if q.fewest == q.most {
		players = fmt.Sprintf("%d players", q.fewest)
	}
	out := []string{s.Notice.Render("Looking for a ranked game…"), ""}
	row := func(label, value string) string { return fmt.Sprintf("  %-13s %s", label, value) }
	out = append(out, row("Game", strings.TrimSpace(q.title+" "+q.rules)+" · "+players))
	if q.rating != "" {
		out = append(out, row("Your rating", q.rating))
	}
	table := fmt.Sprintf("a table of %d players", q.most)
	switch {
	case q.fewest == q.most:
	case wait < mt.Patience:
		smaller := fmt.Sprintf("%d", q.fewest)
		if q.most-1 > q.fewest {
			smaller = fmt.Sprintf("%d to %d", q.fewest, q.most-1)
		}
		table += fmt.Sprintf(" until %s, then %s", waitWords(mt.Patience), smaller)
	default:
		table = "the largest table that can sit now, " + players
	}
	window := min(mt.Window+mt.Widen*wait.Seconds(), mt.MaxWindow)
	out = append(out,
		row("Waiting", waitWords(wait)),
		row("Looking now", fmt.Sprintf("%d %s, you included", max(1, m.seeking), plural(max(1, m.seeking), "player"))),
		row("Waiting for", table),
		row("Ratings", fmt.Sprintf("within ±%.0f of yours by now", window)),
		"")
	text := fmt.Sprintf("Players of similar rating are seated together: any two at a table are within the range of the one "+
		"who came later, ±%.0f at first and %.0f wider each second, up to ±%.0f. The game starts as soon as your table is complete.",
		mt.Window, mt.Widen, mt.MaxWindow)
	for _, l := range strings.Split(ansi.Wrap(text, m.width, ""), "\n") {
		out = append(out, s.Subtle.Render(l))
	}
	return out
}

// waitWords writes a wait as a clock does: "0:07", "12:30", "1:02:03".
func waitWords(d time.Duration) string {
	sec := int(max(0, d) / time.Second)
	if sec >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", sec/3600, sec%3600/60, sec%60)
	}
	return fmt.Sprintf("%d:%02d", sec/60, sec%60)
}
