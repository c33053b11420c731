package server_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// stubLobby shows what the Lobby hook was given.
type stubLobby struct {
	p      server.Player
	width  int
	height int
}

func (l stubLobby) Init() tea.Cmd { return nil }

func (l stubLobby) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		l.width, l.height = msg.Width, msg.Height
	case tea.KeyPressMsg:
		if msg.String() == "x" {
			return l, tea.Quit
		}
	}
	return l, nil
}

func (l stubLobby) View() tea.View {
	return tea.NewView(fmt.Sprintf("LOBBY name=%s new=%v size=%dx%d",
		l.p.Account.Name, l.p.New, l.width, l.height))
}

// The Lobby hook gets the signed-in player and the window size, both after
// signup and for a returning key.
func TestLobbyHook(t *testing.T) {
	var calls atomic.Int32
	ts := startServer(t, server.Options{
		Lobby: func(ctx context.Context, p server.Player) tea.Model {
			calls.Add(1)
			return stubLobby{p: p}
		},
	})
	key := sshtest.NewKey(t)

	term := sshtest.Open(t, ts.addr, key, 90, 30)
	term.WaitFor(t, "Pick the name")
	term.Type("dora\r")
	term.WaitFor(t, "LOBBY name=dora new=true size=90x30")
	term.Type("x")
	term.Wait(t)

	again := sshtest.Open(t, ts.addr, key, 70, 20)
	again.WaitFor(t, "LOBBY name=dora new=false size=70x20")
	again.Type("x")
	again.Wait(t)
	if n := calls.Load(); n != 2 {
		t.Errorf("Lobby called %d times, want 2", n)
	}
}
