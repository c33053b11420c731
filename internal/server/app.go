package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"charm.land/ssh"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/store"
	"hotels/internal/tui/signup"
	"hotels/internal/tui/theme"
)

// accounts is what the interactive session needs from the store.
type accounts interface {
	AccountByKey(ctx context.Context, authorizedKey string) (store.Account, error)
	CreateAccount(ctx context.Context, name, authorizedKey string) (store.Account, error)
}

// session holds what one interactive session's app needs and never changes.
type session struct {
	ctx      context.Context // ends when the player disconnects
	key      store.Key
	accounts accounts
	lobby    Lobby
	// box hands the app what the server tells it: that it is shutting
	// down (closingMsg), an admin's broadcast (noticeMsg), why an admin
	// ended the session (endedMsg), that a newer session of the account
	// took over (replacedMsg), the idle clock (idleMsg), and the
	// window's sizes.
	box *inbox
	// srv is the server the session is on, sess its SSH session and l
	// its registry entry: what takeover, signedUp, playing and log need.
	// The session keeps these, which it has anyway, rather than a closure
	// or a logger of its own for each: every object a session keeps is one
	// more for each collection to mark (docs/capacity.md). srv is nil in
	// tests of the app alone.
	srv     *Server
	sess    ssh.Session
	l       *live
	command []string // what the player asked for: `ssh -t host join ROOM`
	// idle is how long the session may go without input before it is
	// closed (0: never), unless playing reports that the player sits in a
	// game that has started.
	idle time.Duration
	// idleTimer posts idleMsg when the session may have been idle for
	// idle; nil when idle is 0. Only Update resets it.
	idleTimer *time.Timer
}

// takeover makes this session the account's only interactive one; see
// Server.takeover.
func (s *session) takeover(id store.AccountID) { s.srv.takeover(s.sess.Context(), id, s.l, s.box) }

// signedUp tells the server the account the key has just signed up as
// (Server.signedUp).
func (s *session) signedUp(a store.Account) {
	if s.srv != nil {
		s.srv.signedUp(s.l, a)
	}
}

// playing reports whether the player sits in a game that has started
// (Server.playing).
func (s *session) playing(id store.AccountID) bool { return s.srv.playing(id) }

// log is the logger for lines about the session (Server.logFor).
func (s *session) log() *slog.Logger { return s.srv.logFor(s.sess) }

// app is the root model of an interactive session: signup for a new key, then
// the Lobby. It owns the server-wide concerns (shutdown notice, admins'
// broadcasts, being ended by an admin) and passes every other message to
// the screen in front.
//
// It is a pointer: Bubble Tea keeps the model in an interface, and a value
// would be copied to the heap on every message.
type app struct {
	s        *session
	signup   *signup.Model // only for a new key, until it has a name
	lobby    tea.Model     // nil until signed in
	account  store.AccountID
	width    int
	height   int
	bye      string     // set when the session is closing; the last frame shows it
	notice   string     // an admin's broadcast, shown on the bottom line for a while
	noticeID int        // which broadcast the running noticeDoneMsg tick is for
	input    time.Time  // the last key, mouse or paste from the player
	done     sharedDone // for onShared: Update and View run on shared goroutines
	shared   sharedCalls
}

// sharedCalls are the app's Update and View as onShared runs them, one
// closure made once with the session (one, not one each: the session keeps
// it), and what each is given and returns: a closure made at every message
// and frame, and the results it set, were three allocations a message and
// two a frame. Bubble Tea calls Update and View from the session's event
// loop, one at a time.
type sharedCalls struct {
	run     func() // View if drawing, else Update
	drawing bool
	msg     tea.Msg
	model   tea.Model
	cmd     tea.Cmd
	v       tea.View
}

// Messages owned by app.
type (
	closingMsg  struct{}
	replacedMsg struct{}
	noticeMsg   struct{ text string }
	// noticeDoneMsg ends the display of broadcast id, unless a newer one
	// came meanwhile.
	noticeDoneMsg struct{ id int }
	endedMsg      struct{ why string }
	idleMsg       struct{}
	signedInMsg   struct {
		account store.Account
		err     error
	}
)

func newApp(s *session, id identity) *app {
	a := &app{s: s, input: time.Now(), done: newSharedDone()}
	sh := &a.shared
	sh.run = func() {
		if sh.drawing {
			sh.v = a.view()
		} else {
			sh.model, sh.cmd = a.update(sh.msg)
		}
	}
	if s.idle > 0 {
		box := s.box
		s.idleTimer = time.AfterFunc(s.idle, func() { box.post(idleMsg{}) })
	}
	if id.Known {
		a.lobby = s.lobby(s.ctx, Player{Account: id.Account, Key: id.Key, Command: s.command})
		a.account = id.Account.ID
	} else {
		sm := signup.New(s.claim, theme.DefaultStyles())
		a.signup = &sm
	}
	return a
}

func (a *app) Init() tea.Cmd {
	if a.lobby != nil {
		a.s.takeover(a.account)
		return a.lobby.Init()
	}
	return a.signup.Init()
}

// stop stops the idle clock of a session that has ended.
func (a *app) stop() {
	if a.s.idleTimer != nil {
		a.s.idleTimer.Stop()
	}
}

// noticeFor is how long an admin's broadcast stays on screen.
const noticeFor = 30 * time.Second

// Update updates the screen on a shared goroutine (shallow.go).
func (a *app) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	sh := &a.shared
	sh.msg, sh.drawing = msg, false
	onShared(&a.done, sh.run)
	m, cmd := sh.model, sh.cmd
	sh.msg, sh.model, sh.cmd = nil, nil, nil // kept by the program, not here
	return m, cmd
}

func (a *app) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case tea.KeyMsg, tea.MouseMsg, tea.PasteMsg:
		a.input = time.Now()
	}
	switch msg := msg.(type) {
	case idleMsg:
		return a.idle()
	case closingMsg:
		a.bye = "Hotels is restarting. Please reconnect in a minute."
		return a, tea.Quit
	case replacedMsg:
		a.bye = "You connected again from somewhere else, so this session is closed."
		return a, tea.Quit
	case endedMsg:
		a.bye = msg.why
		return a, tea.Quit
	case noticeMsg:
		a.notice = msg.text
		a.noticeID++
		id := a.noticeID
		return a, tea.Tick(noticeFor, func(time.Time) tea.Msg { return noticeDoneMsg{id: id} })
	case noticeDoneMsg:
		if msg.id == a.noticeID {
			a.notice = ""
		}
		return a, nil
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
		if a.lobby == nil {
			a.signup.SetSize(msg.Width, msg.Height)
			return a, nil
		}
	case signup.DoneMsg:
		return a, a.s.signIn
	case signedInMsg:
		if msg.err != nil {
			logStoreError(a.s.log(), "load new account", msg.err)
			a.bye = "Your name is saved, but we could not open the lobby. Please reconnect."
			return a, tea.Quit
		}
		return a.enterLobby(Player{Account: msg.account, Key: a.s.key, New: true, Command: a.s.command})
	}
	if a.lobby != nil {
		var cmd tea.Cmd
		a.lobby, cmd = a.lobby.Update(msg)
		return a, cmd
	}
	var cmd tea.Cmd
	*a.signup, cmd = a.signup.Update(msg)
	return a, cmd
}

// idle closes the session if it has had no input for s.idle and the player
// does not sit in a game that has started, telling them why; otherwise it
// waits again, until s.idle after the last input.
func (a *app) idle() (tea.Model, tea.Cmd) {
	wait := a.s.idle - time.Since(a.input)
	if wait <= 0 && a.account != 0 && a.s.playing(a.account) {
		wait = a.s.idle
	}
	if wait > 0 {
		a.s.idleTimer.Reset(wait)
		return a, nil
	}
	a.bye = fmt.Sprintf("No key was pressed for %s, so this session is closed. Connect again to play.", shortDuration(a.s.idle))
	return a, tea.Quit
}

// shortDuration is d as people write it: 1h, 30m, 1m30s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

func (a *app) enterLobby(p Player) (tea.Model, tea.Cmd) {
	a.lobby = a.s.lobby(a.s.ctx, p)
	a.account = p.Account.ID
	a.signup = nil
	cmds := []tea.Cmd{a.lobby.Init()}
	a.s.takeover(a.account)
	if a.width > 0 {
		var cmd tea.Cmd
		a.lobby, cmd = a.lobby.Update(tea.WindowSizeMsg{Width: a.width, Height: a.height})
		cmds = append(cmds, cmd)
	}
	return a, tea.Batch(cmds...)
}

// View draws the screen on a shared goroutine (shallow.go).
func (a *app) View() tea.View {
	sh := &a.shared
	sh.drawing = true
	onShared(&a.done, sh.run)
	v := sh.v
	sh.v = tea.View{}
	return v
}

func (a *app) view() tea.View {
	var v tea.View
	switch {
	case a.bye != "":
		return tea.NewView(a.bye + "\n")
	case a.lobby != nil:
		v = a.lobby.View()
	default:
		v = tea.NewView(a.signup.View())
		v.AltScreen = true
	}
	if a.notice != "" && a.width > 0 && a.height > 0 {
		v.Content, v.Lines = "", overlayLastLines(v, noticeLines(a.notice, a.width), a.height)
	}
	return v
}

// noticeLines is a broadcast as the bottom of the screen shows it: wrapped
// to the width w, so that the longest one (maxBroadcast) is read whole on
// three lines at 80 columns.
func noticeLines(text string, w int) []string {
	lines := strings.Split(ansi.Wrap("Notice from the admins: "+text, max(w-2, 1), ""), "\n")
	for i, l := range lines {
		l = ansi.Truncate(" "+l+" ", w, "…")
		lines[i] = noticeStyle.Render(l + strings.Repeat(" ", max(0, w-ansi.StringWidth(l))))
	}
	return lines
}

var noticeStyle = lipgloss.NewStyle().Reverse(true).Bold(true)

// overlayLastLines returns the rows of v's screen, height rows high, with
// lines on the last ones, padding the screen with empty rows if it is
// shorter, so the screen above them keeps its layout. v's Lines are left as
// they are: the screen that drew them may keep them.
func overlayLastLines(v tea.View, lines []string, height int) []string {
	shown := v.Lines
	if shown == nil {
		shown = strings.Split(v.Content, "\n")
	}
	rows := make([]string, height)
	copy(rows, shown)
	lines = lines[max(0, len(lines)-height):]
	copy(rows[height-len(lines):], lines)
	return rows
}

// claim is the signup screen's Claim: it creates the account for this key.
func (s *session) claim(name string) error {
	acct, err := s.accounts.CreateAccount(s.ctx, name, s.key.Authorized)
	if err == nil {
		s.log().Info("account created", "account", acct.ID, "name", name)
	}
	if errors.Is(err, store.ErrConflict) {
		// Either someone has the name, or this key signed up meanwhile
		// from another session; in that case carry on as that account.
		if _, kerr := s.accounts.AccountByKey(s.ctx, s.key.Authorized); kerr == nil {
			return nil
		}
		return fmt.Errorf("%w: %w", signup.ErrTaken, err)
	}
	if err != nil {
		logStoreError(s.log(), "create account", err, "name", name)
	}
	return err
}

// signIn loads the account the key now belongs to, and tells the server
// whose the session now is before the lobby opens.
func (s *session) signIn() tea.Msg {
	acct, err := s.accounts.AccountByKey(s.ctx, s.key.Authorized)
	if err == nil {
		s.signedUp(acct)
	}
	return signedInMsg{account: acct, err: err}
}
