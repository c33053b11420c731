package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	tea "charm.land/bubbletea/v2"

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
	closing  <-chan struct{} // closed when the server starts shutting down
	// takeover makes this session the account's only interactive one; see
	// Server.takeover.
	takeover func(store.AccountID) <-chan struct{}
	command  []string // what the player asked for: `ssh -t host join ROOM`
	log      *slog.Logger
}

// app is the root model of an interactive session: signup for a new key, then
// the Lobby. It owns the server-wide concerns (shutdown notice) and passes
// every other message to the screen in front.
type app struct {
	s       *session
	signup  signup.Model
	lobby   tea.Model // nil until signed in
	account store.AccountID
	width   int
	height  int
	bye     string // set when the session is closing; the last frame shows it
}

// Messages owned by app.
type (
	closingMsg  struct{}
	replacedMsg struct{}
	signedInMsg struct {
		account store.Account
		err     error
	}
)

func newApp(s *session, id identity) app {
	a := app{s: s, signup: signup.New(s.claim, theme.DefaultStyles())}
	if id.Known {
		a.lobby = s.lobby(s.ctx, Player{Account: id.Account, Key: id.Key, Command: s.command})
		a.account = id.Account.ID
	}
	return a
}

func (a app) Init() tea.Cmd {
	first := a.signup.Init()
	if a.lobby != nil {
		first = tea.Batch(a.lobby.Init(), a.s.claimAccount(a.account))
	}
	return tea.Batch(first, waitClosing(a.s.ctx, a.s.closing))
}

// claimAccount makes this session the account's interactive session, and
// returns a command that reports when a newer session of the same account
// takes over (the same key connecting again).
func (s *session) claimAccount(id store.AccountID) tea.Cmd {
	replaced := s.takeover(id)
	return func() tea.Msg {
		select {
		case <-replaced:
			return replacedMsg{}
		case <-s.ctx.Done():
			return nil
		}
	}
}

// waitClosing delivers closingMsg when the server starts shutting down. It
// also returns when the player disconnects, so no goroutine outlives its
// connection.
func waitClosing(ctx context.Context, closing <-chan struct{}) tea.Cmd {
	return func() tea.Msg {
		select {
		case <-closing:
			return closingMsg{}
		case <-ctx.Done():
			return nil
		}
	}
}

func (a app) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case closingMsg:
		a.bye = "Hotels is restarting. Please reconnect in a minute."
		return a, tea.Quit
	case replacedMsg:
		a.bye = "You connected again from somewhere else, so this session is closed."
		return a, tea.Quit
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
			a.s.log.Error("load new account", "fingerprint", a.s.key.Fingerprint, "err", msg.err)
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
	a.signup, cmd = a.signup.Update(msg)
	return a, cmd
}

func (a app) enterLobby(p Player) (tea.Model, tea.Cmd) {
	a.lobby = a.s.lobby(a.s.ctx, p)
	a.account = p.Account.ID
	cmds := []tea.Cmd{a.lobby.Init(), a.s.claimAccount(a.account)}
	if a.width > 0 {
		var cmd tea.Cmd
		a.lobby, cmd = a.lobby.Update(tea.WindowSizeMsg{Width: a.width, Height: a.height})
		cmds = append(cmds, cmd)
	}
	return a, tea.Batch(cmds...)
}

func (a app) View() tea.View {
	switch {
	case a.bye != "":
		return tea.NewView(a.bye + "\n")
	case a.lobby != nil:
		return a.lobby.View()
	}
	v := tea.NewView(a.signup.View())
	v.AltScreen = true
	return v
}

// claim is the signup screen's Claim: it creates the account for this key.
func (s *session) claim(name string) error {
	_, err := s.accounts.CreateAccount(s.ctx, name, s.key.Authorized)
	if errors.Is(err, store.ErrConflict) {
		// Either someone has the name, or this key signed up meanwhile
		// from another session; in that case carry on as that account.
		if _, kerr := s.accounts.AccountByKey(s.ctx, s.key.Authorized); kerr == nil {
			return nil
		}
		return fmt.Errorf("%w: %w", signup.ErrTaken, err)
	}
	if err != nil {
		s.log.Error("create account", "name", name, "fingerprint", s.key.Fingerprint, "err", err)
	}
	return err
}

// signIn loads the account the key now belongs to.
func (s *session) signIn() tea.Msg {
	acct, err := s.accounts.AccountByKey(s.ctx, s.key.Authorized)
	return signedInMsg{account: acct, err: err}
}
